"""Chapter 08, Scopa for a Kaszinó player (docs/scopa.md): its positions and exercises.

Every answer comes from the engines: what a card may take from Scopa's ``legal_moves`` and
``problem`` (whose refusal is the reason shown), a sweep's points from the events of ``step``, a
deal's points and primiera from ``deal_report``; the Kaszinó side of the comparison from
Kaszinó's ``captures`` and ``capture_problem``. The closing check is made afresh for every
attempt from deals the computer plays (:func:`check_questions`), so it never repeats the
exercises. The texts are in ``locales/scopa_lesson.json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from kaszino.engine.cards import Card, Suit, format_cards
from kaszino.engine.events import Swept
from kaszino.errors import KaszinoError
from kaszino.games.casino.deck import DECK as CASINO_DECK
from kaszino.games.casino.rules import CasinoRules
from kaszino.games.kaszino.captures import Capture, capture_problem, captures
from kaszino.games.kaszino.moves import Lay
from kaszino.games.kaszino.rules import STANDARD
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa.captures import equal_cards, sum_sets, takes
from kaszino.games.scopa.deck import DECK, LEFT_OUT, PRIMIERA_POINTS, SETTEBELLO, capture_value
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.rules import preset
from kaszino.games.scopa.scoring import DealReport, Point
from kaszino.games.scopa.state import ScopaState
from kaszino.i18n import player_number, tr
from kaszino.teach.drills import ChapterContent, Section, labelled_choice, number_choice, words, yes_no
from kaszino.teach.exercises import Choice, NumberQuestion, ScopaTask
from kaszino.teach.explain import Field, Joined, Message, capture_fault, ordinal_fields
from kaszino.teach.explain import move_message as capture_message
from kaszino.teach.message import render_field
from kaszino.teach.narrate import message_fields
from kaszino.teach.questions import Question, Renders, Words
from kaszino.teach.scenes import scene
from kaszino.teach.scopa_moves import explain_move, move_message
from kaszino.teach.scopa_scenes import card_moves, first_position, played_deal, scopa_scene
from kaszino.teach.scopa_score import point_message, primiera_message

DOMAIN = "scopa_lesson"
NUMBER = "08"


def _p(name: str, **fields: Field) -> Message:
    return words(f"{DOMAIN}.{name}", **fields)


def _named(name: str, card: Card) -> dict[str, Field]:
    """A card as the field ``name``, with its Hungarian article as ``name_a`` / ``name_A``."""
    return message_fields({name: card})


# --- positions --------------------------------------------------------------------------------

TWIN_HANDS = ("7♥ K♣ 3♠", "5♦ Q♥ 2♣")
TWIN_TABLE = "3♦ 4♣ 7♠ 2♥"


def capture_table() -> ScopaState:
    """7♥ finds its twin 7♠ on a table where 3♦ + 4♣ make 7 too; K♣ (10) takes 3♦ + 7♠."""
    return scopa_scene(TWIN_HANDS, TWIN_TABLE)


def kaszino_twin() -> GameState:
    """The same cards as :func:`capture_table` in a Kaszinó deal: other values, other captures."""
    return scene(list(TWIN_HANDS), TWIN_TABLE, rules=STANDARD, round=2)


def choice_table() -> ScopaState:
    """Two fives on the table: 5♠ takes one of them, the player says which; J♦ (8) takes 3♦ + a five."""
    return scopa_scene(("5♠ J♦ A♣", "6♦ Q♥ 2♣"), "5♥ 5♣ 3♦ 2♠")


def must_table() -> ScopaState:
    """Only Q♠ (9) can take something (A♥ + J♣): it must, but 6♣ or 2♦ may be played instead."""
    return scopa_scene(("6♣ Q♠ 2♦", "4♦ 5♥ 3♣"), "A♥ 4♠ K♦ J♣")


def sweep_table() -> ScopaState:
    """K♠ (10) takes 3♣ + 7♥, the whole table: a scopa."""
    return scopa_scene(("K♠ 4♥ 6♦", "5♦ Q♥ 2♣"), "3♣ 7♥")


def last_move_table(card: str = "K♠") -> ScopaState:
    """The deal's very last move, player 2's ``card`` against 3♣ 7♥ (K♠ sweeps them, 2♦ is laid)."""
    return scopa_scene(("", card), "3♣ 7♥", round=6)


DECK_TEXT = " ".join(map(str, DECK))
"""The 40 cards, for a picture of the deck."""

COUNTED_SEED = 0
"""The deal the learner counts: two sevens each, so the other suits decide the primiera (74–78)."""


PLAY_SEED = 8
"""The deal the learner plays against the computer at the end of the chapter."""


def counted_deal() -> ScopaState:
    """A whole deal the computer played, just over: the piles to count."""
    return played_deal(COUNTED_SEED)


# --- words the questions share ---------------------------------------------------------------

def position_words(state: ScopaState) -> Message:
    """"your hand: …, the table: …" of the player to move."""
    return _p("position", hand=format_cards(state.hands[state.to_move]), table=format_cards(state.table))


def move_choice(prompt: Message, state: ScopaState, options: Sequence[ScopaMove]) -> Choice:
    """Which of ``options`` may be played? Exactly one is legal; each option is explained by the engine
    (the rule that allows it, or the refusal)."""
    legal = [move for move in options if state.problem(move) is None]
    if len(legal) != 1:
        raise KaszinoError(f"{prompt.key}: {len(legal)} of the options are legal, not one")
    labelled = [(str(move), move_message(move), explain_move(state, move)) for move in options]
    return labelled_choice(prompt, labelled, str(legal[0]))


def lay_question(prompt: Message, state: ScopaState, card: Card) -> Choice:
    """May ``card`` be laid here? The engine's refusal is the reason when it may not."""
    lay = ScopaMove(card)
    return yes_no(prompt, state.problem(lay) is None, explain_move(state, lay))


