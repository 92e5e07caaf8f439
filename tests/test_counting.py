"""Counting captures, táblák and subset sums, checked against brute-force enumeration."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kaszino import DECK, STANDARD, KaszinoError, Rules, captures, parse_cards
from kaszino.engine.cards import Card, card_sum
from kaszino.games.kaszino.solver.counting import (
    capture_count_distribution,
    count_captures,
    count_sweeps,
    distinct_capture_sums,
    subset_sum_counts,
)

RULE_SETS = st.sampled_from([STANDARD, Rules(max_hand_cards=2), Rules(capture_limit=None)])


def hand_and_table(max_table: int = 9) -> st.SearchStrategy[tuple[list[Card], list[Card]]]:
    """A hand of 1 to 4 cards and a table of up to ``max_table`` other cards."""
    return st.lists(st.sampled_from(DECK), min_size=1, max_size=4 + max_table, unique=True).flatmap(
        lambda cards: st.integers(1, min(4, len(cards))).map(lambda k: (cards[:k], cards[k:k + max_table])))


def all_subsets(cards: list[Card]) -> list[tuple[Card, ...]]:
    return [s for size in range(1, len(cards) + 1) for s in combinations(cards, size)]


Pairing = tuple[tuple[Card, ...], tuple[Card, ...]]


def brute_captures(hand: list[Card], table: list[Card], rules: Rules) -> list[Pairing]:
    limit, most = rules.capture_limit, rules.max_hand_cards
    return [(h, t) for h in all_subsets(hand) for t in all_subsets(table)
            if card_sum(h) == card_sum(t) and (limit is None or card_sum(h) <= limit)
            and (most is None or len(h) <= most)]


def test_worked_example_counts() -> None:
    hand, table = parse_cards("5S AH KC"), parse_cards("2D 4C 7H 9S")
    assert count_captures(hand, table) == 3
    assert count_sweeps(hand, table) == 0
    assert distinct_capture_sums(table) == (2, 4, 6, 7, 9, 11, 13)
    assert distinct_capture_sums(table, hand=hand) == (6, 13)
    assert subset_sum_counts(table, 13) == {2: 1, 4: 1, 6: 1, 7: 1, 9: 2, 11: 2, 13: 2}
    assert count_captures(hand, table, Rules(capture_limit=None)) == 4  # 5+K = 2+9+7 too


@given(hand_and_table(), RULE_SETS)
def test_count_captures_equals_enumeration(pair: tuple[list[Card], list[Card]], rules: Rules) -> None:
    hand, table = pair
    expected = brute_captures(hand, table, rules)
    assert count_captures(hand, table, rules) == len(expected) == len(captures(hand, table, rules))


@given(hand_and_table(), RULE_SETS)
def test_count_sweeps_equals_enumeration(pair: tuple[list[Card], list[Card]], rules: Rules) -> None:
    hand, table = pair
    expected = [c for c in brute_captures(hand, table, rules) if len(c[1]) == len(table)]
    assert count_sweeps(hand, table, rules) == len(expected)


@given(st.lists(st.sampled_from(DECK), max_size=11, unique=True), st.one_of(st.none(), st.integers(1, 40)))
def test_subset_sum_counts_equal_enumeration(table: list[Card], limit: int | None) -> None:
    expected = Counter(card_sum(s) for s in all_subsets(table) if limit is None or card_sum(s) <= limit)
    assert subset_sum_counts(table, limit) == dict(expected)
    assert sum(subset_sum_counts(table).values()) == 2 ** len(table) - 1


@given(st.lists(st.sampled_from(DECK), max_size=10, unique=True), RULE_SETS)
def test_distinct_sums_equal_enumeration(table: list[Card], rules: Rules) -> None:
    limit = rules.capture_limit
    expected = sorted({card_sum(s) for s in all_subsets(table) if limit is None or card_sum(s) <= limit})
    assert distinct_capture_sums(table, rules) == tuple(expected)


@given(hand_and_table(), RULE_SETS)
def test_distinct_sums_of_a_position_are_the_sums_of_its_captures(
    pair: tuple[list[Card], list[Card]], rules: Rules,
) -> None:
    hand, table = pair
    expected = sorted({card_sum(h) for h, _ in brute_captures(hand, table, rules)})
    assert distinct_capture_sums(table, rules, hand) == tuple(expected)


def test_large_tables_are_counted_exactly() -> None:
    aces_to_fives = [c for c in DECK if c.value <= 5]  # 20 cards: 2**20 subsets, never listed
    counts = subset_sum_counts(aces_to_fives)
    assert sum(counts.values()) == 2 ** 20 - 1
    assert counts[1] == 4 and counts[60] == 1
    assert counts[2] == comb(4, 2) + 4  # two aces, or one deuce


def test_capture_count_distribution_equals_enumeration() -> None:
    table = parse_cards("2D 4C 7H 9S")
    pool = parse_cards("AH 3C 5S 6D 9H KC 10D 2S")
    distribution = capture_count_distribution(table, 3, pool=pool)
    expected = Counter(len(captures(hand, table)) for hand in combinations(pool, 3))
    assert distribution == dict(expected)
    full = capture_count_distribution(table)
    assert sum(full.values()) == comb(48, 3)
    assert full[0] == sum(1 for hand in combinations([c for c in DECK if c not in table], 3)
                          if not captures(hand, table))


def test_capture_count_distribution_refuses_bad_input() -> None:
    table = parse_cards("2D 4C")
    with pytest.raises(KaszinoError, match="hand_size"):
        capture_count_distribution(table, 5, pool=parse_cards("AH 3C"))
    with pytest.raises(KaszinoError, match="share"):
        capture_count_distribution(table, 1, pool=parse_cards("2D 3C"))
