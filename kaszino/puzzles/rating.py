"""Glicko-2 ratings of learners and puzzles, computed by the ``glicko2`` package.

Every rated attempt is one game between the learner and the puzzle, rated as a rating period of
its own (as puzzle sites do): the learner scores 1 for a clean solve, ½ for a solve after a hint
and 0 for a miss; the puzzle scores the opposite. Both sides are updated from their ratings before
the attempt.
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

from kaszino.inputs import check_real, check_type
from kaszino.puzzles.puzzle import RATING_LIMITS, SOUND_RATING_LIMITS, Rating

NEW_LEARNER = Rating()
"""A learner without rated attempts: 1500 ± 350, the Glicko-2 defaults."""



def check_rating(name: str, rating: object) -> Rating:
    """``rating`` if it is a :class:`Rating` within ``RATING_LIMITS``; else a ``KaszinoError`` naming it."""
    checked = check_type(name, rating, Rating)
    for field, (low, high) in RATING_LIMITS.items():
        check_real(f"{name}.{field}", getattr(checked, field), low, high)
    return checked


@dataclass(frozen=True, slots=True)
class RatedGame:
    """The ratings of both sides after one rated attempt."""

    learner: Rating
    puzzle: Rating


def _updated(own: Rating, other: Rating, score: float) -> Rating:
    player = glicko2.Player(rating=own.value, rd=own.deviation, vol=own.volatility)
    player.update_player([other.value], [other.deviation], [score])
    return sound(Rating(value=float(player.rating), deviation=float(player.rd), volatility=float(player.vol)))


def sound(rating: Rating) -> Rating:
    """``rating`` with each field brought within ``SOUND_RATING_LIMITS``."""
    def held(field: str) -> float:
        low, high = SOUND_RATING_LIMITS[field]
        return min(max(float(getattr(rating, field)), low), high)
    return Rating(value=held("value"), deviation=held("deviation"), volatility=held("volatility"))


def rate(learner: Rating, puzzle: Rating, score: float) -> RatedGame:
    """Both ratings after the learner scored ``score`` (0, ½ or 1) on the puzzle.

    Both sides are brought within ``SOUND_RATING_LIMITS`` first (a rating an earlier version
    stored outside them is used, not refused), and so is each result: whatever a puzzle's rating,
    no update sends either side out of them.
    """
    learner, puzzle = sound(check_rating("learner", learner)), sound(check_rating("puzzle", puzzle))
    check_real("score", score, 0.0, 1.0)
    return RatedGame(learner=_updated(learner, puzzle, score), puzzle=_updated(puzzle, learner, 1.0 - score))

