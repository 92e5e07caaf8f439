"""The solvers: the exact open last round (``solve``)."""

from kaszino.solver.search import Solution, solve

__all__ = ["Solution", "solve"]
