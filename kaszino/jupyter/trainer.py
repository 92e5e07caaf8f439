"""The puzzle trainer page (``notebooks/10_feladvanyok.ipynb``): texts and the whole trainer app.

``trainer_app()`` serves every shipped puzzle through a :class:`Trainer` that keeps the learner's
progress in their progress file (:func:`kaszino.store.current_store`: ``$KASZINO_PROGRESS`` or
the user's data folder). If that file cannot be used (damaged, another program's, newer, locked),
the app says so and still runs, storing and rating nothing; the file is left untouched.

A teacher's class set (:mod:`kaszino.puzzles.class_set`) is served instead when the notebook
names its file (``trainer_app(class_set="7b.json")``) or ``$KASZINO_PUZZLES`` does (``kaszino app
--puzzles``): titled as the class set, in the teacher's order, its attempts kept apart from the
shipped collection's rating. A class set that cannot be read is named on the page, and nothing
else is served.
``page_text("intro")`` shows a text of the page (catalogue ``trainer``, key ``page_<name>``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from html import escape
from pathlib import Path

import ipywidgets

from kaszino.errors import KaszinoError, StoreError
from kaszino.i18n import tr
from kaszino.jupyter.tutorial import LessonText, follow_language, taught_view
from kaszino.jupyter.widgets.puzzle import PuzzleWidget
from kaszino.puzzles.class_set import ENVIRONMENT_VARIABLE, ClassSet, load_class_set
from kaszino.puzzles.puzzle import Puzzle, load_all
from kaszino.puzzles.syllabus import learner_kinds
from kaszino.puzzles.trainer import Clock, Filters, Mode, Trainer, utc_now
from kaszino.store import Store, current_store


def page_text(name: str) -> LessonText:
    """Show the page text ``trainer.page_<name>``; it follows the language switch."""
    return LessonText(f"trainer.page_{name}")


def _note(key: str, problem: str) -> str:
    return (f'<div class="kaszino-feedback" data-tone="bad" role="status">'
            f'{escape(tr(key, problem=problem))}</div>')


class TrainerApp(ipywidgets.VBox):  # type: ignore[misc]
    """The trainer with its menus, rating, streak and summary, and a note if progress is not kept;
    a class set's title above it; or only the note of a class set that cannot be read."""

    def __init__(self, widget: PuzzleWidget | None, problem: str | None, class_set: ClassSet | None = None,
                 set_problem: str | None = None) -> None:
        self.widget = widget
        self._problem = problem
        self._class_set = class_set
        self._set_problem = set_problem
        self._note = ipywidgets.HTML()
        self._title = ipywidgets.HTML()
        shown = [part for part, wanted in ((self._title, class_set is not None),
                                          (self._note, problem is not None or set_problem is not None),
                                          (widget, widget is not None)) if wanted]
        super().__init__(shown)
        self.refresh()
        if widget is not None:
            follow_language(widget)
        follow_language(self)

    def refresh(self) -> None:
        """Redraw the title and the note in the current language."""
        if self._class_set is not None:
            chosen = self._class_set
            title = tr("trainer.class_set_title", name=chosen.name, count=len(chosen.puzzles))
            self._title.value = (f'<div class="kaszino-class-set" data-set="{escape(self._class_set.name)}">'
                                 f'<h2>{escape(title)}</h2><p>{escape(tr("trainer.class_set_note"))}</p></div>')
        if self._set_problem is not None:
            self._note.value = _note("trainer.class_set_bad", problem=self._set_problem)
        elif self._problem is not None:
            self._note.value = _note("trainer.no_store", problem=self._problem)

    def __repr__(self) -> str:
        return "trainer_app()"  # the same for every learner, so a stored notebook output never differs


def trainer_app(puzzles: Sequence[Puzzle] | None = None, *, store: Store | None = None,
                mode: Mode | None = None, clock: Clock = utc_now,
                class_set: str | os.PathLike[str] | None = None) -> TrainerApp:
    """The trainer over ``puzzles`` (default: every shipped one), keeping progress in ``store``
    (default: the learner's progress file). The shipped puzzles are served of the kinds the learner
    has been taught or has practised (:func:`~kaszino.puzzles.syllabus.learner_kinds`; the kind
    menu offers every other), on tables showing only what those kinds' chapters teach. Without a
    ``mode`` it starts with the day's review when puzzles are due, else in rated mode. ``class_set``
    (default: ``$KASZINO_PUZZLES``, when set) names a teacher's class set to serve instead, in
    sequence mode."""
    given = class_set if class_set is not None else os.environ.get(ENVIRONMENT_VARIABLE) or None
    chosen = None
    if given is not None and puzzles is None:
        try:
            chosen = load_class_set(Path(given))
        except KaszinoError as error:
            return TrainerApp(None, None, set_problem=str(error))
    problem = None
    if store is None:
        try:
            store = current_store()
        except StoreError as error:
            problem = str(error)
    if chosen is not None:
        trainer = Trainer(chosen.puzzles, store, mode="sequence", clock=clock, puzzle_set=chosen.name)
        return TrainerApp(PuzzleWidget(trainer, controls=True), problem, chosen)
    served = load_all() if puzzles is None else puzzles
    learnt = learner_kinds(store, served) if store is not None and puzzles is None else ()
    trainer = Trainer(served, store, mode=mode or "rated", clock=clock, filters=Filters(kinds=learnt),
                      learnt=learnt)
    if mode is None and trainer.summary().reviews_due:
        trainer.mode = "review"
    return TrainerApp(PuzzleWidget(trainer, controls=True, view=taught_view(learnt)), problem)
