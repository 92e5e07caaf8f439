"""Exact probabilities of the first move of a deal, as fractions, by enumeration — never sampling.

The first mover holds ``H`` = 3 cards and sees ``T`` = 4 on the table: a uniformly random pair of
disjoint card sets. The questions asked here are all *linear in the hand*: the number of captures
is ``Σ_s a_s(hand) · b_s(table)``, where ``a_s`` counts the hand groups and ``b_s`` the table
subsets of sum ``s`` (at most 13); the number of táblák is the same sum with ``b_s`` replaced by
"1 if the whole table adds up to ``s``". Both depend on the values only, so the enumeration walks
over value multisets: every hand pattern (455 of them) against every table pattern (1,820), each
pair weighted by its suit choices ``∏_v C(n_v, t_v) · C(n_v − t_v, h_v)``. The 828,100 pairs stand
for all ``C(52, 3) · C(49, 4)`` real first moves.

The tally of the 828,100 pairs is :mod:`kaszino.classroom.tally` (each table pattern one field of
a big integer, the suit weights as exponents of 2 and 3 that add up). The chance of at least one
capture needs no pairing at all: :mod:`kaszino.classroom.reach` groups the tables by the sums they
can make and counts the hands that make none of them with bit masks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from kaszino.classroom.multisets import (
    Multiset,
    deal_count,
    multisets,
    representative,
    subset_sums,
    total,
    value_counts,
)
from kaszino.classroom.reach import capture_free_deals
from kaszino.classroom.subsets import size_sum_counts
from kaszino.classroom.tally import PairTally
from kaszino.engine.cards import DECK, Card, check_cards
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.captures import hand_groups
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.inputs import check_type, check_whole

TableVector = Callable[[Multiset, Rules], dict[int, int]]
"""For a table pattern: the number ``b_s`` that each hand group of sum ``s`` contributes."""


@dataclass(frozen=True, slots=True)
class CountDistribution:
    """How many of ``total`` equally likely cases give each count (``counts``: count → cases)."""

    counts: tuple[tuple[int, int], ...]
    total: int

    def probability(self, count: int) -> Fraction:
        """The exact chance of exactly ``count``."""
        return Fraction(dict(self.counts).get(count, 0), self.total)

    def at_least(self, count: int) -> Fraction:
        """The exact chance of ``count`` or more."""
        return Fraction(sum(cases for k, cases in self.counts if k >= count), self.total)

    def mean(self) -> Fraction:
        """The exact expected count."""
        return Fraction(sum(k * cases for k, cases in self.counts), self.total)

    def fractions(self) -> dict[int, Fraction]:
        """Every count that occurs, with its exact chance."""
        return {k: Fraction(cases, self.total) for k, cases in self.counts}


def table_subsets(table: Multiset, rules: Rules) -> dict[int, int]:
    """``b_s`` for captures: the number of table subsets of each sum ``s`` within the limit."""
    return subset_sums(table, rules.capture_limit)


def whole_table(table: Multiset, rules: Rules) -> dict[int, int]:
    """``b_s`` for táblák: 1 at the sum of the whole table, if a capture may have that sum."""
    whole = total(table)
    return {} if rules.capture_limit is not None and whole > rules.capture_limit else {whole: 1}


def _dealable(rules: Rules, deck: Sequence[Card]) -> tuple[Card, ...]:
    """``deck`` as a tuple, once ``rules`` is a ``Rules`` value and the deck can deal a first
    move under it (a hand and the table); else a ``KaszinoError`` naming the argument."""
    check_type("rules", rules, Rules)
    deck = check_cards("deck", deck)
    hand_size, table_size = rules.hand_size(1), rules.table_start
    if hand_size + table_size > len(deck):
        raise KaszinoError(f"deck: {len(deck)} cards cannot deal a hand of {hand_size} "
                           f"and a table of {table_size}")
    return deck


def first_move_distribution(
    table_vector: TableVector, rules: Rules = STANDARD, deck: Sequence[Card] = DECK,
) -> CountDistribution:
    """The exact distribution of ``Σ_s a_s(hand) · b_s(table)`` over every first move of a deal.

    ``table_vector`` is :func:`table_subsets` (the number of captures) or :func:`whole_table`
    (the number of táblák). ``deck`` may be any set of cards (a smaller deck for checking by hand).
    """
    if table_vector not in (table_subsets, whole_table):
        raise KaszinoError(f"table_vector must be table_subsets or whole_table, not {quote(table_vector)}")
    counts = value_counts(_dealable(rules, deck))
    hand_size, table_size = rules.hand_size(1), rules.table_start
    # Only tables with a non-zero vector can give a non-zero statistic; the rest count as 0 below.
    pairs = [(t, v) for t in multisets(counts, table_size) if (v := table_vector(t, rules))]
    tables, vectors = [t for t, _v in pairs], [v for _t, v in pairs]
    hands = [(hand, {s: len(g) for s, g in hand_groups(representative(hand), rules).items()})
             for hand in multisets(counts, hand_size)]
    most: dict[int, int] = {}
    for vector in vectors:
        for s, n in vector.items():
            most[s] = max(most.get(s, 0), n)
    bound = max((sum(n * most.get(s, 0) for s, n in groups.items()) for _h, groups in hands), default=0)
    tally = PairTally(tables, vectors, counts, bound)
    for hand, groups in hands:
        tally.add(hand, groups)
    histogram = tally.histogram()
    cases = deal_count(counts, (hand_size, table_size))
    histogram[0] = cases - sum(n for k, n in histogram.items() if k)
    return CountDistribution(tuple(sorted((k, n) for k, n in histogram.items() if n)), cases)


def first_move_captures(rules: Rules = STANDARD, deck: Sequence[Card] = DECK) -> CountDistribution:
    """(c) The exact distribution of the number of legal captures on the first move of a deal."""
    return first_move_distribution(table_subsets, rules, deck)


def first_move_sweeps(rules: Rules = STANDARD, deck: Sequence[Card] = DECK) -> CountDistribution:
    """The exact distribution of the number of different táblák on the first move of a deal."""
    return first_move_distribution(whole_table, rules, deck)


def chance_of_capture(rules: Rules = STANDARD, deck: Sequence[Card] = DECK) -> Fraction:
    """(b) The exact chance that the first mover of a deal has at least one capture.

    Counted by reachable sums (:mod:`kaszino.classroom.reach`), not by the tally of every pair.
    """
    deck = _dealable(rules, deck)
    cases = deal_count(value_counts(deck), (rules.hand_size(1), rules.table_start))
    return 1 - Fraction(capture_free_deals(rules, deck), cases)


def chance_of_sweep(rules: Rules = STANDARD, deck: Sequence[Card] = DECK) -> Fraction:
    """(a) The exact chance that the first mover can take the whole table with the first move."""
    return first_move_sweeps(rules, deck).at_least(1)


def table_sum_distribution(size: int = 4, deck: Sequence[Card] = DECK) -> CountDistribution:
    """The exact distribution of the sum of ``size`` random cards (e.g. the four table cards).

    The coefficients of ``y^size`` in the generating function ``∏ (1 + y·x^v)`` of the deck.
    """
    deck = check_cards("deck", deck)
    check_whole("size", size, 0, len(deck))
    counts = sorted((s, n) for (k, s), n in size_sum_counts(deck, max_size=size).items() if k == size)
    return CountDistribution(tuple(counts), comb(len(deck), size))
