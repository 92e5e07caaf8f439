"""Every exact figure of the classroom against an independent brute force over every deal of a small deck.

The brute force deals every (hand, table) pair of real cards with ``itertools`` and counts captures
with its own subset enumeration (no engine code), so it shares nothing with the multiset
enumeration it checks.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from kaszino import DECK, PRESETS, STANDARD, KaszinoError, Rules
from kaszino.classroom import (
    chance_of_capture,
    chance_of_sweep,
    estimate,
    first_move_captures,
    first_move_sweeps,
    sample_first_moves,
    table_sum_distribution,
)
from kaszino.classroom.multisets import multisets, value_counts
from kaszino.engine.cards import Card

SMALL_DECKS = {
    "values 1-6, two suits": [c for c in DECK if c.value <= 6 and c.suit < 2],
    "values 1-4, three suits": [c for c in DECK if c.value <= 4 and c.suit < 3],
    "values 3-9, one or two suits": [c for c in DECK if 3 <= c.value <= 9 and c.suit < 1 + c.value % 2],
    "values 1-13, one suit": [c for c in DECK if c.suit == 0],
}
RULES = [STANDARD, PRESETS["v2"], PRESETS["v8"], Rules(capture_limit=7)]


def subsets(cards: tuple[Card, ...], most: int | None = None) -> list[tuple[Card, ...]]:
    top = len(cards) if most is None else min(most, len(cards))
    return [s for k in range(1, top + 1) for s in combinations(cards, k)]


def brute_counts(deck: list[Card], rules: Rules) -> tuple[Counter[int], Counter[int], int]:
    """Captures and táblák of every first move, by listing hand and table subsets of equal sum."""
    captures_seen: Counter[int] = Counter()
    sweeps_seen: Counter[int] = Counter()
    deals = 0
    limit = rules.capture_limit
    for hand in combinations(deck, 3):
        rest = [c for c in deck if c not in hand]
        hand_sums = Counter(sum(c.value for c in s) for s in subsets(hand, rules.max_hand_cards))
        for table in combinations(rest, 4):
            table_sums = Counter(sum(c.value for c in s) for s in subsets(table))
            captures_seen[sum(n * table_sums[s] for s, n in hand_sums.items()
                              if limit is None or s <= limit)] += 1
            whole = sum(c.value for c in table)
            sweeps_seen[hand_sums[whole] if limit is None or whole <= limit else 0] += 1
            deals += 1
    return captures_seen, sweeps_seen, deals


@pytest.mark.parametrize("deck_name", SMALL_DECKS)
@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.name}-{r.capture_limit}")
def test_first_move_figures_equal_brute_force(deck_name: str, rules: Rules) -> None:
    deck = SMALL_DECKS[deck_name]
    captures_seen, sweeps_seen, deals = brute_counts(deck, rules)
    captures, sweeps = first_move_captures(rules, deck), first_move_sweeps(rules, deck)
    assert captures.total == sweeps.total == deals
    assert dict(captures.counts) == {k: n for k, n in captures_seen.items() if n}
    assert dict(sweeps.counts) == {k: n for k, n in sweeps_seen.items() if n}
    assert chance_of_capture(rules, deck) == Fraction(deals - captures_seen[0], deals)
    assert chance_of_sweep(rules, deck) == Fraction(deals - sweeps_seen[0], deals)
    assert captures.mean() == Fraction(sum(k * n for k, n in captures_seen.items()), deals)


def test_standard_deck_figures() -> None:
    """The chapter's numbers; the cases add up to every first move of the 52-card deck."""
    captures = first_move_captures()
    assert first_move_sweeps().total == captures.total == comb(52, 3) * comb(49, 4) == 4_682_459_600
    assert sum(n for _k, n in captures.counts) == captures.total
    assert chance_of_capture() == Fraction(76_367_237, 83_615_350)
    assert chance_of_sweep() == Fraction(10_026_147, 1_170_614_900)
    assert captures.mean() == Fraction(589_881_889, 234_122_980)
    assert captures.probability(0) + captures.at_least(1) == 1
    assert sum(captures.fractions().values()) == 1
    assert chance_of_capture(PRESETS["v8"]) > chance_of_capture() > chance_of_capture(PRESETS["v2"])


