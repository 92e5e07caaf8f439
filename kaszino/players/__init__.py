"""Computer players: random, greedy and expert, and ``play_game`` to play a whole game between them;
``ScopaExpert``, Scopa's expert (its random and greedy players are ``kaszino.games.scopa.players``)."""

from kaszino.players.base import Player, computer_call, computer_move, play_game, seen_key, table_moves
from kaszino.players.expert import Assessment, ExpertPlayer
from kaszino.players.scopa_expert import ScopaExpert
from kaszino.players.simple import GreedyPlayer, RandomPlayer

__all__ = [
    "Assessment", "ExpertPlayer", "GreedyPlayer", "Player", "RandomPlayer", "ScopaExpert", "computer_call",
    "computer_move", "play_game", "seen_key", "table_moves",
]
