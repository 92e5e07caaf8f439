"""The puzzle trainer: a clickable table that asks a question about its position.

Built on :class:`TableWidget` in practice mode: the position never advances. The puzzle object
judges every answer (``puzzle.check``); the widget adds the hint ladder ("Tipp"), the full
solution ("Megoldás") and the way to the next puzzle ("Következő"). In an ``all_captures``
puzzle the learner collects captures with "Hozzáad" and submits them with "Kész".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Protocol

from kaszino.engine.captures import Capture, capture_problem
from kaszino.engine.state import GameState
from kaszino.errors import KaszinoError, quote
from kaszino.i18n import language, tr
from kaszino.inputs import check_whole
from kaszino.jupyter.widgets.table import Button, TableWidget, move_text, text

FIND_ALL = "all_captures"
"""The puzzle kind whose answer is a set of captures rather than one capture."""


class VerdictLike(Protocol):
    @property
    def correct(self) -> bool: ...

    @property
    def text(self) -> str: ...


class PuzzleLike(Protocol):
    """What the widget needs of a puzzle (``kaszino.puzzles.Puzzle`` has it)."""

    @property
    def state(self) -> GameState: ...

    @property
    def kind(self) -> str: ...

    def task_text(self) -> str: ...

    def check(self, selection: Capture | Iterable[Capture]) -> VerdictLike: ...

    def hints(self) -> list[str]: ...

    def solution_text(self) -> str: ...


class PuzzleWidget(TableWidget):
    """Puzzles one after another; see the module docstring."""

    _answer: tuple[Capture, ...]
    _hint_cache: dict[str, list[str]]

    def __init__(self, puzzles: Sequence[PuzzleLike], *, start: int = 0) -> None:
        if not isinstance(puzzles, Sequence) or not puzzles:
            raise KaszinoError(f"a puzzle widget needs a non-empty list of puzzles, not {quote(puzzles)}")
        for number, puzzle in enumerate(puzzles):
            if not isinstance(getattr(puzzle, "state", None), GameState):
                raise KaszinoError(f"puzzles[{number}] is not a puzzle (it has no position): {quote(puzzle)}")
        check_whole("start", start, 0, len(puzzles) - 1)
        self._puzzles = tuple(puzzles)
        self._index = start
        self._solved: set[int] = set()
        self._reset_attempt()
        super().__init__(self._puzzles[start].state, mode="practice")

    # --- what the notebook and the tests read ------------------------------------------
    @property
    def puzzle(self) -> PuzzleLike:
        return self._puzzles[self._index]

    @property
    def index(self) -> int:
        """The number of the current puzzle, from 0."""
        return self._index

    @property
    def solved(self) -> frozenset[int]:
        """The numbers of the puzzles answered correctly, not counting answers given after "Megoldás"."""
        return frozenset(self._solved)

    @property
    def answer(self) -> tuple[Capture, ...]:
        """The captures collected with "Hozzáad" (``all_captures`` puzzles)."""
        return self._answer

    @property
    def hints_shown(self) -> list[str]:
        """The hints revealed so far, in the current language."""
        return self._hints()[:self._hint_steps]

    @property
    def solution_shown(self) -> bool:
        return self._solution_shown

    # --- what the learner does ------------------------------------------------------------
    def press_capture(self) -> None:
        """"Ütés!": submit the selected capture as the answer (one-capture puzzles)."""
        capture = self._selected_capture()
        if capture is not None:
            self._judge(capture)

    def add_capture(self) -> None:
        """"Hozzáad": put the selected capture into the answer (``all_captures`` puzzles)."""
        if self.puzzle.kind != FIND_ALL:
            self._say("bad", text("ui.not_now"))
            return
        capture = self._selected_capture()
        if capture is None:
            return
        if capture_problem(capture.hand, capture.table, self._state.rules) is not None:
            self._refuse(capture)
            return
        if capture in self._answer:
            self._say("info", text("ui.already_added", move=move_text(capture)))
            return
        self._answer += (capture,)
        self._hand_pick = self._table_pick = frozenset()
        self._say("info", text("ui.added", move=move_text(capture), count=len(self._answer)))

    def press_done(self) -> None:
        """"Kész": submit the collected captures (``all_captures`` puzzles)."""
        if self.puzzle.kind != FIND_ALL:
            self._say("bad", text("ui.not_now"))
            return
        self._judge(self._answer)

    def start_over(self) -> None:
        """"Újra": forget the collected captures, the selection and the feedback."""
        self._answer = ()
        self.clear()

    def show_hint(self) -> None:
        """"Tipp": reveal the next step of the hint ladder."""
        if self._hint_steps >= len(self._hints()):
            self._say("info", text("ui.no_more_hints"))
            return
        self._hint_steps += 1
        self.refresh()

    def show_solution(self) -> None:
        """"Megoldás": show every correct answer with its explanation."""
        self._solution_shown = True
        self.refresh()

    def next_puzzle(self) -> None:
        """"Következő": go on to the next puzzle (the last one stays)."""
        if self._index + 1 >= len(self._puzzles):
            self._say("info", text("ui.last_puzzle"))
            return
        self._index += 1
        self._state = self.puzzle.state
        self._reset_attempt()
        self.clear()

    # --- judging ---------------------------------------------------------------------------
    def _reset_attempt(self) -> None:
        self._answer = ()
        self._hint_steps = 0
        self._hint_cache = {}
        self._solution_shown = False

    def _hints(self) -> list[str]:
        """The puzzle's hint ladder in the current language, asked for once per language."""
        return self._hint_cache.setdefault(language(), self.puzzle.hints())

    def _selected_capture(self) -> Capture | None:
        hand, table = self.selection
        if not hand or not table:
            self._say("bad", text("ui.capture_needs_both"))
            return None
        return Capture(hand, table)

    def _judge(self, selection: Capture | tuple[Capture, ...]) -> None:
        puzzle, index = self.puzzle, self._index
        verdict = puzzle.check(selection)
        if verdict.correct and not self._solution_shown:
            self._solved.add(index)
        self._hand_pick = self._table_pick = frozenset()
        def words() -> str:  # judged again when drawn, so that the text follows the language
            return puzzle.check(selection).text

        self._say("good" if verdict.correct else "bad", words)

    # --- drawing -----------------------------------------------------------------------------
    def _buttons(self) -> Sequence[Button]:
        last = self._index + 1 >= len(self._puzzles)
        if self.puzzle.kind == FIND_ALL:
            first = [Button("add", main=True), Button("done", enabled=bool(self._answer)), Button("clear"),
                     Button("start_over")]
        else:
            first = [Button("capture", main=True), Button("clear")]
        return [*first, Button("hint"), Button("solution"), Button("next", enabled=not last)]

    def _header_html(self) -> str:
        progress = tr("ui.puzzle_progress", n=self._index + 1, total=len(self._puzzles),
                      solved=len(self._solved))
        return (f'<div class="kaszino-task" data-puzzle="{self._index}">'
                f'<strong>{escape(progress)}</strong><br>{escape(self.puzzle.task_text())}</div>')

    def _extra_html(self) -> str:
        parts = []
        if self.puzzle.kind == FIND_ALL:
            items = "".join(f"<li>{escape(move_text(capture))}</li>" for capture in self._answer)
            title = tr("ui.your_answer", count=len(self._answer))
            parts.append(f'<div class="kaszino-answer-list">{escape(title)}'
                         f'<ul class="kaszino-list">{items}</ul></div>')
        if self._hint_steps:
            items = "".join(f"<li>{escape(hint)}</li>" for hint in self.hints_shown)
            parts.append(f'<div class="kaszino-hints">{escape(tr("ui.hints"))}'
                         f'<ol class="kaszino-list">{items}</ol></div>')
        if self._solution_shown:
            parts.append(f'<div class="kaszino-solution">'
                         f'{escape(self.puzzle.solution_text())}</div>')
        return "".join(parts)

    def _handlers(self) -> dict[str, Callable[[], None]]:
        return {"capture": self.press_capture, "add": self.add_capture, "done": self.press_done,
                "clear": self.clear, "start_over": self.start_over, "hint": self.show_hint,
                "solution": self.show_solution, "next": self.next_puzzle}
