"""The tally behind the exact first-move distributions: every hand pattern against every table pattern.

A (hand pattern ``h``, table pattern ``t``) pair stands for ``∏_v C(n_v, h_v) · C(n_v − h_v, t_v)``
real deals (the hand's suits, then the table's from what is left). The statistic asked for is
``Σ_s a_s(h) · b_s(t)``: ``a_s`` counts the hand groups and ``b_s`` the table's part of sum ``s``.

For one hand pattern, the statistic and the weight of every table pattern are computed at once:
each table pattern is one fixed-width field of a big Python integer, so ``Σ_s a_s · b_s`` for all
of them is a few integer multiplications. The weight needs no multiplication per field either:
every factor ``C(r, k)`` with ``r ≤ 4`` (a value has at most four suits) is 1, 2, 3, 4 or 6, i.e.
``2^α · 3^β``, so the exponents *add* over the values, and a field is
``code + span · statistic`` with the weight code ``α + (2T + 1) · β`` in its low part (plus a
mark beyond every statistic when the table needs more cards of a value than the hand left). One
``Counter`` pass per hand over the fields tallies them; the weights are applied afterwards, once
per distinct field. With the code below the statistic, the common fields (statistic ≤ 4) are
numbers below 257, which Python keeps ready-made: counting them allocates nothing.
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from collections.abc import Mapping, Sequence
from math import comb

from kaszino.classroom.multisets import INT_CODES, IntCode, Multiset, suit_choices

EXPONENTS = {1: (0, 0), 2: (1, 0), 3: (0, 1), 4: (2, 0), 6: (1, 1)}
"""``C(r, k)`` for ``r ≤ 4`` (a value has at most four suits) as ``(α, β)`` with ``2^α · 3^β``."""

HandGroups = Mapping[int, int]
"""For a hand pattern: how many hand groups there are of each sum ``s`` (``a_s``)."""


class PairTally:
    """The table side, packed once; :meth:`add` tallies one hand pattern against every table."""

    def __init__(self, tables: Sequence[Multiset], vectors: Sequence[Mapping[int, int]],
                 counts: Mapping[int, int], most_statistic: int) -> None:
        table_size = max((sum(k for _v, k in t) for t in tables), default=0)
        self.counts = counts
        self.alpha_base = 2 * table_size + 1  # α of a table is at most 2 per value
        self.span = self.alpha_base * (table_size + 1)  # weight codes α + alpha_base · β
        self.beyond = most_statistic + 1  # statistic + beyond · (values the hand left too few of)
        most_key = self.span * self.beyond * (table_size + 1)
        self.typecode: IntCode = next(code for code in INT_CODES
                                      if array(code).itemsize * 8 >= most_key.bit_length())
        self.size = len(tables) * array(self.typecode).itemsize
        columns: dict[int, array[int]] = {}  # sum -> b_s of every table, times the span
        holds = {value: [array(self.typecode, bytes(self.size)) for _k in range(n + 1)]
                 for value, n in counts.items()}  # holds[value][k]: 1 where a table has k of them
        for index, (table, vector) in enumerate(zip(tables, vectors, strict=True)):
            for s, n in vector.items():
                if s not in columns:
                    columns[s] = array(self.typecode, bytes(self.size))
                columns[s][index] = self.span * n
            for value, k in table:
                holds[value][k][index] = 1
        self.fields = {s: self._pack(column) for s, column in columns.items()}
        packed = {value: [self._pack(row) for row in rows] for value, rows in holds.items()}
        # code[value][r]: the weight code of each table's cards of that value when r of them are left
        self.code = {value: {r: sum(self._code(r, k) * packed[value][k] for k in range(1, n + 1))
                             for r in range(n + 1)} for value, n in counts.items()}
        self.start = sum(self.code[value][n] for value, n in counts.items())
        self.tallies: dict[int, Counter[int]] = {}

    def _code(self, left: int, taken: int) -> int:
        """The weight code of taking ``taken`` of the ``left`` cards of a value (or a mark if too few)."""
        if taken > left:
            return self.span * self.beyond
        alpha, beta = EXPONENTS[comb(left, taken)]
        return alpha + self.alpha_base * beta

    def _pack(self, numbers: array[int]) -> int:
        return int.from_bytes(numbers.tobytes(), sys.byteorder)

    def add(self, hand: Multiset, groups: HandGroups) -> None:
        """Tally one hand pattern: one field per table pattern (its statistic and weight code)."""
        packed = self.start
        for value, k in hand:  # the table's suits of the hand's values come from what is left
            row = self.code[value]
            packed += row[self.counts[value] - k] - row[self.counts[value]]
        for s, n in groups.items():
            field = self.fields.get(s)
            if field is not None:
                packed += n * field
        tally = self.tallies.setdefault(suit_choices(hand, self.counts), Counter())
        tally.update(array(self.typecode, packed.to_bytes(self.size, sys.byteorder)))

    def histogram(self) -> Counter[int]:
        """Real deals by statistic: every distinct field decoded once and weighted."""
        histogram: Counter[int] = Counter()
        for hand_weight, tally in self.tallies.items():
            for key, tables in tally.items():
                statistic, code = divmod(key, self.span)
                if statistic < self.beyond:
                    beta, alpha = divmod(code, self.alpha_base)
                    histogram[statistic] += hand_weight * tables * 2**alpha * 3**beta
        return histogram
