"""Each chapter is walked in short stages, each passed by doing: between two exercise sets a learner
reads no more than a few short paragraphs (docs/lessons.md, "Stages").

A stage's prose is every lesson text shown after one exercise set (or the puzzles of chapter 02)
and before the next (the live tables between them show no prose of their own); its length is
counted in words, in Hungarian and in English. The longest stage of each chapter is pinned: a new
paragraph that makes a stage longer needs an exercise after it (or a higher figure here, knowingly).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_chapters import CHAPTERS, fresh_learner, shown  # noqa: F401 (its autouse fixture)

from kaszino.i18n import LANGUAGES, using_language
from kaszino.jupyter.checks import ExerciseSet
from kaszino.jupyter.tutorial import MarkdownText
from kaszino.jupyter.widgets import PuzzleWidget

LONGEST = {
    "01": 154,
    "02": 172,
    "03": 173,
    "04": 228,
    "05": 160,
    "06": 191,
    "07": 227,
    "08": 269,  # the three families' table and its word on Casino (a build is anyone's to take)
    "09": 189,  # the game to 21, then the families' table (its questions follow it)
}
"""The most words a learner reads between two exercise sets, per chapter (the longer language). The
summary, read just before the check (a recap: nothing in it is new), counts in the stage before the
check."""

CEILING = 400
"""No stage of any chapter is longer than this."""


def words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def stages(values: list[Any]) -> list[int]:
    """The words of prose of each stage: the lesson texts before each exercise set (or puzzle
    trainer), and after the last."""
    found, reading = [], 0
    for value in values:
        if isinstance(value, ExerciseSet | PuzzleWidget):
            found.append(reading)
            reading = 0
        elif isinstance(value, MarkdownText):
            reading += words(value.text)
    return [*found, reading]


def test_a_stage_counts_the_prose_up_to_each_exercise_set() -> None:
    assert stages([]) == [0]
    assert words("A 13-as határ: 5♠ A♥ elviszi.") == 7


@pytest.mark.parametrize("notebook", CHAPTERS, ids=lambda path: path.stem)
def test_the_longest_stage_of_the_chapter_is_pinned(notebook: Path) -> None:
    values = shown(notebook)
    longest = 0
    for lang in LANGUAGES:
        with using_language(lang):
            longest = max(longest, *stages(values))
    assert longest <= LONGEST[notebook.stem[:2]] <= CEILING, f"{notebook.stem}: a stage of {longest} words"
