"""The ``kaszino`` command: ``puzzles check`` on shipped and tampered files, ``generate``, ``stats``,
``list``.

The whole shipped collection's check is ``test_shipped_collection.py``'s.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from shipped import SHIPPED

from kaszino.cli import main
from kaszino.puzzles.puzzle import KINDS, PUZZLE_DIR, load_puzzles, puzzle_files, solve


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def tampered(tmp_path: Path, kind: str, change: str) -> tuple[Path, str]:
    """A copy of the shipped file of ``kind`` with one puzzle's answers changed; returns it and the id.

    ``drop``: the first answer is left out. ``replace``: the answers become one legal capture
    that is no answer.
    """
    source = next(path for path in puzzle_files() if path.stem == kind)
    document = json.loads(source.read_text(encoding="utf-8"))
    by_id = {p.id: p for p in SHIPPED}
    for record in document["puzzles"]:
        puzzle = by_id[record["id"]]
        others = [c for c in solve("all_captures", puzzle.state) if not puzzle.is_answer(c)]
        if change == "drop" and len(record["answers"]) >= 2:
            record["answers"] = record["answers"][1:]
            break
        if change == "replace" and others:
            record["answers"] = [str(others[0])]
            break
    path = tmp_path / source.name
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path, record["id"]


Capsys = pytest.CaptureFixture[str]


def test_check_fails_on_a_dropped_answer_and_names_it(capsys: Capsys, tmp_path: Path) -> None:
    path, puzzle_id = tampered(tmp_path, "all_captures", "drop")
    dropped = json.loads(next(p for p in puzzle_files() if p.stem == "all_captures").read_text())
    first_answer = next(r for r in dropped["puzzles"] if r["id"] == puzzle_id)["answers"][0]
    status, out, _ = run(capsys, "puzzles", "check", str(path))
    assert status == 1
    # the loader refuses it already: an all_captures puzzle lists every capture
    assert f"puzzle '{puzzle_id}': field 'answers': 1 of the position's captures are not listed, " \
           f"such as {first_answer}" in out
    assert out.count("FAIL") == 1


@pytest.mark.parametrize("kind", ["best_capture", "sweep"])
def test_check_fails_on_a_wrong_answer_and_shows_missing_and_extra(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    path, puzzle_id = tampered(tmp_path, kind, "replace")
    status, out, _ = run(capsys, "puzzles", "check", str(path))
    assert status == 1
    line = next(line for line in out.splitlines() if puzzle_id in line)
    assert "missing" in line and "extra" in line


def test_check_reports_a_broken_file_and_goes_on(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1, "puzzles": [', encoding="utf-8")
    after, puzzle_id = tampered(tmp_path, "sweep", "replace")  # the check goes on to this file
    status, out, _ = run(capsys, "puzzles", "check", str(broken), str(after))
    assert status == 1
    assert f"FAIL {broken}: line 1" in out
    assert f"FAIL {after}: puzzle '{puzzle_id}'" in out
    assert "2 problems in 2 files" in out


def test_generate_writes_a_file_that_loads_and_is_deterministic(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["puzzles", "generate", "--seed", "11", "--count", "2", "--kind", "sweep", "--kind",
            "all_captures"]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    status, out, _ = run(capsys, *args, "--out", str(first), "--workers", "1")
    assert (status, out) == (0, f"wrote 4 puzzles to {first}\n")
    assert run(capsys, *args, "--out", str(second), "--workers", "2")[0] == 0
    assert first.read_bytes() == second.read_bytes()
    assert sorted(p.kind for p in load_puzzles(first)) == ["all_captures"] * 2 + ["sweep"] * 2
    assert run(capsys, "puzzles", "check", str(first))[0] == 0


def test_generate_into_a_folder_writes_one_file_per_kind(capsys: Capsys, tmp_path: Path) -> None:
    args = ["puzzles", "generate", "--seed", "5", "--count", "1", "--kind", "fals", "--kind", "ausz",
            "--dir", str(tmp_path), "--workers", "1"]
    status, out, _ = run(capsys, *args)
    assert status == 0 and sorted(path.name for path in tmp_path.iterdir()) == ["ausz.json", "fals.json"]
    assert f"wrote 1 puzzles to {tmp_path / 'fals.json'}" in out
    assert [p.kind for p in load_puzzles(tmp_path / "ausz.json")] == ["ausz"]


def test_generate_names_a_missing_output_folder(capsys: Capsys, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    for where in (["--dir", str(missing)], ["--out", str(missing / "p.json")]):
        status, _, err = run(capsys, "puzzles", "generate", "--seed", "1", "--count", "1", *where)
        assert status == 2 and f"no folder '{missing}' to write into" in err
    assert not missing.exists()


BAD_ARGUMENTS = [["--count", "0"], ["--count", "many"], ["--workers", "0"], ["--kind", "mate"]]


@pytest.mark.parametrize("bad", BAD_ARGUMENTS)
def test_generate_refuses_bad_arguments(capsys: Capsys, tmp_path: Path, bad: list[str]) -> None:
    argv = ["puzzles", "generate", "--seed", "1", "--count", "1", "--out", str(tmp_path / "p.json"), *bad]
    status, _, err = run(capsys, *argv)  # bad arguments are a KaszinoError: status 2, no SystemExit
    assert status == 2
    assert err.startswith("kaszino: error: ") and bad[0] in err


def test_generate_does_not_replace_a_file_without_force(capsys: Capsys, tmp_path: Path) -> None:
    out = tmp_path / "mine.json"
    out.write_text("my notes", encoding="utf-8")
    args = ["puzzles", "generate", "--seed", "1", "--count", "1", "--kind", "sweep", "--out", str(out),
            "--workers", "1"]
    status, _, err = run(capsys, *args)
    assert status == 2 and "--force" in err
    assert out.read_text(encoding="utf-8") == "my notes"
    assert run(capsys, *args, "--force")[0] == 0
    assert len(load_puzzles(out)) == 1


def test_stats_counts_per_kind_band_and_theme(capsys: Capsys) -> None:
    status, out, _ = run(capsys, "puzzles", "stats")
    assert status == 0 and out.startswith(f"{len(SHIPPED)} puzzles\n")
    for kind in KINDS:
        assert f"  {kind}" in out
    sweeps = sum(p.kind == "sweep" for p in SHIPPED)
    assert any(line.split() == ["sweep", str(sweeps)] for line in out.splitlines())
    easy = sum(p.band == "easy" for p in SHIPPED)
    assert any(line.split() == ["easy", str(easy)] for line in out.splitlines())
    aces = sum("ace" in p.themes for p in SHIPPED)
    assert any(line.split() == ["ace", str(aces)] for line in out.splitlines())


def test_list_filters_by_kind_and_theme(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "puzzles", "list", "--kind", "sweep")
    lines = out.splitlines()
    assert status == 0 and len(lines) == sum(p.kind == "sweep" for p in SHIPPED)
    assert all(" sweep " in line for line in lines)
    _, out, _ = run(capsys, "puzzles", "list", "--theme", "ace")
    assert len(out.splitlines()) == sum("ace" in p.themes for p in SHIPPED)
    _, out, _ = run(capsys, "puzzles", "list", "--band", "hard", "--kind", "defend")
    assert len(out.splitlines()) == sum(p.band == "hard" and p.kind == "defend" for p in SHIPPED)


def test_the_module_runs_as_a_command() -> None:
    # One small file: the whole collection's check is test_shipped_collection.py's.
    done = subprocess.run([sys.executable, "-m", "kaszino.cli", "puzzles", "check",
                           str(PUZZLE_DIR / "fals.json")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok: ")


def test_list_into_a_closed_pipe_ends_quietly() -> None:
    import subprocess
    import sys

    done = subprocess.run(f"'{sys.executable}' -m kaszino.cli puzzles list | head -1", shell=True,
                          capture_output=True, text=True, check=True)
    assert done.stdout.count("\n") == 1 and "Traceback" not in done.stderr
