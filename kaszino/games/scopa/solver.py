"""The exact solver of a Scopa deal's last round (docs/scopa.md).

In the last round the talon is empty and each player knows the other's hand by elimination, so
the round is a game of perfect information: plain minimax, with a memo over positions, finds the
value of every move — the deal's points of the player to move minus his opponent's, once the
leftovers are given and the deal is scored (scopas, cards, diamonds, settebello, primiera).
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.lookahead import ExactSearch
from kaszino.errors import KaszinoError
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.state import ScopaState
from kaszino.inputs import check_type


@dataclass(frozen=True, slots=True)
class Solution:
    """The value of a last-round position for the player to move, every move that reaches it, a line."""

    value: int
    best: tuple[ScopaMove, ...]
    line: tuple[ScopaMove, ...]
    values: tuple[tuple[ScopaMove, int], ...]
    """Every legal move with its value for the mover."""


def solve(state: ScopaState) -> Solution:
    """Solve the last round of ``state``'s deal exactly; an error if it is not the last round."""
    check_type("state", state, ScopaState)
    if state.finished or state.deal_over or not state.last_round:
        raise KaszinoError("the solver plays out the last round of a deal (round 6, before the deal is over)")
    search: ExactSearch[ScopaState, ScopaMove] = ExactSearch(_moves, ScopaState.play)
    values = tuple((move, int(search.move_value(state, move))) for move in _moves(state))
    value = max(v for _, v in values)
    best = tuple(move for move, v in values if v == value)
    line = [best[0]]
    after = state.play(best[0])
    while not after.deal_over:
        move = max(_moves(after), key=lambda m: search.move_value(after, m))  # the first best one
        line.append(move)
        after = after.play(move)
    return Solution(value, best, tuple(line), values)


def _moves(state: ScopaState) -> list[ScopaMove]:
    return [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
