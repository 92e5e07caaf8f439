"""Simulated Casino games to mine Casino's puzzles from (the players of :mod:`kaszino.games.casino.players`).

Game ``s`` is two deals of Casino's ``new_game(seed=s)`` under the standard rules for two (fewer
if the game ends first); the seats are filled by one of :data:`kaszino.puzzles.simulate.PAIRINGS`,
chosen from ``s``: ``random`` and ``greedy`` are Casino's ``RandomPlayer`` and ``GreedyPlayer``,
``exact`` plays greedy and the known last hand exactly (the first of the best moves in legal
order, :func:`kaszino.puzzles.casino_kinds.move_values`; greedy where the search is too large).
Every choice is seeded from ``s``, so any position is rebuilt from its seed and move number.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kaszino.errors import TooLargeError
from kaszino.games.casino.expert import plays
from kaszino.games.casino.moves import Move, NextDeal
from kaszino.games.casino.players import CasinoPlayer, GreedyPlayer, RandomPlayer
from kaszino.games.casino.state import CasinoState, new_game
from kaszino.puzzles.casino_kinds import last_hand_problem, move_values
from kaszino.puzzles.seats import played, seated

DEALS = 2
"""Deals played in each simulated game."""


@dataclass(frozen=True, slots=True)
class ExactLastHand:
    """Greedy, except in the known last hand, where it plays the first of the exact search's best moves."""

    name: str = "exact"

    def choose(self, state: CasinoState) -> Move:
        if last_hand_problem(state) is None:
            try:
                values = move_values(state)
            except TooLargeError:
                return GreedyPlayer().choose(state)
            return max(plays(state), key=values.__getitem__)
        return GreedyPlayer().choose(state)


def players(seed: int, pairing: tuple[str, str]) -> tuple[CasinoPlayer, CasinoPlayer]:
    """The two players of game ``seed`` with the strengths ``pairing``."""
    return seated(seed, pairing, RandomPlayer, GreedyPlayer(), ExactLastHand())


def positions(seed: int, pairing: tuple[str, str]) -> Iterator[tuple[int, CasinoState]]:
    """Every position of simulated Casino game ``seed`` with its move number (0-based), deal ends
    included."""
    return played(new_game(seed), players(seed, pairing), NextDeal(), DEALS)
