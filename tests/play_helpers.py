"""Positions reached by computer play, shared by the tests of players, hints and annotations."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from kaszino import STANDARD, GameState, Rules, new_game
from kaszino.games.kaszino.players import GreedyPlayer, Player, RandomPlayer, computer_move


def open_round_state(seed: int) -> GameState:
    """The first position of the open last round of deal 1 (greedy against random), someone to move."""
    players: list[Player] = [GreedyPlayer(), RandomPlayer(seed=seed)]
    game = new_game(STANDARD.with_changes(target=1000), seed=seed)
    while not (game.open_round and not game.deal_over and game.pending is None):
        game = game.play(computer_move(game, players))
    return game


def random_walk(rules: Rules, seed: int, steps: int) -> list[GameState]:
    """The states of a game of random legal moves from ``new_game(rules, seed=seed)``, at most ``steps``."""
    rng = random.Random(seed)
    state, states = new_game(rules, seed=seed), []
    for _ in range(steps):
        states.append(state)
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return states


@dataclass
class Checked:
    """A computer player of any family whose every move is checked legal and kept in ``seen``."""

    player: Any
    seen: list[Any] = field(default_factory=list)
    name: str = "checked"

    def choose(self, state: Any) -> Any:
        move = self.player.choose(state)
        assert move in state.legal_moves()
        self.seen.append(move)
        return move
