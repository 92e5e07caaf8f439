"""Scopa's computer players against each other: who wins, by how much, and how fast they choose.

Not a test: it plays ``GAMES`` whole games of greedy against random (the seats alternate, so
neither profits from moving first) and of greedy against greedy, and prints the greedy player's
win rate with its 95 % Wilson interval, the mean points per deal of each side, and the time per
game.

Run: ``python benchmarks/bench_scopa_players.py [GAMES]`` (default 400).
"""

from __future__ import annotations

import math
import sys
import time

from kaszino.games.scopa.players import GreedyPlayer, RandomPlayer, ScopaPlayer, play_game


def wilson(wins: int, games: int) -> tuple[float, float]:
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def match(first: ScopaPlayer, second: ScopaPlayer, games: int) -> None:
    wins = deals = 0
    points = [0, 0]
    start = time.perf_counter()
    for seed in range(games):
        seats = (first, second) if seed % 2 == 0 else (second, first)
        final = play_game(seats, seed)
        mine = 0 if seed % 2 == 0 else 1
        wins += final.winner == mine
        deals += final.deal
        totals = final.totals()
        points[0] += totals[mine]
        points[1] += totals[1 - mine]
    low, high = wilson(wins, games)
    elapsed = time.perf_counter() - start
    print(f"{first.name} against {second.name}: {games} games, {deals} deals; "
          f"{first.name} wins {wins / games:.1%} (95 % interval {low:.1%}–{high:.1%}); "
          f"points per deal {points[0] / deals:.2f} against {points[1] / deals:.2f}; "
          f"{elapsed / games * 1000:.1f} ms a game")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    match(GreedyPlayer(seed=1), RandomPlayer(seed=2), games)
    match(GreedyPlayer(seed=1), GreedyPlayer(seed=2, name="greedy (2)"), games)


if __name__ == "__main__":
    main()
