"""Jupyter widgets: the clickable table, the puzzle trainer and the teacher's position editor (need
the ``notebook`` extra)."""

from kaszino.jupyter.widgets.editor import PositionEditor
from kaszino.jupyter.widgets.puzzle import PuzzleWidget
from kaszino.jupyter.widgets.table import TableWidget

__all__ = ["PositionEditor", "PuzzleWidget", "TableWidget"]
