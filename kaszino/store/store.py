"""The per-user progress store: one SQLite file per learner (stdlib ``sqlite3``).

Where the file is: the ``path`` given to :func:`open_store`, else the ``KASZINO_PROGRESS``
environment variable (so that each student of a class can have a file of their own), else
``progress.sqlite3`` in the user's data folder (``platformdirs``) — or, in the browser (the offline
site, Python under Pyodide), ``kaszino-progress.sqlite3`` in the site's own files, which the browser
keeps across page reloads.

In the browser SQLite cannot write to that folder directly, so the store keeps the database in
memory and writes the whole file after every change ("snapshots"); the API is the same.

Promises:
- every write is one transaction (``BEGIN IMMEDIATE``), so kernels writing the same file at once
  wait for each other and lose nothing: a write waits as long as the others keep writing (SQLite's
  wait is not fair), and gives up only when the file stayed locked, unchanged, for ``timeout`` s;
- a file that is not a kaszino progress file (not SQLite, another program's database: any schema
  but exactly the one the migrations create), a damaged one, one written by a newer kaszino, or
  one locked for longer than ``timeout`` raises :class:`StoreError` naming the file and the
  problem, and is never overwritten or deleted;
- a file is untrusted input: it is read under the guards of :mod:`kaszino.store.guard` and its
  schema is checked before any table is read, so nothing it carries runs, and no read runs for
  ever or returns more than :data:`MAX_ROWS` rows.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

import platformdirs

from kaszino.errors import StoreError, quote
from kaszino.files import check_input, in_browser, open_input, read_bytes, replace_file
from kaszino.inputs import MAX_COUNT, check_real, check_whole
from kaszino.store.guard import MAX_SCHEMA_ROWS, MAX_STEPS, MAX_TEXT, Guard, Read, schema_rows
from kaszino.store.recovery import MAX_FILE_BYTES, in_use_error, recovered_image
from kaszino.store.schema import (
    APPLICATION_ID,
    MIGRATIONS,
    VERSION,
    SchemaObject,
    expected_objects,
    statements,
)

ENVIRONMENT_VARIABLE = "KASZINO_PROGRESS"
"""Names the progress file when no path is given."""

FILE_NAME = "progress.sqlite3"
"""The progress file's name in the user's data folder."""

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""

BROWSER_FILE = Path("/drive/kaszino-progress.sqlite3")
"""The progress file in the browser: ``/drive`` is the site's own files, kept across reloads."""

MAX_NUMBER = 1e9
"""The bound of a stored real number (a rating): anything beyond it, or NaN, is damage."""

MAX_ROWS = 100_000
"""The most rows one read returns (a learner who solved a puzzle a minute for a year has fewer):
a file with more is refused, so that no file makes a reader's memory grow without bound."""


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
class MissedQuestion:
    """A question of a chapter check the learner answered wrongly: its kind and seed rebuild it."""

    chapter: str
    kind: str
    seed: int
    missed_at: datetime


