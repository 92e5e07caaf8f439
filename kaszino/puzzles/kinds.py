"""What every puzzle kind provides: its answers, how an attempt is judged, its texts.

A kind is one :class:`KindRules` object. It decides whether a position can hold its task
(:meth:`KindRules.position_problem`), finds the exact set of correct answers (:meth:`solve`),
judges one attempt without revealing the right answer (:meth:`check`), and gives the hint ladder
and the full solution. The answer of a kind has one *form*:

- ``"captures"``: a set of moves — captures (``all_captures``, ``casino_captures``), or Casino's
  build moves (``casino_builds``);
- ``"move"``: one move — a capture or a lay (``best_capture``, ``sweep``, ``last_round``, ``defend``,
  ``deal_saving``);
- ``"choice"``: one of :meth:`KindRules.choices` (``fals``, ``ausz``);
- ``"number"``: a whole number (``score_deal``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any, Generic, Literal, Protocol, TypeVar, get_args

from kaszino.engine.cards import Card
from kaszino.engine.refusals import Refusal
from kaszino.errors import KaszinoError, quote
from kaszino.games.casino.moves import Capture as CasinoCapture
from kaszino.games.casino.moves import Play as CasinoPlay
from kaszino.games.kaszino import moves
from kaszino.games.kaszino.captures import Capture, capture_problem
from kaszino.games.kaszino.moves import Claim, Lay, Move, parse_move
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa.moves import ScopaMove
from kaszino.i18n import language, tr
from kaszino.inputs import MAX_COUNT, check_type
from kaszino.teach.explain import Joined, Level, Message, explain_move, move_message
from kaszino.teach.narrate import message_fields, refusal_message
from kaszino.teach.questions import UNHEADED, Lines, Renders, Verdict, Words, phrase

KaszinoKindName = Literal["all_captures", "best_capture", "sweep", "last_round", "fals", "ausz", "score_deal",
                          "defend", "deal_saving"]
ScopaKindName = Literal["scopa_captures", "scopa_best", "scopa_primiera", "scopa_last_round"]
CasinoKindName = Literal["casino_captures", "casino_builds", "casino_best", "casino_last_hand"]
Kind = KaszinoKindName | ScopaKindName | CasinoKindName
KASZINO_KINDS: tuple[KaszinoKindName, ...] = get_args(KaszinoKindName)
SCOPA_KINDS: tuple[ScopaKindName, ...] = get_args(ScopaKindName)
CASINO_KINDS: tuple[CasinoKindName, ...] = get_args(CasinoKindName)
KINDS: tuple[Kind, ...] = KASZINO_KINDS + SCOPA_KINDS + CASINO_KINDS
"""Every kind: Kaszinó's first, then Scopa's, then Casino's (docs/puzzles.md)."""

Game = Literal["kaszino", "scopa", "casino"]
GAMES: tuple[Game, ...] = get_args(Game)
"""The games (rule families) a puzzle may be of; a puzzle file names Kaszinó by default."""

AnswerForm = Literal["captures", "move", "choice", "number"]
Answer = Move | ScopaMove | CasinoPlay | str | int
"""One correct answer: a capture or lay (forms ``captures`` and ``move``; a Scopa move in Scopa's
kinds, a Casino capture, build or trail in Casino's), a choice, or a number."""

Attempt = Move | ScopaMove | CasinoPlay | Iterable[Move | ScopaMove | CasinoPlay] | str | int
"""What a learner submits: a set of captures, one move, one choice or one number."""

CaptureKey = tuple[frozenset[Card], frozenset[Card]]

MAX_ATTEMPT_MOVES = 1000
"""The most moves one attempt may hold (a position has at most a few hundred captures)."""


def capture_key(capture: Capture) -> CaptureKey:
    """What makes two captures the same: the cards on each side, in any order."""
    if type(capture) is not Capture:
        check_type("capture", capture, Capture)
    return frozenset(capture.hand), frozenset(capture.table)


