"""What the simulated games of Scopa and Casino share (:mod:`.simulate_scopa`, :mod:`.simulate_casino`):
the seats of a pairing, and a game played deal after deal by its seats."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, Self, TypeVar

from kaszino.puzzles.kinds import Dealt

P = TypeVar("P")


class Played(Dealt, Protocol):
    """A game state that is played move by move, deal after deal."""

    @property
    def deal(self) -> int: ...

    def play(self, move: Any) -> Self: ...


S = TypeVar("S", bound=Played)


class Chooser(Protocol[S]):  # type: ignore[misc]  # a player reads the state it is handed
    def choose(self, state: S) -> Any: ...


def seated(seed: int, pairing: tuple[str, str], random_player: Callable[[int], P], greedy: P, exact: P
           ) -> tuple[P, P]:
    """The two players of game ``seed`` with the strengths ``pairing`` (``random``: seeded from the
    game's seed and the seat)."""

    def player(name: str, seat: int) -> P:
        if name == "random":
            return random_player(seed * 2 + seat)
        return greedy if name == "greedy" else exact

    return player(pairing[0], 0), player(pairing[1], 1)


def played(state: S, seats: Sequence[Chooser[S]], next_deal: object, deals: int) -> Iterator[tuple[int, S]]:
    """Every position of a game from ``state`` with its move number (0-based), deal ends included:
    each seat chooses its moves, ``next_deal`` deals on, and the game stops after ``deals`` deals
    (or when it is won)."""
    move = 0
    while True:
        yield move, state
        if state.finished or (state.deal_over and state.deal >= deals):
            return
        state = state.play(next_deal if state.deal_over else seats[state.to_move].choose(state))
        move += 1
