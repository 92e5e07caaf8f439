"""Seeded Monte Carlo estimates with 95 % intervals, to cross-check the exact fractions.

The estimates deal real random first moves (``random.Random(seed)``: the same seed gives the same
deals everywhere) and ask the engine itself — :func:`kaszino.games.kaszino.captures.captures` and
:func:`kaszino.games.kaszino.solver.sweeps.table_sweeps` — so they share no code with the exact enumeration.
An interval is the Wilson score interval; for a whole distribution every bar gets a Bonferroni
interval (confidence ``1 − 0.05 / k`` for ``k`` bars), so all bars together hold with 95 %.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from statistics import NormalDist, fmean, stdev

from kaszino.engine.cards import DECK, Card, check_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import captures
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.solver.sweeps import table_sweeps
from kaszino.inputs import MAX_COUNT, MAX_SEED, check_type, check_whole


@dataclass(frozen=True, slots=True)
class Estimate:
    """``hits`` of ``trials`` random cases, and an interval that holds the true chance with ``confidence``."""

    hits: int
    trials: int
    low: float
    high: float
    confidence: float = 0.95

    @property
    def value(self) -> float:
        """The observed share ``hits / trials``."""
        return self.hits / self.trials

    def contains(self, exact: Fraction | float) -> bool:
        """Whether the exact value lies in the interval."""
        return self.low <= exact <= self.high


def estimate(hits: int, trials: int, confidence: float = 0.95) -> Estimate:
    """The Wilson score interval for ``hits`` successes in ``trials`` independent trials."""
    trials = check_whole("trials", trials, 1, MAX_COUNT * MAX_COUNT)
    check_whole("hits", hits, 0, trials)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise KaszinoError(f"confidence must lie between 0 and 1, not {confidence}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    share = hits / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == trials else min(1.0, centre + half)
    return Estimate(hits, trials, low, high, confidence)


@dataclass(frozen=True, slots=True)
class MeanInterval:
    """A sample mean and its 95 % interval (normal approximation)."""

    mean: float
    low: float
    high: float


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> MeanInterval:
    """The mean of ``values`` with its normal-approximation interval."""
    if len(values) < 2:
        raise KaszinoError("a mean's interval needs at least two values")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    centre, half = fmean(values), z * stdev(values) / sqrt(len(values))
    return MeanInterval(centre, centre - half, centre + half)


@dataclass(frozen=True, slots=True)
class FirstMoveSample:
    """What ``trials`` random first moves showed: how many had each number of captures and táblák."""

    captures: tuple[tuple[int, int], ...]
    sweeps: tuple[tuple[int, int], ...]
    trials: int
    seed: int

    def capture_chance(self) -> Estimate:
        """(b) The share of first moves with at least one capture."""
        return estimate(sum(n for k, n in self.captures if k), self.trials)

    def capture_mean(self) -> MeanInterval:
        """The mean number of captures a first move offers, with its 95 % interval."""
        return mean_interval([count for count, times in self.captures for _ in range(times)])

    def sweep_chance(self) -> Estimate:
        """(a) The share of first moves that could take the whole table."""
        return estimate(sum(n for k, n in self.sweeps if k), self.trials)

    def capture_counts(self, up_to: int) -> dict[int, Estimate]:
        """(c) For 0..``up_to`` captures: the share of first moves with exactly that many (Bonferroni)."""
        seen = dict(self.captures)
        confidence = 1 - 0.05 / (up_to + 1)
        return {k: estimate(seen.get(k, 0), self.trials, confidence) for k in range(up_to + 1)}


MOST_TRIALS = 10**7
"""The most first moves :func:`sample_first_moves` deals (minutes of work)."""


def sample_first_moves(
    trials: int, seed: int, rules: Rules = STANDARD, deck: Sequence[Card] = DECK,
) -> FirstMoveSample:
    """Deal ``trials`` random first moves from ``deck`` and count each one's captures and táblák."""
    check_whole("trials", trials, 1, MOST_TRIALS)
    check_whole("seed", seed, 0, MAX_SEED)
    check_type("rules", rules, Rules)
    deck = check_cards("deck", deck)
    hand_size, table_size = rules.hand_size(1), rules.table_start
    if hand_size + table_size > len(deck):
        raise KaszinoError(f"a deck of {len(deck)} cards cannot deal {hand_size} + {table_size}")
    rng, cards = random.Random(seed), list(deck)
    capture_tally: Counter[int] = Counter()
    sweep_tally: Counter[int] = Counter()
    for _ in range(trials):
        dealt = rng.sample(cards, hand_size + table_size)
        hand, table = dealt[:hand_size], dealt[hand_size:]
        capture_tally[len(captures(hand, table, rules))] += 1
        sweep_tally[len(table_sweeps(hand, table, rules))] += 1
    return FirstMoveSample(tuple(sorted(capture_tally.items())), tuple(sorted(sweep_tally.items())),
                           trials, seed)
