"""Exercise sets with a running score, and the closing check of a chapter that is saved.

``ExerciseSet(questions)`` shows one widget per question (``kaszino.jupyter.widgets.exercise``)
and under them the running score ("Eredmény: 3/4 · még 1 kérdés"), which appears with the
first answer. The first answer to each question counts; trying again teaches but changes
nothing. ``ChapterCheck(chapter, questions)`` is the same for the 5–10 questions at the end of
a chapter: once every question is answered, the result goes to the learner's progress file
(``store.record_chapter``), the learner is told whether it reaches the pass mark
(:data:`kaszino.teach.chapters.PASS_PERCENT`), and a "Start again" button offers a new attempt —
with new questions when the check is given ``fresh`` (attempt number → questions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets

from kaszino.errors import KaszinoError
from kaszino.i18n import language, tr
from kaszino.jupyter.progress import record_check
from kaszino.jupyter.render import LESSON, View
from kaszino.jupyter.widgets.exercise import ChoiceWidget, NumberWidget, TaskTable, exercise_widget
from kaszino.store import ChapterResult, StoreError
from kaszino.teach.chapters import PASS_PERCENT, passed, right_needed
from kaszino.teach.exercises import Question, Score, ScoreSheet, Verdict

ExerciseWidget = ChoiceWidget | NumberWidget | TaskTable

CHECK_SIZE = range(5, 11)
"""How many questions a chapter's closing check has."""


class ExerciseSet(ipywidgets.VBox):  # type: ignore[misc]
    """Questions and their running score; see the module docstring."""

    def __init__(self, questions: Sequence[Question], *, view: View = LESSON) -> None:
        self._view = view
        self._score_line = ipywidgets.HTML("")
        super().__init__([])
        self._ask(questions)
        self.add_class("kaszino-exercises")

    def _ask(self, questions: Sequence[Question]) -> None:
        """Show ``questions`` (in place of any asked before), with a new score sheet."""
        if not questions:
            raise KaszinoError("an exercise set needs at least one question")
        self.widgets: tuple[ExerciseWidget, ...] = tuple(exercise_widget(question, view=self._view)
                                                         for question in questions)
        self.sheet = ScoreSheet(len(self.widgets))
        for widget in self.widgets:
            widget.on_answer(self._answered)
        self.children = [*self.widgets, self._score_line, *self._extra_children()]

    def _extra_children(self) -> list[ipywidgets.Widget]:
        """Widgets shown under the score line."""
        return []

    @property
    def score(self) -> Score:
        """The running score (first answers only)."""
        return self.sheet.score()

    def _answered(self, question: Question, verdict: Verdict) -> None:
        number = next(i for i, widget in enumerate(self.widgets) if widget.question is question)
        if self.sheet.record(number, verdict.correct) and self.score.complete:
            self._completed()
        self._draw_score()

    def _completed(self) -> None:
        """Every question has its counted answer (a closing check saves the result here)."""

    def _draw_score(self) -> None:
        score = self.score
        if not score.answered:
            self._score_line.value = ""
            return
        words = score.message().render(language())
        self._score_line.value = (f'<div class="kaszino-score-line" data-right="{score.right}" '
                                  f'data-answered="{score.answered}" data-total="{score.total}" '
                                  f'style="font-weight:600; margin:4px 0 12px;">{escape(words)}</div>')

    def reset(self) -> None:
        """Forget every answer: a new attempt."""
        self.sheet.reset()
        for widget in self.widgets:
            widget.reset()
        self._draw_score()

    def refresh(self) -> None:
        """Redraw every question and the score in the current language."""
        for widget in self.widgets:
            widget.refresh()
        self._draw_score()

    def __repr__(self) -> str:
        score = self.score
        return f"{type(self).__name__}({score.total} questions, score {score.right}/{score.answered})"


Fresh = Callable[[int], Sequence[Question]]
"""The questions of an attempt at a check, by its number (0, 1 …)."""


def check_size(questions: Sequence[Question]) -> Sequence[Question]:
    """``questions`` if there are 5–10 of them, else an error."""
    if len(questions) not in CHECK_SIZE:
        raise KaszinoError(f"a chapter check has {CHECK_SIZE.start}–{CHECK_SIZE.stop - 1} questions, "
                           f"not {len(questions)}")
    return questions


class ChapterCheck(ExerciseSet):
    """The closing check of ``chapter`` ("01" …): 5–10 questions, the result saved when all are answered.

    With ``fresh``, the check asks ``fresh(attempt)`` (from ``attempt`` on), and every new
    attempt asks the next number's questions; without it, ``questions`` every time. A ``footer``
    (the links onward, in the tutorial) is shown below the result.
    """

    def __init__(self, chapter: str, questions: Sequence[Question] = (), *, view: View = LESSON,
                 fresh: Fresh | None = None, attempt: int = 0,
                 footer: ipywidgets.Widget | None = None) -> None:
        self._fresh = fresh
        self._footer = [] if footer is None else [footer]
        self.attempt = attempt
        if fresh is not None:
            questions = fresh(attempt)
        check_size(questions)
        self.chapter = chapter
        self.saved: ChapterResult | None = None
        self._save_problem: str | None = None
        self._saved_line = ipywidgets.HTML("")
        self.retry_button = ipywidgets.Button(layout=ipywidgets.Layout(display="none"))
        self.retry_button.on_click(lambda _button: self.reset())
        super().__init__(questions, view=view)
        self.add_class("kaszino-check")
        self.refresh()

    def _extra_children(self) -> list[ipywidgets.Widget]:
        return [self._saved_line, self.retry_button, *self._footer]

    def _completed(self) -> None:
        score = self.score
        try:
            self.saved = record_check(self.chapter, score.right, score.total)
            self._save_problem = None
        except StoreError as error:
            self.saved, self._save_problem = None, str(error)

    def reset(self) -> None:
        self.saved, self._save_problem = None, None
        if self._fresh is None:
            super().reset()
            return
        self.attempt += 1
        self._ask(check_size(self._fresh(self.attempt)))
        self._draw_score()

    def _draw_score(self) -> None:
        super()._draw_score()
        done = self.score.complete
        self.retry_button.layout.display = None if done else "none"
        if not done:
            self._saved_line.value = ""
        elif self.saved is not None:
            saved = self.saved
            words = tr("ui.check_saved", right=self.score.right, total=saved.total, best=saved.best,
                       attempts=saved.attempts)
            done_now = passed(saved.best, saved.total)
            verdict = (tr("ui.check_passed", mark=PASS_PERCENT) if done_now else
                       tr("ui.check_not_passed", mark=PASS_PERCENT, needed=right_needed(saved.total),
                          total=saved.total))
            self._saved_line.value = (f'<div class="kaszino-saved" data-passed="{str(done_now).lower()}">'
                                      f'{escape(words)} {escape(verdict)}</div>')
        else:
            words = tr("ui.check_not_saved", problem=self._save_problem or "")
            self._saved_line.value = f'<div class="kaszino-saved" data-tone="bad">{escape(words)}</div>'

    def refresh(self) -> None:
        self.retry_button.description = tr("ui.button_retry")
        super().refresh()
