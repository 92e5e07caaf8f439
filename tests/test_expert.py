"""The expert: legal in any position, blind to hidden cards, exact in the open last round."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import open_round_state

from kaszino import PRESETS, GameState, NextDeal, new_game, solve
from kaszino.games.kaszino.players import (
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    computer_move,
    play_game,
    table_moves,
)
from kaszino.games.kaszino.players.expert import sample_world, unseen_cards

FAST = ExpertPlayer(samples=1)


def walk(name: str, seed: int, steps: int) -> list[GameState]:
    """The states of a game of random and greedy players, up to ``steps`` moves."""
    rules = PRESETS[name]
    players = [RandomPlayer(seed=seed) if p % 2 else GreedyPlayer() for p in range(rules.players)]
    state = new_game(rules, seed=seed)
    states = [state]
    for _ in range(steps):
        if state.finished:
            break
        state = state.play(computer_move(state, players))
        states.append(state)
    return states


def movable(state: GameState) -> bool:
    return not state.finished and not state.deal_over and state.pending is None


@settings(max_examples=40)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32 - 1))
def test_the_expert_moves_legally_in_every_position(name: str, seed: int) -> None:
    states = [state for state in walk(name, seed, 60) if movable(state)]
    for state in states:
        move = FAST.choose(state)
        assert move in table_moves(state), f"{move} is not legal in {state.notation()}"


def hide_differently(state: GameState, rng: random.Random) -> GameState:
    """``state`` with the opponents' hidden hands and the talon dealt another way."""
    me = state.to_move
    hidden = [card for p, hand in enumerate(state.hands) if p != me for card in hand] + list(state.talon)
    rng.shuffle(hidden)
    hands = []
    for p, hand in enumerate(state.hands):
        if p == me:
            hands.append(hand)
        else:
            hands.append(tuple(hidden[:len(hand)]))
            del hidden[:len(hand)]
    return replace(state, hands=tuple(hands), talon=tuple(hidden))


@settings(max_examples=25)
@given(st.sampled_from(["standard", "p3", "v8"]), st.integers(0, 2**32 - 1), st.integers(0, 40))
def test_the_expert_never_reads_hidden_cards(name: str, seed: int, depth: int) -> None:
    states = [state for state in walk(name, seed, depth) if movable(state) and not state.open_round]
    if not states:
        return
    state = states[-1]
    other = hide_differently(state, random.Random(seed))
    expert = ExpertPlayer(seed=seed, samples=3, horizon=1)
    assert expert.assess(state) == expert.assess(other)


def test_hidden_cards_change_nothing_but_the_seed_does() -> None:
    state = walk("standard", 3, 7)[-1]
    assert movable(state) and not state.open_round
    values = {seed: ExpertPlayer(seed=seed, samples=2).assess(state).move_values for seed in range(4)}
    assert len({tuple(v.values()) for v in values.values()}) > 1, "the worlds do not depend on the seed"


def test_worlds_are_consistent_with_what_the_expert_saw() -> None:
    state = walk("p3", 5, 20)[-1]
    me = state.to_move
    unseen = unseen_cards(state, me)
    hands, talon = sample_world(state, me, unseen, list(reversed(range(len(unseen)))))
    assert hands[me] == state.hands[me]
    assert [len(hand) for hand in hands] == [len(hand) for hand in state.hands]
    assert sorted(card for p, hand in enumerate(hands) if p != me for card in hand) + sorted(talon) != []
    assert sorted([*talon, *(c for p, h in enumerate(hands) if p != me for c in h)]) == sorted(unseen)


def test_the_open_last_round_is_played_exactly() -> None:
    for seed in range(6):
        state = open_round_state(seed)
        assessment = ExpertPlayer().assess(state)
        solution = solve(state)
        assert assessment.exact
        assert assessment.best in solution.best_moves
        assert assessment.move_values[assessment.best] == solution.value


def test_a_whole_game_against_greedy_is_legal_and_reproducible() -> None:
    first = play_game([ExpertPlayer(seed=1, samples=2), GreedyPlayer()], seed=9)
    again = play_game([ExpertPlayer(seed=1, samples=2), GreedyPlayer()], seed=9)
    assert first == again
    assert first.final_state().finished
    assert NextDeal() in first.moves or first.final_state().deal == 1
