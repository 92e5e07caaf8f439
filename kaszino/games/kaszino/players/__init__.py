"""Computer players: random, greedy and expert, and ``play_game`` to play a whole game between them."""

from kaszino.games.kaszino.players.base import (
    Player,
    computer_call,
    computer_move,
    play_game,
    seen_key,
    table_moves,
)
from kaszino.games.kaszino.players.expert import Assessment, ExpertPlayer
from kaszino.games.kaszino.players.simple import GreedyPlayer, RandomPlayer

__all__ = [
    "Assessment", "ExpertPlayer", "GreedyPlayer", "Player", "RandomPlayer", "computer_call", "computer_move",
    "play_game", "seen_key", "table_moves",
]
