"""Time re-checking the shipped puzzle collection and mining a collection of the same size.

Targets (issue 11): ``kaszino puzzles check`` re-verifies the whole collection in at most 30 s on
two cores; mining 1,000 puzzles takes at most 10 minutes. The script prints each figure and
whether its target is met. On a machine shared with other jobs the figures are pessimistic.

Run: ``python benchmarks/bench_puzzles.py [--count 130] [--workers 2] [--skip-mining]``.
"""

from __future__ import annotations

import argparse
import time

from kaszino.puzzles.mining import generate
from kaszino.puzzles.puzzle import KINDS, load_all, recheck

CHECK_TARGET = 30.0
MINING_TARGET = 600.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=130, help="puzzles of each kind to mine")
    parser.add_argument("--workers", type=int, default=2, help="processes for mining")
    parser.add_argument("--skip-mining", action="store_true", help="time only the check")
    args = parser.parse_args()

    start = time.perf_counter()
    puzzles = load_all()
    problems = [p for p in puzzles if recheck(p) is not None]
    took = time.perf_counter() - start
    verdict = "met" if took <= CHECK_TARGET and not problems else "NOT met"
    print(f"check: {len(puzzles)} puzzles loaded and re-solved in {took:.1f} s on one core, "
          f"{len(problems)} problem(s); target {CHECK_TARGET:.0f} s: {verdict}")

    if args.skip_mining:
        return
    start = time.perf_counter()
    mined = generate(KINDS, seed=1, count=args.count, workers=args.workers)
    took = time.perf_counter() - start
    per_thousand = took * 1000 / len(mined)
    verdict = "met" if per_thousand <= MINING_TARGET else "NOT met"
    print(f"mining: {len(mined)} puzzles in {took:.0f} s with {args.workers} worker(s), "
          f"{per_thousand:.0f} s per 1,000; target {MINING_TARGET:.0f} s: {verdict}")


if __name__ == "__main__":
    main()
