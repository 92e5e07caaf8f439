"""Pictures of cards and positions as SVG/HTML strings, for notebooks and the widgets.

Every function here is pure: it takes values and returns markup. Cards carry their own white
face and colours, so they read the same on a light or a dark page; every label around them
takes the page's text colour (JupyterLab's ``--jp-ui-font-color1``, else ``currentColor``).
The table is green felt with white labels, which also reads well on both backgrounds.

Lessons' Markdown becomes HTML here too (:func:`markdown_html`), for the lesson texts and the
questions whose prompt is a lesson.

Markup hooks for the widgets and browser tests: with ``interactive=True`` the cards the
player to move may pick become ``<button class="kaszino-card" data-card="10♦" data-zone=…>``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any, Literal

from kaszino.engine import seam
from kaszino.engine.cards import Card, Suit, check_cards
from kaszino.games.kaszino.scoring import count_spades
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import player_number, seat_name, tr
from kaszino.inputs import check_type, check_whole

Zone = Literal["hand", "table"]

@lru_cache(maxsize=1)
def _markdown() -> Callable[[str], str]:
    """The Markdown renderer; mistune comes with the ``notebook`` extra, so it is imported when a
    lesson is first drawn, not when ``kaszino`` is (the bare package draws no lesson). A table sits
    in a box that scrolls sideways (``kaszino-scroll-x``), so that on a phone its words stay whole
    instead of being broken anywhere to fit."""
    import mistune

    markdown = mistune.create_markdown(plugins=["table"])
    markdown.renderer.register("table", _scrolling_table)  # type: ignore[union-attr]
    return markdown  # type: ignore[return-value]


def _scrolling_table(_renderer: object, text: str) -> str:
    return scroll_box(f"<table>\n{text}</table>") + "\n"


def scroll_box(html: str) -> str:
    """``html`` (a table) in a box that scrolls sideways where it is wider than the page: on a phone
    its words are kept whole (``kaszino-scroll-x`` in ``board.css``) instead of broken to fit."""
    return f'<div class="kaszino-scroll-x">{html}</div>'


@lru_cache(maxsize=1024)
def markdown_html(text: str) -> str:
    """``text`` (Markdown: a lesson) as HTML, styled like JupyterLab's rendered Markdown (cached)."""
    return f'<div class="jp-RenderedHTMLCommon jp-RenderedMarkdown kaszino-lesson">{_markdown()(text)}</div>'



@dataclass(frozen=True, slots=True)
class View:
    """What a position shows besides the hand of the viewer and the table.

    A teaching table shows only what its lesson is about: ``LESSON`` hides the deal/round
    header, the talon, the other players and the piles; a lesson about them turns them on.
    """

    status: bool = True
    """The header line: deal, round, who is to move, a forced move."""
    talon: bool = True
    """The talon beside the table, with the number of its cards."""
    opponents: bool = True
    """The other players' panels (their hands, face down unless open)."""
    piles: bool = True
    """Each panel's line of captured cards, táblák and secured points."""
    points: bool = True
    """The secured points on that line: a term of chapter 05, which the tables before it leave out."""
    score: bool = True
    """The item-by-item points of a finished deal."""
    named_seats: bool = False
    """The panels name the viewer "Te (1. játékos)" and the others "Gép (2. játékos)", as the score
    sheet does: a game against the computer."""


FULL = View()
"""Everything: a game as it is played."""
GAME = View(named_seats=True)
"""Everything, the seats named as the learner playing against the computer sees them."""
NO_POINTS = View(points=False)
"""A game as it is played without the secured points, for the chapters before 05 (which teaches them)."""
LESSON = View(status=False, talon=False, opponents=False, piles=False, score=False)
"""Only the hand and the table: the lessons on captures."""
TWO_HANDS = View(talon=False, piles=False, score=False)
"""Both players and whose turn it is, without talon and piles: the lessons on the tábla."""
FLOW = View(piles=False, score=False)
"""Header, talon and both players, without piles and points: the lessons on the flow of a deal."""

