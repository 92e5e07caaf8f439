"""Pictures of chapter 08 (Scopa): a finished deal's piles to count, and its scoring step by step.

:class:`ScopaPiles` shows both captured piles of a finished Scopa deal, one row per suit, so a
learner can count cards, diamonds and the primiera by hand; ``reveal()`` adds the engine's count
under them (``deal_report``): each compared point with what each pile holds and who wins it, the
primiera suit by suit (the best card of each suit and its value), the scopas and the points.
It follows the language switch of the page.
"""

from __future__ import annotations

from html import escape

from kaszino.engine.cards import Suit
from kaszino.games.scopa.scoring import DealReport
from kaszino.games.scopa.state import ScopaState
from kaszino.i18n import player_number, tr
from kaszino.jupyter.lesson_tables import CountedDeal
from kaszino.jupyter.render import cards_html

DOMAIN = "scopa_views"
CELL = 'style="padding:2px 10px; text-align:right;"'
LABEL = 'style="padding:2px 10px;"'


def _say(name: str, **fields: int | str) -> str:
    return escape(tr(f"{DOMAIN}.{name}", None, **fields))


class ScopaPiles(CountedDeal[ScopaState]):
    """Both piles of a finished Scopa deal by suit; the engine's count after :meth:`reveal`."""

    css = "kaszino-piles kaszino-scopa-piles"

    def _count(self) -> str:
        return report_html(self.state.deal_report())

    def _pile(self, player: int) -> str:
        pile = self.state.piles[player]
        facts = _say("pile", cards=len(pile), diamonds=sum(card.suit is Suit.DIAMONDS for card in pile))
        rows = "".join(
            f'<div data-suit="{suit.letter}" style="display:flex; align-items:center; gap:6px;">'
            f'<span style="width:1.5em; font-size:1.3em;">{suit.symbol}</span>'
            f'<div style="zoom:0.55;">{cards_html(sorted((c for c in pile if c.suit is suit), reverse=True))}'
            f'</div>'
            f'</div>' for suit in Suit)
        return (f'<div class="kaszino-player" data-player="{player}" style="margin:6px 0;">'
                f'<strong>{escape(tr("ui.player_name", n=player_number(player)))}</strong> · {facts}'
                f'{rows}</div>')


def report_html(report: DealReport) -> str:
    """The deal's count as a table: every point with the piles' counts and its winner, then the
    primiera suit by suit, the scopas and the points of the deal."""
    players = range(len(report.points))
    names = "".join(f"<th {CELL}>{escape(tr('ui.player_name', n=player_number(p)))}</th>" for p in players)

    def row(name: str, values: list[str], winner: str = "") -> str:
        cells = "".join(f"<td {CELL}>{escape(value)}</td>" for value in values)
        return (f'<tr data-row="{name}"><td {LABEL}>{_say("row_" + name)}</td>{cells}'
                f'<td {LABEL}>{winner}</td></tr>')

    def who(winner: int | None) -> str:
        return _say("nobody") if winner is None else escape(tr("ui.player_name", n=player_number(winner)))

    rows = []
    for comparison in report.comparisons:
        if comparison.point == "primiera":
            for index, suit in enumerate(Suit):
                bests = [primiera.suits[index] for primiera in report.primiera]
                rows.append(row(f"suit_{suit.letter}", [
                    f"{best.card} = {best.points}" if best.card is not None else "–" for best in bests]))
        shown = ["–" if count is None else str(count) for count in comparison.counts]
        if comparison.point == "settebello":
            shown = [tr(f"{DOMAIN}.yes") if count else "–" for count in comparison.counts]
        rows.append(row(comparison.point, shown, who(comparison.winner)))
    rows.append(row("scopas", [str(count) for count in report.scopas]))
    rows.append(row("points", [str(points) for points in report.points]))
    return (f'<table class="kaszino-score kaszino-scopa-score" '
            f'style="border-collapse:collapse; margin:6px 0;">'
            f'<caption style="text-align:left; font-weight:600;">{_say("title")}</caption>'
            f'<tr><th></th>{names}<th {LABEL}>{_say("winner")}</th></tr>{"".join(rows)}</table>')

