"""Exercises the engine checks: questions, verdicts that explain every wrong answer, and scores.

Three forms of the one exercise protocol (:mod:`kaszino.teach.questions`): ``check(answer)``
returns a :class:`~kaszino.teach.questions.Verdict` whose lines say why, in either language.

- :class:`Choice`: pick one of a few answers. Texts come from a catalogue by a naming rule:
  the question at ``<key>``, each option at ``<key>.<option>``, and for every wrong option the
  reason at ``<key>.<option>.why`` (checked when the question is made, so no wrong answer can go
  unexplained); an optional ``<key>.why`` is added to the verdict on the right answer.
  :func:`legality_choice` builds the "is this capture legal?" question from the engine's verdict.
- :class:`NumberQuestion`: type a whole number (how many cards, the points of a finished deal …);
  a wrong number is answered with ``<key>.why`` (fields ``answer``, ``given``) or a given text.
- :class:`MoveTask`: make a move on a live table that reaches a :class:`Goal` (any capture, a
  tábla, a lay, a given move); the engine refuses illegal moves with its reason, and a legal
  move that misses the goal gets ``<key>.why``.
- :class:`ScopaTask`, :class:`CasinoTask`: the same on a live Scopa or Casino table, right when
  the move is one of the given moves; the family engine's refusal (or the rule that allows the
  move) says why (both are a :class:`RightMoveTask`).

:class:`ScoreSheet` counts the first answer to each question: the running score ("4/5").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar, cast

from kaszino.engine.cards import Card, card_sum, format_cards, parse_cards
from kaszino.errors import KaszinoError, quote
from kaszino.games.casino.moves import BuildMove, Trail
from kaszino.games.casino.moves import Capture as CasinoCapture
from kaszino.games.casino.moves import Play as CasinoPlay
from kaszino.games.casino.state import CasinoState
from kaszino.games.kaszino.captures import Capture, capture_problem
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.solver.sweeps import sweep_plans
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.state import ScopaState
from kaszino.inputs import MAX_COUNT, whole_number
from kaszino.teach import casino_moves, scopa_moves
from kaszino.teach.explain import Field, Level, Message, capture_fault, explain_move, move_message
from kaszino.teach.questions import AnswerKind, Renders, Unreadable, Verdict, Words, has_text, phrase

if TYPE_CHECKING:
    from kaszino.games.kaszino.state import GameState

DOMAIN = "exercises"
"""The catalogue of the tutorial exercises' own words (the legality and spelling questions, scores)."""


def _say(name: str, **fields: Field) -> Message:
    return Message.in_domain(DOMAIN, name, **fields)


@dataclass(frozen=True, slots=True)
class Choice:
    """Pick one of ``options``; texts by the naming rule of the module docstring."""

    key: str
    options: tuple[str, ...]
    answer: str
    fields: tuple[tuple[str, Field], ...] = ()
    reasons: tuple[tuple[str, Renders], ...] = ()
    """Reasons given in code instead of the catalogue (``option → text``), e.g. the engine's words."""
    literal: bool = False
    """The options are their own labels (cards, numbers), with no ``<key>.<option>`` text."""

    kind: ClassVar[AnswerKind] = "choice"

    def __post_init__(self) -> None:
        if len(self.options) < 2 or len(set(self.options)) != len(self.options):
            raise KaszinoError(f"{self.key}: a choice needs two or more different options, "
                               f"got {self.options}")
        if self.answer not in self.options:
            raise KaszinoError(f"{self.key}: the answer {quote(self.answer)} is not one of {self.options}")
        phrase(self.key, self.fields)
        given = dict(self.reasons)
        for option in self.options:
            self.label(option)
            if option != self.answer and option not in given:
                phrase(f"{self.key}.{option}.why", self.fields)  # every wrong answer is explained

    def prompt(self) -> Renders:
        return phrase(self.key, self.fields)

    def label(self, option: str) -> Renders:
        """The words of one option."""
        if self.literal:
            return Words(lambda _lang: option)
        return phrase(f"{self.key}.{option}", self.fields)

    def check(self, answer: object) -> Verdict:
        if answer not in self.options:
            raise KaszinoError(f"{self.key}: {quote(answer)} is not one of the options {self.options}")
        given = dict(self.reasons)
        reason: Renders | None = given.get(str(answer))
        if reason is None and (answer != self.answer or has_text(f"{self.key}.why")):
            reason = phrase(f"{self.key}.{answer}.why" if answer != self.answer else f"{self.key}.why",
                            self.fields)
        return Verdict(answer == self.answer, () if reason is None else (reason,))


