"""A teacher's class set: a puzzle file of the teacher's own, served by the trainer to a class.

The file is an ordinary puzzle file (:mod:`kaszino.puzzles.puzzle`, docs/puzzles.md), such as the
position editor saves. :func:`load_class_set` reads it and refuses, naming the problem, a missing
file, one that is no puzzle file, an empty one, and one with a puzzle whose stored answers the
solver does not confirm (its themes aside: a teacher need not tag them). Nothing is written.

The set is named by its file's name without ``.json`` (``7b-hetfo.json`` → ``7b-hetfo``); every
attempt at one of its puzzles is stored under that name (``puzzle_set`` in the progress file,
:mod:`kaszino.store.training`), never rated and never put on the review list, so the learner's
rating and reviews stay those of the shipped collection and a set's puzzle never counts as a
shipped one of the same id. ``kaszino app --puzzles FILE`` hands the file to every page in
:data:`ENVIRONMENT_VARIABLE`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from kaszino.errors import KaszinoError, PuzzleFormatError, quote
from kaszino.puzzles.puzzle import Puzzle, load_puzzles, recheck

ENVIRONMENT_VARIABLE = "KASZINO_PUZZLES"
"""The variable naming the class set's file for the trainer page (``kaszino app --puzzles``)."""


@dataclass(frozen=True, slots=True)
class ClassSet:
    """A teacher's class set: its name (the file's name without ``.json``), file and puzzles."""

    name: str
    path: Path
    puzzles: tuple[Puzzle, ...]


def set_name(path: Path | str) -> str:
    """The name of the class set in the file ``path``: the file's name without ``.json``."""
    name = Path(path).name
    return name[:-len(".json")] if name.lower().endswith(".json") else name


def load_class_set(path: Path | str) -> ClassSet:
    """Read the class set in ``path``; ``PuzzleFormatError`` naming the file and the problem if it
    is missing, no puzzle file, empty, or holds a puzzle the solver does not confirm."""
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise PuzzleFormatError(f"a class set is named by a puzzle file, not {quote(path)}")
    puzzles = load_puzzles(path)
    known = _CHECKED.get(os.fspath(path))
    if known is not None and known.puzzles is puzzles:  # the same file, unchanged: checked already
        return known
    if not puzzles:
        raise PuzzleFormatError(f"{os.fspath(path)}: no puzzle in the file; a class set needs one")
    for puzzle in puzzles:
        problem = _problem(puzzle)
        if problem is not None:
            raise PuzzleFormatError(f"{os.fspath(path)}: {problem}; the solver must confirm every puzzle "
                                    "of a class set")
    name = set_name(path)
    if not name.strip():
        raise PuzzleFormatError(f"{quote(os.fspath(path))}: a class set's file needs a name")
    checked = ClassSet(name, Path(path), puzzles)
    _CHECKED[os.fspath(path)] = checked
    return checked


_CHECKED: dict[str, ClassSet] = {}
"""The class sets checked so far in this process, by the path given (``load_puzzles`` hands back
the very same puzzles while the file is unchanged): the warm process of ``kaszino app`` checks the
set once, and the kernels forked from it do not check it again."""


def _problem(puzzle: Puzzle) -> str | None:
    """What is wrong with ``puzzle`` for a class set: answers the solver does not find exactly, or a
    problem of its own kind (a position the solver refuses among them); its themes do not count."""
    try:
        found = recheck(puzzle)
    except KaszinoError as error:
        return f"puzzle {quote(puzzle.id)} ({puzzle.kind}): {error}"
    if found is None or not (found.missing or found.extra or found.problem):
        return None
    return str(replace(found, themes=None))


def class_set_from_environment() -> ClassSet | None:
    """The class set named by :data:`ENVIRONMENT_VARIABLE` (None when it is unset or empty)."""
    given = os.environ.get(ENVIRONMENT_VARIABLE, "")
    return load_class_set(given) if given else None
