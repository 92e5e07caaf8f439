"""``kaszino progress export``: one learner's or a whole class's puzzle results as CSV."""

from __future__ import annotations

import csv
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from progress_files import killed_mid_write
from puzzle_answers import right
from shipped import SHIPPED as PUZZLES

from kaszino.cli import main
from kaszino.puzzles.trainer import Trainer
from kaszino.store import ENVIRONMENT_VARIABLE, open_store, training
from kaszino.store.learners import NAME_SETTING
from kaszino.store.training import AttemptRecord, AttemptWrite, StoredRating


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
    assert status == 0 and "wrote 6 rows for 2 learners" in printed
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


def _attempt(path: Path, puzzle_id: str, kind: str, mode: str, before: float) -> Path:
    moment = datetime(2026, 3, 1, 12, tzinfo=UTC)
    attempt = AttemptRecord(at=moment, puzzle_id=puzzle_id, kind=kind, mode=mode, outcome="solved", hints=0,
                            wrong=0, rated=True, learner_before=before, learner_after=before + 10)
    with open_store(path) as store:
        training.record_attempt(store, puzzle_id, lambda _context: AttemptWrite(
            attempt, learner=StoredRating(before + 10, 100.0, 0.06, 1)))
    return path


@pytest.mark.parametrize("summary", [False, True])
def test_text_from_a_students_file_never_becomes_a_spreadsheet_formula(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, summary: bool) -> None:
    hostile = _attempt(tmp_path / "=HYPERLINK(1).sqlite3", '=HYPERLINK("http://x","click")', "+1+2",
                       "@SUM(A1)", -50.0)
    _attempt(hostile, " -1+2", "\tkind", "\rmode", -50.0)
    plain = _attempt(tmp_path / "anna.sqlite3", "p-1", "sweep", "sequence", -50.0)
    out = tmp_path / "results.csv"
    arguments = ["--summary"] if summary else []
    assert run(capsys, "progress", "export", str(hostile), str(plain), *arguments, "--out", str(out))[0] == 0
    table = rows(out)
    formulas = ("=", "+", "-", "@", "\t", "\r")
    texts = ("learner", "file") if summary else ("learner", "file", "puzzle_id", "kind", "mode")
    for row in table:
        assert not any(row[column].lstrip(" ").startswith(formulas) for column in texts), row
    assert table[0]["learner"] == "'=HYPERLINK(1)" and table[-1]["learner"] == "anna"
    if not summary:
        assert [(r["puzzle_id"], r["kind"], r["mode"]) for r in table] == [
            ("'=HYPERLINK(\"http://x\",\"click\")", "'+1+2", "'@SUM(A1)"), ("' -1+2", "'\tkind", "'\rmode"),
            ("p-1", "sweep", "sequence")]
        assert table[0]["learner_before"] == "-50.0"  # a number the export computes stays a number
    else:
        assert table[0]["rating"].startswith("-")


def test_a_class_with_hostile_and_half_written_files_is_exported_and_every_file_left_as_it_was(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    anna = learner(tmp_path / "anna.sqlite3", 2, 0)
    killed = learner(tmp_path / "bela.sqlite3", 1, 1)
    killed_mid_write(killed, 300)  # bela's kernel was killed in the middle of a write
    trigger = learner(tmp_path / "cili.sqlite3", 1, 0)
    view = learner(tmp_path / "dani.sqlite3", 1, 0)
    with closing(sqlite3.connect(trigger)) as raw:
        raw.execute("CREATE TRIGGER wipe AFTER INSERT ON puzzle_attempts BEGIN DELETE FROM games; END")
    with closing(sqlite3.connect(view)) as raw:
        raw.execute("DROP TABLE review_cards")
        raw.execute("CREATE VIEW review_cards AS WITH RECURSIVE c(n) AS "
                    "(SELECT 1 UNION ALL SELECT n + 1 FROM c) "
                    "SELECT 'p' AS puzzle_id, '{}' AS card, '2026' AS due, '2026' AS updated FROM c")
    foreign = tmp_path / "emil.sqlite3"
    with closing(sqlite3.connect(foreign)) as raw:
        raw.execute("PRAGMA user_version = 1")  # empty, but numbered like kaszino's first schema
    before = {item.name: item.read_bytes() for item in tmp_path.iterdir()}
    out = tmp_path / "class.csv"
    status, printed, err = run(capsys, "progress", "export", str(anna), str(killed), str(trigger), str(view),
                               str(foreign), "--out", str(out))
    assert status == 1 and "wrote 4 rows for 2 learners" in printed and "3 files could not be read" in err
    assert [r["learner"] for r in rows(out)] == ["anna", "anna", "bela", "bela"]
    for refused in (trigger, view, foreign):
        assert f"FAIL {refused}: not a kaszino progress file" in err
    assert "damaged" not in err
    assert {item.name: item.read_bytes() for item in tmp_path.iterdir() if item != out} == before


def test_a_class_folder_exports_chapters_and_summary_to_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--class DIR``'s folder read whole: each learner under the name kept in the file, the
    chapter checks one row each (``--chapters``), and the summary with the chapters' best results."""
    folder = tmp_path / "class"
    anna = learner(folder / "anna-kiss.sqlite3", 2, 0)
    with open_store(anna) as store:
        store.set_setting(NAME_SETTING, "Anna Kiss")
        store.record_chapter("01_pakli", score=4, total=6)
        store.record_chapter("01_pakli", score=6, total=6)
        store.record_chapter("02_utes", score=3, total=8)
    with open_store(folder / "bela.sqlite3") as store:
        store.set_setting(NAME_SETTING, "=cmd()")  # no app writes such a name: the file's name is used
    (folder / "notes.txt").write_text("not a learner")
    status, out, err = run(capsys, "progress", "export", str(folder), "--chapters")
    assert status == 0 and "wrote 2 rows for 2 learners to standard output" in err
    table = list(csv.DictReader(out.splitlines()))
    assert [(r["learner"], r["chapter"], r["best"], r["last"], r["total"], r["attempts"]) for r in table] == [
        ("Anna Kiss", "01_pakli", "6", "6", "6", "2"), ("Anna Kiss", "02_utes", "3", "3", "8", "1")]
    status, out, err = run(capsys, "progress", "export", str(folder), "--summary", "--out", "-")
    summary = {r["learner"]: r for r in csv.DictReader(out.splitlines())}
    assert set(summary) == {"Anna Kiss", "bela"}
    assert summary["Anna Kiss"]["chapters"] == "01_pakli 6/6; 02_utes 3/8"
    assert summary["Anna Kiss"]["solved"] == "2" and summary["Anna Kiss"]["last_activity"]
    assert summary["bela"]["chapters"] == "" and summary["bela"]["last_activity"] == ""
    assert run(capsys, "progress", "export", "--summary", "--chapters")[0] == 2, "one kind of row at a time"
