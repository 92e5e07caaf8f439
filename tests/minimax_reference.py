"""The plain minimax the solver is checked against: ``GameState.play`` itself, no pruning, no table.

It scores a finished deal the way ``kaszino.solve`` documents (docs/solver.md): the deal points
of the player to move at the start minus the best deal points of the others, with the others
playing together against him (for two players simply the difference). Claims are switched to
manual so that no automatic "Ausz!" ends the game before the deal does.
"""

from __future__ import annotations

from dataclasses import replace

from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, Move, Pass
from kaszino.games.kaszino.state import GameState


def minimax(state: GameState) -> tuple[int, set[Move]]:
    """The value for ``state.to_move`` and the set of its optimal first moves."""
    return best_of(move_values(state))


def best_of(values: dict[Move, int]) -> tuple[int, set[Move]]:
    """The best of the values of :func:`move_values` and the moves that reach it."""
    best = max(values.values())
    return best, {move for move, value in values.items() if value == best}


def move_values(state: GameState) -> dict[Move, int]:
    """The value for ``state.to_move`` after each of its moves."""
    quiet = without_claims(state)
    return {move: _value(quiet.play(move), state.to_move) for move in own_moves(quiet)}


def without_claims(state: GameState) -> GameState:
    """``state`` with manual claims, so that the deal is always played to its end."""
    return replace(state, rules=state.rules.with_changes(claim="manual"), finished=False, winner=None)


def own_moves(state: GameState) -> list[Move]:
    """The mover's captures, lays and V3 pass (no calls)."""
    return [move for move in state.legal_moves() if isinstance(move, (Capture, Lay, Pass))]


def score_difference(state: GameState, player: int) -> int:
    """``player``'s deal points minus the best of the other players' deal points."""
    totals = [score.total for score in state.deal_scores()]
    mine = totals.pop(player)
    return mine - max(totals)


def _value(state: GameState, player: int) -> int:
    if state.deal_over:
        return score_difference(state, player)
    values = [_value(state.play(move), player) for move in own_moves(state)]
    return max(values) if state.to_move == player else min(values)


def remembered_move_values(state: GameState) -> dict[Move, int]:
    """:func:`move_values` with the value of every position reached remembered: the same minimax
    of ``GameState.play`` without pruning, quick enough for endings of ten cards across a draw
    (the positions of a deal with its talon known repeat often)."""
    quiet = without_claims(state)
    player = state.to_move
    known: dict[GameState, int] = {}

    def value(position: GameState) -> int:
        if position not in known:
            if position.deal_over:
                known[position] = score_difference(position, player)
            else:
                values = [value(position.play(move)) for move in own_moves(position)]
                known[position] = max(values) if position.to_move == player else min(values)
        return known[position]

    return {move: value(quiet.play(move)) for move in own_moves(quiet)}