def moves_words(moves: Sequence[ScopaMove | Capture]) -> Joined:
    """Moves in words, in a row: Scopa's moves, or Kaszinó's captures (for the comparison)."""
    return Joined(tuple(move_message(move) if isinstance(move, ScopaMove) else capture_message(move)
                        for move in moves))


def moves_count(prompt: Message, state: ScopaState) -> NumberQuestion:
    """How many different moves the player to move has; a miss lists them."""
    moves = card_moves(state)
    return NumberQuestion(prompt.key, len(moves), prompt.fields,
                          _p("moves_are", count=len(moves), moves=moves_words(moves)))


def task(name: str, state: ScopaState, right: Sequence[ScopaMove]) -> ScopaTask:
    """Make one of the moves ``right`` on a live table of ``state`` (the text at ``name``)."""
    return ScopaTask(f"{DOMAIN}.{name}", state, tuple(right))


def sweep_points(state: ScopaState, move: ScopaMove) -> int:
    """The points the engine gives for the sweep ``move`` makes (an error if it is no sweep)."""
    for event in state.step(move).events:
        if isinstance(event, Swept):
            return event.points
    raise KaszinoError(f"{move} does not clear the table in {state.notation()}")


def sweeps(state: ScopaState, move: ScopaMove) -> bool:
    """Whether ``move`` takes every card on the table."""
    return bool(move.taken) and len(move.taken) == len(state.table)


# --- the scoring in words ----------------------------------------------------------------------

def _count(report: DealReport, point: Point) -> tuple[int | None, ...]:
    return next(comparison.counts for comparison in report.comparisons if comparison.point == point)


def facts(report: DealReport, point: Point) -> Message:
    """What the two piles hold towards ``point``: ``22 – 18`` cards, who has the settebello …"""
    counts = _count(report, point)
    if point == "settebello":
        holder = counts.index(1) if 1 in counts else None
        return (_p("facts_settebello", player=player_number(holder)) if holder is not None
                else _p("facts_settebello_none"))
    shown = " – ".join("–" if count is None else str(count) for count in counts)
    return _p(f"facts_{point}", counts=shown)


