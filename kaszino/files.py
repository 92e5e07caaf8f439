"""Where the package meets a user's files: what it reads, and what it writes in their place.

Reading (docs/design.md, "Files"): only a regular file is opened — a folder, a named pipe, a
device or a socket is refused by its kind before anything could block on it — and at most a stated
number of bytes is read (each reader names its limit: a puzzle file, a progress file, a notebook).

Writing: the target is resolved first (symbolic links followed, ``..`` taken away), and every
check looks at the resolved path. A file given as an input of the same command (by inode, so a
hard link is caught too) is never a target; an existing file is replaced only with ``force``, an
existing folder only when it is empty, when the command made it, or with ``force``. A file is
written to a temporary file beside the target and put in its place by one ``os.replace``; a
folder is built beside the target and swapped in. On any exception, Ctrl-C included, the
temporary file or folder is removed and the target is left as it was.

Every ``OSError`` (no such file, no permission, a name too long for the file system) becomes the
caller's kind of :class:`KaszinoError`, with the path quoted.
"""

from __future__ import annotations

import errno
import os
import reprlib
import secrets
import shutil
import stat
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from kaszino.errors import KaszinoError

Error = type[KaszinoError]
PathName = str | os.PathLike[str]

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def in_browser() -> bool:
    """Whether Python runs in the browser (Pyodide, the offline site). Its working folder is then the
    browser's storage, where every question about a file is a request to the site's service worker
    (about 25 ms each), and SQLite cannot write there: the store works by snapshots."""
    return sys.platform == "emscripten"


def kind_of(mode: int) -> str:
    """What a ``st_mode`` names, for a message: ``a file``, ``a folder``, ``a named pipe``, …"""
    return next((name for test, name in _KINDS if test(mode)), "a file" if stat.S_ISREG(mode) else
                "not a regular file")


def reason(error: OSError) -> str:
    """The cause of an ``OSError`` in a few words."""
    if error.errno == errno.ENAMETOOLONG:
        return "the name is too long for the file system"
    return error.strerror or str(error)


_PATHS = reprlib.Repr()
_PATHS.maxstring = 400


def _named(path: PathName) -> str:
    """A path quoted for a message as :func:`errors.quote` quotes a token, cut only beyond 400
    characters (a deep folder's path is kept whole, a name too long for the file system is cut)."""
    return _PATHS.repr(os.fspath(path))