CARD_WIDTH = 60
CARD_HEIGHT = 84

RED = "#c62828"
BLACK = "#1b1b1b"
FACE = "#fffdf7"
EDGE = "#8d8d8d"
SELECTED = "#f2a900"
BACK = "#1f4f8f"
BACK_LINE = "#7fa6d9"
FELT = "#2f6b47"
FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"
LABEL_STYLE = ("color: var(--jp-ui-font-color1, currentColor); "
               "font-family: var(--jp-ui-font-family, sans-serif);")


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r} {cy} a{r} {r} 0 1 0 {2 * r} 0 a{r} {r} 0 1 0 {-2 * r} 0 Z"


# Suit outlines drawn in a 100 by 100 box, so pips never depend on the fonts installed.
_SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: "M50 94 C22 70 3 52 3 29 C3 13 15 3 29 3 C39 3 46 9 50 18 "
                 "C54 9 61 3 71 3 C85 3 97 13 97 29 C97 52 78 70 50 94 Z",
    Suit.DIAMONDS: "M50 2 Q66 28 88 50 Q66 72 50 98 Q34 72 12 50 Q34 28 50 2 Z",
    Suit.SPADES: "M50 3 C36 27 5 41 5 63 C5 77 15 85 27 85 C36 85 43 81 47 75 "
                 "C46 85 42 92 34 98 L66 98 C58 92 54 85 53 75 C57 81 64 85 73 85 "
                 "C85 85 95 77 95 63 C95 41 64 27 50 3 Z",
    Suit.CLUBS: " ".join((_circle(50, 27, 22), _circle(26, 60, 22), _circle(74, 60, 22),
                          "M46 56 C46 78 41 90 32 98 L68 98 C59 90 54 78 54 56 Z")),
}

# Pip layouts of the number cards: (column, row) with columns 0, 1, 2 and rows from 0 (top) to 1 (bottom).
_L, _M, _R = 0, 1, 2
_PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((_M, 0), (_M, 1)),
    3: ((_M, 0), (_M, 0.5), (_M, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_M, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_M, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_M, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3), (_M, 5 / 6),
         (_L, 1), (_R, 1)),
}
_PIP_COLUMNS = (22.0, 30.0, 38.0)
_PIP_TOP, _PIP_BOTTOM, _PIP_SIZE = 16.0, 68.0, 10.0


def suit_color(suit: Suit) -> str:
    check_type("suit", suit, Suit)
    """Red for hearts and diamonds, black for spades and clubs."""
    return RED if suit.is_red else BLACK


def _pip(suit: Suit, cx: float, cy: float, size: float, upside_down: bool = False) -> str:
    """One suit symbol of width ``size`` centred on (cx, cy)."""
    scale = size / 100
    turn = " rotate(180 50 50)" if upside_down else ""
    return (f'<path transform="translate({cx - size / 2:.2f} {cy - size / 2:.2f}) scale({scale:.3f}){turn}" '
            f'd="{_SUIT_PATHS[suit]}" fill="{suit_color(suit)}"/>')


def _corner(card: Card) -> str:
    """The rank and a small pip in the top-left corner (drawn twice, once turned round)."""
    narrow = ' textLength="11" lengthAdjust="spacingAndGlyphs"' if card.value == 10 else ""
    return (f'<text x="7" y="14" text-anchor="middle" font-family="{FONT}" font-size="12" '
            f'font-weight="700" fill="{suit_color(card.suit)}"{narrow}>{card.rank_name}</text>'
            + _pip(card.suit, 7, 21, 8))


