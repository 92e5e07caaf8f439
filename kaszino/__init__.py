"""kaszino: the Hungarian card game Kaszinó — rules engine, solver and Jupyter trainer."""

from kaszino.captures import Capture, captures
from kaszino.cards import DECK, Card, Suit, format_cards, parse_cards
from kaszino.errors import CardParseError, IllegalMoveError, KaszinoError, NotationError, PuzzleFormatError
from kaszino.rules import PRESETS, S003, STANDARD, Rules

__all__ = [
    "DECK", "PRESETS", "S003", "STANDARD",
    "Capture", "Card", "CardParseError", "IllegalMoveError", "KaszinoError", "NotationError",
    "PuzzleFormatError", "Rules", "Suit",
    "captures", "format_cards", "parse_cards",
]