@dataclass(frozen=True)
class SavedGame:
    """A finished (or abandoned) game, saved as a game record (``kaszino.games.kaszino.record`` text)."""

    id: int
    played_at: datetime
    opponent: str
    result: str
    record: str


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
    (a teacher's export of the files collected from a class): a hot journal or a write-ahead log
    beside it is recovered on a private copy (:mod:`kaszino.store.recovery`), and a file another
    process is writing is waited for, up to ``timeout``.
    """
    if path is not None and (not isinstance(path, (str, os.PathLike)) or "\0" in os.fspath(path)):
        raise StoreError(f"a progress file is named by a path, not {quote(path)}")
    _check_timeout(timeout)
    if snapshots is not None and not isinstance(snapshots, bool):
        raise StoreError(f"snapshots must be True, False or None, not {quote(snapshots)}")
    if not isinstance(read_only, bool):
        raise StoreError(f"read_only must be True or False, not {quote(read_only)}")
    target = Path(path).expanduser() if path is not None else default_path()
    exists = _check_header(target)
    image: bytes | None = None
    if read_only:
        if not exists:
            raise StoreError(f"{target}: no such progress file")
        image = recovered_image(target, timeout)
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
            if image is None:
                image = _read(target) if exists else b""
            data = image
            if data:  # an empty file is an empty database (SQLite cannot deserialize nothing)
                connection.deserialize(data)
        else:
            connection = sqlite3.connect(target, timeout=timeout, isolation_level=None)
    except (sqlite3.Error, OSError) as error:
        raise StoreError(f"{target}: cannot open the progress file ({error})") from None
    store = Store(target, connection, timeout, snapshots, writes=not read_only)
    try:
        store._prepare(image)
    except BaseException:
        connection.close()
        raise
    return store


def _check_timeout(timeout: object) -> None:
    seconds = isinstance(timeout, (int, float)) and not isinstance(timeout, bool)
    if not seconds or not 0 <= timeout <= MAX_TIMEOUT_S:  # type: ignore[operator]
        raise StoreError(f"timeout must be a number of seconds from 0 to {MAX_TIMEOUT_S}, "
                         f"not {quote(timeout)}")


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


def _reader(file: BinaryIO) -> Read:
    def read(offset: int, size: int) -> bytes:
        file.seek(offset)
        return file.read(size)
    return read


def _tables_first(item: SchemaObject) -> tuple[bool, str]:
    """The order in which differences of schema are named: tables, then the rest, by name."""
    return item[0] != "table", str(item)


def _busy(error: sqlite3.OperationalError) -> bool:
    return "locked" in str(error) or "busy" in str(error)


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


def _question(chapter: str, pair: object) -> tuple[str, int]:
    """A question of ``chapter``'s check as ``(kind, seed)``, checked."""
    if not isinstance(pair, tuple) or len(pair) != 2:
        raise StoreError(f"chapter {quote(chapter)}: a question is a (kind, seed) pair, not {quote(pair)}")
    return _text("question kind", pair[0]), _count("question seed", pair[1])


class Store:
    """An open progress file; use :func:`open_store`. Closes with ``close()`` or as a context manager."""

    def __init__(self, path: Path, connection: sqlite3.Connection, timeout: float, snapshots: bool,
                 *, writes: bool = True) -> None:
        for name, value, kind in (("path", path, Path), ("connection", connection, sqlite3.Connection),
                                  ("snapshots", snapshots, bool), ("writes", writes, bool)):
            if not isinstance(value, kind):
                raise StoreError(f"Store: {name} must be a {kind.__name__}, not {type(value).__name__} "
                                 f"{quote(value)} (a store is opened with open_store)")
        _check_timeout(timeout)
        self.path = path
        self._connection = connection
        self._timeout = timeout
        self._depth = 0
        self._snapshots = snapshots
        self._writes = writes
        self._closed = False
        self._guard = Guard(connection)
        self._saved_changes = connection.total_changes

    # --- the file ---------------------------------------------------------------------------
    def _run(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one statement and return its rows, under the guards' budget; SQLite's exceptions
        become a :class:`StoreError` naming this file.

        A statement that found the file locked for the whole timeout is run again if the file
        changed meanwhile: other writers are taking turns, and SQLite's wait is not fair, so one
        writer can lose every turn for longer than the timeout while the others keep writing.
        """
        if self._closed:
            raise StoreError(f"{self.path}: the progress file was closed; open it again with open_store")
        mark = self._file_mark()
        while True:
            self._guard.start()
            try:
                with closing(self._connection.execute(sql, parameters)) as cursor:
                    rows = cursor.fetchmany(MAX_ROWS + 1)
            except sqlite3.OperationalError as error:
                if _busy(error) and not self._snapshots and mark != (mark := self._file_mark()):
                    continue
                raise self._problem(error) from None
            except sqlite3.DatabaseError as error:
                raise self._problem(error) from None
            if len(rows) > MAX_ROWS:
                raise StoreError(f"{self.path}: more than {MAX_ROWS} rows to read, more than a progress file "
                                 "holds; it was left untouched")
            return rows

    def _file_mark(self) -> tuple[int, int, int] | None:
        """What changes when another process commits a write to the file (None: no file)."""
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_ino, found.st_size, found.st_mtime_ns

    def _problem(self, error: sqlite3.DatabaseError) -> StoreError:
        """The :class:`StoreError` for what SQLite raised."""
        if isinstance(error, sqlite3.OperationalError) and _busy(error):
            return in_use_error(self.path, self._timeout)
        if self._guard.exhausted:
            return StoreError(f"{self.path}: reading the progress file takes more than {MAX_STEPS} steps, "
                              "more than a progress file needs; it was left untouched")
        if "not authorized" in str(error) or "prohibited" in str(error):  # what the authorizer denied
            return StoreError(f"{self.path}: refused, a progress file never needs that ({error}); "
                              "nothing was written")
        if isinstance(error, (sqlite3.OperationalError, sqlite3.ProgrammingError, sqlite3.InterfaceError)):
            return StoreError(f"{self.path}: {error}")
        return self.damaged(str(error))

    def damaged(self, problem: str) -> StoreError:
        """The error for a file whose content is not what this code wrote: it names the problem,
        and promises (truly: nothing is written on the way out) that the file is left untouched."""
        return StoreError(f"{self.path}: the progress file is damaged ({problem}); it was left untouched — "
                          "move it away to start a new one")

    def foreign(self, problem: str) -> StoreError:
        """The error for a file that is not a kaszino progress file (``problem``: how it shows)."""
        return StoreError(f"{self.path}: not a kaszino progress file (another program's database: "
                          f"{problem}); it was left untouched")

    def _scalar(self, sql: str) -> object:
        rows = self._run(sql)
        return rows[0][0] if rows else None

    def _prepare(self, image: bytes | None = None) -> None:
        """Check that the file is ours, undamaged and not newer; bring its schema up to date.

        The schema is checked before anything else is read: a file with a view, a trigger or any
        other object the migrations do not create is refused before SQLite could run it, and one
        with too many objects before SQLite reads them. ``image``: the file's bytes in snapshot mode.
        """
        self._check_schema_size(image)
        self._check_identity()
        if self._scalar("PRAGMA quick_check") != "ok":
            raise self.damaged("integrity check failed")
        if self._version() < VERSION:
            with self.transaction():
                self._check_identity()  # another process may have set it up meanwhile
                self._guard.migrating = True
                try:
                    for script in MIGRATIONS[self._version():]:
                        for statement in statements(script):
                            self._run(statement)
                    self._run(f"PRAGMA application_id = {APPLICATION_ID}")
                    self._run(f"PRAGMA user_version = {VERSION}")
                finally:
                    self._guard.migrating = False
            self._save_snapshot(schema_changed=True)

    def _check_schema_size(self, image: bytes | None) -> None:
        """Refuse a schema of more than ``MAX_SCHEMA_ROWS`` objects, counted off the file's pages
        (in a read transaction, after SQLite has recovered the file, before it reads the schema)."""
        if image is not None:
            rows = schema_rows(lambda offset, size: image[offset:offset + size])
        else:
            self._run("BEGIN")
            try:
                self._run("PRAGMA user_version")  # the read lock; recovers a hot journal; reads no schema
                with self.path.open("rb") as file:
                    rows = schema_rows(_reader(file))
            except OSError as error:
                raise StoreError(f"{self.path}: cannot read the progress file "
                                 f"({error.strerror or error})") from None
            finally:
                self._run("COMMIT")
        if rows is None or rows > MAX_SCHEMA_ROWS:
            raise self.foreign(f"its schema is larger than kaszino's (over {MAX_SCHEMA_ROWS} objects) "
                               "or unreadable")

    def _version(self) -> int:
        version = self._scalar("PRAGMA user_version")
        assert isinstance(version, int)
        return version

    def _check_identity(self) -> None:
        """Refuse a file that is not a kaszino progress file of this or an older schema: its
        application id and schema version, then every object of its schema."""
        application, version = self._scalar("PRAGMA application_id"), self._version()
        objects = self._run("SELECT type, name, tbl_name, sql FROM sqlite_master")
        found: frozenset[SchemaObject] = frozenset(objects)
        if application != APPLICATION_ID:
            # Only a new file has no application id: kaszino sets it in the transaction that first
            # writes to a file, so a file of one page or more without it was written by another program
            # (in a write transaction, SQLite counts the first page of a new file already).
            pages = self._scalar("PRAGMA page_count")
            if not isinstance(pages, int) or pages > (1 if self._depth else 0):
                raise self.foreign(f"application id {application}, schema version {version}, "
                                   f"{len(found)} object(s)")
            return
        if version > VERSION:
            raise StoreError(f"{self.path}: written by a newer kaszino (schema {version}, this one knows "
                             f"{VERSION}); update kaszino to use it — the file was left untouched")
        if version < 0:
            raise self.foreign(f"schema version {version}")
        expected = expected_objects(version)
        for kind, name, _table, _sql in sorted(found - expected, key=_tables_first):
            same = [item for item in expected if item[:2] == (kind, name)]
            raise self.foreign(f"its {kind} {quote(name)} is not defined as kaszino defines it" if same
                               else f"it holds the {kind} {quote(name)}, which kaszino never writes")
        for kind, name, _table, _sql in sorted(expected - found, key=_tables_first):
            raise self.foreign(f"it lacks the {kind} {quote(name)} of schema {version}")

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
        self._run("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield
        except BaseException:
            self._connection.rollback()
            raise
        else:
            self._run("COMMIT")
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
            replace_file(self.path, self._connection.serialize())
        except OSError as error:
            raise StoreError(f"{self.path}: cannot save the progress file "
                             f"({error.strerror or error})") from None
        self._saved_changes = self._connection.total_changes

    def execute(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one SQL statement (for the store's own modules) and return every row it gives.

        A write outside :meth:`transaction` is a transaction of its own.
        """
        if not isinstance(sql, str) or not isinstance(parameters, tuple):
            raise StoreError(f"execute takes a statement (text) and a tuple of values, not {quote(sql)} "
                             f"and {quote(parameters)}")
        rows = self._run(sql, parameters)
        if not self._depth:
            self._save_snapshot()
        return rows

    def rows(self, table: str, columns: Mapping[str, Stored], rest: str = "",
             parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The ``columns`` of the rows of ``table`` (``rest``: the ``WHERE``/``ORDER BY`` part), each
        value read by its :class:`Stored` kind; a value that is not of its kind is damage, named."""
        if not isinstance(columns, Mapping) or not all(isinstance(kind, Stored) for kind in columns.values()):
            raise StoreError(f"rows: columns must map column names to Stored kinds, not {quote(columns)}")
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
        self._closed = True
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
        if not isinstance(kind, Stored):
            raise StoreError(f"setting {quote(key)}: kind must be a Stored kind, not {quote(kind)}")
        rows = self.rows("settings", {"value": kind}, "WHERE key = ?", (_text("setting key", key),))
        return rows[0][0] if rows else None

    def set_setting(self, key: str, value: str) -> None:
        """Store setting ``key``."""
        with self.transaction():
            self._run("INSERT INTO settings (key, value) VALUES (?, ?) "
                          "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                          (_text("setting key", key), _text(f"setting {key}", value, empty=True)))

    # --- tutorial chapters ------------------------------------------------------------------
    def record_chapter(self, chapter: str, *, score: int, total: int,
                       missed: Sequence[tuple[str, int]] = (),
                       recovered: Sequence[tuple[str, int]] = ()) -> ChapterResult:
        """Record one attempt at a chapter's closing check; keeps the best and the last score.

        In the same transaction, the questions ``missed`` (``(kind, seed)`` pairs) are kept to be asked
        again, and those ``recovered`` (answered right this time) are forgotten.
        """
        chapter = _text("chapter", chapter)
        score, total = _count("score", score), _count("total", total)
        if total == 0 or score > total:
            raise StoreError(f"score: {score} of {total} is not a result (need 0 ≤ score ≤ total, total > 0)")
        wrong = [_question(chapter, pair) for pair in missed]
        right = [_question(chapter, pair) for pair in recovered]
        with self.transaction():
            self.chapter_results()  # a damaged row is refused, not overwritten
            self.missed_questions(chapter)
            for kind, seed in right:
                self._run("DELETE FROM missed_questions WHERE chapter = ? AND kind = ? AND seed = ?",
                          (chapter, kind, seed))
            for kind, seed in wrong:
                self._run("INSERT INTO missed_questions (chapter, kind, seed, missed_at) VALUES (?, ?, ?, ?) "
                          "ON CONFLICT (chapter, kind, seed) DO UPDATE SET missed_at = excluded.missed_at",
                          (chapter, kind, seed, _now().isoformat()))
            self._run(
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

    def missed_questions(self, chapter: str) -> list[MissedQuestion]:
        """The questions of ``chapter``'s check missed and not yet answered right since, oldest first."""
        rows = self.rows("missed_questions", _MISSED_COLUMNS,
                         "WHERE chapter = ? ORDER BY missed_at, kind, seed",
                         (_text("chapter", chapter),))
        return [MissedQuestion(*row) for row in rows]

    # --- games ------------------------------------------------------------------------------
    def save_game(self, record: str, *, opponent: str, result: str) -> int:
        """Save a game record; returns its id."""
        with self.transaction():
            rows = self._run(
                "INSERT INTO games (played_at, opponent, result, record) VALUES (?, ?, ?, ?) RETURNING id",
                (_now().isoformat(), _text("opponent", opponent), _text("result", result),
                 _text("record", record)))
            game_id: int = rows[0][0]
            return game_id

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
_MISSED_COLUMNS = {"chapter": TEXT, "kind": TEXT, "seed": COUNT, "missed_at": TIME}
_GAME_COLUMNS = {"id": COUNT, "played_at": TIME, "opponent": TEXT, "result": TEXT, "record": TEXT}
