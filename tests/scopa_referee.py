"""A clean-room referee for Scopa, written from the rule specification alone (not from the engine).

It knows nothing of the project's code: a card is a pair ``(rank, suit)`` with rank 1–7 and
11–13 (J, Q, K as in the 52-card deck) and suit 0–3 (♠ ♥ ♦ ♣), a move is a pair (the hand card,
the frozenset of table cards it takes). The lockstep test feeds it the engine's deal (the shuffle
is no rule) and compares every legal-move list, every position and every score with the engine.
Drawing convention (the project's, docs/scopa.md): the first drawer takes the talon's next three
cards, then the other player the three after them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

RefCard = tuple[int, int]
RefMove = tuple[RefCard, frozenset[RefCard]]

DIAMONDS = 2
SEVEN_OF_DIAMONDS: RefCard = (7, DIAMONDS)
PRIMIERA = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 11: 10, 12: 10, 13: 10}
TARGET = 11


def worth(card: RefCard) -> int:
    """The capture value: A–7 as printed, J 8, Q 9, K 10."""
    rank = card[0]
    return rank if rank <= 7 else rank - 3


def ref_deck() -> list[RefCard]:
    return [(rank, suit) for rank in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13) for suit in range(4)]


def ref_legal(hand: list[RefCard], table: list[RefCard]) -> set[RefMove]:
    """Every legal move: each hand card; a single equal card first, else sums of two or more."""
    moves: set[RefMove] = set()
    for card in hand:
        target = worth(card)
        equal = [t for t in table if worth(t) == target]
        if equal:
            moves.update((card, frozenset([t])) for t in equal)
            continue
        sums = [
            frozenset(group)
            for size in range(2, len(table) + 1)
            for group in combinations(table, size)
            if sum(worth(t) for t in group) == target
        ]
        if sums:
            moves.update((card, group) for group in sums)
        else:
            moves.add((card, frozenset()))
    return moves


def primiera_sum(pile: list[RefCard]) -> int | None:
    """The primiera sum of a pile, None when some suit is missing."""
    best = {}
    for rank, suit in pile:
        best[suit] = max(best.get(suit, 0), PRIMIERA[rank])
    return sum(best.values()) if len(best) == 4 else None


def more(a: int | None, b: int | None) -> int | None:
    """Who wins a comparison (None: a tie, or neither can win)."""
    if a is None and b is None:
        return None
    if b is None:
        return 0
    if a is None:
        return 1
    return None if a == b else (0 if a > b else 1)


@dataclass
class RefDeal:
    """One deal in progress."""

    hands: list[list[RefCard]]
    table: list[RefCard]
    talon: list[RefCard]
    first: int  # the dealer's opponent: moves first, draws first
    scopa_points: bool = True
    primiera_on: bool = True
    to_move: int = 0
    piles: list[list[RefCard]] = field(default_factory=lambda: [[], []])
    scopas: list[int] = field(default_factory=lambda: [0, 0])
    last_capturer: int | None = None
    rounds: int = 1
    over: bool = False

    def __post_init__(self) -> None:
        self.to_move = self.first

    def legal(self) -> set[RefMove]:
        return ref_legal(self.hands[self.to_move], self.table)

    def play(self, move: RefMove) -> None:
        assert not self.over and move in self.legal(), move
        card, taken = move
        player = self.to_move
        self.hands[player].remove(card)
        last_move = not self.talon and not self.hands[0] and not self.hands[1]
        if taken:
            self.table = [t for t in self.table if t not in taken]
            self.piles[player] += [card, *taken]
            self.last_capturer = player
            if not self.table and not last_move and self.scopa_points:
                self.scopas[player] += 1
        else:
            self.table.append(card)
        self.to_move = 1 - player
        if not self.hands[0] and not self.hands[1]:
            if self.talon:
                order = (self.first, 1 - self.first)
                for p in order:
                    self.hands[p], self.talon = self.talon[:3], self.talon[3:]
                self.to_move = self.first
                self.rounds += 1
            else:
                if self.last_capturer is not None:
                    self.piles[self.last_capturer] += self.table
                self.table = []
                self.over = True

    def points(self) -> list[int]:
        """The deal's points per player (cards, diamonds, settebello, primiera, scopas)."""
        assert self.over
        got = list(self.scopas)
        winners = [
            more(len(self.piles[0]), len(self.piles[1])),
            more(*(sum(1 for c in pile if c[1] == DIAMONDS) for pile in self.piles)),
            0 if SEVEN_OF_DIAMONDS in self.piles[0] else (1 if SEVEN_OF_DIAMONDS in self.piles[1] else None),
        ]
        if self.primiera_on:
            winners.append(more(primiera_sum(self.piles[0]), primiera_sum(self.piles[1])))
        for winner in winners:
            if winner is not None:
                got[winner] += 1
        return got


def ref_game_over(totals: list[int]) -> int | None:
    """The winner after a deal's points are added (None: the game goes on)."""
    if max(totals) < TARGET or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def ref_needs_redeal(table: list[RefCard]) -> bool:
    """The redeal variant: three or four kings among the first table cards."""
    return sum(1 for card in table if card[0] == 13) >= 3
