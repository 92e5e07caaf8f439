"""Time what a learner waits for in the trainer: answer, store the attempt, serve the next puzzle.

Not a test: over every shipped puzzle, with a fresh progress file in a temporary folder, it
prints the median time of "show the solution" (which records a rated attempt and a review card in
one transaction) and of "next" (which chooses the untried puzzle nearest the learner's rating),
each including the widget's redraw, and whether the target is met: under 200 ms for the two
together, so that a click feels immediate.

Run: ``python benchmarks/bench_trainer.py`` (``make bench`` runs every benchmark).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from kaszino.jupyter.widgets import PuzzleWidget
from kaszino.puzzles.puzzle import load_all
from kaszino.puzzles.trainer import Trainer
from kaszino.store import open_store

VISITS = 40
TARGET_MS = 200.0


def main() -> None:
    puzzles = load_all()
    solution_ms, next_ms = [], []
    with tempfile.TemporaryDirectory() as folder, open_store(Path(folder) / "bench.sqlite3") as store:
        widget = PuzzleWidget(Trainer(puzzles, store), controls=True)
        for _ in range(min(VISITS, len(puzzles) - 1)):
            start = time.perf_counter()
            widget.show_solution()
            middle = time.perf_counter()
            widget.next_puzzle()
            end = time.perf_counter()
            solution_ms.append((middle - start) * 1000)
            next_ms.append((end - middle) * 1000)
    solution, following = statistics.median(solution_ms), statistics.median(next_ms)
    print(f"{len(puzzles)} puzzles, {len(solution_ms)} visits")
    print(f"show solution (record attempt, rating, review card, redraw): median {solution:.1f} ms")
    print(f"next (choose the nearest untried puzzle, redraw):             median {following:.1f} ms")
    met = "met" if solution + following < TARGET_MS else "NOT met"
    print(f"target: both together under {TARGET_MS:.0f} ms: {met} ({solution + following:.1f} ms)")


if __name__ == "__main__":
    main()
