"""``kaszino progress export``: one learner's or a whole class's puzzle results as CSV."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from puzzle_answers import right
from shipped import SHIPPED as PUZZLES

from kaszino.cli import main
from kaszino.puzzles.trainer import Trainer
from kaszino.store import ENVIRONMENT_VARIABLE, open_store


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def learner(path: Path, solved: int, missed: int) -> Path:
    """A progress file with ``solved`` clean solves, then ``missed`` puzzles given up."""
    with open_store(path) as store:
        trainer = Trainer(PUZZLES, store, mode="sequence")
        for number in range(solved + missed):
            puzzle = trainer.next()
            assert puzzle is not None
            if number < solved:
                trainer.answer(right(puzzle))
            else:
                trainer.show_solution()
    return path


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def test_a_class_exports_one_row_per_finished_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    anna, bela = learner(tmp_path / "anna.sqlite3", 3, 1), learner(tmp_path / "bela.sqlite3", 0, 2)
    out = tmp_path / "results.csv"
    status, printed, _ = run(capsys, "progress", "export", str(anna), str(bela), "--out", str(out))
    assert status == 0 and "wrote 6 row(s) for 2 learner(s)" in printed
    table = rows(out)
    assert [(r["learner"], r["outcome"]) for r in table] == [
        ("anna", "solved"),
        ("anna", "solved"),
        ("anna", "solved"),
        ("anna", "failed"),
        ("bela", "failed"),
        ("bela", "failed"),
    ]
    assert table[0]["puzzle_id"] == PUZZLES[0].id and table[0]["rated"] == "1"
    assert float(table[2]["learner_after"]) > float(table[0]["learner_before"]) == 1500.0


def test_the_summary_has_one_row_per_learner(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    anna = learner(tmp_path / "anna.sqlite3", 3, 1)
    out = tmp_path / "summary.csv"
    assert run(capsys, "progress", "export", str(anna), "--summary", "--out", str(out))[0] == 0
    (row,) = rows(out)
    assert (row["visits"], row["solved"], row["failed"], row["best_streak"], row["streak"]) == (
        "4",
        "3",
        "1",
        "3",
        "0",
    )
    assert row["reviews_due"] == "0" and row["rating"] != ""


def test_a_learner_exports_their_own_file_by_default(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = learner(tmp_path / "me.sqlite3", 1, 0)
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(own))
    out = tmp_path / "mine.csv"
    assert run(capsys, "progress", "export", "--out", str(out))[0] == 0
    assert [r["learner"] for r in rows(out)] == ["me"]


def test_an_unreadable_file_is_named_left_out_and_untouched(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    anna = learner(tmp_path / "anna.sqlite3", 1, 0)
    broken = tmp_path / "broken.sqlite3"
    broken.write_text("not a database")
    missing = tmp_path / "nobody.sqlite3"
    out = tmp_path / "results.csv"
    status, _, err = run(
        capsys, "progress", "export", str(anna), str(broken), str(missing), "--out", str(out)
    )
    assert status == 1
    assert (
        f"FAIL {broken}: not a kaszino progress file" in err
        and f"FAIL {missing}: no such progress file" in err
    )
    assert [r["learner"] for r in rows(out)] == ["anna"]
    assert broken.read_text() == "not a database" and not missing.exists()


def test_an_existing_output_is_kept_without_force(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    anna = learner(tmp_path / "anna.sqlite3", 1, 0)
    out = tmp_path / "results.csv"
    out.write_text("keep me")
    status, _, err = run(capsys, "progress", "export", str(anna), "--out", str(out))
    assert status == 2 and "exists; add --force" in err and out.read_text() == "keep me"
    assert run(capsys, "progress", "export", str(anna), "--out", str(out), "--force")[0] == 0
    assert len(rows(out)) == 1
    status, _, err = run(capsys, "progress", "export", str(anna), "--out", str(tmp_path / "no" / "x.csv"))
    assert status == 2 and "no folder" in err


def test_an_export_never_writes_to_the_files_it_reads(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    # an empty file is a progress file of schema 0: opened for the trainer it would be brought up to
    # date, which is a write; the export reads it in memory and leaves it as it was
    anna, empty = learner(tmp_path / "anna.sqlite3", 2, 1), tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    before = {path: path.read_bytes() for path in (anna, empty)}
    out = tmp_path / "results.csv"
    assert run(capsys, "progress", "export", str(anna), str(empty), "--out", str(out))[0] == 0
    assert [r["learner"] for r in rows(out)] == ["anna"] * 3
    assert {path: path.read_bytes() for path in before} == before
