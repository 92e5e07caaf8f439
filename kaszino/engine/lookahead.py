"""What every family's expert player searches with: one node of an alpha-beta search, a count of the
positions a search may visit, the exact search of a known two-player ending, and the odds that a
count ends as the largest (a majority of cards, of a suit) while cards are still to come."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from math import erf, sqrt
from typing import Generic, Protocol, TypeVar

C = TypeVar("C")
M = TypeVar("M")
INFINITY = 1000.0
"""More than any search value (values are deal points, at most a few dozen)."""

SPREAD = 2.0
"""How much more a pile's final count varies than if each card fell to a side on its own: cards
go to a pile in groups (a capture takes two to five), which widens the spread."""


def majority_odds(mine: int, others: list[int], left: int, total: int) -> float:
    """The chance that ``mine`` ends as the unique largest count of ``total`` cards when ``left``
    of them are still to share out evenly among all players (a normal approximation)."""
    rival = max(others)
    if mine > rival + left:
        return 1.0
    if mine + left <= rival:
        return 0.0
    players = len(others) + 1
    # two players: more than half of all the cards; more players: more than the best other
    margin = mine + left / 2 - (total // 2 + 0.5) if players == 2 else mine - rival
    spread = sqrt(SPREAD * left / (4 if players == 2 else players))
    return 0.5 * (1 + erf(margin / (spread * sqrt(2))))


def alpha_beta(children: Iterable[C], maximise: bool, alpha: float, beta: float,
               value: Callable[[C, float, float], float]) -> float:
    """One node of an alpha-beta search: the best of ``value(child, alpha, beta)`` over ``children``
    for the maximising or the minimising side, stopping once the window closes."""
    best = -INFINITY if maximise else INFINITY
    for child in children:
        found = value(child, alpha, beta)
        if maximise:
            best = max(best, found)
            alpha = max(alpha, found)
        else:
            best = min(best, found)
            beta = min(beta, found)
        if alpha >= beta:
            break
    return best


class BudgetSpent(Exception):
    """A search ran out of the positions it may visit."""


@dataclass(slots=True)
class Nodes:
    """The positions a search has visited, and the most it may reach."""

    limit: int
    count: int = field(default=0)

    def visit(self) -> None:
        self.count += 1
        if self.count > self.limit:
            raise BudgetSpent


class Ending(Hashable, Protocol):
    """A position of a two-player deal that the exact search reads: whose turn, and once the deal is
    over each player's points of it."""

    @property
    def to_move(self) -> int: ...

    @property
    def deal_over(self) -> bool: ...

    def deal_scores(self) -> tuple[int, ...]: ...


E = TypeVar("E", bound=Ending)


class ExactSearch(Generic[E, M]):
    """Alpha-beta over the rest of a two-player deal in which every card is known, remembering the
    bounds found for every position met: a value is the deal's points of the player to move minus
    his opponent's, once the deal is scored (exact in a full window, the default). ``moves`` lists a
    position's moves, ``play`` plays one; ``key`` says what of a position its value depends on (the
    position itself by default)."""

    def __init__(self, moves: Callable[[E], Sequence[M]], play: Callable[[E, M], E],
                 key: Callable[[E], Hashable] = lambda state: state) -> None:
        self.moves, self.play, self.key = moves, play, key
        self.memo: dict[Hashable, tuple[float, float]] = {}

    def move_value(self, state: E, move: M, alpha: float = -INFINITY, beta: float = INFINITY) -> float:
        """The margin the mover of ``state`` can force after ``move`` (within ``alpha`` and ``beta``:
        a value at most ``alpha`` or at least ``beta`` is only a bound)."""
        after = self.play(state, move)
        if after.deal_over:
            points = after.deal_scores()
            return float(points[state.to_move] - points[1 - state.to_move])
        if after.to_move == state.to_move:
            return self.value(after, alpha, beta)
        return -self.value(after, -beta, -alpha)

    def value(self, state: E, alpha: float = -INFINITY, beta: float = INFINITY) -> float:
        """The best margin the player to move in ``state`` can force (a bound outside the window)."""
        key = self.key(state)
        lower, upper = self.memo.get(key, (-INFINITY, INFINITY))
        if lower >= beta or upper <= alpha or lower == upper:
            return lower if lower >= beta or lower == upper else upper
        low, high = max(alpha, lower), min(beta, upper)
        best, window = -INFINITY, low
        for move in self.moves(state):
            best = max(best, self.move_value(state, move, window, high))
            window = max(window, best)
            if window >= high:
                break
        if best <= low:
            upper = best
        elif best >= high:
            lower = best
        else:
            lower = upper = best
        self.memo[key] = (lower, upper)
        return best