def choice(key: str, options: Sequence[str], answer: str, *, literal: bool = False,
           **fields: Field) -> Choice:
    """A :class:`Choice` with catalogue ``fields`` as keywords (``literal``: the options label themselves)."""
    return Choice(key, tuple(options), answer, tuple(fields.items()), literal=literal)


def legality_choice(hand: str, table: str, rules: Rules = STANDARD) -> Choice:
    """"Is this capture legal?" — the answer and every reason come from the engine."""
    capture = Capture(parse_cards(hand), parse_cards(table))
    if not capture.hand or not capture.table:
        raise KaszinoError("a legality question needs cards on both sides, "
                           f"got {quote(hand)} and {quote(table)}")
    legal = capture_problem(capture.hand, capture.table, rules) is None
    total = card_sum(capture.hand)
    reason: Renders = (_say("legal", total=total, limit=rules.capture_limit or 0) if legal
                       else capture_fault(capture.hand, capture.table, rules))
    return Choice(f"{DOMAIN}.legality", ("yes", "no"), "yes" if legal else "no",
                  (("capture", move_message(capture)),), (("yes", reason), ("no", reason)))


def spelling_choice(text: str, options: Sequence[str]) -> Choice:
    """"Which card is ``text``?" among the cards ``options``; the engine reads the spelling."""
    card = str(Card.parse(text))
    shown = tuple(str(Card.parse(option)) for option in options)
    if card not in shown:
        raise KaszinoError(f"{quote(text)} is {card}, which is not among the options {', '.join(shown)}")
    reason = _say("spelling.wrong", text=text, card=card)
    return Choice(f"{DOMAIN}.spelling", shown, card, (("text", text),),
                  tuple((option, reason) for option in shown if option != card), literal=True)


@dataclass(frozen=True, slots=True)
class NumberQuestion:
    """Type a whole number. A wrong one is answered by ``why`` or by ``<key>.why``."""

    key: str
    answer: int
    fields: tuple[tuple[str, Field], ...] = ()
    why: Renders | None = None

    kind: ClassVar[AnswerKind] = "number"

    def __post_init__(self) -> None:
        phrase(self.key, self.fields)
        if self.why is None:
            phrase(f"{self.key}.why", (*self.fields, ("answer", self.answer), ("given", 0)))

    def prompt(self) -> Renders:
        return phrase(self.key, self.fields)

    def placeholder(self) -> Renders:
        return phrase("ui.number_placeholder")

    def read(self, typed: str) -> int:
        try:
            return read_number(typed)
        except KaszinoError as error:
            raise Unreadable(str(error), phrase("ui.not_a_number")) from None

    def check(self, answer: object) -> Verdict:
        given = read_number(answer)
        if given == self.answer:
            return Verdict(True, ())
        why = self.why or phrase(f"{self.key}.why", (*self.fields, ("answer", self.answer), ("given", given)))
        return Verdict(False, (why,))


def number(key: str, answer: int, *, why: Renders | None = None, **fields: Field) -> NumberQuestion:
    """A :class:`NumberQuestion` with catalogue ``fields`` given as keywords."""
    return NumberQuestion(key, answer, tuple(fields.items()), why)


