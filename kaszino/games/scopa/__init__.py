"""Scopa, the Italian relative of Kaszinó as a family of the game seam (docs/scopa.md)."""

from kaszino.games.scopa.captures import takes
from kaszino.games.scopa.deck import DECK, capture_value
from kaszino.games.scopa.moves import Move, NextDeal, ScopaMove, parse_move
from kaszino.games.scopa.record import ScopaRecord, record_game
from kaszino.games.scopa.rules import PRESETS, ScopaRules, preset
from kaszino.games.scopa.scoring import DealReport, deal_report, game_winner, primiera
from kaszino.games.scopa.solver import Solution, solve
from kaszino.games.scopa.state import ScopaState, new_game
from kaszino.games.scopa.view import PlayerView

__all__ = [
    "DECK", "PRESETS",
    "DealReport", "Move", "NextDeal", "PlayerView", "ScopaMove", "ScopaRecord", "ScopaRules", "ScopaState",
    "Solution",
    "capture_value", "deal_report", "game_winner", "new_game", "parse_move", "preset", "primiera",
    "record_game", "solve", "takes",
]
