"""The trainer's tables in the progress store: attempts, ratings and review cards.

Three tables (migration 2 of :mod:`kaszino.store.schema`):

- ``puzzle_attempts``: one row per visit to a puzzle that ended (solved, partial or failed), with
  the hints taken, the wrong answers, whether it was rated, and both ratings before and after;
- ``ratings``: the current Glicko-2 rating of the learner (subject ``learner``) and of every puzzle
  this learner has been rated against (subject ``puzzle:<id>``);
- ``review_cards``: the review card of every puzzle on the review list, with its due time.

Each attempt names its puzzle set (migration 4): ``""`` for the shipped collection, else the name
of a teacher's class set (:mod:`kaszino.puzzles.class_set`). A puzzle is told by its set and its
id together, so a class set's puzzle never counts as a shipped one of the same id; the readers
below that serve the trainer take one set (the shipped one unless told).

:func:`record_attempt` reads what it needs, lets the caller decide the new values, and writes
them, all in one write transaction: two kernels recording at the same moment are serialised by
SQLite, and the second one sees the first one's attempt (so a puzzle is rated only once). The
store layer knows nothing of Glicko-2 or FSRS: ratings are numbers and cards are opaque text.
Times are stored as UTC ISO-8601 text with whole seconds, which sorts like the times themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from kaszino.errors import StoreError, quote
from kaszino.inputs import MAX_COUNT
from kaszino.store.store import COUNT, FLAG, OPTIONAL_REAL, REAL, TEXT, TIME, Store, Stored, stored_choice

LEARNER = "learner"
"""The ``ratings`` subject of the learner; a puzzle's subject is ``puzzle:<id>``."""

OUTCOMES = ("solved", "partial", "failed")
"""How a visit to a puzzle can end."""

SHIPPED_SET = ""
"""The puzzle set of an attempt at a shipped puzzle (every attempt stored before class sets)."""


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
    """One finished visit to a puzzle, as stored in ``puzzle_attempts`` (``id`` once stored)."""

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
    puzzle_set: str = SHIPPED_SET
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

_ATTEMPT_KINDS: dict[str, Stored] = {
    "at": TIME, "puzzle_id": TEXT, "kind": TEXT, "mode": TEXT, "outcome": stored_choice(*OUTCOMES),
    "hints": COUNT, "wrong": COUNT, "rated": FLAG,
    "learner_before": OPTIONAL_REAL, "learner_after": OPTIONAL_REAL,
    "puzzle_before": OPTIONAL_REAL, "puzzle_after": OPTIONAL_REAL, "puzzle_set": TEXT, "id": COUNT,
}
_ATTEMPT_COLUMNS = tuple(_ATTEMPT_KINDS)[:-1]
"""The columns an attempt writes (the id is given by SQLite)."""


def _checked_store(store: object) -> Store:
    """``store`` if it is an open progress store, else a :class:`StoreError` saying what it is."""
    if not isinstance(store, Store):
        raise StoreError(f"store must be a progress store (open_store), not {type(store).__name__} "
                         f"{quote(store)}")
    return store


def _checked_text(field: str, value: object) -> str:
    if not isinstance(value, str) or not value:
        raise StoreError(f"{field} must be a non-empty text, not {quote(value)}")
    return value


def timestamp(moment: datetime) -> str:
    """``moment`` as stored: UTC, ISO-8601, whole seconds (naive times are refused)."""
    if not isinstance(moment, datetime):
        raise StoreError(f"a stored time must be a datetime, not {type(moment).__name__} {quote(moment)}")
    if moment.tzinfo is None:
        raise StoreError(f"a stored time needs a time zone, not the naive {moment.isoformat()}")
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def puzzle_subject(puzzle_id: str) -> str:
    """The ``ratings`` subject of a puzzle."""
    return f"puzzle:{_checked_text('puzzle_id', puzzle_id)}"


