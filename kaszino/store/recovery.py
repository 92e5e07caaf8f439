"""Reading a progress file that must not change: a private, recovered copy of it.

A teacher's export reads files collected from students. Such a file may carry a hot journal (the
learner's kernel was killed in the middle of a write: the file holds half of a transaction, the
``-journal`` beside it what undoes it), a write-ahead log (``-wal``), or be in the middle of a
write of another process. SQLite repairs such a file by writing to it, which an export must not
do; read as it lies on disk it looks damaged. So :func:`recovered_image`:

1. takes a read lock on the file the way SQLite does (a read-only connection in a read
   transaction), which waits, up to the timeout, for a writer to finish committing. A file with a
   hot journal has no live writer (SQLite refuses the read-only lock: ``SQLITE_READONLY_ROLLBACK``),
   and a file in WAL mode is not locked this way (that could create files beside it): for those the
   journal or the log is copied too;
2. copies the file (and its journal or log) into a private folder, each a regular file of at most
   :data:`MAX_FILE_BYTES`, and reads them again: a difference means that another process wrote
   meanwhile, and the copy is made again after a pause, until the timeout ("in use");
3. opens the copy read-write, so that SQLite rolls the journal back or checkpoints the log *on the
   copy*, and returns the recovered copy's bytes: the file's last committed content. The schema
   is not read on the way (it may be hostile: see :func:`kaszino.store.guard.schema_rows`).

The original file and everything beside it stay byte for byte as they were.

Closing any descriptor of a file drops every POSIX lock this process holds on it, SQLite's read
lock of step 1 included: the first reading of the file is done under the lock, the second (the
comparison) may not be, which can only cause one more copy.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from kaszino.errors import StoreError

MAX_FILE_BYTES = 128 * 1024 * 1024
"""The largest progress file (and journal, and log) read into memory: a learner's file holds a few
hundred kilobytes; a file larger than this is refused rather than read."""

JOURNAL, LOG = "-journal", "-wal"
"""The names SQLite gives, after the database's own, to its rollback journal and its log."""

_JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
"""What a journal ends with when it names a super-journal (a transaction over several files)."""

_READ_MODE = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""Opening for reading never waits (a named pipe in place of a file would block ``open``)."""

_FIRST_PAUSE_S, _LONGEST_PAUSE_S = 0.01, 0.25


def in_use_error(path: Path, timeout: float) -> StoreError:
    """The error for a file another process kept locked (or kept writing) for ``timeout`` seconds."""
    return StoreError(f"{path}: the progress file is in use by another program (waited {timeout:g} s); "
                      "it was left untouched — try again")


def read_regular(path: Path, limit: int | None = None, *, whole: bool = True) -> bytes | None:
    """The bytes of the regular file ``path`` (None if there is none), at most ``limit`` of them
    (default :data:`MAX_FILE_BYTES`); anything else there (a folder, a device, a pipe) is refused
    by name, and so is a larger file unless not the ``whole`` of it is wanted (then its first
    ``limit`` bytes)."""
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        handle = os.open(path, _READ_MODE)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StoreError(f"{path}: cannot be read ({error.strerror or error})") from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise StoreError(f"{path}: not a regular file, so not part of a progress file; "
                             "it was left untouched")
        with open(handle, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise StoreError(f"{path}: cannot be read ({error.strerror or error})") from None
    finally:
        os.close(handle)
    if len(data) > limit and whole:
        raise StoreError(f"{path}: larger than {limit // (1024 * 1024)} MiB, too large for a progress file; "
                         "it was left untouched")
    return data[:limit]


def recovered_image(path: Path, timeout: float) -> bytes:
    """The last committed content of the SQLite file ``path``, recovered on a private copy; the file
    is only read. :class:`StoreError` if another process keeps it busy for ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    pause = _FIRST_PAUSE_S
    while True:
        image = _copy_once(path, max(0.0, deadline - time.monotonic()))
        if image is not None:
            return image
        if time.monotonic() >= deadline:
            raise in_use_error(path, timeout)
        time.sleep(pause)
        pause = min(2 * pause, _LONGEST_PAUSE_S)


def _copy_once(path: Path, timeout: float) -> bytes | None:
    """The recovered image of one consistent copy, or None if the file changed while being copied
    or a writer kept it locked for ``timeout`` seconds."""
    with _read_lock(path, timeout) as locked, tempfile.TemporaryDirectory(prefix="kaszino-") as folder:
        if locked is None:
            return None
        copy = Path(folder) / "progress.sqlite3"
        suffixes = ("",) if locked else ("", JOURNAL, LOG)
        copied = {suffix: read_regular(Path(f"{path}{suffix}")) for suffix in suffixes}
        if copied[""] is None:
            raise StoreError(f"{path}: no such progress file")
        if any(read_regular(Path(f"{path}{suffix}")) != data for suffix, data in copied.items()):
            return None
        journal = copied.get(JOURNAL)
        if journal is not None and journal.endswith(_JOURNAL_MAGIC):
            raise StoreError(f"{path}{JOURNAL}: the journal names another file to finish its transaction "
                             "with (kaszino never writes one); the progress file was left untouched")
        try:
            for suffix, data in copied.items():
                if data is not None:
                    Path(f"{copy}{suffix}").write_bytes(data)
        except OSError as error:
            raise StoreError(f"{path}: cannot make a private copy to read "
                             f"({error.strerror or error}); the file was left untouched") from None
        return _recover(copy)


@contextmanager
def _read_lock(path: Path, timeout: float) -> Iterator[bool | None]:
    """Hold SQLite's read lock on ``path`` (True), or nothing (False) when the file has a hot journal,
    is in WAL mode or cannot be locked, or None when a writer held it for all of ``timeout``."""
    if _in_wal_mode(path):
        yield False
        return
    uri = f"{path.absolute().as_uri()}?mode=ro"
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
    except sqlite3.Error:
        yield False
        return
    with closing(connection):
        try:
            connection.execute("BEGIN")
            connection.execute("PRAGMA user_version").fetchall()  # a read: the lock, held until closed
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode == sqlite3.SQLITE_BUSY:
                yield None
                return
            locked = False  # a hot journal (SQLITE_READONLY_ROLLBACK), or no database at all
        except sqlite3.Error:
            locked = False
        else:
            locked = True
        yield locked


def _in_wal_mode(path: Path) -> bool:
    """Whether the database header says WAL (bytes 18 and 19, the file format versions, are 2)."""
    header = read_regular(path, 20, whole=False) or b""
    return 2 in header[18:20]


def _recover(copy: Path) -> bytes:
    """The bytes of ``copy`` after SQLite has rolled its journal back or replayed its log (and left
    WAL mode, so that the image can be read in memory). A copy SQLite cannot open is returned as it
    is, for the store's checks to name what is wrong with it."""
    wal = _in_wal_mode(copy)
    with closing(sqlite3.connect(copy, isolation_level=None)) as connection:
        try:  # neither statement reads the schema (which may be hostile, and slow to read)
            connection.execute("PRAGMA user_version").fetchall()  # the first read recovers the copy
            if wal:
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.Error:
            pass
    image = read_regular(copy)
    assert image is not None
    # The log is now in the file; the header's file format versions say "rollback journal" (1)
    # again, as PRAGMA journal_mode = DELETE would write them, so that the image reads in memory.
    return image[:18] + b"\x01\x01" + image[20:] if wal else image
