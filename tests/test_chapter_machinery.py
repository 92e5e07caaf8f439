"""Every tutorial chapter driven in the kernel, once: each exercise answered wrongly and rightly and
judged and explained, the closing check saved (``test_chapters``'s steps), and no machinery in it:
every text of every chapter, in both languages, scanned.

The chapter's cells are run as ``test_chapters.shown`` runs them; then every shown text is read in
Hungarian and in English — the lesson prose, the live tables, the exercise prompts and their
choices, the feedback to a wrong and to a right answer, the chapter check before and after its
answers, and two more attempts of the check with fresh questions — and scanned with
``test_machinery.machinery``: no move notation, no player counted from 0, no unfilled field, no
English count of one with a plural noun, no call in its written form. And no term before it is
taught: a table, an exercise or a feedback names none of the rules' terms (``TERMS``) before the
lesson that teaches it, in an earlier chapter or above it in the same one (the prose may look ahead:
"in chapter 6 you will call Ausz!").
"""

from __future__ import annotations

from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
from terms import TERMS, Term
from test_chapters import CHAPTERS, NOTEBOOKS, answer, fresh_learner, shown  # noqa: F401 (its autouse fixture)
from test_machinery import TAG, machinery, two_only

from kaszino.i18n import LANGUAGES
from kaszino.jupyter.checks import ChapterCheck, ExerciseSet
from kaszino.jupyter.progress import chapter_results
from kaszino.jupyter.tutorial import LanguageSwitch, LessonText, MarkdownText, switch_language
from kaszino.jupyter.widgets import PuzzleWidget
from kaszino.jupyter.widgets.base import HtmlWidget
from kaszino.jupyter.widgets.table import TableWidget
from kaszino.jupyter.widgets.viewer import DealViewer

START = NOTEBOOKS / "00_start.ipynb"
HINTS_READ = 4
"""More hints than a puzzle has: every one is shown."""


def plain(html: str) -> str:
    return unescape(TAG.sub(" ", html))


def texts(value: Any, prose: bool = True) -> Iterator[str]:
    """Every text ``value`` shows: a widget's page without its markup, a box's children's (without
    ``prose``: not the lesson texts among them, such as a check's links onward)."""
    if isinstance(value, MarkdownText) and not prose:
        return
    if isinstance(value, HtmlWidget):
        yield plain(value.html)
    elif isinstance(value, ipywidgets.HTML):
        yield plain(value.value)
    elif isinstance(value, ipywidgets.Button):
        yield value.description
    elif isinstance(value, ipywidgets.Box):
        for child in value.children:
            yield from texts(child, prose)
    elif not isinstance(value, LanguageSwitch):
        raise AssertionError(f"a chapter shows {value!r}, which this test cannot read")


Untaught = dict[int, tuple[Term, ...]]
"""The terms not yet taught where a value shows, by the value's ``id``."""


def untaught(values: list[Any], chapter: str) -> Untaught:
    """For each table, exercise set or check among ``values`` (the cells of ``chapter``, in order),
    the terms not yet taught where it shows: those of later chapters, and this chapter's below it."""
    lessons = {value.key: at for at, value in enumerate(values) if isinstance(value, LessonText)}
    return {id(value): tuple(term for term in TERMS if term.chapter > chapter
                             or (term.chapter == chapter and lessons[term.lesson] > at))
            for at, value in enumerate(values) if not isinstance(value, MarkdownText)}


def read(value: Any, lang: str, where: str, early: Untaught | None = None) -> None:
    """Read ``value`` in ``lang`` (the language shown now); fail on a text showing machinery, on a
    table of three or four players spoken of as two, or on a term ``early`` says is not taught yet
    where it shows."""
    players = getattr(getattr(value, "state", None), "players", 2)
    for text in texts(value):
        bad = machinery(text, lang)
        if players > 2:
            bad += two_only(text, lang)
        assert not bad, f"{where} ({lang}): {bad} in: {text}"
    for text in texts(value, prose=False):
        for term in (early or {}).get(id(value), ()):
            said = term.found(text, lang)
            assert not said, f"{where} ({lang}): {said} before the lesson {term.lesson} in: {text}"


