"""One helper of the error tests: read every kind of row a progress file holds, as the product does."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from kaszino.jupyter.progress import LANGUAGE_SETTING
from kaszino.puzzles.puzzle import Puzzle
from kaszino.puzzles.trainer import Trainer
from kaszino.store import open_store, training
from kaszino.store.store import stored_choice


def read_everything(path: Path, puzzles: tuple[Puzzle, ...]) -> None:
    """Open ``path`` and read its language, chapters, games, attempts, ratings and review cards
    (a review session of ``puzzles`` in 2030, when every card is due)."""
    with open_store(path) as store:
        store.get_setting(LANGUAGE_SETTING, stored_choice("hu", "en"))
        store.chapter_results()
        store.games()
        training.attempts(store)
        later = datetime(2030, 1, 1, tzinfo=UTC)
        trainer = Trainer(puzzles, store, mode="review", clock=lambda: later)
        trainer.summary()
        if trainer.next() is not None:
            trainer.show_solution()
