"""The trainer's tables in the progress file: concurrent writers, bad files, older files, bad rows."""

from __future__ import annotations

import itertools
import multiprocessing
import re
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from puzzle_answers import right
from shipped import SHIPPED as PUZZLES

from kaszino.puzzles.trainer import Trainer
from kaszino.store import StoreError, open_store, training
from kaszino.store.schema import APPLICATION_ID, MIGRATIONS
from kaszino.store.schema import statements as _statements
from kaszino.store.training import AttemptRecord, AttemptWrite, StoredCard, StoredRating

MOMENT = datetime(2026, 3, 1, 12, tzinfo=UTC)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "learner.sqlite3"


def _learner(path: str, offset: int, count: int) -> None:
    """One kernel: solve or miss ``count`` puzzles, half of them shared with the other kernel."""
    with open_store(path, timeout=60) as store:
        trainer = Trainer(PUZZLES, store, mode="sequence")
        for number in range(count):
            trainer.next()
            visit = trainer.visit
            assert visit is not None
            if (number + offset) % 3:
                trainer.answer(right(visit.puzzle))
            else:
                trainer.show_solution()


def test_two_kernels_training_on_one_file_lose_nothing_and_rate_each_puzzle_once(path: Path) -> None:
    open_store(path).close()
    count = 30
    context = multiprocessing.get_context("spawn")
    kernels = [context.Process(target=_learner, args=(str(path), offset, count)) for offset in (0, 1)]
    for kernel in kernels:
        kernel.start()
    for kernel in kernels:
        kernel.join(300)
        assert kernel.exitcode == 0
    with open_store(path) as store:
        attempts = training.attempts(store)
        assert len(attempts) == 2 * count
        rated = [a for a in attempts if a.rated]
        assert sorted(a.puzzle_id for a in rated) == sorted(p.id for p in PUZZLES[:count])
        # No lost update: every rated attempt started from the rating the one before it left.
        for before, after in itertools.pairwise(rated):
            assert after.learner_before == pytest.approx(before.learner_after)
        learner = training.learner_rating(store)
        assert learner is not None and learner.games == count
        assert learner.value == pytest.approx(rated[-1].learner_after)
        missed = {a.puzzle_id for a in attempts if a.outcome == "failed"}
        assert {card.puzzle_id for card in training.review_cards(store)} == missed


WRITERS, WRITES = 4, 60


def _attempts_writer(path: str, name: str) -> None:
    """One kernel recording attempts as fast as it can, with a short lock timeout."""
    with open_store(path, timeout=1) as store:
        for number in range(WRITES):
            attempt = replace(GOOD, puzzle_id=f"{name}-{number}", rated=False)
            training.record_attempt(store, attempt.puzzle_id, lambda _context, a=attempt: AttemptWrite(a))


def test_four_writers_at_once_lose_no_attempt(path: Path) -> None:
    """SQLite's wait for the lock is not fair: a writer can find the file locked for longer than its
    timeout while the other three take turns. It waits on while the file keeps changing."""
    open_store(path).close()
    context = multiprocessing.get_context("spawn")
    names = [f"writer{number}" for number in range(WRITERS)]
    kernels = [context.Process(target=_attempts_writer, args=(str(path), name)) for name in names]
    for kernel in kernels:
        kernel.start()
    for kernel in kernels:
        kernel.join(300)
    assert [kernel.exitcode for kernel in kernels] == [0] * WRITERS
    with open_store(path) as store:
        stored = sorted(attempt.puzzle_id for attempt in training.attempts(store))
    assert stored == sorted(f"{name}-{number}" for name in names for number in range(WRITES))


def test_a_file_of_the_first_schema_is_upgraded_and_keeps_its_data(path: Path) -> None:
    raw = sqlite3.connect(path, isolation_level=None)
    for statement in _statements(MIGRATIONS[0]):
        raw.execute(statement)
    raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    raw.execute("PRAGMA user_version = 1")
    raw.execute("INSERT INTO settings VALUES ('language', 'en')")
    raw.close()
    with open_store(path) as store:
        assert store.get_setting("language") == "en"
        assert training.attempts(store) == [] and training.learner_rating(store) is None
        trainer = Trainer(PUZZLES[:1], store, mode="sequence")
        trainer.next()
        trainer.show_solution()
        assert len(training.attempts(store)) == 1


def _write(store_path: Path, attempt: AttemptRecord, learner: StoredRating | None = None) -> None:
    with open_store(store_path) as store:
        training.record_attempt(
            store, attempt.puzzle_id, lambda _context: AttemptWrite(attempt, learner=learner)
        )


