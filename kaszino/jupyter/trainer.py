"""The puzzle trainer page (``notebooks/10_feladvanyok.ipynb``): texts and the whole trainer app.

``trainer_app()`` serves every shipped puzzle through a :class:`Trainer` that keeps the learner's
progress in their progress file (:func:`kaszino.store.current_store`: ``$KASZINO_PROGRESS`` or
the user's data folder). If that file cannot be used (damaged, another program's, newer, locked),
the app says so and still runs, storing and rating nothing; the file is left untouched.
``page_text("intro")`` shows a text of the page (catalogue ``trainer``, key ``page_<name>``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets

from kaszino.errors import StoreError
from kaszino.i18n import tr
from kaszino.jupyter.tutorial import LessonText, follow_language
from kaszino.jupyter.widgets.puzzle import PuzzleWidget
from kaszino.puzzles.puzzle import Puzzle, load_all
from kaszino.puzzles.trainer import Clock, Mode, Trainer, utc_now
from kaszino.store import Store, current_store


def page_text(name: str) -> LessonText:
    """Show the page text ``trainer.page_<name>``; it follows the language switch."""
    return LessonText(f"trainer.page_{name}")


class TrainerApp(ipywidgets.VBox):  # type: ignore[misc]
    """The trainer with its menus, rating, streak and summary, and a note if progress is not kept."""

    def __init__(self, widget: PuzzleWidget, problem: str | None) -> None:
        self.widget = widget
        self._problem = problem
        self._note = ipywidgets.HTML()
        super().__init__([self._note, widget] if problem is not None else [widget])
        self.refresh()
        follow_language(widget)
        follow_language(self)

    def refresh(self) -> None:
        """Redraw the note in the current language."""
        if self._problem is not None:
            self._note.value = (f'<div class="kaszino-feedback" data-tone="bad" role="status">'
                                f'{escape(tr("trainer.no_store", problem=self._problem))}</div>')

    def __repr__(self) -> str:
        return "trainer_app()"  # the same for every learner, so a stored notebook output never differs


def trainer_app(puzzles: Sequence[Puzzle] | None = None, *, store: Store | None = None,
                mode: Mode | None = None, clock: Clock = utc_now) -> TrainerApp:
    """The trainer over ``puzzles`` (default: every shipped one), keeping progress in ``store``
    (default: the learner's progress file). Without a ``mode`` it starts with the day's review when
    puzzles are due, else in rated mode."""
    problem = None
    if store is None:
        try:
            store = current_store()
        except StoreError as error:
            problem = str(error)
    trainer = Trainer(load_all() if puzzles is None else puzzles, store, mode=mode or "rated", clock=clock)
    if mode is None and trainer.summary().reviews_due:
        trainer.mode = "review"
    return TrainerApp(PuzzleWidget(trainer, controls=True), problem)
