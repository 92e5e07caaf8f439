"""Tables for the chapters on scoring, the game and the variants (05–07).

- :func:`scene_table`: a live table on any teaching position (:func:`kaszino.teach.scenes.scene`),
  with the view a lesson needs; with ``opponent=True`` the computer answers for the other seats.
- :class:`FalsTable`: a live table of the V6 game where the opponent has just captured; the
  learner calls "Fals!" or plays on, and is told what the call brought.
- :class:`PileView`: the captured cards of a finished deal, card by card, for counting points by
  hand; ``reveal()`` adds the item-by-item score table once the learner has counted.

Every one of them follows the language switch of the page.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any, Generic, Protocol, TypeVar

from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Challenge, Move
from kaszino.games.kaszino.players import GreedyPlayer
from kaszino.games.kaszino.scoring import count_spades
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import language, player_number, tr
from kaszino.jupyter.checks import ExerciseSet
from kaszino.jupyter.render import FULL, LESSON, View, cards_html, score_html
from kaszino.jupyter.tutorial import follow_language
from kaszino.jupyter.widgets.base import HtmlWidget, message_text
from kaszino.jupyter.widgets.table import Mode, TableWidget
from kaszino.teach.explain import Level, move_message
from kaszino.teach.game_lesson import fals_outcome
from kaszino.teach.questions import Question, Verdict

TABLE_ONLY = LESSON
"""Only the hand and the table."""
WITH_PILES = View(status=False, talon=False, opponents=True, piles=True, score=False)
"""Every player with the captured cards, táblák and secured points, without header and talon."""
WITH_CAPTURED = replace(WITH_PILES, points=False)
"""As :data:`WITH_PILES` without the secured points: chapter 05 before it teaches them."""


def _computer(state: GameState) -> Move:
    return GreedyPlayer().choose(state)


def scene_table(state: GameState, *, mode: Mode = "practice", view: View = FULL,
                level: Level = "scoring", opponent: bool = False) -> TableWidget:
    """A live table on ``state``; with ``opponent`` the computer plays every seat but the one to move."""
    computer = _computer if opponent else None
    table = TableWidget(state, mode=mode, view=view, level=level, opponent=computer, learner=state.to_move)
    return follow_language(table)


class FalsTable(TableWidget):
    """The V6 game just after the opponent's capture: "Fals!" or play on; the computer answers."""

    def __init__(self, state: GameState, *, view: View = WITH_PILES) -> None:
        if state.pending is None:
            raise KaszinoError("a Fals! table needs a position right after a capture that may be challenged")
        self._attempt = state.pending.capture
        super().__init__(state, mode="play", view=view, level="scoring", opponent=_computer,
                         learner=state.to_move)

    def _accept(self, move: Move, said: str | None = None) -> None:
        if isinstance(move, Challenge):
            self._play(move, message_text(fals_outcome(self.state, move)))
        else:
            super()._accept(move, said)

    def _header_html(self) -> str:
        words = tr("lesson_tables.attempt", capture=move_message(self._attempt).render(language()))
        return f'<div class="kaszino-task">{escape(words)}</div>'


def fals_table(state: GameState) -> FalsTable:
    """A :class:`FalsTable` that follows the language switch."""
    return follow_language(FalsTable(state))


class Finished(Protocol):
    """A game state of any family whose deal may be over (Kaszinó's, Scopa's)."""

    @property
    def deal_over(self) -> bool: ...

    @property
    def players(self) -> int: ...


StateT = TypeVar("StateT", bound=Finished)


class CountedDeal(HtmlWidget, Generic[StateT]):
    """Every player's captured cards of a finished deal, to count by hand; the engine's count
    under them after :meth:`reveal`. A family's view draws a pile (``_pile``) and the count (``_count``)."""

    css = "kaszino-piles"
    """The classes of the picture's element."""

    def __init__(self, state: StateT) -> None:
        if not state.deal_over:
            raise KaszinoError("a pile view shows a finished deal")
        super().__init__()
        self.state = state
        self.revealed = False
        self.refresh()
        follow_language(self)

    def reveal(self) -> None:
        """Show the points item by item (once the learner has counted them)."""
        self.revealed = True
        self.refresh()

    def _markup(self) -> str:
        piles = "".join(self._pile(player) for player in range(self.state.players))
        count = self._count() if self.revealed else ""
        return (f'<div class="kaszino-widget {self.css}" data-language="{language()}" '
                f'data-revealed="{str(self.revealed).lower()}">{piles}{count}</div>')

    def _pile(self, player: int) -> str:
        raise NotImplementedError

    def _count(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(revealed={self.revealed})"


class PileView(CountedDeal[GameState]):
    """Every player's captured cards of a finished Kaszinó deal; the score table after :meth:`reveal`."""

    def _count(self) -> str:
        return score_html(self.state)

    def _pile(self, player: int) -> str:
        cards = sorted(self.state.piles[player], key=lambda card: (card.suit, card.value))
        facts = tr("ui.pile", cards=tr("common.cards", count=len(cards)), spades=count_spades(cards))
        tabla = self.state.tabla_points[player]
        extra = f" · {tr('ui.tabla', points=tabla)}" if tabla else ""
        return (f'<div class="kaszino-player" data-player="{player}" style="margin:6px 0;">'
                f'<strong>{escape(tr("ui.player_name", n=player_number(player)))}</strong> · '
                f'{escape(facts + extra)}<div style="zoom:0.62;">{cards_html(cards)}</div></div>')


def reveal_when_counted(view: CountedDeal[Any], exercises: ExerciseSet, *questions: Question) -> None:
    """Reveal ``view``'s score table once each of ``questions`` (of ``exercises``) is answered right."""
    waiting = list(questions)
    if not waiting or any(question not in [w.question for w in exercises.widgets] for question in waiting):
        raise KaszinoError("reveal_when_counted needs questions of the exercise set")

    def answered(question: Question, verdict: Verdict) -> None:
        if verdict.correct and question in waiting:
            waiting.remove(question)
            if not waiting:
                view.reveal()

    for widget in exercises.widgets:
        widget.on_answer(answered)
