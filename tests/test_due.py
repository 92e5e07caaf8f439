"""The reviews due, counted for the start page without building the puzzles (``kaszino.puzzles.due``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from shipped import SHIPPED

from kaszino.jupyter.tutorial import chapter_index
from kaszino.puzzles.due import reviews_due, shipped_ids
from kaszino.puzzles.trainer import Trainer
from kaszino.store import Store, open_store

MISSED = datetime(2026, 3, 1, 9, tzinfo=UTC)


def missed(store: Store, *puzzles: object) -> None:
    """Each of ``puzzles`` missed (its solution looked at) at :data:`MISSED`."""
    trainer = Trainer(list(puzzles), store, mode="sequence", clock=lambda: MISSED)  # type: ignore[arg-type]
    for _ in puzzles:
        trainer.next()
        trainer.show_solution()


def test_the_shipped_ids_are_read_from_the_files_alone() -> None:
    assert shipped_ids() == {puzzle.id for puzzle in SHIPPED}


def test_only_the_due_cards_of_shipped_puzzles_count_as_the_trainer_counts_them(tmp_path: Path) -> None:
    gone = replace(SHIPPED[1], id="zz-not-shipped")  # a puzzle an earlier release had
    with open_store(tmp_path / "me.sqlite3") as store:
        missed(store, SHIPPED[0], gone)
        assert reviews_due(store, MISSED) == 0  # due a day later
        later = MISSED + timedelta(days=3)
        assert reviews_due(store, later) == 1
        assert Trainer(SHIPPED, store, clock=lambda: later).summary().reviews_due == 1


def test_the_start_page_says_how_many_puzzles_wait_for_review(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "me.sqlite3"
    monkeypatch.setenv("KASZINO_PROGRESS", str(path))
    assert "ismétlésre" not in chapter_index().text
    with open_store(path) as store:
        missed(store, *SHIPPED[:2])  # months ago: due now
    assert "2 fejtörő vár ismétlésre: [Fejtörők](10_feladvanyok.ipynb)." in chapter_index().text
