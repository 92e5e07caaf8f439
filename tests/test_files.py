"""Where kaszino meets a user's files (``kaszino.files``; issue #19, items 1 and 4).

Every command that writes resolves its target first, never replaces one of its own inputs (a hard
or symbolic link to it included), an existing file without ``--force`` or a folder it did not
make, and leaves nothing behind when it fails or is interrupted; every reader refuses what is not
a regular file (a named pipe, a device, a folder) at once, a name too long for the file system by
name, and a file over its stated size. A refused command leaves the user's files byte for byte.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pytest
from user_files import STUDENT, entries, stand_in_build, user_folder

import kaszino.cli.site as site
import kaszino.files as files
import kaszino.puzzles.puzzle as puzzle
import kaszino.store.store as store
from kaszino.cli import INTERRUPTED, main
from kaszino.cli.classroom import read_student
from kaszino.cli.site import SITE_MARK, SiteBuild
from kaszino.errors import KaszinoError, PuzzleFormatError, StoreError
from kaszino.puzzles.puzzle import load_all, load_puzzles, save_puzzles
from kaszino.store import open_store

ROOT = Path(__file__).resolve().parents[1]
TOO_LONG = "x" * 300
"""A name longer than any file system holds (255 bytes on Linux)."""
INTERRUPTED_LINE = "kaszino: interrupted; nothing half-written was left behind"

Capsys = pytest.CaptureFixture[str]


class Blocked(BaseException):
    """Raised by :func:`within` (not an ``OSError``: the code under test must not swallow it)."""


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail (instead of hanging the test run) if the block takes longer than ``seconds``."""
    def stop(signum: int, frame: FrameType | None) -> None:
        raise Blocked(f"still blocked after {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run(capsys: Capsys, *argv: str) -> tuple[int, str]:
    """``kaszino argv`` in this process, within 20 s: the exit status and standard error."""
    with within(20):
        status = main(list(argv))
    return status, capsys.readouterr().err


@pytest.fixture
def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's working folder (``user_files.user_folder``), the current one."""
    monkeypatch.chdir(tmp_path)
    user_folder(tmp_path)
    return tmp_path


# --- site build: the folder it replaces -------------------------------------------------------------
@pytest.fixture
def fake_build(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """``site build`` without downloading anything (``user_files.stand_in_build``); the names it
    was asked to build at are listed."""
    built: list[Path] = []

    def build_site(output: Path, cache: Path) -> SiteBuild:
        built.append(output)
        return stand_in_build(output, cache)

    monkeypatch.setattr(site, "build_site", build_site)
    return built


@pytest.mark.parametrize(("argv", "names"), [
    (["--out", "nope/../DIR"], ["'nope/../DIR'", "not an earlier build"]),  # it built into DIR
    (["--out", "link"], ["not an earlier build"]),
    (["--out", "link/"], ["not an earlier build"]),
    (["--out", "keep.txt", "--force"], ["is a file, not a folder"]),
    (["--out", "keep-link", "--force"], ["is a file, not a folder"]),
    (["--out", "pipe", "--force"], ["is a named pipe, not a folder"]),
    (["--out", ".", "--force"], ["holds the folder you are working in"]),
    (["--out", "DIR/..", "--force"], ["holds the folder you are working in"]),
    (["--out", "..", "--force"], ["holds the folder you are working in"]),
    (["--out", str(ROOT), "--force"], ["holds the checkout"]),
    (["--out", str(ROOT / "notebooks"), "--force"], ["is or holds the notebooks the site is made of"]),
    (["--out", "DIR", "--cache", "DIR/cache", "--force"], ["holds the download cache"]),
    (["--out", "missing/site"], ["no folder", "missing"]),
    (["--out", TOO_LONG], ["too long for the file system"]),
])
def test_site_build_never_replaces_a_folder_it_did_not_make(argv: list[str], names: list[str], user: Path,
                                                           fake_build: list[Path], capsys: Capsys) -> None:
    before = entries(user)
    status, err = run(capsys, "site", "build", *argv)
    assert status == 2 and not fake_build
    for name in names:
        assert name in err
    assert entries(user) == before


def test_site_build_replaces_an_earlier_build_and_with_force_any_folder(user: Path, fake_build: list[Path],
                                                                       capsys: Capsys) -> None:
    for argv in (["--out", "site"], ["--out", "site"], ["--out", "link", "--force"], ["--out", "empty"]):
        if argv[1] == "empty":
            (user / "empty").mkdir()
        status, err = run(capsys, "site", "build", *argv)
        assert status == 0, err
    assert (user / "site" / "index.html").read_text() == "<html>new</html>"
    assert sorted(path.name for path in (user / "DIR").iterdir()) == [SITE_MARK, "index.html"]
    assert (user / "link").is_symlink()  # the link's folder was replaced, the link kept
    assert (user / "empty" / "index.html").is_file()
    assert not [path.name for path in user.iterdir() if path.name.startswith(".")]  # no scratch left


@pytest.mark.parametrize("failure", [KeyboardInterrupt, lambda: KaszinoError("jupyter lite build failed")])
def test_a_failed_or_interrupted_site_build_leaves_the_earlier_one(failure: Callable[[], BaseException],
                                                                   user: Path, fake_build: list[Path],
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: Capsys) -> None:
    assert run(capsys, "site", "build", "--out", "site")[0] == 0
    before = entries(user)

    def half_a_build(output: Path, cache: Path) -> SiteBuild:
        output.mkdir()
        (output / "half.html").write_text("half")
        raise failure()

    monkeypatch.setattr(site, "build_site", half_a_build)
    status, err = run(capsys, "site", "build", "--out", "site")
    if failure is KeyboardInterrupt:
        assert status == INTERRUPTED and err.splitlines() == [INTERRUPTED_LINE]
    else:
        assert status == 2 and "jupyter lite build failed" in err
    assert entries(user) == before


# --- classroom teacher: the notebook it writes ------------------------------------------------------
@pytest.mark.parametrize(("out", "names"), [
    ("hard.ipynb", ["is the students' notebook"]),  # a hard link: the same file by another name
    ("sym.ipynb", ["is the students' notebook"]),
    ("nope/../s.ipynb", ["is the students' notebook"]),
    ("DIR", ["is a folder, not a notebook"]),
    ("pipe", ["is a named pipe, not a notebook"]),
    ("missing/t.ipynb", ["no folder"]),
    (TOO_LONG, ["too long for the file system"]),
])
def test_teacher_never_writes_over_the_students_notebook(out: str, names: list[str], user: Path,
                                                         capsys: Capsys) -> None:
    before = entries(user)
    status, err = run(capsys, "classroom", "teacher", "--student", "s.ipynb", "--out", out, "--force",
                      "--no-execute")
    assert status == 2
    for name in names:
        assert name in err
    assert entries(user) == before


def test_teacher_replaces_an_existing_file_only_with_force(user: Path, capsys: Capsys) -> None:
    before = entries(user)
    for out in ("keep.txt", "keep-link"):
        status, err = run(capsys, "classroom", "teacher", "--student", "s.ipynb", "--out", out,
                          "--no-execute")
        assert status == 2 and "exists; add --force to replace it" in err
    assert entries(user) == before
    status, err = run(capsys, "classroom", "teacher", "--student", "s.ipynb", "--out", "keep-link", "--force",
                      "--no-execute")
    assert status == 0, err
    assert (user / "keep-link").is_symlink()  # written through the link, which stays
    assert json.loads((user / "keep.txt").read_text(encoding="utf-8"))["nbformat"] == 4
    assert (user / "s.ipynb").read_bytes() == STUDENT.read_bytes()


# --- puzzles generate and progress export: the files they write ---------------------------------------
@pytest.mark.parametrize(("argv", "names"), [
    (["--out", "keep.txt"], ["exists; add --force"]),
    (["--out", "keep-link"], ["exists; add --force"]),
    (["--out", "nope/../keep.txt"], ["exists; add --force"]),
    (["--out", "pipe", "--force"], ["is a named pipe, not a puzzle file"]),
    (["--out", "link", "--force"], ["is a folder, not a puzzle file"]),
    (["--out", f"{TOO_LONG}.json"], ["--out", "too long for the file system"]),
    (["--dir", "DIR", "--force", "--kind", "sweep", "--kind", "fals"], ["the same file as another kind's"]),
])
def test_generate_checks_its_files_before_mining(argv: list[str], names: list[str], user: Path,
                                                capsys: Capsys) -> None:
    (user / "DIR" / "fals.json").symlink_to("sweep.json")
    before = entries(user)
    status, err = run(capsys, "puzzles", "generate", "--seed", "1", "--count", "1000", *argv)
    assert status == 2  # at once: 1000 puzzles of a kind would take minutes to mine
    for name in names:
        assert name in err
    assert entries(user) == before


def _progress_file(path: Path) -> Path:
    with open_store(path) as opened:
        opened.set_setting("language", "en")
    return path


@pytest.mark.parametrize(("out", "names"), [
    ("hard.sqlite3", ["is one of the progress files to export"]),
    ("sym.csv", ["is one of the progress files to export"]),
    ("nope/../anna.sqlite3", ["is one of the progress files to export"]),
    ("pipe", ["is a named pipe, not a CSV file"]),
    (f"{TOO_LONG}.csv", ["too long for the file system"]),
])
def test_export_never_writes_over_a_progress_file(out: str, names: list[str], user: Path,
                                                  capsys: Capsys) -> None:
    _progress_file(user / "anna.sqlite3")
    os.link(user / "anna.sqlite3", user / "hard.sqlite3")
    (user / "sym.csv").symlink_to("anna.sqlite3")
    before = entries(user)
    status, err = run(capsys, "progress", "export", "anna.sqlite3", "--out", out, "--force")
    assert status == 2
    for name in names:
        assert name in err
    assert entries(user) == before


def test_a_progress_file_and_its_hard_link_are_one_learner(user: Path, capsys: Capsys) -> None:
    _progress_file(user / "anna.sqlite3")
    os.link(user / "anna.sqlite3", user / "copy.sqlite3")
    status, err = run(capsys, "progress", "export", "anna.sqlite3", "copy.sqlite3", "--out", "x.csv")
    assert status == 2 and "given twice" in err


def test_save_puzzles_writes_through_a_link_and_keeps_the_mode(user: Path) -> None:
    (user / "keep.txt").chmod(0o600)
    save_puzzles(load_all()[:1], user / "keep-link")
    assert (user / "keep-link").is_symlink()
    assert load_puzzles(user / "keep.txt") == load_all()[:1]
    assert stat.S_IMODE((user / "keep.txt").stat().st_mode) == 0o600
    with pytest.raises(KaszinoError, match="exists"):
        save_puzzles(load_all()[:1], user / "keep.txt", replace=False)


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        files.OutputFile(tmp_path / "new.csv").write("a,b\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.csv").stat().st_mode) == 0o640


@pytest.mark.parametrize("at", ["fchmod", "fsync", "replace"])
def test_an_interrupted_write_leaves_the_old_file_and_no_temporary_one(
        at: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "results.csv"
    target.write_text("old\n")

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, at, interrupt)  # after the temporary file was written
    with pytest.raises(KeyboardInterrupt):
        files.OutputFile(target, force=True).write("new\n" * 1000)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["results.csv"]
    assert target.read_text() == "old\n"


# --- readers: special files, names too long, size caps -------------------------------------------------
READERS: dict[str, Callable[[str], object]] = {
    "puzzle file": load_puzzles,
    "progress file": lambda path: open_store(path),
    "progress file, read only": lambda path: open_store(path, read_only=True),
    "students' notebook": lambda path: read_student(Path(path)),
}
"""Every reader at the edge, by what it reads."""

SPECIAL = {"pipe": "is a named pipe", "/dev/zero": "is a device", "/dev/null": "is a device",
           "DIR": "is a folder", TOO_LONG: "too long for the file system"}


@pytest.mark.parametrize("special", list(SPECIAL))
@pytest.mark.parametrize("reader", list(READERS))
def test_every_reader_refuses_what_is_not_a_file_at_once(reader: str, special: str, user: Path) -> None:
    error = {"puzzle file": PuzzleFormatError, "students' notebook": KaszinoError}.get(reader, StoreError)
    with within(5), pytest.raises(error) as refused:
        READERS[reader](special)
    assert SPECIAL[special] in str(refused.value)
    assert repr(special)[:20] in str(refused.value)  # the path is named, quoted


@pytest.mark.parametrize("reader", ["puzzle file", "progress file", "students' notebook"])
def test_a_file_over_its_reader_s_cap_is_refused_by_its_size(reader: str, user: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle, "MAX_FILE_BYTES", 1000)
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 1000)
    monkeypatch.setattr("kaszino.cli.classroom.MAX_NOTEBOOK_BYTES", 1000)
    big = user / "big"
    big.write_bytes(b"SQLite format 3\x00" + b" " * 2000)
    with pytest.raises(KaszinoError, match=f"larger than 1,000 bytes, the most a {reader} may hold"):
        READERS[reader](str(big))