def answer_key(answer: Answer) -> object:
    """What makes two answers the same: captures compare by their cards in any order (a Casino
    capture by its card and the table cards it takes, however they are grouped)."""
    if isinstance(answer, CasinoCapture):
        return answer.card, frozenset(answer.taken)
    return capture_key(answer) if isinstance(answer, Capture) else answer


@dataclass(frozen=True, slots=True)
class PuzzleVerdict(Verdict):
    """The judgement of one attempt at a puzzle, a :class:`~kaszino.teach.questions.Verdict` of the
    one exercise protocol: ``correct``, its words (one line, whose own first words say right or
    wrong: no head word) and the details.

    ``missing`` are correct answers not given (``all_captures`` only: a count is told, not the
    captures), ``extra`` are legal answers given that are not correct, ``wrong`` are moves the
    rules do not allow. A wrong attempt's words refute it without naming a correct answer.
    """

    missing: tuple[Answer, ...] = ()
    extra: tuple[Answer, ...] = ()
    wrong: tuple[Answer, ...] = ()


def judged(correct: bool, *said: Renders, missing: tuple[Answer, ...] = (), extra: tuple[Answer, ...] = (),
           wrong: tuple[Answer, ...] = ()) -> PuzzleVerdict:
    """A kind's verdict: its words ``said`` (data, one line each) render in either language."""
    return PuzzleVerdict(correct, (Lines(said),), UNHEADED, missing, extra, wrong)


def said(domain: str, key: str, **fields: object) -> Message:
    """The text ``<domain>.<key>`` with ``fields``, as data rendered in either language: cards and lists
    of cards shown as cards (``text_fields``), a field that is itself words (a move's, a value's)
    rendered in the language asked."""
    words = {name: value for name, value in fields.items() if isinstance(value, Message | Joined)}
    plain = {name: value for name, value in fields.items() if name not in words}
    return Message(key, tuple({**message_fields(plain), **words}.items()), domain)


S = TypeVar("S")
"""The position type of a kind's game (Kaszinó's ``GameState``, Scopa's ``ScopaState``)."""
M = TypeVar("M")


