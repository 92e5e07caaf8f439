"""Statistics of whole deals played by the computer players against themselves, from seeds.

Each deal is the first deal of a game with seed ``seed + i`` (so the same seeds give the same
deals everywhere), played to its end by :func:`kaszino.games.kaszino.players.computer_move`. Player 0 moves
first in it; player 1 deals. A deal records its táblák, both players' points and who held the
card majority; :class:`DealSummary` turns many of them into shares with 95 % intervals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from kaszino.classroom.montecarlo import Estimate, MeanInterval, estimate, mean_interval
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.players import GreedyPlayer, Player, RandomPlayer, computer_move
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.state import GameState, new_game

PLAYERS: dict[str, Callable[[], Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer}
"""The computer players a simulation can seat, by name."""

Progress = Callable[[Iterable[int]], Iterable[int]]
"""Wraps the loop over seeds, e.g. ``tqdm.auto.tqdm`` for a progress bar."""


@dataclass(frozen=True, slots=True)
class DealStats:
    """One finished deal: táblák made, deal points of each player, who held the card majority."""

    seed: int
    tablas: int
    points: tuple[int, ...]
    cards: tuple[int, ...]
    most_cards: tuple[int, ...]

    @property
    def first_mover_margin(self) -> int:
        """The first mover's deal points minus the dealer's."""
        return self.points[0] - self.points[1]

    @property
    def winner(self) -> int | None:
        """The player with more deal points (None on a tie)."""
        return None if self.points[0] == self.points[1] else int(self.points[1] > self.points[0])

    @property
    def majority_holder(self) -> int | None:
        """The player who got the points for most cards (None on a 26–26 tie)."""
        return next((p for p, won in enumerate(self.most_cards) if won), None)

    @property
    def majority_decides(self) -> bool:
        """Whether the card majority changes the deal's result: without its points, no win for its holder."""
        holder = self.majority_holder
        if holder is None or self.winner != holder:
            return False
        without = [points - bonus for points, bonus in zip(self.points, self.most_cards, strict=True)]
        return without[holder] <= max(without[p] for p in range(len(without)) if p != holder)


def _deal_rules(rules: Rules) -> Rules:
    """The same rules as a one-deal game, so every deal is played to its last card (no claims)."""
    if rules.players != 2:
        raise KaszinoError("the simulation statistics are for two players")
    return rules.with_changes(target=None, fixed_deals=1, claim="auto")


def play_deal(players: Sequence[Player], seed: int, rules: Rules = STANDARD) -> DealStats:
    """Play the first deal of the game with ``seed`` to its end and record what happened."""
    state: GameState = new_game(_deal_rules(rules), seed=seed)
    tablas = 0
    while not state.deal_over and not state.finished:
        before = sum(state.tabla_points)
        state = state.play(computer_move(state, players))
        tablas += sum(state.tabla_points) > before
    scores = state.deal_scores()
    return DealStats(seed, tablas, tuple(s.total for s in scores), tuple(s.cards for s in scores),
                     tuple(s.most_cards for s in scores))


def simulate(player: str, deals: int, seed: int = 0, rules: Rules = STANDARD,
             progress: Progress | None = None) -> list[DealStats]:
    """Play ``deals`` deals (seeds ``seed``, ``seed + 1``, …) with ``player`` in both seats."""
    if player not in PLAYERS:
        raise KaszinoError(f"unknown player {quote(player)}; choose one of {', '.join(PLAYERS)}")
    if deals <= 0:
        raise KaszinoError(f"the number of deals must be positive, not {deals}")
    seats = [PLAYERS[player](), PLAYERS[player]()]
    seeds: Iterable[int] = range(seed, seed + deals)
    return [play_deal(seats, s, rules) for s in (progress(seeds) if progress else seeds)]


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What many simulated deals show."""

    deals: int
    tablas: tuple[tuple[int, int], ...]
    tablas_per_deal: MeanInterval
    any_tabla: Estimate
    first_mover_margin: MeanInterval
    first_mover_wins: Estimate
    first_mover_loses: Estimate
    majority_wins: Estimate
    majority_decides: Estimate


def summarize(deals: Sequence[DealStats]) -> DealSummary:
    """Táblák per deal, the chance of a tábla, the first mover's advantage, the card majority's weight."""
    n = len(deals)
    return DealSummary(
        n,
        tuple(sorted(Counter(d.tablas for d in deals).items())),
        mean_interval([d.tablas for d in deals]),
        estimate(sum(d.tablas > 0 for d in deals), n),
        mean_interval([d.first_mover_margin for d in deals]),
        estimate(sum(d.winner == 0 for d in deals), n),
        estimate(sum(d.winner == 1 for d in deals), n),
        estimate(sum(d.majority_holder is not None and d.winner == d.majority_holder for d in deals), n),
        estimate(sum(d.majority_decides for d in deals), n),
    )
