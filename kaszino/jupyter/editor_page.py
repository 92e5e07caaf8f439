"""The position editor page (``notebooks/40_szerkeszto.ipynb``): the editor, following the page's
language switch (:class:`~kaszino.jupyter.widgets.editor.PositionEditor`, docs/editor.md)."""

from __future__ import annotations

from kaszino.jupyter.tutorial import follow_language
from kaszino.jupyter.widgets.editor import PositionEditor


def position_editor(file_name: str = "", game: str = "kaszino") -> PositionEditor:
    """An empty table of ``game`` (``kaszino`` or ``scopa``; the page switches between them) to
    compose a position on; ``file_name`` is the teacher's collection file the puzzles are saved to
    (typed on the page when not given)."""
    return follow_language(PositionEditor(game=game, file_name=file_name))
