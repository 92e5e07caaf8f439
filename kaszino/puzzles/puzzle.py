"""Puzzles as data: the file format of ``puzzles/*.json``, loading with validation, checking answers.

A puzzle file is a JSON object ``{"format": 2, "puzzles": [record, ...]}``; each record holds
``id``, ``kind``, ``position`` (the one-line notation of :meth:`GameState.notation`), ``answers``
(move texts, choices or numbers, by kind), ``played`` (the move played in the game, for
``deal_saving``), ``themes``, ``rating`` and ``source``. Files of format 1
(the three capture kinds, before the other kinds existed) read the same way. docs/puzzles.md
describes every field.

The stored answers are exactly the set the kind's solver finds (:mod:`kaszino.puzzles.kinds`), so
an attempt is judged by set membership and every correct answer is accepted; ``kaszino puzzles
check`` re-solves every stored puzzle to keep the files honest.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import UnionType
from typing import Any, Literal, get_args

from kaszino.errors import KaszinoError, PuzzleFormatError, quote
from kaszino.files import OutputFile, read_text
from kaszino.games.casino.state import CasinoState
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.solver.counting import count_captures
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa.state import ScopaState
from kaszino.i18n import language
from kaszino.inputs import (
    MAX_COUNT,
    MAX_SEED,
    check_choice,
    check_real,
    check_type,
    check_whole,
    read_whole,
)
from kaszino.puzzles.capture_kinds import AllCaptures, BestCapture, Fals, Sweep
from kaszino.puzzles.casino_kinds import CASINO_KIND_RULES
from kaszino.puzzles.instructive import instructive_problem
from kaszino.puzzles.kinds import (
    GAMES,
    KINDS,
    MAX_ATTEMPT_MOVES,
    Answer,
    AnswerForm,
    Attempt,
    CaptureKey,
    Game,
    Kind,
    KindRules,
    PuzzleVerdict,
    answer_key,
    canonical,
    capture_key,
)
from kaszino.puzzles.play_kinds import Defend, LastRound
from kaszino.puzzles.point_kinds import Ausz, ScoreDeal
from kaszino.puzzles.saving_kind import DealSaving
from kaszino.puzzles.scopa_kinds import SCOPA_KIND_RULES
from kaszino.puzzles.themes import THEMES
from kaszino.puzzles.themes import themes as themes_of
from kaszino.shipped import shipped
from kaszino.teach.questions import AnswerKind, Lines, Renders

__all__ = [
    "BANDS", "FORMAT_VERSION", "GAMES", "KINDS", "KIND_RULES", "PUZZLE_DIR", "READABLE_FORMATS", "THEMES",
    "Answer", "AnswerForm", "Band", "CaptureKey", "Discrepancy", "Game", "Kind", "Position", "Puzzle",
    "PuzzleVerdict", "Rating", "Source", "answers_confirmed", "band_of", "canonical", "capture_key",
    "dumps_puzzles", "first_puzzles", "kind_file", "load_all", "load_puzzles", "parse_puzzles",
    "puzzle_files", "puzzle_from_record", "recheck", "save_puzzles", "solve",
]

_EVERY_KIND: tuple[KindRules[Any], ...] = (
    AllCaptures(), BestCapture(), Sweep(), LastRound(), Fals(), Ausz(), ScoreDeal(), Defend(),
    DealSaving(), *SCOPA_KIND_RULES, *CASINO_KIND_RULES)
KIND_RULES: dict[Kind, KindRules[Any]] = {rules.kind: rules for rules in _EVERY_KIND}
"""Every kind and the object that solves, judges and explains it, in the order of :data:`KINDS`."""
assert tuple(KIND_RULES) == KINDS

Band = Literal["easy", "medium", "hard"]
BANDS: tuple[Band, ...] = get_args(Band)
BAND_LIMITS = (1200.0, 1600.0)
"""A rating below the first limit is ``easy``, below the second ``medium``, else ``hard``."""


def band_of(value: float) -> Band:
    """The difficulty band of a rating value."""
    check_real("value", value, *RATING_LIMITS["value"])
    easy, medium = BAND_LIMITS
    return "easy" if value < easy else "medium" if value < medium else "hard"


FORMAT_VERSION = 2
READABLE_FORMATS = (1, 2)
"""Format 1 held only the three capture kinds; every format-1 file is a valid format-2 file."""


PUZZLE_DIR = shipped("puzzles")
"""The shipped puzzle files: the top-level ``puzzles/`` folder, which a wheel carries as package data."""

_FIELDS = ("id", "game", "kind", "position", "answers", "played", "themes", "rating", "source")
_REQUIRED = ("id", "kind", "position", "answers")
DEFAULT_GAME: Game = "kaszino"
"""The game of a puzzle whose record names none: every file written before Scopa is Kaszinó's."""
POSITION_TYPES: dict[Game, type[GameState] | type[ScopaState] | type[CasinoState]] = {
    "kaszino": GameState, "scopa": ScopaState, "casino": CasinoState}
