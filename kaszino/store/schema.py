"""The progress file's schema, as an ordered list of migrations.

A file's ``PRAGMA user_version`` is the number of migrations applied to it; opening a file applies
the missing ones in one transaction. Never edit a migration that has shipped: add a new one.
``PRAGMA application_id`` marks the file as kaszino's, so another program's SQLite file is refused
instead of being changed.
"""

from __future__ import annotations

import sqlite3
from functools import cache

APPLICATION_ID = 0x4B41535A
"""``KASZ`` in ASCII: the SQLite application id of a kaszino progress file."""

MIGRATIONS: tuple[str, ...] = (
    # 1: settings, tutorial chapter results, saved games.
    """
    CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE chapters (
        chapter TEXT PRIMARY KEY,
        best INTEGER NOT NULL,
        last INTEGER NOT NULL,
        total INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        updated TEXT NOT NULL
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        played_at TEXT NOT NULL,
        opponent TEXT NOT NULL,
        result TEXT NOT NULL,
        record TEXT NOT NULL
    );
    """,
    # 2: the puzzle trainer (kaszino.store.training): attempts, Glicko-2 ratings, review cards.
    """
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
    """,
    # 3: the questions of a chapter check the learner missed, by kind and seed, to be asked again.
    """
    CREATE TABLE missed_questions (
        chapter TEXT NOT NULL,
        kind TEXT NOT NULL,
        seed INTEGER NOT NULL,
        missed_at TEXT NOT NULL,
        PRIMARY KEY (chapter, kind, seed)
    );
    """,
    # 4: the puzzle set of each attempt ("": the shipped collection; else a teacher's class set,
    # kaszino.puzzles.class_set), so that a class set's attempts never mix with the shipped ones.
    """
    ALTER TABLE puzzle_attempts ADD COLUMN puzzle_set TEXT NOT NULL DEFAULT '';
    CREATE INDEX puzzle_attempts_set ON puzzle_attempts (puzzle_set, puzzle_id);
    """,
)
"""Every migration in order; the schema version of a file is how many of them it has."""

VERSION = len(MIGRATIONS)
"""The schema version this code writes."""

SchemaObject = tuple[str, str, str, str | None]
"""One row of ``sqlite_master``: type, name, table and the ``CREATE`` statement (None for SQLite's
own indexes of a primary key)."""


def statements(script: str) -> list[str]:
    """The statements of a migration (``executescript`` would commit the open transaction)."""
    return [statement.strip() for statement in script.split(";") if statement.strip()]


@cache
def expected_objects(version: int) -> frozenset[SchemaObject]:
    """Every object of a file of schema ``version`` exactly as SQLite records it after the first
    ``version`` migrations: a progress file holds these and nothing else (no view, no trigger)."""
    connection = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS[:version]:
            for statement in statements(script):
                connection.execute(statement)
        return frozenset(connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    finally:
        connection.close()


TABLES = frozenset(name for kind, name, _table, _sql in expected_objects(VERSION) if kind == "table")
"""The tables of the current schema (SQLite's ``sqlite_sequence`` among them)."""
