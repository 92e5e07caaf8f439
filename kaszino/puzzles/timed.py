"""The timed mode (Lichess's Puzzle Storm): as many puzzles as you can solve in three minutes.

A :class:`TimedRun` starts with :data:`DURATION` on the clock; every visit that fails (a wrong
first answer, or the solution looked at first) takes :data:`PENALTY` off it; the score is the
number of puzzles solved at the first try without a hint (a right answer after a hint neither
scores nor costs time). Outcomes decided after the time is up count for nothing. The clock is the
trainer's (injected in the tests, never slept on).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from kaszino.puzzles.review import Outcome

DURATION = timedelta(minutes=3)
PENALTY = timedelta(seconds=10)


@dataclass(frozen=True, slots=True)
class TimedRun:
    """One run against the clock: when it started, the puzzles solved, the mistakes made."""

    started: datetime
    solved: int = 0
    mistakes: int = 0

    @property
    def ends(self) -> datetime:
        """When the time is up: three minutes after the start, less ten seconds a mistake."""
        return self.started + DURATION - self.mistakes * PENALTY

    def remaining(self, now: datetime) -> timedelta:
        """The time left at ``now`` (never below zero)."""
        return max(self.ends - now, timedelta(0))

    def over(self, now: datetime) -> bool:
        """Whether the time is up at ``now``."""
        return now >= self.ends

    def after(self, outcome: Outcome, now: datetime) -> TimedRun:
        """The run once a visit ended ``outcome`` at ``now``: a clean solve scores, a failure costs
        time; after the time is up nothing changes."""
        if self.over(now) or outcome == "partial":
            return self
        if outcome == "solved":
            return replace(self, solved=self.solved + 1)
        return replace(self, mistakes=self.mistakes + 1)