def _stat(path: PathName, refuse: Callable[[str], KaszinoError]) -> os.stat_result | None:
    """``os.stat(path)`` following links, or None when nothing is there; ``refuse(problem)`` is the
    error for a path that cannot be looked at (a name too long for the file system, no permission)."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as problem:
        raise refuse(f"cannot be used ({reason(problem)})") from None
    except ValueError:  # a NUL in the name
        raise refuse("not a file name") from None


def _refusal(path: PathName, error: Error) -> Callable[[str], KaszinoError]:
    return lambda problem: error(f"{_named(path)}: {problem}")


# --- reading ----------------------------------------------------------------------------------------
def check_input(path: PathName, *, what: str, limit: int, error: Error = KaszinoError,
                missing_ok: bool = False) -> bool:
    """Whether a regular file of at most ``limit`` bytes is at ``path`` (False: nothing is there,
    when ``missing_ok``); anything else there — a folder, a pipe, a device, a bigger file — raises
    ``error`` naming the path and what ``what`` (``"puzzle file"``) it should have been."""
    found = _stat(path, _refusal(path, error))
    if found is None:
        if missing_ok:
            return False
        raise error(f"{_named(path)}: no such {what}")
    _check_regular(path, found, what, limit, error)
    return True


def _check_regular(path: PathName, found: os.stat_result, what: str, limit: int, error: Error) -> None:
    if not stat.S_ISREG(found.st_mode):
        raise error(f"{_named(path)}: is {kind_of(found.st_mode)}, not a {what}")
    if found.st_size > limit:
        raise _too_big(path, what, limit, error)


def _too_big(path: PathName, what: str, limit: int, error: Error) -> KaszinoError:
    return error(f"{_named(path)}: larger than {limit:,} bytes, the most a {what} may hold")


@contextmanager
def open_input(path: PathName, *, what: str, limit: int, error: Error = KaszinoError) -> Iterator[BinaryIO]:
    """The regular file at ``path``, open for reading (see :func:`check_input`). The file is opened
    without blocking and its kind checked again on the open file, so a pipe put there meanwhile
    never blocks the reader; an ``OSError`` while reading becomes ``error`` too."""
    check_input(path, what=what, limit=limit, error=error)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as problem:
        raise error(f"{_named(path)}: cannot be read ({reason(problem)})") from None
    with os.fdopen(handle, "rb") as file:
        try:
            _check_regular(path, os.fstat(handle), what, limit, error)
            os.set_blocking(handle, True)
            yield file
        except OSError as problem:
            raise error(f"{_named(path)}: cannot be read ({reason(problem)})") from None


def read_bytes(path: PathName, *, what: str, limit: int, error: Error = KaszinoError) -> bytes:
    """The content of the regular file at ``path``: at most ``limit`` bytes, else ``error`` (a file
    that grows while it is read, or that tells no size, such as those of ``/proc``, is cut there)."""
    with open_input(path, what=what, limit=limit, error=error) as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise _too_big(path, what, limit, error)
    return data


def read_text(path: PathName, *, what: str, limit: int, error: Error = KaszinoError,
              encoding: str = "utf-8") -> str:
    """:func:`read_bytes` decoded; text that is not in ``encoding`` raises ``error`` naming the byte."""
    data = read_bytes(path, what=what, limit=limit, error=error)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as problem:
        byte = problem.object[problem.start]
        raise error(f"{_named(path)}: cannot read: not UTF-8 text (byte 0x{byte:02x} at {problem.start})") \
            from None


def identity(path: PathName) -> tuple[int, int] | str:
    """What makes two names the same file: device and inode when it exists (a hard link or a symbolic
    link is the file it names), else the resolved name."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return os.path.realpath(path)
    return found.st_dev, found.st_ino


# --- writing ----------------------------------------------------------------------------------------
def _resolved(given: PathName, error: Error) -> Path:
    try:
        return Path(os.path.realpath(given))
    except (OSError, ValueError):
        raise error(f"not a file name: {_named(given)}") from None


@dataclass(frozen=True)
class _Target:
    """The checks every output shares: resolved, in an existing folder, not one of the inputs."""

    given: PathName
    force: bool = False
    option: str = "--out"
    """How the message names the target (``--out``); empty for a function's argument."""
    protected: Mapping[PathName, str] = field(default_factory=dict)
    """Inputs the target may never be, with the words for them (``the students' notebook``)."""
    error: Error = KaszinoError

    def name(self) -> str:
        return f"{self.option} {_named(self.given)}" if self.option else _named(self.given)

    def refuse(self, problem: str) -> KaszinoError:
        return self.error(f"{self.name()}: {problem}")

    def resolve(self) -> tuple[Path, os.stat_result | None]:
        """The resolved target and what is there now (None: nothing)."""
        target = _resolved(self.given, self.error)
        parent = _stat(target.parent, self.refuse)
        if parent is None or not stat.S_ISDIR(parent.st_mode):
            raise self.refuse(f"no folder {_named(target.parent)} to write into")
        found = _stat(target, self.refuse)
        if found is not None:
            for path, words in self.protected.items():
                if identity(path) == (found.st_dev, found.st_ino):
                    raise self.refuse(f"is {words}; it would be replaced")
        return target, found


