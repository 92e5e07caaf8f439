"""The daily puzzle: the same puzzle for everyone on a date, chosen offline.

No server decides it: the date's hash picks one puzzle of the collection, its puzzles taken in the
order of their ids (so the order of the files does not matter). Everybody with the same collection
gets the same puzzle on the same date, in the app, in JupyterLab or on the offline site; a new
release with other puzzles may pick another one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import date
from typing import Protocol, TypeVar

from kaszino.errors import KaszinoError, quote


class HasId(Protocol):
    """Anything with an ``id``: a puzzle."""

    @property
    def id(self) -> str: ...


def daily_index(day: date, count: int) -> int:
    """The place (0 … ``count`` − 1) of the puzzle of ``day`` among ``count`` puzzles ordered by id."""
    if not isinstance(day, date):
        raise KaszinoError(f"day must be a date, not {quote(day)}")
    if count < 1:
        raise KaszinoError("the daily puzzle needs at least one puzzle to choose from")
    digest = hashlib.sha256(f"kaszino-daily:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


P = TypeVar("P", bound=HasId)


def daily_puzzle(puzzles: Sequence[P], day: date) -> P:
    """The puzzle of ``day`` among ``puzzles``."""
    ordered = sorted(puzzles, key=lambda puzzle: puzzle.id)
    return ordered[daily_index(day, len(ordered))]
