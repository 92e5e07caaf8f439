"""Seeded matches between the computer players: win rate, points per deal, time per move.

Each pairing plays ``--games`` whole games to the target (11 by default, 21 in Casino) under the
standard rules of its family: ``expert-greedy`` is Kaszinó, ``scopa:expert-greedy`` Scopa
(docs/scopa.md), ``casino:expert-greedy`` two-player Casino (docs/casino.md).
Seats alternate: games 2k and 2k+1 are dealt from the same seed with the players swapped, so
neither side profits from the cards. The games run in a pool of ``--workers`` processes (one per
core by default). Each game's figures are printed as it ends, a line a game (so a run cut short
still tells something); once a pairing is over the script prints, for the first player, the share
of games won with a 95 % (Wilson) interval, both sides' points per deal, and each computer player's
time per move (median, 99th percentile, worst) — on the clock, in processor time, and in processor
time in the last round everybody knows (the exact solver's phase for the expert) — with the position of
the move that took most processor time, the clock and processor time of the whole pairing, and
the load average of the machine before and after: the clock times are measured while the pool
keeps every core busy, and other work on the machine slows them; the processor times are what a
move costs on an idle core.

``ceiling-greedy`` and ``ceiling-expert`` pit the ceiling of skill (it sees every card, talon
order included: :mod:`kaszino.games.kaszino.players.ceiling`) against the others; with
``expert-greedy`` and ``ceiling-greedy`` both played, the expert's margin over greedy (mean deal
points per deal, the first player's minus the second's) is printed as a share of the ceiling's.

Targets: the expert wins at least 60 % of games to 11 against greedy, at most 1 s per move, with
a median of at most 0.3 s in Kaszinó (issue 7, two cores) and 0.2 s in Scopa (issue 20); in Casino
at least 90 % of games to 21, at most 1 s per move (issue 22).

Run: ``python benchmarks/bench_players.py [--games 400] [--pairings expert-greedy scopa:greedy-random]
[--expert samples=8,budget=4000] [--scopa-expert worlds=24] [--casino-expert worlds=40]`` (the
expert's parameters for a trial).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, fields
from math import sqrt
from typing import Any

from kaszino.games.casino import CasinoRules
from kaszino.games.casino import players as casino
from kaszino.games.casino.expert import CasinoExpert
from kaszino.games.casino.state import CasinoState
from kaszino.games.kaszino.players import ExpertPlayer, GreedyPlayer, RandomPlayer, play_game
from kaszino.games.kaszino.players.ceiling import CeilingPlayer
from kaszino.games.kaszino.rules import STANDARD
from kaszino.games.scopa import ScopaRules, ScopaState
from kaszino.games.scopa import players as scopa
from kaszino.games.scopa.expert import ScopaExpert

Options = dict[str, float]
Pairing = tuple[str, str, str]
"""The family (``kaszino``, ``scopa`` or ``casino``), the first player and the second."""

FAMILIES = ("kaszino", "scopa", "casino")
NAMES = ("random", "greedy", "expert", "ceiling")
"""``ceiling`` (Kaszinó only) sees every card, talon order included: the most any player could win."""
EXPERTS: dict[str, type] = {"kaszino": ExpertPlayer, "scopa": ScopaExpert, "casino": CasinoExpert}
MEDIAN_TARGET = {"kaszino": 0.3, "scopa": 0.2}
"""The median time a move of the expert may take, in seconds (issues 7 and 20; none in Casino)."""
WIN_TARGET = {"kaszino": 0.6, "scopa": 0.6, "casino": 0.9}
"""The share of games the expert must win against greedy (issues 7, 20 and 22)."""
GAME_TARGET = {"kaszino": 11, "scopa": 11, "casino": 21}
"""The points a game is played to unless ``--target`` says otherwise."""


def maker(family: str, name: str, options: Options) -> Callable[[int], Any]:
    """The factory of the player called ``name`` of ``family`` (the expert with ``options``)."""
    if family == "casino":
        return {"random": lambda seed: casino.RandomPlayer(seed=seed),
                "greedy": lambda seed: casino.GreedyPlayer(seed=seed),
                "expert": lambda seed: CasinoExpert(seed=seed, **options)}[name]  # type: ignore[arg-type]
    if family == "scopa":
        return {"random": lambda seed: scopa.RandomPlayer(seed=seed),
                "greedy": lambda seed: scopa.GreedyPlayer(seed=seed),
                "expert": lambda seed: ScopaExpert(seed=seed, **options)}[name]  # type: ignore[arg-type]
    if name == "random":
        return lambda seed: RandomPlayer(seed=seed)
    if name == "greedy":
        return lambda seed: GreedyPlayer()
    if name == "ceiling":
        return lambda seed: CeilingPlayer()
    return lambda seed: ExpertPlayer(seed=seed, **options)  # type: ignore[arg-type]


def known_round(state: Any) -> bool:
    """Whether every card of ``state``'s deal is known to both players (the exact solver's phase):
    Kaszinó's open last round with an empty talon, Scopa's last round, two-player Casino's last hand."""
    if isinstance(state, ScopaState):
        return state.last_round
    if isinstance(state, CasinoState):
        return state.last_round and state.players == 2
    return bool(state.open_round and not state.talon)


