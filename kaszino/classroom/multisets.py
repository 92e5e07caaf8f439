"""Decks as value multisets: what exact enumeration walks over instead of single cards.

Captures depend only on card values (docs/rules.md §2: suits never matter for what may be captured),
so a question about random cards can be answered by walking over *value multisets* — e.g. the
1,820 possible value patterns of a four-card table instead of its 270,725 card sets — and
weighting each pattern by the number of ways to choose its suits: ``C(n_v, k_v)`` for each value
``v`` that the deck holds ``n_v`` times and the pattern uses ``k_v`` times.
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from math import comb, prod
from typing import Literal

from kaszino.engine.cards import DECK, Card, Suit
from kaszino.errors import KaszinoError

IntCode = Literal["B", "H", "I", "L", "Q"]
INT_CODES: tuple[IntCode, ...] = ("B", "H", "I", "L", "Q")
"""Unsigned ``array`` type codes, narrowest first: the first one wide enough holds a packed number."""

DIGITS: dict[int, IntCode] = {array(code).itemsize: code for code in reversed(INT_CODES)}
"""The narrowest unsigned type code of each item size (1, 2, 4, 8 bytes)."""

Multiset = tuple[tuple[int, int], ...]
"""A value multiset as ``((value, how many), …)``, values increasing, every count positive."""


def value_counts(deck: Iterable[Card]) -> dict[int, int]:
    """How many cards of each value the deck holds, e.g. ``{1: 4, 2: 4, …, 13: 4}`` for the full deck."""
    cards = list(deck)
    if len(set(cards)) != len(cards):
        raise KaszinoError("a deck must not hold the same card twice")
    return dict(sorted(Counter(card.value for card in cards).items()))


def multisets(counts: Mapping[int, int], size: int) -> Iterator[Multiset]:
    """Every value multiset of ``size`` cards that a deck with these value counts can supply."""
    if size < 0:
        raise KaszinoError(f"a number of cards cannot be negative: {size}")
    values = sorted(counts)

    def extend(start: int, left: int, chosen: Multiset) -> Iterator[Multiset]:
        if left == 0:
            yield chosen
            return
        for i in range(start, len(values)):
            value = values[i]
            for k in range(min(left, counts[value]), 0, -1):
                yield from extend(i + 1, left - k, chosen + ((value, k),))

    return extend(0, size, ())


def suit_choices(multiset: Multiset, counts: Mapping[int, int]) -> int:
    """In how many ways the deck supplies this multiset as real cards: ∏ C(n_v, k_v)."""
    return prod(comb(counts[value], k) for value, k in multiset)


def representative(multiset: Multiset) -> tuple[Card, ...]:
    """Some real cards with these values (suits taken in order), for the engine's counting functions."""
    return tuple(DECK[(value - 1) * len(Suit) + i] for value, k in multiset for i in range(k))


def total(multiset: Multiset) -> int:
    """The sum of the values."""
    return sum(value * k for value, k in multiset)


def subset_sums(multiset: Multiset, limit: int | None = None) -> dict[int, int]:
    """How many non-empty subsets of real cards with these values add up to each sum (up to ``limit``).

    The generating function ``∏ (1 + x^v)``, one factor per card, evaluated at ``x = 2^w``: the
    polynomial becomes one integer whose ``w``-bit digits are its coefficients (``w`` bits hold the
    at most ``2^cards`` subsets), and multiplying by ``1 + x^v`` is one shift and one addition.
    """
    cards = sum(k for _value, k in multiset)
    code = DIGITS[min(size for size in DIGITS if 8 * size > cards)]
    width = 8 * array(code).itemsize
    polynomial, whole = 1, 0
    for value, k in multiset:
        whole += value * k
        for _card in range(k):
            polynomial += polynomial << (width * value)
    top = whole if limit is None else min(limit, whole)
    digits = memoryview(polynomial.to_bytes(width // 8 * (whole + 1), sys.byteorder)).cast(code)
    return {s: n for s, n in enumerate(digits[1:top + 1], 1) if n}


def reachable(multiset: Multiset, limit: int | None = None) -> int:
    """The sums of the non-empty subsets (up to ``limit``, if given) as a bit mask: bit ``s`` is sum ``s``."""
    mask = 1
    for value, k in multiset:
        for _card in range(k):
            mask |= mask << value
    return (mask if limit is None else mask & ((2 << limit) - 1)) & ~1


def remove(counts: Mapping[int, int], multiset: Multiset) -> dict[int, int]:
    """The value counts left in the deck once the cards of ``multiset`` are taken out."""
    left = dict(counts)
    for value, k in multiset:
        left[value] -= k
    return left


def deal_count(counts: Mapping[int, int], sizes: Sequence[int]) -> int:
    """The number of ways to deal disjoint card sets of these sizes (in order) from the deck."""
    left, ways = sum(counts.values()), 1
    for size in sizes:
        ways *= comb(left, size)
        left -= size
    return ways
