"""Chapter 09, Casino with builds for a Kaszinó player (docs/casino.md): its positions and exercises.

Every answer comes from the Casino engine: what a card may take or build from ``legal_moves`` and
``problem`` (whose refusal is the reason shown), what a build becomes from the next state, a
deal's points from ``deal_report``, the end of the game from ``game_winner``. The closing check
is made afresh for every attempt from deals the computer plays (:func:`check_questions`). The
texts are in ``locales/casino_lesson.json``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from itertools import count

from kaszino.engine.cards import Card, format_cards
from kaszino.errors import KaszinoError
from kaszino.games.casino.builds import Build
from kaszino.games.casino.deck import BIG_CASINO, DECK_SIZE, LITTLE_CASINO
from kaszino.games.casino.moves import BuildMove, Capture, Play, Trail
from kaszino.games.casino.rules import HAND_SIZE, PRESETS, TABLE_START
from kaszino.games.casino.scoring import DEAL_POINTS, DealReport, game_winner
from kaszino.games.casino.state import CasinoState, new_game
from kaszino.i18n import player_number
from kaszino.teach.casino_moves import explain_move, move_message, raises
from kaszino.teach.casino_scenes import RULES, casino_scene, first_position, played_deal, plays
from kaszino.teach.drills import ChapterContent, Section, labelled_choice, number_choice, words, yes_no
from kaszino.teach.exercises import CasinoTask, Choice, NumberQuestion
from kaszino.teach.explain import Field, Joined, Message
from kaszino.teach.families import comparison_questions
from kaszino.teach.narrate import message_fields
from kaszino.teach.questions import Question, Renders

DOMAIN = "casino_lesson"
NUMBER = "09"


def _p(name: str, **fields: Field) -> Message:
    return words(f"{DOMAIN}.{name}", **fields)


# --- positions (each described in its section's lesson text) ---------------------------------------


def face_table() -> CasinoState:
    """K♣ finds two kings on the table: it takes one of them, never both; 7♦ takes 3♣ + 4♦."""
    return casino_scene(("K♣ 7♦ 4♠", "8♥ J♥ Q♦"), "K♦ K♥ 3♣ 4♦")


def groups_table() -> CasinoState:
    """The rules' example: 8♠ on A♦ 2♣ 3♥ 5♦ 6♠ 8♥ takes 8♥, 6♠ + 2♣ and 5♦ + 3♥ at once."""
    return casino_scene(("8♠ 9♥ Q♣", "4♥ J♥ Q♦"), "A♦ 2♣ 3♥ 5♦ 6♠ 8♥")


def build_table(hand: str = "3♠ 8♦ 6♣") -> CasinoState:
    """3♠ played on 5♥ makes a build of 8, kept for the 8♦ in hand."""
    return casino_scene((hand, "4♥ J♥ Q♦"), "5♥ 2♦ K♠")


def raise_table(build: str = "[5♥+3♣]=8@1") -> CasinoState:
    """The opponent's build 5♥ + 3♣ (8): 2♦ raises it to 10, kept for the 10♣."""
    return casino_scene(("2♦ 10♣ 4♠", "8♥ J♥ Q♦"), "6♠", build)


def add_table() -> CasinoState:
    """The opponent's build 5♥ + 2♣ (7): 4♠ with the loose 3♥ adds a group of 7, kept for the 7♦."""
    return casino_scene(("4♠ 7♦ Q♣", "7♠ J♥ Q♦"), "3♥ 9♠", "[5♥+2♣]=7@1")


def take_table() -> CasinoState:
    """8♦ takes the build 5♥ + 3♣, the loose 8♥ and 6♠ + 2♣ in one capture (the ace stays)."""
    return casino_scene(("8♦ 6♣ K♥", "8♠ J♥ Q♦"), "8♥ 6♠ 2♣ A♦", "[5♥+3♣]=8@1")


def owner_table() -> CasinoState:
    """The learner owns the build 5♥ + 3♣ (8) and holds 8♦ 5♣ J♠: he may not trail, and his
    8♦ may not take the loose 8♠ and leave the build."""
    return casino_scene(("8♦ 5♣ J♠", "4♥ J♥ Q♦"), "8♠ 2♥ K♦", "[5♥+3♣]=8@0")


