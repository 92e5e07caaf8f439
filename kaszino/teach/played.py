"""Deals the computer plays to their end, for lessons of any family: positions a real deal reached.

``deal_states(state, choose)`` walks one deal from ``state`` on, ``choose`` moving for every player;
``first_position(start, deal, choose, test)`` finds the first state passing ``test`` in the deals
of the seeds ``start``, ``start + 1`` … (``deal(seed)`` gives a deal's first state). A lesson's
closing check takes its positions from here, so every attempt has positions a game reached.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol, Self, TypeVar

from kaszino.errors import KaszinoError

MAX_SEEDS = 2_000
"""How many seeds :func:`first_position` tries before it gives up."""


class Playable(Protocol):
    """A game state of any family, as far as playing a deal through needs it."""

    @property
    def deal_over(self) -> bool: ...

    def play(self, move: Any) -> Self: ...


S = TypeVar("S", bound=Playable)


def deal_states(state: S, choose: Callable[[S], object]) -> Iterator[S]:
    """The states of the deal from ``state`` on to its end, ``choose`` moving for every player."""
    while not state.deal_over:
        yield state
        state = state.play(choose(state))
    yield state


def first_position(
    start: int, deal: Callable[[int], S], choose: Callable[[S], object], test: Callable[[S], bool]
) -> S:
    """The first state passing ``test`` in the deals ``deal(start)``, ``deal(start + 1)`` …
    played by ``choose``."""
    for seed in range(start, start + MAX_SEEDS):
        for state in deal_states(deal(seed), choose):
            if test(state):
                return state
    raise KaszinoError(f"no deal of seeds {start}..{start + MAX_SEEDS - 1} passes the test")
