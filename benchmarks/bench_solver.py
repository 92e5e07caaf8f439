"""Time ``kaszino.solve`` on a fixed seeded set of open last rounds, beside the plain minimax.

Positions: two players, 3 + 3 hand cards, tables of 2..12 cards, dealt by
``kaszino.games.kaszino.solver.positions.last_round_position`` from fixed seeds (piles tilted at random
so that the majorities are sometimes decided, mostly open). For each table size the script prints the
median and worst time of ``solve`` and of the plain minimax of ``tests/minimax_reference.py``
on the same positions, and their ratio. The minimax runs only up to ``--minimax-max-table``
table cards and on the first ``--minimax-positions`` positions of a size: beyond that it takes
minutes. Targets: at 12 table cards a median under 20 ms and a worst case under 300 ms; at 8
table cards at least 30 times faster than the plain minimax.

Modes beyond the default:

- ``--adversarial``: the worst cases known, two players: the last round of issue 9 (sixteen
  small table cards against K Q J in each hand) and positions of the same kind dealt from fixed
  seeds (tables of 12–16 cards of value 1–7, hands of court cards). Target: every one of
  them solved in at most 0.1 s. ``solve`` leaves the full list of best moves and every move's
  exact value to be searched when first read: two more columns time reading them.
- ``--find N``: the finder that made that set: deals ``N`` such positions from random seeds,
  solves each, prints the slowest with their notation (to add to ``ADVERSARIAL_SEEDS``) and
  how many took longer than the target.

Both time each worst case as the median of three solves (``REPEATS``): one run on a busy machine
can be 10 % or more off.
- ``--players 3`` or ``--players 4``: three players with 4 + 4 + 4 cards or four with 3 each,
  12 table cards. Targets: median at most 1 s, worst at most 5 s.

Every mode ends with the peak memory of the process (``resource.getrusage``); target: at most
500 MB for any solve. Figures depend on the machine and its load: compare runs made together.

Run: ``python benchmarks/bench_solver.py [--positions 20] [--minimax-positions 5]``.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from minimax_reference import minimax

from kaszino.engine.cards import DECK, Card
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import STANDARD, Rules, preset
from kaszino.games.kaszino.solver import Solution, solve
from kaszino.games.kaszino.solver.positions import last_round_position
from kaszino.games.kaszino.state import GameState, build

TABLE_SIZES = range(2, 13)
ISSUE_9 = (
    "rules=standard; seed=0; deal=1; dealer=1; scores=0 | 0; round=8; to_move=0; forced=-; "
    "last_capturer=0; hands=K♣ Q♥ J♦ | K♥ Q♠ J♠; table=A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 5♦ 4♠ 6♥ 4♦ 7♠; "
    "talon=-; piles=7♣ 8♣ 7♦ Q♦ 5♥ 5♠ K♠ 6♦ 10♦ 9♣ 4♥ 8♠ 10♥ 8♦ 4♣ | 10♠ 6♠ 6♣ 3♣ 10♣ 9♦ 9♠ 7♥ J♥ "
    "J♣ 5♣ Q♣ K♦ 9♥ 8♥; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-"
)
ADVERSARIAL_SEEDS = (0, 1, 2, 3, 4, 5, 6, 7, 849743, 966324, 894703, 921970, 614845, 768347,
                     462947, 358058, 465864, 169825, 465834, 992986, 844285,
                     84790, 548206, 925133)
"""Seeds of :func:`small_card_table` in the adversarial set: the first eight seeds; the six slowest
the finder found among 1,400 random ones for the solver of 2026-12-01 (second session); the three
slowest among 1,000 more for the solver after it; for the solver of the fifth session, the three
slowest among 3,000 more once it folded settled spades, the slowest of a fixed 1,000 (844285), and
the three slowest among 5,000 more once it left out dominated captures (re-run ``--find`` to add
more)."""
TARGET_ADVERSARIAL_S = 0.1


def positions(table_size: int, count: int) -> list[GameState]:
    rng = random.Random(f"bench-solver:{table_size}")
    return [
        last_round_position(rng, Rules(), table_size=table_size, hand_sizes=(3, 3),
                            bias=rng.uniform(0.35, 0.65))
        for _ in range(count)
    ]


def small_card_table(seed: int, rules: Rules = STANDARD, hand_size: int = 3) -> GameState:
    """An open last round with many small cards on the table and court cards in the hands."""
    rng = random.Random(f"small-card-table:{seed}")
    small = [card for card in DECK if card.value <= 7]
    high = [card for card in DECK if card.value >= 10]
    rng.shuffle(small)
    rng.shuffle(high)
    n = rules.players
    hands = tuple(tuple(high[p * hand_size:(p + 1) * hand_size]) for p in range(n))
    table = tuple(small[: rng.randint(12, 16)])
    used = set(table).union(*hands)
    rest: list[Card] = [card for card in DECK if card not in used]
    rng.shuffle(rest)
    return build(replace(PositionDraft.empty(rules), hands=hands, table=table,
                         piles=tuple(tuple(rest[p::n]) for p in range(n)), last_capturer=rng.randrange(n),
                         round=rules.rounds))


def timed(function: Callable[[GameState], object], states: list[GameState]) -> list[float]:
    """Seconds per state."""
    times = []
    for state in states:
        start = time.perf_counter()
        function(state)
        times.append(time.perf_counter() - start)
    return times


REPEATS = 3
"""Fresh solves per position in the two-player worst-case modes; the median is reported. A solve
keeps nothing from an earlier one, so the runs differ only by the machine's noise (often ±10 %)."""


