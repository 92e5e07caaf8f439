"""What a progress file can make SQLite do: the guards every connection of the store runs under.

A progress file is untrusted input: a teacher exports the files of a whole class, each from a
student's machine, and SQLite runs SQL the file itself carries (views, triggers, column defaults,
``CHECK`` constraints). The store reads a file only after its schema has been found to be exactly
what the migrations create (:func:`kaszino.store.schema.expected_objects`), and every connection
runs under these guards as well, so that a check missed is still no hole:

- ``PRAGMA trusted_schema = OFF``: SQL stored in the file may call no function with side effects;
- the authorizer (:meth:`Guard.authorize`): nothing runs inside a view or a trigger, no other
  database is attached, no table or index is created or dropped except by a migration, only the
  store's own tables are read or written, and only the few functions and pragmas the store uses;
- limits (:data:`LIMITS`): the longest value, statement and expression SQLite accepts;
- a work budget (:data:`MAX_STEPS` virtual-machine steps per statement; the progress handler
  stops a statement that needs more), so no file makes a read run for ever;
- a bound on the schema read before SQLite reads it (:func:`schema_rows`): SQLite's time to load
  a schema grows with the square of its objects (measured: 10,000 views 0.6 s, 40,000 views 6.7 s),
  and that work is out of the progress handler's reach.

The store registers no functions of its own, and Python's ``sqlite3`` loads no extensions.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from kaszino.store.schema import TABLES

MAX_TEXT = 1_000_000
"""The longest text a field may hold (a game record is a few kilobytes)."""

LIMITS: dict[int, int] = {
    sqlite3.SQLITE_LIMIT_LENGTH: 4 * MAX_TEXT + 65_536,  # a text of MAX_TEXT characters in UTF-8, a row
    sqlite3.SQLITE_LIMIT_SQL_LENGTH: 100_000,  # also bounds each statement of the file's schema
    sqlite3.SQLITE_LIMIT_COLUMN: 100,
    sqlite3.SQLITE_LIMIT_EXPR_DEPTH: 100,
    sqlite3.SQLITE_LIMIT_COMPOUND_SELECT: 4,
    sqlite3.SQLITE_LIMIT_VDBE_OP: 100_000,
    sqlite3.SQLITE_LIMIT_FUNCTION_ARG: 8,
    sqlite3.SQLITE_LIMIT_ATTACHED: 0,
    sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH: 100,
    sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER: 100,
    sqlite3.SQLITE_LIMIT_TRIGGER_DEPTH: 1,
}
"""SQLite's limits on every connection of the store."""

STEPS_PER_CHECK = 1000
"""How many virtual-machine steps SQLite takes between two looks at the budget."""

MAX_STEPS = 50_000_000
"""The work budget of one statement, in SQLite virtual-machine steps (about 3 s; measured: reading
100,000 attempts takes 1.9 million, the integrity check of a 50 MB file 5 million)."""

FUNCTIONS = frozenset({"count", "max", "like"})
"""The SQL functions the store's statements call."""

PRAGMAS = frozenset({"application_id", "user_version", "quick_check", "page_count",
                     "page_size"})
"""The pragmas the store runs (``page_count`` and ``page_size``: ``Connection.serialize``)."""

_DEFINITIONS = frozenset({
    sqlite3.SQLITE_CREATE_INDEX, sqlite3.SQLITE_CREATE_TABLE, sqlite3.SQLITE_CREATE_TEMP_INDEX,
    sqlite3.SQLITE_CREATE_TEMP_TABLE, sqlite3.SQLITE_CREATE_TEMP_TRIGGER, sqlite3.SQLITE_CREATE_TEMP_VIEW,
    sqlite3.SQLITE_CREATE_TRIGGER, sqlite3.SQLITE_CREATE_VIEW, sqlite3.SQLITE_CREATE_VTABLE,
    sqlite3.SQLITE_DROP_INDEX, sqlite3.SQLITE_DROP_TABLE, sqlite3.SQLITE_DROP_TEMP_INDEX,
    sqlite3.SQLITE_DROP_TEMP_TABLE, sqlite3.SQLITE_DROP_TEMP_TRIGGER, sqlite3.SQLITE_DROP_TEMP_VIEW,
    sqlite3.SQLITE_DROP_TRIGGER, sqlite3.SQLITE_DROP_VIEW, sqlite3.SQLITE_DROP_VTABLE,
    sqlite3.SQLITE_ALTER_TABLE, sqlite3.SQLITE_REINDEX,
})
_ROWS = frozenset({sqlite3.SQLITE_READ, sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE})
_SCHEMA_TABLES = frozenset({"sqlite_master", "sqlite_schema"})
_PAGES = "sqlite_dbpage"
"""The pages of the database, which ``Connection.serialize`` reads."""


