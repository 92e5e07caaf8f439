"""A clean-room referee for Anglo-American Casino, written from the rule specification alone (not from
the engine).

It imports nothing of the project: a card is a pair ``(rank, suit)`` with rank 1–13 (J 11, Q 12,
K 13) and suit 0–3 (♠ ♥ ♦ ♣); a build is a dict with its cards, value, owner and whether it is
single. A move is a tuple:

- ``("trail", card)``;
- ``("capture", card, groups, builds)``: the frozenset of loose groups (each a frozenset of cards)
  and the frozenset of builds taken (each the frozenset of its cards);
- ``("build", card, value, groups, build)``: the loose groups that go into the build (the played
  card's partner cards among them) and the frozenset of the build raised or added to, or None.

Where the specification is silent the referee follows the project's written decisions
(docs/casino.md): a player may raise any single build, his own too; separate builds of one value may
lie side by side; any build move may gather further loose groups of the build's value; after any
move the mover keeps a card of the value of every build he owns; the first hand card dealt goes to
the player after the dealer, four at a time round the table, then four to the table.

The lockstep test feeds it the engine's deal (the shuffle is no rule) and compares every
legal-move list, every position and every score with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

RefCard = tuple[int, int]
Group = frozenset[RefCard]
RefMove = tuple[Any, ...]

SPADES, DIAMONDS = 0, 2
TEN_OF_DIAMONDS: RefCard = (10, DIAMONDS)
TWO_OF_SPADES: RefCard = (2, SPADES)
TARGET = 21


def is_face(card: RefCard) -> bool:
    return card[0] > 10


def ref_deck() -> list[RefCard]:
    return [(rank, suit) for rank in range(1, 14) for suit in range(4)]


def subsets_with_sum(cards: list[RefCard], total: int) -> list[Group]:
    """Every subset of the number cards of ``cards`` adding up to ``total`` (brute force by size)."""
    numbers = [card for card in cards if not is_face(card)]
    return [frozenset(chosen) for size in range(1, min(len(numbers), total) + 1)
            for chosen in combinations(numbers, size) if sum(card[0] for card in chosen) == total]


def collections(cards: list[RefCard], value: int) -> list[frozenset[Group]]:
    """Every set of disjoint groups of ``cards``, each adding up to ``value`` (the empty set too):
    the first card is left out, or taken in each group it can be part of."""
    if not cards:
        return [frozenset()]
    first, rest = cards[0], cards[1:]
    found = collections(rest, value)
    if not is_face(first) and first[0] <= value:
        for partners in [frozenset()] if first[0] == value else subsets_with_sum(rest, value - first[0]):
            group = partners | {first}
            left = [card for card in rest if card not in partners]
            found += [chosen | {group} for chosen in collections(left, value)]
    return found


def build_subsets(builds: list[dict[str, Any]]) -> list[frozenset[Group]]:
    found: list[frozenset[Group]] = [frozenset()]
    for build in builds:
        found += [chosen | {build["cards"]} for chosen in found]
    return found


def candidate_moves(hand: list[RefCard], table: list[RefCard],
                    builds: list[dict[str, Any]]) -> set[RefMove]:
    """Every capture and build move §10 describes, before the owners' duties are applied."""
    moves: set[RefMove] = set()
    for card in hand:
        keep = {other[0] for other in hand if other != card and not is_face(other)}
        if is_face(card):
            moves.update(("capture", card, frozenset({frozenset({t})}), frozenset())
                         for t in table if t[0] == card[0])
            continue
        v = card[0]
        for loose in collections(table, v):
            for taken in build_subsets([b for b in builds if b["value"] == v]):
                if loose or taken:
                    moves.add(("capture", card, loose, taken))
        for value in keep:
            if value < max(2, v) or value > 10:
                continue
            partners = subsets_with_sum(table, value - v) if value > v else [frozenset()]
            for partner in partners:
                rest = [t for t in table if t not in partner]
                for more in collections(rest, value):
                    groups = more | ({partner} if partner else set())
                    if groups:
                        moves.add(("build", card, value, frozenset(groups), None))
                    moves.update(("build", card, value, frozenset(groups), b["cards"])
                                 for b in builds if b["value"] == value)
            for b in builds:
                if b["single"] and b["value"] + v == value:
                    gathered = collections(table, value)
                    moves.update(("build", card, value, more, b["cards"]) for more in gathered)
    return moves


