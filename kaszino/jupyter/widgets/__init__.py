"""Jupyter widgets: the clickable table and the puzzle trainer (need the ``notebook`` extra)."""

from kaszino.jupyter.widgets.puzzle import PuzzleWidget
from kaszino.jupyter.widgets.table import TableWidget

__all__ = ["PuzzleWidget", "TableWidget"]
