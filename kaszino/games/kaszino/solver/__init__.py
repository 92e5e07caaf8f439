"""The solvers: what a capture wins now, táblák, capture counts, and the exact open last round."""

from kaszino.games.kaszino.solver.counting import (
    capture_count_distribution,
    count_captures,
    count_sweeps,
    distinct_capture_sums,
    subset_sum_counts,
)
from kaszino.games.kaszino.solver.search import Solution, solve
from kaszino.games.kaszino.solver.sweeps import SweepPlan, sweep_plans, sweeps, table_sweeps
from kaszino.games.kaszino.solver.value import (
    CaptureValue,
    PointItem,
    Shortfall,
    best_captures,
    capture_value,
    capture_values,
)

__all__ = [
    "CaptureValue", "PointItem", "Shortfall", "Solution", "SweepPlan",
    "best_captures", "capture_count_distribution", "capture_value", "capture_values", "count_captures",
    "count_sweeps", "distinct_capture_sums", "solve", "subset_sum_counts", "sweep_plans", "sweeps",
    "table_sweeps",
]
