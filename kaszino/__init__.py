"""kaszino: the Hungarian card game Kaszinó — rules engine, solver and Jupyter trainer."""

from kaszino.captures import Capture, captures
from kaszino.cards import DECK, Card, Suit, format_cards, parse_cards
from kaszino.errors import CardParseError, IllegalMoveError, KaszinoError, NotationError, PuzzleFormatError
from kaszino.moves import Challenge, Claim, Lay, Move, NextDeal, Pass, parse_move
from kaszino.rules import PRESETS, S003, STANDARD, Rules
from kaszino.scoring import PileScore
from kaszino.state import Attempt, GameState, new_game

__all__ = [
    "DECK", "PRESETS", "S003", "STANDARD",
    "Attempt", "Capture", "Card", "CardParseError", "Challenge", "Claim", "GameState", "IllegalMoveError",
    "KaszinoError", "Lay", "Move", "NextDeal", "NotationError", "Pass", "PileScore", "PuzzleFormatError",
    "Rules", "Suit",
    "captures", "format_cards", "new_game", "parse_cards", "parse_move",
]