"""The position type of each game: its ``from_notation`` reads a puzzle's position."""

Position = GameState | ScopaState | CasinoState
"""A puzzle's position: a Kaszinó, a Scopa or a Casino game state."""
_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_JSON_WHOLE = 10**20 - 1
"""The largest whole number a puzzle file may hold (20 digits; each field has its own, smaller bound)."""
RATING_LIMITS = {"value": (0.0, 5000.0), "deviation": (0.0, 1000.0), "volatility": (1e-9, 10.0)}
"""The range of each field of a rating wherever Glicko-2 is asked to update one (a volatility must
be above 0: Glicko-2 takes its logarithm)."""
SOUND_RATING_LIMITS = {"value": (0.0, 5000.0), "deviation": (30.0, 500.0), "volatility": (0.01, 0.2)}
"""The range of each field of a rating Glicko-2 computes with sensibly: a puzzle file's ratings lie
in it, and ``rating.rate`` holds both sides in it before and after each update. (A deviation near 0
or a volatility of 10 sends a rating, game after game, to thousands and then millions; the
Glicko-2 defaults are 350 and 0.06, Lichess keeps a deviation within 45..500.)"""


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating (Glicko scale): a puzzle's difficulty, or a learner's strength.

    Generated puzzles start from an estimate with a wide deviation; rating updates after
    attempts replace the value with ``dataclasses.replace``.
    """

    value: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


@dataclass(frozen=True, slots=True)
class Source:
    """Where a mined position comes from: the simulated game's seed and the move number (0-based)."""

    seed: int
    move: int


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: a position, what to find in it, and every correct answer; ``played`` is the
    move played there in the game (``deal_saving`` only)."""

    id: str
    kind: Kind
    state: Position
    answers: tuple[Answer, ...]
    themes: tuple[str, ...] = ()
    rating: Rating = field(default_factory=Rating)
    source: Source | None = None
    played: Move | None = None

    @property
    def rules(self) -> KindRules[Any]:
        """The object that solves, judges and explains this kind."""
        return KIND_RULES[self.kind]

    @property
    def game(self) -> Game:
        """The game the puzzle is of (``kaszino`` or ``scopa``), from its kind."""
        return self.rules.game

    @property
    def answer_form(self) -> AnswerForm:
        """``captures`` (a set of captures), ``move`` (one move), ``choice`` or ``number``."""
        return self.rules.form

    @property
    def band(self) -> Band:
        """``easy``, ``medium`` or ``hard``, from the rating (:data:`BAND_LIMITS`)."""
        return band_of(self.rating.value)

    @property
    def player(self) -> int:
        """The player the puzzle asks about (the player to move)."""
        return self.state.to_move

    @property
    def answer_keys(self) -> frozenset[object]:
        """What identifies each correct answer (:func:`kaszino.puzzles.kinds.answer_key`)."""
        return frozenset(answer_key(answer) for answer in self.answers)

    def is_answer(self, answer: Answer) -> bool:
        """Whether ``answer`` is correct (captures in any card order)."""
        return answer_key(answer) in self.answer_keys

    def choices(self) -> tuple[str, ...]:
        """The options of a ``choice`` puzzle (``fals``, ``ausz``); empty for the other forms."""
        return self.rules.choices(self.state)

    def choice_text(self, choice: str) -> str:
        """One option in words, in the current language."""
        return self.rules.choice_text(choice)

    def task_text(self) -> str:
        """What the learner has to find, in the current language."""
        return self.rules.task_text(self.state)

    @property
    def question(self) -> PuzzleQuestion:
        """This puzzle as a question of the one exercise model."""
        return PuzzleQuestion(self)

    def check(self, attempt: Attempt) -> PuzzleVerdict:
        """Judge an attempt (by :attr:`answer_form`): a set of captures, one move, a choice or a number.

        A wrong attempt is refuted without naming a correct answer; a right one of a puzzle with a
        move played is followed by what that move lost. The verdict's words are data, rendered in
        either language (``verdict.text_in(lang)``). ``KaszinoError`` if the attempt has the wrong
        form.
        """
        verdict = self.rules.check(self.state, self.answers, attempt)
        if self.played is None or not verdict.correct:
            return verdict
        played = self.rules.played_said(self.state, self.played)
        return replace(verdict, lines=(Lines((*verdict.lines, played)),))

    def hints(self) -> list[str]:
        """Hints from vague to precise; the last one gives an answer."""
        return self.rules.hints(self.state, self.answers)

    def solution_text(self) -> str:
        """Every correct answer with its explanation, and why the other answers are worse."""
        text = self.rules.solution_text(self.state, self.answers)
        if self.played is None:
            return text
        return text + "\n" + self.rules.played_said(self.state, self.played).render(language())

    def to_record(self) -> dict[str, object]:
        """The JSON record of this puzzle (the inverse of :func:`puzzle_from_record`)."""
        record: dict[str, object] = {"id": self.id}
        if self.game != DEFAULT_GAME:  # Kaszinó's records stay as they were written before Scopa
            record["game"] = self.game
        record |= {
            "kind": self.kind,
            "position": self.state.notation(),
            "answers": [self.rules.answer_value(answer) for answer in self.answers],
        }
        if self.played is not None:
            record["played"] = str(self.played)
        record |= {
            "themes": list(self.themes),
            "rating": {"value": _number(self.rating.value), "deviation": _number(self.rating.deviation),
                       "volatility": _number(self.rating.volatility)},
        }
        if self.source is not None:
            record["source"] = {"seed": self.source.seed, "move": self.source.move}
        return record


@dataclass(frozen=True, slots=True)
class PuzzleQuestion:
    """A puzzle as a :class:`~kaszino.teach.questions.Question`, the protocol the tutorial's and the
    classroom's exercises speak: its key (``puzzle.<id>``), how it is answered (the kind's answer
    form), the task in words and the judge. The trainer judges every answer through it."""

    puzzle: Puzzle

    @property
    def key(self) -> str:
        return f"puzzle.{self.puzzle.id}"

    @property
    def kind(self) -> AnswerKind:
        return self.puzzle.answer_form

    def prompt(self) -> Renders:
        return self.puzzle.rules.task(self.puzzle.state)

    def check(self, answer: object) -> PuzzleVerdict:
        """The puzzle's verdict (:meth:`Puzzle.check`); ``KaszinoError`` if the answer has the wrong form."""
        return self.puzzle.check(answer)  # type: ignore[arg-type]  # Puzzle.check refuses a wrong form


