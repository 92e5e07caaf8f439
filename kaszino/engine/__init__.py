"""The rules engine: cards, captures, moves, the game state and its text forms (docs/rules.md §1–§7).

The lowest layer above ``errors``: it imports nothing from the solver, teaching, puzzles or
Jupyter layers (``tests/test_layers.py`` checks it).
"""
