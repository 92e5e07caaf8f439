"""(b) without pairing every hand with every table: a first move has no capture exactly when no
hand group adds up to a sum the table can make.

So whether a (hand, table) pair captures depends on the table only through its *reachable sums*
``R(t)`` (the sums of its non-empty subsets within the limit) and on the hand only through its
*group sums* ``S(h)``. The 1,820 table patterns fall into fewer classes by ``R(t)`` (994 in the
full deck), each with its number of real tables; the 455 hand patterns become bits of one integer,
with a mask ``Z_s`` per sum ``s`` of the hands that have a group of that sum. For a table class,
the hands without a capture are ``all & ~(Z_s | Z_s' | …)`` over its reachable sums, and a
``bit_count`` per hand weight class counts them: a few thousand integer operations instead of
828,100 pairs.

The suit choices need no pairing either: a capture-free hand holds no value that the table holds
(a table card of value ``v`` within the limit makes ``v`` reachable, and a hand card of value ``v``
is a group of sum ``v``), so its suits are chosen from the full deck. Only cards above a lowered
limit (``Rules(capture_limit=7)``) are in no group and no reachable sum; they are kept apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, prod

from kaszino.classroom.multisets import (
    Multiset,
    multisets,
    reachable,
    representative,
    suit_choices,
    value_counts,
)
from kaszino.engine.cards import DECK, Card
from kaszino.games.kaszino.captures import hand_groups
from kaszino.games.kaszino.rules import STANDARD, Rules


def capture_free_deals(rules: Rules = STANDARD, deck: Sequence[Card] = DECK) -> int:
    """How many real first moves (hand and table) of a deal offer no capture at all."""
    counts = value_counts(deck)
    limit = rules.capture_limit

    def above(pattern: Multiset) -> Multiset:  # the cards no capture can involve
        return tuple((value, k) for value, k in pattern if limit is not None and value > limit)

    hits: dict[int, int] = {}  # 1 << s -> the hands (as bits) with a group of sum s
    kinds: dict[tuple[Multiset, int], int] = {}  # (cards above the limit, suit choices of the rest) -> hands
    for bit, hand in enumerate(multisets(counts, rules.hand_size(1))):
        for s in hand_groups(representative(hand), rules):
            hits[1 << s] = hits.get(1 << s, 0) | 1 << bit
        high = above(hand)
        kind = (high, suit_choices(hand, counts) // suit_choices(high, counts))
        kinds[kind] = kinds.get(kind, 0) | 1 << bit
    everyone = sum(kinds.values())
    classes: dict[tuple[int, Multiset], int] = {}  # (reachable sums, cards above the limit) -> tables
    for table in multisets(counts, rules.table_start):
        key = (reachable(table, limit), above(table))
        classes[key] = classes.get(key, 0) + suit_choices(table, counts)
    free = 0
    for (sums, high), tables in classes.items():
        missed = everyone
        while sums:
            lowest = sums & -sums
            missed &= ~hits.get(lowest, 0)
            sums ^= lowest
        held = dict(high)
        for (hand_high, other_suits), members in kinds.items():
            if hands := (missed & members).bit_count():
                suits = prod(comb(counts[value] - held.get(value, 0), k) for value, k in hand_high)
                free += tables * hands * other_suits * suits
    return free