def test_a_file_that_tells_no_size_is_read_only_up_to_the_cap() -> None:
    maps = "/proc/self/maps"  # a regular file of size 0 that holds kilobytes
    assert os.stat(maps).st_size == 0
    with pytest.raises(KaszinoError, match="larger than 100 bytes"):
        files.read_bytes(maps, what="map", limit=100)
    assert len(files.read_bytes(maps, what="map", limit=10**7)) > 100


def test_a_pipe_put_in_place_after_the_check_does_not_block(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The kind is checked again on the open file, which was opened without blocking."""
    path = tmp_path / "swapped"
    os.mkfifo(path)
    monkeypatch.setattr(files, "check_input", lambda *args, **kwargs: True)  # the first check missed it
    with within(5), pytest.raises(KaszinoError, match="is a named pipe"):
        files.read_bytes(path, what="puzzle file", limit=100)


def test_too_long_names_are_named_by_every_writer(tmp_path: Path) -> None:
    long_name = tmp_path / TOO_LONG
    assert _name_too_long(long_name)
    for write in (lambda: save_puzzles(load_all()[:1], long_name), lambda: open_store(long_name),
                  lambda: files.OutputFile(long_name, force=True).write("x")):
        with pytest.raises(KaszinoError, match="too long for the file system"):
            write()
    assert list(tmp_path.iterdir()) == []


def _name_too_long(path: Path) -> bool:
    try:
        path.stat()
    except OSError as error:
        return error.errno == errno.ENAMETOOLONG
    return False


def test_the_cli_reads_special_files_without_blocking(user: Path, capsys: Capsys) -> None:
    for argv in (["puzzles", "list", "pipe"], ["puzzles", "stats", "/dev/zero"], ["puzzles", "check", "DIR"],
                 ["classroom", "teacher", "--student", "pipe", "--out", "t.ipynb", "--no-execute"]):
        status, err = run(capsys, *argv)
        assert status in (1, 2)
    status, err = run(capsys, "progress", "export", "pipe", "/dev/zero", "DIR", TOO_LONG, "--out", "x.csv")
    assert status == 1 and err.count("FAIL") == 4


# --- Ctrl-C ----------------------------------------------------------------------------------------------
STOPPED_WITHIN = 15
"""Seconds a command may take to end after Ctrl-C: it takes well under one, but a machine running
three times as many processes as it has cores once made it five; the fault this catches ran on for
30 s or more."""


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _as_from_a_terminal() -> None:
    """The command starts as a terminal starts it, with Ctrl-C at its default. A test run started in
    the background of a shell without job control inherits Ctrl-C ignored (POSIX), and so would
    every command it starts: Python then leaves it ignored, and the command would rightly run on."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("to", ["the command", "every process of the command"])
@pytest.mark.parametrize("command", [
    ["puzzles", "generate", "--seed", "1", "--count", "1000", "--out", "p.json"], ["puzzles", "check"]])
def test_ctrl_c_stops_the_command_and_its_workers_at_once(command: list[str], to: str,
                                                          tmp_path: Path) -> None:
    """A terminal's Ctrl-C reaches every process of the command; ``kill -INT`` only the main one.
    Either way the command ends within seconds with one line, exit status 130, no worker left
    running and nothing written (``generate --workers 2`` once ran on for 30 s)."""
    argv = [*command, "--workers", "2"]
    if command[1] == "check":
        argv += [str(path) for path in sorted((ROOT / "puzzles").glob("*.json"))]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "kaszino.cli", *argv], cwd=tmp_path, env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=_as_from_a_terminal)
    try:
        deadline = time.monotonic() + 30
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = _children(process.pid)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(0.5)  # at work
        if to == "the command":
            os.kill(process.pid, signal.SIGINT)
        else:
            os.killpg(process.pid, signal.SIGINT)
        interrupted = time.monotonic()
        _, err = process.communicate(timeout=STOPPED_WITHIN)
        print(f"stopped {time.monotonic() - interrupted:.2f} s after Ctrl-C")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == INTERRUPTED
    assert err.decode().splitlines() == [INTERRUPTED_LINE]
    time.sleep(0.2)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()], "a worker is still running"
    assert list(tmp_path.iterdir()) == []