def play_table() -> CasinoState:
    """A table to play against the computer, who holds only face cards none of the table's match:
    3♠ on 5♥ builds 8; then 8♦ takes the build with 6♠ + 2♣."""
    return casino_scene(("3♠ 8♦ 9♣ 2♦", "J♥ Q♦ K♣ J♣"), "5♥ 6♠ 2♣ 7♥")


COUNTED_SEED = 3
"""The deal the learner counts."""


def counted_deal() -> CasinoState:
    """A whole deal the computer played, just over: the piles to count."""
    return played_deal(COUNTED_SEED)


# --- words and questions the sections share ---------------------------------------------------


def position_words(state: CasinoState) -> Message:
    """ "your hand: …, the table: …, builds: …" of the player to move, each build with its owner
    (the chapter's games are for two: a build is the learner's or the opponent's). Whether the
    learner may trail, and so how many moves he has, turns on whose the builds are."""
    builds = Joined(
        tuple(
            Message.in_domain(
                DOMAIN,
                "build_yours" if build.owner == state.to_move else "build_theirs",
                **message_fields({"value": build.value, "cards": format_cards(build.cards)}),
            )
            for build in state.builds
        )
    )
    return _p(
        "position" if state.builds else "position_loose",
        hand=format_cards(state.hands[state.to_move]),
        table=format_cards(state.table) or "–",
        builds=builds,
    )


def task(name: str, state: CasinoState, test: Callable[[Play], bool]) -> CasinoTask:
    """Make a move passing ``test`` on a live table of ``state``; the engine lists every such move."""
    right = tuple(move for move in plays(state) if test(move))
    return CasinoTask(f"{DOMAIN}.{name}", state, right)


def moves_choice(prompt: Message, state: CasinoState, options: Sequence[Play]) -> Choice:
    """Which of ``options`` may be played? Exactly one is legal; each is said in words and explained."""
    legal = [index for index, move in enumerate(options) if state.problem(move) is None]
    if len(legal) != 1:
        raise KaszinoError(f"{prompt.key}: {len(legal)} of the options are legal, not one")
    return labelled_choice(
        prompt,
        [(str(index), move_message(move), explain_move(state, move)) for index, move in enumerate(options)],
        str(legal[0]),
    )


def allowed(prompt: Message, state: CasinoState, move: Play) -> Choice:
    """May ``move`` be played here? The engine's refusal, or the rule allowing it, says why."""
    return yes_no(prompt, state.problem(move) is None, explain_move(state, move))


def most_taken(state: CasinoState, card: Card | None = None) -> int:
    """The most table cards one capture (by ``card``, else by any hand card) takes here."""
    return max(
        len(move.taken)
        for move in plays(state)
        if isinstance(move, Capture) and (card is None or move.card == card)
    )


def taken_question(prompt: Message, state: CasinoState, card: Card | None = None) -> NumberQuestion:
    """How many table cards one capture takes at most; a miss names the capture."""
    most = most_taken(state, card)
    best = next(
        move
        for move in plays(state)
        if isinstance(move, Capture) and len(move.taken) == most and (card is None or move.card == card)
    )
    return NumberQuestion(
        prompt.key, most, prompt.fields, _p("most_taken_why", count=most, move=move_message(best))
    )


def the_build(state: CasinoState) -> Build:
    return state.builds[0]


def side_choice(prompt: Message, winner: int | None, why: Renders, nobody: str = "drills.nobody") -> Choice:
    """Player 1, player 2 or nobody (``nobody``: the words of that option)."""
    options: list[tuple[str, Renders, Renders]] = [
        (str(player_number(p)), words("drills.player", n=player_number(p)), why) for p in range(RULES.sides)
    ]
    options.append(("nobody", words(nobody), why))
    return labelled_choice(prompt, options, "nobody" if winner is None else str(player_number(winner)))


