"""The position editor page (``notebooks/40_szerkeszto.ipynb``): the editor, following the page's
language switch (:class:`~kaszino.jupyter.widgets.editor.PositionEditor`, docs/editor.md)."""

from __future__ import annotations

from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.jupyter.tutorial import follow_language
from kaszino.jupyter.widgets.editor import PositionEditor


def position_editor(file_name: str = "", rules: Rules = STANDARD) -> PositionEditor:
    """An empty table of ``rules`` to compose a position on; ``file_name`` is the teacher's
    collection file the puzzles are saved to (typed on the page when not given)."""
    return follow_language(PositionEditor(rules=rules, file_name=file_name))