@dataclass(frozen=True)
class OutputFile(_Target):
    """A file a command writes: :meth:`check` it before the work, :meth:`write` it after."""

    what: str = "file"

    def check(self) -> Path:
        """The resolved target, if it may be written: a new file, or an existing one with ``force``."""
        target, found = self.resolve()
        if found is not None:
            if not stat.S_ISREG(found.st_mode):
                raise self.refuse(f"is {kind_of(found.st_mode)}, not a {self.what}")
            if not self.force:
                raise self.refuse("exists; add --force to replace it" if self.option else "exists")
        return target

    def write(self, data: str | bytes) -> Path:
        """Check again, then put ``data`` (text is UTF-8) in the target's place in one step."""
        target = self.check()
        try:
            replace_file(target, data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as problem:
            raise self.refuse(f"cannot write there ({reason(problem)}); nothing written") from None
        return target


def _sibling(target: Path, suffix: str) -> Path:
    """A new name beside ``target`` (a hidden one, short enough for any file system)."""
    return target.with_name(f".{target.name[:100]}.{secrets.token_hex(6)}{suffix}")


def replace_file(target: Path, data: bytes) -> None:
    """Put ``data`` in the place of the file ``target`` in one step: written to a new file beside it,
    flushed to disk, then renamed over it (keeping its mode); on any failure the temporary file is
    removed and ``target`` is as it was."""
    existing = _mode(target)
    temporary = _sibling(target, ".tmp")
    try:
        # As open() makes a file: its mode from the user's umask; O_EXCL: never another's file.
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            if existing is not None:
                os.fchmod(handle, existing)
            os.fsync(handle)
        os.replace(temporary, target)
    except FileExistsError:  # the random name was taken: not ours to remove
        raise
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _mode(path: Path) -> int | None:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return None


@dataclass(frozen=True)
class OutputFolder(_Target):
    """A folder a command builds in the place of what is there: :meth:`check` it before the work,
    build inside :meth:`replacing`."""

    ours: Callable[[Path], bool] = lambda folder: False
    """Whether an existing folder is one this command made (an earlier build)."""
    ours_words: str = "made by this command"
    holds: Mapping[PathName, str] = field(default_factory=dict)
    """Folders the target may be neither of nor around (the checkout, the working folder)."""

    def check(self) -> Path:
        """The resolved target, if it may be replaced: missing, empty, ours, or any folder with
        ``force`` — but never a folder that is or holds one of :attr:`holds`."""
        target, found = self.resolve()
        for path, words in self.holds.items():
            held = _resolved(path, self.error)
            if held == target or held.is_relative_to(target):
                raise self.refuse(f"is or holds {words}; it would be deleted")
        if found is None:
            return target
        if not stat.S_ISDIR(found.st_mode):
            raise self.refuse(f"is {kind_of(found.st_mode)}, not a folder")
        if not self.force and not self.ours(target) and _has_entries(target, self):
            raise self.refuse(f"is a folder with other things in it, not {self.ours_words}; give a new or "
                              "empty folder, or add --force to replace it")
        return target

    @contextmanager
    def replacing(self) -> Iterator[Path]:
        """A fresh name beside the target to build the new folder at (the block makes it); when the
        block ends, the new folder takes the target's place and the old one is deleted. On any
        exception, Ctrl-C included, the new folder is deleted and the target left as it was."""
        target = self.check()
        fresh, old = _sibling(target, ".new"), _sibling(target, ".old")
        moved = False
        try:
            yield fresh
            target = self.check()  # nothing put there meanwhile that may not be replaced
            if _stat(target, self.refuse) is not None:
                os.rename(target, old)
                moved = True
            os.rename(fresh, target)
        except BaseException as problem:
            if moved and not os.path.lexists(target):
                os.rename(old, target)
            moved = False
            shutil.rmtree(fresh, ignore_errors=True)
            if isinstance(problem, OSError):
                raise self.refuse(f"cannot write there ({reason(problem)}); nothing replaced") from None
            raise
        finally:
            if moved:
                shutil.rmtree(old, ignore_errors=True)


def _has_entries(folder: Path, target: _Target) -> bool:
    try:
        with os.scandir(folder) as entries:
            return next(entries, None) is not None
    except OSError as problem:
        raise target.refuse(f"cannot be read ({reason(problem)})") from None