def who_wins(report: DealReport, point: Point, prompt: Message) -> Choice:
    """Who wins ``point`` of the deal: player 1, player 2 or nobody; the engine's count says why."""
    comparison = next(comparison for comparison in report.comparisons if comparison.point == point)
    why = point_message(comparison)
    options: list[tuple[str, Renders, Renders]] = [
        (str(player_number(player)), words("drills.player", n=player_number(player)), why)
        for player in range(2)]
    options.append(("nobody", words("drills.nobody"), why))
    winner = comparison.winner
    return labelled_choice(prompt, options, "nobody" if winner is None else str(player_number(winner)))


def points_breakdown(report: DealReport, player: int) -> Renders:
    """``player``'s points of the deal item by item, then the total."""
    items: list[Field] = [_p(f"item_{comparison.point}") for comparison in report.comparisons
                          if comparison.winner == player]
    if report.scopas[player]:
        items.append(_p("item_scopas", count=report.scopas[player]))
    total = report.points[player]
    if not items:
        return _p("points_none", player=player_number(player))

    def render(lang: str) -> str:
        plus = " + ".join(str(render_field(item, lang)) for item in items)
        return tr(f"{DOMAIN}.points_items", lang, items=plus, total=total,
                  **ordinal_fields("player", player_number(player)))

    return Words(render)


def pile_words(state: ScopaState, player: int) -> str:
    """``player``'s pile suit by suit, ``♠ 7 6 2 · ♥ …`` (the same in every language)."""
    pile = state.piles[player]
    rows = []
    for suit in Suit:
        cards = sorted((card for card in pile if card.suit is suit), key=lambda card: -card.value)
        rows.append(suit.symbol + " " + (" ".join(str(card)[:-1] for card in cards) or "–"))
    return " · ".join(rows)


def primiera_question(state: ScopaState, player: int, prompt_name: str) -> NumberQuestion:
    """``player``'s primiera sum in the finished deal ``state``; a miss is counted suit by suit."""
    report = state.deal_report()
    primiera = report.primiera[player]
    if primiera.total is None:
        raise KaszinoError(f"player {player} misses a suit: no primiera sum to ask for")
    prompt = _p(prompt_name, player=player_number(player), pile=pile_words(state, player))
    return NumberQuestion(prompt.key, primiera.total, prompt.fields, primiera_message(player, primiera))


def points_question(report: DealReport, player: int, prompt: Message) -> NumberQuestion:
    """``player``'s points of the deal; a miss is counted item by item."""
    return NumberQuestion(prompt.key, report.points[player], prompt.fields, points_breakdown(report, player))


def report_words(report: DealReport) -> Joined:
    """Every compared point's counts and the scopas, for a prompt."""
    scopas = _p("facts_scopas", counts=" – ".join(map(str, report.scopas)))
    return Joined((*(facts(report, comparison.point) for comparison in report.comparisons), scopas),
                  "sentence_separator")


# --- the chapter ---------------------------------------------------------------------------------

@cache
def chapter() -> ChapterContent:
    """The chapter: its sections with their exercises (the closing check: :func:`check_questions`)."""
    return ChapterContent(NUMBER, DOMAIN, _sections())


def _sections() -> tuple[Section, ...]:
    return (
        Section(f"{DOMAIN}.deck", _deck_questions()),
        Section(f"{DOMAIN}.capture", _capture_questions()),
        Section(f"{DOMAIN}.must", _must_questions()),
        Section(f"{DOMAIN}.sweep", _sweep_questions()),
        Section(f"{DOMAIN}.compare", _compare_questions()),
        Section(f"{DOMAIN}.families", _families_questions()),
        Section(f"{DOMAIN}.points", _points_questions()),
        Section(f"{DOMAIN}.primiera", _primiera_questions()),
    )


