"""Seeded matches between the computer players: win rate, points per deal, time per move.

Each pairing plays ``--games`` whole games to the target (11 by default) under the standard rules.
Seats alternate: games 2k and 2k+1 are dealt from the same seed with the players swapped, so
neither side profits from the cards. The games run in a pool of ``--workers`` processes (one per
core by default). The script prints, for the first player of each pairing, the share of games won
with a 95 % (Wilson) interval, both sides' points per deal, and each computer player's time per
move (median, 99th percentile, worst) — on the clock, in processor time, and in processor time in
the open last round (the exact solver's phase for the expert) — with the position of the move that
took most processor time and the load
average of the machine before and after: the clock times are measured while the pool keeps every
core busy, and other work on the machine slows them; the processor times are what a move costs
on an idle core.

Targets (issue 7): the expert wins at least 60 % of games to 11 against greedy; at most 1 s per
move, median at most 0.3 s (two cores).

Run: ``python benchmarks/bench_players.py [--games 400] [--pairings expert-greedy greedy-random]
[--expert samples=8,budget=4000]`` (``--expert`` sets the expert's parameters for a trial).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, fields
from math import sqrt

from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players import ExpertPlayer, GreedyPlayer, Player, RandomPlayer, play_game
from kaszino.games.kaszino.rules import STANDARD
from kaszino.games.kaszino.state import GameState

Options = dict[str, float]


def maker(name: str, options: Options) -> Callable[[int], Player]:
    """The factory of the player called ``name`` (the expert with ``options`` as its parameters)."""
    if name == "random":
        return lambda seed: RandomPlayer(seed=seed)
    if name == "greedy":
        return lambda seed: GreedyPlayer()
    return lambda seed: ExpertPlayer(seed=seed, **options)  # type: ignore[arg-type]


NAMES = ("random", "greedy", "expert")


@dataclass
class Timed:
    """A player whose every decision is timed: all of them, those in the open last round (the exact
    solver's phase for the expert), and the slowest with its position."""

    player: Player
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    open_round: list[float] = field(default_factory=list)
    slowest: tuple[float, float, str] = (0.0, 0.0, "")  # processor time, clock time, position

    @property
    def name(self) -> str:
        return self.player.name

    def choose(self, state: GameState) -> Move:
        start, cpu = time.perf_counter(), time.process_time()
        move = self.player.choose(state)
        spent, cpu = time.perf_counter() - start, time.process_time() - cpu
        self.times.append(spent)
        self.cpu.append(cpu)
        if state.open_round and not state.talon:
            self.open_round.append(cpu)
        if cpu > self.slowest[0]:
            self.slowest = (cpu, spent, state.notation())
        return move


@dataclass(frozen=True)
class Game:
    """One game's outcome seen from the pairing's first player."""

    score: float  # 1 won, 0.5 drawn, 0 lost
    points: tuple[int, int]  # first, second
    deals: int
    players: tuple[Timed, Timed]  # first, second, with their times


def play(first: str, second: str, game: int, target: int, options: Options) -> Game:
    """Game number ``game`` of the pairing: seed ``game // 2``, the first player in seat ``game % 2``."""
    rules = STANDARD.with_changes(target=target)
    mine, theirs = Timed(maker(first, options)(0)), Timed(maker(second, options)(1))
    seat = game % 2
    seats = [mine, theirs] if seat == 0 else [theirs, mine]
    final = play_game(seats, rules, seed=game // 2).final_state()
    score = 1.0 if final.winner == seat else 0.5 if final.winner is None else 0.0
    totals = final.totals()
    return Game(score, (totals[seat], totals[1 - seat]), final.deal, (mine, theirs))


def play_task(task: tuple[str, str, int, int, Options]) -> Game:
    """:func:`play` on one tuple of arguments (what the pool hands a worker)."""
    return play(*task)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of ``wins`` out of ``games``."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def timing(name: str, times: list[float]) -> str:
    """One line: the number of moves and their median, 99th percentile and worst time."""
    ordered = sorted(times)
    if not ordered:
        return f"  {name}: no moves"
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"  {name}: {len(ordered)} moves, median {statistics.median(ordered) * 1000:.1f} ms, "
            f"p99 {p99 * 1000:.1f} ms, worst {ordered[-1] * 1000:.1f} ms")


def report(first: str, second: str, target: int, games: list[Game], seconds: float) -> str:
    """The pairing's figures in a few lines."""
    count = len(games)
    wins = sum(game.score for game in games)
    deals = sum(game.deals for game in games)
    low, high = wilson(wins, count)
    lines = [
        f"{first} against {second}: {count} games to {target}, {deals} deals, {seconds:.0f} s",
        f"  {first} wins {wins / count:.1%} (95 % interval {low:.1%} to {high:.1%})",
        f"  points per deal: {first} {sum(g.points[0] for g in games) / deals:.2f}, "
        f"{second} {sum(g.points[1] for g in games) / deals:.2f}",
    ]
    for side, name in enumerate((first, second) if first != second else (first, f"{second} (second)")):
        timed = [game.players[side] for game in games]
        spent = [t for player in timed for t in player.times]
        if not spent:
            continue
        lines.append(timing(name, spent))
        lines.append(timing(f"{name}, processor time", [t for player in timed for t in player.cpu]))
        lines.append(timing(f"{name} in the open last round, processor time",
                            [t for p in timed for t in p.open_round]))
        cpu, clock, position = max(player.slowest for player in timed)
        lines.append(f"    slowest in processor time ({cpu * 1000:.0f} ms, clock {clock * 1000:.0f} ms): "
                     f"{position}")
    if (first, second) == ("expert", "greedy"):
        expert = sorted(t for game in games for t in game.players[0].times)
        verdicts = [("win rate at least 60 %", wins / count >= 0.6),
                    ("median move at most 0.3 s", statistics.median(expert) <= 0.3),
                    ("every move at most 1 s", expert[-1] <= 1.0)]
        lines += [f"  target {text}: {'met' if ok else 'NOT met'}" for text, ok in verdicts]
    return "\n".join(lines)


def parse_options(text: str) -> Options:
    """``samples=8,budget=4000`` as the expert's keyword arguments (numbers)."""
    known = {f.name for f in fields(ExpertPlayer)} - {"seed", "name"}
    options: Options = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key not in known:
            raise argparse.ArgumentTypeError(
                f"the expert has no parameter {key!r}; it has {', '.join(sorted(known))}")
        try:
            number = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{key} must be a number, not {value!r}") from None
        options[key] = int(number) if number.is_integer() and "." not in value else number
    return options


def load() -> str:
    """The load average of the last 1, 5 and 15 minutes."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def run(pairings: Iterable[tuple[str, str]], games: int, target: int, workers: int, options: Options) -> None:
    """Play and report every pairing, the games spread over ``workers`` processes."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for first, second in pairings:
            started, before = time.perf_counter(), load()
            tasks = [(first, second, game, target, options) for game in range(games)]
            played = list(pool.map(play_task, tasks, chunksize=4))
            print(report(first, second, target, played, time.perf_counter() - started), flush=True)
            print(f"  load average before {before}, after {load()} ({workers} workers)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing (default 400)")
    parser.add_argument("--target", type=int, default=11, help="points to win a game (default 11)")
    parser.add_argument("--pairings", nargs="+", default=["expert-greedy", "greedy-random", "expert-random"],
                        help="pairings as first-second, e.g. expert-greedy")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: one per core)")
    parser.add_argument("--expert", type=parse_options, default={},
                        help="the expert's parameters, e.g. samples=8")
    args = parser.parse_args()
    pairings = []
    for pairing in args.pairings:
        first, _, second = pairing.partition("-")
        if first not in NAMES or second not in NAMES:
            parser.error(f"unknown pairing {pairing!r}; players are {', '.join(NAMES)}")
        pairings.append((first, second))
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    print(f"{args.games} games per pairing on {args.workers} workers; "
          f"expert options {args.expert or 'the defaults'}", flush=True)
    run(pairings, args.games, args.target, args.workers, args.expert)


if __name__ == "__main__":
    main()
