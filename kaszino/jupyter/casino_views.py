"""Chapter 09 (Casino) and the relatives' comparison: live Casino tables, a finished deal to count,
and the table of the three families.

- :func:`casino_table`: a live table on a Casino position (practice mode by default); with
  ``opponent=True`` the greedy computer answers for the other player.
- :class:`CasinoPiles`: both captured piles of a finished Casino deal, sorted by suit, to count;
  ``reveal()`` adds the engine's count (:func:`kaszino.jupyter.render_casino.score_html`).
- :func:`family_comparison`: the three families side by side (:mod:`kaszino.teach.families`).

Every one of them follows the language switch of the page.
"""

from __future__ import annotations

from html import escape

from kaszino.engine.cards import Suit
from kaszino.games.casino.state import CasinoState
from kaszino.i18n import language, player_number, tr
from kaszino.jupyter.lesson_tables import CountedDeal
from kaszino.jupyter.render import LESSON, View, cards_html
from kaszino.jupyter.render_casino import score_html
from kaszino.jupyter.tutorial import MarkdownText, follow_language
from kaszino.jupyter.widgets.table import Mode, TableWidget
from kaszino.teach.casino_scenes import greedy
from kaszino.teach.families import comparison_markdown


def casino_table(
    state: CasinoState, *, mode: Mode = "practice", view: View = LESSON, opponent: bool = False
) -> TableWidget:
    """A live table on the Casino position ``state``; with ``opponent`` the computer plays the other seat."""
    return follow_language(
        TableWidget(state, mode=mode, view=view, opponent=greedy if opponent else None, learner=state.to_move)
    )


def family_comparison() -> MarkdownText:
    """The table of Kaszinó, Scopa and Casino, in the page's language."""
    return MarkdownText(lambda: comparison_markdown(language()))


class CasinoPiles(CountedDeal[CasinoState]):
    """Both piles of a finished Casino deal by suit; the engine's count after :meth:`reveal`."""

    css = "kaszino-piles kaszino-casino-piles"

    def _count(self) -> str:
        return score_html(self.state)

    def _pile(self, player: int) -> str:
        pile = sorted(self.state.piles[player], key=lambda card: (card.suit, -card.value))
        spades = sum(card.suit is Suit.SPADES for card in pile)
        facts = tr("ui.pile", cards=tr("common.cards", count=len(pile)), spades=spades)
        return (
            f'<div class="kaszino-player" data-player="{player}" style="margin:6px 0;">'
            f"<strong>{escape(tr('ui.player_name', n=player_number(player)))}</strong> · {escape(facts)}"
            f'<div style="zoom:0.62;">{cards_html(pile)}</div></div>'
        )
