"""Chapter 08 (Scopa): live Scopa tables, two tables side by side, and a finished deal to count.

- :class:`ScopaCards`: a row of Scopa cards, the court cards with their values on a badge (the deck).
- :func:`scopa_table`: a live table on a Scopa position (practice mode by default); with
  ``opponent=True`` the greedy computer answers for the other player.
- :func:`side_by_side`: two tables next to each other, each under its own lesson text (the same
  cards under Kaszinó's and Scopa's rules).
- :class:`ScopaPiles`: both captured piles of a finished Scopa deal, one row per suit, so a learner
  can count cards, diamonds and the primiera by hand; ``reveal()`` adds the engine's count under
  them (:func:`kaszino.jupyter.render_scopa.score_html`: every point, each primiera's best cards).

Every one of them follows the language switch of the page.
"""

from __future__ import annotations

from html import escape

import ipywidgets

from kaszino.engine.cards import Suit, parse_cards
from kaszino.games.scopa.players import GreedyPlayer
from kaszino.games.scopa.state import ScopaState
from kaszino.i18n import player_number, tr
from kaszino.jupyter.lesson_tables import CountedDeal
from kaszino.jupyter.render import LESSON, View, cards_html, hand_row
from kaszino.jupyter.render_scopa import score_html, worth
from kaszino.jupyter.tutorial import follow_language, lesson
from kaszino.jupyter.widgets.table import Mode, TableWidget


class ScopaCards(ipywidgets.HTML):  # type: ignore[misc]
    """A row of face-up Scopa cards, each court card with its value (J 8, Q 9, K 10) on a badge."""

    def __init__(self, cards: str) -> None:
        self.cards = parse_cards(cards)
        row = hand_row(self.cards, True, False, (), worth)
        super().__init__(f'<div style="max-width:900px;">{row}</div>')

    def __repr__(self) -> str:
        return f"ScopaCards({len(self.cards)} cards)"


def scopa_table(state: ScopaState, *, mode: Mode = "practice", view: View = LESSON,
                opponent: bool = False) -> TableWidget:
    """A live table on the Scopa position ``state``; with ``opponent`` the computer plays the other seat."""
    computer = GreedyPlayer().choose if opponent else None
    return follow_language(TableWidget(state, mode=mode, view=view, opponent=computer, learner=state.to_move))


def side_by_side(left_text: str, left: ipywidgets.Widget, right_text: str,
                 right: ipywidgets.Widget) -> ipywidgets.HBox:
    """``left`` and ``right`` next to each other (on a narrow page one under the other), each under
    the lesson text of its key."""
    def column(key: str, widget: ipywidgets.Widget) -> ipywidgets.VBox:
        return ipywidgets.VBox([lesson(key), widget],
                               layout=ipywidgets.Layout(flex="1 1 420px", margin="0 16px 0 0"))

    return ipywidgets.HBox([column(left_text, left), column(right_text, right)],
                           layout=ipywidgets.Layout(flex_flow="row wrap"))


class ScopaPiles(CountedDeal[ScopaState]):
    """Both piles of a finished Scopa deal by suit; the engine's count after :meth:`reveal`."""

    css = "kaszino-piles kaszino-scopa-piles"

    def _count(self) -> str:
        return score_html(self.state)

    def _pile(self, player: int) -> str:
        pile = self.state.piles[player]
        diamonds = sum(card.suit is Suit.DIAMONDS for card in pile)
        facts = tr("scopa_ui.pile", cards=tr("common.cards", count=len(pile)), diamonds=diamonds)
        rows = "".join(
            f'<div data-suit="{suit.letter}" style="display:flex; align-items:center; gap:6px;">'
            f'<span style="width:1.5em; font-size:1.3em;">{suit.symbol}</span><div style="zoom:0.55;">'
            f'{cards_html(sorted((card for card in pile if card.suit is suit), reverse=True))}</div></div>'
            for suit in Suit)
        return (f'<div class="kaszino-player" data-player="{player}" style="margin:6px 0;">'
                f'<strong>{escape(tr("ui.player_name", n=player_number(player)))}</strong> · {escape(facts)}'
                f'{rows}</div>')
