"""Anglo-American Casino with builds, the third family of the game seam (docs/casino.md)."""

from kaszino.games.casino.builds import Build
from kaszino.games.casino.captures import build_moves, captures
from kaszino.games.casino.deck import DECK, capture_value, is_number
from kaszino.games.casino.moves import BuildMove, Capture, Move, NextDeal, Trail, parse_move
from kaszino.games.casino.record import CasinoRecord, record_game
from kaszino.games.casino.rules import PRESETS, CasinoRules, preset
from kaszino.games.casino.scoring import DealReport, deal_report, game_winner
from kaszino.games.casino.state import CasinoState, new_game
from kaszino.games.casino.view import PlayerView

__all__ = [
    "DECK", "PRESETS",
    "Build", "BuildMove", "Capture", "CasinoRecord", "CasinoRules", "CasinoState", "DealReport", "Move",
    "NextDeal", "PlayerView", "Trail",
    "build_moves", "capture_value", "captures", "deal_report", "game_winner", "is_number", "new_game",
    "parse_move", "preset", "record_game",
]
