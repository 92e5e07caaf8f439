"""Jupyter widgets: the clickable table and the puzzle trainer (need the ``notebook`` extra)."""

from kaszino.widgets.puzzle import PuzzleWidget
from kaszino.widgets.table import TableWidget

__all__ = ["PuzzleWidget", "TableWidget"]
