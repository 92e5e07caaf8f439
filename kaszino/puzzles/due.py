"""The reviews due on the shipped puzzles, counted without building a puzzle: the start page tells
the learner when the trainer has some waiting, as the trainer's own status line does.

A review card is due once its date has come (:func:`count_due`, the one rule both count by); the
start page counts the cards of the shipped puzzles (:func:`shipped_ids`, read from the files'
records alone, a few milliseconds where building every puzzle takes about a second), the trainer
those of the collection it serves.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from functools import cache

from kaszino.puzzles.puzzle import PUZZLE_DIR, puzzle_files
from kaszino.store import Store, training
from kaszino.store.training import StoredCard


def count_due(cards: Iterable[StoredCard], now: datetime) -> int:
    """How many of ``cards`` are due at ``now``."""
    return sum(card.due <= now for card in cards)


@cache
def shipped_ids() -> frozenset[str]:
    """The ids of the shipped puzzles, from their files' records (checked by ``kaszino puzzles check``)."""
    return frozenset(record["id"] for path in puzzle_files(PUZZLE_DIR)
                     for record in json.loads(path.read_text(encoding="utf-8"))["puzzles"])


def reviews_due(store: Store, now: datetime) -> int:
    """How many of the learner's review cards of shipped puzzles are due at ``now``."""
    ids = shipped_ids()
    return count_due((card for card in training.review_cards(store) if card.puzzle_id in ids), now)