def _middle(card: Card) -> str:
    """The centre of the face: pips for 2 to 10, one big pip for the ace, a framed letter for J, Q, K."""
    if card.value == 1:
        return _pip(card.suit, CARD_WIDTH / 2, CARD_HEIGHT / 2, 30)
    if card.value in _PIPS:
        height = _PIP_BOTTOM - _PIP_TOP
        return "".join(_pip(card.suit, _PIP_COLUMNS[col], _PIP_TOP + row * height, _PIP_SIZE, row > 0.5)
                       for col, row in _PIPS[card.value])
    tint = "#fbe9e7" if card.is_red else "#eceff1"
    return (f'<rect x="16" y="12" width="28" height="60" rx="3" fill="{tint}" '
            f'stroke="{suit_color(card.suit)}" stroke-width="0.8"/>'
            f'<text x="30" y="40" text-anchor="middle" font-family="{FONT}" font-size="20" '
            f'font-weight="700" fill="{suit_color(card.suit)}">{card.rank_name}</text>'
            + _pip(card.suit, 30, 56, 16))


def _back() -> str:
    """The back: a blue lattice of small diamonds inside a white frame."""
    diamonds = []
    for row in range(9):
        for col in range(5):
            cx, cy = 12 + col * 9 + (4.5 if row % 2 else 0), 10 + row * 8
            if cx <= 50:
                diamonds.append(f"M{cx} {cy - 3.5} L{cx + 3.5} {cy} L{cx} {cy + 3.5} L{cx - 3.5} {cy} Z")
    return (f'<rect x="4" y="4" width="{CARD_WIDTH - 8}" height="{CARD_HEIGHT - 8}" rx="3" fill="{BACK}"/>'
            f'<path d="{" ".join(diamonds)}" fill="none" stroke="{BACK_LINE}" stroke-width="0.9"/>')


def card_svg(card: Card | None, face_up: bool = True, selected: bool = False,
             worth: int | None = None) -> str:
    """One card as an inline SVG; ``card=None`` or ``face_up=False`` draws the back.

    ``worth``: what the card counts in a capture where that is not its printed rank (a Scopa
    jack's 8), drawn as a badge in its lower corner. A hidden card's markup holds no trace of its
    rank or suit. Inside :func:`shared_faces` the picture refers to its face instead of drawing
    it (see there).
    """
    if card is not None:
        check_type("card", card, Card)
    shown = card if card is not None and face_up else None
    label = str(shown) if shown is not None else tr("ui.hidden_card")
    badge = worth if shown is not None else None
    if badge is not None:
        check_whole("worth", badge, 0, 99)
    faces = _FACES.get()
    if faces is None:
        return _card_svg(shown, selected, label, badge)
    face_id, symbol = _face_symbol(shown, badge)
    faces[face_id] = symbol
    return _card_reference(face_id, selected, label)


_FACES: ContextVar[dict[str, str] | None] = ContextVar("kaszino_card_faces", default=None)


@contextmanager
def shared_faces() -> Iterator[dict[str, str]]:
    """Draw cards as references to shared faces within the block; yields the faces used.

    Inside the block :func:`card_svg` (and so every position and row of cards) draws a card as a
    small ``<svg>`` showing ``<use href="#kaszino-face-…">`` and records the face it uses in the
    yielded dict (id → ``<symbol>`` markup). The widgets send the faces apart from their markup
    and the browser keeps each face once per page (``board.js``), so a redraw — a click, a
    language switch — sends a few hundred bytes per card instead of its whole drawing.
    """
    faces: dict[str, str] = {}
    token = _FACES.set(faces)
    try:
        yield faces
    finally:
        _FACES.reset(token)


def _svg_open(label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="kaszino-card-svg" width="{CARD_WIDTH}" '
            f'height="{CARD_HEIGHT}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" role="img" '
            f'aria-label="{escape(label)}" style="display:block; overflow:visible; '
            f'filter: drop-shadow(0 1px 2px rgba(0,0,0,0.45));">'
            f'<title>{escape(label)}</title>')


def _outline(colour: str, width: int, fill: str = FACE) -> str:
    return (f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" '
            f'fill="{fill}" stroke="{colour}" stroke-width="{width}"/>')