@dataclass
class Timed:
    """A player whose every decision is timed: all of them, those in the known last round (the exact
    solver's phase for the expert), and the slowest with its position."""

    player: Any
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    open_round: list[float] = field(default_factory=list)
    slowest: tuple[float, float, str] = (0.0, 0.0, "")  # processor time, clock time, position

    @property
    def name(self) -> str:
        return str(self.player.name)

    def choose(self, state: Any) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        move = self.player.choose(state)
        spent, cpu = time.perf_counter() - start, time.process_time() - cpu
        self.times.append(spent)
        self.cpu.append(cpu)
        if known_round(state):
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
    cpu: float  # processor time of the whole game


def play(pairing: Pairing, game: int, target: int, options: dict[str, Options]) -> Game:
    """Game number ``game`` of the pairing: seed ``game // 2``, the first player in seat ``game % 2``."""
    family, first, second = pairing
    started = time.process_time()
    mine = Timed(maker(family, first, options[family])(0))
    theirs = Timed(maker(family, second, options[family])(1))
    seat = game % 2
    seats = [mine, theirs] if seat == 0 else [theirs, mine]
    if family == "scopa":
        final: Any = scopa.play_game(seats, game // 2, ScopaRules(target=target))
    elif family == "casino":
        final = casino.play_game(seats, game // 2, CasinoRules(target=target))
    else:
        final = play_game(seats, STANDARD.with_changes(target=target), seed=game // 2).final_state()
    score = 1.0 if final.winner == seat else 0.5 if final.winner is None else 0.0
    totals = final.totals()
    return Game(score, (totals[seat], totals[1 - seat]), final.deal, (mine, theirs),
                time.process_time() - started)


def game_line(pairing: Pairing, game: int, result: Game, done: int, games: int) -> str:
    """One finished game's figures, printed as it ends (so a run cut short still tells something):
    its seed and the first player's seat, the result and points, the deals, the first player's
    slowest move in processor time, the game's processor time."""
    family, first, second = pairing
    outcome = {1.0: "won", 0.5: "drawn", 0.0: "lost"}[result.score]
    return (f"  [{done}/{games}] {family}: game {game} (seed {game // 2}, {first} in seat {game % 2}): "
            f"{first} {outcome} {result.points[0]}:{result.points[1]} against {second} in "
            f"{result.deals} deals; {first}'s slowest move {result.players[0].slowest[0] * 1000:.0f} ms "
            f"of processor time; game {result.cpu:.1f} s")


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


def margin(games: list[Game]) -> float:
    """The first player's mean deal points minus the second's, per deal."""
    return sum(g.points[0] - g.points[1] for g in games) / sum(g.deals for g in games)


def share_of_ceiling(margins: dict[Pairing, float]) -> str | None:
    """The expert's margin over greedy as a share of the ceiling's, if both pairings were played."""
    expert = margins.get(("kaszino", "expert", "greedy"))
    ceiling = margins.get(("kaszino", "ceiling", "greedy"))
    if expert is None or ceiling is None or ceiling <= 0:
        return None
    return (f"kaszino: margin over greedy in deal points per deal: expert {expert:+.2f}, ceiling "
            f"{ceiling:+.2f}; the expert has {expert / ceiling:.0%} of the ceiling's margin")


def report(pairing: Pairing, target: int, games: list[Game], seconds: float) -> str:
    """The pairing's figures in a few lines."""
    family, first, second = pairing
    count = len(games)
    wins = sum(game.score for game in games)
    deals = sum(game.deals for game in games)
    low, high = wilson(wins, count)
    lines = [
        f"{family}: {first} against {second}: {count} games to {target}, {deals} deals, "
        f"clock {seconds:.0f} s, processor {sum(game.cpu for game in games):.0f} s",
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
        lines.append(timing(f"{name} in the known last round, processor time",
                            [t for p in timed for t in p.open_round]))
        cpu, clock, position = max(player.slowest for player in timed)
        lines.append(f"    slowest in processor time ({cpu * 1000:.0f} ms, clock {clock * 1000:.0f} ms): "
                     f"{position}")
    if (first, second) == ("expert", "greedy"):
        expert = sorted(t for game in games for t in game.players[0].times)
        cpu = max(t for game in games for t in game.players[0].cpu)
        share = WIN_TARGET[family]
        verdicts = [(f"win rate at least {share:.0%}", wins / count >= share)]
        if family in MEDIAN_TARGET:
            median = MEDIAN_TARGET[family]
            verdicts.append((f"median move at most {median} s", statistics.median(expert) <= median))
        verdicts += [("every move at most 1 s", expert[-1] <= 1.0),
                     ("every move at most 1 s of processor time", cpu <= 1.0)]
        lines += [f"  target {text}: {'met' if ok else 'NOT met'}" for text, ok in verdicts]
    return "\n".join(lines)


def parse_options(family: str) -> Callable[[str], Options]:
    """The reader of ``samples=8,budget=4000``: keyword arguments (numbers) of ``family``'s expert."""
    known = {f.name for f in fields(EXPERTS[family])} - {"seed", "name"}

    def read(text: str) -> Options:
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

    return read


def parse_pairing(text: str) -> Pairing | None:
    """``expert-greedy`` (Kaszinó), ``scopa:expert-greedy`` or ``casino:expert-greedy`` as a pairing;
    None if it is none."""
    family, colon, players = text.rpartition(":")
    family = family if colon else "kaszino"
    first, _, second = players.partition("-")
    if family not in FAMILIES or first not in NAMES or second not in NAMES or (
            family != "kaszino" and "ceiling" in (first, second)):
        return None
    return family, first, second


def load() -> str:
    """The load average of the last 1, 5 and 15 minutes."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def run(pairings: Iterable[Pairing], games: int, target: int | None, workers: int,
        options: dict[str, Options]) -> None:
    """Play and report every pairing, the games spread over ``workers`` processes."""
    margins: dict[Pairing, float] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for pairing in pairings:
            started, before = time.perf_counter(), load()
            points = GAME_TARGET[pairing[0]] if target is None else target
            futures = {pool.submit(play, pairing, game, points, options): game for game in range(games)}
            finished: dict[int, Game] = {}
            for future in as_completed(futures):
                game = futures[future]
                finished[game] = future.result()
                print(game_line(pairing, game, finished[game], len(finished), games), flush=True)
            played = [finished[game] for game in range(games)]
            print(report(pairing, points, played, time.perf_counter() - started), flush=True)
            print(f"  load average before {before}, after {load()} ({workers} workers)", flush=True)
            margins[pairing] = margin(played)
    share = share_of_ceiling(margins)
    if share is not None:
        print(share, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing (default 400)")
    parser.add_argument("--target", type=int, default=None,
                        help="points to win a game (default 11, in Casino 21)")
    parser.add_argument("--pairings", nargs="+",
                        default=["expert-greedy", "greedy-random", "expert-random",
                                 "ceiling-greedy", "ceiling-expert",
                                 "scopa:expert-greedy", "scopa:greedy-random",
                                 "casino:expert-greedy", "casino:greedy-random"],
                        help="pairings as first-second (Kaszinó), scopa:first-second or casino:first-second")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: one per core)")
    parser.add_argument("--expert", type=parse_options("kaszino"), default={},
                        help="the Kaszinó expert's parameters, e.g. samples=8")
    parser.add_argument("--scopa-expert", type=parse_options("scopa"), default={},
                        help="the Scopa expert's parameters, e.g. worlds=24")
    parser.add_argument("--casino-expert", type=parse_options("casino"), default={},
                        help="the Casino expert's parameters, e.g. worlds=40")
    args = parser.parse_args()
    pairings = []
    for text in args.pairings:
        pairing = parse_pairing(text)
        if pairing is None:
            parser.error(f"unknown pairing {text!r}; players are {', '.join(NAMES)}, "
                         f"families {', '.join(FAMILIES)} (scopa:expert-greedy, casino:expert-greedy)")
        pairings.append(pairing)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    options = {"kaszino": args.expert, "scopa": args.scopa_expert, "casino": args.casino_expert}
    print(f"{args.games} games per pairing on {args.workers} workers; "
          f"expert options {options}", flush=True)
    run(pairings, args.games, args.target, args.workers, options)


if __name__ == "__main__":
    main()
