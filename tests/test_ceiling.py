"""The ceiling of skill (kaszino.games.kaszino.players.ceiling): legal moves only, and in the last
rounds, where its search is exact, always a move the exact analysis marks optimal."""

from __future__ import annotations

import pytest
from minimax_reference import minimax

from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players import GreedyPlayer, Player, RandomPlayer, computer_move, table_moves
from kaszino.games.kaszino.players.ceiling import CeilingPlayer
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import STANDARD
from kaszino.games.kaszino.solver.deal import DealSearch
from kaszino.games.kaszino.state import GameState, new_game


def _deal(seed: int, players: list[Player]) -> tuple[GameRecord, list[tuple[GameState, Move]]]:
    """The first deal of a game with ``seed`` (a target nobody reaches), its record and each
    position with the move played there."""
    rules = STANDARD.with_changes(target=1000)
    state = start = new_game(rules, seed=seed)
    moves: list[Move] = []
    seen: list[tuple[GameState, Move]] = []
    while not state.deal_over:
        move = computer_move(state, players)
        seen.append((state, move))
        moves.append(move)
        state = state.play(move)
    return GameRecord(rules, seed, None, start.dealer, tuple(moves)), seen


@pytest.mark.parametrize("seed", [3, 11])
def test_the_ceiling_plays_only_legal_moves(seed: int) -> None:
    """Every move it makes in a whole deal against greedy is one of the table's moves."""
    ceiling = CeilingPlayer(positions=2000)
    _, seen = _deal(seed, [ceiling, GreedyPlayer()])
    mine = [(state, move) for state, move in seen if state.to_move == 0 and not state.pending]
    assert mine
    for state, move in mine:
        assert move in table_moves(state)


@pytest.mark.parametrize("seed", [2, 9])
def test_in_the_last_two_rounds_the_ceiling_plays_an_optimal_move(seed: int) -> None:
    """Each of its moves of the last two rounds of a deal against random is one of the moves the
    exact deal search values highest."""
    _, seen = _deal(seed, [CeilingPlayer(), RandomPlayer(seed=seed)])
    checked = 0
    for state, move in seen:
        if state.round >= STANDARD.rounds - 1 and state.to_move == 0 and not state.pending:
            search = DealSearch(state)
            values = {m: search.exact(search.play(search.root, search.model.of_move(m)))
                      for m in table_moves(state)}
            assert values[move] == max(values.values()), state.notation()
            checked += 1
    assert checked


@pytest.mark.parametrize("seed", [5, 8])
def test_in_a_small_ending_the_ceiling_agrees_with_the_plain_minimax(seed: int) -> None:
    """In the last round with few cards its move is one the independent plain minimax finds optimal."""
    state = new_game(STANDARD.with_changes(target=1000), seed=seed)
    players: list[Player] = [GreedyPlayer(), RandomPlayer(seed=seed)]
    while not (state.round == STANDARD.rounds - 1 and 0 < sum(map(len, state.hands)) <= 3
               and not state.pending):
        state = state.play(computer_move(state, players))
    _, optimal = minimax(state)
    assert CeilingPlayer().choose(state) in optimal


def test_the_budget_must_be_positive() -> None:
    with pytest.raises(KaszinoError, match="positions"):
        CeilingPlayer(positions=0)