def target_questions() -> tuple[Question, ...]:
    """After the chapter's introduction: the target of a game, from Scopa's own rules."""
    target = preset("standard").target
    return (number_choice(_p("q_target"), target, (11, 13, 21), _p("q_target_why", target=target)),)


def _deck_questions() -> tuple[Question, ...]:
    queen = Card.parse("Q♠")
    largest = max(map(capture_value, DECK))
    shown = ("8♠", "7♦", "K♥")
    missing = next(card for card in shown if Card.parse(card) not in DECK)
    left_out = " ".join(map(str, sorted(LEFT_OUT)))
    return (
        number_choice(_p("q_deck_size"), len(DECK), (32, 40, 52), _p("q_deck_size_why", cards=len(DECK),
                                                                         ranks=left_out)),
        Choice(f"{DOMAIN}.q_not_in_deck", shown, missing, literal=True,
               reasons=tuple((option, _p("q_not_in_deck_why", ranks=left_out)) for option in shown)),
        NumberQuestion(f"{DOMAIN}.q_queen", capture_value(queen), why=_p("values")),
        number_choice(_p("q_largest"), largest, (7, 10, 13), _p("q_largest_why", largest=largest)),
    )


def _capture_questions() -> tuple[Question, ...]:
    state, two = capture_table(), choice_table()
    seven = Card.parse("7♥")
    five = Card.parse("5♠")
    fives = [ScopaMove(five, taken) for taken in takes(five, two.table)]
    return (
        task("t_seven", state, [move for move in card_moves(state) if move.card == seven]),
        move_choice(_p("q_seven", position=position_words(state)), state,
                    (ScopaMove(seven, (Card.parse("7♠"),)),
                     ScopaMove(seven, (Card.parse("3♦"), Card.parse("4♣"))),
                     ScopaMove(seven, (Card.parse("7♠"), Card.parse("3♦"), Card.parse("4♣"))))),
        task("t_jack", two, [move for move in card_moves(two) if move.card == Card.parse("J♦")]),
        NumberQuestion(f"{DOMAIN}.q_five_choices", len(fives),
                       _p("q_five_choices", position=position_words(two)).fields,
                       _p("q_five_choices_why", count=len(fives), moves=moves_words(fives))),
        moves_count(_p("q_moves", position=position_words(two)), two),
    )


def _must_questions() -> tuple[Question, ...]:
    state = must_table()
    queen, six = Card.parse("Q♠"), Card.parse("6♣")
    return (
        task("t_lay", state, [move for move in card_moves(state) if move.is_lay]),
        lay_question(_p("q_lay", position=position_words(state), **_named("card", queen)), state, queen),
        lay_question(_p("q_lay", position=position_words(state), **_named("card", six)), state, six),
        moves_count(_p("q_moves", position=position_words(state)), state),
    )


def _sweep_questions() -> tuple[Question, ...]:
    state, last = sweep_table(), last_move_table()
    moves = card_moves(state)
    sweep = next(move for move in moves if sweeps(state, move))
    final = card_moves(last)[0]
    laid = last_move_table("2♦")
    laid_events = laid.step(card_moves(laid)[0]).events
    scopa_at_end = any(isinstance(event, Swept) for event in laid_events)
    return (
        task("t_scopa", state, [sweep]),
        labelled_choice(_p("q_which_sweep", position=position_words(state)),
                        [(str(move), move_message(move), _p("q_which_sweep_why", move=move_message(sweep),
                                                             points=sweep_points(state, sweep)))
                         for move in moves], str(sweep)),
        number_choice(_p("q_last_sweep", move=move_message(final)), sweep_points(last, final), (0, 1, 2),
                      _p("q_last_sweep_why")),
        yes_no(_p("q_leftovers"), scopa_at_end, _p("q_leftovers_why")),
    )