def _number(value: float) -> float | int:
    """Whole numbers without a trailing ``.0``, for tidy files."""
    return int(value) if value.is_integer() else value


# --- the solver's answers -------------------------------------------------------------------------
def solve(kind: Kind, state: Position) -> tuple[Answer, ...]:
    """The exact set of correct answers of a ``kind`` puzzle in ``state``, in a canonical order."""
    check_choice("kind", kind, KINDS)
    rules = KIND_RULES[kind]
    return rules.solve(check_type("state", state, POSITION_TYPES[rules.game]))


@dataclass(frozen=True, slots=True)
class Discrepancy:
    """A stored puzzle whose answers differ from the solver's set, or whose themes from the predicates'.

    ``themes`` are the themes the predicates find, when they are not the stored ones (else None);
    ``problem`` what else the exact re-check found wrong (``KindRules.verify``: a deal-saving
    puzzle whose move played no longer lost enough), else None.
    """

    puzzle: Puzzle
    missing: tuple[Answer, ...]
    extra: tuple[Answer, ...]
    themes: tuple[str, ...] | None = None
    problem: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.missing:
            parts.append("missing " + "; ".join(map(str, self.missing)))
        if self.extra:
            parts.append("extra " + "; ".join(map(str, self.extra)))
        if self.themes is not None:
            parts.append(f"themes {', '.join(self.puzzle.themes) or '-'}, but the position has "
                         f"{', '.join(self.themes) or 'none'}")
        if self.problem is not None:
            parts.append(self.problem)
        return f"puzzle {quote(self.puzzle.id)} ({self.puzzle.kind}): " + ", ".join(parts)


