"""A recoverable progress file is never called damaged, and reading one never changes it.

Real reproducers: a writer process killed in the middle of a write (a hot journal beside
half-written pages), a file left in WAL mode with its log, a process holding the file locked.
The read-only open (a teacher's export) recovers on a private copy or waits for the writer; the
file and its folder stay byte for byte; the normal open (the learner's own) recovers every row.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from progress_files import held_by_writer, killed_mid_write

from kaszino.store import StoreError, open_store, training

COMMITTED = 5


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A progress file with ``COMMITTED`` saved games."""
    path = tmp_path / "anna.sqlite3"
    with open_store(path) as store:
        for number in range(COMMITTED):
            store.save_game("record", opponent="greedy", result=str(number))
    return path


def _folder(path: Path) -> dict[str, bytes]:
    return {item.name: item.read_bytes() for item in path.parent.iterdir()}


def _results(path: Path, **options: object) -> list[str]:
    """The results of the saved games, then how many puzzle attempts there are."""
    with open_store(path, **options) as store:  # type: ignore[arg-type]
        return [game.result for game in store.games()] + [f"{len(training.attempts(store))} attempts"]


COMMITTED_RESULTS = [str(n) for n in range(COMMITTED)] + ["0 attempts"]


def test_a_hot_journal_is_recovered_on_a_copy_and_the_file_left_as_it_lies(path: Path) -> None:
    killed_mid_write(path, 300)
    before = _folder(path)
    assert sorted(before) == ["anna.sqlite3", "anna.sqlite3-journal"]
    assert _results(path, read_only=True) == COMMITTED_RESULTS
    assert _folder(path) == before
    assert _results(path) == COMMITTED_RESULTS  # the normal open recovers the same rows
    assert sorted(_folder(path)) == ["anna.sqlite3"]


def test_without_its_journal_the_same_file_is_not_what_was_committed(path: Path) -> None:
    """The reproducer is real: reading the file as it lies (the journal ignored) gives no committed state."""
    killed_mid_write(path, 300)
    connection = sqlite3.connect(":memory:")
    connection.deserialize(path.read_bytes())
    try:
        broken = connection.execute("PRAGMA quick_check").fetchone() != ("ok",) or connection.execute(
            "SELECT count(*) FROM games").fetchone() != (COMMITTED,)
    except sqlite3.DatabaseError:
        broken = True
    assert broken


def test_a_file_in_wal_mode_is_read_with_its_log_and_nothing_is_created_beside_it(path: Path) -> None:
    writer = subprocess.Popen([sys.executable, "-c", """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA journal_mode = WAL")
connection.execute("PRAGMA wal_autocheckpoint = 0")
connection.execute("UPDATE games SET result = 'logged ' || result")
print("ready", flush=True)
time.sleep(600)
""", str(path)], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    (path.parent / "anna.sqlite3-shm").unlink()
    before = _folder(path)
    assert sorted(before) == ["anna.sqlite3", "anna.sqlite3-wal"]
    assert _results(path, read_only=True) == [f"logged {n}" for n in range(COMMITTED)] + ["0 attempts"]
    assert _folder(path) == before


def test_a_file_locked_by_a_writer_is_waited_for_then_called_in_use_never_damaged(path: Path) -> None:
    with held_by_writer(path, 300):
        before = _folder(path)
        started = time.monotonic()
        with pytest.raises(StoreError, match="in use by another program") as caught:
            open_store(path, read_only=True, timeout=0.5)
        assert 0.5 <= time.monotonic() - started < 5
        assert "damaged" not in str(caught.value) and "waited 0.5 s" in str(caught.value)
        assert _folder(path) == before


def test_a_writer_that_finishes_within_the_timeout_is_waited_for(path: Path) -> None:
    with held_by_writer(path, 20, commit_after=1.0):
        results = _results(path, read_only=True, timeout=20)
    assert results == [str(n) for n in range(COMMITTED)] + [str(n) for n in range(20)] + ["20 attempts"]


def test_a_journal_that_is_not_a_regular_file_is_refused(path: Path) -> None:
    (path.parent / "anna.sqlite3-journal").mkdir()
    with pytest.raises(StoreError, match="journal: not a regular file"):
        open_store(path, read_only=True)


def test_a_journal_naming_another_file_is_refused_and_that_file_kept(path: Path, tmp_path: Path) -> None:
    """SQLite would open, and could delete, the super-journal a journal names: a student's journal
    must not make a teacher's export touch another file."""
    killed_mid_write(path, 50)
    victim = tmp_path / "teacher-notes.txt"
    victim.write_text("keep me")
    name = str(victim).encode()
    journal = path.parent / "anna.sqlite3-journal"
    with journal.open("ab") as file:  # the super-journal record SQLite reads at a journal's end
        file.write((2**30 // 512 + 1).to_bytes(4, "big") + name + len(name).to_bytes(4, "big")
                   + sum(name).to_bytes(4, "big") + bytes.fromhex("d9d505f920a163d7"))
    before = _folder(path)
    with pytest.raises(StoreError, match="names another file"):
        open_store(path, read_only=True)
    assert _folder(path) == before and victim.read_text() == "keep me"


def test_a_file_larger_than_any_progress_file_is_refused_unread(path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kaszino.store.recovery.MAX_FILE_BYTES", 1024)
    with pytest.raises(StoreError, match="too large for a progress file"):
        open_store(path, read_only=True)
