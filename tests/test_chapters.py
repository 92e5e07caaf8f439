"""Every tutorial chapter, driven in the kernel as a learner would: how a chapter's cells are run
here (:func:`shown`: no cell prints anything) and its exercises answered (:func:`answer`), which
``test_chapter_machinery`` does once for every chapter (each exercise answered right and wrong, each
explained, the closing check saved, every text scanned); and how every chapter ends.

The notebooks themselves only build the page (nbval checks their outputs).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

from kaszino.games.casino.moves import Trail as CasinoTrail
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.games.scopa.moves import ScopaMove
from kaszino.i18n import using_language
from kaszino.jupyter.widgets.exercise import ChoiceWidget, NumberWidget, TaskTable
from kaszino.teach import chapters as contents
from kaszino.teach.casino_picks import pick_of
from kaszino.teach.chapters import next_steps_markdown
from kaszino.teach.exercises import CasinoTask, Choice, MoveTask, NumberQuestion, ScopaTask

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHAPTERS = sorted(path for path in NOTEBOOKS.glob("0[1-9]_*.ipynb"))


def shown(notebook: Path) -> list[Any]:
    """Run the code cells of ``notebook``; return every value a cell shows (its last expression)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {"display": lambda *values: values_shown.extend(values)}
    values_shown: list[Any] = []
    printed = StringIO()
    with redirect_stdout(printed):
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            tree = ast.parse("".join(cell["source"]))
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(notebook), "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(notebook), "eval"), namespace)
                if value is not None:
                    values_shown.append(value)
    assert printed.getvalue() == "", f"{notebook.name} prints: {printed.getvalue()!r}"
    return values_shown


@pytest.fixture(autouse=True)
def fresh_learner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    with using_language("hu"):
        yield


def right_move(task: MoveTask) -> Capture | Lay:
    return next(move for move in task.state.legal_moves()
                if isinstance(move, (Capture, Lay)) and task.goal.reached(task.state, move))


def answer(widget: ChoiceWidget | NumberWidget | TaskTable, right: bool) -> None:
    """Answer ``widget`` rightly or wrongly, as a click would, and check the verdict and its reason."""
    question = widget.question
    if isinstance(widget, ChoiceWidget) and isinstance(question, Choice):
        widget.choose(question.answer if right else next(o for o in question.options if o != question.answer))
    elif isinstance(widget, NumberWidget) and isinstance(question, NumberQuestion):
        widget.submit(question.answer if right else question.answer + 1)
    elif isinstance(widget, TaskTable) and isinstance(question, MoveTask):
        if right:
            move: Capture | Lay = right_move(question)
        else:
            wrong = [m for m in question.state.legal_moves()
                     if isinstance(m, (Capture, Lay)) and not question.goal.reached(question.state, m)]
            move = wrong[0] if wrong else Lay(question.state.hands[question.state.to_move][0])
        hand, table = (move.hand, move.table) if isinstance(move, Capture) else ((move.card,), ())
        for card in hand + table:
            widget.select(card)
        (widget.press_capture if isinstance(move, Capture) else widget.press_lay)()
    elif isinstance(widget, TaskTable) and isinstance(question, CasinoTask):
        wrong = [m for m in question.state.legal_moves() if m not in question.right]
        casino = question.right[0] if right else wrong[0] if wrong else CasinoTrail(question.right[0].card)
        hand, table, intent = pick_of(casino)
        for card in hand + table:
            if card not in widget.selection[0] + widget.selection[1]:  # a build is picked whole at once
                widget.select(card)
        {"capture": widget.press_capture, "build": widget.press_build, "trail": widget.press_lay}[intent]()
        if widget.choices:
            widget.choose_move(widget.choices.index(casino))
    elif isinstance(widget, TaskTable) and isinstance(question, ScopaTask):
        wrong = [m for m in question.state.legal_moves()
                 if isinstance(m, ScopaMove) and m not in question.right]
        scopa = question.right[0] if right else wrong[0] if wrong else ScopaMove(question.right[0].card)
        for card in (scopa.card, *scopa.taken):
            widget.select(card)
        (widget.press_lay if scopa.is_lay else widget.press_capture)()
    else:
        raise AssertionError(f"unexpected exercise widget {widget!r}")
    assert widget.correct is right, (widget.key, widget.feedback)
    assert widget.verdict is not None
    if not right:
        assert widget.verdict.lines, f"{widget.key}: a wrong answer without a reason"
    for lang in ("hu", "en"):
        assert widget.verdict.text_in(lang)


@pytest.mark.parametrize("chapter", [each.id for each in contents.CHAPTERS])
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_chapter_ends_with_links_onward_and_back(chapter: str, lang: str) -> None:
    """Below every chapter check: the next chapter (none after the last), the trainer and a game,
    and the start page, each a notebook that exists."""
    links = re.findall(r"\]\(([^)]+)\)", next_steps_markdown(chapter, lang))
    ids = [each.id for each in contents.CHAPTERS]
    following = [each.notebook for each in contents.CHAPTERS[ids.index(chapter) + 1:][:1]]
    assert links == [*following, "10_feladvanyok.ipynb", "20_jatek.ipynb", "00_start.ipynb"]
    assert all((NOTEBOOKS / link).is_file() for link in links)


@pytest.mark.parametrize("notebook", CHAPTERS, ids=lambda path: path.stem)
def test_every_chapter_ends_with_its_summary_its_check_and_nothing_after(notebook: Path) -> None:
    """The learner reads the summary, then takes the check: the check's heading follows the summary
    and the check is the page's last cell, its footer the one set of links onward (a chapter once
    had a second line of links below it, and five chapters their summary after the check)."""
    sources = ["".join(cell["source"]) for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
               if cell["cell_type"] == "code"]
    assert sources[-1].startswith("chapter_check(")
    assert re.fullmatch(r'lesson\((chapter\.text\("check"\)|"chapter\d\d\.check")\)', sources[-2])
    assert "summary" in sources[-3] and sources[-3].startswith("lesson(")
    assert not any(re.search(r"\.next\b", source) for source in sources)
