"""The one widget family of every exercise: choose an answer, type a number, or make a move on a
live table.

Each widget shows one :class:`~kaszino.teach.questions.Question` (the tutorial's exercises and
chapter checks, the classroom chapter's exercises), lets the question judge the answer, and shows
the verdict with its explanation in the one feedback bar (:func:`feedback_html`, coloured by the
shared stylesheet; no bar before the first answer). A prompt that is a lesson file is drawn as
Markdown.
Every answer is reported to the callbacks given to ``on_answer`` — an exercise set counts the
first one for the running score. Like the table, each widget has a method per click
(``choose``, ``submit``, ``select`` + ``press_capture`` …) for notebooks and tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any, ClassVar, cast

from kaszino.engine.refusals import Refusal
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Move
from kaszino.i18n import language
from kaszino.inputs import check_choice
from kaszino.jupyter.render import LESSON, View, markdown_html
from kaszino.jupyter.widgets.answers import options_html, typed_html
from kaszino.jupyter.widgets.base import HtmlWidget
from kaszino.jupyter.widgets.table import Button, Feedback, TableWidget, feedback_html
from kaszino.teach.exercises import Choice, MoveTask, RightMoveTask
from kaszino.teach.questions import Lesson, Question, Renders, TypedQuestion, Unreadable, Verdict

Listener = Callable[[Question, Verdict], None]
"""Called with the question and the verdict after every answer."""


class Answerable:
    """What every exercise widget shares: the question, the last verdict, the listeners."""

    question: Question
    _verdict: Verdict | None
    _listeners: list[Listener]

    def _start(self, question: Question) -> None:
        self.question = question
        self._verdict = None
        self._listeners = []

    @property
    def key(self) -> str:
        """The question's key (its identity in a score sheet)."""
        return self.question.key

    @property
    def verdict(self) -> Verdict | None:
        """The judgement of the last answer (None before the first)."""
        return self._verdict

    @property
    def correct(self) -> bool | None:
        """Whether the last answer was right (None before the first)."""
        return None if self._verdict is None else self._verdict.correct

    def on_answer(self, listener: Listener) -> None:
        """Call ``listener(question, verdict)`` after every answer."""
        self._listeners.append(listener)

    def _verdict_feedback(self) -> Feedback | None:
        verdict = self._verdict
        if verdict is None:
            return None
        return Feedback("good" if verdict.correct else "bad", (lambda: verdict.text,))

    def _judged(self, verdict: Verdict) -> None:
        self._verdict = verdict
        for listener in self._listeners:
            listener(self.question, verdict)


class _QuestionWidget(Answerable, HtmlWidget):
    """A question drawn as text, the answer controls, and the verdict."""

    def __init__(self, question: Question) -> None:
        self._start(question)
        self._problem: Renders | None = None
        super().__init__()
        self.refresh()

    @property
    def feedback(self) -> str:
        """The verdict shown now ("" before an answer), in the current language."""
        shown = self._feedback()
        return "" if shown is None else shown.text()

    def reset(self) -> None:
        """Forget the answer shown (a new attempt); the listeners stay."""
        self._verdict = None
        self._problem = None
        self.refresh()

    def _answer(self, answer: object) -> Verdict:
        verdict = self.question.check(answer)
        self._problem = None
        self._judged(verdict)
        self.refresh()
        return verdict

    def _feedback(self) -> Feedback | None:
        if self._problem is not None:
            problem = self._problem
            return Feedback("bad", (lambda: problem.render(language()),))
        return self._verdict_feedback()

    def _controls(self) -> str:
        raise NotImplementedError

    def _markup(self) -> str:
        prompt = self.question.prompt()
        said = prompt.render(language())
        shown = markdown_html(said) if isinstance(prompt, Lesson) else escape(said)
        return (f'<div class="kaszino-widget kaszino-exercise" data-question="{escape(self.key)}" '
                f'data-language="{language()}">'
                f'<div class="kaszino-task">{shown}</div>{self._controls()}'
                f'{feedback_html(self._feedback())}</div>')

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, correct={self.correct!r})"


