"""Spaced review of missed puzzles, scheduled by FSRS (the ``fsrs`` package).

A puzzle missed (or solved only after a hint) becomes a review card; each later visit grades the
card by its first answer — a clean solve is "Good", a solve after a hint "Hard", a miss "Again" —
and FSRS sets the next due date. Learning steps of minutes make no sense for a daily trainer, so
the scheduler has none: a card is due again after whole days (one day after a miss at first,
longer as the learner keeps solving it). Fuzzing is off, so a due date follows from the history.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

import fsrs

from kaszino.errors import KaszinoError, quote
from kaszino.inputs import check_choice, check_type

Outcome = Literal["solved", "partial", "failed"]
"""How one visit to a puzzle ended, judged by the first answer (see :mod:`kaszino.puzzles.trainer`)."""

_GRADES: dict[Outcome, fsrs.Rating] = {
    "solved": fsrs.Rating.Good, "partial": fsrs.Rating.Hard, "failed": fsrs.Rating.Again,
}
_SCHEDULER = fsrs.Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


@dataclass(frozen=True, slots=True)
class ReviewCard:
    """A puzzle's review card: FSRS's card as JSON text, and when it is due next (UTC)."""

    puzzle_id: str
    card: str
    due: datetime


def needs_review(outcome: Outcome) -> bool:
    """Whether a first visit ending so puts the puzzle on the review list."""
    return outcome != "solved"


def schedule(puzzle_id: str, card: ReviewCard | None, outcome: Outcome, now: datetime) -> ReviewCard:
    """The card after a visit ending with ``outcome`` at ``now`` (a new card if ``card`` is None)."""
    check_choice("outcome", outcome, _GRADES)
    check_type("now", now, datetime)
    if card is not None:
        check_type("card", card, ReviewCard)
    try:
        before = fsrs.Card() if card is None else fsrs.Card.from_json(card.card)
        after, _log = _SCHEDULER.review_card(before, _GRADES[outcome], now.astimezone(UTC))
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as error:
        # The card is FSRS's own JSON, kept as opaque text in the progress file: anything FSRS
        # cannot read or schedule is a damaged card.
        raise KaszinoError(f"the review card of puzzle {quote(puzzle_id)} is damaged and cannot be "
                           f"scheduled ({type(error).__name__}: {quote(str(error))})") from None
    return ReviewCard(puzzle_id, after.to_json(), after.due)
