"""The Scopa engine in lockstep with the clean-room referee (tests/scopa_referee.py) over random deals.

The referee gets each deal as the engine dealt it (the shuffle is no rule); from there both judge
every step alone: the same legal moves, the same table, hands, piles and scopas after each move,
the same points for the deal and the same end of the game. The long run (10,000 deals) is
marked slow; the unmarked one plays a few hundred.
"""

from __future__ import annotations

import random

import pytest
from depth import scaled
from scopa_positions import ref_cards, ref_move
from scopa_referee import RefDeal, ref_deck, ref_game_over, ref_needs_redeal

from kaszino.games.scopa import NextDeal, ScopaMove, ScopaRules, ScopaState, new_game

RULES = (ScopaRules(), ScopaRules(scopa=False), ScopaRules(primiera=False), ScopaRules(kings_redeal=True))


def referee_for(state: ScopaState) -> RefDeal:
    """The referee's deal, dealt as the engine dealt it; the layout is checked against §9.2."""
    layout = [*state.hands[0], *state.hands[1], *state.table, *state.talon]
    assert sorted(ref_cards(tuple(layout))) == sorted(ref_deck())
    assert [len(hand) for hand in state.hands] == [3, 3] and len(state.table) == 4
    assert state.to_move == 1 - state.dealer
    if state.rules.kings_redeal:
        assert not ref_needs_redeal(ref_cards(state.table))
    return RefDeal([ref_cards(state.hands[0]), ref_cards(state.hands[1])], ref_cards(state.table),
                   ref_cards(state.talon), first=1 - state.dealer, scopa_points=state.rules.scopa,
                   primiera_on=state.rules.primiera)


def same(state: ScopaState, deal: RefDeal) -> None:
    assert state.to_move == deal.to_move or state.deal_over
    assert [sorted(ref_cards(hand)) for hand in state.hands] == [sorted(hand) for hand in deal.hands]
    assert sorted(ref_cards(state.table)) == sorted(deal.table)
    assert ref_cards(state.talon) == deal.talon
    assert [sorted(ref_cards(pile)) for pile in state.piles] == [sorted(pile) for pile in deal.piles]
    assert list(state.scopas) == deal.scopas
    assert state.round == deal.rounds


def play_in_lockstep(deals: int, seed: int) -> int:
    """Play whole games until ``deals`` deals are done; returns the moves checked."""
    chooser = random.Random(seed)
    done = moves = 0
    game = 0
    while done < deals:
        rules = RULES[game % len(RULES)]
        state = new_game(seed=seed * 100_000 + game, rules=rules, dealer=chooser.randrange(2))
        game += 1
        totals = [0, 0]
        while not state.finished and done < deals:
            deal = referee_for(state)
            dealer = state.dealer
            while not state.deal_over:
                legal = state.legal_moves()
                assert {ref_move(move) for move in legal if isinstance(move, ScopaMove)} == deal.legal()
                assert len(legal) == len(deal.legal())
                move = chooser.choice(legal)
                assert isinstance(move, ScopaMove)
                state = state.play(move)
                deal.play(ref_move(move))
                same(state, deal)
                moves += 1
            assert deal.over
            totals = [t + p for t, p in zip(totals, deal.points(), strict=True)]
            assert list(state.totals()) == totals
            winner = ref_game_over(totals)
            assert state.finished == (winner is not None) and state.winner == winner
            done += 1
            if not state.finished:
                state = state.play(NextDeal())
                assert state.dealer == 1 - dealer and list(state.scores) == totals
    return moves


def test_lockstep_a_few_hundred_deals() -> None:
    deals = scaled(300)
    assert play_in_lockstep(deals, seed=1) > deals * 36 - 1


@pytest.mark.long
def test_lockstep_ten_thousand_deals() -> None:
    assert play_in_lockstep(10_000, seed=2) == 10_000 * 36