def card_sum_question(cards: str) -> NumberQuestion:
    """"What do these cards add up to?" — the engine adds them, and a wrong sum is shown worked out."""
    parsed = parse_cards(cards)
    if not parsed:
        raise KaszinoError("a sum question needs at least one card")
    worked = " + ".join(str(card.value) for card in parsed)
    return NumberQuestion(f"{DOMAIN}.card_sum", card_sum(parsed),
                          (("cards", format_cards(parsed)), ("sum", f"{worked} = {card_sum(parsed)}")))


def read_number(answer: object) -> int:
    """A typed answer as a whole number (ASCII digits, a ``-`` or ``−`` sign, spaces around them);
    anything else is refused with a :class:`KaszinoError`."""
    if isinstance(answer, str):
        answer = answer.strip().replace("\u2212", "-")
    return whole_number("answer", answer, -MAX_COUNT, MAX_COUNT)


@dataclass(frozen=True, slots=True)
class Goal:
    """What a table task asks for: a name (for messages and tests) and the test of a legal move."""

    name: str
    reached: Callable[[GameState, Move], bool] = field(compare=False)


ANY_CAPTURE = Goal("any_capture", lambda _state, move: isinstance(move, Capture))
"""Any legal capture."""
TABLA = Goal("tabla", lambda state, move: isinstance(move, Capture) and len(move.table) == len(state.table))
"""A capture that takes every card on the table."""
ANY_LAY = Goal("lay", lambda _state, move: isinstance(move, Lay))
"""Laying a card."""
ANY_MOVE = Goal("any_move", lambda _state, _move: True)
"""Any legal move."""


SETS_UP_SWEEP = Goal("sets_up_sweep", lambda state, move: isinstance(move, Lay) and any(
    card == move.card for card, _ in sweep_plans(state)))
"""The forced lay after an opponent's tábla that lets the second move be a tábla."""


def hand_cards(count: int) -> Goal:
    """A capture with exactly ``count`` cards from the hand."""
    def reached(_state: GameState, move: Move) -> bool:
        return isinstance(move, Capture) and len(move.hand) == count

    return Goal(f"hand_cards:{count}", reached)


def one_of(*moves: Move) -> Goal:
    """Exactly one of ``moves`` (e.g. the only capture that wins the most cards)."""
    wanted = frozenset(moves)
    return Goal("one_of:" + " | ".join(sorted(map(str, wanted))), lambda _state, move: move in wanted)


@dataclass(frozen=True, slots=True)
class MoveTask:
    """Make a move on ``state`` that reaches ``goal``; text at ``<key>``, a miss explained at ``.why``."""

    key: str
    state: GameState
    goal: Goal
    level: Level = "rules"
    fields: tuple[tuple[str, Field], ...] = ()

    kind: ClassVar[AnswerKind] = "move"

    def __post_init__(self) -> None:
        phrase(self.key, self.fields)
        if self.goal is not ANY_MOVE:
            phrase(f"{self.key}.why", self.fields)
        if not any(self.goal.reached(self.state, move) for move in self.state.legal_moves()):
            raise KaszinoError(f"{self.key}: no legal move reaches the goal {quote(self.goal.name)}")

    def prompt(self) -> Renders:
        return phrase(self.key, self.fields)

    def check(self, answer: object) -> Verdict:
        if not isinstance(answer, (Capture, Lay)):
            raise KaszinoError(f"{self.key}: the answer is a capture or a lay, not {quote(answer)}")
        explained = explain_move(self.state, answer, self.level)
        words = Words(explained.text_in)
        if not explained.legal or (isinstance(answer, Capture) and capture_problem(
                answer.hand, answer.table, self.state.rules) is not None):
            return Verdict(False, (words,))
        if self.goal.reached(self.state, answer):
            return Verdict(True, (words,))
        return Verdict(False, (words, phrase(f"{self.key}.why", self.fields)))


StateT = TypeVar("StateT", ScopaState, CasinoState)
MoveT = TypeVar("MoveT", ScopaMove, CasinoPlay)


