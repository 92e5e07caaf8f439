"""The deal viewer: step forward and back through a recorded deal, every move explained.

A :class:`DealViewer` replays one deal of a :class:`~kaszino.games.kaszino.record.GameRecord` (the
first unless told otherwise) from its start to its end. Buttons (⏮ ◀ ▶ ⏭) and a slider choose the
step; beside the position stand the move just played in words (``kaszino.teach.explain``), what it
set going (the engine's events of the step, in the words of ``kaszino.teach.narrate``: táblák,
forced lays, draws, who starts a round, where the leftover table cards went) and the running score
of the deal item by item (the points already secured). After a finished two-player deal the
"Elemzés" button analyses it every card known
(:func:`~kaszino.games.kaszino.solver.analysis.analyse`, a progress line while it runs) and each
move's words then say what it cost (:mod:`kaszino.teach.marks`); "Legjobb lépés" adds the best
moves and a perfect line, and the end of the deal the points each player left.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from kaszino.engine.events import Step
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.solver.analysis import Budget, DealAnalysis, analyse
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import language, player_number, tr
from kaszino.inputs import check_choice, check_type, check_whole, whole_number
from kaszino.jupyter.render import FULL, View, position_html, score_html
from kaszino.jupyter.widgets.base import HtmlWidget
from kaszino.jupyter.widgets.table import Button, language_buttons
from kaszino.teach.explain import LEVELS, Level, Message, explain_move, move_message, player_fields
from kaszino.teach.marks import MarkedMove, analysable, marked_moves, move_line, summary
from kaszino.teach.narrate import narrate

BUDGET = Budget(seconds=20.0)
"""What the viewer's analysis may take: its early moves get bounds, the last rounds exact values."""


def deal_steps(record: GameRecord, deal: int = 1) -> tuple[int, GameState, list[Step[GameState]]]:
    """The number of moves of ``record`` before deal ``deal`` starts, the state it starts from, and
    its steps from there to its end (or to the end of the record)."""
    before, start, steps = 0, record.start(), []
    for step in record.steps():
        if start.deal < deal:
            before, start = before + 1, step.state
            continue
        steps.append(step)
        if step.state.deal_over or step.state.finished:
            break
    if start.deal != deal:
        raise KaszinoError(f"the record has no deal {deal}")
    return before, start, steps