@lru_cache(maxsize=128)
def _face(card: Card | None, worth: int | None = None) -> str:
    """The drawing on a card (its face, or the back for ``None``), without the outline."""
    if card is None:
        return _back()
    turned = f'<g transform="rotate(180 {CARD_WIDTH / 2} {CARD_HEIGHT / 2})">{_corner(card)}</g>'
    return _corner(card) + turned + _middle(card) + ("" if worth is None else _worth_badge(worth))


def _worth_badge(worth: int) -> str:
    """A card's capture value in a small dark disc at its lower left (a Scopa jack's 8)."""
    return (f'<circle class="kaszino-worth" cx="9" cy="{CARD_HEIGHT - 10}" r="7" fill="{BACK}"/>'
            f'<text x="9" y="{CARD_HEIGHT - 6.5}" text-anchor="middle" font-family="{FONT}" '
            f'font-size="{10 if worth < 10 else 8}" font-weight="700" fill="#ffffff">{worth}</text>')


@lru_cache(maxsize=512)
def _card_svg(card: Card | None, selected: bool, label: str, worth: int | None = None) -> str:
    """The markup of :func:`card_svg`, drawn once per card, selection, label and badge."""
    edge, width = (SELECTED, 3) if selected else (EDGE, 1)
    return f"{_svg_open(label)}{_outline(edge, width)}{_face(card, worth)}</svg>"


@lru_cache(maxsize=128)
def _face_symbol(card: Card | None, worth: int | None = None) -> tuple[str, str]:
    """The id of a card's shared face and its ``<symbol>`` (outline and drawing)."""
    face_id = "kaszino-face-back" if card is None else f"kaszino-face-{card.value}{card.suit.letter}"
    if worth is not None:
        face_id += f"-worth{worth}"
    return face_id, (f'<symbol id="{face_id}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">'
                     f'{_outline(EDGE, 1)}{_face(card, worth)}</symbol>')


@lru_cache(maxsize=512)
def _card_reference(face_id: str, selected: bool, label: str) -> str:
    """A card drawn as its shared face; a selected card gets its coloured edge on top."""
    edge = _outline(SELECTED, 3, fill="none") if selected else ""
    return (f'{_svg_open(label)}<use href="#{face_id}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}"/>'
            f'{edge}</svg>')


Worth = Callable[[Card], "int | None"]
"""A card's badge: its capture value where that is not its printed rank (None: no badge)."""


def no_badge(card: Card) -> int | None:
    """No card gets a badge (Kaszinó: every card counts its printed rank)."""
    return None


def card_slot(card: Card, zone: Zone | None, selected: bool, worth: Worth = no_badge) -> str:
    """A face-up card, as a clickable button when it belongs to a zone the learner may pick from."""
    svg = card_svg(card, selected=selected, worth=worth(card))
    if zone is None:
        return f'<span class="kaszino-card">{svg}</span>'
    state = " kaszino-selected" if selected else ""
    return (f'<button type="button" class="kaszino-card kaszino-{zone}-card{state}" data-action="toggle" '
            f'data-zone="{zone}" data-card="{escape(str(card))}" aria-pressed="{str(selected).lower()}" '
            f'style="all:unset; cursor:pointer; display:block; border-radius:6px; '
            f'transform: translateY({-8 if selected else 0}px); transition: transform 0.1s;">{svg}</button>')


def _row(slots: Sequence[str], empty: str = "") -> str:
    inner = "".join(slots) or (f'<span class="kaszino-empty" style="opacity:0.7; font-style:italic; '
                               f'align-self:center;">{escape(empty)}</span>')
    return (f'<div class="kaszino-cards" style="display:flex; flex-wrap:wrap; gap:6px; '
            f'min-height:{CARD_HEIGHT}px; padding-top:10px;">{inner}</div>')


def cards_html(cards: Sequence[Card]) -> str:
    """A row of face-up cards."""
    return _row([card_slot(card, None, False) for card in check_cards("cards", cards)], tr("ui.no_cards"))


