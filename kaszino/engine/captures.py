"""Every legal capture of a position (RULES.md §2), found without scanning all subsets.

A capture pairs a non-empty set of hand cards with a non-empty set of table cards of the
same sum, at most ``rules.capture_limit``. The enumeration is output-sensitive: one pass
builds, for every suffix of the table, the bit set of sums its subsets can reach; the
search then only enters a branch that can still complete the target sum, so its work is
proportional to the number of captures it returns.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from kaszino.engine.cards import Card, card_sum, check_cards, check_distinct
from kaszino.engine.rules import STANDARD, Rules
from kaszino.errors import KaszinoError
from kaszino.inputs import check_type

Cards = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Capture:
    """A capture: the hand cards played and the table cards taken, each in a fixed order."""

    hand: tuple[Card, ...]
    table: tuple[Card, ...]

    @property
    def total(self) -> int:
        """The common sum of both sides (for a correct capture)."""
        return card_sum(self.hand)

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards the capture puts on the mover's pile."""
        return self.hand + self.table

    def __str__(self) -> str:
        hand = "+".join(str(c) for c in self.hand)
        table = "+".join(str(c) for c in self.table)
        return f"{hand} = {table}"


def capture_problem(
    hand_cards: Sequence[Card], table_cards: Sequence[Card], rules: Rules = STANDARD
) -> str | None:
    """Why this pairing is not a correct capture (a short English reason), or None if it is.

    The card sets must be non-empty; their sums must match and respect the limit and,
    under V2, the number of hand cards. Membership in hand and table is checked by the game.
    """
    hand_cards, table_cards = check_cards("hand", hand_cards), check_cards("table", table_cards)
    check_type("rules", rules, Rules)
    if not hand_cards:
        return "no hand card chosen"
    if not table_cards:
        return "no table card chosen"
    if rules.max_hand_cards is not None and len(hand_cards) > rules.max_hand_cards:
        return f"{len(hand_cards)} hand cards > {rules.max_hand_cards}"
    hand_total, table_total = card_sum(hand_cards), card_sum(table_cards)
    if hand_total != table_total:
        return f"{hand_total} ≠ {table_total}"
    if rules.capture_limit is not None and hand_total > rules.capture_limit:
        return f"{hand_total} > {rules.capture_limit}"
    return None


def hand_groups(hand: Sequence[Card], rules: Rules = STANDARD) -> dict[int, list[tuple[Card, ...]]]:
    """The non-empty hand subsets allowed by the rules, grouped by their sum."""
    limit = rules.capture_limit
    most = len(hand) if rules.max_hand_cards is None else min(len(hand), rules.max_hand_cards)
    groups: dict[int, list[tuple[Card, ...]]] = defaultdict(list)
    for size in range(1, most + 1):
        for subset in combinations(hand, size):
            total = card_sum(subset)
            if limit is None or total <= limit:
                groups[total].append(subset)
    return groups


class SubsetSums:
    """The table's subsets by sum, enumerated on demand (output-sensitive)."""

    __slots__ = ("cards", "reach", "values")

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = tuple(cards)
        self.values = tuple(card.value for card in self.cards)
        # reach[i]: bit s is set when some subset of cards[i:] sums to s (bit 0: empty set)
        reach = [1] * (len(self.values) + 1)
        for i in range(len(self.values) - 1, -1, -1):
            reach[i] = reach[i + 1] | (reach[i + 1] << self.values[i])
        self.reach = reach

    def reachable(self, total: int) -> bool:
        """Whether some non-empty subset sums to ``total`` (``total`` > 0)."""
        return bool(self.reach[0] >> total & 1)

    def subsets(self, total: int) -> list[tuple[Card, ...]]:
        """Every subset summing to ``total`` > 0, each once, cards in table order."""
        found: list[tuple[Card, ...]] = []
        if total > 0 and self.reach[0] >> total & 1:
            self._extend(0, total, (), found)
        return found

    def _extend(self, i: int, remaining: int, chosen: Cards, found: list[Cards]) -> None:
        values, reach, cards = self.values, self.reach, self.cards
        while True:
            value = values[i]
            after = reach[i + 1]
            if value == remaining:
                found.append(chosen + (cards[i],))
            elif value < remaining and after >> (remaining - value) & 1:
                self._extend(i + 1, remaining - value, chosen + (cards[i],), found)
            if not after >> remaining & 1:
                return
            i += 1


def captures(hand: Iterable[Card], table: Iterable[Card], rules: Rules = STANDARD) -> list[Capture]:
    """Every legal capture of ``hand`` against ``table``, each exactly once.

    Order: by hand subset (smaller first, in hand order), then table subsets in table order.
    """
    hand, table = check_cards("hand", hand, distinct=False), check_cards("table", table, distinct=False)
    if type(rules) is not Rules:
        check_type("rules", rules, Rules)
    both = hand + table
    if len(set(both)) != len(both):  # one set for all three checks: the inner loop is hot
        check_distinct("hand", hand)
        check_distinct("table", table)
        shared = " ".join(str(card) for card in hand if card in table)
        raise KaszinoError(f"a card cannot be both in the hand and on the table: {shared}")
    if not hand or not table:
        return []
    sums = SubsetSums(table)
    result: list[Capture] = []
    for total, hand_subsets in hand_groups(hand, rules).items():
        if sums.reachable(total):
            table_subsets = sums.subsets(total)
            result.extend(Capture(h, t) for h in hand_subsets for t in table_subsets)
    return result


def iter_capture_sums(table: Sequence[Card], rules: Rules = STANDARD) -> Iterator[int]:
    """The distinct sums a non-empty set of table cards can make within the limit."""
    reach = SubsetSums(table).reach[0]
    top = card_sum(table) if rules.capture_limit is None else min(card_sum(table), rules.capture_limit)
    return (s for s in range(1, top + 1) if reach >> s & 1)
