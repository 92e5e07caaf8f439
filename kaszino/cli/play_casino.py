"""``kaszino play --game casino``: what the terminal shows of a Casino game (docs/casino.md).

The position with the builds on the table (each with its groups, value and owner), the sides
with four players, a deal's score sheet side by side, why a move is refused (the engine's
refusal in words), and the hints: the captures the learner can make, then the expert's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kaszino.engine.cards import format_cards
from kaszino.games.casino.builds import Build
from kaszino.games.casino.expert import CasinoExpert
from kaszino.games.casino.moves import BuildMove, Capture, Move, NextDeal, Trail
from kaszino.games.casino.rules import CasinoRules
from kaszino.games.casino.scoring import (
    BIG_CASINO_POINTS,
    LITTLE_CASINO_POINTS,
    MOST_CARDS,
    MOST_SPADES,
    DealReport,
)
from kaszino.games.casino.state import CasinoState
from kaszino.i18n import counted, language, seat_name, tr
from kaszino.players.session import DealSheet
from kaszino.teach.narrate import narrate

Position = Callable[[CasinoState, int, int, Sequence[str], str, str], str]
"""The lines every game's position shows: the state, the learner, the hands a deal, the other
hands, the table and his hand as text."""

SHOWN_CAPTURES = 8
"""The first hint names at most this many captures."""


def build_text(build: Build, learner: int) -> str:
    """``[5♦+2♠, 7♣] = 7, gazdája: Te (1. játékos)``: a build's groups, its value and its owner."""
    groups = ", ".join("+".join(map(str, group)) for group in build.groups)
    return tr("play.casino_build", groups=groups, value=build.value, owner=seat_name(build.owner, learner))


def side_name(rules: CasinoRules, side: int, learner: int) -> str:
    """A side as the learner sees it: a player, or with four players the team's two seats."""
    seats = [seat for seat in range(rules.players) if rules.side(seat) == side]
    if len(seats) == 1:
        return seat_name(seats[0], learner)
    return tr("play.casino_team", first=seat_name(seats[0], learner), second=seat_name(seats[1], learner))


def describe_casino(state: CasinoState, learner: int, position: Position) -> str:
    """A Casino position as the learner sees it: the other hands (one once he knows it: with two
    players the last hand), the builds on the table, the target and, with four players, the teams;
    ``position`` lays out the lines every game shows."""
    view = state.view(learner)
    others = [format_cards(hand) if hand is not None else tr("play.hidden", count=size)
              for seat, (hand, size) in enumerate(zip(view.hands, view.hand_sizes, strict=True))
              if seat != learner]
    table = format_cards(state.table)
    if state.builds:
        table = tr("play.casino_table", loose=table or "—",
                   builds="; ".join(build_text(build, learner) for build in state.builds))
    lines = [position(state, learner, state.rules.rounds, others, table, format_cards(view.hand)),
             tr("play.casino_target", target=state.rules.target)]
    if state.rules.teams:
        ours = state.rules.side(learner)
        lines.append(tr("play.casino_teams", ours=side_name(state.rules, ours, learner),
                        theirs=side_name(state.rules, 1 - ours, learner)))
    return "\n".join(lines)


def casino_sheet_text(sheet: DealSheet, learner: int, rules: CasinoRules) -> str:
    """One Casino deal's points side by side: the counts, the casinos, the majorities, the total."""
    report: DealReport = sheet.scores
    lines = [tr("play.sheet", deal=sheet.deal)]
    for side, total in enumerate(report.points):
        majorities = MOST_CARDS * (report.most_cards == side) + MOST_SPADES * (report.most_spades == side)
        lines.append("  " + tr("play.casino_sheet_line", who=side_name(rules, side, learner),
                                **counted(cards=report.cards[side], spades=report.spades[side],
                                          aces=report.aces[side]),
                                big=BIG_CASINO_POINTS * (report.big_casino == side),
                                little=LITTLE_CASINO_POINTS * (report.little_casino == side),
                                majorities=majorities, total=total))
    return "\n".join(lines)


def casino_explain(state: CasinoState, move: object) -> str:
    """Why a Casino move is refused (the engine's reason), or what an allowed one does (the
    sentence of its own event: the capture, the build, raise or addition, the trail)."""
    refusal = state.problem(move)
    if refusal is not None:
        return refusal.text(language())
    assert isinstance(move, Trail | Capture | BuildMove | NextDeal)
    return narrate(state.step(move).events, "casino", with_move=True)[0].render(language())


def casino_hints(state: CasinoState) -> tuple[str, ...]:
    """The hint steps: the captures the player to move can make, then the expert's move."""
    captures = [str(move) for move in state.legal_moves() if isinstance(move, Capture)]
    first = (tr("play.casino_hint_captures", moves=", ".join(captures[:SHOWN_CAPTURES]),
                count=len(captures)) if captures else tr("play.casino_hint_no_capture"))
    best: Move = CasinoExpert().assess(state).best
    return first, tr("play.casino_hint_best", move=str(best))
