"""Pictures of a Casino position (docs/casino.md), built from the shared parts of :mod:`.render`.

The loose cards lie on the felt as in the other families; under them each build is drawn as one
grouped pile: its groups side by side, the cards of a group overlapping, and a label with its value
and its owner ("7 · 2. játékos", the player named from 1). A build's cards are buttons like the
loose ones when the learner picks (the table widget picks a build whole). A panel shows a
player's captured cards and spades and his side's points (with four players, his team); the other
hands are face down unless the viewer knows them (``state.view``: with two players the last hand).
A finished deal shows its scoring side by side.
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape

from kaszino.engine.cards import Card, Suit
from kaszino.games.casino.builds import Build
from kaszino.games.casino.scoring import (
    BIG_CASINO_POINTS,
    LITTLE_CASINO_POINTS,
    MOST_CARDS,
    MOST_SPADES,
    DealReport,
)
from kaszino.games.casino.state import CasinoState
from kaszino.i18n import player_number, tr
from kaszino.inputs import check_type, check_whole
from kaszino.jupyter.render import (
    CARD_WIDTH,
    FULL,
    View,
    Zone,
    board_html,
    card_slot,
    felt_html,
    hand_row,
    panel_html,
    score_table_html,
    status_html,
)

OVERLAP = CARD_WIDTH * 3 // 5
"""How far a card of a build's group lies over the one before it (in pixels)."""


def owner_name(player: int) -> str:
    """A build's owner as the page names him: the player's number from 1."""
    return tr("ui.player_name", n=player_number(player))


def side_name(state: CasinoState, side: int) -> str:
    """A side as the page names it: a player, or with four players both partners."""
    if state.rules.teams:
        return tr("casino_ui.side_team", first=player_number(side), second=player_number(side + 2))
    return owner_name(side)


def build_html(build: Build, picking: bool, selected: Collection[Card]) -> str:
    """One build as a grouped pile with its label ``value · owner``."""
    zone: Zone | None = "table" if picking else None
    groups = "".join(
        '<div class="kaszino-build-group" style="display:flex;">'
        + "".join(f'<span style="margin-left:{-OVERLAP if index else 0}px;">'
                  f'{card_slot(card, zone, card in selected)}</span>' for index, card in enumerate(group))
        + "</div>" for group in build.groups)
    owner = owner_name(build.owner)
    title = tr("casino_ui.build_title", value=build.value, owner=owner)
    label = tr("casino_ui.build_label", value=build.value, owner=owner)
    return (f'<div class="kaszino-build" data-build="{escape(" ".join(map(str, build.cards)))}" '
            f'data-value="{build.value}" data-owner="{player_number(build.owner)}" title="{escape(title)}" '
            f'style="display:inline-flex; flex-direction:column; gap:2px; margin:8px 8px 0 0; '
            f'padding:4px 8px 6px; '
            f'border:2px dashed rgba(255,255,255,0.7); border-radius:10px;">'
            f'<span class="kaszino-build-label" style="font-weight:700;">{escape(label)}</span>'
            f'<div style="display:flex; gap:10px;">{groups}</div></div>')


def _status(state: CasinoState) -> str:
    parts = [tr("ui.deal", n=state.deal), tr("casino_ui.round", n=state.round, rounds=state.rules.rounds)]
    if state.last_round:
        parts.append(tr("casino_ui.last_round"))
    return status_html(state, parts)


def _facts(state: CasinoState, player: int) -> str:
    pile = state.piles[player]
    spades = sum(card.suit is Suit.SPADES for card in pile)
    facts = [tr("ui.pile", cards=tr("common.cards", count=len(pile)), spades=spades),
             tr("casino_ui.points", points=state.totals()[player])]
    if state.rules.teams:
        side = state.rules.side(player)
        facts.append(tr("casino_ui.team", first=player_number(side), second=player_number(side + 2)))
    return " · ".join(facts)


def position_html(state: CasinoState, viewer: int | None = None, open_hands: bool = False, *,
                  interactive: bool = False, selected: Collection[Card] = (), view: View = FULL) -> str:
    """A whole Casino position, as :func:`kaszino.jupyter.render.position_html` draws Kaszinó's.

    The ``viewer``'s hand (by default the player to move) is face up, the others once
    ``open_hands`` is set or the viewer knows them; with ``interactive`` the mover's hand, the
    loose cards and the builds' cards are buttons.
    """
    check_type("state", state, CasinoState)
    viewer = state.to_move if viewer is None else check_whole("viewer", viewer, 0, state.players - 1)
    picking = interactive and not state.finished
    known = state.view(viewer).hands
    panels: dict[int, str] = {}
    for player in range(state.players):
        if player != viewer and not view.opponents:
            continue
        shown = open_hands or known[player] is not None
        hand = hand_row(state.hands[player], shown, picking and player == state.to_move, selected)
        moving = player == state.to_move and not state.finished and not state.deal_over
        facts = _facts(state, player) if view.piles else ""
        panels[player] = panel_html(player, facts, moving, hand, viewer, view)
    builds = "".join(build_html(build, picking, selected) for build in state.builds)
    felt = felt_html(state.table, len(state.talon), picking, selected, view.talon,
                     piles=f'<div class="kaszino-builds">{builds}</div>' if builds else "")
    score = score_html(state) if state.deal_over and view.score else ""
    return board_html(_status(state) if view.status else "", panels, viewer, felt, score)


def deal_items(report: DealReport) -> list[tuple[str, list[int]]]:
    """A deal's scoring item by item, a value per side: the cards, spades and aces counted, the
    points of 10♦, 2♠, most cards and most spades where they went, the deal's points."""
    sides = range(len(report.points))

    def holder(side: int | None, points: int) -> list[int]:
        return [points * (side == each) for each in sides]

    return [
        ("cards", list(report.cards)), ("spades", list(report.spades)), ("aces", list(report.aces)),
        ("big_casino", holder(report.big_casino, BIG_CASINO_POINTS)),
        ("little_casino", holder(report.little_casino, LITTLE_CASINO_POINTS)),
        ("most_cards", holder(report.most_cards, MOST_CARDS)),
        ("most_spades", holder(report.most_spades, MOST_SPADES)),
        ("deal_total", list(report.points)),
    ]


def score_html(state: CasinoState) -> str:
    """The scoring of ``state``'s deal side by side: the counts, who holds each point, the totals."""
    check_type("state", state, CasinoState)
    report = state.deal_report()
    totals = [total + points for total, points in zip(state.scores, report.points, strict=True)]
    rows = [*deal_items(report), ("game_total", totals)]
    columns = [side_name(state, side) for side in range(state.rules.sides)]
    return score_table_html(columns, [(name, tr("casino_ui.score_" + name), values) for name, values in rows])