class ChoiceWidget(_QuestionWidget):
    """One button per option; the chosen one stays marked."""

    question: Choice

    def __init__(self, question: Choice) -> None:
        self._chosen: str | None = None
        super().__init__(question)

    @property
    def chosen(self) -> str | None:
        """The option chosen last (None before an answer)."""
        return self._chosen

    def choose(self, option: str) -> bool:
        """Answer ``option`` (what a click on its button does); returns whether it is right."""
        self._chosen = check_choice("option", option, self.question.options)
        return self._answer(option).correct

    def reset(self) -> None:
        self._chosen = None
        super().reset()

    def _controls(self) -> str:
        return options_html("choose", [(option, self.question.label(option).render(language()))
                                       for option in self.question.options], chosen=self._chosen)

    def _value_handlers(self) -> Mapping[str, Callable[[str], object]]:
        return {"choose": self.choose}


class NumberWidget(_QuestionWidget):
    """A box for a typed answer (a whole number, or a fraction where the question takes one) and a
    "Check" button (Enter works too); a text the question cannot read is pointed out, not judged."""

    question: TypedQuestion

    INPUT_MODES: ClassVar[Mapping[str, tuple[str, int]]] = {
        "number": ("numeric", 6),
        "fraction": ("text", 14),
    }
    """The phone keyboard (``inputmode``) and the box's width in characters, by the kind of answer."""

    def __init__(self, question: TypedQuestion) -> None:
        self._given = ""
        super().__init__(question)

    def submit(self, value: str | int) -> bool | None:
        """Answer ``value`` as typed; returns whether it is right (None if the question cannot read it)."""
        self._given = str(value).strip()
        try:
            answer = self.question.read(self._given)
        except Unreadable as unreadable:
            self._problem = unreadable.words
            self.refresh()
            return None
        return self._answer(answer).correct

    def reset(self) -> None:
        self._given = ""
        super().reset()

    def _controls(self) -> str:
        mode, size = self.INPUT_MODES[self.question.kind]
        return typed_html(Button("submit", main=True), given=self._given, inputmode=mode, size=size,
                          placeholder=self.question.placeholder().render(language()))

    def _value_handlers(self) -> Mapping[str, Callable[[str], object]]:
        return {"submit": self.submit}


class TaskTable(Answerable, TableWidget):
    """A live table with a task above it: the move the learner makes is judged by the task.

    The position stays (practice mode), so the task can be tried again; only a move the engine
    and the task can judge counts as an answer (an incomplete pick is only pointed out).
    """

    def __init__(self, task: MoveTask | RightMoveTask[Any, Any], *, view: View = LESSON) -> None:
        self._start(task)
        self.task = task
        super().__init__(task.state, mode="practice", view=view, level=task.level)

    def reset(self) -> None:
        """Forget the answer shown and the selection (a new attempt)."""
        self._verdict = None
        self.clear()

    def _decide(self, move: Move, problem: Refusal | None) -> None:
        verdict = self.task.check(move)
        self._hand_pick = self._table_pick = frozenset()
        self._judged(verdict)
        self._feedback = self._verdict_feedback()
        self.refresh()

    def _buttons(self) -> list[Button]:
        return [*self._move_buttons(True), Button("clear")]

    def _header_html(self) -> str:
        return f'<div class="kaszino-task">{escape(self.task.prompt().render(language()))}</div>'


def exercise_widget(question: Question, *, view: View = LESSON) -> ChoiceWidget | NumberWidget | TaskTable:
    """The widget that asks ``question``, by its kind of answer: a :class:`Choice`, a typed
    answer (:class:`~kaszino.teach.questions.TypedQuestion`), or a move (:class:`MoveTask`, or a
    :class:`RightMoveTask`: Scopa's or Casino's)."""
    if question.kind == "choice" and isinstance(question, Choice):
        return ChoiceWidget(question)
    if question.kind in NumberWidget.INPUT_MODES:
        return NumberWidget(cast(TypedQuestion, question))
    if question.kind == "move" and isinstance(question, (MoveTask, RightMoveTask)):
        return TaskTable(question, view=view)
    raise KaszinoError(f"no widget asks a question of type {type(question).__name__}")
