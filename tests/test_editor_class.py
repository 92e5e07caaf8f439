"""The issue's check of the editor, in the kernel: a teacher composes three positions (one
invalid), saves the valid ones as a class set; a student works it in the trainer; the teacher
exports the results."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from test_editor import composed
from test_editor_widget import click

from kaszino.cli import main
from kaszino.i18n import using_language
from kaszino.jupyter.trainer import trainer_app
from kaszino.jupyter.widgets.editor import PositionEditor
from kaszino.puzzles import editor
from kaszino.store import open_store


def test_three_positions_one_invalid_become_a_class_set_a_student_works_and_the_teacher_exports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    collection = tmp_path / "7b-hetfo.json"
    with using_language("hu"):
        teacher = PositionEditor(file_name="7b-hetfo", folder=tmp_path)
        click(teacher, "notation", value=editor.notation(composed()))
        click(teacher, "save", value="all_captures")
        click(teacher, "zone", value="table")
        click(teacher, "place", card="K♣")  # the second position: K♣ twice
        assert any("két helyen" in problem for problem in teacher.problems)
        click(teacher, "save", value="last_round")
        assert teacher.message.startswith("Nem sikerült menteni")
        click(teacher, "take", card="K♣", value="table")  # the third: mended, another kind
        click(teacher, "save", value="last_round")
        assert teacher.message.startswith("Elmentve")

    learner = tmp_path / "anna.sqlite3"
    with open_store(learner) as store:
        app = trainer_app(store=store, class_set=collection)
        assert app.widget is not None
        trainer = app.widget.trainer
        assert [p.id for p in trainer.puzzles] == ["ac-1", "lr-1"] and trainer.puzzle_set == "7b-hetfo"
        first = trainer.puzzle
        assert first is not None
        assert trainer.answer(first.answers).correct  # every capture at once

    capsys.readouterr()
    assert main(["progress", "export", str(learner), "--set", str(collection)]) == 0
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert [(row["puzzle_id"], row["attempts"], row["best_outcome"]) for row in rows] == [
        ("ac-1", "1", "solved"), ("lr-1", "0", "")]
    assert {row["set"] for row in rows} == {"7b-hetfo"}
