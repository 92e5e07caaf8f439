"""The combinatorics chapter's recorded opening figures (:mod:`kaszino.classroom.recorded`): what the
package ships is what the engine and the computer players give today, and the page's views read it
for the chapter's counts and seeds and compute anything else."""

from __future__ import annotations

import json
from typing import NoReturn

import pytest

from kaszino.classroom import montecarlo, simulation
from kaszino.classroom.montecarlo import sample_first_moves
from kaszino.classroom.recorded import (
    DEALS,
    DEALS_SEED,
    FIGURES,
    TRIALS,
    TRIALS_SEED,
    first_move_sample,
    fresh_record,
    opening_deals,
)
from kaszino.classroom.simulation import PLAYERS, simulate
from kaszino.jupyter.classroom import FirstMoveFigures, SimulationView


def test_the_recorded_figures_are_what_the_players_play_today() -> None:
    """Fails after a change of the engine or of the random or greedy player until
    ``scripts/simulation_figures.py`` has written the record again."""
    assert json.loads(FIGURES.read_text(encoding="utf-8")) == fresh_record()


def test_the_chapters_views_read_the_record_and_play_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def played(*args: object) -> NoReturn:
        raise AssertionError(f"computed on the page: {args}")

    monkeypatch.setattr(simulation, "play_deal", played)  # a deal played
    monkeypatch.setattr(montecarlo, "captures", played)  # a first move sampled
    figures, view = FirstMoveFigures(), SimulationView()
    record = json.loads(FIGURES.read_text(encoding="utf-8"))
    assert (figures.sample.trials, figures.sample.seed) == (TRIALS, TRIALS_SEED)
    assert [list(pair) for pair in figures.sample.captures] == record["first_moves"]["captures"]
    assert {name: [deal.seed for deal in deals] for name, deals in view.deals.items()} == {
        name: list(range(DEALS_SEED, DEALS_SEED + DEALS)) for name in PLAYERS}
    assert [deal.tablas for deal in view.deals["greedy"]] == [
        tablas for tablas, *_ in record["deals"]["players"]["greedy"]]


def test_a_part_of_the_record_is_the_same_deals_played_and_the_rest_is_played() -> None:
    for player in PLAYERS:
        assert opening_deals(player, 3, DEALS_SEED) == simulate(player, 3, DEALS_SEED)  # read from the record
        assert opening_deals(player, 2, DEALS_SEED + 5) == simulate(player, 2, DEALS_SEED + 5)  # played
    assert first_move_sample(50, 1) == sample_first_moves(50, 1)
