"""Puzzles as data: the file format of ``puzzles/*.json``, loading with validation, checking answers.

A puzzle file is a JSON object ``{"format": 1, "puzzles": [record, ...]}``; each record holds
``id``, ``kind``, ``position`` (the one-line notation of :meth:`GameState.notation`), ``answers``
(move texts), ``themes``, ``rating`` and ``source``. docs/puzzles.md describes every field.

The stored answers are exactly the set the solver finds (:func:`solve`), so a learner's answer is
judged by set membership and every correct answer is accepted; ``kaszino puzzles check`` re-solves
every stored puzzle to keep the files honest.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import UnionType
from typing import Literal, get_args

from kaszino.engine.captures import Capture, capture_problem, captures
from kaszino.engine.cards import Card, format_cards
from kaszino.engine.moves import parse_move
from kaszino.engine.state import GameState
from kaszino.errors import KaszinoError, PuzzleFormatError, quote
from kaszino.i18n import tr
from kaszino.inputs import MAX_COUNT, MAX_SEED, read_whole
from kaszino.solver.sweeps import sweeps
from kaszino.solver.value import best_captures
from kaszino.teach.explain import explain_move
from kaszino.teach.hints import Objective, hint_ladder

Kind = Literal["all_captures", "best_capture", "sweep"]
KINDS: tuple[Kind, ...] = get_args(Kind)

THEMES: tuple[str, ...] = (
    "ace", "big_casino", "little_casino", "multi_card", "long_capture", "first_move_double",
    "forced_second_move", "open_round", "many_captures", "tied_best",
)
"""Theme tags a puzzle may carry; :mod:`kaszino.puzzles.mining` decides them with small predicates."""

FORMAT_VERSION = 1
def _shipped_puzzles() -> Path:
    """Where the shipped puzzle files are: inside an installed wheel, else ``puzzles/`` of the checkout."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "_data" / "puzzles"
    return packaged if packaged.is_dir() else package.parent / "puzzles"


PUZZLE_DIR = _shipped_puzzles()
"""The shipped puzzle files: the top-level ``puzzles/`` folder, which a wheel carries as package data."""

_OBJECTIVES: dict[Kind, Objective] = {"all_captures": "all", "best_capture": "best", "sweep": "sweep"}
_FIELDS = ("id", "kind", "position", "answers", "themes", "rating", "source")
_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_JSON_WHOLE = 10**20 - 1
"""The largest whole number a puzzle file may hold (20 digits; each field has its own, smaller bound)."""
_RATING_BOUNDS = {"value": 5000.0, "deviation": 1000.0, "volatility": 10.0}
"""The largest value of each rating field (all are at least 0)."""


CaptureKey = tuple[frozenset[Card], frozenset[Card]]


