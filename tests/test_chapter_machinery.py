"""No machinery in a chapter: every text of every tutorial chapter, in both languages, scanned.

The chapter's cells are run as in ``test_chapters``; then every shown text is read in Hungarian and
in English — the lesson prose, the live tables, the exercise prompts and their choices, the feedback
to a wrong and to a right answer, the chapter check before and after its answers, and a second
attempt of the check with fresh questions — and scanned with ``test_machinery.machinery``: no move
notation, no player counted from 0, no unfilled field, no English count of one with a plural noun,
no call in its written form.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
from test_chapters import CHAPTERS, NOTEBOOKS, answer, fresh_learner, shown  # noqa: F401 (its autouse fixture)
from test_machinery import TAG, machinery

from kaszino.i18n import LANGUAGES
from kaszino.jupyter.checks import ChapterCheck, ExerciseSet
from kaszino.jupyter.tutorial import LanguageSwitch, switch_language
from kaszino.jupyter.widgets.base import HtmlWidget

START = NOTEBOOKS / "00_start.ipynb"


def plain(html: str) -> str:
    return unescape(TAG.sub(" ", html))


def texts(value: Any) -> Iterator[str]:
    """Every text ``value`` shows: a widget's page without its markup, a box's children's."""
    if isinstance(value, HtmlWidget):
        yield plain(value.html)
    elif isinstance(value, ipywidgets.HTML):
        yield plain(value.value)
    elif isinstance(value, ipywidgets.Button):
        yield value.description
    elif isinstance(value, ipywidgets.Box):
        for child in value.children:
            yield from texts(child)
    elif not isinstance(value, LanguageSwitch):
        raise AssertionError(f"a chapter shows {value!r}, which this test cannot read")


def scan(values: list[Any], where: str) -> None:
    """Read everything in ``values`` in both languages; fail on the first text showing machinery."""
    for lang in LANGUAGES:
        switch_language(lang)
        for value in values:
            for text in texts(value):
                bad = machinery(text, lang)
                assert not bad, f"{where} ({lang}): {bad} in: {text}"
    switch_language("hu")


def test_the_scan_reads_the_markup_of_a_widget_and_an_html_box() -> None:
    box = ipywidgets.VBox([ipywidgets.HTML("<b>5♠+A♥</b> = 2♦"), ipywidgets.Button(description="ok")])
    assert list(texts(box)) == [" 5♠+A♥  = 2♦", "ok"]


def test_every_text_of_the_start_page_shows_no_machinery() -> None:
    values = shown(START)
    scan(values, "the start page, as opened")
    for exercise_set in (value for value in values if isinstance(value, ExerciseSet)):
        for right in (False, True):
            for widget in exercise_set.widgets:
                answer(widget, right=right)
            scan(values, f"the start page, {'right' if right else 'wrong'} answers")


@pytest.mark.parametrize("notebook", CHAPTERS, ids=lambda path: path.stem)
def test_every_text_of_the_chapter_shows_no_machinery(notebook: Path) -> None:
    values = shown(notebook)
    scan(values, f"{notebook.stem}, as opened")
    sets = [value for value in values if isinstance(value, ExerciseSet)]
    for exercise_set in sets:
        for widget in exercise_set.widgets:
            answer(widget, right=False)
    scan(values, f"{notebook.stem}, wrong answers")
    for exercise_set in sets:
        for widget in exercise_set.widgets:
            answer(widget, right=True)
    scan(values, f"{notebook.stem}, right answers")
    check = next(value for value in sets if isinstance(value, ChapterCheck))
    for attempt in range(2):  # fresh questions at each new attempt
        check.reset()
        scan([check], f"{notebook.stem}, check attempt {attempt + 2}")
        for widget in check.widgets:
            answer(widget, right=attempt == 1)
        scan([check], f"{notebook.stem}, check attempt {attempt + 2} answered")
