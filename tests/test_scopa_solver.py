"""The exact last-round solver of Scopa against a plain minimax over the clean-room referee."""

from __future__ import annotations

import copy

import pytest
from scopa_positions import last_round, ref_cards, ref_move
from scopa_referee import RefDeal

from kaszino.errors import KaszinoError
from kaszino.games.scopa import ScopaRules, ScopaState, new_game
from kaszino.games.scopa.solver import solve


def referee_at(state: ScopaState) -> RefDeal:
    deal = RefDeal([ref_cards(state.hands[0]), ref_cards(state.hands[1])], ref_cards(state.table), [],
                   first=state.first_player, scopa_points=state.rules.scopa, primiera_on=state.rules.primiera)
    deal.to_move = state.to_move
    deal.piles = [ref_cards(pile) for pile in state.piles]
    deal.scopas = list(state.scopas)
    deal.last_capturer = state.last_capturer
    deal.rounds = state.round
    return deal


def minimax(deal: RefDeal) -> int:
    """The mover's best margin of the deal's points, by trying every line."""
    mover = deal.to_move
    best = None
    for move in deal.legal():
        after = copy.deepcopy(deal)
        after.play(move)
        if after.over:
            points = after.points()
            value = points[mover] - points[1 - mover]
        else:
            value = -minimax(after) if after.to_move != mover else minimax(after)
        best = value if best is None else max(best, value)
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(12))
def test_the_value_is_the_referees_minimax(seed: int) -> None:
    rules = (ScopaRules(), ScopaRules(scopa=False), ScopaRules(primiera=False))[seed % 3]
    state = last_round(seed, rules)
    solution = solve(state)
    assert solution.value == minimax(referee_at(state))


@pytest.mark.parametrize("seed", range(12, 20))
def test_every_best_move_and_a_line(seed: int) -> None:
    state = last_round(seed)
    solution = solve(state)
    assert {move for move, _ in solution.values} == set(state.legal_moves())
    for move, value in solution.values:
        after = state.play(move)
        deal = referee_at(after)
        if after.deal_over:
            points = after.deal_scores()
            assert value == points[state.to_move] - points[1 - state.to_move]
        else:
            assert value == -minimax(deal)
        assert (move in solution.best) == (value == solution.value)
    final = state
    for move in solution.line:
        final = final.play(move)
    points = final.deal_scores()
    assert final.deal_over and points[state.to_move] - points[1 - state.to_move] == solution.value
    assert {ref_move(move) for move in solution.best} <= referee_at(state).legal()


def test_the_solver_answers_only_in_the_last_round() -> None:
    with pytest.raises(KaszinoError, match="last round"):
        solve(new_game(seed=1))
