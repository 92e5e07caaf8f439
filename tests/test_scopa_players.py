"""Scopa's random and greedy players: legal, reproducible, and the greedy one plays its idea."""

from __future__ import annotations

import pytest
from scopa_positions import position

from kaszino.errors import KaszinoError
from kaszino.games.scopa import parse_move
from kaszino.games.scopa.players import GreedyPlayer, RandomPlayer, play_game


def test_a_game_between_computers_is_legal_and_reproducible() -> None:
    players = (GreedyPlayer(seed=3), RandomPlayer(seed=4))
    final = play_game(players, seed=11)
    assert final.finished and final.winner in (0, 1)
    assert play_game(players, seed=11) == final


def test_greedy_sweeps_when_it_can() -> None:
    sweep = position("K♠ 6♠", "Q♦ 2♣", "3♥ 7♦")
    assert GreedyPlayer().choose(sweep) == parse_move("K♠=3♥+7♦")


def test_greedy_keeps_the_settebello_and_leaves_no_sweep() -> None:
    state = position("7♦ K♠", "Q♦ 2♣", "Q♥ J♣")
    assert GreedyPlayer().choose(state) == parse_move("K♠")
    # the ace is the cheaper card to lay, but 4+1 = 5 could be swept; 4+7 = 11 cannot
    open_table = position("7♠ A♣", "Q♦ 2♣", "4♥")
    assert GreedyPlayer().choose(open_table) == parse_move("7♠")


def test_greedy_beats_random() -> None:
    players = (GreedyPlayer(seed=1), RandomPlayer(seed=2))
    wins = sum(play_game(players, seed).winner == 0 for seed in range(30))
    assert wins >= 20


def test_a_game_takes_two_players() -> None:
    with pytest.raises(KaszinoError, match="2 players, not 1"):
        play_game((GreedyPlayer(),), seed=1)
