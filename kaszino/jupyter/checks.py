"""Exercise sets with a running score, and the closing check of a chapter that is saved.

``ExerciseSet(questions)`` shows one widget per question (``kaszino.jupyter.widgets.exercise``)
and under them the running score ("Eredmény: 3/4 · még 1 kérdés"), which appears with the
first answer. The first answer to each question counts; trying again teaches but changes
nothing. ``ChapterCheck(chapter, questions)`` is the same for the 5–10 questions at the end of
a chapter: once every question is answered, the result goes to the learner's progress file
(``store.record_chapter``), the learner is told whether it reaches the pass mark
(:data:`kaszino.teach.chapters.PASS_PERCENT`), and a "Start again" button offers a new attempt —
with new questions when the check is made afresh (:class:`~kaszino.teach.fresh.FreshCheck`), the
questions missed in earlier attempts coming back first.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets

from kaszino.errors import KaszinoError
from kaszino.i18n import language, tr
from kaszino.jupyter.progress import missed_questions, record_check
from kaszino.jupyter.render import LESSON, View
from kaszino.jupyter.widgets.exercise import ChoiceWidget, NumberWidget, TaskTable, exercise_widget
from kaszino.store import ChapterResult, StoreError
from kaszino.teach.chapters import PASS_PERCENT, passed, right_needed
from kaszino.teach.exercises import Score, ScoreSheet
from kaszino.teach.fresh import Asked, FreshCheck
from kaszino.teach.questions import Question, Verdict

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
        self.children = [*self._head_children(), *self.widgets, self._score_line, *self._extra_children()]

    def _head_children(self) -> list[ipywidgets.Widget]:
        """Widgets shown above the questions."""
        return []

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


def check_size(questions: Sequence[Question]) -> Sequence[Question]:
    """``questions`` if there are 5–10 of them, else an error."""
    if len(questions) not in CHECK_SIZE:
        raise KaszinoError(f"a chapter check has {CHECK_SIZE.start}–{CHECK_SIZE.stop - 1} questions, "
                           f"not {len(questions)}")
    return questions


class ChapterCheck(ExerciseSet):
    """The closing check of ``chapter`` ("01" …): 5–10 questions, the result saved when all are answered.

    With ``fresh`` (:class:`~kaszino.teach.fresh.FreshCheck`), the check asks the questions of attempt
    ``attempt`` and every new attempt those of the next number; the questions the learner missed
    before (kept in the progress file) come back in place of new ones of their kind, with a line
    above the questions that says so. Without it, ``questions`` every time. A ``footer`` (the links
    onward, in the tutorial) is shown below the result.
    """

    def __init__(self, chapter: str, questions: Sequence[Question] = (), *, view: View = LESSON,
                 fresh: FreshCheck | None = None, attempt: int = 0,
                 footer: ipywidgets.Widget | None = None) -> None:
        self._fresh = fresh
        self._footer = [] if footer is None else [footer]
        self._review_line = ipywidgets.HTML("")
        self.attempt = attempt
        self.chapter = chapter
        self.asked: tuple[Asked, ...] = ()
        self.again: tuple[Asked, ...] = ()
        if fresh is not None:
            questions = self._fresh_questions()
        check_size(questions)
        self.saved: ChapterResult | None = None
        self._save_problem: str | None = None
        self._saved_line = ipywidgets.HTML("")
        self.retry_button = ipywidgets.Button(layout=ipywidgets.Layout(display="none"))
        self.retry_button.on_click(lambda _button: self.reset())
        super().__init__(questions, view=view)
        self.add_class("kaszino-check")
        self.refresh()

    def _fresh_questions(self) -> tuple[Question, ...]:
        """This attempt's questions: those missed before in their kinds' places, new ones for the rest."""
        assert self._fresh is not None
        try:
            missed = [Asked(row.kind, row.seed) for row in missed_questions(self.chapter)]
        except StoreError:
            missed = []
        self.asked = self._fresh.attempt(self.attempt, missed)
        self.again = tuple(asked for asked in self.asked if asked in missed)
        return tuple(self._fresh.build(asked) for asked in self.asked)

    def _head_children(self) -> list[ipywidgets.Widget]:
        return [self._review_line]

    def _extra_children(self) -> list[ipywidgets.Widget]:
        return [self._saved_line, self.retry_button, *self._footer]

    def _completed(self) -> None:
        score = self.score
        missed = [(a.kind, a.seed) for number, a in enumerate(self.asked) if not self.sheet.right(number)]
        recovered = [(a.kind, a.seed) for number, a in enumerate(self.asked) if self.sheet.right(number)]
        try:
            self.saved = record_check(self.chapter, score.right, score.total, missed, recovered)
            self._save_problem = None
        except StoreError as error:
            self.saved, self._save_problem = None, str(error)

    def reset(self) -> None:
        self.saved, self._save_problem = None, None
        if self._fresh is None:
            super().reset()
            return
        self.attempt += 1
        self._ask(check_size(self._fresh_questions()))
        self._draw_review()
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

    def _draw_review(self) -> None:
        """The line above the questions naming those that come back (missed in an earlier attempt)."""
        if not self.again:
            self._review_line.value = ""
            return
        numbers = ", ".join(str(number + 1) for number, asked in enumerate(self.asked) if asked in self.again)
        words = tr("ui.check_review", count=len(self.again), numbers=numbers)
        self._review_line.value = (f'<div class="kaszino-review" data-again="{len(self.again)}" '
                                   f'style="margin:4px 0 8px;">{escape(words)}</div>')

    def refresh(self) -> None:
        self.retry_button.description = tr("ui.button_retry")
        self._draw_review()
        super().refresh()