def _compare_questions() -> tuple[Question, ...]:
    scopa, kaszino = capture_table(), kaszino_twin()
    hand, table = kaszino.hands[0], kaszino.table
    kaszino_captures = captures(hand, table, kaszino.rules)
    king, seven = Card.parse("K♣"), Card.parse("7♥")
    thirteen = (Card.parse("4♣"), Card.parse("7♠"), Card.parse("2♥"))
    king_kaszino = capture_problem((king,), thirteen, kaszino.rules) is None
    capture_text = capture_message(Capture((king,), thirteen))
    kaszino_why: Renders = (_p("q_king_kaszino_why") if king_kaszino else capture_fault((king,), thirteen,
                                                                                      kaszino.rules))
    return (
        NumberQuestion(f"{DOMAIN}.q_count_kaszino", len(kaszino_captures),
                       _p("q_count_kaszino", position=position_words(scopa)).fields,
                       _p("moves_are", count=len(kaszino_captures), moves=moves_words(kaszino_captures))),
        moves_count(_p("q_count_scopa", position=position_words(scopa)), scopa),
        yes_no(_p("q_king_kaszino", capture=capture_text), king_kaszino, kaszino_why),
        yes_no(_p("q_king_scopa", capture=capture_text), scopa.problem(ScopaMove(king, thirteen)) is None,
               explain_move(scopa, ScopaMove(king, thirteen))),
        yes_no(_p("q_lay_kaszino", **_named("card", seven)), Lay(seven) in kaszino.legal_moves(),
               _p("q_lay_kaszino_why")),
        lay_question(_p("q_lay_scopa", **_named("card", seven)), scopa, seven),
    )


def _families_questions() -> tuple[Question, ...]:
    """After the three families' table: two of Casino's numbers, from its own rules."""
    target, cards = CasinoRules().target, len(CASINO_DECK)
    return (
        number_choice(_p("q_casino_target"), target, (11, 13, 21),
                      _p("q_casino_target_why", target=target, scopa=preset("standard").target)),
        number_choice(_p("q_casino_deck"), cards, (32, 40, 52), _p("q_casino_deck_why", cards=cards,
                                                                       scopa=len(DECK))),
    )


def _points_questions() -> tuple[Question, ...]:
    deal = counted_deal()
    report = deal.deal_report()
    return (
        who_wins(report, "cards", _p("q_most_cards", counts=" – ".join(map(str, _count(report, "cards"))))),
        who_wins(report, "diamonds", _p("q_most_diamonds")),
        who_wins(report, "settebello", _p("q_settebello", card=str(SETTEBELLO))),
        number_choice(_p("q_four"), len(report.comparisons), (3, 4, 5, 12), _p("q_four_why")),
    )


def _primiera_questions() -> tuple[Question, ...]:
    deal = counted_deal()
    report = deal.deal_report()
    seven = PRIMIERA_POINTS[7]
    return (
        number_choice(_p("q_seven_points"), seven, (7, 10, 21), _p("q_seven_points_why")),
        primiera_question(deal, 0, "q_primiera"),
        primiera_question(deal, 1, "q_primiera"),
        who_wins(report, "primiera", _p("q_primiera_winner")),
        *(points_question(report, player, _p("q_deal_points", player=player_number(player),
                                             facts=report_words(report))) for player in (0, 1)),
    )


def primiera_counts(content: ChapterContent) -> tuple[Question, ...]:
    """The primiera section's questions that count a pile: once both are right, the count is shown."""
    return tuple(question for question in content.questions("primiera")
                 if question.key == f"{DOMAIN}.q_primiera")


# --- the closing check, fresh for every attempt --------------------------------------------------

CHECK_SEED = 1_000
"""The first seed the checks' deals are played from; attempt ``n`` starts at ``CHECK_SEED + 100 n``."""


def _priority_bites(state: ScopaState) -> bool:
    """A hand card has a twin on the table and a sum of two or more table cards of its value too."""
    return any(_priority_pair(state, card) is not None for card in state.hands[state.to_move])


