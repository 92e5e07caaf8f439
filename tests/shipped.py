"""The shipped puzzles, read once per test process: reading them costs about a second, and every
test module that needs them shares this one copy (with xdist each worker reads them once)."""

from __future__ import annotations

from kaszino.puzzles.puzzle import load_all

SHIPPED = load_all()