def recheck(puzzle: Puzzle) -> Discrepancy | None:
    """Re-solve ``puzzle``; a :class:`Discrepancy` if its stored answers are not exactly the solver's,
    its stored themes not exactly those :func:`kaszino.puzzles.themes.themes` finds, or the puzzle
    would teach nothing (:mod:`kaszino.puzzles.instructive`: say, its player could call "Ausz!")."""
    solved = solve(check_type("puzzle", puzzle, Puzzle).kind, puzzle.state)
    solved_keys = {answer_key(answer) for answer in solved}
    missing = tuple(answer for answer in solved if not puzzle.is_answer(answer))
    extra = tuple(answer for answer in puzzle.answers if answer_key(answer) not in solved_keys)
    found = themes_of(puzzle.kind, puzzle.state, puzzle.answers)
    wrong_themes = found if set(found) != set(puzzle.themes) else None
    problem = (puzzle.rules.verify(puzzle.state, puzzle.played)
               or instructive_problem(puzzle.kind, puzzle.state, puzzle.answers, puzzle.played))
    if missing or extra or wrong_themes is not None or problem is not None:
        return Discrepancy(puzzle, missing, extra, wrong_themes, problem)
    return None


def answers_confirmed(puzzle: Puzzle) -> bool:
    """Whether the solver finds exactly ``puzzle``'s stored answers (the themes aside) and nothing
    else wrong with it (``KindRules.verify``); False too when it cannot solve the position
    (``TooLargeError``, or a position it refuses)."""
    check_type("puzzle", puzzle, Puzzle)
    try:
        solved = solve(puzzle.kind, puzzle.state)
        problem = puzzle.rules.verify(puzzle.state, puzzle.played)
    except KaszinoError:
        return False
    return problem is None and {answer_key(answer) for answer in solved} == puzzle.answer_keys


# --- reading files ----------------------------------------------------------------------------------
class _Where:
    """Builds error messages naming the file, the puzzle and the field."""

    def __init__(self, path: Path | str, puzzle: str | None = None) -> None:
        self.path, self.puzzle = str(path), puzzle

    def error(self, problem: str, field_name: str | None = None) -> PuzzleFormatError:
        parts = [self.path]
        if self.puzzle is not None:
            parts.append(f"puzzle {self.puzzle}")
        if field_name is not None:
            parts.append(f"field {quote(field_name)}")
        return PuzzleFormatError(": ".join(parts + [problem]))