class Guard:
    """The guards of one connection (installed by the constructor). ``migrating`` lets the
    schema be changed; :meth:`start` gives the next statement a fresh work budget."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.migrating = False
        self._checks = 0
        connection.execute("PRAGMA trusted_schema = OFF")
        for limit, value in LIMITS.items():
            connection.setlimit(limit, value)
        connection.set_authorizer(self.authorize)
        connection.set_progress_handler(self._tick, STEPS_PER_CHECK)

    def start(self) -> None:
        """Give the next statement its whole budget."""
        self._checks = 0

    @property
    def exhausted(self) -> bool:
        """Whether the last statement was stopped for needing more than :data:`MAX_STEPS`."""
        return self._checks * STEPS_PER_CHECK > MAX_STEPS

    def _tick(self) -> int:
        self._checks += 1
        return int(self.exhausted)  # not zero: SQLite stops the statement ("interrupted")

    def authorize(self, action: int, first: str | None, second: str | None, database: str | None,
                  inner: str | None) -> int:
        """SQLite's authorizer: ``SQLITE_OK`` for what the store does, ``SQLITE_DENY`` for the rest.

        ``inner`` names the view or trigger whose code is being prepared: a progress file has none,
        and none may run.
        """
        if inner is not None or action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
            return sqlite3.SQLITE_DENY
        if action in _DEFINITIONS:
            allowed = self.migrating
        elif action in _ROWS:
            reading = action == sqlite3.SQLITE_READ
            allowed = (first in TABLES or (first in _SCHEMA_TABLES and (reading or self.migrating))
                       or (first == _PAGES and reading))
        elif action == sqlite3.SQLITE_FUNCTION:  # a migration's ALTER TABLE runs SQLite's own (printf, …)
            allowed = second in FUNCTIONS or self.migrating
        elif action == sqlite3.SQLITE_PRAGMA:
            allowed = first in PRAGMAS
        else:
            allowed = action in (sqlite3.SQLITE_SELECT, sqlite3.SQLITE_TRANSACTION)
        return sqlite3.SQLITE_OK if allowed else sqlite3.SQLITE_DENY


MAX_SCHEMA_ROWS = 100
"""The most objects a progress file's schema may hold before SQLite is let to read it (kaszino's
own schema has 14)."""

_LEAF, _INTERIOR = 0x0D, 0x05
"""The kinds of b-tree page that hold the rows of a table (``sqlite_master`` is rooted at page 1)."""

Read = Callable[[int, int], bytes]
"""Reads ``size`` bytes of a database file from ``offset`` (fewer at its end)."""


def schema_rows(read: Read) -> int | None:
    """How many rows ``sqlite_master`` holds, counted off the file's pages without SQLite: the
    number, or None if the schema is too large to count this way (more than two levels of pages
    or more than :data:`MAX_SCHEMA_ROWS` pages) or its pages are not b-tree pages at all."""
    header = read(0, 100)
    if len(header) < 100:
        return 0  # an empty file
    size = int.from_bytes(header[16:18], "big")
    size = 65_536 if size == 1 else size
    first = read(0, size)
    if len(first) < 112 or first[100] not in (_LEAF, _INTERIOR):
        return None
    if first[100] == _LEAF:
        return int.from_bytes(first[103:105], "big")
    cells = int.from_bytes(first[103:105], "big")
    if cells >= MAX_SCHEMA_ROWS:
        return None
    pointers = [int.from_bytes(first[at:at + 2], "big") for at in range(112, 112 + 2 * cells, 2)]
    children = [int.from_bytes(first[108:112], "big"),
                *(int.from_bytes(first[at:at + 4], "big") for at in pointers)]
    total = 0
    for child in children:
        page = read((child - 1) * size, size) if child > 1 else b""
        if len(page) < 8 or page[0] != _LEAF:
            return None
        total += int.from_bytes(page[3:5], "big")
    return total
