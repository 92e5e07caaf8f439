"""The ceiling of skill: a player who sees every card, hands and talon order, and plays the deal search.

No player at the table may see the other's hand or the order of the talon; this one is handed
the whole state and searches the rest of the deal as the game of perfect information it then is
(:mod:`kaszino.games.kaszino.solver.deal`). What it wins against greedy is the most any player
could win: the expert's margin as a share of it measures how much of the skill there is the
expert has (``benchmarks/bench_players.py``).

Each move has a budget of searched positions. The search deepens one round at a time: first to
the end of the current round, the positions at the next draw scored by the middle of their
static bounds, then one round further, and so on to the end of the deal, where the values are
exact. The move played is the best of the deepest search that finished within the budget; in
the last rounds that is the exact search, so there the move is always optimal.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.errors import TooLargeError
from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players.base import table_moves
from kaszino.games.kaszino.solver.deal import DealSearch, OutOfBudget, Side, draws_left
from kaszino.games.kaszino.solver.model import Step
from kaszino.games.kaszino.solver.search import _quiet
from kaszino.games.kaszino.state import GameState
from kaszino.inputs import check_whole

SIDES: tuple[Side, Side] = ("low", "high")


@dataclass(frozen=True)
class CeilingPlayer:
    """The deal search's move with every card known, within ``positions`` searched positions a
    move (two players, no Fals!: the rules the deal search covers). Deterministic."""

    positions: int = 6000
    name: str = "ceiling"

    def __post_init__(self) -> None:
        check_whole("positions", self.positions, 1, 10**9)

    def choose(self, state: GameState) -> Move:
        """The best move of ``state.to_move`` by the deepest search the budget allows."""
        moves = table_moves(state)
        if len(moves) == 1:
            return moves[0]
        quiet = _quiet(state)
        exact = DealSearch(quiet)
        steps = {move: exact.model.of_move(move) for move in moves}
        left = draws_left(exact.root)
        searches: list[list[DealSearch]] = [
            [DealSearch(quiet, stop=stop, side=side) for side in SIDES] for stop in range(left - 1, -1, -1)]
        searches.append([exact])
        best = moves[0]
        spent = 0
        for level in searches:
            values = _values(level, steps, self.positions - spent)
            spent += sum(search.nodes for search in level)
            if values is None:
                break
            best = max(moves, key=lambda move: values[steps[move]])
        return best


def _values(searches: list[DealSearch], steps: dict[Move, Step], budget: int) -> dict[Step, float] | None:
    """The mean value over ``searches`` of the position after each step (for the mover), or None
    when the searches need more than ``budget`` positions together."""
    values: dict[Step, float] = {}
    try:
        for step in dict.fromkeys(steps.values()):
            total = 0
            for search in searches:
                search.limit = search.nodes + max(0, budget - sum(s.nodes for s in searches))
                total += search.exact(search.play(search.root, step))
            values[step] = total / len(searches)
    except (OutOfBudget, TooLargeError):
        return None
    return values
