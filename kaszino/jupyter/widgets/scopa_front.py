"""Scopa's part of the table and game widgets (:mod:`.fronts`, docs/scopa.md): one hand card,
which takes a card of its value alone if there is one, else table cards adding up to it; a card
that can take something must. Hints in three steps (:mod:`kaszino.teach.scopa_hints`), and a
score sheet that says, deal by deal, who took each point and why."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from functools import partial
from html import escape
from typing import Any

from kaszino.engine.cards import Card, format_cards
from kaszino.engine.refusals import Refusal
from kaszino.games.scopa.deck import SETTEBELLO
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.rules import PRESETS, ScopaRules, preset
from kaszino.games.scopa.scoring import DealReport
from kaszino.games.scopa.state import ScopaState
from kaszino.i18n import language, seat_name, tr
from kaszino.jupyter import render_scopa
from kaszino.jupyter.render import FULL, View, sheet_table_html
from kaszino.jupyter.widgets.base import HintStep, Text, loose_items, message_text, text
from kaszino.jupyter.widgets.plain_front import PlainFront
from kaszino.teach import scopa_moves
from kaszino.teach.explain import Level
from kaszino.teach.scopa_hints import hint_ladder
from kaszino.teach.scopa_score import MISSING, deal_messages


def _nothing() -> str:
    return ""


def sheet_cells(report: DealReport, seat: int) -> list[str]:
    """A player's row of a deal: each point's count and the point it won (``22 (+1)``), his
    scopas, the deal's points."""
    cells = []
    for point in report.comparisons:
        count = point.counts[seat]
        if count is None:
            shown = MISSING
        else:  # the settebello is shown as the card itself, when taken
            shown = str(SETTEBELLO) if point.point == "settebello" and count else str(count)
        cells.append(f"{shown} (+{int(point.winner == seat)})")
    return [*cells, f"{report.scopas[seat]} (+{report.scopas[seat]})", str(report.points[seat])]


def sheet_html(sheets: Sequence[Any], learner: int) -> str:
    """The score sheet: a row per deal and player, then each deal's points in sentences."""
    if not sheets:
        return ""
    items = [point.point for point in sheets[0].scores.comparisons] + ["scopas", "deal_total"]
    rows, said = [], []
    for sheet in sheets:
        deal = tr("ui.deal", n=sheet.deal) + ("" if sheet.finished else " *")
        rows += [(sheet.deal, seat, deal, seat_name(seat, learner), sheet_cells(sheet.scores, seat))
                 for seat in range(len(sheet.scores.points))]
        lines = "".join(f"<li>{escape(message.render(language()))}</li>"
                        for message in deal_messages(sheet.scores))
        opened = " open" if sheet is sheets[-1] else ""
        said.append(f'<details class="kaszino-sheet-words" data-deal="{sheet.deal}"{opened}>'
                    f'<summary>{escape(deal)}</summary><ul style="margin:2px 0;">{lines}</ul></details>')
    return sheet_table_html([tr("scopa_ui.score_" + item) for item in items], rows) + "".join(said)


@dataclass(frozen=True, slots=True)
class ScopaFront(PlainFront):
    """Scopa's table and game (see the module docstring)."""

    family: str = "scopa"
    presets: Sequence[str] = tuple(PRESETS)
    analyses: bool = False

    # --- the table ------------------------------------------------------------------------
    def table_items(self, state: Any) -> tuple[tuple[Card, ...], ...]:
        return loose_items(state)

    def capture(self, state: ScopaState, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        if len(hand) != 1:
            return text("scopa_ui.one_hand_card", count=len(hand))
        if not table:
            return text("scopa_ui.capture_needs_table")
        return ScopaMove(hand[0], table)

    def lay(self, state: ScopaState, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        return ScopaMove(hand[0]) if len(hand) == 1 and not table else text("ui.lay_needs_single")

    def problem(self, state: ScopaState, move: object) -> Refusal | None:
        return state.problem(move)

    def explain(self, state: ScopaState, move: object, level: Level) -> Text:
        return message_text(scopa_moves.explain_move(state, move))

    def good(self, move: object) -> str:
        # A lay in words already says it is laid ("az 5♣ lerakása"): "Lerakva:" would say it twice.
        return "ui.good_move" if isinstance(move, ScopaMove) and move.is_lay else "ui.good_capture"

    def move_text(self, move: object) -> str:
        return scopa_moves.move_words(move)

    def answers(self, state: ScopaState) -> tuple[Text, ...]:
        moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
        found = [move for move in moves if move.taken]
        laid = tuple(move.card for move in moves if move.is_lay)
        lines = [text("ui.answers", count=len(found)) if found else text("ui.no_answers")]
        lines += [text("ui.answer_line", move=partial(scopa_moves.move_words, move)) for move in found]
        lay = text("scopa_ui.lay_allowed", cards=format_cards(laid)) if laid else text("scopa_ui.lay_none")
        return (*lines, lay)

    def position_html(self, state: ScopaState, viewer: int, *, interactive: bool = False,
                      selected: Collection[Card] = (), view: View = FULL, counting: bool = False,
                      open_hands: bool = False) -> str:
        # While the learner counts (a primiera puzzle), the deal's scoring would give the answer away.
        shown = replace(view, score=False) if counting else view
        return render_scopa.position_html(state, viewer=viewer, open_hands=open_hands,
                                          interactive=interactive, selected=selected, view=shown)

    # --- a whole game against the computer -----------------------------------------------------
    def rules_label(self, name: str) -> str:
        return tr(f"scopa_ui.preset_{name}")

    def game_rules(self, name: str) -> ScopaRules:
        return preset(name)

    def hint(self, state: ScopaState) -> tuple[HintStep, ...]:
        return tuple(HintStep(message_text(step), _nothing) for step in hint_ladder(state))

    def sheet_html(self, sheets: Sequence[Any], learner: int, players: int) -> str:
        return sheet_html(sheets, learner)