def _priority_pair(state: ScopaState, card: Card) -> tuple[ScopaMove, ScopaMove] | None:
    """``card`` taking its twin (legal) and taking a sum of the same value (refused), if both exist."""
    equal, sums = equal_cards(card, state.table), sum_sets(card, state.table)
    if state.deal_over or not equal or not sums:
        return None
    return ScopaMove(card, (equal[0],)), ScopaMove(card, sums[0])


def _mixed_hand(state: ScopaState) -> bool:
    """A hand of three where some cards must capture and exactly one may be laid."""
    hand = state.hands[state.to_move]
    return len(hand) == 3 and sum(takes(card, state.table) == ((),) for card in hand) == 1


def _many_moves(state: ScopaState) -> bool:
    """Five legal moves or more: worth counting."""
    return not state.deal_over and len(card_moves(state)) >= 5


def _can_sweep(state: ScopaState) -> bool:
    """A table of two cards or more that one move takes whole, for a point, among other moves."""
    moves = card_moves(state)
    return (not state.deal_over and len(moves) >= 3 and len(state.table) >= 2
            and any(sweeps(state, move) and sweep_points(state, move) for move in moves))


def _full_primiera(state: ScopaState) -> bool:
    """A finished deal in which both players hold every suit (both have a primiera sum)."""
    report = state.deal_report()
    return state.deal_over and all(p.total is not None for p in report.primiera)


def check_questions(attempt: int) -> tuple[Question, ...]:
    """The eight questions of attempt ``attempt`` (0, 1 …), on positions of deals played afresh."""
    start = CHECK_SEED + 100 * attempt
    priority = first_position(start, _priority_bites)
    card, (single, summed) = next((c, pair) for c in priority.hands[priority.to_move]
                                  if (pair := _priority_pair(priority, c)) is not None)
    mixed = first_position(start + 10, _mixed_hand)
    layable = next(c for c in mixed.hands[mixed.to_move] if takes(c, mixed.table) == ((),))
    many = first_position(start + 20, _many_moves)
    sweep_state = first_position(start + 30, _can_sweep)
    sweep = [move for move in card_moves(sweep_state) if sweeps(sweep_state, move)]
    deal = first_position(start + 40, _full_primiera)
    other = first_position(start + 50, _full_primiera)
    ask = (single, summed) if attempt % 2 == 0 else (summed, single)
    return (
        move_choice(_p("c_priority", position=position_words(priority), **_named("card", card)), priority,
                    ask),
        _layable_choice(mixed, layable),
        moves_count(_p("q_moves", position=position_words(many)), many),
        task("c_sweep", sweep_state, sweep),
        _kaszino_question(priority, summed),
        primiera_question(deal, attempt % 2, "c_primiera"),
        who_wins(other.deal_report(), "primiera",
                 _p("c_primiera_winner", first=pile_words(other, 0), second=pile_words(other, 1))),
        points_question(deal.deal_report(), 1 - attempt % 2,
                        _p("q_deal_points", player=player_number(1 - attempt % 2),
                           facts=report_words(deal.deal_report()))),
    )


def _layable_choice(state: ScopaState, layable: Card) -> Choice:
    """Which hand card may be laid? The engine's refusal explains each card that must capture."""
    prompt = _p("c_layable", position=position_words(state))
    hand = state.hands[state.to_move]
    reasons = tuple((str(card), explain_move(state, ScopaMove(card))) for card in hand)
    return Choice(prompt.key, tuple(map(str, hand)), str(layable), prompt.fields, reasons, literal=True)


def _kaszino_question(state: ScopaState, summed: ScopaMove) -> Choice:
    """Would the sum Scopa refuses here be a capture under Kaszinó's rules? Kaszinó's engine answers."""
    hand, taken = (summed.card,), summed.taken
    legal = capture_problem(hand, taken, STANDARD) is None
    why: Renders = (_p("c_kaszino_yes", **_named("card", summed.card)) if legal
                    else capture_fault(hand, taken, STANDARD))
    capture = capture_message(Capture(hand, taken))
    return yes_no(_p("c_kaszino", position=position_words(state), move=capture), legal, why)
