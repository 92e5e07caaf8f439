"""The per-user progress store: one SQLite file per learner (stdlib ``sqlite3``).

Where the file is: the ``path`` given to :func:`open_store`, else the ``KASZINO_PROGRESS``
environment variable (so that each student of a class can have a file of their own), else
``progress.sqlite3`` in the user's data folder (``platformdirs``) — or, in the browser (the offline
site, Python under Pyodide), ``kaszino-progress.sqlite3`` in the site's own files, which the browser
keeps across page reloads.

In the browser SQLite cannot write to that folder directly, so the store keeps the database in
memory and writes the whole file after every change ("snapshots"); the API is the same.

Promises:
- every write is one transaction (``BEGIN IMMEDIATE``), so two kernels writing the same file at
  once wait for each other (up to ``timeout`` seconds) and lose nothing;
- a file that is not a kaszino progress file (not SQLite, another program's database), a damaged
  one, one written by a newer kaszino, or one locked for longer than ``timeout`` raises
  :class:`StoreError` naming the file and the problem, and is never overwritten or deleted.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

import platformdirs

from kaszino.errors import StoreError, quote
from kaszino.files import check_input, open_input, read_bytes
from kaszino.inputs import MAX_COUNT, check_real, check_whole
from kaszino.store.schema import APPLICATION_ID, MIGRATIONS, VERSION

ENVIRONMENT_VARIABLE = "KASZINO_PROGRESS"
"""Names the progress file when no path is given."""

FILE_NAME = "progress.sqlite3"
"""The progress file's name in the user's data folder."""

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""

BROWSER_FILE = Path("/drive/kaszino-progress.sqlite3")
"""The progress file in the browser: ``/drive`` is the site's own files, kept across reloads."""

MAX_TEXT = 1_000_000
"""The longest text a field may hold (a game record is a few kilobytes)."""

MAX_NUMBER = 1e9
"""The bound of a stored real number (a rating): anything beyond it, or NaN, is damage."""


@dataclass(frozen=True, slots=True)
class Stored:
    """What one column of a stored row must hold: its meaning for a message, and its reader.

    ``read`` turns SQLite's value into the Python value, or raises ``ValueError`` or
    ``TypeError`` (SQLite keeps any value in any column, so a row may hold anything).
    """

    meaning: str
    read: Callable[[object], Any]


