"""``kaszino lab``: the learner's copy of the notebooks (first copy, a newer release, changed copies
never lost) and the JupyterLab server it opens on that folder."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from served import fetch_while_served

from kaszino.cli import main
from kaszino.cli.app import HOST, START_PAGE, free_port
from kaszino.cli.copies import MANIFEST, bring_up_to_date, default_folder, digest, shipped_files
from kaszino.cli.lab import _ask, lab_command, lab_url
from kaszino.errors import KaszinoError
from kaszino.shipped import release, shipped

SHIPPED = shipped("notebooks")


def release_of(folder: Path, **notebooks: str) -> Path:
    """A folder of shipped notebooks: ``name=text`` each (``name`` without ``.ipynb``)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in notebooks.items():
        (folder / f"{name}.ipynb").write_text(text, encoding="utf-8")
    return folder


def test_the_first_run_copies_every_shipped_notebook(tmp_path: Path) -> None:
    mine = tmp_path / "deep" / "kaszino"
    report = bring_up_to_date(mine)
    names = [path.relative_to(SHIPPED).as_posix() for path in shipped_files(SHIPPED)]
    assert START_PAGE in names and "lessons/chapter03/what.hu.md" in names
    assert report.copied == tuple(names)
    for name in names:
        assert (mine / name).read_bytes() == (SHIPPED / name).read_bytes()
    remembered = json.loads((mine / MANIFEST).read_text(encoding="utf-8"))
    assert remembered == {name: digest((SHIPPED / name).read_bytes()) for name in names}
    assert bring_up_to_date(mine).lines() == [], "a second run changes nothing and says nothing"


def test_a_newer_release_updates_untouched_copies_and_keeps_changed_ones(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    bring_up_to_date(mine, source=release_of(tmp_path / "r1", a="a1", b="b1", c="c1"))
    (mine / "b.ipynb").write_text("b1 with my notes", encoding="utf-8")
    (mine / "c.ipynb").unlink()
    report = bring_up_to_date(mine, source=release_of(tmp_path / "r2", a="a2", b="b2", c="c2", d="d2"))
    assert report.updated == ("a.ipynb",) and report.copied == ("c.ipynb", "d.ipynb")
    assert (mine / "a.ipynb").read_text(encoding="utf-8") == "a2"
    assert (mine / "b.ipynb").read_text(encoding="utf-8") == "b1 with my notes"
    beside = f"b-{release()}.ipynb"
    assert report.kept == (("b.ipynb", beside),)
    assert (mine / beside).read_text(encoding="utf-8") == "b2"
    assert any("kept your changed b.ipynb" in line for line in report.lines())
    again = bring_up_to_date(mine, source=tmp_path / "r2")
    assert again.lines() == [], "the same release does not offer the same notebook twice"


def test_a_file_that_was_there_before_is_the_learners(tmp_path: Path) -> None:
    mine = release_of(tmp_path / "mine", a="my own a")
    report = bring_up_to_date(mine, source=release_of(tmp_path / "r1", a="a1"))
    assert (mine / "a.ipynb").read_text(encoding="utf-8") == "my own a"
    assert report.kept == (("a.ipynb", f"a-{release()}.ipynb"),)


def test_asked_the_learner_may_take_the_new_version_and_keeps_his_beside_it(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    bring_up_to_date(mine, source=release_of(tmp_path / "r1", a="a1"))
    (mine / "a.ipynb").write_text("my a", encoding="utf-8")
    (mine / "a-yours.ipynb").write_text("an older copy of mine", encoding="utf-8")
    asked: list[str] = []
    report = bring_up_to_date(mine, ask=lambda name: asked.append(name) or True,
                              source=release_of(tmp_path / "r2", a="a2"))
    assert asked == ["a.ipynb"]
    assert (mine / "a.ipynb").read_text(encoding="utf-8") == "a2"
    assert report.replaced == (("a.ipynb", "a-yours-2.ipynb"),)
    assert (mine / "a-yours-2.ipynb").read_text(encoding="utf-8") == "my a"
    assert (mine / "a-yours.ipynb").read_text(encoding="utf-8") == "an older copy of mine"


def test_a_damaged_manifest_loses_nothing(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    bring_up_to_date(mine, source=release_of(tmp_path / "r1", a="a1"))
    (mine / MANIFEST).write_bytes(b"\xff not json")
    report = bring_up_to_date(mine, source=release_of(tmp_path / "r2", a="a2"))
    assert (mine / "a.ipynb").read_text(encoding="utf-8") == "a1", "unknown: counted as the learner's"
    assert report.kept


def test_a_folder_that_cannot_be_used_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert main(["lab", "--no-browser", "--dir", str(tmp_path / "file")]) == 2
    assert "cannot copy the notebooks there" in capsys.readouterr().err


def test_the_default_folder_is_the_users_documents() -> None:
    assert default_folder().name == "kaszino"
    assert default_folder().is_relative_to(Path.home()), "a folder the learner owns"


def test_the_command_serves_the_folder_on_loopback_and_opens_the_start_page(tmp_path: Path) -> None:
    command = lab_command(tmp_path, 8123, browser=False)
    assert command[:2] == [sys.executable, "-c"] and "from jupyterlab.labapp import main" in command[2]
    assert f"--ServerApp.root_dir={tmp_path}" in command and f"--ServerApp.ip={HOST}" in command
    assert f"--LabApp.default_url=/lab/tree/{START_PAGE}" in command and "--no-browser" in command
    assert "--no-browser" not in lab_command(tmp_path, 8123, browser=True)
    assert lab_url(8123, "k") == f"http://127.0.0.1:8123/lab/tree/{START_PAGE}?token=k"


def test_lab_copies_the_notebooks_then_serves_them_until_stopped(tmp_path: Path) -> None:
    port = free_port()
    env = dict(os.environ, KASZINO_PROGRESS=str(tmp_path / "progress.sqlite3"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    mine = tmp_path / "mine"
    page, notebook = fetch_while_served(
        [sys.executable, "-m", "kaszino.cli", "lab", "--no-browser", "--dir", str(mine), f"--port={port}"],
        env,
        lambda url: [url.replace(f"/lab/tree/{START_PAGE}?", f"/api/contents/{START_PAGE}?")])
    assert "JupyterLab" in page
    assert json.loads(notebook)["content"]["cells"], "the start page as JupyterLab reads it from the copy"
    assert (mine / START_PAGE).read_bytes() == (SHIPPED / START_PAGE).read_bytes()


def test_the_question_at_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["y", "igen", "", "n"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert [_ask("a.ipynb") for _ in range(4)] == [True, True, False, False]

    def closed(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", closed)
    assert _ask("a.ipynb") is False

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    with pytest.raises(KaszinoError, match=r"stopped at a\.ipynb"):
        _ask("a.ipynb")
