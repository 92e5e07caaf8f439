"""The deal viewer: step forward and back through a recorded deal, every move explained.

A :class:`DealViewer` replays a :class:`~kaszino.games.kaszino.record.GameRecord` up to the end of its
first deal. Buttons (⏮ ◀ ▶ ⏭) and a slider choose the step; beside the position stand the
move just played in words (``kaszino.teach.explain``), what it set going (the engine's events of
the step, in the words of ``kaszino.teach.narrate``: táblák, forced lays, draws, who starts a
round, where the leftover table cards went) and the running score of the deal item by item (the
points already secured).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape

from kaszino.engine.events import Step
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import language, player_number, tr
from kaszino.inputs import check_choice, check_type, whole_number
from kaszino.jupyter.render import FULL, View, position_html, score_html
from kaszino.jupyter.widgets.base import HtmlWidget
from kaszino.jupyter.widgets.table import Button, language_buttons
from kaszino.teach.explain import LEVELS, Level, Message, explain_move, player_fields
from kaszino.teach.narrate import narrate


def first_deal(record: GameRecord) -> list[Step[GameState]]:
    """The steps of ``record`` to the end of its first deal (or of the record)."""
    steps = []
    for step in record.steps():
        steps.append(step)
        if step.state.deal_over or step.state.finished:
            break
    return steps


class DealViewer(HtmlWidget):
    """A recorded deal to step through; see the module docstring.

    ``level`` limits what the explanations speak of (``"rules"`` before scoring is taught);
    ``view`` what the position shows (hands are always face up: the viewer is a replay).
    """

    def __init__(self, record: GameRecord, *, step: int = 0, level: Level = "scoring",
                 view: View = FULL, score: bool = True) -> None:
        if not isinstance(record, GameRecord):
            raise KaszinoError(f"a deal viewer shows a GameRecord, not {type(record).__name__}")
        check_choice("level", level, LEVELS)
        check_type("view", view, View)
        check_type("score", score, bool)
        self._record = record
        self._steps = first_deal(record)
        self._states = [record.start(), *(step.state for step in self._steps)]
        self._level: Level = level
        self._view = view
        self._score = score
        self._notes: dict[tuple[int, str], str] = {}
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

    # --- words and drawing -----------------------------------------------------------------
    def _describe(self, step: int) -> str:
        lang = language()
        if step == 0:
            start = self._states[0]
            rules = start.rules
            return Message.in_domain("ui", "viewer_dealt", hand=rules.hand_size(1), table=rules.table_start,
                                     talon=len(start.talon), **player_fields("d", start.dealer),
                                     **player_fields("p", start.to_move)).render(lang)
        before = self._states[step - 1]
        move = self._record.moves[step - 1]
        head = tr("ui.viewer_move", n=step, p=player_number(before.to_move), move=str(move))
        # The heading names the player, so the explanation tells about them (not to "you").
        lines = [head, explain_move(before, move, self._level).about(before.to_move).text_in(lang)]
        lines += [message.render(lang) for message in narrate(self._steps[step - 1].events)]
        return "\n".join(lines)

    def _markup(self) -> str:
        state = self.state
        at_start, at_end = self._step == 0, self._step == self.steps
        buttons = "".join(b.html() for b in (
            Button("first", enabled=not at_start), Button("back", enabled=not at_start),
            Button("forward", main=True, enabled=not at_end), Button("last", enabled=not at_end)))
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

    def _handlers(self) -> Mapping[str, Callable[[], None]]:
        return {"first": self.first, "back": self.back, "forward": self.forward, "last": self.last}

    def _value_handlers(self) -> Mapping[str, Callable[[str], object]]:
        return {"goto": self.go}

    def __repr__(self) -> str:
        return f"DealViewer(step={self._step}, steps={self.steps})"
