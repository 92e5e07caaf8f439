"""Helpers of the progress file tests: real reproducers of a killed writer and of a held lock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_WRITER = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA cache_size = 1")  # so that changed pages spill into the file itself
connection.execute(sys.argv[2])
for number in range(int(sys.argv[3])):
    connection.execute("INSERT INTO games (played_at, opponent, result, record) VALUES (?, ?, ?, ?)",
                       ("2026-01-01T00:00:00+00:00", "greedy", str(number), "x" * 3000))
    connection.execute("INSERT INTO puzzle_attempts (at, puzzle_id, kind, mode, outcome, hints, wrong, "
                       "rated) VALUES ('2026-01-01T00:00:00', ?, 'sweep', 'sequence', 'solved', 0, 0, 0)",
                       (f"uncommitted-{number}",))
if sys.argv[4] == "commit-later":
    print("ready", flush=True)
    time.sleep(float(sys.argv[5]))
    connection.execute("COMMIT")
print("ready", flush=True)
time.sleep(600)
"""


def start_writer(path: Path, rows: int, *, begin: str = "BEGIN IMMEDIATE",
                 commit_after: float | None = None) -> subprocess.Popen[str]:
    """A process that opens ``path`` with plain sqlite3, begins a write and adds ``rows`` saved games
    and puzzle attempts (spilling pages into the file), then waits: for ever, or ``commit_after``
    seconds before it commits. Returns once it is waiting."""
    mode = ["hold"] if commit_after is None else ["commit-later", str(commit_after)]
    child = subprocess.Popen([sys.executable, "-c", _WRITER, str(path), begin, str(rows), *mode],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "ready\n"
    return child


def killed_mid_write(path: Path, rows: int) -> None:
    """Leave ``path`` as a kernel killed in the middle of a write does: half-written pages in the
    file and the hot journal that undoes them beside it."""
    before = path.read_bytes()
    child = start_writer(path, rows)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    journal = Path(f"{path}-journal")
    assert journal.stat().st_size > 0 and path.read_bytes() != before  # a real hot journal


@contextmanager
def held_by_writer(path: Path, rows: int, *, commit_after: float | None = None) -> Iterator[None]:
    """While inside, another process holds ``path`` exclusively, in the middle of a write."""
    child = start_writer(path, rows, begin="BEGIN EXCLUSIVE", commit_after=commit_after)
    try:
        yield
    finally:
        child.kill()
        child.wait()
