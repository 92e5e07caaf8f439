"""Casino's puzzle kinds: the largest captures, the builds you may make and keep, the capture worth
most, and winning the known last hand (docs/puzzles.md, "Casino's kinds").

Every answer comes from Casino's engine (:mod:`kaszino.games.casino`): the captures and build moves
from ``legal_moves`` (so the builds' owners' rule is the engine's), the points from the deal's
scoring (:mod:`kaszino.games.casino.scoring`), the last hand's values from the expert's exact search
(:func:`kaszino.games.casino.expert.exact`). The texts tell moves in words, as the Casino game page
does (:mod:`kaszino.teach.casino_moves`), never in the move notation (locales ``puzzles_casino``).

"Every capture" (``casino_captures``) asks for the *largest* captures: a card of value *v* may take
every loose group adding up to *v* and every build of *v* at once, each table card once; a
capture is largest when no legal capture of the same card takes all of its cards and more. Where
groups share a card there are several largest captures of one card, and each is an answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from kaszino.engine.cards import Card, Suit
from kaszino.engine.lookahead import BudgetSpent, ExactSearch, Nodes
from kaszino.errors import KaszinoError, TooLargeError, quote
from kaszino.games.casino.captures import build_moves
from kaszino.games.casino.deck import BIG_CASINO, LARGEST, LITTLE_CASINO, is_number
from kaszino.games.casino.expert import captures_first, exact_search, plays
from kaszino.games.casino.moves import BuildMove, Capture, Play, Trail, parse_move
from kaszino.games.casino.rules import MIN_BUILD
from kaszino.games.casino.scoring import ACE, BIG_CASINO_POINTS, LITTLE_CASINO_POINTS
from kaszino.games.casino.state import CasinoState
from kaszino.i18n import language
from kaszino.puzzles.kinds import (
    Answer,
    Attempt,
    Game,
    KindRules,
    Outcome,
    PuzzleVerdict,
    answer_key,
    bullet_lines,
    domain_text,
    first_behind,
    free_move,
    is_answer,
    judged,
    last_move_line,
    last_move_verdict,
    listing_verdict,
    move_text,
    refusal_words,
    said,
    sentence,
    words,
)
from kaszino.teach.casino_moves import move_message, moves_by_kind
from kaszino.teach.message import Message
from kaszino.teach.questions import Renders

DOMAIN = "puzzles_casino"
EXACT_BUDGET = 200_000
"""The positions the exact search of a last-hand puzzle may visit, its answers and the lines after
every move together (past them: ``TooLargeError``; the shipped puzzles need at most 64,000)."""


say = partial(domain_text, DOMAIN)
"""A text of these kinds (:func:`~kaszino.puzzles.kinds.domain_text`)."""
told = partial(said, DOMAIN)
"""The same text as data, rendered in either language (a verdict's words:
:func:`~kaszino.puzzles.kinds.said`)."""


def move_words(move: object) -> str:
    """A Casino move in words, as the game page tells it (:mod:`kaszino.teach.casino_moves`)."""
    return move_message(move).render(language())


_TYPE_ORDER = {Capture: 0, BuildMove: 1, Trail: 2}


def ordered(state: CasinoState, found: Iterable[Play]) -> tuple[Play, ...]:
    """Moves of the player to move each once: by the hand card, captures before builds before the
    trail, then by the cards they use, fewest first."""
    hand = state.hands[state.to_move]

    def key(move: Play) -> tuple[int, int, int, str]:
        used = move.taken if isinstance(move, Capture) else move.loose if isinstance(move, BuildMove) else ()
        return hand.index(move.card), _TYPE_ORDER[type(move)], len(used), str(move)

    return tuple(sorted(set(found), key=key))


def legal_captures(state: CasinoState) -> list[Capture]:
    """Every legal capture of the player to move (the builds' owners' rule applied)."""
    return [move for move in state.legal_moves() if isinstance(move, Capture)]


def largest(state: CasinoState) -> tuple[Capture, ...]:
    """The largest captures: no legal capture of the same card takes all their cards and more. Two
    groupings of the same cards are one capture (the first in order stands for both)."""
    found = legal_captures(state)
    taken = {move: frozenset(move.taken) for move in found}
    kept = [move for move in found
            if not any(other.card == move.card and taken[move] < taken[other] for other in found)]
    unique = {answer_key(move): move for move in reversed(ordered(state, kept))}
    return tuple(m for m in ordered(state, unique.values()) if isinstance(m, Capture))


def items(move: Capture) -> int:
    """How many items a capture takes at once: loose groups and builds."""
    return len(move.groups) + len(move.builds)


class CasinoKind(KindRules[CasinoState]):
    """A kind of Casino: its answers are Casino's moves."""

    game: Game = "casino"
    move_type: type[Play] | tuple[type[Play], ...] = (Capture, BuildMove, Trail)
    """The moves an answer of the kind may be."""

    def task(self, state: CasinoState) -> Message:
        return told(f"task_{self.kind}")

    def position_problem(self, state: CasinoState) -> str | None:
        return free_move(state)

    def read_move(self, state: CasinoState, value: object) -> Answer:
        move = move_text(value, parse_move)
        if not isinstance(move, self.move_type):
            raise KaszinoError(f"{quote(value)} is not a {self.kind} answer")
        problem = state.problem(move)
        if problem is not None:
            raise KaszinoError(f"{quote(value)} is not a legal move here: {problem}")
        return move

    def judged_move(self, state: CasinoState, attempt: Attempt) -> Play | PuzzleVerdict:
        """The attempt as a legal move of the kind's type, or the verdict refusing it."""
        if not isinstance(attempt, Capture | BuildMove | Trail):
            raise KaszinoError(f"a {self.kind} puzzle takes one Casino move, not {quote(attempt)}")
        if not isinstance(attempt, self.move_type):
            return judged(False, told("not_a_capture", move=move_message(attempt)), wrong=(attempt,))
        problem = refusal_words(state, attempt)
        return attempt if problem is None else judged(False, problem, wrong=(attempt,))

    def listed(self, state: CasinoState, answers: tuple[Answer, ...], attempt: Attempt,
               reason: Callable[[Play], Renders | None]) -> PuzzleVerdict:
        """The verdict on a list of moves of the kind's type: each refused by the engine, else by
        ``reason`` (None: it is an answer)."""
        assert isinstance(self.move_type, type)  # a listing kind's answers are of one type
        given: tuple[Play, ...] = self.some_moves(attempt, self.move_type, lambda move: True)
        reasons: dict[Answer, Renders | None] = {m: refusal_words(state, m) or reason(m) for m in given}
        texts = f"{DOMAIN}.{self.kind}"
        return listing_verdict(reasons, answers, f"{texts}_missing", f"{texts}_correct")

    def answers_problem(self, state: CasinoState, answers: tuple[Answer, ...]) -> str | None:
        if self.form != "captures":
            return super().answers_problem(state, answers)
        missing = [move for move in self.solve(state) if not is_answer(answers, move)]
        if missing:
            return f"{len(missing)} of the position's answers are not listed, such as {missing[0]}"
        return None

    def first(self, answers: tuple[Answer, ...]) -> Play:
        return next(a for a in answers if isinstance(a, Capture | BuildMove | Trail))


