"""Is it instructive? One predicate per Casino kind (docs/puzzles.md, "Casino's kinds").

Each predicate takes a position and its exact answers (``solve(kind, state)``) and says why the
puzzle would teach nothing (English, for ``kaszino puzzles check``), or None; the miners
(:mod:`kaszino.puzzles.mining_casino`) keep only positions their kind's predicate accepts, and
:func:`kaszino.puzzles.instructive.instructive_problem` asks it of every stored Casino puzzle.
``tests/test_casino_puzzles.py`` checks every predicate on fixture positions.
"""

from __future__ import annotations

from collections.abc import Callable

from kaszino.games.casino.moves import BuildMove, Capture
from kaszino.games.casino.state import CasinoState
from kaszino.puzzles.casino_kinds import CasinoBest, answer_moves, items, move_values, unkept
from kaszino.puzzles.kinds import Answer, Kind
from kaszino.puzzles.themes import theme_casino_greedy_trap

Answers = tuple[Answer, ...]
CasinoPredicate = Callable[[CasinoState, Answers], str | None]

MAX_LAST_HAND_MOVES = 16
"""The most moves a last-hand puzzle may have: its solution tells the line after every one."""


def casino_captures_problem(state: CasinoState, answers: Answers) -> str | None:
    """2–8 largest captures, one of them taking two items or more at once (several groups)."""
    found = [move for move in answer_moves(answers) if isinstance(move, Capture)]
    if not 2 <= len(found) <= 8 or not any(items(move) >= 2 for move in found):
        return f"{len(found)} largest captures: not 2–8, or none takes several groups at once"
    return None


def casino_builds_problem(state: CasinoState, answers: Answers) -> str | None:
    """2–8 build moves, and one the table allows is refused (a value the mover keeps no card of),
    or one raises or adds to a build on the table."""
    found = [move for move in answer_moves(answers) if isinstance(move, BuildMove)]
    if not 2 <= len(found) <= 8:
        return f"{len(found)} build moves: not 2–8"
    if not unkept(state) and not any(move.build is not None for move in found):
        return "every build the table allows is allowed, and none changes a build on the table"
    return None


def casino_best_problem(state: CasinoState, answers: Answers) -> str | None:
    """One best capture (or two tied) above a weaker one; the best takes a point more than the next,
    or it is not the capture taking the most cards (the tempting one)."""
    valued = CasinoBest().valued(state)
    weaker = [value for _, value in valued if value < valued[0][1]]
    if len(answers) > 2 or not weaker:
        return "no single best capture above a weaker one"
    trap = theme_casino_greedy_trap("casino_best", state, answers)
    if valued[0][1].points <= weaker[0].points and not trap:
        return "the best capture takes no point more and is the one taking the most cards"
    return None


def casino_last_hand_problem(state: CasinoState, answers: Answers) -> str | None:
    """3–16 moves with two results or more, at most half of them best, and the greedy player's move
    refuted or a margin of two points or more."""
    values = move_values(state)
    results = sorted(set(values.values()), reverse=True)
    if not 3 <= len(values) <= MAX_LAST_HAND_MOVES or len(results) < 2 or 2 * len(answers) > len(values):
        return "not 3–16 moves, fewer than two results, or most moves are best"
    if results[0] - results[1] < 2 and not theme_casino_greedy_trap("casino_last_hand", state, answers):
        return "the best move wins by one point and is the greedy player's move"
    return None


CASINO_PREDICATES: dict[Kind, CasinoPredicate] = {
    "casino_captures": casino_captures_problem,
    "casino_builds": casino_builds_problem,
    "casino_best": casino_best_problem,
    "casino_last_hand": casino_last_hand_problem,
}
"""The predicate of every Casino kind."""
