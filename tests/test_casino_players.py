"""Casino's computer players: legal, reproducible, and greedy beats random."""

from __future__ import annotations

import pytest

from kaszino.errors import KaszinoError
from kaszino.games.casino import CasinoRules
from kaszino.games.casino.players import GreedyPlayer, RandomPlayer, play_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_between_computers_ends_and_is_reproducible(players: int) -> None:
    seats = [GreedyPlayer(1) if seat % 2 else RandomPlayer(2) for seat in range(players)]
    final = play_game(seats, seed=5)
    assert final.finished and final.winner is not None
    assert play_game(seats, seed=5) == final
    assert max(final.totals()) >= CasinoRules().target


def test_greedy_beats_random_most_of_the_time() -> None:
    wins = 0
    for game in range(20):
        greedy_seat = game % 2
        seats = [GreedyPlayer(game), RandomPlayer(game)] if greedy_seat == 0 else [RandomPlayer(game),
                                                                                  GreedyPlayer(game)]
        wins += play_game(seats, seed=game).winner == greedy_seat
    assert wins >= 15


def test_the_number_of_players_must_fit_the_rules() -> None:
    with pytest.raises(KaszinoError, match="take 4 players, not 2"):
        play_game([RandomPlayer(), RandomPlayer()], seed=1, rules=CasinoRules(players=4))