def puzzle_from_record(record: object, where: _Where) -> Puzzle:
    """Read and validate one record; errors name ``where`` and the field."""
    check_type("where", where, _Where)
    if not isinstance(record, Mapping):
        raise where.error(f"a puzzle must be a JSON object, not {type(record).__name__}")
    unknown = sorted(set(record) - set(_FIELDS))
    if unknown:
        raise where.error(f"unknown field(s) {', '.join(map(repr, unknown))}; known: {', '.join(_FIELDS)}")
    missing = [name for name in _REQUIRED if name not in record]
    if missing:
        raise where.error(f"missing field(s) {', '.join(map(repr, missing))}")
    puzzle_id = record["id"]
    if not isinstance(puzzle_id, str) or not _ID_RE.fullmatch(puzzle_id):
        raise where.error(f"an id is 1..64 letters, digits, '-' or '_', not {quote(puzzle_id)}", "id")
    where = _Where(where.path, repr(puzzle_id))
    game = record.get("game", DEFAULT_GAME)
    if not isinstance(game, str) or game not in GAMES:
        raise where.error(f"unknown game {quote(game)}; known: {', '.join(GAMES)}", "game")
    kind = record["kind"]
    if not isinstance(kind, str) or kind not in KINDS:
        raise where.error(f"unknown kind {quote(kind)}; known: {', '.join(KINDS)}", "kind")
    if KIND_RULES[kind].game != game:
        own = [name for name, rules in KIND_RULES.items() if rules.game == game]
        raise where.error(f"{kind} is no kind of the game {game}; its kinds: {', '.join(own)}", "kind")
    state = _read_position(record["position"], kind, where)
    answers = _read_answers(record["answers"], kind, state, where)
    return Puzzle(
        id=puzzle_id,
        kind=kind,
        state=state,
        answers=answers,
        themes=_read_themes(record.get("themes", []), where),
        rating=_read_rating(record.get("rating", {}), where),
        source=_read_source(record.get("source"), where),
        played=_read_played(record.get("played"), kind, state, answers, where),
    )


def _read_position(text: object, kind: Kind, where: _Where) -> Position:
    if not isinstance(text, str):
        raise where.error("the position must be a notation string", "position")
    rules = KIND_RULES[kind]
    try:
        state = POSITION_TYPES[rules.game].from_notation(text)
    except KaszinoError as error:
        raise where.error(f"bad notation: {error}", "position") from None
    problem = rules.position_problem(state)
    if problem is not None:
        raise where.error(f"not a {kind} position: {problem}", "position")
    if isinstance(state, ScopaState):  # one card a move: a Scopa position has a few captures at most
        return state
    if isinstance(state, CasinoState):
        count = len(state.legal_moves())
    else:
        count = count_captures(state.hands[state.to_move], state.table, state.rules)
    if count > MAX_ATTEMPT_MOVES:
        noun = "moves" if isinstance(state, CasinoState) else "captures"
        raise where.error(f"the position has {count} {noun}; a puzzle may have at most {MAX_ATTEMPT_MOVES} "
                          f"(as many as one attempt may list)", "position")
    return state


def _read_answers(values: object, kind: Kind, state: Position, where: _Where) -> tuple[Answer, ...]:
    if not isinstance(values, list) or not values:
        raise where.error("answers must be a non-empty list", "answers")
    answers: list[Answer] = []
    for value in values:
        try:
            answer = KIND_RULES[kind].read_answer(state, value)
        except KaszinoError as error:
            raise where.error(str(error), "answers") from None
        if any(answer_key(answer) == answer_key(a) for a in answers):
            raise where.error(f"{quote(value)} is listed twice", "answers")
        answers.append(answer)
    problem = KIND_RULES[kind].answers_problem(state, tuple(answers))
    if problem is not None:
        raise where.error(problem, "answers")
    return tuple(answers)


