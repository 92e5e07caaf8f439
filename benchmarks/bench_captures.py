"""Time ``captures`` on random positions beside a plain enumerator and the tests' brute force.

Not a test: it prints, per table size (4–20 cards, 3 hand cards) and with and without the
13 limit (V8), the median time per position of the engine, of a plain enumerator (every
table subset tried against the sums the hand can make, a frozenset pair per capture: the
obvious way to write it) and of the brute force of the tests, the plain/engine ratio and the
median number of captures. The engine and the plain enumerator are timed alternately on the
same positions, so that a busy machine slows both alike. A position is timed by repeating it,
which keeps any memo warm: the engine remembers a hand's groups (a hand meets many tables) and
nothing about a table. Then whether the targets are met: at most 20 µs at 12 table cards with
the limit, at most 0.5 ms at 20 table cards without it, and at least 10 times the plain
enumerator at 12 table cards and more.

Run: ``python benchmarks/bench_captures.py`` (``make bench`` runs every benchmark).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from reference import brute_captures, key

from kaszino import DECK, STANDARD, Card, Rules, captures

SIZES = (4, 8, 12, 16, 20)
HAND = 3
POSITIONS = 200  # random positions per size and limit for the engine
BRUTE_BUDGET_S = 2.0  # the brute force gets about this much time per size and limit (at least one position)
LIMITS: dict[str, Rules] = {"13": STANDARD, "none": STANDARD.with_changes(capture_limit=None, name="v8")}
TARGETS = ((12, "13", 20.0), (20, "none", 500.0))  # (table size, limit, µs)
PLAIN_RATIO = 10.0  # at least this many times the plain enumerator, from 12 table cards on

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


def plain_captures(hand: Sequence[Card], table: Sequence[Card], rules: Rules) -> list[object]:
    """The baseline: every table subset tried against the hand sums, a frozenset pair per capture."""
    limit = rules.capture_limit
    most = len(hand) if rules.max_hand_cards is None else min(len(hand), rules.max_hand_cards)
    groups: dict[int, list[frozenset[Card]]] = {}
    for size in range(1, most + 1):
        for group in combinations(hand, size):
            total = sum(card.value for card in group)
            if limit is None or total <= limit:
                groups.setdefault(total, []).append(frozenset(group))
    found: set[tuple[frozenset[Card], frozenset[Card]]] = set()
    for size in range(1, len(table) + 1):
        for subset in combinations(table, size):
            matching = groups.get(sum(card.value for card in subset))
            if matching:
                taken = frozenset(subset)
                found.update((group, taken) for group in matching)
    return list(found)


def positions(size: int, rnd: random.Random) -> list[tuple[list[Card], list[Card]]]:
    found = []
    for _ in range(POSITIONS):
        cards = rnd.sample(DECK, HAND + size)
        found.append((cards[:HAND], cards[HAND:]))
    return found


def main() -> None:
    rnd = random.Random(2026)
    print(f"captures(): {HAND} hand cards, median over random positions (engine: {POSITIONS}; "
          f"plain, alternately, and brute force: as many as fit in about {BRUTE_BUDGET_S:.0f} s; "
          "the ratio compares the same positions)")
    print(f"{'table':>5} {'limit':>5} {'engine µs':>10} {'plain µs':>10} {'brute µs':>11} "
          f"{'plain/engine':>12} {'captures':>8}")
    medians: dict[tuple[int, str], float] = {}
    ratios: dict[tuple[int, str], float] = {}
    for size in SIZES:
        sample = positions(size, rnd)
        for label, rules in LIMITS.items():
            engine: list[float] = []
            plain: list[float] = []
            spent = time.perf_counter()
            for h, t in sample:
                engine.append(per_call_us(captures, h, t, rules))  # type: ignore[arg-type]
                if not plain or time.perf_counter() - spent < BRUTE_BUDGET_S:
                    plain.append(per_call_us(plain_captures, h, t, rules))
            counts = [len(captures(h, t, rules)) for h, t in sample]
            brute: list[float] = []
            spent = time.perf_counter()
            for h, t in sample:
                if brute and time.perf_counter() - spent > BRUTE_BUDGET_S:
                    break
                start = time.perf_counter()
                expected = brute_captures(h, t, rules)
                brute.append((time.perf_counter() - start) * 1e6)
                found = {key(c) for c in captures(h, t, rules)}
                assert {key(c) for c in expected} == found == set(plain_captures(h, t, rules)), (h, t)
            engine_median, plain_median = statistics.median(engine), statistics.median(plain)
            medians[size, label] = engine_median
            ratios[size, label] = plain_median / statistics.median(engine[: len(plain)])
            print(f"{size:>5} {label:>5} {engine_median:>10.1f} {plain_median:>10.1f} "
                  f"{statistics.median(brute):>11.1f} {ratios[size, label]:>11.0f}x "
                  f"{statistics.median(counts):>8.0f}", flush=True)
    for size, label, target in TARGETS:
        got = medians[size, label]
        verdict = "met" if got <= target else "NOT met"
        print(f"target: {size} table cards, limit {label}: {got:.1f} µs <= {target:.0f} µs — {verdict}")
    slowest = min((ratio, size, label) for (size, label), ratio in ratios.items() if size >= 12)
    verdict = "met" if slowest[0] >= PLAIN_RATIO else "NOT met"
    print(f"target: at least {PLAIN_RATIO:.0f}x the plain enumerator from 12 table cards on: "
          f"lowest {slowest[0]:.0f}x ({slowest[1]} cards, limit {slowest[2]}) — {verdict}")


if __name__ == "__main__":
    main()