def capture_key(capture: Capture) -> CaptureKey:
    """What makes two captures the same: the cards on each side, in any order."""
    return frozenset(capture.hand), frozenset(capture.table)


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating (Glicko scale): a puzzle's difficulty, or later a learner's strength.

    Generated puzzles start from an estimate with a wide deviation; rating updates after
    attempts (a later issue) replace the value with ``dataclasses.replace``.
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
class Verdict:
    """The judgement of one attempt: ``correct``, a learner-facing ``text`` and the details.

    ``missing`` are correct answers not given (``all_captures`` only), ``extra`` are legal
    captures given that are not answers, ``wrong`` are selections that are no legal capture.
    """

    correct: bool
    text: str
    missing: tuple[Capture, ...] = ()
    extra: tuple[Capture, ...] = ()
    wrong: tuple[Capture, ...] = ()


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: a position, what to find in it, and every correct answer."""

    id: str
    kind: Kind
    state: GameState
    answers: tuple[Capture, ...]
    themes: tuple[str, ...] = ()
    rating: Rating = field(default_factory=Rating)
    source: Source | None = None

    @property
    def player(self) -> int:
        """The player whose move the puzzle asks for."""
        return self.state.to_move

    @property
    def answer_keys(self) -> frozenset[CaptureKey]:
        return frozenset(capture_key(answer) for answer in self.answers)

    def is_answer(self, capture: Capture) -> bool:
        return capture_key(capture) in self.answer_keys

    def task_text(self) -> str:
        """What the learner has to find, in the current language."""
        return tr(f"puzzles.task_{self.kind}")

    def check(self, selection: Capture | Iterable[Capture]) -> Verdict:
        """Judge an attempt: a set of captures for ``all_captures``, one capture for the other kinds."""
        if self.kind == "all_captures":
            if isinstance(selection, Capture):
                selection = (selection,)
            chosen = tuple(selection) if isinstance(selection, Iterable) else None
            if chosen is None or not all(isinstance(c, Capture) for c in chosen):
                raise KaszinoError(f"an all_captures puzzle takes a list of captures, not {quote(selection)}")
            return self._check_all(chosen)
        if not isinstance(selection, Capture):
            raise KaszinoError(f"a {self.kind} puzzle takes one capture, not {quote(selection)}")
        problem = _refusal(self.state, selection)
        if problem is not None:
            return Verdict(False, problem, wrong=(selection,))
        if self.kind == "best_capture":
            return self._check_best(selection)
        return self._check_sweep(selection)

    def _check_all(self, selection: tuple[Capture, ...]) -> Verdict:
        reasons = {capture: _refusal(self.state, capture) for capture in selection}
        wrong = tuple(c for c, reason in reasons.items() if reason is not None)
        chosen = {capture_key(c) for c in selection if reasons[c] is None}
        extra = tuple(c for c in selection if reasons[c] is None and not self.is_answer(c))
        missing = tuple(a for a in self.answers if capture_key(a) not in chosen)
        lines = [reason for reason in reasons.values() if reason is not None]
        lines += [tr("puzzles.not_an_answer", capture=c) for c in extra]
        if missing:
            lines.append(tr("puzzles.all_missing", found=len(self.answers) - len(missing),
                            total=len(self.answers)))
        correct = not lines
        if correct:
            lines.append(tr("puzzles.all_correct", total=len(self.answers)))
        return Verdict(correct, "\n".join(lines), missing=missing, extra=extra, wrong=wrong)

    def _check_best(self, capture: Capture) -> Verdict:
        if self.is_answer(capture):
            others = [a for a in self.answers if capture_key(a) != capture_key(capture)]
            text = tr("puzzles.best_correct", capture=capture)
            if others:
                text += "\n" + tr("puzzles.best_tied", others=", ".join(map(str, others)))
            return Verdict(True, text)
        text = tr("puzzles.best_worse", capture=capture) + "\n" + _explain(self.state, capture)
        return Verdict(False, text, extra=(capture,))

    def _check_sweep(self, capture: Capture) -> Verdict:
        if self.is_answer(capture):
            first = self.state.is_first_move(self.player)
            rules = self.state.rules
            points = rules.first_move_tabla_points if first else rules.tabla_points
            return Verdict(True, tr("puzzles.sweep_correct", capture=capture, points=points))
        left = [c for c in self.state.table if c not in capture.table]
        return Verdict(False, tr("puzzles.sweep_leaves", capture=capture, cards=format_cards(left)),
                       extra=(capture,))

    def hints(self) -> list[str]:
        """Hints from vague to precise (the hint ladder of :mod:`kaszino.teach.hints`)."""
        return hint_ladder(self.state, _OBJECTIVES[self.kind])

    def solution_text(self) -> str:
        """Every correct answer, each with the explanation of the move."""
        lines = [tr(f"puzzles.solution_{self.kind}", count=len(self.answers))]
        lines += [f"• {_explain(self.state, answer)}" for answer in self.answers]
        return "\n".join(lines)

    def to_record(self) -> dict[str, object]:
        """The JSON record of this puzzle (the inverse of :func:`puzzle_from_record`)."""
        record: dict[str, object] = {
            "id": self.id,
            "kind": self.kind,
            "position": self.state.notation(),
            "answers": [str(answer) for answer in self.answers],
            "themes": list(self.themes),
            "rating": {"value": _number(self.rating.value), "deviation": _number(self.rating.deviation),
                       "volatility": _number(self.rating.volatility)},
        }
        if self.source is not None:
            record["source"] = {"seed": self.source.seed, "move": self.source.move}
        return record


def _number(value: float) -> float | int:
    """Whole numbers without a trailing ``.0``, for tidy files."""
    return int(value) if value.is_integer() else value


def _explain(state: GameState, capture: Capture) -> str:
    return explain_move(state, capture).text


def engine_problem(state: GameState, capture: Capture) -> str | None:
    """Why ``capture`` is no correct capture of the player to move (the engine's English words), or None.

    Stricter than ``state.problem``: under V6 the engine accepts a false capture as an attempt.
    """
    return state.problem(capture) or capture_problem(capture.hand, capture.table, state.rules)


def _refusal(state: GameState, capture: Capture) -> str | None:
    """Learner-facing words for a selection that is no correct capture, or None if it is one."""
    if engine_problem(state, capture) is None:
        return None
    if state.problem(capture) is None:  # V6: the engine would take it as an attempt
        return tr("puzzles.false_capture", capture=capture)
    return _explain(state, capture)


# --- the solver's answers -------------------------------------------------------------------------
def solve(kind: Kind, state: GameState) -> tuple[Capture, ...]:
    """The exact set of correct answers of a ``kind`` puzzle in ``state``, in a canonical order."""
    found: Iterable[Capture]
    if kind == "all_captures":
        found = captures(state.hands[state.to_move], state.table, state.rules)
    elif kind == "best_capture":
        found = [capture for capture, _ in best_captures(state)]
    else:
        found = sweeps(state)
    return canonical(state, found)


def canonical(state: GameState, found: Iterable[Capture]) -> tuple[Capture, ...]:
    """Captures with their cards in hand and table order, sorted, each once."""
    hand, table = state.hands[state.to_move], state.table

    def ordered(capture: Capture) -> Capture:
        return Capture(tuple(c for c in hand if c in capture.hand),
                       tuple(c for c in table if c in capture.table))

    def sort_key(capture: Capture) -> tuple[int, list[int], int, list[int]]:
        return (len(capture.hand), [hand.index(c) for c in capture.hand],
                len(capture.table), [table.index(c) for c in capture.table])

    unique = {capture_key(c): ordered(c) for c in found}
    return tuple(sorted(unique.values(), key=sort_key))


@dataclass(frozen=True, slots=True)
class Discrepancy:
    """A stored puzzle whose answers differ from the solver's set."""

    puzzle: Puzzle
    missing: tuple[Capture, ...]
    extra: tuple[Capture, ...]

    def __str__(self) -> str:
        parts = [f"puzzle {self.puzzle.id!r} ({self.puzzle.kind})"]
        if self.missing:
            parts.append("missing " + "; ".join(map(str, self.missing)))
        if self.extra:
            parts.append("extra " + "; ".join(map(str, self.extra)))
        return ": ".join(parts[:1]) + ": " + ", ".join(parts[1:])


def recheck(puzzle: Puzzle) -> Discrepancy | None:
    """Re-solve ``puzzle``; a :class:`Discrepancy` if its stored answers are not exactly the solver's."""
    solved = solve(puzzle.kind, puzzle.state)
    solved_keys = {capture_key(c) for c in solved}
    missing = tuple(c for c in solved if not puzzle.is_answer(c))
    extra = tuple(c for c in puzzle.answers if capture_key(c) not in solved_keys)
    return Discrepancy(puzzle, missing, extra) if missing or extra else None


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
            parts.append(f"field {field_name!r}")
        return PuzzleFormatError(": ".join(parts + [problem]))


def puzzle_from_record(record: object, where: _Where) -> Puzzle:
    """Read and validate one record; errors name ``where`` and the field."""
    if not isinstance(record, Mapping):
        raise where.error(f"a puzzle must be a JSON object, not {type(record).__name__}")
    unknown = sorted(set(record) - set(_FIELDS))
    if unknown:
        raise where.error(f"unknown field(s) {', '.join(map(repr, unknown))}; known: {', '.join(_FIELDS)}")
    missing = [name for name in _FIELDS[:4] if name not in record]
    if missing:
        raise where.error(f"missing field(s) {', '.join(map(repr, missing))}")
    puzzle_id = record["id"]
    if not isinstance(puzzle_id, str) or not _ID_RE.fullmatch(puzzle_id):
        raise where.error(f"an id is 1..64 letters, digits, '-' or '_', not {quote(puzzle_id)}", "id")
    where = _Where(where.path, repr(puzzle_id))
    kind = record["kind"]
    if not isinstance(kind, str) or kind not in KINDS:
        raise where.error(f"unknown kind {quote(kind)}; known: {', '.join(KINDS)}", "kind")
    state = _read_position(record["position"], where)
    return Puzzle(
        id=puzzle_id,
        kind=kind,
        state=state,
        answers=_read_answers(record["answers"], state, where),
        themes=_read_themes(record.get("themes", []), where),
        rating=_read_rating(record.get("rating", {}), where),
        source=_read_source(record.get("source"), where),
    )


def _read_position(text: object, where: _Where) -> GameState:
    if not isinstance(text, str):
        raise where.error("the position must be a notation string", "position")
    try:
        state = GameState.from_notation(text)
    except KaszinoError as error:
        raise where.error(f"bad notation: {error}", "position") from None
    if state.finished or state.deal_over or state.forced == "lay" or not state.hands[state.to_move]:
        raise where.error("the player to move must be free to capture in this position", "position")
    return state


def _read_answers(texts: object, state: GameState, where: _Where) -> tuple[Capture, ...]:
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise where.error("answers must be a non-empty list of move texts", "answers")
    answers: list[Capture] = []
    for text in texts:
        try:
            move = parse_move(text)
        except KaszinoError as error:
            raise where.error(f"{quote(text)} is not a move: {error}", "answers") from None
        if not isinstance(move, Capture):
            raise where.error(f"{quote(text)} is not a capture", "answers")
        reason = engine_problem(state, move)
        if reason is not None:
            raise where.error(f"{quote(text)} is not a legal move here: {reason}", "answers")
        if any(capture_key(move) == capture_key(a) for a in answers):
            raise where.error(f"{quote(text)} is listed twice", "answers")
        answers.append(move)
    return tuple(answers)


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
    if not isinstance(data, Mapping) or set(data) - set(_RATING_BOUNDS):
        raise where.error(f"rating must be an object with some of {', '.join(_RATING_BOUNDS)}", "rating")
    for name, value in data.items():
        if not _within(value, int | float, _RATING_BOUNDS[name]):
            raise where.error(f"{name} must be a number 0..{_RATING_BOUNDS[name]:g}, not {quote(value)}",
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
    where = _Where(path)
    document = _read_json(text, where)
    if not isinstance(document, dict) or set(document) != {"format", "puzzles"}:
        raise where.error('a puzzle file is a JSON object {"format": 1, "puzzles": [...]}')
    version = document["format"]
    if type(version) is not int or version != FORMAT_VERSION:
        raise where.error(f"unknown format {quote(version)}; this version reads {FORMAT_VERSION}", "format")
    if not isinstance(document["puzzles"], list):
        raise where.error("'puzzles' must be a list", "puzzles")
    puzzles = [puzzle_from_record(record, _Where(path, f"#{number}"))
               for number, record in enumerate(document["puzzles"], 1)]
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


def load_puzzles(path: Path | str) -> tuple[Puzzle, ...]:
    """Read and validate one puzzle file. Reading never changes the file."""
    try:
        text = Path(_path(path)).read_text(encoding="utf-8")
    except (OSError, ValueError) as error:  # ValueError: undecodable text, a NUL in the name
        raise _Where(quote(str(path))).error(f"cannot read: {error}") from None
    return parse_puzzles(text, path)


def _path(path: object) -> str | os.PathLike[str]:
    """``path`` if it can name a file; else a ``PuzzleFormatError``."""
    if not isinstance(path, (str, os.PathLike)):
        raise PuzzleFormatError(f"a puzzle file is named by a path, not {quote(path)}")
    return path


def puzzle_files(directory: Path | str = PUZZLE_DIR) -> list[Path]:
    """The puzzle files of a directory, sorted by name."""
    return sorted(Path(directory).glob("*.json"))


def load_all(paths: Iterable[Path | str] | None = None) -> tuple[Puzzle, ...]:
    """Every puzzle of the given files (default: the shipped ones); ids must be unique across them."""
    if paths is not None and (isinstance(paths, (str, os.PathLike)) or not isinstance(paths, Iterable)):
        raise PuzzleFormatError(f"load_all takes a list of paths, not {quote(paths)}")
    files = puzzle_files() if paths is None else [Path(_path(p)) for p in paths]
    puzzles = [puzzle for path in files for puzzle in load_puzzles(path)]
    check_unique_ids(puzzles, ", ".join(map(str, files)))
    return tuple(puzzles)


def dumps_puzzles(puzzles: Iterable[Puzzle]) -> str:
    """The text of a puzzle file holding ``puzzles``: one field a line, one answer a line."""
    records = ",\n".join(_record_text(p.to_record()) for p in puzzles)
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


def save_puzzles(puzzles: Sequence[Puzzle], path: Path | str) -> None:
    """Write a puzzle file. The text is read back and compared first, then replaces ``path`` in one
    step, so a failure never leaves a broken or half-written file behind."""
    if not isinstance(path, (str, os.PathLike)) or "\0" in os.fspath(path) or not os.fspath(path):
        raise KaszinoError(f"a puzzle file is named by a path, not {quote(path)}")
    if not isinstance(puzzles, Sequence) or not all(isinstance(p, Puzzle) for p in puzzles):
        raise KaszinoError(f"save_puzzles writes a list of Puzzle values, not {quote(puzzles)}")
    path = Path(path)
    text = dumps_puzzles(puzzles)
    if parse_puzzles(text, path) != tuple(puzzles):
        raise KaszinoError(f"{path}: the puzzles do not read back unchanged; nothing written")
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise KaszinoError(f"{path}: cannot write there ({error.strerror or error})") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