@dataclass(frozen=True, slots=True)
class RightMoveTask(Generic[StateT, MoveT]):
    """Make one of the moves ``right`` on ``state``; a miss explained at ``.why``. A family's task
    says which moves it judges (``moves``) and in which words (``_words``)."""

    key: str
    state: StateT
    right: tuple[MoveT, ...]
    fields: tuple[tuple[str, Field], ...] = ()
    level: Level = "rules"

    moves: ClassVar[tuple[type, ...]] = ()
    """The move types of the family: any other answer is an error."""
    kind: ClassVar[AnswerKind] = "move"

    def __post_init__(self) -> None:
        phrase(self.key, self.fields)
        phrase(f"{self.key}.why", self.fields)
        if not self.right or any(self.state.problem(move) is not None for move in self.right):
            raise KaszinoError(f"{self.key}: the right moves must be legal ones, not {self.right}")

    def prompt(self) -> Renders:
        return phrase(self.key, self.fields)

    def _words(self, answer: MoveT) -> Renders:
        raise NotImplementedError

    def check(self, answer: object) -> Verdict:
        if not isinstance(answer, self.moves):
            raise KaszinoError(f"{self.key}: the answer is a move of the game, not {quote(answer)}")
        move = cast(MoveT, answer)
        words = self._words(move)
        if self.state.problem(move) is not None:
            return Verdict(False, (words,))
        if move in self.right:
            return Verdict(True, (words,))
        return Verdict(False, (words, phrase(f"{self.key}.why", self.fields)))


@dataclass(frozen=True, slots=True)
class ScopaTask(RightMoveTask[ScopaState, ScopaMove]):
    """A :class:`RightMoveTask` on a live Scopa table; the Scopa engine's words say why."""

    moves: ClassVar[tuple[type, ...]] = (ScopaMove,)

    def _words(self, answer: ScopaMove) -> Renders:
        return scopa_moves.explain_move(self.state, answer)


@dataclass(frozen=True, slots=True)
class CasinoTask(RightMoveTask[CasinoState, CasinoPlay]):
    """A :class:`RightMoveTask` on a live Casino table (a capture, a build move or a trail); the
    Casino engine's words say why."""

    moves: ClassVar[tuple[type, ...]] = (CasinoCapture, BuildMove, Trail)

    def _words(self, answer: CasinoPlay) -> Renders:
        return casino_moves.explain_move(self.state, answer)


@dataclass(frozen=True, slots=True)
class Score:
    """Right first answers of the questions answered so far, out of ``total`` questions."""

    right: int
    answered: int
    total: int

    @property
    def complete(self) -> bool:
        """Every question has been answered."""
        return self.answered == self.total

    def message(self) -> Message:
        """"Eredmény: 4/5" (and how many are left), as a message."""
        if self.complete:
            return _say("score_done", right=self.right, total=self.total)
        left = self.total - self.answered
        return _say("score", right=self.right, answered=self.answered, left=left, count=left)


class ScoreSheet:
    """The first answer of each question counts; later tries teach, but do not change the score.

    Questions are numbered 0 .. ``total`` - 1 in the order they are asked.
    """

    def __init__(self, total: int) -> None:
        if total < 1:
            raise KaszinoError(f"a score sheet needs at least one question, not {total}")
        self._total = total
        self._first: dict[int, bool] = {}

    def record(self, number: int, correct: bool) -> bool:
        """Note an answer to question ``number``; returns whether it was the first (the one that counts)."""
        if not 0 <= number < self._total:
            raise KaszinoError(f"question {number} is not on this score sheet (0..{self._total - 1})")
        if number in self._first:
            return False
        self._first[number] = correct
        return True

    def answered(self, number: int) -> bool:
        """Whether question ``number`` has had its counted answer."""
        return number in self._first

    def right(self, number: int) -> bool:
        """Whether the counted answer to question ``number`` was right (False before it is answered)."""
        return self._first.get(number, False)

    def score(self) -> Score:
        """The running score."""
        return Score(sum(self._first.values()), len(self._first), self._total)

    def reset(self) -> None:
        """Forget every answer: a new attempt."""
        self._first.clear()
