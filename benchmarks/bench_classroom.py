"""Time every exact figure of the classroom chapter, and the simulations that check them.

Not a test: it prints, for each exact figure, its value and the time of the first call and the
best of three (target: under 0.1 s each), then the Monte Carlo and self-play throughput. A
reference loop is timed first, so figures measured on a busy machine can be judged.

Run: ``python benchmarks/bench_classroom.py`` (``make bench`` runs every benchmark).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial

from kaszino import PRESETS
from kaszino.classroom import (
    chance_of_capture,
    chance_of_sweep,
    first_move_captures,
    sample_first_moves,
    table_sum_distribution,
)
from kaszino.classroom.simulation import simulate

TARGET_S = 0.1

FIGURES: dict[str, Callable[[], object]] = {
    "(a) tábla on the first move": chance_of_sweep,
    "(b) a capture on the first move": chance_of_capture,
    "(c) distribution of captures": first_move_captures,
    "(c) under V8 (no limit)": lambda: first_move_captures(PRESETS["v8"]),
    "(c) under V2 (two hand cards)": lambda: first_move_captures(PRESETS["v2"]),
    "sum of the four table cards": table_sum_distribution,
}


def seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def reference_loop() -> float:
    """A fixed pure-Python loop (about 0.05 s on an idle laptop core)."""
    return seconds(lambda: sum(i * i for i in range(1_000_000)))


def shown(value: object) -> str:
    if isinstance(value, Fraction):
        return f"{value} ≈ {float(value):.6f}"
    mean = getattr(value, "mean", None)
    return f"mean {float(mean()):.4f}" if callable(mean) else ""


def main() -> None:
    print(f"reference loop: {reference_loop():.3f} s (larger means a busier machine)")
    print(f"{'exact figure':<34} {'first s':>8} {'best s':>8}  value")
    for name, work in FIGURES.items():
        first = seconds(work)
        best = min(seconds(work) for _ in range(3))
        verdict = "" if best < TARGET_S else f"  (over {TARGET_S} s)"
        print(f"{name:<34} {first:>8.3f} {best:>8.3f}  {shown(work())}{verdict}")
    trials = 5000
    took = seconds(lambda: sample_first_moves(trials, seed=1))
    print(f"Monte Carlo first moves: {trials / took:,.0f} per second")
    deals = 50
    for player in ("random", "greedy"):
        took = seconds(partial(simulate, player, deals, seed=0))
        print(f"self-play, {player}: {took / deals * 1000:.1f} ms per deal")


if __name__ == "__main__":
    main()
