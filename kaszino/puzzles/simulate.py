"""Simulated games to mine puzzles from, between computer players of three strengths.

Game ``s`` is two deals of ``new_game(seed=s)`` under the trainer's rules (claims are manual, so a
game goes on into its second deal and the "Ausz?" question arises); the two seats are filled by
one of :data:`PAIRINGS`, chosen from ``s``, and the random player is seeded from ``s`` too, so
:func:`replay` rebuilds any position from its seed and move number.

The strengths: ``random`` and ``greedy`` are Kaszinó's ``RandomPlayer`` and ``GreedyPlayer``
(:mod:`kaszino.games.kaszino.players`); ``exact`` plays greedy and the open last round exactly
(:mod:`kaszino.games.kaszino.solver.search`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kaszino.errors import KaszinoError
from kaszino.games.casino.state import CasinoState
from kaszino.games.kaszino.moves import Move, NextDeal
from kaszino.games.kaszino.players import GreedyPlayer, Player, RandomPlayer
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.solver.search import solve
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.games.scopa.state import ScopaState
from kaszino.puzzles import simulate_casino, simulate_scopa
from kaszino.puzzles.kinds import Game

Position = GameState | ScopaState | CasinoState
"""A position of a simulated game of any family."""

RULES = PRESETS["trainer"]
"""The standard game with manual claims: nobody's claim ends a simulated game early."""
DEALS = 2
"""Deals played in each simulated game."""

PAIRINGS: tuple[tuple[str, str], ...] = (
    ("greedy", "greedy"), ("random", "greedy"), ("greedy", "exact"), ("exact", "random"), ("exact", "exact"),
)
"""The seats of game ``s`` are ``PAIRINGS[s % len(PAIRINGS)]``."""


@dataclass(frozen=True)
class ExactLastRound:
    """Greedy, except in the open last round, where it plays the first of the exact solver's best
    moves in ``legal_moves()`` order (a choice that does not depend on how the search runs, so the
    games, and the puzzles mined from them, stay the same when the solver gets faster)."""

    name: str = "exact"

    def choose(self, state: GameState) -> Move:
        """The move of ``state.to_move``."""
        if state.open_round:
            return solve(state).best_moves[0]
        return GreedyPlayer().choose(state)


def players(seed: int) -> tuple[Player, Player]:
    """The two players of game ``seed``."""

    def player(name: str, seat: int) -> Player:
        if name == "random":
            return RandomPlayer(seed=seed * 2 + seat)
        return GreedyPlayer() if name == "greedy" else ExactLastRound()

    first, second = PAIRINGS[seed % len(PAIRINGS)]
    return player(first, 0), player(second, 1)


def plays(seed: int) -> Iterator[tuple[int, GameState, Move | None]]:
    """Every position of simulated game ``seed`` with its move number (0-based) and the move
    played from it (``NextDeal`` at a deal's end; None after the last position), deal ends included."""
    seats = players(seed)
    state = new_game(RULES, seed=seed)
    move = 0
    while not state.finished:
        if state.deal_over:
            played: Move | None = NextDeal() if state.deal < DEALS else None
        else:
            played = seats[state.to_move].choose(state)
        yield move, state, played
        if played is None:
            return
        state = state.play(played)
        move += 1


def positions(seed: int) -> Iterator[tuple[int, GameState]]:
    """Every position of simulated game ``seed`` with its move number (0-based), deal ends included."""
    for move, state, _ in plays(seed):
        yield move, state


def game_positions(seed: int, game: Game = "kaszino") -> Iterator[tuple[int, Position]]:
    """Every position of simulated game ``seed`` of ``game`` (Scopa's from :mod:`.simulate_scopa`,
    Casino's from :mod:`.simulate_casino`, with the same pairings)."""
    if game == "scopa":
        yield from simulate_scopa.positions(seed, PAIRINGS[seed % len(PAIRINGS)])
    elif game == "casino":
        yield from simulate_casino.positions(seed, PAIRINGS[seed % len(PAIRINGS)])
    else:
        yield from positions(seed)


def played_at(seed: int, move: int) -> Move | None:
    """The move played from position ``move`` of Kaszinó's simulated game ``seed``."""
    for number, _, played in plays(seed):
        if number == move:
            return played
    raise KaszinoError(f"kaszino game {seed} has no move number {move}")


def replay(seed: int, move: int, game: Game = "kaszino") -> Position:
    """The position after ``move`` moves of simulated game ``seed`` of ``game``."""
    for number, state in game_positions(seed, game):
        if number == move:
            return state
    raise KaszinoError(f"{game} game {seed} has no move number {move}")