# --- every capture of a card, several groups at once ------------------------------------------------
class CasinoCaptures(CasinoKind):
    """Find every largest capture of every hand card (see the module docstring)."""

    kind, form, prefix = "casino_captures", "captures", "cc"
    move_type = Capture

    def position_problem(self, state: CasinoState) -> str | None:
        problem = free_move(state)
        if problem is None and not legal_captures(state):
            return "the player to move has no capture"
        return problem

    def solve(self, state: CasinoState) -> tuple[Answer, ...]:
        return largest(state)

    def check(self, state: CasinoState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        def reason(move: Play) -> Renders | None:
            if is_answer(answers, move):
                return None
            assert isinstance(move, Capture)
            wider = next(a for a in answers if isinstance(a, Capture) and a.card == move.card
                         and set(move.taken) < set(a.taken))
            more = tuple(card for card in wider.taken if card not in move.taken)
            return told("not_largest", move=move_message(move), more=more)

        return self.listed(state, answers, attempt, reason)

    def hints(self, state: CasinoState, answers: tuple[Answer, ...]) -> list[str]:
        cards = tuple(dict.fromkeys(a.card for a in answers if isinstance(a, Capture)))
        return [say("hint_largest"), say("hint_capturing", cards=cards),
                say("hint_count", total=len(answers), count=len(answers)),
                say("hint_first", move=move_words(self.first(answers)))]

    def solution_text(self, state: CasinoState, answers: tuple[Answer, ...]) -> str:
        lines = [sentence(move_words(a)) for a in answers]
        shared = [card for card in dict.fromkeys(a.card for a in answers if isinstance(a, Capture))
                  if sum(isinstance(a, Capture) and a.card == card for a in answers) > 1]
        lines += [say("solution_overlap" if is_number(card) else "solution_face", card=card)
                  for card in shared]
        return bullet_lines(say("solution_casino_captures", count=len(answers)), lines)


# --- which builds can you make and keep ----------------------------------------------------------------
def legal_builds(state: CasinoState) -> tuple[BuildMove, ...]:
    """Every build move the rules allow the player to move."""
    found = ordered(state, [move for move in state.legal_moves() if isinstance(move, BuildMove)])
    return tuple(move for move in found if isinstance(move, BuildMove))


def unkept(state: CasinoState) -> tuple[tuple[Card, int, BuildMove], ...]:
    """The builds the table allows but the rules do not: (hand card, value, the first such move),
    one for each card and value without a legal build — mostly a value the mover keeps no card of."""
    legal = {(move.card, move.value) for move in legal_builds(state)}
    found: list[tuple[Card, int, BuildMove]] = []
    for card in state.hands[state.to_move]:
        for move in build_moves(card, range(MIN_BUILD, LARGEST + 1), state.table, state.builds):
            if (card, move.value) not in legal and all((card, move.value) != (c, v) for c, v, _ in found):
                found.append((card, move.value, move))
    return tuple(found)


class CasinoBuilds(CasinoKind):
    """Find every build move you may make now: a new build, a raise, an addition."""

    kind, form, prefix = "casino_builds", "captures", "cb"
    move_type = BuildMove

    def position_problem(self, state: CasinoState) -> str | None:
        problem = free_move(state)
        if problem is None and not legal_builds(state):
            return "the player to move has no build move"
        return problem

    def solve(self, state: CasinoState) -> tuple[Answer, ...]:
        return legal_builds(state)

    def check(self, state: CasinoState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        return self.listed(state, answers, attempt, lambda move: None)

    def hints(self, state: CasinoState, answers: tuple[Answer, ...]) -> list[str]:
        values = sorted({a.value for a in answers if isinstance(a, BuildMove)})
        return [say("hint_keep"), say("hint_values", values=", ".join(map(str, values))),
                say("hint_count_builds", total=len(answers), count=len(answers)),
                say("hint_first", move=move_words(self.first(answers)))]

    def solution_text(self, state: CasinoState, answers: tuple[Answer, ...]) -> str:
        lines = [sentence(move_words(a)) for a in answers]
        for card, value, move in unkept(state):
            lines.append(say("solution_refused", card=card, value=value, reason=refusal_words(state, move)))
        return bullet_lines(say("solution_casino_builds", count=len(answers)), lines)


# --- take the most points --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class Worth:
    """What a capture takes, compared field by field (docs/puzzles.md): points (aces, 10♦, 2♠), then
    spades (the spade majority), then cards (the card majority)."""

    points: int
    spades: int
    cards: int

    def behind(self, best: Worth) -> str:
        """The first field where ``best`` is ahead."""
        return first_behind(self, best, ("points", "spades", "cards"))


def worth(move: Capture) -> Worth:
    """What capture ``move`` brings its player, by the deal's scoring."""
    cards = (move.card, *move.taken)
    points = sum(ACE * (card.value == 1) + BIG_CASINO_POINTS * (card == BIG_CASINO)
                 + LITTLE_CASINO_POINTS * (card == LITTLE_CASINO) for card in cards)
    return Worth(points, sum(card.suit is Suit.SPADES for card in cards), len(cards))


def worth_words(value: Worth) -> str:
    return words(worth_said(value))


def worth_said(value: Worth) -> Message:
    """What a capture takes, in words (data)."""
    return told("worth", points=told("worth_points", count=value.points),
                spades=told("worth_spades", count=value.spades),
                cards=Message.in_domain("common", "cards", count=value.cards))


class CasinoBest(CasinoKind):
    """Find the capture worth most by the deal's scoring (:class:`Worth`)."""

    kind, form, prefix = "casino_best", "move", "cx"
    move_type = Capture

    def position_problem(self, state: CasinoState) -> str | None:
        problem = free_move(state)
        if problem is None and len(largest(state)) < 2:
            return "a casino_best puzzle needs two captures or more"
        return problem

    def valued(self, state: CasinoState) -> list[tuple[Capture, Worth]]:
        """Every largest capture with its worth, best first (a smaller capture is worth less)."""
        valued = [(move, worth(move)) for move in largest(state)]
        return sorted(valued, key=lambda pair: pair[1], reverse=True)

    def solve(self, state: CasinoState) -> tuple[Answer, ...]:
        valued = self.valued(state)
        return ordered(state, [move for move, value in valued if value == valued[0][1]])

    def check(self, state: CasinoState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        move = self.judged_move(state, attempt)
        if isinstance(move, PuzzleVerdict):
            return move
        assert isinstance(move, Capture)
        value, best = worth(move), self.valued(state)[0][1]
        if is_answer(answers, move):
            right = told("best_correct", move=move_message(move), value=worth_said(value))
            tied = len(answers) - 1
            return judged(True, right, *([told("best_tied", others=tied, count=tied)] if tied else []))
        worse = told("best_worse", move=move_message(move), value=worth_said(value))
        return judged(False, worse, told(f"best_behind_{value.behind(best)}"), extra=(move,))

    def hints(self, state: CasinoState, answers: tuple[Answer, ...]) -> list[str]:
        valued = self.valued(state)
        return [say("hint_best_worth"), say("hint_best_count", total=len(valued), count=len(valued)),
                say("hint_best_value", value=worth_words(valued[0][1])),
                say("hint_first", move=move_words(self.first(answers)))]

    def solution_text(self, state: CasinoState, answers: tuple[Answer, ...]) -> str:
        lines = [say("valued", move=sentence(move_words(move)), value=worth_words(value))
                 for move, value in self.valued(state)]
        return bullet_lines(say("solution_casino_best", count=len(answers)), lines)


# --- win the known last hand -------------------------------------------------------------------------
@lru_cache(maxsize=256)
def _search(root: CasinoState) -> ExactSearch[CasinoState, Play]:
    """The exact search of a puzzle's last hand: its memory serves the puzzle's every move and the
    lines played after them (a position met again is not searched again), the captures tried first."""
    return exact_search(Nodes(EXACT_BUDGET), captures_first)


def _values(state: CasinoState, search: ExactSearch[CasinoState, Play]) -> dict[Play, int]:
    try:
        return {move: int(search.move_value(state, move)) for move in plays(state)}
    except BudgetSpent:
        raise TooLargeError(f"the last hand needs more than {EXACT_BUDGET} positions searched") from None


@lru_cache(maxsize=256)
def move_values(state: CasinoState) -> dict[Play, int]:
    """Each move of the known last hand with the exact margin it secures (deal points, mine − theirs)."""
    return _values(state, _search(state))


@lru_cache(maxsize=1024)
def outcome(state: CasinoState, move: Play) -> Outcome[Play]:
    """The exact result of ``move`` in the last hand, with the line both players play after it (each
    the first of its best moves in legal order)."""
    search, end, line = _search(state), state.play(move), []
    while not end.deal_over:
        values = _values(end, search)
        step = max(plays(end), key=values.__getitem__)
        line.append(step)
        end = end.play(step)
    points = end.deal_scores()
    me = state.to_move
    return Outcome(move, move_values(state)[move], tuple(line), points[me], points[1 - me])


def last_hand_problem(state: CasinoState) -> str | None:
    """Why ``state`` is no known last hand to play (English), or None."""
    problem = free_move(state)
    if problem is None and state.players != 2:
        return "the last hand is known only with two players"
    if problem is None and not state.last_round:
        return "not the last hand (the stock is not used up)"
    return problem


class CasinoLastHand(CasinoKind):
    """The known last hand: play a move that secures the best exact result."""

    kind, form, prefix = "casino_last_hand", "move", "cl"

    def position_problem(self, state: CasinoState) -> str | None:
        return last_hand_problem(state)

    def solve(self, state: CasinoState) -> tuple[Answer, ...]:
        values = move_values(state)
        best = max(values.values())
        return ordered(state, [move for move, value in values.items() if value == best])

    def check(self, state: CasinoState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        move = self.judged_move(state, attempt)
        if isinstance(move, PuzzleVerdict):
            return move
        best = max(move_values(state).values())
        return last_move_verdict(DOMAIN, move_message, outcome(state, move), best, is_answer(answers, move))

    def hints(self, state: CasinoState, answers: tuple[Answer, ...]) -> list[str]:
        values = move_values(state)
        kinds = moves_by_kind(plays(state))
        return [say("hint_last_known", cards=state.hands[1 - state.to_move], kinds=kinds),
                say("hint_last_value", margin=f"{max(values.values()):+d}"),
                say("hint_last_count", count=len(answers), total=len(values)),
                say("hint_first", move=move_words(self.first(answers)))]

    def solution_text(self, state: CasinoState, answers: tuple[Answer, ...]) -> str:
        lines = [last_move_line(DOMAIN, move_words, outcome(state, move), is_answer(answers, move))
                 for move in ordered(state, move_values(state))]
        return bullet_lines(say("solution_casino_last_hand", count=len(answers)), lines)


CASINO_KIND_RULES: tuple[CasinoKind, ...] = (CasinoCaptures(), CasinoBuilds(), CasinoBest(), CasinoLastHand())
"""Casino's kinds, in the order of :data:`kaszino.puzzles.kinds.CASINO_KINDS`."""


def answer_moves(answers: Sequence[Answer]) -> list[Play]:
    """The Casino moves among ``answers``."""
    return [a for a in answers if isinstance(a, Capture | BuildMove | Trail)]
