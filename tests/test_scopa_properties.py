"""Properties of the Scopa engine on random positions (Hypothesis).

Any candidate (a hand card with any subset of the table) is accepted exactly when it is listed by
``legal_moves``; the events of a step tell what changed; the suits never change what may be taken;
the view of a player holds no card he cannot see.
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from kaszino.engine.cards import Card, Suit
from kaszino.engine.events import Captured, Laid, Swept
from kaszino.games.scopa import ScopaMove, ScopaState, new_game

seeds = st.integers(0, 2**32 - 1)


def walk(seed: int, choices: int, moves: int) -> list[ScopaState]:
    rnd = random.Random(choices)
    state, states = new_game(seed=seed), []
    while len(states) < moves and not state.finished:
        states.append(state)
        state = state.play(rnd.choice(state.legal_moves()))
    return [state for state in states if not state.deal_over]


@settings(max_examples=25)
@given(seeds, seeds)
def test_a_candidate_is_accepted_exactly_when_listed(seed: int, choices: int) -> None:
    for state in walk(seed, choices, 60)[::3]:
        legal = set(state.legal_moves())
        for card in state.hands[state.to_move]:
            for size in range(len(state.table) + 1):
                for taken in combinations(state.table, size):
                    move = ScopaMove(card, taken)
                    assert (state.problem(move) is None) == (move in legal)


@settings(max_examples=25)
@given(seeds, seeds)
def test_the_events_tell_what_changed(seed: int, choices: int) -> None:
    rnd = random.Random(choices)
    for state in walk(seed, choices, 80):
        move = rnd.choice(state.legal_moves())
        assert isinstance(move, ScopaMove)
        step = state.step(move)
        mover = state.to_move
        first = step.events[0]
        if move.taken:
            assert first == Captured(mover, (move.card,), move.taken)
            cleared = not [card for card in state.table if card not in move.taken]
            assert any(isinstance(event, Swept) for event in step.events) == cleared
        else:
            assert first == Laid(mover, move.card)


def _suits_swapped(card: Card) -> Card:
    return Card(card.value, Suit((card.suit + 1) % 4))


@settings(max_examples=25)
@given(seeds, seeds)
def test_suits_never_change_what_may_be_taken(seed: int, choices: int) -> None:
    for state in walk(seed, choices, 60)[::4]:
        hands = tuple(tuple(map(_suits_swapped, hand)) for hand in state.hands)
        moved = ScopaState(state.rules, hands, tuple(map(_suits_swapped, state.table)), (), ((), ()), (0, 0),
                           (0, 0), state.dealer, state.to_move, round=state.round)
        swapped = {ScopaMove(_suits_swapped(m.card), tuple(map(_suits_swapped, m.taken)))
                   for m in state.legal_moves() if isinstance(m, ScopaMove)}
        assert set(moved.legal_moves()) == swapped


@settings(max_examples=25)
@given(seeds, seeds)
def test_a_view_holds_no_hidden_card(seed: int, choices: int) -> None:
    for state in walk(seed, choices, 80):
        for player in (0, 1):
            view = state.view(player)
            assert view.hand == state.hands[player]
            assert view.other_count == len(state.hands[1 - player]) and view.talon_count == len(state.talon)
            if state.last_round:
                assert view.other_hand == state.hands[1 - player] and view.unseen == ()
            else:
                assert view.other_hand is None
                assert view.unseen == tuple(sorted(state.hands[1 - player] + state.talon))