@dataclass
class RefDeal:
    """One deal in progress, for ``players`` players (four: partners 0+2 against 1+3)."""

    players: int
    hands: list[list[RefCard]]
    table: list[RefCard]
    talon: list[RefCard]
    dealer: int
    builds: list[dict[str, Any]] = field(default_factory=list)
    piles: list[list[RefCard]] = field(default_factory=list)
    last_capturer: int | None = None
    to_move: int = 0
    hand_number: int = 1
    over: bool = False

    def __post_init__(self) -> None:
        self.piles = [[] for _ in range(self.players)]
        self.to_move = (self.dealer + 1) % self.players

    def owns(self, player: int) -> list[dict[str, Any]]:
        return [b for b in self.builds if b["owner"] == player]

    def legal(self) -> set[RefMove]:
        p = self.to_move
        hand = self.hands[p]
        moves = {move for move in candidate_moves(hand, self.table, self.builds) if self._keeps(move)}
        if not self.owns(p):
            moves.update(("trail", card) for card in hand)
        return moves

    def _keeps(self, move: RefMove) -> bool:
        """After the move the mover keeps a card of the value of every build he owns."""
        p = self.to_move
        rest = [c[0] for c in self.hands[p] if c != move[1]]
        after = self._builds_after(move)
        return all(b["value"] in rest for b in after if b["owner"] == p)

    def _builds_after(self, move: RefMove) -> list[dict[str, Any]]:
        p = self.to_move
        if move[0] == "trail":
            return self.builds
        if move[0] == "capture":
            return [b for b in self.builds if b["cards"] not in move[3]]
        _, card, value, groups, target = move
        cards = frozenset().union(*groups) | {card}
        if target is None:
            return [*self.builds, {"cards": cards, "value": value, "owner": p, "single": len(groups) <= 1
                                   and sum(c[0] for c in cards) == value}]
        after = []
        for b in self.builds:
            if b["cards"] == target:
                after.append({"cards": b["cards"] | cards, "value": value, "owner": p,
                              "single": b["single"] and not groups and b["value"] != value})
            else:
                after.append(b)
        return after

    def play(self, move: RefMove) -> None:
        assert not self.over and move in self.legal(), move
        p, card = self.to_move, move[1]
        self.hands[p].remove(card)
        if move[0] == "trail":
            self.table.append(card)
        elif move[0] == "capture":
            taken = set().union(*move[2], *move[3])
            self.table = [t for t in self.table if t not in taken]
            self.builds = self._builds_after(move)
            self.piles[p] += [card, *taken]
            self.last_capturer = p
        else:
            used = set().union(*move[3])
            self.builds = self._builds_after(move)
            self.table = [t for t in self.table if t not in used]
        self.to_move = (p + 1) % self.players
        if not any(self.hands):
            if self.talon:
                for seat in range(self.players):
                    player = (self.dealer + 1 + seat) % self.players
                    self.hands[player], self.talon = self.talon[:4], self.talon[4:]
                self.hand_number += 1
                self.to_move = (self.dealer + 1) % self.players
            else:
                assert not self.builds
                if self.last_capturer is not None:
                    self.piles[self.last_capturer] += self.table
                    self.table = []
                self.over = True

    def side_piles(self) -> list[list[RefCard]]:
        if self.players == 4:
            return [self.piles[0] + self.piles[2], self.piles[1] + self.piles[3]]
        return [list(pile) for pile in self.piles]

    def points(self) -> list[int]:
        """The deal's points per side: most cards 3, most spades 1, each ace 1, 10♦ 2, 2♠ 1."""
        assert self.over
        piles = self.side_piles()
        got = [sum(1 for c in pile if c[0] == 1) for pile in piles]
        for counts, worth in (([len(pile) for pile in piles], 3),
                              ([sum(1 for c in pile if c[1] == SPADES) for pile in piles], 1)):
            best = max(counts)
            if counts.count(best) == 1:
                got[counts.index(best)] += worth
        for card, worth in ((TEN_OF_DIAMONDS, 2), (TWO_OF_SPADES, 1)):
            for side, pile in enumerate(piles):
                if card in pile:
                    got[side] += worth
        return got


def ref_game_over(totals: list[int]) -> int | None:
    """The winning side after a deal's points are added (None: the game goes on)."""
    best = max(totals)
    if best < TARGET or totals.count(best) > 1:
        return None
    return totals.index(best)
