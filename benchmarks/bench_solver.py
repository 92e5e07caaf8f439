"""Time ``kaszino.solve`` on a fixed seeded set of open last rounds, beside the plain minimax.

Positions: two players, 3 + 3 hand cards, tables of 2..12 cards, dealt by
``kaszino.solver.positions.last_round_position`` from fixed seeds (piles tilted at random so that
the majorities are sometimes decided, mostly open). For each table size the script prints the
median and worst time of ``solve`` and of the plain minimax of ``tests/minimax_reference.py``
on the same positions, and their ratio. The minimax runs only up to ``--minimax-max-table``
table cards and on the first ``--minimax-positions`` positions of a size: beyond that it takes
minutes. Targets: at 12 table cards a median under 20 ms and a worst case under 300 ms; at 8
table cards at least 30 times faster than the plain minimax.

Run: ``python benchmarks/bench_solver.py [--positions 20] [--minimax-positions 5]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from minimax_reference import minimax

from kaszino.engine.rules import Rules
from kaszino.engine.state import GameState
from kaszino.solver import solve
from kaszino.solver.positions import last_round_position

TABLE_SIZES = range(2, 13)


def positions(table_size: int, count: int) -> list[GameState]:
    rng = random.Random(f"bench-solver:{table_size}")
    return [
        last_round_position(rng, Rules(), table_size=table_size, hand_sizes=(3, 3),
                            bias=rng.uniform(0.35, 0.65))
        for _ in range(count)
    ]


def timed(function: Callable[[GameState], object], states: list[GameState]) -> list[float]:
    """Seconds per state."""
    times = []
    for state in states:
        start = time.perf_counter()
        function(state)
        times.append(time.perf_counter() - start)
    return times


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per table size")
    parser.add_argument("--minimax-positions", type=int, default=5, help="of those, how many for the minimax")
    parser.add_argument("--minimax-max-table", type=int, default=8, help="largest table for the minimax")
    args = parser.parse_args()

    solve(positions(4, 1)[0])  # warm up imports and caches outside the measurement
    print("table  solve median   worst (ms) | minimax median   worst (ms) | ratio of medians")
    results: dict[int, tuple[list[float], float | None]] = {}
    for size in TABLE_SIZES:
        states = positions(size, args.positions)
        solved = timed(solve, states)
        line = f"{size:5d}    {ms(statistics.median(solved))} {ms(max(solved))} |"
        ratio = None
        if size <= args.minimax_max_table:
            few = states[: args.minimax_positions]
            plain = timed(minimax, few)
            ratio = statistics.median(plain) / statistics.median(solved[: len(few)])
            line += f"      {ms(statistics.median(plain))} {ms(max(plain))} | {ratio:8.0f}x"
        else:
            line += "      (skipped: too slow)      |"
        results[size] = (solved, ratio)
        print(line, flush=True)

    at12, _ = results[12]
    median12, worst12, ratio8 = statistics.median(at12), max(at12), results[8][1] or 0.0
    checks = [
        (f"median at 12 table cards {median12 * 1000:.1f} ms < 20 ms", median12 < 0.020),
        (f"worst at 12 table cards {worst12 * 1000:.1f} ms < 300 ms", worst12 < 0.300),
        (f"at 8 table cards {ratio8:.0f}x faster than the plain minimax (>= 30x)", ratio8 >= 30),
    ]
    for text, met in checks:
        print(("met:     " if met else "NOT MET: ") + text)


if __name__ == "__main__":
    main()
