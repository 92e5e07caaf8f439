"""The trainer's tables in the progress store: attempts, ratings and review cards.

Three tables (created by the store's schema migration ``TRAINER_TABLES``):

- ``puzzle_attempts``: one row per visit to a puzzle that ended (solved, partial or failed), with
  the hints taken, the wrong answers, whether it was rated, and both ratings before and after;
- ``ratings``: the current Glicko-2 rating of the learner (subject ``learner``) and of every puzzle
  this learner has been rated against (subject ``puzzle:<id>``);
- ``review_cards``: the FSRS card of every puzzle on the review list, with its due time.

:func:`record_attempt` reads what it needs, lets the caller decide the new values, and writes
them, all in one write transaction: two kernels recording at the same moment are serialised by
SQLite, and the second one sees the first one's attempt (so a puzzle is rated only once). The
store layer knows nothing of Glicko-2 or FSRS: ratings are numbers and cards are opaque text.
Times are stored as UTC ISO-8601 text with seconds, which sorts like the times themselves.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from kaszino.errors import KaszinoError

TRAINER_TABLES = """
CREATE TABLE puzzle_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    mode TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('solved', 'partial', 'failed')),
    hints INTEGER NOT NULL CHECK (hints >= 0),
    wrong INTEGER NOT NULL CHECK (wrong >= 0),
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    learner_before REAL,
    learner_after REAL,
    puzzle_before REAL,
    puzzle_after REAL
);
CREATE INDEX puzzle_attempts_puzzle ON puzzle_attempts (puzzle_id);
CREATE TABLE ratings (
    subject TEXT PRIMARY KEY,
    value REAL NOT NULL,
    deviation REAL NOT NULL CHECK (deviation >= 0),
    volatility REAL NOT NULL CHECK (volatility >= 0),
    games INTEGER NOT NULL CHECK (games >= 0),
    updated TEXT NOT NULL
);
CREATE TABLE review_cards (
    puzzle_id TEXT PRIMARY KEY,
    card TEXT NOT NULL,
    due TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX review_cards_due ON review_cards (due);
"""
"""The schema of the trainer's tables (one migration of :mod:`kaszino.store.schema`)."""

LEARNER = "learner"
"""The ``ratings`` subject of the learner; a puzzle's subject is ``puzzle:<id>``."""



def timestamp(moment: datetime) -> str:
    """``moment`` as stored: UTC, ISO-8601, whole seconds (naive times are refused)."""
    if moment.tzinfo is None:
        raise KaszinoError(f"a stored time needs a time zone, not the naive {moment.isoformat()}")
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


@dataclass(frozen=True, slots=True)
class StoredRating:
    """A Glicko-2 rating as stored, with the number of rated games behind it."""

    value: float
    deviation: float
    volatility: float
    games: int = 0


@dataclass(frozen=True, slots=True)
class StoredCard:
    """A review card: the scheduler's card as text and when it is due."""

    puzzle_id: str
    card: str
    due: datetime


@dataclass(frozen=True, slots=True)
class AttemptRecord:
    """One finished visit to a puzzle, as stored in ``puzzle_attempts``."""

    at: datetime
    puzzle_id: str
    kind: str
    mode: str
    outcome: str
    hints: int
    wrong: int
    rated: bool
    learner_before: float | None = None
    learner_after: float | None = None
    puzzle_before: float | None = None
    puzzle_after: float | None = None
    id: int | None = None


@dataclass(frozen=True, slots=True)
class AttemptContext:
    """What the store holds about a puzzle and the learner when an attempt is recorded."""

    learner: StoredRating | None
    puzzle: StoredRating | None
    card: StoredCard | None
    earlier_attempts: int


@dataclass(frozen=True, slots=True)
class AttemptWrite:
    """What to write for one attempt: the row, and the new ratings and card (None: leave as is)."""

    attempt: AttemptRecord
    learner: StoredRating | None = None
    puzzle: StoredRating | None = None
    card: StoredCard | None = None


Decide = Callable[[AttemptContext], AttemptWrite]
"""Turns what the store holds into what to write (the trainer's rating and scheduling rules)."""


def puzzle_subject(puzzle_id: str) -> str:
    """The ``ratings`` subject of a puzzle."""
    return f"puzzle:{puzzle_id}"


def record_attempt(db: sqlite3.Connection, puzzle_id: str, decide: Decide) -> AttemptRecord:
    """Read, decide and write one attempt in a single write transaction; return the stored row.

    ``db`` must not be inside a transaction; the transaction starts with ``BEGIN IMMEDIATE``, so a
    second writer waits for the first to commit and then reads what it wrote.
    """
    with write_transaction(db):
        context = AttemptContext(
            learner=_rating(db, LEARNER), puzzle=_rating(db, puzzle_subject(puzzle_id)),
            card=_card(db, puzzle_id),
            earlier_attempts=db.execute("SELECT count(*) FROM puzzle_attempts WHERE puzzle_id = ?",
                                        (puzzle_id,)).fetchone()[0])
        write = decide(context)
        if write.attempt.puzzle_id != puzzle_id:
            raise KaszinoError(f"an attempt at {write.attempt.puzzle_id!r} recorded as {puzzle_id!r}")
        row_id = _insert_attempt(db, write.attempt)
        now = timestamp(write.attempt.at)
        if write.learner is not None:
            _put_rating(db, LEARNER, write.learner, now)
        if write.puzzle is not None:
            _put_rating(db, puzzle_subject(puzzle_id), write.puzzle, now)
        if write.card is not None:
            db.execute("INSERT OR REPLACE INTO review_cards (puzzle_id, card, due, updated) VALUES (?, ?, ?, ?)",
                       (puzzle_id, write.card.card, timestamp(write.card.due), now))
    return replace(write.attempt, id=row_id)


@contextmanager
def write_transaction(db: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any error."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


_ATTEMPT_COLUMNS = ("at", "puzzle_id", "kind", "mode", "outcome", "hints", "wrong", "rated",
                    "learner_before", "learner_after", "puzzle_before", "puzzle_after")


def _insert_attempt(db: sqlite3.Connection, attempt: AttemptRecord) -> int:
    values = (timestamp(attempt.at), attempt.puzzle_id, attempt.kind, attempt.mode, attempt.outcome,
              attempt.hints, attempt.wrong, int(attempt.rated), attempt.learner_before,
              attempt.learner_after, attempt.puzzle_before, attempt.puzzle_after)
    marks = ", ".join("?" * len(_ATTEMPT_COLUMNS))
    cursor = db.execute(f"INSERT INTO puzzle_attempts ({', '.join(_ATTEMPT_COLUMNS)}) VALUES ({marks})", values)
    row_id = cursor.lastrowid
    assert row_id is not None
    return row_id


def _put_rating(db: sqlite3.Connection, subject: str, rating: StoredRating, now: str) -> None:
    db.execute("INSERT OR REPLACE INTO ratings (subject, value, deviation, volatility, games, updated)"
               " VALUES (?, ?, ?, ?, ?, ?)",
               (subject, rating.value, rating.deviation, rating.volatility, rating.games, now))


def _rating(db: sqlite3.Connection, subject: str) -> StoredRating | None:
    row = db.execute("SELECT value, deviation, volatility, games FROM ratings WHERE subject = ?",
                     (subject,)).fetchone()
    return None if row is None else StoredRating(*row)


def _card(db: sqlite3.Connection, puzzle_id: str) -> StoredCard | None:
    row = db.execute("SELECT puzzle_id, card, due FROM review_cards WHERE puzzle_id = ?", (puzzle_id,)).fetchone()
    return None if row is None else StoredCard(row[0], row[1], _moment(row[2]))


# --- reading ---------------------------------------------------------------------------------------
def learner_rating(db: sqlite3.Connection) -> StoredRating | None:
    """The learner's rating, or None before the first rated attempt."""
    return _rating(db, LEARNER)


def puzzle_ratings(db: sqlite3.Connection) -> dict[str, StoredRating]:
    """The ratings of the puzzles this learner was rated against, by puzzle id."""
    rows = db.execute("SELECT subject, value, deviation, volatility, games FROM ratings WHERE subject LIKE 'puzzle:%'")
    return {subject.partition(":")[2]: StoredRating(*rest) for subject, *rest in rows}


def attempts(db: sqlite3.Connection) -> list[AttemptRecord]:
    """Every stored attempt, oldest first."""
    rows = db.execute(f"SELECT {', '.join(_ATTEMPT_COLUMNS)}, id FROM puzzle_attempts ORDER BY id")
    return [_attempt(dict(zip((*_ATTEMPT_COLUMNS, "id"), row, strict=True))) for row in rows]


def _attempt(row: dict[str, object]) -> AttemptRecord:
    return AttemptRecord(**{**row, "at": _moment(str(row["at"])), "rated": bool(row["rated"])})  # type: ignore[arg-type]


def attempted_ids(db: sqlite3.Connection) -> frozenset[str]:
    """The ids of every puzzle with a stored attempt."""
    return frozenset(row[0] for row in db.execute("SELECT DISTINCT puzzle_id FROM puzzle_attempts"))


def outcomes(db: sqlite3.Connection) -> list[str]:
    """The outcome of every stored attempt, oldest first (streaks are counted from these)."""
    return [row[0] for row in db.execute("SELECT outcome FROM puzzle_attempts ORDER BY id")]


def review_cards(db: sqlite3.Connection) -> list[StoredCard]:
    """Every review card, the earliest due first."""
    rows = db.execute("SELECT puzzle_id, card, due FROM review_cards ORDER BY due, puzzle_id")
    return [StoredCard(puzzle_id, card, _moment(due)) for puzzle_id, card, due in rows]