def report_words(report: DealReport) -> Message:
    """The counts of a finished deal, for a prompt and a reason."""

    def holder(side: int | None) -> Field:
        return words("drills.nobody") if side is None else words("drills.player", n=player_number(side))

    return _p(
        "facts",
        cards=" – ".join(map(str, report.cards)),
        spades=" – ".join(map(str, report.spades)),
        aces=" – ".join(map(str, report.aces)),
        big=holder(report.big_casino),
        little=holder(report.little_casino),
    )


def points_question(report: DealReport, side: int) -> NumberQuestion:
    """``side``'s points of the deal; a miss gives the engine's count."""
    prompt = _p("q_deal_points", player=player_number(side), facts=report_words(report))
    return NumberQuestion(
        prompt.key,
        report.points[side],
        prompt.fields,
        _p(
            "q_deal_points_why",
            player=player_number(side),
            total=report.points[side],
            points=" – ".join(map(str, report.points)),
        ),
    )


def game_question(before: tuple[int, int], deal: tuple[int, int]) -> Choice:
    """The totals before a deal and its points: who has won, or is another deal played?"""
    totals = (before[0] + deal[0], before[1] + deal[1])
    winner = game_winner(totals, RULES.target)
    why = _p("q_game_why", first=totals[0], second=totals[1], target=RULES.target)
    prompt = _p("q_game", before=" – ".join(map(str, before)), deal=" – ".join(map(str, deal)))
    return side_choice(prompt, winner, why, f"{DOMAIN}.another_deal")


# --- the chapter ---------------------------------------------------------------------------------


def intro_questions() -> tuple[Question, ...]:
    """After the chapter's introduction: Kaszinó's deck and its casinos, from Casino's own deck."""
    shown = ("10♦", "2♠", "10♠")
    big, little = str(BIG_CASINO), str(LITTLE_CASINO)
    why = _p("q_casinos_why", big=big, little=little)
    return (
        number_choice(_p("q_deck"), DECK_SIZE, (40, 52), _p("q_deck_why", cards=DECK_SIZE)),
        Choice(f"{DOMAIN}.q_big_casino", shown, big, literal=True,
               reasons=tuple((card, why) for card in shown)),
    )


@cache
def chapter() -> ChapterContent:
    """The chapter: its sections with their exercises (the closing check: :func:`check_questions`)."""
    return ChapterContent(NUMBER, DOMAIN, _sections())


def _sections() -> tuple[Section, ...]:
    return (
        Section(f"{DOMAIN}.deal", _deal_questions()),
        Section(f"{DOMAIN}.faces", _face_questions()),
        Section(f"{DOMAIN}.groups", _group_questions()),
        Section(f"{DOMAIN}.build", _build_questions()),
        Section(f"{DOMAIN}.raise", _raise_questions()),
        Section(f"{DOMAIN}.add", _add_questions()),
        Section(f"{DOMAIN}.take", _take_questions()),
        Section(f"{DOMAIN}.owner", _owner_questions()),
        Section(f"{DOMAIN}.points", _points_questions()),
        Section(f"{DOMAIN}.game", _game_questions()),
        Section(f"{DOMAIN}.compare", comparison_questions()),
    )


def _deal_questions() -> tuple[Question, ...]:
    """How a deal goes, from the engine's rules for two and for four players and from a new game."""
    teams, game = PRESETS["teams"], new_game(CHECK_SEED, RULES)
    per_hand = HAND_SIZE * RULES.players
    dealt = DECK_SIZE - TABLE_START
    first = "after" if game.to_move == (game.dealer + 1) % RULES.players else "dealer"
    why_first = _p("q_first_why")
    return (
        number_choice(_p("q_deal_hands"), RULES.rounds, (4, 6, 8),
                      _p("q_deal_hands_why", table=TABLE_START, dealt=dealt, per_hand=per_hand,
                         hands=RULES.rounds)),
        number_choice(_p("q_team_hands"), teams.rounds, (3, 4, 6),
                      _p("q_team_hands_why", dealt=dealt, per_hand=HAND_SIZE * teams.players,
                         hands=teams.rounds)),
        labelled_choice(_p("q_first"), (("dealer", _p("q_first.dealer"), why_first),
                                         ("after", _p("q_first.after"), why_first)), first),
    )


