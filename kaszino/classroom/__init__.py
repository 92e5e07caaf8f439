"""The classroom: counting subset sums, exact first-move probabilities, Monte Carlo checks, simulation.

Pure Python on top of the engine and solver; only :func:`generating_function` (and what uses it)
needs sympy, from the ``classroom`` extra.
"""

from kaszino.classroom.exact import (
    CountDistribution,
    chance_of_capture,
    chance_of_sweep,
    first_move_captures,
    first_move_distribution,
    first_move_sweeps,
    table_sum_distribution,
)
from kaszino.classroom.montecarlo import Estimate, FirstMoveSample, estimate, sample_first_moves
from kaszino.classroom.subsets import (
    LimitRow,
    SumWays,
    deck_subsets_within,
    dp_rows,
    generating_function,
    limit_effect,
    listed_subsets,
    polynomial_coefficients,
    size_sum_counts,
    sum_ways,
)

__all__ = [
    "CountDistribution", "Estimate", "FirstMoveSample", "LimitRow", "SumWays",
    "chance_of_capture", "chance_of_sweep", "deck_subsets_within", "dp_rows", "estimate",
    "first_move_captures", "first_move_distribution", "first_move_sweeps", "generating_function",
    "limit_effect", "listed_subsets", "polynomial_coefficients", "sample_first_moves", "size_sum_counts",
    "sum_ways", "table_sum_distribution",
]
