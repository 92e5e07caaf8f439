"""The progress file's schema, as an ordered list of migrations.

A file's ``PRAGMA user_version`` is the number of migrations applied to it; opening a file applies
the missing ones in one transaction. Never edit a migration that has shipped: add a new one.
``PRAGMA application_id`` marks the file as kaszino's, so another program's SQLite file is refused
instead of being changed.
"""

from __future__ import annotations

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
)
"""Every migration in order; the schema version of a file is how many of them it has."""

VERSION = len(MIGRATIONS)
"""The schema version this code writes."""