class KindRules(ABC, Generic[S]):
    """One puzzle kind of one game. Subclasses set ``kind``, ``form``, ``prefix`` (the id prefix)
    and ``game``."""

    kind: Kind
    form: AnswerForm
    prefix: str
    game: Game

    def task(self, state: S) -> Message:
        """What the learner has to find, in words (data: rendered in either language)."""
        return said("puzzles", f"task_{self.kind}")

    def task_text(self, state: S) -> str:
        """:meth:`task` in the current language."""
        return words(self.task(state))

    def choices(self, state: S) -> tuple[str, ...]:
        """The options of a ``choice`` kind (empty for the other forms)."""
        return ()

    def choice_text(self, choice: str) -> str:
        """An option in words, in the current language."""
        return tr(f"puzzles.choice_{self.kind}_{choice}")

    @abstractmethod
    def position_problem(self, state: S) -> str | None:
        """Why ``state`` cannot hold this kind's task (English, for file errors), or None."""

    @abstractmethod
    def solve(self, state: S) -> tuple[Answer, ...]:
        """The exact set of correct answers in ``state``, in a canonical order."""

    @abstractmethod
    def check(self, state: S, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        """Judge ``attempt`` against the correct ``answers``; the verdict's words are data (any language)."""

    @abstractmethod
    def hints(self, state: S, answers: tuple[Answer, ...]) -> list[str]:
        """Hints from vague to precise; the last one gives an answer."""

    @abstractmethod
    def solution_text(self, state: S, answers: tuple[Answer, ...]) -> str:
        """Every correct answer with its explanation, and why the other answers are worse."""

    # --- answers as file data ---------------------------------------------------------------
    def read_answer(self, state: S, value: object) -> Answer:
        """One stored answer read from its JSON value; ``KaszinoError`` says what is wrong."""
        if self.form in ("captures", "move"):
            return self.read_move(state, value)
        if self.form == "choice":
            return self.one_choice(state, value)
        return whole_answer(value)

    @abstractmethod
    def read_move(self, state: S, value: object) -> Answer:
        """One stored move (forms ``captures`` and ``move``), legal in ``state``, from its JSON text."""

    def answers_problem(self, state: S, answers: tuple[Answer, ...]) -> str | None:
        """Why ``answers`` (each read by :meth:`read_answer`, none twice) cannot be this kind's
        answer set in ``state`` (English, for file errors), or None: a ``number`` puzzle has one
        answer, a ``choice`` puzzle does not accept every option (it would ask nothing)."""
        if self.form == "number" and len(answers) != 1:
            return f"a {self.kind} puzzle has one answer, a whole number, not {len(answers)}"
        if self.form == "choice" and len(answers) == len(self.choices(state)):
            return f"a {self.kind} puzzle cannot accept every option ({', '.join(map(str, answers))})"
        return None

    # --- the move played in the game (kinds that store one: ``deal_saving``) ------------------
    stores_played = False
    """Whether a puzzle of the kind stores the move played in the game (``Puzzle.played``)."""

    def played_problem(self, state: S, answers: tuple[Answer, ...], played: Move) -> str | None:
        """Why ``played`` (a capture or a lay) cannot be the puzzle's stored move played in the game
        (English, for file errors), or None. Asked only of kinds that store one."""
        return None

    def verify(self, state: S, played: Move | None) -> str | None:
        """What an exact re-check finds wrong with the puzzle beyond its answers (English), or None."""
        return None

    def played_said(self, state: S, played: Move) -> Renders:
        """The move played in the game, explained (kinds that store one)."""
        return Lines(())

    def answer_value(self, answer: Answer) -> object:
        """The JSON value of one answer (the inverse of :meth:`read_answer`)."""
        return answer if isinstance(answer, str | int) else str(answer)

    def some_moves(self, attempt: object, move_type: type[M], valid: Callable[[M], bool]) -> tuple[M, ...]:
        """The moves of a ``captures`` attempt (one ``move_type`` or a collection of them, each
        ``valid``), or a ``KaszinoError``."""
        if isinstance(attempt, move_type):
            attempt = (attempt,)
        if isinstance(attempt, str | bytes) or not isinstance(attempt, Iterable):
            raise KaszinoError(f"a {self.kind} puzzle takes a set of captures, not {quote(attempt)}")
        selection = tuple(islice(attempt, MAX_ATTEMPT_MOVES + 1))
        if len(selection) > MAX_ATTEMPT_MOVES:
            raise KaszinoError(f"a {self.kind} attempt holds at most {MAX_ATTEMPT_MOVES} captures")
        chosen = tuple(move for move in selection if isinstance(move, move_type) and valid(move))
        if len(chosen) < len(selection):
            wrong = next(move for move in selection if not isinstance(move, move_type) or not valid(move))
            raise KaszinoError(f"a {self.kind} puzzle takes captures only, not {quote(wrong)}")
        return chosen

    def one_choice(self, state: S, attempt: object) -> str:
        """The choice of a ``choice`` attempt, or a ``KaszinoError`` listing the options."""
        if not isinstance(attempt, str) or attempt not in self.choices(state):
            raise KaszinoError(f"{quote(attempt)} is not one of {', '.join(self.choices(state))} "
                               f"(the choices of a {self.kind} puzzle)")
        return attempt


class KaszinoKind(KindRules[GameState]):
    """A kind of Kaszinó: its answers are Kaszinó's captures and lays (or choices, numbers)."""

    game: Game = "kaszino"

    def read_move(self, state: GameState, value: object) -> Answer:
        move = move_text(value, parse_move)
        allowed = (Capture,) if self.form == "captures" else (Capture, Lay)
        if not isinstance(move, allowed):
            wanted = "capture" if self.form == "captures" else "move"
            raise KaszinoError(f"{quote(value)} is not a {wanted}")
        problem = move_problem(state, move)
        if problem is not None:
            raise problem.error(f"{quote(value)} is not a legal move here")
        return move

    def one_move(self, attempt: object) -> Capture | Lay:
        """The single move of a ``move`` attempt, or a ``KaszinoError``."""
        if not isinstance(attempt, Capture | Lay) or moves.move_problem(attempt) is not None:
            raise KaszinoError(f"a {self.kind} puzzle takes one move (a capture or a lay), "
                               f"not {quote(attempt)}")
        return attempt

    def some_captures(self, attempt: object) -> tuple[Capture, ...]:
        """The captures of a ``captures`` attempt (one capture or a collection), or a ``KaszinoError``."""
        return self.some_moves(attempt, Capture, lambda move: moves.move_problem(move) is None)


def move_text(value: object, parse: Callable[[str], M]) -> M:
    """A stored move read from its JSON text by ``parse``; a ``KaszinoError`` names a bad one."""
    if not isinstance(value, str):
        raise KaszinoError(f"{quote(value)} is not a move text")
    try:
        return parse(value)
    except KaszinoError as error:
        raise KaszinoError(f"{quote(value)} is not a move: {error}") from None


def listing_verdict(reasons: dict[Answer, Renders | None], answers: Sequence[Answer], missing_text: str,
                    correct_text: str) -> PuzzleVerdict:
    """The verdict on "find every one": each move given with why it is wrong (None: it is correct),
    the wrong ones refused, the correct ones not given only counted (``missing_text`` with ``found``
    and ``total``), ``correct_text`` (with ``total``) when every one is given."""
    wrong = tuple(move for move, reason in reasons.items() if reason is not None)
    chosen = {answer_key(move) for move, reason in reasons.items() if reason is None}
    missing = tuple(answer for answer in answers if answer_key(answer) not in chosen)
    lines = [reason for reason in reasons.values() if reason is not None]
    if missing:
        lines.append(phrase(missing_text, (("found", len(answers) - len(missing)), ("total", len(answers)),
                                           ("count", len(answers)))))
    correct = not lines
    if correct:
        lines.append(phrase(correct_text, (("total", len(answers)), ("count", len(answers)))))
    return judged(correct, *lines, missing=missing, wrong=wrong)


def number_verdict(attempt: Attempt, right: Answer, texts: str) -> PuzzleVerdict:
    """The verdict on a ``number`` attempt: the text ``<texts>_right``, ``_too_high`` or ``_too_low``
    (with ``points``)."""
    points = whole_answer(attempt, low=-MAX_COUNT)  # a guess below 0 is merely too low
    if points == right:
        return judged(True, phrase(f"{texts}_right", (("points", points), ("count", points))))
    key = "too_high" if isinstance(right, int) and points > right else "too_low"
    return judged(False, phrase(f"{texts}_{key}", (("points", points), ("count", points))), extra=(points,))


def tied(others: Sequence[Move]) -> tuple[Message, ...]:
    """The line of a right verdict that names the other answers as good (none when there are none)."""
    if not others:
        return ()
    return (said("puzzles", "best_tied", others=Joined(tuple(move_message(move) for move in others))),)


def whole_answer(value: object, low: int = 0) -> int:
    """A ``number`` answer (or, with ``low`` below 0, an attempt): a whole number ``low..MAX_COUNT``."""
    if type(value) is not int or not low <= value <= MAX_COUNT:
        raise KaszinoError(f"{quote(value)} is not a whole number {low}..{MAX_COUNT}")
    return value


def move_problem(state: GameState, move: Move) -> Refusal | None:
    """Why ``move`` is no correct move of the player to move (the engine's refusal), or None.

    Stricter than ``state.problem``: under V6 the engine accepts a false capture as an attempt.
    """
    problem = state.problem(move)
    if problem is None and isinstance(move, Capture):
        problem = capture_problem(move.hand, move.table, state.rules)
    return problem


def is_answer(answers: Sequence[Answer], attempt: Answer) -> bool:
    """Whether ``attempt`` is one of ``answers`` (captures in any card order)."""
    return answer_key(attempt) in {answer_key(answer) for answer in answers}


def explain(state: GameState, move: Move, level: Level = "scoring") -> str:
    """The explanation of ``move`` (at ``"scoring"`` it may name the best capture: for solutions
    only; a kind that asks about the rules alone explains at ``"rules"``: no points)."""
    return explain_move(state, move, level).text


def refusal(state: GameState, move: Move) -> Renders | None:
    """Learner-facing words for a move that is not correct here, or None if it is correct: a capture
    is named in words first (one of a list the learner gave), then why it is refused."""
    if move_problem(state, move) is None:
        return None
    reason = Words(explain_move(state, move).text_in)
    if not isinstance(move, Capture):
        return reason
    named = said("puzzles", "false_capture", capture=move_message(move))
    if state.problem(move) is None:  # V6: the engine takes it as an attempt
        return named
    return Lines((named, reason), " ")


def free_to_move(state: GameState) -> str | None:
    """Why the player to move may not choose a move freely now, or None."""
    if state.finished or state.deal_over:
        return "the game or the deal is over"
    if state.pending is not None:
        return "a capture is waiting for a Fals! call"
    if state.forced == "lay":
        return "the player to move must lay a card"
    if not state.hands[state.to_move]:
        return "the player to move holds no cards"
    return None


def may_claim(state: GameState) -> bool:
    """Whether the player to move has secured the game's target already: he may call "Ausz!" and
    win now (under manual claims), or, while a capture waits for a Fals! call, as soon as the
    call's window closes. Then no capture or lay of his matters for the game."""
    window_closed = state if state.pending is None else replace(state, pending=None)
    manual = replace(window_closed, rules=state.rules.with_changes(claim="manual"))
    return state.rules.target is not None and manual.problem(Claim(state.to_move)) is None


def canonical(state: GameState, found: Iterable[Capture]) -> tuple[Capture, ...]:
    """Captures with their cards in hand and table order, sorted, each once (each must be made of the
    mover's hand and the table)."""
    hand, table = check_type("state", state, GameState).hands[state.to_move], state.table
    if not isinstance(found, Iterable):
        raise KaszinoError(f"found must be a list of captures, not {quote(found)}")
    found = tuple(found)
    for capture in found:
        if (not isinstance(capture, Capture) or not set(capture.hand) <= set(hand)
                or not set(capture.table) <= set(table)):
            raise KaszinoError(f"found: {quote(capture)} is no capture from the mover's hand and the table")

    def ordered(capture: Capture) -> Capture:
        return Capture(tuple(c for c in hand if c in capture.hand),
                       tuple(c for c in table if c in capture.table))

    def sort_key(capture: Capture) -> tuple[int, list[int], int, list[int]]:
        return (len(capture.hand), [hand.index(c) for c in capture.hand],
                len(capture.table), [table.index(c) for c in capture.table])

    unique = {capture_key(c): ordered(c) for c in found}
    return tuple(sorted(unique.values(), key=sort_key))


def canonical_moves(state: GameState, found: Iterable[Move]) -> tuple[Move, ...]:
    """Moves in a canonical order: captures as :func:`canonical` orders them, then lays in hand order."""
    moves = list(found)
    captured = canonical(state, [m for m in moves if isinstance(m, Capture)])
    hand = state.hands[state.to_move]
    lays = sorted({m for m in moves if isinstance(m, Lay)}, key=lambda lay: hand.index(lay.card))
    return captured + tuple(lays)


class Dealt(Protocol):
    """A position of a family where a player plays one card a move (Scopa's, Casino's)."""

    @property
    def finished(self) -> bool: ...

    @property
    def deal_over(self) -> bool: ...

    @property
    def to_move(self) -> int: ...

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...


def free_move(state: Dealt) -> str | None:
    """Why the player to move cannot choose a card now (English, for file errors), or None."""
    if state.finished or state.deal_over:
        return "the game or the deal is over"
    if not state.hands[state.to_move]:
        return "the player to move holds no cards"
    return None


def first_behind(value: object, best: object, names: Sequence[str]) -> str:
    """The first of the fields ``names`` in which ``best`` differs from ``value`` (a worth that
    compares field by field: where the better one is ahead)."""
    return next(name for name in names if getattr(best, name) != getattr(value, name))


@dataclass(frozen=True, slots=True)
class Outcome(Generic[M]):
    """Where a move of a known last round leads with best play afterwards (Scopa's, Casino's): its
    exact margin, the line both players play after it, the deal's points of the mover and of the other."""

    move: M
    value: int
    line: tuple[M, ...]
    mine: int
    theirs: int


def domain_text(domain: str, key: str, **fields: object) -> str:
    """The text ``<domain>.<key>`` (Scopa's and Casino's kinds) in the current language: :func:`said`."""
    return said(domain, key, **fields).render(language())


class Judging(Protocol):
    """A position that judges a move by the engine's refusal (Scopa's, Casino's)."""

    def problem(self, move: Any) -> Refusal | None: ...


def refusal_words(state: Judging, move: object) -> Message | None:
    """Why ``move`` may not be played in ``state``, in words (the engine's refusal), or None."""
    problem = state.problem(move)
    return None if problem is None else refusal_message(problem)


def result_text(domain: str, found: Outcome[M]) -> Message:
    """The exact result of a last-round move (the text ``<domain>.result``)."""
    return said(domain, "result", mine=found.mine, theirs=found.theirs, margin=f"{found.value:+d}")


def last_move_verdict(domain: str, words: Callable[[M], Message], found: Outcome[M], best: int,
                      correct: bool) -> PuzzleVerdict:
    """The verdict on a last-round move: right with its result, or its result, the loss against the
    ``best`` margin and the opponent's best reply (texts ``last_correct``, ``last_worse``,
    ``last_reply`` of ``domain``)."""
    result = result_text(domain, found)
    if correct:
        return judged(True, said(domain, "last_correct", move=words(found.move), result=result))
    loss = best - found.value
    reply = (said(domain, "last_reply", move=words(found.line[0])),) if found.line else ()
    text = said(domain, "last_worse", move=words(found.move), result=result, loss=loss, count=loss)
    return judged(False, text, *reply, extra=(found.move,))  # type: ignore[arg-type]


def last_move_line(domain: str, words: Callable[[M], str], found: Outcome[M], best: bool) -> str:
    """A last-round move in a solution: best or worse, its result, and the line played after it."""
    line = ", ".join(domain_text(domain, "step_opponent" if n % 2 == 0 else "step_you", move=words(step))
                     for n, step in enumerate(found.line))
    key = "last_line_best" if best else "last_line_worse"
    result = result_text(domain, found)
    return domain_text(domain, key, move=words(found.move), result=result, line=line or "-")


def sentence(text: str) -> str:
    """``text`` starting with a capital letter (a move's words opening a line)."""
    return text[:1].upper() + text[1:]


def bullet_lines(head: str, lines: Iterable[str]) -> str:
    """A heading and one bullet a line."""
    return "\n".join([head, *(f"• {line}" for line in lines)])


def words(message: Renders) -> str:
    """Words that are data (a message of :mod:`kaszino.teach.explain`, a verdict's line) in the current
    language."""
    return message.render(language())


def move_words(move: Move) -> str:
    """A Kaszinó move in words in the current language (never its written form: ``move_message``)."""
    return words(move_message(move))
