"""Every legal capture of a position (docs/rules.md §2), found without scanning all subsets.

A capture pairs a non-empty set of hand cards with a non-empty set of table cards of the
same sum, at most ``rules.capture_limit``. The enumeration is output-sensitive: the pass over
the table that checks for duplicates also marks, for every card, the sums that it and the cards
after it may still have to make for a hand group's sum; dynamic programming from the last card
to the first then builds only the table subsets that end a wanted subset, sharing the later
cards' subsets between the earlier ones, so its work follows the number of captures it
returns. The table subsets of one sum are found once and shared by every hand group of that
sum; a hand's groups are remembered (a hand meets many tables); the ``Capture`` values are
made without the dataclass constructor's per-field checks (this is the engine's inner loop;
see ``benchmarks/bench_captures.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations
from operator import itemgetter
from typing import Any, TypeVar

from kaszino.engine.cards import DECK, Card, card_sum, check_cards, check_distinct, check_hand_and_table
from kaszino.engine.refusals import Refusal
from kaszino.errors import KaszinoError, TooLargeError
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.inputs import check_type

Cards = tuple[Card, ...]
K = TypeVar("K")
V = TypeVar("V")

MAX_CAPTURES = 100_000
"""The most captures :func:`captures` lists (about 12 MB): a position with more is refused with
``TooLargeError`` before any is made (``count_captures`` counts them). Under the limit 13 no hand
of three or four cards reaches it even against the whole deck (A♠ A♥ J♠ J♥ comes nearest, with
37,138), so their captures are never counted; without the limit four hand cards against 30 small
table cards have millions."""


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
) -> Refusal | None:
    """Why this pairing is not a correct capture (a refusal code with its numbers), or None if it is.

    The card sets must be non-empty; their sums must match and respect the limit and,
    under V2, the number of hand cards. Membership in hand and table is checked by the game.
    """
    hand_cards, table_cards = check_hand_and_table(hand_cards, table_cards)
    check_type("rules", rules, Rules)
    if not hand_cards:
        return Refusal.of("no_hand_card")
    if not table_cards:
        return Refusal.of("no_table_card")
    if rules.max_hand_cards is not None and len(hand_cards) > rules.max_hand_cards:
        return Refusal.of("too_many_hand_cards", count=len(hand_cards), most=rules.max_hand_cards)
    hand_total, table_total = card_sum(hand_cards), card_sum(table_cards)
    if hand_total != table_total:
        return Refusal.of("sums_differ", hand=hand_cards, table=table_cards, hand_total=hand_total,
                          table_total=table_total)
    if rules.capture_limit is not None and hand_total > rules.capture_limit:
        return Refusal.of("over_limit", hand=hand_cards, total=hand_total, limit=rules.capture_limit)
    return None


def hand_groups(hand: Sequence[Card], rules: Rules = STANDARD) -> dict[int, list[tuple[Card, ...]]]:
    """The non-empty hand subsets allowed by the rules, grouped by their sum.

    Order: by subset size, then in hand order (as ``itertools.combinations``); the sums appear
    in the order of their first subset.
    """
    return _groups(hand, rules.capture_limit, rules.max_hand_cards)


class _Memo(dict[K, V]):
    """A dict that makes a missing value with ``make`` and keeps at most ``size`` values (when
    full it is emptied: the keys in use come back at once)."""

    __slots__ = ("_make", "_size")

    def __init__(self, make: Callable[[K], V], size: int) -> None:
        super().__init__()
        self._make = make
        self._size = size

    def __missing__(self, key: K) -> V:
        if len(self) >= self._size:
            self.clear()
        value = self[key] = self._make(key)
        return value


_HandKey = tuple[int, int | None, int | None]
"""A hand for :func:`captures`: 6 bits a card (``4 * value + suit``, the first card highest),
the capture limit and the most hand cards of the rules."""


def _coded_groups(key: _HandKey) -> tuple[dict[int, list[Cards]], int, int]:
    """:func:`hand_groups` of the hand ``key`` names, the set of their sums (bit ``s``: some
    group sums to ``s``) and how many groups there are, or 0 when the hand has at most
    :data:`MAX_CAPTURES` captures even against the whole deck (then they need not be counted)."""
    code, limit, most = key
    shifts = range(6 * ((code.bit_length() + 5) // 6) - 6, -1, -6)
    groups = _groups(tuple(DECK[(code >> shift & 63) - 4] for shift in shifts), limit, most)
    count = sum(map(len, groups.values())) if capture_count(groups, DECK) > MAX_CAPTURES else 0
    return groups, sum(1 << total for total in groups), count


_HAND_GROUPS = _Memo(_coded_groups, 4096)
"""The groups of the hands :func:`captures` met (a hand meets many tables); shared: they must
not be changed."""


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


def subset_counts(values: Sequence[int], top: int) -> list[int]:
    """Entry ``s`` (0..``top``): how many subsets of ``values`` sum to ``s`` (the empty one counts
    for 0) — the coefficients of ∏(1 + xᵛ) up to ``x^top``, multiplied out one value at a time."""
    coefficients = [1] + [0] * top
    for value in values:
        for total in range(top, value - 1, -1):
            coefficients[total] += coefficients[total - value]
    return coefficients


def capture_count(groups: dict[int, list[Cards]], table: Sequence[Card]) -> int:
    """How many captures pair the hand ``groups`` (by sum) with subsets of ``table``."""
    counts = subset_counts([card.value for card in table], max(groups, default=0))
    return sum(len(hand_side) * counts[total] for total, hand_side in groups.items())


def check_listable(hand: Sequence[Card], table: Sequence[Card], rules: Rules = STANDARD) -> None:
    """Refuse with ``TooLargeError`` a position whose captures :func:`captures` would not list
    (more than :data:`MAX_CAPTURES`); the cards are not checked."""
    _check_count(hand_groups(hand, rules), table)


def _check_count(groups: dict[int, list[Cards]], table: Sequence[Card]) -> None:
    count = capture_count(groups, table)
    if count > MAX_CAPTURES:
        raise TooLargeError(f"{count} captures, more than the {MAX_CAPTURES} captures() lists "
                            f"(count_captures counts them)")


def table_subsets(cards: Sequence[Card], need: Sequence[int]) -> list[Sequence[Cards]]:
    """Every subset of ``cards`` with a wanted sum, each once, by sum: entry ``s`` lists those
    summing to ``s`` (an empty entry: none; entries of sums not wanted: unspecified).

    Bit ``s`` of ``need[i]`` is set when ``s`` plus the sum of some subset of the cards before
    ``cards[i]`` is wanted (so ``need[0]`` is the wanted sums).

    Dynamic programming from the last card to the first: the subsets of the cards from ``i`` on
    that sum to ``s`` are those that take card ``i`` (card ``i`` before each subset of the later
    cards summing to ``s - value``), then those that leave it. Only the subsets that end some
    wanted subset are built, so the work follows the number of subsets found; each new subset is
    a single tuple concatenation. Within a sum: cards in table order, and the subsets that take an
    earlier card first.
    """
    top = max(need[0].bit_length() - 1, 0)
    mask = (2 << top) - 1
    found: list[Sequence[Cards]] = [()] * (top + 1)
    found[0] = [()]
    reach = 1  # bit s: some subset of the cards after card i sums to s (≤ top)
    for i in range(len(cards) - 1, -1, -1):
        card = cards[i]
        value = card.value
        shifted = reach << value  # bit s: a subset taking card i sums to s
        taking = need[i] & shifted  # the sums wanted here that a subset taking card i makes
        if taking:
            single = (card,)
            while taking:
                total = taking.bit_length() - 1  # largest first: found[total - value] is not yet updated
                taking ^= 1 << total
                rests = found[total - value]
                # one subset to extend is the usual case under the limit: no comprehension to set up
                subsets = [single + rests[0]] if len(rests) == 1 else [single + rest for rest in rests]
                subsets += found[total]
                found[total] = subsets
        reach = (reach | shifted) & mask
    return found


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
    in_hand = on_table = code = 0  # bit 4 * value + suit of every card: the duplicate checks cost no hashing
    for card in hand:
        index = 4 * card.value + card.suit
        bit = 1 << index
        if in_hand & bit:
            check_distinct("hand", hand)
        in_hand |= bit
        code = code << 6 | index
    groups, sums, group_count = _HAND_GROUPS[code, rules.capture_limit, rules.max_hand_cards]
    need: list[int] = []  # as table_subsets wants it, built with the duplicate check
    append_need = need.append
    for card in table:
        value = card.value
        bit = 1 << (4 * value + card.suit)
        if on_table & bit:
            check_distinct("table", table)
        on_table |= bit
        append_need(sums)
        sums |= sums >> value
    if in_hand & on_table:
        shared = " ".join(str(card) for card in hand if card in table)
        raise KaszinoError(f"a card cannot be both in the hand and on the table: {shared}")
    if not groups or not table:
        return []
    if group_count << len(table) > MAX_CAPTURES:  # maybe more than the budget: count them
        _check_count(groups, table)
    by_sum = table_subsets(table, need)
    result: list[Capture] = []
    append = result.append
    for total, hand_side in groups.items():
        table_side = by_sum[total]
        if table_side:
            for h in hand_side:
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
