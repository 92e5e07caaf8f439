"""Right and wrong answers to any puzzle, in the form its ``check`` takes (for trainer tests)."""

from __future__ import annotations

from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.puzzles.puzzle import Puzzle


def right(puzzle: Puzzle) -> object:
    """A right answer: every capture for ``captures``, else the first stored answer."""
    return puzzle.answers if puzzle.answer_form == "captures" else puzzle.answers[0]


def wrong(puzzle: Puzzle) -> object | None:
    """A wrong answer a learner could enter (a legal move, an offered choice), or None if there is none."""
    form = puzzle.answer_form
    if form == "captures":
        return puzzle.answers[:-1]
    if form == "number":
        return int(puzzle.answers[0]) + 1  # type: ignore[call-overload]
    if form == "choice":
        return next((c for c in puzzle.choices() if not puzzle.is_answer(c)), None)
    kinds = (Capture, Lay) if puzzle.kind in ("last_round", "defend") else (Capture,)
    moves = [m for m in puzzle.state.legal_moves() if isinstance(m, kinds) and not puzzle.is_answer(m)]
    return moves[0] if moves else None
