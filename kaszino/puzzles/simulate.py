"""Simulated games to mine puzzles from, between computer players of three strengths.

Game ``s`` is two deals of ``new_game(seed=s)`` under the trainer's rules (claims are manual, so a
game goes on into its second deal and the "Ausz?" question arises); the two seats are filled by
one of :data:`PAIRINGS`, chosen from ``s``, and each player's random generator is seeded from
``s`` too, so :func:`replay` rebuilds any position from its seed and move number.

The players here are small and internal to mining: ``random`` plays any legal move, ``greedy``
takes the most valuable capture now (:mod:`kaszino.solver.value`), ``expert`` plays greedy and the
open last round exactly (:mod:`kaszino.solver.search`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from kaszino.engine.captures import Capture
from kaszino.engine.moves import Lay, Move, NextDeal
from kaszino.engine.rules import PRESETS
from kaszino.engine.state import GameState, new_game
from kaszino.errors import KaszinoError
from kaszino.solver.search import solve
from kaszino.solver.value import capture_values

RULES = PRESETS["trainer"]
"""The standard game with manual claims: nobody's claim ends a simulated game early."""
DEALS = 2
"""Deals played in each simulated game."""

STRENGTHS = ("random", "greedy", "expert")
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("greedy", "greedy"), ("random", "greedy"), ("greedy", "expert"), ("expert", "random"),
    ("expert", "expert"),
)
"""The seats of game ``s`` are ``PAIRINGS[s % len(PAIRINGS)]``."""


@dataclass(frozen=True, slots=True)
class SimulatedPlayer:
    """A computer player of one of :data:`STRENGTHS`; it sees only its own moves' options."""

    name: str
    rng: random.Random

    def choose(self, state: GameState) -> Move:
        """A legal capture or lay for ``state.to_move``."""
        moves = [m for m in state.legal_moves() if isinstance(m, Capture | Lay)]
        if self.name == "random":
            return self.rng.choice(moves)
        if self.name == "expert" and state.open_round:
            return solve(state).best_moves[0]
        valued = capture_values(state)
        if valued:
            return valued[0][0]
        hand = state.hands[state.to_move]
        return Lay(min(hand, key=lambda card: (card.value, self.rng.random())))


def players(seed: int) -> tuple[SimulatedPlayer, SimulatedPlayer]:
    """The two players of game ``seed``."""
    names = PAIRINGS[seed % len(PAIRINGS)]
    return (SimulatedPlayer(names[0], random.Random(f"kaszino-mining:{seed}:0")),
            SimulatedPlayer(names[1], random.Random(f"kaszino-mining:{seed}:1")))


def positions(seed: int) -> Iterator[tuple[int, GameState]]:
    """Every position of simulated game ``seed`` with its move number (0-based), deal ends included."""
    seats = players(seed)
    state = new_game(RULES, seed=seed)
    move = 0
    while not state.finished:
        yield move, state
        if state.deal_over:
            if state.deal >= DEALS:
                return
            state = state.play(NextDeal())
        else:
            state = state.play(seats[state.to_move].choose(state))
        move += 1


def replay(seed: int, move: int) -> GameState:
    """The position after ``move`` moves of simulated game ``seed``."""
    for number, state in positions(seed):
        if number == move:
            return state
    raise KaszinoError(f"game {seed} has no move number {move}")