def hand_row(cards: Sequence[Card], shown: bool, picking: bool, selected: Collection[Card],
             worth: Worth = no_badge) -> str:
    """A hand: face up (its cards buttons when ``picking``), or as many card backs."""
    if not shown:
        return _row([card_svg(None) for _ in cards], tr("ui.no_cards"))
    zone: Zone | None = "hand" if picking else None
    return _row([card_slot(card, zone, card in selected, worth) for card in cards], tr("ui.no_cards"))


def _player_panel(state: GameState, player: int, viewer: int, hand: str, view: View,
                  counting: bool = False) -> str:
    pile = state.piles[player]
    moving = player == state.to_move and not state.finished and not state.deal_over
    facts: list[str] = []
    if view.piles:
        facts = [tr("ui.pile", cards=tr("common.cards", count=len(pile)), spades=count_spades(pile)),
                 tr("ui.tabla", points=state.tabla_points[player])]
        if counting:
            facts.append(tr("ui.earlier_points", points=state.scores[player]))
        elif view.points:
            facts.append(tr("ui.score", points=state.totals()[player]))
    if counting:  # the learner counts the points from the captured cards themselves
        listed = " ".join(map(str, sorted(pile, key=lambda card: (card.suit.value, card.value))))
        hand += (f'<div class="kaszino-pile-cards" data-player="{player}">'
                 f'{escape(tr("ui.pile_cards", cards=listed or tr("ui.no_cards")))}</div>')
    return panel_html(player, " · ".join(facts), moving, hand, viewer, view)


def seat_label(player: int, viewer: int, view: View) -> str:
    """The name on ``player``'s panel: "2. játékos", or with ``view.named_seats`` as the learner at
    seat ``viewer`` sees it ("Gép (2. játékos)")."""
    return seat_name(player, viewer) if view.named_seats else tr("ui.player_name", n=player_number(player))


def panel_html(player: int, facts: str, moving: bool, hand: str, viewer: int, view: View) -> str:
    """A player's panel: the name (:func:`seat_label`, marked when moving), the ``facts`` line, the
    ``hand`` markup."""
    marker = f' <strong class="kaszino-to-move">{escape(tr("ui.to_move_marker"))}</strong>' if moving else ""
    border = "var(--jp-brand-color1, #1976d2)" if moving else "var(--jp-border-color1, #9e9e9e)"
    return (f'<div class="kaszino-player" data-player="{player}" style="border:1px solid {border}; '
            f'border-radius:8px; padding:6px 10px; margin:6px 0;">'
            f'<div style="display:flex; justify-content:space-between; flex-wrap:wrap; gap:8px;">'
            f'<span><strong>{escape(seat_label(player, viewer, view))}</strong>{marker}</span>'
            f'<span class="kaszino-pile">{escape(facts)}</span></div>{hand}</div>')


def felt_html(table_cards: Sequence[Card], talon: int, picking: bool, selected: Collection[Card],
              show_talon: bool = True, worth: Worth = no_badge, piles: str = "") -> str:
    """The green table with its cards (buttons when ``picking``) and the talon of ``talon`` cards;
    ``piles``: markup drawn under the loose cards (Casino's builds)."""
    zone: Zone | None = "table" if picking else None
    talon_html = (f'<div class="kaszino-talon" style="display:flex; flex-direction:column; '
                  f'align-items:center; gap:4px;">{card_svg(None) if talon else ""}'
                  f'<span>{escape(tr("ui.talon", count=talon))}</span></div>') if show_talon else ""
    table = _row([card_slot(card, zone, card in selected, worth) for card in table_cards],
                 tr("ui.empty_table"))
    return (f'<div class="kaszino-table" style="background:{FELT}; color:#f5f5f5; border-radius:12px; '
            f'padding:8px 12px 10px; margin:6px 0; display:flex; gap:16px; align-items:flex-start; '
            f'box-shadow: inset 0 0 12px rgba(0,0,0,0.45);">'
            f'<div style="flex:1"><strong>{escape(tr("common.table"))}</strong>{table}{piles}</div>'
            f'{talon_html}</div>')