GOOD = AttemptRecord(
    at=MOMENT,
    puzzle_id="p1",
    kind="sweep",
    mode="rated",
    outcome="solved",
    hints=0,
    wrong=0,
    rated=True,
    learner_before=1500.0,
    learner_after=1560.0,
)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"outcome": "won"}, "outcome 'won'"),
        ({"hints": -1}, "hints -1"),
        ({"wrong": True}, "wrong True"),
        ({"puzzle_id": "p2"}, "recorded as 'p1'"),
        ({"learner_after": float("nan")}, "learner_after nan"),
        ({"at": datetime(2026, 3, 1)}, "needs a time zone"),
    ],
)
def test_a_bad_attempt_is_refused_and_nothing_is_written(
    path: Path, change: dict[str, object], says: str
) -> None:
    _write(path, GOOD)
    with open_store(path) as store:
        with pytest.raises(StoreError, match=says):
            bad = replace(GOOD, **change)  # type: ignore[arg-type]
            training.record_attempt(
                store, "p1", lambda _context: AttemptWrite(bad, learner=StoredRating(1, 2, 3))
            )
        assert len(training.attempts(store)) == 1 and training.learner_rating(store) is None


def test_an_impossible_rating_is_refused(path: Path) -> None:
    with pytest.raises(StoreError, match="cannot store the rating of learner"):
        _write(path, GOOD, learner=StoredRating(1500.0, -5.0, 0.06))
    with open_store(path) as store:
        assert training.attempts(store) == []


def test_a_damaged_time_in_the_trainer_tables_is_named_and_left_alone(path: Path) -> None:
    _write(path, GOOD)
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE puzzle_attempts SET at = 'yesterday'")
    raw.close()
    before = path.read_bytes()
    with open_store(path) as store, pytest.raises(StoreError, match=r"damaged .*'yesterday'") as caught:
        training.attempts(store)
    assert str(path) in str(caught.value) and path.read_bytes() == before


def test_the_stored_row_reads_back_exactly(path: Path) -> None:
    _write(path, GOOD)
    with open_store(path) as store:
        (row,) = training.attempts(store)
    assert row == replace(GOOD, id=1)


JUNK_STORES = [None, "learner.sqlite3", 7, object()]


@pytest.mark.parametrize("junk", JUNK_STORES)
@pytest.mark.parametrize("call", [
    training.learner_rating, training.puzzle_ratings, training.attempts, training.attempted_ids,
    training.outcomes, training.review_cards,
    lambda store: training.record_attempt(store, "p1", lambda _context: AttemptWrite(GOOD)),
])
def test_every_training_function_refuses_what_is_not_a_store(junk: object,
                                                             call: Callable[[object], object]) -> None:
    with pytest.raises(StoreError, match="store must be a progress store"):
        call(junk)


def _recording(write: object) -> Callable[[object], object]:
    """Record an attempt of puzzle ``p1`` whose decision is ``write``."""
    return lambda store: training.record_attempt(store, "p1", lambda _context: write)  # type: ignore[arg-type]


@pytest.mark.parametrize(("call", "says"), [
    (lambda store: training.record_attempt(store, None, lambda _context: AttemptWrite(GOOD)), "puzzle_id"),
    (lambda store: training.record_attempt(store, "p1", "decide"), "decide must be a function"),
    (_recording(GOOD), "AttemptWrite"),
    (_recording(AttemptWrite(replace(GOOD, kind=None))), "kind None"),  # type: ignore[arg-type]
    (_recording(AttemptWrite(replace(GOOD, hints=2**70))), "hints"),
    (_recording(AttemptWrite(GOOD, learner=StoredRating(1500.0, 50.0, 0.06, games=-1))), "rating of learner"),
    (_recording(AttemptWrite(GOOD, learner="1500")), "rating of learner"),  # type: ignore[arg-type]
    (_recording(AttemptWrite(GOOD, card=StoredCard("p1", "{}", "tomorrow"))),  # type: ignore[arg-type]
     "review card of puzzle 'p1'"),
    (lambda _store: training.timestamp("2026-01-01"), "must be a datetime"),  # type: ignore[arg-type]
    (lambda _store: training.puzzle_subject(["p1"]), "puzzle_id"),  # type: ignore[arg-type]
])
def test_junk_given_to_the_trainer_tables_is_refused_and_nothing_written(
        path: Path, call: Callable[[object], object], says: str) -> None:
    with open_store(path) as store:
        with pytest.raises(StoreError, match=re.escape(says)):
            call(store)
        assert training.attempts(store) == [] and training.learner_rating(store) is None