# --- writing ---------------------------------------------------------------------------------------
def record_attempt(store: Store, puzzle_id: str, decide: Decide,
                   puzzle_set: str = SHIPPED_SET) -> AttemptRecord:
    """Read, decide and write one attempt at the puzzle ``puzzle_id`` of ``puzzle_set`` in a single
    write transaction; return the stored row. ``earlier_attempts`` counts those of the same set.

    The transaction starts with ``BEGIN IMMEDIATE``, so a second writer waits for the first to
    commit and then reads what it wrote.
    """
    store, subject = _checked_store(store), puzzle_subject(puzzle_id)
    if not isinstance(puzzle_set, str):
        raise StoreError(f"puzzle_set must be a text, not {quote(puzzle_set)}")
    if not callable(decide):
        raise StoreError(f"decide must be a function of the attempt's context, not {quote(decide)}")
    with store.transaction():
        context = AttemptContext(
            learner=_rating(store, LEARNER), puzzle=_rating(store, subject),
            card=_card(store, puzzle_id),
            earlier_attempts=store.execute(
                "SELECT count(*) FROM puzzle_attempts WHERE puzzle_id = ? AND puzzle_set = ?",
                (puzzle_id, puzzle_set))[0][0])
        write = decide(context)
        if not isinstance(write, AttemptWrite) or not isinstance(write.attempt, AttemptRecord):
            raise StoreError(f"decide must return an AttemptWrite of an AttemptRecord, not {quote(write)}")
        attempt = _checked(write.attempt, puzzle_id, puzzle_set)
        values = (timestamp(attempt.at), *(getattr(attempt, name) for name in _ATTEMPT_COLUMNS[1:]))
        marks = ", ".join("?" * len(_ATTEMPT_COLUMNS))
        row_id = store.execute(f"INSERT INTO puzzle_attempts ({', '.join(_ATTEMPT_COLUMNS)}) "
                               f"VALUES ({marks}) RETURNING id", values)[0][0]
        now = timestamp(attempt.at)
        if write.learner is not None:
            _put_rating(store, LEARNER, write.learner, now)
        if write.puzzle is not None:
            _put_rating(store, subject, write.puzzle, now)
        if write.card is not None:
            _check_card(write.card, puzzle_id)
            store.execute("INSERT OR REPLACE INTO review_cards (puzzle_id, card, due, updated) "
                          "VALUES (?, ?, ?, ?)", (puzzle_id, write.card.card, timestamp(write.card.due), now))
    return replace(attempt, id=row_id)


