"""Simulated Scopa games to mine Scopa's puzzles from (the players of :mod:`kaszino.games.scopa.players`).

Game ``s`` is two deals of Scopa's ``new_game(seed=s)`` under the standard rules (fewer if the game
ends first); the seats are filled by one of :data:`kaszino.puzzles.simulate.PAIRINGS`, chosen from
``s``: ``random`` and ``greedy`` are Scopa's ``RandomPlayer`` and ``GreedyPlayer``, ``exact`` plays
greedy and the known last round exactly (:mod:`kaszino.games.scopa.solver`). Every choice is
seeded from ``s``, so any position is rebuilt from its seed and move number.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kaszino.games.scopa.moves import Move, NextDeal
from kaszino.games.scopa.players import GreedyPlayer, RandomPlayer, ScopaPlayer
from kaszino.games.scopa.solver import solve
from kaszino.games.scopa.state import ScopaState, new_game
from kaszino.puzzles.seats import played, seated

DEALS = 2
"""Deals played in each simulated game."""


@dataclass(frozen=True, slots=True)
class ExactLastRound:
    """Greedy, except in the known last round, where it plays the first of the solver's best moves."""

    name: str = "exact"

    def choose(self, state: ScopaState) -> Move:
        if state.last_round and not state.deal_over:
            return solve(state).best[0]
        return GreedyPlayer().choose(state)


def players(seed: int, pairing: tuple[str, str]) -> tuple[ScopaPlayer, ScopaPlayer]:
    """The two players of game ``seed`` with the strengths ``pairing``."""
    return seated(seed, pairing, RandomPlayer, GreedyPlayer(), ExactLastRound())


def positions(seed: int, pairing: tuple[str, str]) -> Iterator[tuple[int, ScopaState]]:
    """Every position of simulated Scopa game ``seed`` with its move number (0-based), deal ends
    included."""
    return played(new_game(seed), players(seed, pairing), NextDeal(), DEALS)
