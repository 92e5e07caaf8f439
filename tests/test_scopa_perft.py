"""Scopa perft: the number of legal move sequences from fixed positions, pinned as numbers.

Each count is computed twice: by the engine (``legal_moves`` and ``play``) and by a brute force
here that knows only the rule of the played card — it tries every hand card with every subset of
the table and keeps the ones the rule allows, on its own lists of cards. A wrong move generator changes the
count at once.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from kaszino.engine.cards import Card
from kaszino.games.scopa import ScopaMove, ScopaState, new_game

WORTH = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 11: 8, 12: 9, 13: 10}


def allowed(card: Card, taken: tuple[Card, ...], table: tuple[Card, ...]) -> bool:
    """The rule of the played card as a predicate on one candidate: equal card alone first, else a sum
    of two or more, else a lay (only when nothing can be taken)."""
    value = WORTH[card.value]
    equal = [t for t in table if WORTH[t.value] == value]
    if equal:
        return len(taken) == 1 and taken[0] in equal
    if len(taken) >= 2:
        return sum(WORTH[t.value] for t in taken) == value
    if taken:
        return False
    return not any(sum(WORTH[t.value] for t in group) == value
                   for size in range(2, len(table) + 1) for group in combinations(table, size))


def brute(hands: list[list[Card]], table: list[Card], talon: list[Card], mover: int, first: int,
          depth: int) -> int:
    """Sequences of ``depth`` moves, each candidate tried and judged by :func:`allowed`."""
    if depth == 0:
        return 1
    if not hands[0] and not hands[1]:
        return 1 if not talon else brute([talon[:3], talon[3:6]] if first == 0 else [talon[3:6], talon[:3]],
                                         table, talon[6:], first, first, depth)
    total = 0
    for card in hands[mover]:
        for size in range(len(table) + 1):
            for taken in combinations(table, size):
                if not allowed(card, taken, tuple(table)):
                    continue
                rest = [c for c in hands[mover] if c != card]
                new_hands = [rest, hands[1]] if mover == 0 else [hands[0], rest]
                new_table = [c for c in table if c not in taken] if taken else [*table, card]
                total += brute(new_hands, new_table, talon, 1 - mover, first, depth - 1)
    return total


def perft(state: ScopaState, depth: int) -> int:
    if depth == 0 or state.deal_over:
        return 1
    moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
    return sum(perft(state.play(move), depth - 1) for move in moves)


def _near_round_end(seed: int) -> ScopaState:
    state = new_game(seed=seed)
    while len(state.hands[0]) + len(state.hands[1]) > 2:
        state = state.play(state.legal_moves()[-1])
    return state


def _last_round(seed: int) -> ScopaState:
    state = new_game(seed=seed)
    while not state.last_round:
        state = state.play(state.legal_moves()[0])
    return state


POSITIONS = {
    "start, seed 1, depth 2": (lambda: new_game(seed=1), 2, 14),
    "start, seed 1, depth 4": (lambda: new_game(seed=1), 4, 66),
    "start, seed 2, depth 4": (lambda: new_game(seed=2), 4, 88),
    "start, seed 3, depth 3": (lambda: new_game(seed=3), 3, 18),
    "start, seed 1, depth 8 (across a draw)": (lambda: new_game(seed=1), 8, 648),
    "start, seed 2, depth 10": (lambda: new_game(seed=2), 10, 3312),
    "round end, seed 29, depth 5": (lambda: _near_round_end(29), 5, 75),
    "last round, seed 25, to the end": (lambda: _last_round(25), 6, 62),
    "last round, seed 8, to the end": (lambda: _last_round(8), 6, 52),
}
"""Position, depth, and the pinned count."""


@pytest.mark.parametrize("name", POSITIONS)
def test_perft(name: str) -> None:
    build, depth, pinned = POSITIONS[name]
    state = build()
    hands = [list(state.hands[0]), list(state.hands[1])]
    counted = brute(hands, list(state.table), list(state.talon), state.to_move, state.first_player, depth)
    assert perft(state, depth) == counted == pinned
