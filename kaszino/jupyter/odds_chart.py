"""The odds of a hint as a small horizontal bar chart (SVG, no plotting library).

One bar per legal move, labelled with the move in the words the game's narration uses ("K♠
taking J♥ A♥", "lay 7♥"): its expected deal-point margin (:class:`kaszino.teach.odds.OddsHint`),
green to the right of zero, red to the left; the best move's bar is outlined. The words, the zero
line and the outline take the page's text colour (``currentColor``), so the chart reads on a light
and a dark page alike.
"""

from __future__ import annotations

from html import escape

from kaszino.i18n import language, tr
from kaszino.teach.explain import move_message
from kaszino.teach.odds import OddsHint, format_margin

ROW = 18
LABEL = 150
"""The labels' column at least; wider when a move's words need it."""
CHARACTER = 6.5
"""About the width of one character of the labels (11 pixels sans-serif)."""
BAR = 220
VALUE = 50
MOST_ROWS = 12
"""More moves than this are cut to the best ones: a hint is about the good moves."""


def odds_svg(hint: OddsHint) -> str:
    """The chart of ``hint`` as an inline SVG element with a title line."""
    rows = hint.moves[:MOST_ROWS]
    lang = language()
    labels = [move_message(odds.move).render(lang) for odds in rows]
    label = max(LABEL, round(CHARACTER * max(map(len, labels))) + 10)
    scale = max(1.0, max(abs(odds.margin) for odds in rows))
    zero = label + BAR / 2
    height = ROW * len(rows) + 26
    width = label + BAR + VALUE
    worlds = hint.worlds
    note = tr("odds.chart_exact") if hint.exact else tr("odds.chart_sampled", worlds=worlds, count=worlds)
    title = escape(tr("odds.chart_title"))
    parts = [f'<svg class="kaszino-odds" xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{title}" '
             f'font-family="sans-serif" font-size="11" fill="currentColor" '
             f'style="max-width:100%; height:auto;">',
             f'<text x="0" y="12" font-weight="bold">{title} ({escape(note)})</text>',
             f'<line x1="{zero}" y1="18" x2="{zero}" y2="{height}" stroke="currentColor" '
             f'stroke-opacity="0.5"/>']
    for i, (odds, words) in enumerate(zip(rows, labels, strict=True)):
        y = 20 + i * ROW
        margin = format_margin(odds.margin, lang)
        length = abs(odds.margin) / scale * (BAR / 2 - 4)
        x = zero if odds.margin >= 0 else zero - length
        colour = "#2e7d32" if odds.margin >= 0 else "#c62828"
        outline = ' stroke="currentColor" stroke-width="1.5"' if i == 0 else ""
        parts.append(f'<g class="kaszino-odds-row" data-move="{escape(str(odds.move))}" '
                     f'data-margin="{odds.margin:.3f}">'
                     f'<text x="{label - 6}" y="{y + 12}" text-anchor="end">{escape(words)}</text>'
                     f'<rect x="{x:.1f}" y="{y + 3}" width="{max(length, 1):.1f}" height="{ROW - 6}" '
                     f'fill="{colour}"{outline}/>'
                     f'<text x="{label + BAR + 4}" y="{y + 12}">{margin}</text></g>')
    parts.append("</svg>")
    return "".join(parts)
