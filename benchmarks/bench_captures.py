"""Time ``captures`` on random positions against the brute-force enumerator of the tests.

Not a test: it prints, per table size (4–20 cards, 3 hand cards) and with and without the
13 limit (V8), the median time per position of the engine and of the brute force, their
ratio and the median number of captures, then whether the two speed targets are met:
under 50 µs at 12 table cards with the limit, under 1.5 ms at 20 table cards without it.

Run: ``python benchmarks/bench_captures.py`` (``make bench`` runs every benchmark).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from reference import brute_captures, key

from kaszino import DECK, STANDARD, Card, Rules, captures

SIZES = (4, 8, 12, 16, 20)
HAND = 3
POSITIONS = 200  # random positions per size and limit for the engine
BRUTE_BUDGET_S = 2.0  # the brute force gets about this much time per size and limit (at least one position)
LIMITS: dict[str, Rules] = {"13": STANDARD, "none": STANDARD.with_changes(capture_limit=None, name="v8")}
TARGETS = ((12, "13", 50.0), (20, "none", 1500.0))  # (table size, limit, µs)

Enumerator = Callable[[Sequence[Card], Sequence[Card], Rules], list[object]]


def per_call_us(enumerate_: Enumerator, hand: Sequence[Card], table: Sequence[Card], rules: Rules) -> float:
    """Best of three timings of one call (repeated enough to last about a millisecond)."""
    calls = 1
    while True:
        start = time.perf_counter()
        for _ in range(calls):
            enumerate_(hand, table, rules)
        elapsed = time.perf_counter() - start
        if elapsed > 1e-3 or calls >= 1000:
            break
        calls *= 4
    best = elapsed
    for _ in range(2):
        start = time.perf_counter()
        for _ in range(calls):
            enumerate_(hand, table, rules)
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def positions(size: int, rnd: random.Random) -> list[tuple[list[Card], list[Card]]]:
    found = []
    for _ in range(POSITIONS):
        cards = rnd.sample(DECK, HAND + size)
        found.append((cards[:HAND], cards[HAND:]))
    return found


def main() -> None:
    rnd = random.Random(2026)
    print(f"captures(): {HAND} hand cards, median over random positions "
          f"(engine: {POSITIONS}, brute force: as many as fit in {BRUTE_BUDGET_S:.0f} s)")
    print(f"{'table':>5} {'limit':>5} {'engine µs':>10} {'brute µs':>11} {'ratio':>7} {'captures':>8}")
    medians: dict[tuple[int, str], float] = {}
    for size in SIZES:
        sample = positions(size, rnd)
        for label, rules in LIMITS.items():
            engine = [per_call_us(captures, h, t, rules) for h, t in sample]  # type: ignore[arg-type]
            counts = [len(captures(h, t, rules)) for h, t in sample]
            brute: list[float] = []
            spent = time.perf_counter()
            for h, t in sample:
                if brute and time.perf_counter() - spent > BRUTE_BUDGET_S:
                    break
                start = time.perf_counter()
                expected = brute_captures(h, t, rules)
                brute.append((time.perf_counter() - start) * 1e6)
                assert {key(c) for c in expected} == {key(c) for c in captures(h, t, rules)}, (h, t)
            engine_median, brute_median = statistics.median(engine), statistics.median(brute)
            medians[size, label] = engine_median
            print(f"{size:>5} {label:>5} {engine_median:>10.1f} {brute_median:>11.1f} "
                  f"{brute_median / engine_median:>6.0f}x {statistics.median(counts):>8.0f}")
    for size, label, target in TARGETS:
        got = medians[size, label]
        verdict = "met" if got < target else "NOT met"
        print(f"target: {size} table cards, limit {label}: {got:.1f} µs < {target:.0f} µs — {verdict}")


if __name__ == "__main__":
    main()
