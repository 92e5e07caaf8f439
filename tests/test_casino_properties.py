"""Properties of the Casino engine on random positions (Hypothesis), for 2, 3 and 4 players.

Every legal move is accepted and reads back from its written form; a random candidate (a hand
card with random table cards cut into random groups, as a capture or a build of any value) is
accepted exactly when it is listed; the events of a step tell what changed; an owner always keeps
a card of his build's value; the suits never change what may be done.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kaszino.engine.cards import Card, Suit
from kaszino.engine.events import Added, Built, Captured, Laid, Raised
from kaszino.games.casino import (
    Build,
    BuildMove,
    Capture,
    CasinoRules,
    CasinoState,
    Trail,
    new_game,
    parse_move,
)

seeds = st.integers(0, 2**32 - 1)
players = st.sampled_from([2, 3, 4])


def walk(seed: int, choices: int, n: int, moves: int) -> list[CasinoState]:
    rnd = random.Random(choices)
    state, states = new_game(seed=seed, rules=CasinoRules(players=n)), []
    while len(states) < moves and not state.finished:
        states.append(state)
        state = state.play(rnd.choice(state.legal_moves()))
    return [state for state in states if not state.deal_over]


def candidate(state: CasinoState, rnd: random.Random) -> object:
    hand = state.hands[state.to_move]
    card = rnd.choice(hand)
    pool = [*state.table, *(c for b in state.builds for c in b.cards)]
    chosen = rnd.sample(pool, rnd.randrange(min(len(pool), 5) + 1))
    groups: list[list[Card]] = [[] for _ in range(rnd.randrange(1, 4))]
    for c in chosen:
        rnd.choice(groups).append(c)
    cut = tuple(tuple(g) for g in groups if g)
    builds = tuple(b.key for b in state.builds if rnd.random() < 0.3)
    if rnd.random() < 0.5:
        return Capture(card, cut, builds)
    return BuildMove(card, rnd.randrange(1, 12), cut, builds[0] if builds else None)


@settings(max_examples=25, deadline=None)
@given(seeds, seeds, players)
def test_a_candidate_is_accepted_exactly_when_listed(seed: int, choices: int, n: int) -> None:
    rnd = random.Random(choices)
    for state in walk(seed, choices, n, 60)[::3]:
        legal = set(state.legal_moves())
        for move in legal:
            assert state.problem(move) is None and parse_move(str(move)) == move
        for _ in range(30):
            move = candidate(state, rnd)
            assert (state.problem(move) is None) == (move in legal), (move, state.notation())


@settings(max_examples=25, deadline=None)
@given(seeds, seeds, players)
def test_the_events_tell_what_changed_and_owners_keep_a_card(seed: int, choices: int, n: int) -> None:
    rnd = random.Random(choices)
    for state in walk(seed, choices, n, 80):
        for build in state.builds:
            assert any(card.value == build.value for card in state.hands[build.owner])
        move = rnd.choice(state.legal_moves())
        step = state.step(move)
        first, mover = step.events[0], state.to_move
        if isinstance(move, Trail):
            assert first == Laid(mover, move.card)
        elif isinstance(move, Capture):
            assert first == Captured(mover, (move.card,), move.taken)
            assert not set(move.taken) & {*step.state.table, *(c for b in step.state.builds for c in b.cards)}
        else:
            assert isinstance(move, BuildMove) and isinstance(first, Built | Raised | Added)
            made = next(b for b in step.state.builds if move.card in b.cards)
            assert made.owner == mover and made.value == move.value == first.value
            assert set(first.cards) == set(made.cards)


def _swapped(card: Card) -> Card:
    return Card(card.value, Suit((card.suit + 1) % 4))


def _cut(groups: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(map(_swapped, group)) for group in groups)


def _swap_move(move: object) -> object:
    if isinstance(move, Trail):
        return Trail(_swapped(move.card))
    if isinstance(move, Capture):
        return Capture(_swapped(move.card), _cut(move.groups), _cut(move.builds))
    assert isinstance(move, BuildMove)
    build = None if move.build is None else tuple(map(_swapped, move.build))
    return BuildMove(_swapped(move.card), move.value, _cut(move.groups), build)


@settings(max_examples=20, deadline=None)
@given(seeds, seeds, players)
def test_suits_never_change_what_may_be_done(seed: int, choices: int, n: int) -> None:
    for state in walk(seed, choices, n, 60)[::4]:
        builds = tuple(Build(_cut(b.groups), b.value, b.owner) for b in state.builds)
        moved = CasinoState(state.rules, _cut(state.hands), tuple(map(_swapped, state.table)), builds, (),
                            tuple(() for _ in state.hands), state.scores, state.dealer, state.to_move,
                            round=state.round)
        assert set(moved.legal_moves()) == {_swap_move(move) for move in state.legal_moves()}
