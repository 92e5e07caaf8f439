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
from depth import sampled
from hypothesis import given
from hypothesis import strategies as st

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
from kaszino.classroom.multisets import multisets, reachable, subset_sums, value_counts
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
@pytest.mark.parametrize("rules", sampled(RULES), ids=lambda r: f"{r.name}-{r.capture_limit}")
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


# The full-deck distributions as the earlier method (one packed field per table pattern carrying
# the statistic, the table's cards of the hand's values and its suit-weight class, decoded per
# hand pattern shape) computed them, before the weights became exponents of 2 and 3.
EARLIER = {
    ("standard", "captures"): {
        0: 405_894_328, 1: 846_893_492, 2: 1_271_020_296, 3: 1_061_497_100, 4: 613_339_320, 5: 273_932_608,
        6: 126_701_656, 7: 48_916_408, 8: 19_598_392, 9: 9_015_488, 10: 3_165_272, 11: 1_651_072,
        12: 363_640, 13: 282_952, 14: 92_760, 15: 61_048, 16: 11_592, 17: 19_008, 18: 340, 19: 2_264,
        21: 420, 22: 48, 23: 96,
    },
    ("standard", "sweeps"): {
        0: 4_642_355_012, 1: 36_029_652, 2: 4_044_480, 3: 30_456,
    },
    ("v2", "captures"): {
        0: 444_098_220, 1: 882_186_456, 2: 1_301_804_376, 3: 1_037_048_668, 4: 592_765_304, 5: 247_591_008,
        6: 112_201_248, 7: 39_239_048, 8: 15_816_880, 9: 5_979_912, 10: 2_453_304, 11: 674_464,
        12: 378_760, 13: 104_312, 14: 76_184, 15: 21_008, 16: 14_856, 17: 2_904, 18: 1_836, 19: 648,
        21: 60, 22: 144,
    },
    ("v2", "sweeps"): {
        0: 4_644_050_136, 1: 34_334_528, 2: 4_044_480, 3: 30_456,
    },
    ("v8", "captures"): {
        0: 70_788_112, 1: 279_208_756, 2: 700_948_176, 3: 1_170_702_156, 4: 1_056_859_656, 5: 799_344_640,
        6: 335_121_104, 7: 150_215_072, 8: 66_593_168, 9: 35_263_400, 10: 6_733_688, 11: 8_615_104,
        12: 464_920, 13: 1_062_264, 14: 124_816, 15: 307_440, 16: 12_096, 17: 89_472, 19: 4_288, 21: 984,
        23: 288,
    },
    ("v8", "sweeps"): {
        0: 4_323_280_424, 1: 344_315_044, 2: 14_632_128, 3: 232_004,
    },
}


@pytest.mark.parametrize(("preset", "kind"), EARLIER)
def test_full_deck_distributions_equal_the_earlier_method(preset: str, kind: str) -> None:
    figure = first_move_captures if kind == "captures" else first_move_sweeps
    distribution = figure(PRESETS[preset])
    assert dict(distribution.counts) == EARLIER[(preset, kind)]
    assert distribution.total == sum(EARLIER[(preset, kind)].values()) == 4_682_459_600


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.name}-{r.capture_limit}")
def test_capture_chance_by_reachable_sums_equals_the_tally(rules: Rules) -> None:
    """Two methods on the full deck: reachable-sum classes against the pair tally's distribution."""
    assert chance_of_capture(rules) == first_move_captures(rules).at_least(1)


@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=7, unique=True),
       st.one_of(st.none(), st.integers(0, 20)))
def test_subset_sums_and_reachable_sums_equal_enumeration(cards: list[Card], limit: int | None) -> None:
    pattern = tuple(sorted(Counter(c.value for c in cards).items()))
    listed = Counter(sum(c.value for c in s) for k in range(1, len(cards) + 1)
                     for s in combinations(cards, k))
    within = {s: n for s, n in listed.items() if limit is None or s <= limit}
    assert subset_sums(pattern, limit) == within
    assert reachable(pattern, limit) == sum(1 << s for s in within)
