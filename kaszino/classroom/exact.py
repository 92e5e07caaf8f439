"""Exact probabilities of the first move of a deal, as fractions, by enumeration — never sampling.

The first mover holds ``H`` = 3 cards and sees ``T`` = 4 on the table: a uniformly random pair of
disjoint card sets. The questions asked here are all *linear in the hand*: the number of captures
is ``Σ_s a_s(hand) · b_s(table)``, where ``a_s`` counts the hand groups and ``b_s`` the table
subsets of sum ``s`` (at most 13); the number of táblák is the same sum with ``b_s`` replaced by
"1 if the whole table adds up to ``s``". Both depend on the values only, so the enumeration walks
over value multisets: every hand pattern (455 of them) against every table pattern (1,820), each
pair weighted by its suit choices ``∏_v C(n_v, t_v) · C(n_v − t_v, h_v)``. The 828,100 pairs stand
for all ``C(52, 3) · C(49, 4)`` real first moves.

To stay well under 0.1 s in pure Python, the table patterns are handled together: every per-table
number is one field of a big integer, so ``Σ_s a_s · b_s`` for all 1,820 tables is a handful of
integer multiplications, and one ``Counter`` pass over the fields tallies them. Each field also
carries how many cards of the hand's values the table holds and which suit-choice weight it has,
so the exact weights are applied afterwards, once per distinct field value.
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Literal

from kaszino.classroom.multisets import (
    Multiset,
    deal_count,
    multisets,
    representative,
    suit_choices,
    total,
    value_counts,
)
from kaszino.classroom.subsets import size_sum_counts
from kaszino.engine.captures import hand_groups
from kaszino.engine.cards import DECK, Card
from kaszino.engine.rules import STANDARD, Rules
from kaszino.solver.counting import subset_sum_counts

IntCode = Literal["B", "H", "I", "L", "Q"]
INT_CODES: tuple[IntCode, ...] = ("B", "H", "I", "L", "Q")
"""Unsigned array type codes, smallest first: the first one wide enough holds a packed field."""

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
    return subset_sum_counts(representative(table), rules.capture_limit)


def whole_table(table: Multiset, rules: Rules) -> dict[int, int]:
    """``b_s`` for táblák: 1 at the sum of the whole table, if a capture may have that sum."""
    whole = total(table)
    return {} if rules.capture_limit is not None and whole > rules.capture_limit else {whole: 1}


def first_move_distribution(
    table_vector: TableVector, rules: Rules = STANDARD, deck: Sequence[Card] = DECK,
) -> CountDistribution:
    """The exact distribution of ``Σ_s a_s(hand) · b_s(table)`` over every first move of a deal.

    ``table_vector`` is :func:`table_subsets` (the number of captures) or :func:`whole_table`
    (the number of táblák). ``deck`` may be any set of cards (a smaller deck for checking by hand).
    """
    counts = value_counts(deck)
    hand_size, table_size = rules.hand_size(1), rules.table_start
    # Only tables with a non-zero vector can give a non-zero statistic; the rest count as 0 below.
    vectors = [(t, v) for t in multisets(counts, table_size) if (v := table_vector(t, rules))]
    packer = _Packer([t for t, _v in vectors], [v for _t, v in vectors], counts, hand_size)
    by_pattern: dict[tuple[tuple[int, int], ...], Counter[int]] = {}
    for hand in multisets(counts, hand_size):
        groups = {s: len(g) for s, g in hand_groups(representative(hand), rules).items()}
        pattern = tuple((counts[value], k) for value, k in hand)
        packer.tally(groups, hand, by_pattern.setdefault(pattern, Counter()))
    histogram: Counter[int] = Counter()
    for pattern, tally in by_pattern.items():
        for key, tables_with_key in tally.items():
            statistic, weight = packer.decode(key, pattern)
            histogram[statistic] += tables_with_key * weight
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
    """(b) The exact chance that the first mover of a deal has at least one capture."""
    return first_move_captures(rules, deck).at_least(1)


def chance_of_sweep(rules: Rules = STANDARD, deck: Sequence[Card] = DECK) -> Fraction:
    """(a) The exact chance that the first mover can take the whole table with the first move."""
    return first_move_sweeps(rules, deck).at_least(1)


def table_sum_distribution(size: int = 4, deck: Sequence[Card] = DECK) -> CountDistribution:
    """The exact distribution of the sum of ``size`` random cards (e.g. the four table cards).

    The coefficients of ``y^size`` in the generating function ``∏ (1 + y·x^v)`` of the deck.
    """
    counts = sorted((s, n) for (k, s), n in size_sum_counts(deck, max_size=size).items() if k == size)
    return CountDistribution(tuple(counts), comb(len(deck), size))


class _Packer:
    """The table patterns as fields of big integers (see the module docstring)."""

    def __init__(self, tables: list[Multiset], vectors: list[dict[int, int]], counts: dict[int, int],
                 hand_size: int) -> None:
        self.base = max(counts.values(), default=0) + 1  # digits: table cards of one hand value
        weights = [suit_choices(t, counts) for t in tables]
        self.weights = sorted(set(weights))
        most = max((max(v.values(), default=0) for v in vectors), default=0)
        self.stat_bits = ((2 ** hand_size - 1) * most).bit_length()
        self.code_bits = (self.base ** hand_size - 1).bit_length()
        width = self.stat_bits + self.code_bits + len(self.weights).bit_length()
        self.typecode: IntCode = next(code for code in INT_CODES if array(code).itemsize * 8 >= width)
        self.size = len(tables) * array(self.typecode).itemsize
        sums = sorted({s for v in vectors for s in v})
        self.fields = {s: self._pack([v.get(s, 0) for v in vectors]) for s in sums}
        held = [dict(t) for t in tables]
        self.held = {value: self._pack([h.get(value, 0) for h in held]) << self.stat_bits for value in counts}
        index = {w: i for i, w in enumerate(self.weights)}
        self.start = self._pack([index[w] << (self.stat_bits + self.code_bits) for w in weights])

    def _pack(self, numbers: list[int]) -> int:
        return int.from_bytes(array(self.typecode, numbers).tobytes(), sys.byteorder)

    def tally(self, groups: dict[int, int], hand: Multiset, into: Counter[int]) -> None:
        """Add one field per table pattern: the statistic, the hand values held, the weight class."""
        packed = self.start
        for s, n in groups.items():
            field = self.fields.get(s)
            if field is not None:
                packed += n * field
        for digit, (value, _k) in enumerate(hand):
            packed += self.base ** digit * self.held[value]
        into.update(memoryview(packed.to_bytes(self.size, sys.byteorder)).cast(self.typecode))

    def decode(self, key: int, pattern: tuple[tuple[int, int], ...]) -> tuple[int, int]:
        """The statistic of a field and the number of real (hand, table) pairs it stands for."""
        statistic = key & ((1 << self.stat_bits) - 1)
        code = key >> self.stat_bits & ((1 << self.code_bits) - 1)
        weight = self.weights[key >> (self.stat_bits + self.code_bits)]
        for deck_count, in_hand in pattern:  # the hand's suits come from what the table left
            code, on_table = divmod(code, self.base)
            weight *= comb(deck_count - on_table, in_hand)
        return statistic, weight