def _face_questions() -> tuple[Question, ...]:
    state = face_table()
    king = Card.parse("K♣")
    both = Capture(king, ((Card.parse("K♦"),), (Card.parse("K♥"),)))
    return (
        task("t_king", state, lambda move: isinstance(move, Capture) and move.card == king),
        allowed(_p("q_both_kings", position=position_words(state)), state, both),
        taken_question(_p("q_king_most", position=position_words(state)), state, king),
    )


def _group_questions() -> tuple[Question, ...]:
    state = groups_table()
    eight = Card.parse("8♠")
    most = most_taken(state, eight)
    return (
        task("t_groups", state, lambda move: isinstance(move, Capture) and len(move.taken) == most),
        taken_question(_p("q_groups_most", position=position_words(state)), state, eight),
        allowed(_p("q_all_six"), state, Capture(eight, (state.table,))),
    )


def _build_questions() -> tuple[Question, ...]:
    state, without = build_table(), build_table("3♠ 9♦ 6♣")
    three, five = Card.parse("3♠"), Card.parse("5♥")
    build = BuildMove(three, 8, ((five,),))
    return (
        task("t_build", state, lambda move: isinstance(move, BuildMove) and move.card == three),
        allowed(_p("q_build_without", position=position_words(without)), without, build),
        NumberQuestion(
            f"{DOMAIN}.q_build_value",
            state.play(build).builds[0].value,
            _p("q_build_value", position=position_words(state)).fields,
            _p("q_build_value_why"),
        ),
    )


def _raise_questions() -> tuple[Question, ...]:
    state = raise_table()
    two = Card.parse("2♦")
    raise_move = next(move for move in plays(state) if isinstance(move, BuildMove) and raises(move))
    multiple = raise_table("[5♥+3♣,8♣]=8@1")
    return (
        task("t_raise", state, lambda move: isinstance(move, BuildMove) and raises(move)),
        NumberQuestion(
            f"{DOMAIN}.q_raised_value",
            state.play(raise_move).builds[0].value,
            _p("q_raised_value", position=position_words(state)).fields,
            explain_move(state, raise_move),
        ),
        allowed(
            _p("q_raise_multiple", position=position_words(multiple)),
            multiple,
            BuildMove(two, 10, (), the_build(multiple).key),
        ),
    )


def _add_questions() -> tuple[Question, ...]:
    state = add_table()
    build = the_build(state)
    add = next(move for move in plays(state) if isinstance(move, BuildMove) and move.build is not None)
    after = state.play(add)
    return (
        task("t_add", state, lambda move: isinstance(move, BuildMove) and move.build is not None),
        NumberQuestion(
            f"{DOMAIN}.q_added_value",
            after.builds[0].value,
            _p("q_added_value", position=position_words(state)).fields,
            explain_move(state, add),
        ),
        side_choice(
            _p("q_added_owner", old=player_number(build.owner)),
            after.builds[0].owner,
            explain_move(state, add),
        ),
    )


def _take_questions() -> tuple[Question, ...]:
    state = take_table()
    eight = Card.parse("8♦")
    most = most_taken(state, eight)
    seven = casino_scene(("9♠ 7♦ K♥", "7♠ J♥ Q♦"), "2♦ 6♣", "[4♥+3♣]=7@1")
    nine = Capture(Card.parse("9♠"), ((Card.parse("2♦"),),), (the_build(seven).key,))
    return (
        task("t_take", state, lambda move: isinstance(move, Capture) and len(move.taken) == most),
        taken_question(_p("q_take_most", position=position_words(state)), state, eight),
        allowed(_p("q_nine", position=position_words(seven)), seven, nine),
    )


def _owner_questions() -> tuple[Question, ...]:
    state = owner_table()
    eight, five = Card.parse("8♦"), Card.parse("5♣")
    return (
        task(
            "t_owner", state, lambda move: isinstance(move, Capture) and len(move.taken) == most_taken(state)
        ),
        allowed(_p("q_owner_trail", position=position_words(state)), state, Trail(five)),
        allowed(
            _p("q_owner_spend", position=position_words(state)), state, Capture(eight, ((Card.parse("8♠"),),))
        ),
        _moves_count(_p("q_owner_moves", position=position_words(state)), state),
    )


