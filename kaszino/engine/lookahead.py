"""What every family's expert player searches with: one node of an alpha-beta search, and the odds
that a count ends as the largest (a majority of cards, of a suit) while cards are still to come."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import erf, sqrt
from typing import TypeVar

C = TypeVar("C")
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