def _stored_text(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise TypeError(value)
    return value


def _stored_real(value: object) -> float:
    return check_real("value", value, -MAX_NUMBER, MAX_NUMBER)


def stored_time(value: object) -> datetime:
    """A stored time (ISO 8601 text; one without a time zone is UTC)."""
    moment = datetime.fromisoformat(_stored_text(value))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def stored_choice(*choices: str) -> Stored:
    """A text column holding one of ``choices``."""
    def read(value: object) -> str:
        if value not in choices:
            raise ValueError(value)
        return str(value)
    return Stored(f"one of {', '.join(choices)}", read)


TEXT = Stored("text", _stored_text)
COUNT = Stored(f"a whole number 0..{MAX_COUNT}", lambda value: check_whole("value", value, 0, MAX_COUNT))
REAL = Stored(f"a number -{MAX_NUMBER:g}..{MAX_NUMBER:g}", _stored_real)
OPTIONAL_REAL = Stored(f"empty or {REAL.meaning}", lambda value: None if value is None else REAL.read(value))
TIME = Stored("a time (ISO 8601)", stored_time)
FLAG = Stored("0 or 1", lambda value: bool(check_whole("value", value, 0, 1)))


@dataclass(frozen=True)
class ChapterResult:
    """A learner's results in one tutorial chapter's closing check."""

    chapter: str
    best: int
    last: int
    total: int
    attempts: int
    updated: datetime


@dataclass(frozen=True)
class SavedGame:
    """A finished (or abandoned) game, saved as a game record (``kaszino.engine.record`` text)."""

    id: int
    played_at: datetime
    opponent: str
    result: str
    record: str


def in_browser() -> bool:
    """Whether Python runs in the browser (Pyodide), where the store works by snapshots."""
    return sys.platform == "emscripten"


def default_path() -> Path:
    """The progress file used when no path is given: ``$KASZINO_PROGRESS``, else the user's data folder
    (in the browser: the site's kept folder; ``StoreError`` if the browser keeps none)."""
    named = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if named:
        return Path(named).expanduser()
    if in_browser():
        if not BROWSER_FILE.parent.is_dir():
            # Without a service worker (a page served neither over HTTPS nor from this computer) the
            # site has no kept folder: a file written elsewhere would be gone after a reload.
            raise StoreError(f"{BROWSER_FILE.parent}: the browser keeps no files for this site, so progress "
                             "cannot be saved; open the site over HTTPS or from this computer (localhost)")
        return BROWSER_FILE
    return platformdirs.user_data_path("kaszino", appauthor=False) / FILE_NAME


MAX_TIMEOUT_S = 3600
"""The longest wait for a lock another process holds that :func:`open_store` accepts."""


def open_store(path: str | os.PathLike[str] | None = None, *, timeout: float = 10.0,
               snapshots: bool | None = None, read_only: bool = False) -> Store:
    """Open (creating if needed) the progress file at ``path`` (default :func:`default_path`).

    ``snapshots``: keep the database in memory and write the whole file after every change, for a
    file system that cannot host SQLite (default: only in the browser). ``read_only``: read an
    existing file into memory and never write it, not even to bring an older schema up to date
    (a teacher's export of the files collected from a class).
    """
    if path is not None and (not isinstance(path, (str, os.PathLike)) or "\0" in os.fspath(path)):
        raise StoreError(f"a progress file is named by a path, not {quote(path)}")
    seconds = isinstance(timeout, (int, float)) and not isinstance(timeout, bool)
    if not seconds or not 0 <= timeout <= MAX_TIMEOUT_S:
        raise StoreError(f"timeout must be a number of seconds from 0 to {MAX_TIMEOUT_S}, "
                         f"not {quote(timeout)}")
    if snapshots is not None and not isinstance(snapshots, bool):
        raise StoreError(f"snapshots must be True, False or None, not {quote(snapshots)}")
    if not isinstance(read_only, bool):
        raise StoreError(f"read_only must be True or False, not {quote(read_only)}")
    target = Path(path).expanduser() if path is not None else default_path()
    exists = _check_header(target)
    if read_only:
        if not exists:
            raise StoreError(f"{target}: no such progress file")
        snapshots = True
    else:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"{target}: cannot create its folder ({error.strerror or error})") from None
    snapshots = in_browser() if snapshots is None else snapshots
    try:
        if snapshots:
            connection = sqlite3.connect(":memory:", isolation_level=None)
            data = _read(target) if exists else b""
            if data:  # an empty file is an empty database (SQLite cannot deserialize nothing)
                connection.deserialize(data)
        else:
            connection = sqlite3.connect(target, timeout=timeout, isolation_level=None)
    except (sqlite3.Error, OSError) as error:
        raise StoreError(f"{target}: cannot open the progress file ({error})") from None
    store = Store(target, connection, timeout, snapshots, writes=not read_only)
    try:
        store._prepare()
    except BaseException:
        connection.close()
        raise
    return store


_current: Store | None = None


def current_store() -> Store:
    """The progress file of this process (:func:`default_path`), opened once and kept open.

    Re-opened when ``KASZINO_PROGRESS`` names another file since the last call.
    """
    global _current
    path = default_path()
    if _current is None or _current.path != path:
        # The store it replaces is not closed here: a widget may still hold it (it closes when
        # the last holder lets go of it).
        _current = open_store(path)
    return _current


MAX_FILE_BYTES = 100_000_000
"""The largest progress file opened, in bytes (far beyond what years of a learner's use can fill)."""


def _read(path: Path) -> bytes:
    return read_bytes(path, what="progress file", limit=MAX_FILE_BYTES, error=StoreError)


