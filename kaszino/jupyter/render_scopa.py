"""Pictures of a Scopa position (docs/scopa.md), built from the shared parts of :mod:`.render`.

The deck's 40 faces are the shared card faces with the capture value on a badge where it is not
the printed rank (J 8, Q 9, K 10). A panel shows a player's captured cards and diamonds, his
scopas and points; the other hand is face down until the last round, when it is known by
elimination (``state.view``). A finished deal shows its scoring point by point, every count,
who takes each point and why (:mod:`kaszino.teach.scopa_score`).
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape

from kaszino.engine.cards import Card, Suit
from kaszino.games.scopa.family import SCOPA
from kaszino.games.scopa.rules import ROUNDS
from kaszino.games.scopa.scoring import DealReport
from kaszino.games.scopa.state import ScopaState
from kaszino.i18n import language, player_number, tr
from kaszino.inputs import check_type, check_whole
from kaszino.jupyter.render import (
    FULL,
    View,
    board_html,
    felt_html,
    hand_row,
    panel_html,
    score_table_html,
    status_html,
)
from kaszino.teach.scopa_score import MISSING, deal_messages


def worth(card: Card) -> int | None:
    """The badge of a Scopa card: its capture value (the family's) where that is not its printed rank."""
    value = SCOPA.capture_value(card)
    return None if value == card.value else value


def _status(state: ScopaState) -> str:
    parts = [tr("ui.deal", n=state.deal), tr("ui.round", n=state.round, rounds=ROUNDS)]
    if state.last_round:
        parts.append(tr("scopa_ui.last_round"))
    return status_html(state, parts)


def _facts(state: ScopaState, player: int) -> str:
    pile = state.piles[player]
    diamonds = sum(1 for card in pile if card.suit is Suit.DIAMONDS)
    return " · ".join((tr("scopa_ui.pile", cards=tr("common.cards", count=len(pile)), diamonds=diamonds),
                       tr("scopa_ui.scopas", count=state.scopas[player]),
                       tr("scopa_ui.points", points=state.totals()[player])))


def position_html(state: ScopaState, viewer: int | None = None, open_hands: bool = False, *,
                  interactive: bool = False, selected: Collection[Card] = (), view: View = FULL) -> str:
    """A whole Scopa position, as :func:`kaszino.jupyter.render.position_html` draws Kaszinó's.

    The ``viewer``'s hand (by default the player to move) is face up, and the other one once
    ``open_hands`` is set or the viewer knows it (the last round); with ``interactive`` the
    mover's hand and the table cards are buttons.
    """
    check_type("state", state, ScopaState)
    viewer = state.to_move if viewer is None else check_whole("viewer", viewer, 0, state.players - 1)
    picking = interactive and not state.finished
    known = state.view(viewer).other_hand is not None
    panels: dict[int, str] = {}
    for player in range(state.players):
        if player != viewer and not view.opponents:
            continue
        shown = open_hands or known or player == viewer
        hand = hand_row(state.hands[player], shown, picking and player == state.to_move, selected, worth)
        moving = player == state.to_move and not state.finished and not state.deal_over
        facts = _facts(state, player) if view.piles else ""
        panels[player] = panel_html(player, facts, moving, hand, viewer, view)
    score = score_html(state) if state.deal_over and view.score else ""
    felt = felt_html(state.table, len(state.talon), picking, selected, view.talon, worth)
    return board_html(_status(state) if view.status else "", panels, viewer, felt, score)


def _taker(winner: int | None) -> str:
    return tr("scopa_ui.nobody") if winner is None else tr("ui.player_name", n=player_number(winner))


def report_html(report: DealReport, totals: tuple[int, ...]) -> str:
    """A deal's scoring: a row per point (each player's count, who takes it), the scopas, the
    deal's points and the game's totals, then the same in sentences with each primiera."""
    rows: list[tuple[str, list[object]]] = [  # a point, its counts and who takes it
        (point.point, [*(MISSING if n is None else n for n in point.counts), _taker(point.winner)])
        for point in report.comparisons]
    rows += [("scopas", [*report.scopas, ""]), ("deal_total", [*report.points, ""]),
             ("game_total", [*totals, ""])]
    names = [tr("ui.player_name", n=player_number(p)) for p in range(len(totals))]
    columns = [*names, tr("scopa_ui.point_to")]
    said = "".join(f"<li>{escape(message.render(language()))}</li>" for message in deal_messages(report))
    return (score_table_html(columns, [(name, tr("scopa_ui.score_" + name), values) for name, values in rows])
            + f'<ul class="kaszino-score-words" style="margin:4px 0; padding-left:18px;">{said}</ul>')


def score_html(state: ScopaState) -> str:
    """The scoring of ``state``'s deal (final once the deal is over)."""
    check_type("state", state, ScopaState)
    return report_html(state.deal_report(), state.totals())