def _points_questions() -> tuple[Question, ...]:
    report = counted_deal().deal_report()
    return (
        number_choice(_p("q_eleven"), DEAL_POINTS, (8, 11, 21), _p("q_eleven_why")),
        side_choice(
            _p("q_most_cards", counts=" – ".join(map(str, report.cards))),
            report.most_cards,
            report_words(report),
        ),
        *(points_question(report, side) for side in range(RULES.sides)),
    )


def _game_questions() -> tuple[Question, ...]:
    return (
        game_question((17, 15), (3, 8)),
        game_question((18, 18), (4, 4)),
        game_question((12, 14), (6, 5)),
    )


# --- the closing check, fresh for every attempt --------------------------------------------------

CHECK_SEED = 2_000
"""The first seed the checks' deals are played from; attempt ``n`` starts at ``CHECK_SEED + 100 n``."""


def _can_build(state: CasinoState) -> bool:
    moves = plays(state)
    return (
        not state.deal_over
        and any(isinstance(m, BuildMove) and m.build is None for m in moves)
        and any(isinstance(m, Capture) for m in moves)
    )


def _several_groups(state: CasinoState) -> bool:
    return not state.deal_over and any(
        isinstance(m, Capture) and len(m.groups) + len(m.builds) >= 2 for m in plays(state)
    )


def _owns(state: CasinoState) -> bool:
    return not state.deal_over and bool(state.owned(state.to_move))


def _build_to_take(state: CasinoState) -> bool:
    return (
        not state.deal_over
        and not state.owned(state.to_move)
        and any(isinstance(m, Capture) and m.builds for m in plays(state))
    )


@cache
def _check_report(attempt: int) -> DealReport:
    """The finished deal whose piles attempt ``attempt`` asks to count: the first from its seeds
    whose counts of cards neither the practice question nor an earlier attempt showed."""
    shown = {counted_deal().deal_report().cards} | {_check_report(a).cards for a in range(attempt)}
    reports = (played_deal(seed).deal_report() for seed in count(CHECK_SEED + 100 * attempt + 40))
    return next(report for report in reports if report.cards not in shown)


def check_questions(attempt: int) -> tuple[Question, ...]:
    """The eight questions of attempt ``attempt`` (0, 1 …), on positions of deals played afresh."""
    start = CHECK_SEED + 100 * attempt
    builder = first_position(start, _can_build)
    groups = first_position(start + 10, _several_groups)
    owner = first_position(start + 20, _owns)
    taker = first_position(start + 30, _build_to_take)
    report = _check_report(attempt)
    chance = random.Random(start)
    before = (chance.randint(10, 20), chance.randint(10, 20))
    side = attempt % 2
    return (
        CasinoTask(
            f"{DOMAIN}.c_build",
            builder,
            tuple(m for m in plays(builder) if isinstance(m, BuildMove) and m.build is None),
            _p("c_build", position=position_words(builder)).fields,
        ),
        taken_question(_p("c_groups", position=position_words(groups)), groups),
        yes_no(
            _p("c_trail", position=position_words(owner)),
            any(isinstance(m, Trail) for m in plays(owner)),
            _p("c_trail_why"),
        ),
        CasinoTask(
            f"{DOMAIN}.c_take",
            taker,
            tuple(m for m in plays(taker) if isinstance(m, Capture) and m.builds),
            _p("c_take", position=position_words(taker)).fields,
        ),
        side_choice(
            _p("q_most_cards", counts=" – ".join(map(str, report.cards))),
            report.most_cards,
            report_words(report),
        ),
        points_question(report, side),
        game_question(before, (report.points[0], report.points[1])),
        _moves_count(_p("c_moves", position=position_words(owner)), owner),
    )


def _moves_count(prompt: Message, state: CasinoState) -> NumberQuestion:
    """How many moves the player to move has; a miss lists them in words."""
    legal = plays(state)
    return NumberQuestion(
        prompt.key,
        len(legal),
        prompt.fields,
        _p("moves_are", count=len(legal), moves=Joined(tuple(map(move_message, legal)))),
    )
