"""The combinatorics chapter's opening figures, computed once when the package is made.

The chapter opens with a Monte Carlo check of the first move (:data:`TRIALS` random first moves
from seed :data:`TRIALS_SEED`) and with :data:`DEALS` deals of each computer player against
itself (seeds :data:`DEALS_SEED` onwards). Both come from fixed seeds, so every page would work
out the same numbers again: about 4.5 s of a classroom server's time for each pupil who opens the
chapter, and longer in the offline site's Python in the browser. ``figures.json`` beside this
module holds them; ``scripts/simulation_figures.py`` writes it with :func:`fresh_record`, and
``tests/test_recorded_figures.py`` checks it against a fresh computation, so the page shows what
the engine and the players give today. Other counts and seeds (the page's button for more deals,
a teacher's own cell) are computed as asked.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from kaszino.classroom.montecarlo import FirstMoveSample, sample_first_moves
from kaszino.classroom.simulation import PLAYERS, DealStats, simulate

TRIALS, TRIALS_SEED = 20_000, 2026
"""The chapter's Monte Carlo check of the first move: how many random first moves, from which seed."""

DEALS, DEALS_SEED = 300, 0
"""The chapter's opening simulation: how many deals of each player, from which seed."""

FIGURES = Path(__file__).with_name("figures.json")
"""The recorded figures (:func:`fresh_record`'s JSON)."""


def fresh_record() -> dict[str, Any]:
    """The figures worked out now, as ``figures.json`` records them."""
    sample = sample_first_moves(TRIALS, TRIALS_SEED)
    return {
        "first_moves": {"trials": TRIALS, "seed": TRIALS_SEED,
                        "captures": [list(pair) for pair in sample.captures],
                        "sweeps": [list(pair) for pair in sample.sweeps]},
        "deals": {"seed": DEALS_SEED, "players": {
            player: [[deal.tablas, list(deal.points), list(deal.cards), list(deal.most_cards)]
                     for deal in simulate(player, DEALS, DEALS_SEED)]
            for player in PLAYERS
        }},
    }


@cache
def _record() -> dict[str, Any]:
    figures: dict[str, Any] = json.loads(FIGURES.read_text(encoding="utf-8"))
    return figures


def first_move_sample(trials: int, seed: int) -> FirstMoveSample:
    """:func:`~kaszino.classroom.montecarlo.sample_first_moves` for the standard rules and deck: read
    from the record for the chapter's count and seed, else computed."""
    recorded = _record()["first_moves"]
    if (trials, seed) != (recorded["trials"], recorded["seed"]):
        return sample_first_moves(trials, seed)
    return FirstMoveSample(tuple((k, n) for k, n in recorded["captures"]),
                           tuple((k, n) for k, n in recorded["sweeps"]), trials, seed)


def opening_deals(player: str, deals: int, seed: int) -> list[DealStats]:
    """:func:`~kaszino.classroom.simulation.simulate` under the standard rules: read from the record
    when it holds those deals (the chapter's seed, at most as many as it recorded), else played."""
    recorded = _record()["deals"]
    played = recorded["players"].get(player) if seed == recorded["seed"] else None
    if played is None or not 0 < deals <= len(played):
        return simulate(player, deals, seed)
    return [DealStats(seed + number, tablas, tuple(points), tuple(cards), tuple(most))
            for number, (tablas, points, cards, most) in enumerate(played[:deals])]
