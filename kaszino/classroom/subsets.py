"""Counting the table subsets of a given sum three ways, side by side, and why the limit 13 matters.

1. **By hand**: list every subset (:func:`listed_subsets`) — fine for a few cards, hopeless for many.
2. **Dynamic programming**: a row of counts per sum, updated card by card (:func:`dp_rows`); the
   last row is :func:`kaszino.games.kaszino.solver.counting.subset_sum_counts`.
3. **Generating function**: multiply out ``∏ (1 + x^v)`` (:func:`generating_function`, with sympy);
   the coefficient of ``x^s`` is the number of subsets of sum ``s``.

And the engine agrees: a lone hand card of value ``s`` has exactly that many captures, as long as
``s`` is within the limit (:func:`sum_ways`). :func:`limit_effect` puts the limit in numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from kaszino.engine.cards import DECK, Card, card_sum, check_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import captures
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.solver.counting import subset_sum_counts
from kaszino.inputs import check_list, check_type, check_whole

if TYPE_CHECKING:
    import sympy

MOST_LISTED = 20
"""The most cards :func:`listed_subsets` tries every subset of (2^20, about a million)."""

MOST_SUM = card_sum(DECK)
"""No set of cards adds up to more: the bound of every sum and limit argument."""


def _limit(field: str, value: object) -> int | None:
    """``value`` if it is None (no bound) or a whole number up to the deck's total."""
    return None if value is None else check_whole(field, value, 0, MOST_SUM)


def listed_subsets(table: Sequence[Card], total: int) -> list[tuple[Card, ...]]:
    """Every non-empty subset of ``table`` adding up to ``total``, found by trying all of them
    (at most :data:`MOST_LISTED` cards)."""
    table = check_cards("table", table)
    if len(table) > MOST_LISTED:
        raise KaszinoError(f"listing tries every subset: at most {MOST_LISTED} table cards, not {len(table)}")
    check_whole("total", total, 0, MOST_SUM)
    return [subset for size in range(1, len(table) + 1)
            for subset in combinations(table, size) if card_sum(subset) == total]


def dp_rows(table: Sequence[Card], limit: int = 13) -> list[tuple[int, ...]]:
    """The dynamic programming table: row ``i`` counts the subsets of the first ``i`` cards by sum.

    Each row has ``limit + 1`` entries (sums 0..limit; sum 0 is the empty set). Row ``i`` is row
    ``i − 1`` plus itself shifted right by the value of card ``i``: a subset either leaves the
    card out or takes it.
    """
    table = check_cards("table", table)
    check_whole("limit", limit, 0, MOST_SUM)
    rows = []
    for i in range(len(table) + 1):
        counts = subset_sum_counts(table[:i], limit)
        rows.append((1, *(counts.get(s, 0) for s in range(1, limit + 1))))
    return rows


def generating_function(table: Sequence[Card]) -> sympy.Expr:
    """``∏ (1 + x^v)`` over the table's values, multiplied out (needs sympy: the ``classroom`` extra)."""
    import sympy

    table = check_cards("table", table)
    x = sympy.Symbol("x")
    return sympy.expand(sympy.Mul(*(1 + x**card.value for card in table)))


def polynomial_coefficients(table: Sequence[Card]) -> dict[int, int]:
    """``{power: coefficient}`` of :func:`generating_function`, as sympy multiplies it out."""
    import sympy

    terms = sympy.Poly(generating_function(table), sympy.Symbol("x")).as_dict()
    return {power: int(count) for (power,), count in sorted(terms.items())}


@dataclass(frozen=True, slots=True)
class SumWays:
    """The table subsets of sum ``total`` found three ways, and the engine's count of captures."""

    table: tuple[Card, ...]
    total: int
    listed: tuple[tuple[Card, ...], ...]
    by_dp: int
    by_polynomial: int
    by_engine: int

    @property
    def agree(self) -> bool:
        """Whether listing, DP and the polynomial give the same count.

        ``by_engine`` is left out: it equals them only within the limit.
        """
        return len(self.listed) == self.by_dp == self.by_polynomial


def sum_ways(table: Sequence[Card], total: int, rules: Rules = STANDARD) -> SumWays:
    """Count the subsets of ``table`` adding up to ``total`` by hand, by DP and by the polynomial.

    ``by_engine`` is the number of captures of a lone hand card of value ``total`` (one not on
    the table): the same number when ``total`` is within the limit, 0 above it.
    """
    cards = check_cards("table", table)
    check_type("rules", rules, Rules)
    listed = tuple(listed_subsets(cards, total))
    probe = next((card for card in DECK if card.value == total and card not in cards), None)
    engine = 0 if probe is None else len(captures((probe,), cards, rules))
    dp = subset_sum_counts(cards).get(total, 0) if total > 0 else 0
    polynomial = polynomial_coefficients(cards).get(total, 0) if total > 0 else 0
    return SumWays(cards, total, listed, dp, polynomial, engine)


def size_sum_counts(cards: Sequence[Card], limit: int | None = None,
                    max_size: int | None = None) -> dict[tuple[int, int], int]:
    """How many subsets of ``cards`` have each (size, sum): sums up to ``limit``, sizes up to ``max_size``.

    The generating function ``∏ (1 + y·x^v)`` in two variables: ``y`` counts the cards, ``x``
    adds their values. The empty subset is the key ``(0, 0)``.
    """
    cards = check_cards("cards", cards)
    limit, max_size = _limit("limit", limit), _limit("max_size", max_size)
    counts = {(0, 0): 1}
    for card in cards:
        for (size, total), ways in list(counts.items()):
            key = (size + 1, total + card.value)
            if (limit is None or key[1] <= limit) and (max_size is None or key[0] <= max_size):
                counts[key] = counts.get(key, 0) + ways
    return counts


@dataclass(frozen=True, slots=True)
class LimitRow:
    """For a random table of ``size`` cards: all its subsets against those a capture may take."""

    size: int
    subsets: int
    within_limit: Fraction

    @property
    def share(self) -> Fraction:
        """The expected share of subsets a capture may take."""
        return self.within_limit / self.subsets


def limit_effect(sizes: Sequence[int] = (4, 6, 8, 10, 12), limit: int = 13,
                 deck: Sequence[Card] = DECK) -> list[LimitRow]:
    """Why the limit matters: a table of ``n`` cards has ``2^n − 1`` subsets, but few add up to ≤ 13.

    ``within_limit`` is the exact expected number of non-empty subsets with sum ≤ ``limit`` of a
    random ``n``-card table: every ``k``-card part of the table is a random ``k``-card set of the
    deck, so it is ``Σ_k C(n, k) · N_k / C(52, k)``, where ``N_k`` counts the ``k``-card sets of the
    deck with sum ≤ ``limit`` (from :func:`size_sum_counts`).
    """
    deck = check_cards("deck", deck)
    listed = check_list("sizes", sizes, "table sizes")
    sizes = [check_whole("table size", size, 0, len(deck)) for size in listed]
    counts = size_sum_counts(deck, limit)
    small = [sum(n for (k, _s), n in counts.items() if k == size) for size in range(len(deck) + 1)]
    return [LimitRow(n, 2**n - 1, sum((Fraction(comb(n, k) * small[k], comb(len(deck), k))
                                       for k in range(1, n + 1)), Fraction(0)))
            for n in sizes]


def deck_subsets_within(limit: int = 13, deck: Sequence[Card] = DECK) -> int:
    """How many non-empty sets of cards of the whole deck add up to at most ``limit``."""
    return sum(size_sum_counts(deck, limit).values()) - 1