def _status(state: GameState) -> str:
    parts = [tr("ui.deal", n=state.deal), tr("ui.round", n=state.round, rounds=state.rules.rounds)]
    if not state.finished and not state.deal_over and state.forced is not None:
        parts.append(tr(f"ui.forced_{state.forced}"))
    return status_html(state, parts)


def status_html(state: seam.GameState[Any], parts: Sequence[str]) -> str:
    """The header line: the deal and round ``parts``, then the game's end, the deal's end or whose
    turn it is (the parts after the turn: a family's own notes, such as a forced move)."""
    head, notes = list(parts[:2]), list(parts[2:])
    if state.finished:
        winner = state.winner
        head.append(tr("ui.finished") if winner is None else tr("ui.winner", n=player_number(winner)))
    elif state.deal_over:
        head.append(tr("ui.deal_over"))
    else:
        head += [tr("ui.turn", n=player_number(state.to_move)), *notes]
    return f'<div class="kaszino-status" style="font-weight:600;">{escape(" · ".join(head))}</div>'


def score_html(state: GameState) -> str:
    """The points of the deal item by item for every player: the "count the points" table."""
    check_type("state", state, GameState)
    scores, totals = state.deal_scores(), state.totals()
    rows: list[tuple[str, list[str]]] = [
        ("cards", [str(s.cards) for s in scores]),
        ("spades", [str(s.spades) for s in scores]),
        ("aces", [str(s.aces * s.rules.ace_points) for s in scores]),
        ("big_casino", [str(s.big_casino * s.rules.big_casino_points) for s in scores]),
        ("little_casino", [str(s.little_casino * s.rules.little_casino_points) for s in scores]),
        ("tabla", [str(s.tabla) for s in scores]),
        ("most_cards", [str(s.most_cards) for s in scores]),
        ("most_spades", [str(s.most_spades) for s in scores]),
    ]
    if any(s.bonus for s in scores):
        rows.append(("bonus", [str(s.bonus) for s in scores]))
    rows += [("deal_total", [str(s.total) for s in scores]), ("game_total", [str(t) for t in totals])]
    names = [tr("ui.player_name", n=player_number(p)) for p in range(len(scores))]
    return score_table_html(names, [(name, tr("ui.score_" + name), values) for name, values in rows])


def score_table_html(columns: Sequence[str], rows: Sequence[tuple[str, str, Sequence[object]]]) -> str:
    """The points of a deal as a table: a head cell per column, and per row its ``data-row`` name,
    its label and a value per column; in a box that scrolls sideways when four players' columns
    are wider than a phone (its words are kept whole)."""
    cell = 'style="padding:2px 10px; text-align:right;"'
    head = "".join(f"<th {cell}>{escape(column)}</th>" for column in columns)
    body = "".join(
        f'<tr data-row="{name}"><td style="padding:2px 10px;">{escape(label)}</td>'
        + "".join(f"<td {cell}>{escape(str(value))}</td>" for value in values) + "</tr>"
        for name, label, values in rows
    )
    caption = f'<caption style="text-align:left; font-weight:600;">{escape(tr("ui.score_title"))}</caption>'
    return scroll_box(f'<table class="kaszino-score" style="border-collapse:collapse; margin:6px 0;">'
                      f'{caption}<tr><th></th>{head}</tr>{body}</table>')


SheetRow = tuple[int, int, str, str, Sequence[object]]
"""A row of a score sheet: the deal, the seat, their names, a value per item."""


