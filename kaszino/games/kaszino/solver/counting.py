"""Counting captures for the classroom: how many there are, without listing them.

The key tool is the generating function of the table: the product of ``(1 + x^v)`` over the
table's card values. Its coefficient of ``x^s`` is the number of table subsets that add up to
``s``; :func:`subset_sum_counts` multiplies it out one card at a time, keeping only the
coefficients up to the limit, in exact integers. A capture is one hand group and one table
subset of the same sum, so the number of captures is a sum of products of such counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from kaszino.engine.cards import DECK, Card, check_cards, check_hand_and_table
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import capture_count, hand_groups, iter_capture_sums, subset_counts
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.solver.sweeps import table_sweeps
from kaszino.inputs import MAX_COUNT, check_type, check_whole


def subset_sum_counts(cards: Iterable[Card], limit: int | None = None) -> dict[int, int]:
    """How many non-empty subsets of ``cards`` add up to each sum ``s`` (1 ≤ s ≤ limit, if given).

    Only sums that occur are keys. ``limit=None`` counts every sum.
    """
    values = [card.value for card in check_cards("cards", cards)]
    if limit is not None:
        check_whole("limit", limit, 0, MAX_COUNT)
    top = sum(values) if limit is None else min(limit, sum(values))
    return {total: count for total, count in enumerate(subset_counts(values, top)) if total and count}


def count_captures(hand: Sequence[Card], table: Sequence[Card], rules: Rules = STANDARD) -> int:
    """The number of legal captures, i.e. ``len(captures(hand, table, rules))``, found by counting."""
    hand, table = check_hand_and_table(hand, table)
    check_type("rules", rules, Rules)
    return capture_count(hand_groups(hand, rules), table)


def _count_against(hand: Sequence[Card], table_counts: dict[int, int], rules: Rules) -> int:
    """Captures of ``hand``: each hand group pairs with every table subset of its sum."""
    return sum(len(groups) * table_counts.get(total, 0) for total, groups in hand_groups(hand, rules).items())


def count_sweeps(hand: Sequence[Card], table: Sequence[Card], rules: Rules = STANDARD) -> int:
    """The number of captures that take the whole table (táblák)."""
    return len(table_sweeps(hand, table, rules))


def distinct_capture_sums(
    table: Sequence[Card], rules: Rules = STANDARD, hand: Sequence[Card] | None = None,
) -> tuple[int, ...]:
    """The different sums a capture from ``table`` can have, smallest first.

    With ``hand``: only the sums that hand can also make, i.e. the sums of its legal captures.
    """
    if hand is None:
        table = check_cards("table", table)
    else:
        hand, table = check_hand_and_table(hand, table)
    check_type("rules", rules, Rules)
    sums = iter_capture_sums(table, rules)
    if hand is None:
        return tuple(sums)
    groups = hand_groups(hand, rules)
    return tuple(total for total in sums if total in groups)


def capture_count_distribution(
    table: Sequence[Card],
    hand_size: int = 3,
    rules: Rules = STANDARD,
    pool: Sequence[Card] | None = None,
) -> dict[int, int]:
    """For every hand of ``hand_size`` cards from ``pool``: how many hands have each number of captures.

    ``pool`` defaults to the cards not on the table. The keys are capture counts, the values
    numbers of hands; together they count all ``C(len(pool), hand_size)`` hands.
    """
    table = check_cards("table", table)
    check_type("rules", rules, Rules)
    check_whole("hand_size", hand_size, 0, 4)
    if pool is not None:
        pool = check_cards("pool", pool)
    cards = [card for card in DECK if card not in table] if pool is None else list(pool)
    if not 0 <= hand_size <= len(cards):
        raise KaszinoError(f"hand_size must be 0..{len(cards)} (the pool size), not {hand_size}")
    if set(cards) & set(table):
        raise KaszinoError("the pool and the table share a card")
    table_counts = subset_sum_counts(table, rules.capture_limit)
    tally = Counter(_count_against(hand, table_counts, rules) for hand in combinations(cards, hand_size))
    return dict(sorted(tally.items()))