def _checked(attempt: AttemptRecord, puzzle_id: str, puzzle_set: str) -> AttemptRecord:
    """Refuse an attempt row that the tables would not hold, naming the field."""
    problems = []
    if attempt.puzzle_id != puzzle_id:
        problems.append(f"puzzle_id {quote(attempt.puzzle_id)} recorded as {quote(puzzle_id)}")
    if attempt.puzzle_set != puzzle_set:
        problems.append(f"puzzle_set {quote(attempt.puzzle_set)} recorded as {quote(puzzle_set)}")
    if attempt.outcome not in OUTCOMES:
        problems.append(f"outcome {quote(attempt.outcome)} (one of {', '.join(OUTCOMES)})")
    for name in ("kind", "mode"):
        value = getattr(attempt, name)
        if not isinstance(value, str) or not value:
            problems.append(f"{name} {quote(value)} (a non-empty text)")
    for name in ("hints", "wrong"):
        value = getattr(attempt, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
            problems.append(f"{name} {quote(value)} (a whole number 0..{MAX_COUNT})")
    for name in ("learner_before", "learner_after", "puzzle_before", "puzzle_after"):
        value = getattr(attempt, name)
        if value is not None and not _finite(value):
            problems.append(f"{name} {quote(value)} (a finite number)")
    if problems:
        raise StoreError("cannot record the attempt: bad " + "; ".join(problems))
    return replace(attempt, rated=bool(attempt.rated))


def _finite(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _check_card(card: object, puzzle_id: str) -> None:
    good = (isinstance(card, StoredCard) and card.puzzle_id == puzzle_id and isinstance(card.card, str)
            and isinstance(card.due, datetime))
    if not good:
        raise StoreError(f"cannot store the review card of puzzle {quote(puzzle_id)}: {quote(card)}")


def _put_rating(store: Store, subject: str, rating: StoredRating, now: str) -> None:
    if not isinstance(rating, StoredRating):
        raise StoreError(f"cannot store the rating of {subject}: {quote(rating)} is no StoredRating")
    numbers = (rating.value, rating.deviation, rating.volatility)
    games = rating.games
    whole = isinstance(games, int) and not isinstance(games, bool) and 0 <= games <= MAX_COUNT
    if not all(map(_finite, numbers)) or not whole or rating.deviation < 0 or rating.volatility < 0:
        raise StoreError(f"cannot store the rating of {subject}: {rating}")
    store.execute("INSERT OR REPLACE INTO ratings (subject, value, deviation, volatility, games, updated)"
                  " VALUES (?, ?, ?, ?, ?, ?)", (subject, *numbers, rating.games, now))


# --- reading ---------------------------------------------------------------------------------------
_RATING_COLUMNS: dict[str, Stored] = {"value": REAL, "deviation": REAL, "volatility": REAL, "games": COUNT}
_CARD_COLUMNS: dict[str, Stored] = {"puzzle_id": TEXT, "card": TEXT, "due": TIME}


def _rating(store: Store, subject: str) -> StoredRating | None:
    rows = store.rows("ratings", _RATING_COLUMNS, "WHERE subject = ?", (subject,))
    return StoredRating(*rows[0]) if rows else None


def _card(store: Store, puzzle_id: str) -> StoredCard | None:
    rows = store.rows("review_cards", _CARD_COLUMNS, "WHERE puzzle_id = ?", (puzzle_id,))
    return StoredCard(*rows[0]) if rows else None


def learner_rating(store: Store) -> StoredRating | None:
    """The learner's rating, or None before the first rated attempt."""
    return _rating(_checked_store(store), LEARNER)


def puzzle_ratings(store: Store) -> dict[str, StoredRating]:
    """The ratings of the puzzles this learner was rated against, by puzzle id."""
    rows = _checked_store(store).rows("ratings", {"subject": TEXT, **_RATING_COLUMNS},
                                      "WHERE subject LIKE 'puzzle:%'")
    return {subject.partition(":")[2]: StoredRating(*rest) for subject, *rest in rows}


def attempts(store: Store) -> list[AttemptRecord]:
    """Every stored attempt, oldest first."""
    rows = _checked_store(store).rows("puzzle_attempts", _ATTEMPT_KINDS, "ORDER BY id")
    return [AttemptRecord(*row) for row in rows]


def attempted_ids(store: Store, puzzle_set: str = SHIPPED_SET) -> frozenset[str]:
    """The ids of every puzzle of ``puzzle_set`` with a stored attempt."""
    rows = _checked_store(store).rows("puzzle_attempts", {"DISTINCT puzzle_id": TEXT}, "WHERE puzzle_set = ?",
                                      (puzzle_set,))
    return frozenset(row[0] for row in rows)


def outcomes(store: Store, puzzle_set: str = SHIPPED_SET) -> list[str]:
    """The outcome of every stored attempt at ``puzzle_set``, oldest first (streaks are counted
    from these)."""
    kinds = {"outcome": _ATTEMPT_KINDS["outcome"]}
    return [row[0] for row in _checked_store(store).rows("puzzle_attempts", kinds,
                                                         "WHERE puzzle_set = ? ORDER BY id", (puzzle_set,))]


def review_cards(store: Store) -> list[StoredCard]:
    """Every review card, the earliest due first."""
    rows = _checked_store(store).rows("review_cards", _CARD_COLUMNS, "ORDER BY due, puzzle_id")
    return [StoredCard(*row) for row in rows]



def learner_history(store: Store) -> list[float]:
    """The learner's rating over the rated attempts, oldest first: the rating before the first one,
    then the rating after each (empty before any rated attempt). The trainer's chart draws it."""
    rows = _checked_store(store).rows("puzzle_attempts",
                                      {"learner_before": OPTIONAL_REAL, "learner_after": OPTIONAL_REAL},
                                      "WHERE rated = 1 ORDER BY id")
    history = [before for before, _ in rows[:1] if before is not None]
    return history + [after for _, after in rows if after is not None]


TIMED_BEST = "timed_best"
"""The setting holding the best score of the timed mode (its digits)."""


def _digits(value: object) -> int:
    if not isinstance(value, str) or not value.isascii() or not value.isdigit() or len(value) > 9:
        raise ValueError(value)
    return int(value)


_DIGITS = Stored(f"a whole number 0..{MAX_COUNT} in digits", _digits)


def timed_best(store: Store) -> int:
    """The best score of the timed mode (0 before the first run)."""
    best = _checked_store(store).rows("settings", {"value": _DIGITS}, "WHERE key = ?", (TIMED_BEST,))
    return best[0][0] if best else 0


def record_timed_score(store: Store, score: int) -> int:
    """Keep ``score`` of a timed run if it beats the best one (one statement: two kernels cannot
    lose the better one); return the best score now."""
    if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= MAX_COUNT:
        raise StoreError(f"a timed score must be a whole number 0..{MAX_COUNT}, not {quote(score)}")
    store = _checked_store(store)
    with store.transaction():
        store.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
                      "value = excluded.value WHERE CAST(value AS INTEGER) < CAST(excluded.value AS INTEGER)",
                      (TIMED_BEST, str(score)))
        return timed_best(store)
