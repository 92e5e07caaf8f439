"""kaszino: the Hungarian card game Kaszinó — rules engine, solver and Jupyter trainer.

The public API lives here; every name is documented in its own module (see docs/design.md).
"""

from kaszino.engine.cards import DECK, Card, Suit, format_cards, parse_cards
from kaszino.errors import CardParseError, IllegalMoveError, KaszinoError, NotationError, PuzzleFormatError
from kaszino.games import family
from kaszino.games.kaszino.captures import Capture, capture_problem, captures
from kaszino.games.kaszino.moves import Challenge, Claim, Lay, Move, NextDeal, Pass, parse_move
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import PRESETS, S003, STANDARD, Rules
from kaszino.games.kaszino.scoring import PileScore
from kaszino.games.kaszino.solver import Solution, solve
from kaszino.games.kaszino.solver.counting import (
    count_captures,
    count_sweeps,
    distinct_capture_sums,
    subset_sum_counts,
)
from kaszino.games.kaszino.solver.sweeps import sweep_plans, sweeps
from kaszino.games.kaszino.solver.value import CaptureValue, best_captures, capture_value
from kaszino.games.kaszino.state import Attempt, GameState, new_game
from kaszino.i18n import set_language, tr
from kaszino.jupyter.render import register_html_formatters
from kaszino.puzzles.puzzle import Puzzle, load_all, load_puzzles
from kaszino.teach.explain import Explanation, explain_move
from kaszino.teach.hints import hint_ladder
from kaszino.teach.questions import Verdict

__all__ = [
    "DECK", "PRESETS", "S003", "STANDARD",
    "Attempt", "Capture", "CaptureValue", "Card", "CardParseError", "Challenge", "Claim", "Explanation",
    "GameRecord", "GameState", "IllegalMoveError", "KaszinoError", "Lay", "Move", "NextDeal",
    "NotationError", "Pass", "PileScore", "Puzzle", "PuzzleFormatError", "Rules", "Solution", "Suit",
    "Verdict",
    "best_captures", "capture_problem", "capture_value", "captures", "count_captures", "count_sweeps",
    "distinct_capture_sums", "explain_move", "family", "format_cards", "hint_ladder", "load_all",
    "load_puzzles", "new_game", "parse_cards", "parse_move", "set_language", "solve", "subset_sum_counts",
    "sweep_plans", "sweeps", "tr",
]

register_html_formatters()