def solve_timed(state: GameState) -> tuple[float, Solution]:
    """The median time of :data:`REPEATS` fresh solves of ``state``, and the solution."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        solution = solve(state)
        times.append(time.perf_counter() - start)
    return statistics.median(times), solution


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f}"


def peak_memory_mb() -> float:
    """The peak resident memory of this process so far, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def adversarial() -> None:
    states = [GameState.from_notation(ISSUE_9)] + [small_card_table(seed) for seed in ADVERSARIAL_SEEDS]
    target_ms = TARGET_ADVERSARIAL_S * 1000
    print(f"adversarial two-player last rounds (target: each solved in at most {target_ms:.0f} ms)")
    print("`solve` finds the value and the line; every move's exact value and the full list of best")
    print("moves are searched when first read: the last two columns time reading them all after it.")
    print(f"`solve (ms)`: the median of {REPEATS} solves of the position.")
    print("name          table   solve (ms)   nodes | best moves (ms)  all values (ms)")
    worst = 0.0
    for name, state in zip(["issue 9"] + [f"seed {seed}" for seed in ADVERSARIAL_SEEDS], states, strict=True):
        spent, solution = solve_timed(state)
        worst = max(worst, spent)
        start = time.perf_counter()
        best = len(solution.best_moves)
        ties = time.perf_counter() - start
        start = time.perf_counter()
        dict(solution.move_values)
        values = time.perf_counter() - start
        print(f"{name:12s} {len(state.table):6d}   {ms(spent)}   {solution.nodes:7d} | "
              f"{ms(ties)} ({best:3d})  {ms(values)}", flush=True)
    verdict = "met:     " if worst <= TARGET_ADVERSARIAL_S else "NOT MET: "
    print(f"{verdict}worst solve {worst * 1000:.1f} ms <= {TARGET_ADVERSARIAL_S * 1000:.0f} ms")


def find(count: int) -> None:
    """Solve ``count`` small-card tables from random seeds once each; time the slowest ten again
    (the median of :data:`REPEATS` solves) with every other one over the target, list the ten,
    count those over the target."""
    found = []
    for seed in random.Random().sample(range(10**6), count):
        state = small_card_table(seed)
        start = time.perf_counter()
        solve(state)
        found.append((time.perf_counter() - start, seed, state))
    found.sort(key=lambda item: item[0], reverse=True)
    again = [(*solve_timed(state), seed, state) for rank, (spent, seed, state) in enumerate(found)
             if rank < 10 or spent > TARGET_ADVERSARIAL_S]
    again.sort(key=lambda item: item[0], reverse=True)
    for spent, solution, seed, state in again[:10]:
        print(f"seed {seed}: {spent * 1000:.1f} ms, {solution.nodes} nodes\n  {state.notation()}")
    over = sum(spent > TARGET_ADVERSARIAL_S for spent, *_ in again)
    print(f"{count} positions: median {statistics.median(spent for spent, *_ in found) * 1000:.1f} ms "
          f"(one solve each), {over} ({100 * over / count:.1f}%) over {TARGET_ADVERSARIAL_S * 1000:.0f} ms "
          f"(the median of {REPEATS} solves)")


def more_players(players: int, count: int) -> None:
    rules = preset(f"p{players}")
    hand = 4 if players == 3 else 3
    rng = random.Random(f"bench-solver:p{players}")
    states = [last_round_position(rng, rules, table_size=12, hand_sizes=(hand,) * players,
                                  bias=rng.uniform(0.2, 0.5)) for _ in range(count)]
    print(f"{players} players, {hand} cards each, 12 table cards (targets: median <= 1 s, worst <= 5 s)")
    solved = timed(solve, states)
    for spent in solved:
        print(f"  {ms(spent)} ms", flush=True)
    median, worst = statistics.median(solved), max(solved)
    checks = ((f"median {median:.2f} s <= 1 s", median <= 1.0), (f"worst {worst:.2f} s <= 5 s", worst <= 5.0))
    for text, met in checks:
        print(("met:     " if met else "NOT MET: ") + text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per table size")
    parser.add_argument("--minimax-positions", type=int, default=5, help="of those, how many for the minimax")
    parser.add_argument("--minimax-max-table", type=int, default=8, help="largest table for the minimax")
    parser.add_argument("--adversarial", action="store_true", help="time the known worst cases")
    parser.add_argument("--find", type=int, metavar="N", help="search N small-card tables for slow ones")
    parser.add_argument("--players", type=int, choices=(3, 4), help="three or four players instead")
    args = parser.parse_args()
    if args.adversarial:
        adversarial()
    elif args.find:
        find(args.find)
    elif args.players:
        more_players(args.players, args.positions)
    else:
        two_players(args)
    memory = peak_memory_mb()
    print(("met:     " if memory <= 500 else "NOT MET: ") + f"peak memory {memory:.0f} MB <= 500 MB")


def two_players(args: argparse.Namespace) -> None:
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