def sheet_table_html(items: Sequence[str], rows: Sequence[SheetRow]) -> str:
    """A game's score sheet: a head cell per item's label, and per row its deal and seat (``data-deal``,
    ``data-seat``), the deal's and the player's names and a value per item. It sits in a box that
    scrolls sideways (``kaszino-scroll-x``) where the sheet is wider than the page: its words are
    never broken into letters to make it fit, and a deal's name ("1. osztás *") stays on one line.
    In a narrow box (a phone) the stylesheet lays each row out as a block of its own, each value
    after its item's label (``data-item``), so that nothing needs scrolling."""
    cell = 'style="padding:2px 6px; text-align:right;"'
    head = "".join(f"<th {cell}>{escape(item)}</th>" for item in items)
    body = "".join(
        f'<tr data-deal="{deal}" data-seat="{seat}">'
        f'<td class="kaszino-sheet-deal" style="padding:2px 6px; white-space:nowrap;">'
        f'{escape(deal_name)}</td>'
        f'<td class="kaszino-sheet-who" style="padding:2px 6px;">{escape(who)}</td>'
        + "".join(f'<td {cell} data-item="{escape(item)}">{escape(str(value))}</td>'
                  for item, value in zip(items, values, strict=True)) + "</tr>"
        for deal, seat, deal_name, who, values in rows)
    return scroll_box(
        f'<table class="kaszino-sheet" style="border-collapse:collapse; margin:6px 0; font-size:12px;">'
        f'<caption style="text-align:left; font-weight:600;">{escape(tr("game.sheet_title"))}</caption>'
        f'<tr><th></th><th></th>{head}</tr>{body}</table>')


def position_html(state: GameState, viewer: int | None = None, open_hands: bool = False, *,
                  interactive: bool = False, selected: Collection[Card] = (), view: View = FULL,
                  counting: bool = False) -> str:
    """A whole position: status line, every hand, the table and talon, piles and points.

    A hand is shown face up if ``open_hands`` is set, if it is the ``viewer``'s (by default the
    player to move), or in the open last round; otherwise as card backs. With ``interactive``
    the hand of the player to move and the table cards are buttons (``data-card``), and the
    cards in ``selected`` are raised. ``view`` leaves out what a lesson is not about.
    The viewer's panel is drawn below the table, everyone else's above it. With ``counting`` (a
    puzzle that asks for the points) no point total is shown: each panel lists the captured cards
    and the points of earlier deals instead, and a finished deal shows no score table.
    """
    check_type("state", state, GameState)
    picking = interactive and not state.finished
    viewer = state.to_move if viewer is None else check_whole("viewer", viewer, 0, state.players - 1)
    open_round = state.open_round
    panels: dict[int, str] = {}
    for player in range(len(state.hands)):
        if player != viewer and not view.opponents:
            continue
        shown = open_hands or open_round or player == viewer
        hand = hand_row(state.hands[player], shown, picking and player == state.to_move, selected)
        panels[player] = _player_panel(state, player, viewer, hand, view, counting)
    score = score_html(state) if state.deal_over and view.score and not counting else ""
    status = _status(state) if view.status else ""
    felt = felt_html(state.table, len(state.talon), picking, selected, view.talon)
    return board_html(status, panels, viewer, felt, score)


def board_html(status: str, panels: Mapping[int, str], viewer: int, felt: str, score: str) -> str:
    """A whole position from its parts: the viewer's panel below the table, the others above it."""
    above = "".join(panels[p] for p in panels if p != viewer)
    return (f'<div class="kaszino-position" style="{LABEL_STYLE} max-width:640px; font-size:13px;">'
            f'{status}{above}{felt}{panels[viewer]}{score}</div>')


def register_html_formatters() -> None:
    """Let IPython draw a bare :class:`Card` or :class:`GameState` as a picture.

    The engine's types know nothing of pictures (the engine imports no presentation); this hooks
    :func:`card_svg` and :func:`position_html` into the running IPython shell instead, the way
    ``_repr_html_`` would. Outside IPython it does nothing. ``import kaszino`` calls it.
    """
    ipython: Any = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return
    html = shell.display_formatter.formatters["text/html"]
    html.for_type(Card, card_svg)
    html.for_type(GameState, position_html)
