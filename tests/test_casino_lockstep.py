"""The Casino engine in lockstep with the clean-room referee (tests/casino_referee.py) over random deals.

The referee gets each deal as the engine dealt it (the shuffle is no rule); from there both judge
every step alone: the same legal moves, the same hands, loose cards, builds (cards, value, owner),
piles and turn after each move, the same points for the deal and the same end of the game — for
2 and 3 players each alone and 4 in two teams. The long run (10,000 deals) is marked long; the
unmarked one plays a few hundred.
"""

from __future__ import annotations

import random

import pytest
from casino_positions import ref_cards, ref_move
from casino_referee import RefDeal, ref_deck, ref_game_over
from depth import scaled

from kaszino.games.casino import CasinoRules, CasinoState, NextDeal, new_game

RULES = (CasinoRules(players=2), CasinoRules(players=3), CasinoRules(players=4))


def referee_for(state: CasinoState) -> RefDeal:
    """The referee's deal, dealt as the engine dealt it; the layout is checked against §10.2."""
    n = state.players
    layout = [*(c for hand in state.hands for c in hand), *state.table, *state.talon]
    assert sorted(ref_cards(tuple(layout))) == sorted(ref_deck())
    assert [len(hand) for hand in state.hands] == [4] * n and len(state.table) == 4
    assert state.to_move == (state.dealer + 1) % n and not state.builds
    return RefDeal(n, [ref_cards(hand) for hand in state.hands], ref_cards(state.table),
                   ref_cards(state.talon), state.dealer)


def same(state: CasinoState, deal: RefDeal) -> None:
    assert state.to_move == deal.to_move or state.deal_over
    assert [sorted(ref_cards(hand)) for hand in state.hands] == [sorted(hand) for hand in deal.hands]
    assert sorted(ref_cards(state.table)) == sorted(deal.table)
    engine_builds = {(frozenset(ref_cards(b.cards)), b.value, b.owner, b.single) for b in state.builds}
    assert engine_builds == {(b["cards"], b["value"], b["owner"], b["single"]) for b in deal.builds}
    assert ref_cards(state.talon) == deal.talon
    assert [sorted(ref_cards(pile)) for pile in state.piles] == [sorted(pile) for pile in deal.piles]
    assert state.round == deal.hand_number and state.last_capturer == deal.last_capturer


def play_in_lockstep(deals: int, seed: int) -> int:
    """Play whole games until ``deals`` deals are done (the three tables in turn); returns the moves
    checked."""
    chooser = random.Random(seed)
    done = moves = game = 0
    while done < deals:
        rules = RULES[game % len(RULES)]
        state = new_game(seed=seed * 100_000 + game, rules=rules, dealer=chooser.randrange(rules.players))
        game += 1
        totals = [0] * rules.sides
        while not state.finished and done < deals:
            deal = referee_for(state)
            dealer = state.dealer
            while not state.deal_over:
                legal = state.legal_moves()
                expected = deal.legal()
                assert {ref_move(move) for move in legal} == expected
                assert len(legal) == len(expected)
                move = chooser.choice(legal)
                state = state.play(move)
                deal.play(ref_move(move))
                same(state, deal)
                moves += 1
            assert deal.over
            totals = [t + p for t, p in zip(totals, deal.points(), strict=True)]
            assert [state.totals()[player] for player in range(rules.sides)] == totals
            winner = ref_game_over(totals)
            assert state.finished == (winner is not None) and state.winner == winner
            done += 1
            if not state.finished:
                state = state.play(NextDeal())
                assert state.dealer == (dealer + 1) % rules.players and list(state.scores) == totals
    return moves


def test_lockstep_a_few_hundred_deals() -> None:
    deals = scaled(300)
    assert play_in_lockstep(deals, seed=1) == deals * 48


@pytest.mark.long
def test_lockstep_ten_thousand_deals() -> None:
    assert play_in_lockstep(10_000, seed=2) == 10_000 * 48
