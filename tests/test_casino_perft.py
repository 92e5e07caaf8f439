"""Casino perft: the number of legal move sequences from fixed positions, pinned as numbers.

Each count is computed twice: by the engine (``legal_moves`` and ``play``) and by a brute force
here that knows only the rules (docs/casino.md) as a predicate — it tries every hand card as a trail, and with
every subset of the loose cards cut into groups in every way, with every choice of builds, as a
capture and as a build of every value 2–10 (new, or onto each build on the table), and keeps the
candidates the predicate allows, on its own lists of cards. A wrong move generator changes the
count at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

import pytest
from casino_positions import build, position

from kaszino.engine.cards import Card
from kaszino.games.casino import CasinoRules, CasinoState, new_game

Cards = frozenset[Card]


@dataclass(frozen=True)
class Pile:
    """A build as the brute force keeps it."""

    cards: Cards
    value: int
    owner: int
    single: bool


def worth(card: Card) -> int | None:
    return card.value if card.value <= 10 else None


def partitions(items: list[Card]) -> Iterator[list[Cards]]:
    """Every way to cut ``items`` into non-empty groups, each adding up to at most 10."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in range(len(rest) + 1):
        for others in combinations(rest, size):
            group = frozenset((first, *others))
            if any(worth(card) is None for card in group) and len(group) > 1:
                continue
            if sum(worth(card) or 0 for card in group) > 10:
                continue
            for tail in partitions([card for card in rest if card not in others]):
                yield [group, *tail]


def total(group: Cards) -> int | None:
    values = [worth(card) for card in group]
    return None if None in values else sum(v for v in values if v is not None)


def allowed_capture(card: Card, groups: list[Cards], builds: tuple[Pile, ...]) -> bool:
    if worth(card) is None:
        alone = len(groups) == 1 and not builds and len(groups[0]) == 1
        return alone and next(iter(groups[0])).value == card.value
    return bool(groups or builds) and all(total(g) == card.value for g in groups) and all(
        b.value == card.value for b in builds)


def allowed_build(card: Card, value: int, groups: list[Cards], target: Pile | None) -> bool:
    cv = worth(card)
    if cv is None or not 2 <= value <= 10 or cv > value:
        return False
    sums = [total(g) for g in groups]
    if target is not None and target.value != value:
        return target.single and target.value + cv == value and all(s == value for s in sums)
    if cv == value:
        return all(s == value for s in sums) and (bool(groups) or target is not None)
    return sums.count(value - cv) == 1 and all(s in (value, value - cv) for s in sums)


class Brute:
    def __init__(self, state: CasinoState) -> None:
        self.n = state.players
        self.first = state.first_player

    def count(self, hands: tuple[tuple[Card, ...], ...], loose: tuple[Card, ...], builds: tuple[Pile, ...],
              talon: tuple[Card, ...], mover: int, depth: int) -> int:
        if depth == 0:
            return 1
        if not any(hands):
            if not talon:
                return 1
            order = [(self.first + seat) % self.n for seat in range(self.n)]
            new = [()] * self.n
            for seat, player in enumerate(order):
                new[player] = talon[4 * seat:4 * seat + 4]
            return self.count(tuple(new), loose, builds, talon[4 * self.n:], self.first, depth)
        owner = any(b.owner == mover for b in builds)
        found = 0
        for card in hands[mover]:
            rest = tuple(c for c in hands[mover] if c != card)
            after_hands = tuple(rest if p == mover else h for p, h in enumerate(hands))
            nxt = (mover + 1) % self.n
            if not owner:
                found += self.count(after_hands, (*loose, card), builds, talon, nxt, depth - 1)
            for size in range(len(loose) + 1):
                for chosen in combinations(loose, size):
                    left = tuple(c for c in loose if c not in chosen)
                    for groups in partitions(list(chosen)):
                        for mask in range(1 << len(builds)):
                            taken = tuple(b for i, b in enumerate(builds) if mask >> i & 1)
                            if allowed_capture(card, groups, taken):
                                kept = tuple(b for b in builds if b not in taken)
                                if self._keeps(mover, rest, kept):
                                    found += self.count(after_hands, left, kept, talon, nxt, depth - 1)
                        for value in range(2, 11):
                            if value not in {worth(c) for c in rest}:
                                continue
                            cards = frozenset(chosen) | {card}
                            for target in (None, *builds):
                                if not allowed_build(card, value, groups, target):
                                    continue
                                if target is None:
                                    made = Pile(cards, value, mover, total(cards) == value)
                                    after = (*builds, made)
                                else:
                                    made = Pile(target.cards | cards, value, mover,
                                                target.single and target.value != value and not groups)
                                    after = tuple(made if b is target else b for b in builds)
                                if self._keeps(mover, rest, after):
                                    found += self.count(after_hands, left, after, talon, nxt, depth - 1)
        return found

    @staticmethod
    def _keeps(mover: int, rest: tuple[Card, ...], builds: tuple[Pile, ...]) -> bool:
        values = {card.value for card in rest}
        return all(b.value in values for b in builds if b.owner == mover)


def brute(state: CasinoState, depth: int) -> int:
    piles = tuple(Pile(frozenset(b.cards), b.value, b.owner, b.single) for b in state.builds)
    return Brute(state).count(state.hands, state.table, piles, state.talon, state.to_move, depth)


def perft(state: CasinoState, depth: int) -> int:
    if depth == 0 or state.deal_over:
        return 1
    return sum(perft(state.play(move), depth - 1) for move in state.legal_moves())


def _near_hand_end(seed: int, players: int) -> CasinoState:
    """Two cards before the end of the first hand, the first listed move played each time."""
    state = new_game(seed=seed, rules=CasinoRules(players=players))
    while sum(map(len, state.hands)) > 2:
        state = state.play(state.legal_moves()[0])
    return state


BUILDS = (build("5♥+3♣=8", 1), build("2♦+4♦,6♠=6", 0))

POSITIONS = {
    "start, 2 players, seed 1, depth 2": (lambda: new_game(seed=1), 2, 113),
    "start, 2 players, seed 2, depth 3": (lambda: new_game(seed=2), 3, 142),
    "start, 3 players, seed 3, depth 2": (lambda: new_game(3, CasinoRules(players=3)), 2, 59),
    "start, 4 players, seed 4, depth 3": (lambda: new_game(4, CasinoRules(players=4)), 3, 121),
    "hand end, seed 5, depth 4 (into the next hand)": (lambda: _near_hand_end(5, 2), 4, 72),
    "hand end with a build, seed 10, depth 4": (lambda: _near_hand_end(10, 2), 4, 76),
    "builds on the table, depth 4": (lambda: position("8♠ 2♠ 6♥ 10♣", "8♦ 3♥ A♣ 6♣", table="2♣ 6♦ A♥",
                                                      builds=BUILDS, to_move=1), 4, 2264),
    "the owner of a build to move, depth 4": (lambda: position("8♠ 2♠ 6♥ 9♣", "8♦ 3♥ A♣ K♣", table="3♦ 4♠ K♥",
                                                               builds=BUILDS[:1], to_move=1), 4, 514),
}
"""Position, depth, and the pinned count."""


@pytest.mark.parametrize("name", POSITIONS)
def test_perft(name: str) -> None:
    make, depth, pinned = POSITIONS[name]
    state = make()
    counted = brute(state, depth)
    assert perft(state, depth) == counted == pinned