def _read_played(value: object, kind: Kind, state: Position, answers: tuple[Answer, ...], where: _Where
                 ) -> Move | None:
    rules = KIND_RULES[kind]
    if not rules.stores_played:
        if value is not None:
            raise where.error(f"a {kind} puzzle stores no move played", "played")
        return None
    if value is None:
        raise where.error(f"a {kind} puzzle stores the move played in the game", "played")
    try:
        played = rules.read_move(state, value)
    except KaszinoError as error:
        raise where.error(str(error), "played") from None
    if not isinstance(played, Capture | Lay):
        raise where.error(f"{quote(value)} is no capture or lay", "played")
    problem = rules.played_problem(state, answers, played)
    if problem is not None:
        raise where.error(problem, "played")
    return played


def _read_themes(themes: object, where: _Where) -> tuple[str, ...]:
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
        raise where.error("themes must be a list of theme names", "themes")
    unknown = [t for t in themes if t not in THEMES]
    if unknown:
        raise where.error(f"unknown theme(s) {', '.join(map(quote, unknown))}; known: {', '.join(THEMES)}",
                          "themes")
    repeated = sorted({t for t in themes if themes.count(t) > 1})
    if repeated:
        raise where.error(f"theme(s) listed twice: {', '.join(map(repr, repeated))}", "themes")
    return tuple(themes)


def _read_rating(data: object, where: _Where) -> Rating:
    if not isinstance(data, Mapping) or set(data) - set(SOUND_RATING_LIMITS):
        raise where.error(f"rating must be an object with some of {', '.join(SOUND_RATING_LIMITS)}", "rating")
    for name, value in data.items():
        low, high = SOUND_RATING_LIMITS[name]
        if not _within(value, int | float, high) or value < low:
            raise where.error(f"{name} must be a number {low:g}..{high:g}, not {quote(value)}",
                              f"rating.{name}")
    return Rating(**{k: float(v) for k, v in data.items()})


def _within(value: object, kind: type | UnionType, high: float) -> bool:
    """Whether ``value`` is a ``kind`` (never a bool) with ``0 <= value <= high``."""
    return isinstance(value, kind) and not isinstance(value, bool) and 0 <= value <= high  # type: ignore[operator]


def _read_source(data: object, where: _Where) -> Source | None:
    if data is None:
        return None
    if (not isinstance(data, Mapping) or set(data) != {"seed", "move"}
            or not _within(data["seed"], int, MAX_SEED) or not _within(data["move"], int, MAX_COUNT)):
        raise where.error(f'source must be {{"seed": <0..{MAX_SEED}>, "move": <0..{MAX_COUNT}>}}', "source")
    return Source(seed=data["seed"], move=data["move"])


def parse_puzzles(text: str, path: Path | str = "<text>") -> tuple[Puzzle, ...]:
    """Read the puzzles of one file's text; ``path`` only names the file in errors."""
    return _parse(text, path)


def _parse(text: str, path: Path | str, first: int | None = None) -> tuple[Puzzle, ...]:
    """:func:`parse_puzzles`, or only the file's ``first`` puzzles (the others are not checked)."""
    where = _Where(path)
    document = _read_json(text, where)
    if not isinstance(document, dict) or set(document) != {"format", "puzzles"}:
        raise where.error(f'a puzzle file is a JSON object {{"format": {FORMAT_VERSION}, "puzzles": [...]}}')
    version = document["format"]
    if type(version) is not int or version not in READABLE_FORMATS:
        readable = " and ".join(map(str, READABLE_FORMATS))
        raise where.error(f"unknown format {quote(version)}; this version reads {readable}", "format")
    if not isinstance(document["puzzles"], list):
        raise where.error("'puzzles' must be a list", "puzzles")
    puzzles = [puzzle_from_record(record, _Where(path, f"#{number}"))
               for number, record in enumerate(document["puzzles"][:first], 1)]
    check_unique_ids(puzzles, path)
    return tuple(puzzles)


