"""``kaszino classroom teacher``: write the teacher's version of the combinatorics chapter.

The students' notebook (``30_kombinatorika.ipynb``, by default the one installed with kaszino) is
the one source: the teacher's version (``30_kombinatorika_tanari.ipynb``, by default in the current
folder) is the same notebook with a note on top and, after every exercise cell, a cell that shows
the exercise's worked solution. It is run afterwards (unless ``--no-execute``), so it has its outputs
like every notebook; the checkout's copy (``make teacher`` writes it) is committed with them.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
from pathlib import Path
from typing import Any

from kaszino.cli.arguments import file_name
from kaszino.errors import KaszinoError
from kaszino.files import OutputFile, read_text
from kaszino.lessons import IGNORED_OUTPUT, shows_only_lessons
from kaszino.shipped import shipped

STUDENT = shipped("notebooks") / "30_kombinatorika.ipynb"
TEACHER = Path("30_kombinatorika_tanari.ipynb")
EXERCISE_CELL = re.compile(r'^exercise\("(\w+)"\)\s*$')
BANNER = 'from kaszino.jupyter.classroom import solution\n\ntext("teacher")'


def _code_cell(cell_id: str, source: str) -> dict[str, Any]:
    """A new code cell; one that only shows lessons is tagged as the shipped ones are."""
    metadata = {"tags": [IGNORED_OUTPUT]} if shows_only_lessons(source) else {}
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": metadata,
            "outputs": [], "source": source}


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def teacher_version(student: dict[str, Any]) -> dict[str, Any]:
    """The teacher's notebook made from the students' one (outputs cleared; run it afterwards)."""
    cells: list[dict[str, Any]] = []
    banner_placed = False
    for cell in student.get("cells", []):
        cell = copy.deepcopy(cell)
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
            cell.get("metadata", {}).pop("execution", None)
        cells.append(cell)
        source = _source(cell)
        if cell.get("cell_type") == "code" and "language_switch()" in source and not banner_placed:
            cells.append(_code_cell("teacher-note", BANNER))
            banner_placed = True
        match = EXERCISE_CELL.match(source) if cell.get("cell_type") == "code" else None
        if match:
            cells.append(_code_cell(f"solution-{match.group(1)}", f'solution("{match.group(1)}")'))
    if not banner_placed:
        raise KaszinoError("the students' notebook has no language_switch() cell for the teacher's note")
    return {**student, "cells": cells}


MAX_NOTEBOOK_BYTES = 50_000_000
"""The largest students' notebook read, in bytes (the chapter with its outputs takes about 140 kB)."""


def write(notebook: dict[str, Any], out: OutputFile, execute_in: Path | None) -> None:
    """Write ``notebook`` to ``out``, first running it in ``execute_in`` (outputs kept, no widget state)."""
    import nbformat
    from nbclient import NotebookClient

    node = nbformat.reads(json.dumps(notebook), as_version=4)  # type: ignore[no-untyped-call]
    if execute_in is not None:
        NotebookClient(node, timeout=600, kernel_name="python3", store_widget_state=False,
                       resources={"metadata": {"path": str(execute_in)}}).execute()
    out.write(nbformat.writes(node) + "\n")  # type: ignore[no-untyped-call]


def read_student(source: Path) -> dict[str, Any]:
    """The students' notebook at ``source``: a version 4 notebook whose cells are objects."""
    text = read_text(source, what="students' notebook", limit=MAX_NOTEBOOK_BYTES)
    try:
        student: object = json.loads(text)
    except json.JSONDecodeError as error:
        raise KaszinoError(f"{source} is not a notebook: {error}") from None
    if not isinstance(student, dict) or not isinstance(student.get("cells"), list):
        raise KaszinoError(f"{source} is not a notebook: it has no list of cells")
    cells: list[object] = student["cells"]
    shaped = all(isinstance(cell, dict) and isinstance(cell.get("metadata", {}), dict) for cell in cells)
    if student.get("nbformat") != 4 or not shaped:
        raise KaszinoError(f"{source} is not a notebook of format 4 (nbformat 4, cells with metadata)")
    return student


def teacher(args: argparse.Namespace) -> int:
    source = Path(args.student)
    out = OutputFile(args.out, force=args.force, what="notebook",
                     protected={source: "the students' notebook"})
    out.check()
    student = read_student(source)
    notebook = teacher_version(student)
    write(notebook, out, None if args.no_execute else source.resolve().parent)
    solutions = sum(1 for cell in notebook["cells"] if _source(cell).startswith("solution("))
    print(f"wrote {args.out}: {solutions} worked solutions")
    return 0


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``classroom teacher`` to the ``kaszino`` command."""
    group = commands.add_parser("classroom", help="the classroom chapter (combinatorics)")
    sub = group.add_subparsers(dest="classroom_command", required=True)
    write = sub.add_parser("teacher", help="write the teacher's version of the chapter (worked solutions)")
    write.add_argument("--student", type=file_name, default=str(STUDENT),
                       help="the students' notebook (default: the one installed with kaszino)")
    write.add_argument("--out", type=file_name, default=str(TEACHER),
                       help=f"where to write (default: {TEACHER} in the current folder)")
    write.add_argument("--force", action="store_true", help="replace --out if it exists")
    write.add_argument("--no-execute", action="store_true", help="write without running the notebook")
    write.set_defaults(run=teacher)