def test_mean_captures_by_linearity() -> None:
    """An independent check of the mean on the full deck: E[#captures] = Σ over (hand group, table
    subset) shapes of the chance that a random pair of disjoint card sets has equal sums ≤ 13."""
    counts = value_counts(DECK)
    expected = Fraction(0)
    for h in range(1, 4):
        for t in range(1, 5):
            # ordered disjoint pairs (H, T) of sizes h, t with equal sums ≤ 13, over all such pairs
            equal = 0
            for joint in multisets(counts, h + t):
                cards = [v for v, k in joint for _ in range(k)]
                if sum(cards) % 2 or sum(cards) // 2 > 13:
                    continue
                equal += _split_count(joint, h, counts)
            expected += Fraction(comb(3, h) * comb(4, t) * equal, comb(52, h) * comb(52 - h, t))
    assert expected == first_move_captures().mean()


def _split_count(joint: tuple[tuple[int, int], ...], h: int, counts: dict[int, int]) -> int:
    """Real (H, T) pairs with these values together, |H| = h, and sum(H) = sum(T)."""
    half = sum(v * k for v, k in joint) // 2
    found = 0

    def choose(i: int, left: int, total: int, weight: int) -> None:
        nonlocal found
        if i == len(joint):
            if left == 0 and total == half:
                found += weight
            return
        value, k = joint[i]
        for in_hand in range(min(k, left) + 1):
            choose(i + 1, left - in_hand, total + value * in_hand,
                   weight * comb(counts[value], k) * comb(k, in_hand))

    choose(0, h, 0, 1)
    return found


@pytest.mark.parametrize("deck_name", SMALL_DECKS)
def test_table_sum_distribution_equals_brute_force(deck_name: str) -> None:
    deck = SMALL_DECKS[deck_name]
    seen = Counter(sum(c.value for c in table) for table in combinations(deck, 4))
    distribution = table_sum_distribution(4, deck)
    assert dict(distribution.counts) == dict(seen)
    assert distribution.total == comb(len(deck), 4)


def test_table_sum_on_the_full_deck() -> None:
    distribution = table_sum_distribution()
    assert distribution.probability(4) == Fraction(1, comb(52, 4))  # the four aces
    assert 1 - distribution.at_least(14) == Fraction(5771, 270_725)


def test_monte_carlo_intervals_hold_the_exact_values() -> None:
    sample = sample_first_moves(4000, seed=11)
    assert sample.trials == 4000
    assert sample.capture_chance().contains(chance_of_capture())
    assert sample.sweep_chance().contains(chance_of_sweep())
    exact = first_move_captures()
    for k, interval in sample.capture_counts(8).items():
        assert interval.contains(exact.probability(k)), k
        assert interval.confidence == pytest.approx(1 - 0.05 / 9)


def test_monte_carlo_is_reproducible_and_checks_its_input() -> None:
    assert sample_first_moves(50, seed=3) == sample_first_moves(50, seed=3)
    assert sample_first_moves(50, seed=3) != sample_first_moves(50, seed=4)
    with pytest.raises(KaszinoError, match="trials"):
        sample_first_moves(0, seed=1)
    with pytest.raises(KaszinoError, match="cannot deal"):
        sample_first_moves(5, seed=1, deck=DECK[:6])


def test_wilson_interval() -> None:
    interval = estimate(50, 100)
    assert interval.value == 0.5
    assert interval.low == pytest.approx(0.4038, abs=1e-4)
    assert interval.high == pytest.approx(0.5962, abs=1e-4)
    assert estimate(0, 10).low == 0.0 and estimate(10, 10).high == 1.0
    with pytest.raises(KaszinoError):
        estimate(11, 10)
    with pytest.raises(KaszinoError):
        estimate(1, 10, confidence=1.5)


def test_multisets_refuse_bad_input() -> None:
    with pytest.raises(KaszinoError, match="twice"):
        value_counts([DECK[0], DECK[0]])
    with pytest.raises(KaszinoError, match="negative"):
        list(multisets({1: 4}, -1))
