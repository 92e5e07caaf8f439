"""Casino's part of the table and game widgets (:mod:`.fronts`, docs/casino.md): one hand card, the
table's loose cards and builds picked by clicking (a build always whole), and three presses —
"Ütés!" (capture), "Építés" (make, raise or add to a build), "Lerak" (trail). What a pick means is
:func:`kaszino.teach.casino_picks.read_pick`'s to say: one legal move is played, several are
offered as buttons in words ("Építés: 8" when only the value differs), none is answered with the
engine's refusal in words. Moves are shown in words (:mod:`kaszino.teach.casino_moves`), never in
the move notation. Builds are drawn as grouped piles with their value and owner
(:mod:`kaszino.jupyter.render_casino`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from kaszino.engine.cards import Card
from kaszino.engine.refusals import Refusal
from kaszino.games.casino.builds import Cards
from kaszino.games.casino.moves import BuildMove, Capture, Trail
from kaszino.games.casino.players import move_worth
from kaszino.games.casino.rules import MAX_PLAYERS, PRESETS, CasinoRules, preset
from kaszino.games.casino.state import CasinoState
from kaszino.i18n import language, seat_name, tr
from kaszino.jupyter import render_casino
from kaszino.jupyter.render import FULL, View, sheet_table_html
from kaszino.jupyter.widgets.base import Choice, HintStep, Text, message_text, text
from kaszino.jupyter.widgets.plain_front import PlainFront
from kaszino.teach import casino_moves
from kaszino.teach.casino_picks import Intent, read_pick
from kaszino.teach.explain import Level
from kaszino.teach.message import Message, player_fields


def _nothing() -> str:
    return ""


def move_words(move: object) -> Text:
    """``move`` in words, following the language."""
    return message_text(casino_moves.move_message(move))


def choice_of(moves: Sequence[object]) -> Choice:
    """The buttons of several moves one pick names: "Építés: 8" when they are builds differing in
    value only, else each move in words."""
    values = [move.value for move in moves if isinstance(move, BuildMove)]
    if len(values) == len(moves) and len(set(values)) == len(values):
        labels = tuple(text("casino_ui.build_value", value=value) for value in values)
    else:
        labels = tuple(move_words(move) for move in moves)
    return Choice(tuple(moves), labels)


def refused(refusal: Refusal) -> Text:
    """A refused pick: that it is not allowed, and the engine's reason."""
    return lambda: f"{tr('casino_ui.refused')}\n{refusal.text(language())}"


def side_label(side: int, learner: int, players: int) -> str:
    """A side on the score sheet: "Te", a computer, or with four players the team by its two seats."""
    who = seat_name(side, learner)
    if players < MAX_PLAYERS:
        return who
    return tr("casino_ui.sheet_team", None, who=who, **player_fields("partner", side + 2))


def sheet_html(sheets: Sequence[Any], learner: int, players: int) -> str:
    """The score sheet: a row per deal and side (a team's partners together), the points item by item."""
    if not sheets:
        return ""
    rows = []
    for sheet in sheets:
        deal = tr("ui.deal", n=sheet.deal) + ("" if sheet.finished else " *")
        items = render_casino.deal_items(sheet.scores)
        for side in range(len(sheet.scores.points)):
            values = [per_side[side] for _, per_side in items]
            rows.append((sheet.deal, side, deal, side_label(side, learner, players), values))
    names = [name for name, _ in render_casino.deal_items(sheets[0].scores)]
    return sheet_table_html([tr("casino_ui.score_" + name) for name in names], rows)




@dataclass(frozen=True, slots=True)
class CasinoFront(PlainFront):
    """Casino's table and game (see the module docstring)."""

    family: str = "casino"
    presets: Sequence[str] = tuple(PRESETS)
    analyses: bool = False

    # --- the table ------------------------------------------------------------------------
    def table_items(self, state: CasinoState) -> tuple[tuple[Card, ...], ...]:
        """Each loose card alone, then each build with all its cards: a click picks a build whole."""
        return (*((card,) for card in state.table), *(build.cards for build in state.builds))

    def _read(self, state: CasinoState, hand: tuple[Card, ...], table: tuple[Card, ...],
              intent: Intent) -> object | Text | Choice:
        reading = read_pick(state, hand, table, intent)
        if reading.slip is not None:
            return text(f"casino_ui.{reading.slip}")
        if reading.refusal is not None:
            return refused(reading.refusal)
        return reading.moves[0] if len(reading.moves) == 1 else choice_of(reading.moves)

    def capture(self, state: CasinoState, hand: Cards, table: Cards) -> object | Text | Choice:
        return self._read(state, hand, table, "capture")

    def build(self, state: CasinoState, hand: Cards, table: Cards) -> object | Text | Choice:
        """"Építés": the build move the picked cards make."""
        return self._read(state, hand, table, "build")

    def lay(self, state: CasinoState, hand: Cards, table: Cards) -> object | Text | Choice:
        return self._read(state, hand, table, "trail")

    def problem(self, state: CasinoState, move: object) -> Refusal | None:
        return state.problem(move)

    def explain(self, state: CasinoState, move: object, level: Level) -> Text:
        return message_text(casino_moves.explain_move(state, move))

    def good(self, move: object) -> str:
        if isinstance(move, BuildMove):
            return "casino_ui.good_build"
        return "ui.good_move" if isinstance(move, Trail) else "ui.good_capture"

    def move_text(self, move: object) -> str:
        return casino_moves.move_message(move).render(language())

    def answers(self, state: CasinoState) -> tuple[Text, ...]:
        kinds = casino_moves.moves_by_kind(state.legal_moves())
        return (message_text(Message.in_domain("casino_ui", "answers", kinds=kinds)),)

    def position_html(self, state: CasinoState, viewer: int, *, interactive: bool = False,
                      selected: Collection[Card] = (), view: View = FULL, counting: bool = False,
                      open_hands: bool = False) -> str:
        return render_casino.position_html(state, viewer=viewer, open_hands=open_hands,
                                           interactive=interactive, selected=selected, view=view)

    # --- a whole game against the computer -----------------------------------------------------
    def rules_label(self, name: str) -> str:
        return tr(f"casino_ui.preset_{name}")

    def game_rules(self, name: str) -> CasinoRules:
        return preset(name)

    def side(self, state: CasinoState, player: int) -> int:
        return state.rules.side(player)

    def hint(self, state: CasinoState) -> tuple[HintStep, ...]:
        """How many captures, build moves and trails there are, then the move worth most right now."""
        moves = [move for move in state.legal_moves() if isinstance(move, Trail | Capture | BuildMove)]
        best = max(moves, key=move_worth)
        kinds = casino_moves.moves_by_kind(moves)
        return (HintStep(message_text(Message.in_domain("casino_ui", "hint_count", kinds=kinds)), _nothing),
                HintStep(lambda: tr("casino_ui.hint_greedy", move=self.move_text(best)), _nothing))

    def sheet_html(self, sheets: Sequence[Any], learner: int, players: int) -> str:
        return sheet_html(sheets, learner, players)