def _read_json(text: object, where: _Where) -> object:
    """The JSON document of a puzzle file: plain numbers, no repeated key, nesting within bounds."""
    if not isinstance(text, str):
        raise where.error(f"a puzzle file's text must be a string, not {type(text).__name__}")
    try:
        return json.loads(text, parse_int=_json_int(where), parse_float=_json_float(where),
                          parse_constant=_json_constant(where), object_pairs_hook=_json_object(where))
    except json.JSONDecodeError as error:
        raise where.error(f"line {error.lineno}, column {error.colno}: not valid JSON: {error.msg}") from None
    except RecursionError:  # the JSON reader's own bound on nesting; a real file nests 4 deep
        raise where.error("JSON nested too deeply") from None


def _json_int(where: _Where) -> Callable[[str], int]:
    def read(token: str) -> int:
        try:
            return read_whole("number", token, -_JSON_WHOLE, _JSON_WHOLE)
        except KaszinoError as error:
            raise where.error(str(error)) from None
    return read


def _json_float(where: _Where) -> Callable[[str], float]:
    def read(token: str) -> float:
        value = float(token)
        if len(token) > 40 or not math.isfinite(value):
            raise where.error(f"number {quote(token)} is too long or too big")
        return value
    return read


def _json_constant(where: _Where) -> Callable[[str], object]:
    def refuse(token: str) -> object:
        raise where.error(f"{token} is no number a puzzle file may hold")
    return refuse


def _json_object(where: _Where) -> Callable[[list[tuple[str, object]]], dict[str, object]]:
    def build(pairs: list[tuple[str, object]]) -> dict[str, object]:
        result: dict[str, object] = {}
        for key, value in pairs:
            if key in result:
                raise where.error(f"key {quote(key)} appears twice in one object")
            result[key] = value
        return result
    return build


def check_unique_ids(puzzles: Sequence[Puzzle], path: Path | str) -> None:
    """Raise a ``PuzzleFormatError`` naming the first id used twice."""
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise _Where(path, repr(puzzle.id)).error("duplicate id", "id")
        seen.add(puzzle.id)


MAX_FILE_BYTES = 10_000_000
"""The largest puzzle file read, in bytes: about 13,000 puzzles (a shipped file of 130 takes 100 kB)."""


_READ: dict[str, tuple[tuple[int, int, int, int], tuple[Puzzle, ...]]] = {}
"""The puzzles of each file read so far (by its resolved path) with the file's stamp when read:
device, inode, size and modification time."""


def load_puzzles(path: Path | str) -> tuple[Puzzle, ...]:
    """Read and validate one puzzle file (UTF-8, with or without a byte order mark, as some editors
    write it; a regular file of at most :data:`MAX_FILE_BYTES`). Reading never changes the file.
    A file read before in this process and not changed since (the same stamp) is not read again:
    the trainer's page takes the shipped collections as the app's warm process read them."""
    return _load(path)


def _load(path: Path | str, first: int | None = None) -> tuple[Puzzle, ...]:
    """:func:`load_puzzles`, or only the file's ``first`` puzzles (taken from the whole file when
    this process has read it, else read and checked alone)."""
    named = _path(path)
    try:
        status = os.stat(named)
        key = os.path.realpath(named)
        stamp = (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)
    except (OSError, ValueError):  # read_text names the problem
        key, stamp = "", (0, 0, 0, 0)
    known = _READ.get(key)
    if key and known is not None and known[0] == stamp:
        return known[1][:first]
    text = read_text(named, what="puzzle file", limit=MAX_FILE_BYTES, error=PuzzleFormatError,
                     encoding="utf-8-sig")
    puzzles = _parse(text, path, first)
    if key and first is None:
        _READ[key] = (stamp, puzzles)
    return puzzles


def _path(path: object) -> str | os.PathLike[str]:
    """``path`` if it can name a file; else a ``PuzzleFormatError``."""
    if not isinstance(path, (str, os.PathLike)):
        raise PuzzleFormatError(f"a puzzle file is named by a path, not {quote(path)}")
    return path


