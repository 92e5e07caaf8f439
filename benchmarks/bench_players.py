"""Seeded matches between the computer players: win rate, points per deal, time per move.

Each pairing plays ``--games`` whole games to the target (11 by default) under the standard rules.
Seats alternate: games 2k and 2k+1 are dealt from the same seed with the players swapped, so
neither side profits from the cards. The script prints, for the first player of each pairing, the
share of games won with a 95 % (Wilson) interval, both sides' points per deal, and each computer
player's time per move (median, 99th percentile, worst).

Targets (issue 7): the expert wins at least 60 % of games to 11 against greedy; at most 1 s per
move, median at most 0.3 s (two cores). Figures measured on a busy machine are pessimistic.

Run: ``python benchmarks/bench_players.py [--games 400] [--pairings expert-greedy greedy-random]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from math import sqrt

from kaszino.engine.moves import Move
from kaszino.engine.rules import STANDARD
from kaszino.engine.state import GameState
from kaszino.players import ExpertPlayer, GreedyPlayer, Player, RandomPlayer, play_game

MAKERS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "greedy": lambda seed: GreedyPlayer(),
    "expert": lambda seed: ExpertPlayer(seed=seed),
}


@dataclass
class Timed:
    """A player whose every decision is timed."""

    player: Player
    times: list[float] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.player.name

    def choose(self, state: GameState) -> Move:
        start = time.perf_counter()
        move = self.player.choose(state)
        self.times.append(time.perf_counter() - start)
        return move


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of ``wins`` out of ``games``."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def match(first: str, second: str, games: int, target: int) -> str:
    """Play the pairing and describe it in a few lines."""
    rules = STANDARD.with_changes(target=target)
    timers = {first: Timed(MAKERS[first](0)), second: Timed(MAKERS[second](1))}
    wins = 0.0
    points = {first: 0, second: 0}
    deals = 0
    for game in range(games):
        seats = [timers[first], timers[second]] if game % 2 == 0 else [timers[second], timers[first]]
        final = play_game(seats, rules, seed=game // 2).final_state()
        mine = game % 2
        wins += 1.0 if final.winner == mine else 0.5 if final.winner is None else 0.0
        totals = final.totals()
        points[first] += totals[mine]
        points[second] += totals[1 - mine]
        deals += final.deal
    low, high = wilson(wins, games)
    lines = [
        f"{first} against {second}: {games} games to {target}, {deals} deals",
        f"  {first} wins {wins / games:.1%} (95 % interval {low:.1%} to {high:.1%})",
        f"  points per deal: {first} {points[first] / deals:.2f}, {second} {points[second] / deals:.2f}",
    ]
    for name, timer in timers.items():
        if timer.times:
            ordered = sorted(timer.times)
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
            median = statistics.median(ordered)
            lines.append(f"  {name}: {len(ordered)} moves, median {median * 1000:.1f} ms, "
                         f"p99 {p99 * 1000:.1f} ms, worst {ordered[-1] * 1000:.1f} ms")
    if (first, second) == ("expert", "greedy"):
        expert = sorted(timers["expert"].times)
        verdicts = [("win rate at least 60 %", wins / games >= 0.6),
                    ("median move at most 0.3 s", statistics.median(expert) <= 0.3),
                    ("every move at most 1 s", expert[-1] <= 1.0)]
        lines += [f"  target {text}: {'met' if ok else 'NOT met'}" for text, ok in verdicts]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing (default 400)")
    parser.add_argument("--target", type=int, default=11, help="points to win a game (default 11)")
    parser.add_argument("--pairings", nargs="+", default=["expert-greedy", "greedy-random", "expert-random"],
                        help="pairings as first-second, e.g. expert-greedy")
    args = parser.parse_args()
    for pairing in args.pairings:
        first, _, second = pairing.partition("-")
        if first not in MAKERS or second not in MAKERS:
            parser.error(f"unknown pairing {pairing!r}; players are {', '.join(MAKERS)}")
        print(match(first, second, args.games, args.target), flush=True)


if __name__ == "__main__":
    main()
