"""Every legal capture of a position (RULES.md §2), found without scanning all subsets.

A capture pairs a non-empty set of hand cards with a non-empty set of table cards of the
same sum, at most ``rules.capture_limit``. The enumeration is output-sensitive: one pass
builds, for every suffix of the table, the bit set of sums its subsets can reach (cut at the
limit), in the same pass over the cards as the duplicate check; the search then only enters
a branch that can still complete the target sum, so its work is proportional to the number of
captures it returns. The table subsets of one sum are found once and shared by every hand
group of that sum; a hand's groups are remembered (a hand meets many tables); the ``Capture``
values are made without the dataclass constructor's per-field checks (this is the engine's
inner loop; see ``benchmarks/bench_captures.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations
from operator import itemgetter
from typing import Any

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
    """The non-empty hand subsets allowed by the rules, grouped by their sum.

    Order: by subset size, then in hand order (as ``itertools.combinations``); the sums appear
    in the order of their first subset.
    """
    return _groups(hand, rules.capture_limit, rules.max_hand_cards)


@lru_cache(maxsize=4096)
def _remembered_groups(
    hand: tuple[Card, ...], limit: int | None, most: int | None
) -> dict[int, list[tuple[Card, ...]]]:
    """:func:`hand_groups` for :func:`captures`, remembered (a hand meets many tables); the
    result is shared: it must not be changed."""
    return _groups(hand, limit, most)


def _groups(
    hand: Sequence[Card], limit: int | None, most_cards: int | None
) -> dict[int, list[tuple[Card, ...]]]:
    most = len(hand) if most_cards is None else min(len(hand), most_cards)
    values = [card.value for card in hand]
    groups: dict[int, list[tuple[Card, ...]]] = {}
    for pick in _pickers(len(hand), most):
        if isinstance(pick, int):
            subset: tuple[Card, ...] = (hand[pick],)
            total = values[pick]
        else:
            subset = pick(hand)
            total = sum(pick(values))
        if limit is None or total <= limit:
            if total in groups:
                groups[total].append(subset)
            else:
                groups[total] = [subset]
    return groups


@lru_cache(maxsize=64)
def _pickers(size: int, most: int) -> tuple[int | itemgetter[Any], ...]:
    """How to pick each non-empty subset of ``size`` items with at most ``most`` members.

    Smaller subsets first, each in ``itertools.combinations`` order: an index for a single
    item, an ``itemgetter`` returning the tuple of items for a larger subset.
    """
    subsets = chain.from_iterable(combinations(range(size), k) for k in range(1, most + 1))
    return tuple(indices[0] if len(indices) == 1 else itemgetter(*indices) for indices in subsets)


def reachable_sums(values: Sequence[int], top: int | None) -> int:
    """Bit ``s`` set when some subset of ``values`` sums to ``s`` (≤ ``top``; ``None``: any).

    Bit 0 (the empty subset) is always set.
    """
    mask = -1 if top is None else (2 << top) - 1
    bits = 1
    for value in values:
        bits = (bits | bits << value) & mask
    return bits


def table_subsets(
    cards: Sequence[Card], values: Sequence[int], reach: int, after: Sequence[int], totals: Iterable[int]
) -> dict[int, list[tuple[Card, ...]]]:
    """Every subset of ``cards`` summing to one of ``totals`` (> 0), each once, by sum.

    ``values`` are the cards' values; bit ``s`` of ``reach`` is set when a subset of all the
    cards sums to ``s``, and of ``after[i]`` when a non-empty subset of the cards after
    ``cards[i]`` does. A total no subset reaches gets no entry.
    One search serves all the totals, sharing the prefixes they have in common, and only
    enters a branch that can still end on a wanted total, so its work follows the number of
    subsets it finds. Within a total: cards in table order, and the subsets that take an
    earlier card first.
    """
    wanted = 0
    found: dict[int, list[Cards]] = {}
    for total in totals:
        if reach >> total & 1:
            wanted |= 1 << total
            found[total] = []
    if wanted:
        _extend([(card,) for card in cards], values, after, 0, 0, (), wanted, found)
    return found


def _extend(
    singles: Sequence[Cards], values: Sequence[int], after: Sequence[int],
    i: int, total: int, chosen: Cards, rest: int, found: dict[int, list[Cards]],
) -> None:
    """Add to ``found`` every ``chosen`` + non-empty subset of the cards from ``i`` on with a
    wanted sum (``singles[i]`` is the 1-tuple of card ``i``).

    ``chosen`` sums to ``total``; bit s ≥ 1 of ``rest`` is set when ``total + s`` is wanted,
    and some subset of the cards from ``i`` on reaches one of them. Depth first, a card taken
    before it is left out.
    """
    while True:
        value = values[i]
        later = after[i]
        with_card = rest >> value  # bit s: total + value + s is wanted
        if with_card & 1:
            picked = chosen + singles[i]
            found[total + value].append(picked)
            if later & with_card:
                _extend(singles, values, after, i + 1, total + value, picked, with_card, found)
        elif later & with_card:
            _extend(singles, values, after, i + 1, total + value, chosen + singles[i], with_card, found)
        if not later & rest:
            return
        i += 1


class _Blank:
    """A ``Capture`` under construction: the same slots, not yet frozen (see :func:`captures`)."""

    __slots__ = ("hand", "table")

    hand: tuple[Card, ...]
    table: tuple[Card, ...]


def captures(hand: Iterable[Card], table: Iterable[Card], rules: Rules = STANDARD) -> list[Capture]:
    """Every legal capture of ``hand`` against ``table``, each exactly once.

    Order: by hand group (the order of :func:`hand_groups`), then table subsets in table order.
    """
    hand, table = check_cards("hand", hand, distinct=False), check_cards("table", table, distinct=False)
    if type(rules) is not Rules:
        check_type("rules", rules, Rules)
    limit = rules.capture_limit
    mask = -1 if limit is None else (2 << limit) - 1
    count = len(table)
    values = [0] * count
    after = [0] * count  # as table_subsets wants it, built with the duplicate check, from the end
    sums = 1  # bit s: some subset of the cards after this one sums to s (≤ the limit)
    on_table = in_hand = 0  # bit 4 * value + suit of every card: the duplicate checks cost no hashing
    for i in range(count - 1, -1, -1):
        card = table[i]
        value = values[i] = card.value
        bit = 1 << (4 * value + card.suit)
        if on_table & bit:
            check_distinct("table", table)
        on_table |= bit
        after[i] = sums ^ 1
        sums = (sums | sums << value) & mask
    for card in hand:
        bit = 1 << (4 * card.value + card.suit)
        if in_hand & bit:
            check_distinct("hand", hand)
        in_hand |= bit
    if in_hand & on_table:
        shared = " ".join(str(card) for card in hand if card in table)
        raise KaszinoError(f"a card cannot be both in the hand and on the table: {shared}")
    if not hand or not table:
        return []
    groups = _remembered_groups(hand, rules.capture_limit, rules.max_hand_cards)
    by_sum = table_subsets(table, values, sums, after, groups)
    result: list[Capture] = []
    append = result.append
    for total, table_side in by_sum.items():
        if table_side:
            for h in groups[total]:
                for t in table_side:
                    # The engine's inner loop: filling a slot object and then giving it its final
                    # class costs a third of the frozen dataclass constructor (same layout, same value).
                    capture = _Blank()
                    capture.hand = h
                    capture.table = t
                    capture.__class__ = Capture  # type: ignore[assignment]
                    append(capture)  # type: ignore[arg-type]
    return result


def iter_capture_sums(table: Sequence[Card], rules: Rules = STANDARD) -> Iterator[int]:
    """The distinct sums a non-empty set of table cards can make within the limit."""
    reach = reachable_sums([card.value for card in table], rules.capture_limit)
    return (s for s in range(1, reach.bit_length()) if reach >> s & 1)