def puzzle_files(directory: Path | str = PUZZLE_DIR) -> list[Path]:
    """The puzzle files of a directory, sorted by name."""
    return sorted(Path(_path(directory)).glob("*.json"))


def kind_file(kind: Kind, directory: Path | str = PUZZLE_DIR) -> Path:
    """The file of ``kind`` in a collection of one file per kind (the shipped one, and what
    ``kaszino puzzles generate --dir`` writes): ``<directory>/<kind>.json``."""
    check_choice("kind", kind, KINDS)
    return Path(_path(directory)) / f"{kind}.json"


def first_puzzles(kind: Kind, count: int) -> tuple[Puzzle, ...]:
    """The first ``count`` shipped puzzles of ``kind``: its easiest, since each shipped file runs
    from easy to hard. Only they are read and checked (unless this process has read the whole
    file): a chapter that shows a kind's first puzzles does not check the other hundred."""
    return _load(kind_file(kind), check_whole("count", count, 1))


def load_all(paths: Iterable[Path | str] | None = None) -> tuple[Puzzle, ...]:
    """Every puzzle of the given files (default: the shipped ones); ids must be unique across them."""
    if paths is not None and (isinstance(paths, (str, os.PathLike)) or not isinstance(paths, Iterable)):
        raise PuzzleFormatError(f"load_all takes a list of paths, not {quote(paths)}")
    files = puzzle_files() if paths is None else [Path(_path(p)) for p in paths]
    puzzles = [puzzle for path in files for puzzle in load_puzzles(path)]
    check_unique_ids(puzzles, ", ".join(map(str, files)))
    return tuple(puzzles)


def dumps_puzzles(puzzles: Sequence[Puzzle]) -> str:
    """The text of a puzzle file holding ``puzzles``: one field a line, one answer a line."""
    records = ",\n".join(_record_text(p.to_record()) for p in _puzzle_list(puzzles))
    body = f"\n{records}\n  " if records else ""
    return f'{{\n  "format": {FORMAT_VERSION},\n  "puzzles": [{body}]\n}}\n'


def _record_text(record: Mapping[str, object]) -> str:
    def dumps(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in record.items():
        if key == "answers" and isinstance(value, list):
            items = ",\n".join(f"        {dumps(item)}" for item in value)
            lines.append(f'      "answers": [\n{items}\n      ]')
        else:
            lines.append(f"      {dumps(key)}: {dumps(value)}")
    return "    {\n" + ",\n".join(lines) + "\n    }"


def save_puzzles(puzzles: Sequence[Puzzle], path: Path | str, *, replace: bool = True) -> None:
    """Write a puzzle file (an existing one only if ``replace``). The text is read back and compared
    first, then put in the place of ``path`` in one step (:mod:`kaszino.files`), so a failure never
    leaves a broken or half-written file behind; a folder, a device or a pipe at ``path`` is refused."""
    if not isinstance(path, (str, os.PathLike)) or "\0" in os.fspath(path) or not os.fspath(path):
        raise KaszinoError(f"a puzzle file is named by a path, not {quote(path)}")
    puzzles = _puzzle_list(puzzles)
    target = OutputFile(path, force=replace, option="", what="puzzle file")
    target.check()
    text = dumps_puzzles(puzzles)
    if parse_puzzles(text, path) != tuple(puzzles):
        raise KaszinoError(f"{quote(os.fspath(path))}: the puzzles do not read back unchanged; "
                           "nothing written")
    target.write(text)


def _puzzle_list(puzzles: object) -> tuple[Puzzle, ...]:
    """``puzzles`` as a tuple if it is a list (or tuple) of ``Puzzle`` values; else a ``KaszinoError``."""
    if not isinstance(puzzles, (list, tuple)) or not all(isinstance(p, Puzzle) for p in puzzles):
        raise KaszinoError(f"a puzzle file holds a list of Puzzle values, not {quote(puzzles)}")
    return tuple(puzzles)
