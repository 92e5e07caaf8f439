"""Time the deal analysis (docs/analysis.md) on seeded deals and print medians, worst cases and memory.

Deals: the first deal of games from fixed seeds, greedy (player 0) against random (player 1),
no "Ausz!" (a target nobody reaches), standard rules. Three measures, each against the targets
of issue 21:

- **the last two rounds**: the first position of round 7 of each deal (the hardest of the
  last two rounds: every other is inside its search), solved exactly by a fresh
  ``DealSearch``. Targets: worst ≤ 1 s, median ≤ 0.1 s;
- **the last three rounds**: the first position of round 6, the same way. Targets: worst ≤ 10 s,
  median ≤ 1 s;
- **whole deals**: ``analyse(record)`` with a budget of ``--seconds`` (default 45), a progress
  bar on standard error; the time taken and from which move on every move is exact. Targets:
  ≤ 60 s, every move of the last three rounds exact.

Wall-clock and processor times are both printed: on a machine shared with other work the wall
clock runs ahead of the processor time, which is the better measure of the code. The peak
memory of the process (``resource.getrusage``) ends the report; target ≤ 1 GB. The
machine's load average is printed first: figures of a shared machine vary with it.

Run: ``python benchmarks/bench_analysis.py [--deals 20] [--whole 3] [--seconds 45]``;
``--quick`` (a smoke run for CI): 3 deals, 1 whole deal on a budget of 5 s, no targets checked.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable

from kaszino.cli.analyse import progress_bar
from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players import GreedyPlayer, Player, RandomPlayer, computer_move
from kaszino.games.kaszino.record import GameRecord, record_game
from kaszino.games.kaszino.rules import STANDARD
from kaszino.games.kaszino.solver.analysis import Budget, analyse
from kaszino.games.kaszino.solver.deal import DealSearch
from kaszino.games.kaszino.state import GameState, new_game

FIRST_SEED = 1000


def played_deal(seed: int) -> list[tuple[GameState, Move]]:
    """Every position of the first deal of the game with ``seed`` with the move played there."""
    players: list[Player] = [GreedyPlayer(), RandomPlayer(seed=seed)]
    game = new_game(STANDARD.with_changes(target=1000), seed=seed)
    played = []
    while not game.deal_over:
        move = computer_move(game, players)
        played.append((game, move))
        game = game.play(move)
    return played


def round_start(played: list[tuple[GameState, Move]], round_number: int) -> GameState:
    return next(state for state, _ in played if state.round == round_number)


def timed_solve(state: GameState) -> tuple[float, float, int]:
    """Seconds (wall clock and processor time) and positions an exact solve of ``state`` takes,
    in a search of its own."""
    start, cpu = time.perf_counter(), time.process_time()
    search = DealSearch(state)
    search.exact(search.root)
    return time.perf_counter() - start, time.process_time() - cpu, search.nodes


def report(label: str, times: list[float], worst_target: float | None, median_target: float | None) -> bool:
    worst, median = max(times), statistics.median(times)
    if worst_target is None or median_target is None:
        met, targets = True, ""
    else:
        met = worst <= worst_target and median <= median_target
        verdict = "met" if met else "NOT met"
        targets = f"  (targets: worst ≤ {worst_target} s, median ≤ {median_target} s: {verdict})"
    print(f"{label}: {len(times)} positions, median {median:.3f} s, worst {worst:.3f} s{targets}")
    return met


def whole_deal(seed: int, seconds: float, show: Callable[[int, int], None]) -> tuple[float, float, str, bool]:
    """Analyse the deal of ``seed``: seconds taken (wall clock, processor), where the exact part
    starts, whether it covers the last three rounds."""
    played = played_deal(seed)
    record: GameRecord = record_game(played[0][0], [move for _, move in played])
    cpu = time.process_time()
    analysis = analyse(record, budget=Budget(seconds=seconds), progress=show)
    cpu = time.process_time() - cpu
    first_exact = analysis.exact_from
    last_three = next(number for number, (state, _) in enumerate(played, 1) if state.round == 6)
    covered = first_exact is not None and first_exact <= last_three
    where = "none" if first_exact is None else \
        f"from move {first_exact} (round {analysis.moves[first_exact - 1].round})"
    return analysis.seconds, cpu, where, covered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="seeded deals for the round measures")
    parser.add_argument("--whole", type=int, default=3, help="whole deals to analyse")
    parser.add_argument("--seconds", type=float, default=45.0, help="the budget of a whole-deal analysis")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 deals, 1 whole on 5 s")
    args = parser.parse_args()
    deals, whole, seconds = (3, 1, 5.0) if args.quick else (args.deals, args.whole, args.seconds)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    seeds = range(FIRST_SEED, FIRST_SEED + deals)
    games = [played_deal(seed) for seed in seeds]
    met = True
    for rounds, round_number, worst, median in ((2, 7, 1.0, 0.1), (3, 6, 10.0, 1.0)):
        times: list[float] = []
        cpu_times: list[float] = []
        worst_seed: tuple[int, int] | None = None
        for seed, played in zip(seeds, games, strict=True):
            seconds_taken, cpu, nodes = timed_solve(round_start(played, round_number))
            if not times or seconds_taken > max(times):
                worst_seed = (seed, nodes)
            times.append(seconds_taken)
            cpu_times.append(cpu)
        met &= report(f"last {rounds} rounds (round {round_number} start)", times,
                      None if args.quick else worst, None if args.quick else median)
        report("  the same in processor time", cpu_times, None if args.quick else worst,
               None if args.quick else median)
        print(f"  slowest: seed {worst_seed[0]}, {worst_seed[1]:,} positions" if worst_seed else "")
    for seed in range(FIRST_SEED, FIRST_SEED + whole):
        taken, cpu, where, covered = whole_deal(seed, seconds, progress_bar(sys.stderr))
        ok = taken <= 60 and covered
        met &= args.quick or ok
        verdict = "" if args.quick else f"  ({'met' if ok else 'NOT met'})"
        print(f"whole deal, seed {seed}: {taken:.1f} s ({cpu:.1f} s processor), exact {where}; "
              f"last three rounds exact: {'yes' if covered else 'no'}{verdict}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MB (target ≤ 1024 MB: {'met' if peak <= 1024 else 'NOT met'})")
    if not args.quick:
        print("every target met" if met and peak <= 1024 else "some target NOT met")


if __name__ == "__main__":
    main()