def scan(values: list[Any], where: str, early: Untaught | None = None) -> None:
    """Read everything in ``values`` in both languages (:func:`read`)."""
    for lang in LANGUAGES:
        switch_language(lang)
        for value in values:
            read(value, lang, where, early)
    switch_language("hu")


def test_the_scan_reads_the_markup_of_a_widget_and_an_html_box() -> None:
    box = ipywidgets.VBox([ipywidgets.HTML("<b>5♠+A♥</b> = 2♦"), ipywidgets.Button(description="ok")])
    assert list(texts(box)) == [" 5♠+A♥  = 2♦", "ok"]


def test_every_text_of_the_start_page_shows_no_machinery() -> None:
    values = shown(START)
    early = untaught(values, "00")
    scan(values, "the start page, as opened", early)
    for exercise_set in (value for value in values if isinstance(value, ExerciseSet)):
        for right in (False, True):
            for widget in exercise_set.widgets:
                answer(widget, right=right)
            scan(values, f"the start page, {'right' if right else 'wrong'} answers", early)


@pytest.mark.parametrize("notebook", CHAPTERS, ids=lambda path: path.stem)
def test_every_exercise_judges_and_explains_and_no_text_shows_machinery(notebook: Path) -> None:
    """One run of the chapter's cells serves the exercises (each answered wrongly, then rightly,
    each judged and explained: ``test_chapters.answer``), the closing check saved, the texts read
    at every step, and every table and deal viewer redrawn in English."""
    values = shown(notebook)
    chapter = notebook.stem[:2]
    early = untaught(values, chapter)
    scan(values, f"{notebook.stem}, as opened", early)
    sets = [value for value in values if isinstance(value, ExerciseSet)]
    checks = [value for value in sets if isinstance(value, ChapterCheck)]
    assert len(checks) == 1, f"{notebook.name} ends with one chapter check"
    check = checks[0]
    assert values.index(check) > max(values.index(s) for s in sets if s is not check)
    for exercise_set in sets:
        for widget in exercise_set.widgets:
            answer(widget, right=False)
    scan(values, f"{notebook.stem}, wrong answers", early)
    for exercise_set in sets:
        for widget in exercise_set.widgets:
            answer(widget, right=True)  # a second try teaches, and the first answer still counts
        assert exercise_set.score.right == 0 and exercise_set.score.complete
    scan(values, f"{notebook.stem}, right answers", early)
    assert chapter_results()[chapter].best == 0
    for attempt in range(2):  # fresh questions at each new attempt
        check.reset()
        scan([check], f"{notebook.stem}, check attempt {attempt + 2}", early)
        for widget in check.widgets:
            answer(widget, right=attempt == 1)
        scan([check], f"{notebook.stem}, check attempt {attempt + 2} answered", early)
    result = chapter_results()[chapter]
    assert (result.best, result.attempts) == (len(check.widgets), 3)
    for lang in LANGUAGES:  # every move of every deal viewer, as told
        switch_language(lang)
        for viewer in (value for value in values if isinstance(value, DealViewer)):
            viewer.first()
            for _ in range(viewer.steps):
                viewer.forward()
                read(viewer, lang, f"{notebook.stem}, the deal viewer at move {viewer.step}", early)
    switch_language("hu")
    for trainer in (value for value in values if isinstance(value, PuzzleWidget)):  # chapter 02's
        for number in range(len(trainer.trainer.puzzles)):
            for _ in range(HINTS_READ):
                trainer.show_hint()
            trainer.show_solution()
            scan([trainer], f"{notebook.stem}, puzzle {number + 1}'s hints and solution", early)
            trainer.next_puzzle()
    switch_language("en")
    for value in values:
        if isinstance(value, (TableWidget, DealViewer)):
            assert 'data-lang="en" aria-pressed="true"' in value.html