def _check_header(path: Path) -> bool:
    """Whether a progress file is at ``path`` (False: none yet). Refuse, before SQLite touches it,
    anything there that is not a regular file of at most :data:`MAX_FILE_BYTES` (a folder, a named
    pipe, a device: SQLite would block on a pipe), a name too long for the file system, and a file
    that is not an SQLite database."""
    if not check_input(path, what="progress file", limit=MAX_FILE_BYTES, error=StoreError, missing_ok=True):
        return False
    with open_input(path, what="progress file", limit=MAX_FILE_BYTES, error=StoreError) as file:
        header = file.read(len(SQLITE_HEADER))
    if header and header != SQLITE_HEADER:
        raise StoreError(f"{path}: not a kaszino progress file (not an SQLite database); "
                         "it was left untouched")
    return True


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _text(name: str, value: object, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise StoreError(f"{name}: expected text, got {type(value).__name__}")
    if not value.strip() and not empty:
        raise StoreError(f"{name}: must not be empty")
    if len(value) > MAX_TEXT:
        raise StoreError(f"{name}: {len(value)} characters, at most {MAX_TEXT}")
    return value


def _count(name: str, value: object) -> int:
    return check_whole(name, value, 0, MAX_COUNT, StoreError)


def _statements(script: str) -> list[str]:
    """The statements of a migration (``executescript`` would commit the open transaction)."""
    return [statement.strip() for statement in script.split(";") if statement.strip()]


class Store:
    """An open progress file; use :func:`open_store`. Closes with ``close()`` or as a context manager."""

    def __init__(self, path: Path, connection: sqlite3.Connection, timeout: float, snapshots: bool,
                 *, writes: bool = True) -> None:
        self.path = path
        self._connection = connection
        self._timeout = timeout
        self._depth = 0
        self._snapshots = snapshots
        self._writes = writes
        self._saved_changes = connection.total_changes

    # --- the file ---------------------------------------------------------------------------
    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn SQLite's exceptions into a :class:`StoreError` naming this file."""
        try:
            yield
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise StoreError(f"{self.path}: the progress file is in use by another program "
                                 f"(waited {self._timeout:g} s); nothing was written, try again") from None
            raise StoreError(f"{self.path}: {error}") from None
        except sqlite3.DatabaseError as error:
            raise self.damaged(str(error)) from None

    def damaged(self, problem: str) -> StoreError:
        """The error for a file whose content is not what this code wrote: it names the problem,
        and promises (truly: nothing is written on the way out) that the file is left untouched."""
        return StoreError(f"{self.path}: the progress file is damaged ({problem}); it was left untouched — "
                          "move it away to start a new one")

    def _scalar(self, sql: str, *parameters: object) -> object:
        with self._errors():
            row = self._connection.execute(sql, parameters).fetchone()
        return None if row is None else row[0]

    def _prepare(self) -> None:
        """Check that the file is ours, undamaged and not newer; bring its schema up to date."""
        self._check_identity()
        if self._scalar("PRAGMA quick_check") != "ok":
            raise self.damaged("integrity check failed")
        if self._version() < VERSION:
            with self.transaction():
                self._check_identity()  # another process may have set it up meanwhile
                for script in MIGRATIONS[self._version():]:
                    for statement in _statements(script):
                        self._execute(statement)
                self._execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self._execute(f"PRAGMA user_version = {VERSION}")
            self._save_snapshot(schema_changed=True)

    def _version(self) -> int:
        version = self._scalar("PRAGMA user_version")
        assert isinstance(version, int)
        return version

    def _check_identity(self) -> None:
        application = self._scalar("PRAGMA application_id")
        if application != APPLICATION_ID:
            tables = self._scalar("SELECT count(*) FROM sqlite_master")
            if application != 0 or tables:
                raise StoreError(f"{self.path}: not a kaszino progress file (another program's database); "
                                 "it was left untouched")
        version = self._version()
        if version > VERSION:
            raise StoreError(f"{self.path}: written by a newer kaszino (schema {version}, this one knows "
                             f"{VERSION}); update kaszino to use it — the file was left untouched")

    def _execute(self, sql: str, parameters: tuple[object, ...] = ()) -> sqlite3.Cursor:
        with self._errors():
            return self._connection.execute(sql, parameters)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction (``BEGIN IMMEDIATE``): all of it is saved, or none of it.

        Nested uses join the outermost transaction.
        """
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self._execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield
        except BaseException:
            self._connection.rollback()
            raise
        else:
            self._execute("COMMIT")
        finally:
            self._depth = 0
        self._save_snapshot()

    def _save_snapshot(self, *, schema_changed: bool = False) -> None:
        """In snapshot mode, write the whole database to the file if anything changed since last time.

        Row changes are counted by SQLite; a schema change (a migration) must be said.
        """
        unchanged = self._connection.total_changes == self._saved_changes and not schema_changed
        if not self._snapshots or not self._writes or unchanged:
            return
        try:
            self.path.write_bytes(self._connection.serialize())
        except OSError as error:
            raise StoreError(f"{self.path}: cannot save the progress file "
                             f"({error.strerror or error})") from None
        self._saved_changes = self._connection.total_changes

    def execute(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one SQL statement (for the store's own modules) and return every row it gives.

        A write outside :meth:`transaction` is a transaction of its own.
        """
        rows = list(self._execute(sql, parameters).fetchall())
        if not self._depth:
            self._save_snapshot()
        return rows

    def rows(self, table: str, columns: Mapping[str, Stored], rest: str = "",
             parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The ``columns`` of the rows of ``table`` (``rest``: the ``WHERE``/``ORDER BY`` part), each
        value read by its :class:`Stored` kind; a value that is not of its kind is damage, named."""
        found = self.execute(f"SELECT {', '.join(columns)} FROM {table} {rest}", parameters)
        return [tuple(self._read(table, columns, row)) for row in found]

    def _read(self, table: str, columns: Mapping[str, Stored], row: tuple[Any, ...]) -> Iterator[Any]:
        for (name, kind), value in zip(columns.items(), row, strict=True):
            try:
                yield kind.read(value)
            except (ValueError, TypeError):
                raise self.damaged(f"{table}.{name} holds {quote(value)}, not {kind.meaning}") from None

    def close(self) -> None:
        """Close the file; the store cannot be used afterwards."""
        self._connection.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"open_store({str(self.path)!r})"

    # --- settings ---------------------------------------------------------------------------
    def get_setting(self, key: str, kind: Stored = TEXT) -> str | None:
        """The stored value of setting ``key`` (e.g. ``"language"``), or None; ``kind`` says what it
        must hold (e.g. ``stored_choice("hu", "en")``), else the file is damaged."""
        rows = self.rows("settings", {"value": kind}, "WHERE key = ?", (_text("setting key", key),))
        return rows[0][0] if rows else None

    def set_setting(self, key: str, value: str) -> None:
        """Store setting ``key``."""
        with self.transaction():
            self._execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                          "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                          (_text("setting key", key), _text(f"setting {key}", value, empty=True)))

    # --- tutorial chapters ------------------------------------------------------------------
    def record_chapter(self, chapter: str, *, score: int, total: int) -> ChapterResult:
        """Record one attempt at a chapter's closing check; keeps the best and the last score."""
        chapter = _text("chapter", chapter)
        score, total = _count("score", score), _count("total", total)
        if total == 0 or score > total:
            raise StoreError(f"score: {score} of {total} is not a result (need 0 ≤ score ≤ total, total > 0)")
        with self.transaction():
            self.chapter_results()  # a damaged row is refused, not overwritten
            self._execute(
                "INSERT INTO chapters (chapter, best, last, total, attempts, updated) "
                "VALUES (?, ?, ?, ?, 1, ?) "
                "ON CONFLICT (chapter) DO UPDATE SET best = max(best, excluded.best), last = excluded.last, "
                "total = excluded.total, attempts = attempts + 1, updated = excluded.updated",
                (chapter, score, score, total, _now().isoformat()))
            return self.chapter_results()[chapter]

    def chapter_results(self) -> dict[str, ChapterResult]:
        """Every chapter with a recorded attempt, by chapter id."""
        rows = self.rows("chapters", _CHAPTER_COLUMNS, "ORDER BY chapter")
        results = {row[0]: ChapterResult(*row) for row in rows}
        for result in results.values():
            if result.total < 1 or result.last > min(result.total, result.best) or result.attempts < 1:
                raise self.damaged(f"chapter {quote(result.chapter)} has {result.best} (best) and "
                                   f"{result.last} (last) of {result.total} in {result.attempts} attempt(s)")
        return results

    # --- games ------------------------------------------------------------------------------
    def save_game(self, record: str, *, opponent: str, result: str) -> int:
        """Save a game record; returns its id."""
        with self.transaction():
            cursor = self._execute(
                "INSERT INTO games (played_at, opponent, result, record) VALUES (?, ?, ?, ?)",
                (_now().isoformat(), _text("opponent", opponent), _text("result", result),
                 _text("record", record)))
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def games(self) -> list[SavedGame]:
        """Every saved game, oldest first."""
        return [SavedGame(*row) for row in self.rows("games", _GAME_COLUMNS, "ORDER BY id")]

    def game(self, game_id: int) -> SavedGame:
        """The saved game with id ``game_id``."""
        rows = self.rows("games", _GAME_COLUMNS, "WHERE id = ?", (_count("game id", game_id),))
        if not rows:
            raise StoreError(f"{self.path}: no saved game with id {game_id}")
        return SavedGame(*rows[0])


_CHAPTER_COLUMNS = {"chapter": TEXT, "best": COUNT, "last": COUNT, "total": COUNT, "attempts": COUNT,
                    "updated": TIME}
_GAME_COLUMNS = {"id": COUNT, "played_at": TIME, "opponent": TEXT, "result": TEXT, "record": TEXT}
