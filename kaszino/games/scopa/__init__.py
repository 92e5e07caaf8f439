"""Scopa, the Italian relative of Kaszinó (RULES.md §9), as a family of the game seam."""

from kaszino.games.scopa.moves import Move, NextDeal, ScopaMove, parse_move
from kaszino.games.scopa.rules import PRESETS, ScopaRules, preset
from kaszino.games.scopa.state import ScopaState, new_game

__all__ = ["PRESETS", "Move", "NextDeal", "ScopaMove", "ScopaRules", "ScopaState", "new_game",
           "parse_move", "preset"]