class DealViewer(HtmlWidget):
    """A recorded deal to step through; see the module docstring.

    ``deal`` is the deal shown (its moves are numbered from its start); ``level`` limits what
    the explanations speak of (``"rules"`` before scoring is taught); ``view`` what the position
    shows (hands are always face up: the viewer is a replay).
    """

    def __init__(self, record: GameRecord, *, step: int = 0, level: Level = "scoring",
                 view: View = FULL, score: bool = True, budget: Budget = BUDGET, deal: int = 1) -> None:
        if not isinstance(record, GameRecord):
            raise KaszinoError(f"a deal viewer shows a GameRecord, not {type(record).__name__}")
        check_choice("level", level, LEVELS)
        check_type("view", view, View)
        check_type("score", score, bool)
        self._budget = check_type("budget", budget, Budget)
        self._record = record
        self._deal = check_whole("deal", deal, 1, len(record.moves) + 1)
        self._before, start, self._steps = deal_steps(record, deal)
        self._states = [start, *(step.state for step in self._steps)]
        self._level: Level = level
        self._view = view
        self._score = score
        self._notes: dict[tuple[int, str], str] = {}
        self._analysable = analysable(record, deal)
        self._analysis: DealAnalysis | None = None
        self._marks: dict[int, MarkedMove] = {}
        self._progress: tuple[int, int] | None = None
        self._best_shown: set[int] = set()
        self._step = 0
        super().__init__()
        self.go(step)

    # --- what the notebook and the tests read ------------------------------------------
    @property
    def steps(self) -> int:
        """The number of moves that can be shown (the slider runs from 0 to this)."""
        return len(self._states) - 1

    @property
    def step(self) -> int:
        """The number of moves played in the position shown (0: just dealt)."""
        return self._step

    @property
    def state(self) -> GameState:
        """The position shown."""
        return self._states[self._step]

    @property
    def note(self) -> str:
        """The words beside the position: the move just played and what it set going."""
        key = (self._step, language())
        if key not in self._notes:
            self._notes[key] = self._describe(self._step)
        return self._notes[key]

    @property
    def analysis(self) -> DealAnalysis | None:
        """The analysis of the deal once "Elemzés" ran (None before)."""
        return self._analysis

    # --- what the learner does ------------------------------------------------------------
    def go(self, step: int | str) -> None:
        """Show the position after ``step`` moves (what the slider does)."""
        self._step = whole_number("step", step, 0, self.steps)
        self.refresh()

    def forward(self) -> None:
        """"Előre": one move on (stays at the end)."""
        self.go(min(self._step + 1, self.steps))

    def back(self) -> None:
        """"Vissza": one move back (stays at the start)."""
        self.go(max(self._step - 1, 0))

    def first(self) -> None:
        """"Elejére": the position just dealt."""
        self.go(0)

    def last(self) -> None:
        """"Végére": the end of the deal."""
        self.go(self.steps)

    def analyse(self) -> None:
        """"Elemzés": analyse the finished deal, every card known, and mark each move."""
        if not self._analysable:
            raise KaszinoError("only a finished two-player deal without Fals! is analysed")
        if self._analysis is None:
            analysis = analyse(self._record, self._deal, budget=self._budget, progress=self._show_progress)
            self._analysis, self._progress = analysis, None
            self._marks = marked_moves(self._record, analysis)
            self._notes.clear()
        self.refresh()

    def show_best(self) -> None:
        """"Legjobb lépés": the best moves of the position shown and a perfect line from it."""
        upcoming = self._marked(self._step + 1)
        if upcoming is None or upcoming.best() is None:
            raise KaszinoError("no exact best move is known for the position shown")
        self._best_shown.add(self._step + 1)
        self._notes.clear()
        self.refresh()

    def _show_progress(self, done: int, total: int) -> None:
        self._progress = (done, total)
        self.refresh()

    # --- words and drawing -----------------------------------------------------------------
    def _marked(self, step: int) -> MarkedMove | None:
        """The analysed move that leads to step ``step`` of the deal (None: none is analysed)."""
        return self._marks.get(self._before + step)

    def _describe(self, step: int) -> str:
        lang = language()
        lines = self._dealt(lang) if step == 0 else self._played(step, lang)
        marked = self._marked(step)
        if marked is not None:
            lines.append(move_line(step, marked).render(lang))
        upcoming = self._marked(step + 1)
        best = upcoming.best() if upcoming is not None and step + 1 in self._best_shown else None
        if best is not None:
            lines.append(best.render(lang))
        if step == self.steps and self._analysis is not None:
            lines += [message.render(lang) for message in summary(self._analysis)]
        return "\n".join(lines)

    def _dealt(self, lang: str) -> list[str]:
        start = self._states[0]
        rules = start.rules
        return [Message.in_domain("ui", "viewer_dealt", hand=rules.hand_size(1), table=rules.table_start,
                                  talon=len(start.talon), **player_fields("d", start.dealer),
                                  **player_fields("p", start.to_move)).render(lang)]

    def _played(self, step: int, lang: str) -> list[str]:
        before = self._states[step - 1]
        move = self._record.moves[self._before + step - 1]
        said = move_message(move).render(lang)
        head = tr("ui.viewer_move", n=step, p=player_number(before.to_move), move=said)
        # The heading names the player, so the explanation tells about them (not to "you").
        lines = [head, explain_move(before, move, self._level).about(before.to_move).text_in(lang)]
        return lines + [message.render(lang) for message in narrate(self._steps[step - 1].events)]

    def _markup(self) -> str:
        state = self.state
        at_start, at_end = self._step == 0, self._step == self.steps
        buttons = "".join(b.html() for b in (
            Button("first", enabled=not at_start), Button("back", enabled=not at_start),
            Button("forward", main=True, enabled=not at_end), Button("last", enabled=not at_end)))
        buttons += self._analysis_buttons()
        label = tr("ui.viewer_step", n=self._step, total=self.steps)
        slider = (f'<input type="range" class="kaszino-slider" data-action="goto" min="0" max="{self.steps}" '
                  f'value="{self._step}" aria-label="{escape(tr("ui.viewer_slider"))}">')
        score = score_html(state) if self._score and not state.deal_over else ""
        view = self._view
        return (f'<div class="kaszino-widget kaszino-viewer" data-step="{self._step}" '
                f'data-language="{language()}" style="max-width:980px;">'
                f'<div class="kaszino-bar">{buttons}{slider}'
                f'<span class="kaszino-step">{escape(label)}</span>{language_buttons()}</div>'
                f'<div style="display:flex; gap:16px; flex-wrap:wrap; align-items:flex-start;">'
                f'<div style="flex:1 1 420px;">{position_html(state, open_hands=True, view=view)}</div>'
                f'<div style="flex:1 1 280px;"><div class="kaszino-feedback kaszino-note" data-tone="info" '
                f'role="status">{escape(self.note)}</div>{score}</div></div></div>')

    def _analysis_buttons(self) -> str:
        if not self._analysable:
            return ""
        if self._progress is not None:
            done, total = self._progress
            said = tr("analysis.analysing", done=done, total=total, count=total)
            return f'<span class="kaszino-progress" role="status">{escape(said)}</span>'
        if self._analysis is None:
            return Button("analyse", label=tr("analysis.analyse_button")).html()
        upcoming = self._marked(self._step + 1)
        if upcoming is None or upcoming.best() is None or self._step + 1 in self._best_shown:
            return ""
        return Button("show_best", label=tr("analysis.show_best")).html()

    def _handlers(self) -> Mapping[str, Callable[[], None]]:
        return {"first": self.first, "back": self.back, "forward": self.forward, "last": self.last,
                "analyse": self.analyse, "show_best": self.show_best}

    def _value_handlers(self) -> Mapping[str, Callable[[str], object]]:
        return {"goto": self.go}

    def __repr__(self) -> str:
        return f"DealViewer(step={self._step}, steps={self.steps})"


class EmbeddedViewer(DealViewer):
    """The deal viewer drawn inside another widget (the game widget after a deal): each of its
    redraws calls ``redraw`` instead, and the host draws :meth:`panel_html` and passes it the
    clicks of :meth:`actions` and :meth:`value_actions`."""

    def __init__(self, record: GameRecord, redraw: Callable[[], None], **options: Any) -> None:
        self._redraw = redraw
        super().__init__(record, **options)

    def refresh(self) -> None:
        self._redraw()

    def panel_html(self) -> str:
        """The viewer's picture, to be drawn inside the host's."""
        return self._markup()

    def actions(self) -> Mapping[str, Callable[[], None]]:
        """The viewer's buttons without a value (``data-action`` → method)."""
        return self._handlers()

    def value_actions(self) -> Mapping[str, Callable[[str], object]]:
        """The viewer's actions that carry a value (the slider)."""
        return self._value_handlers()
