"""The open last round in small integers: the compact model the exact search runs on.

Cards that no rule can tell apart are merged into one *class*: same value, same role in the
scoring (a spade or not, a point card or not). 5♥, 5♦ and 5♣ are one class; 5♠, A♠, 2♠ and
10♦ are classes of their own. Every place where cards lie (a hand, the table) is then a
multiset of classes, stored as one integer with a 2-bit count per class (a *signature*), so
moving cards is adding and subtracting integers, and captures that differ only by which of two
equal cards they take are one move.

The transitions copy ``GameState`` (``kaszino/games/kaszino/state.py``) rule for rule: the tábla and the
forced double move after it (docs/rules.md §4), passing the turn past empty hands (§3.4), the V3 pass,
the leftovers to the last capturer (§3.7). The tests check the search built on this model
against a plain minimax on ``GameState.play`` itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from kaszino.engine.cards import DECK, Card, Suit
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, Move, Pass
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.scoring import (
    BIG_CASINO,
    DECK_SIZE,
    LITTLE_CASINO,
    SPADES_IN_DECK,
    majority_holder,
)

if TYPE_CHECKING:
    from kaszino.games.kaszino.state import GameState

CLASS_ORDER: tuple[tuple[int, bool, bool], ...] = (
    (10, False, True), (1, True, False), (1, False, False), (2, True, False),
    *((value, spade, False) for value in range(2, 14) for spade in (True, False)
      if (value, spade) != (2, True)),
)
"""Every class as ``(value, spade, big casino)``, numbered in this order: the point cards of the
standard scoring first (10♦, the aces, 2♠), then by value, the spade before the others. Move
generation takes the classes of a table in this order, so the greedy good capture
(:meth:`RoundModel.good_subset`) reaches for the cards worth most first without sorting."""

CLASSES = len(CLASS_ORDER)
"""13 values of non-spades, 13 values of spades, and 10♦ on its own: 27."""

_CLASS_OF = {kind: c for c, kind in enumerate(CLASS_ORDER)}

BITS = 2
"""Bits per class in a signature: at most three cards share a class (5♥ 5♦ 5♣)."""

FIELD = (1 << BITS) - 1

CAPTURE, LAY, PASS = 0, 1, 2
NOT_FORCED, MUST_LAY, AGAIN = 0, 1, 2
NOBODY = -1

Counters = tuple[int, ...]
"""Per player ``cards, spades, points`` one after the other; points are card points, táblák and
Fals! bonus (everything but the majorities, which are decided at the end)."""


Node = tuple[tuple[int, ...], int, int, int, int, int, Counters]
"""``hands, table, mover, last capturer, forced, fresh, counters``: hands and table are
signatures, ``forced`` is one of the forced flags above, ``fresh`` has bit ``p`` set while
player ``p`` has not moved in the deal, ``mover`` is ``NOBODY`` once every hand is empty."""


class Step(NamedTuple):
    """One move in the model: what leaves the hand and the table, and what the mover gains.

    A capture takes ``hand`` and ``table`` (signatures) to the mover's pile; a lay moves the
    class ``hand`` from the hand to the table (``table`` is then the same unit); a pass moves
    nothing. ``cards``, ``spades`` and ``points`` are the capture's gain without tábla points.
    (A named tuple rather than a dataclass: the search makes many, and tuples are made fast.)
    """

    kind: int
    hand: int
    table: int
    cards: int
    spades: int
    points: int


PASS_STEP = Step(PASS, 0, 0, 0, 0, 0)


def card_class(card: Card) -> int:
    """The class of ``card``: cards of one class are interchangeable in every rule."""
    spade = card.suit is Suit.SPADES
    return _CLASS_OF[(card.value, spade, card == BIG_CASINO)]


_UNITS = [0] * 4 * 14
for _card in DECK:
    _UNITS[4 * _card.value + _card.suit] = 1 << (BITS * card_class(_card))


def signature(cards: Sequence[Card]) -> int:
    """The multiset of classes of ``cards`` as one integer."""
    return sum([_UNITS[4 * card.value + card.suit] for card in cards])


@dataclass(frozen=True, slots=True)
class Stats:
    """What a multiset of cards is worth to whoever takes it."""

    cards: int
    spades: int
    points: int
    total: int  # sum of the values

    def plus(self, other: Stats) -> Stats:
        """The stats of both multisets together (they must not share a card)."""
        return Stats(self.cards + other.cards, self.spades + other.spades, self.points + other.points,
                     self.total + other.total)

    @property
    def taken(self) -> tuple[int, int, int]:
        """What taking these cards adds to a player's counters: cards, spades, points."""
        return self.cards, self.spades, self.points


class RoundModel:
    """Move generation and scoring of the last round under one ``Rules`` value, memoised.

    Everything here is a pure function of signatures; the caches make repeated positions
    (transpositions are frequent in card play) cost a dictionary look-up.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        values = [value for value, _, _ in CLASS_ORDER]
        spades = [int(spade) for _, spade, _ in CLASS_ORDER]
        points = [rules.ace_points if value == 1 else 0 for value in values]
        points[card_class(BIG_CASINO)] = rules.big_casino_points
        points[card_class(LITTLE_CASINO)] = rules.little_casino_points
        self.values = tuple(values)
        self.spades = tuple(spades)
        self.points = tuple(points)
        self.best_tabla = rules.best_tabla_worth
        self.most_cards, self.most_spades = rules.most_cards_points, rules.most_spades_points
        self._reaches: dict[int, list[int]] = {}
        self._sums: dict[tuple[int, int], list[int]] = {}
        self._classes: dict[int, list[tuple[int, int]]] = {}
        self._stat_planes = tuple(bit_planes(weights) for weights in ((1,) * CLASSES, spades, points, values))
        self._stats: dict[int, Stats] = {}
        self._hand_groups: dict[int, dict[int, list[Step]]] = {}
        self._table_subsets: dict[tuple[int, int], list[Step]] = {}
        self.made = 0
        """How many table sub-multisets :meth:`table_subsets` has made (a measure of work)."""
        self._good_subsets: dict[tuple[int, int], Step] = {}
        self._lays: dict[int, tuple[Step, ...]] = {}
        self._hand_sums: dict[int, int] = {}
        self._hand_totals: dict[int, list[int]] = {}
        self._folds: dict[int, int] = {}
        # each spade class folds into the class of the same value and points in the other suits
        plain = {(values[c], points[c]): c for c in range(CLASSES) if not spades[c]}
        self._fold_target = tuple(plain.get((values[c], points[c]), c) if spades[c] else c
                                  for c in range(CLASSES))
        # the spades that fold, by the low bit of their field; their class comes right before the
        # class they fold into (CLASS_ORDER), so a shift by one field lines the two up
        folding = [c for c in range(CLASSES) if self._fold_target[c] != c]
        assert all(self._fold_target[c] == c + 1 for c in folding)
        self._folding_spades = sum(1 << (BITS * c) for c in folding)
        self._table_sums: dict[int, int] = {}
        self._prospects: dict[tuple[object, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._utilities: dict[tuple[Counters, int], int] = {}
        self._majority_keys: dict[tuple[Counters, Counters], tuple[object, object]] = {}

    # --- multisets ------------------------------------------------------------------------
    def classes(self, sig: int) -> list[tuple[int, int]]:
        """``(class, count)`` of every class present in ``sig``, in class order (memoised: do not
        change the list)."""
        found = self._classes.get(sig)
        if found is None:
            found = self._classes[sig] = []
            rest = sig
            while rest:  # from the lowest class present to the highest, skipping the absent ones
                c = ((rest & -rest).bit_length() - 1) // BITS
                found.append((c, rest >> (BITS * c) & FIELD))
                rest &= ~(FIELD << (BITS * c))
        return found

    # --- equivalent positions once the spade majority is settled ------------------------
    def spades_settled(self, counters: Counters) -> bool:
        """Whether the spade majority is decided for good (``majority_holder``): from then on which
        cards are spades changes no score."""
        if self.players == 2:
            return counters[1] > SPADES_IN_DECK // 2 or counters[4] > SPADES_IN_DECK // 2
        return isinstance(self.majority_key(counters)[1], int)  # a holder, no longer the counts

    def fold(self, sig: int) -> int:
        """``sig`` with every spade counted as the card of the same value and points in another
        suit (3 bits per class: up to four cards then share one): positions that differ only by
        that fold alike and, once the spades are settled, are worth the same. Memoised."""
        known = self._folds.get(sig)
        if known is None:
            target = self._fold_target
            known = self._folds[sig] = sum(count << (3 * target[c]) for c, count in self.classes(sig))
        return known

    def distinct(self, moves: Iterator[Step], first: Step | None = None) -> Iterator[Step]:
        """``moves`` without those that fold like an earlier one or like ``first`` (while the
        spades are settled, such moves lead to positions worth the same)."""
        fold = self.fold
        seen = set() if first is None else {(first.kind, fold(first.hand), fold(first.table))}
        for step in moves:
            form = (step.kind, fold(step.hand), fold(step.table))
            if form not in seen:
                seen.add(form)
                yield step

    def undominated(self, moves: Iterator[Step], hand: int, table: int) -> Iterator[Step]:
        """``moves`` without the dominated captures (two players: see :meth:`dominator`)."""
        for step in moves:
            if self.dominator(step, hand, table) == step:
                yield step

    def dominator(self, step: Step, hand: int, table: int) -> Step:
        """``step`` with every card it takes from ``hand`` or ``table`` swapped for the spade of the
        same value and points where that spade lies there too (``step`` itself when there is none,
        or when it is no capture).

        With two players the capture taking the spades is at least as good for the capturer: the
        two positions after them differ only by which of two such cards lies where, and playing
        on alike, the spade ends in the capturer's pile in the one and wherever the other card
        ends in the other; one more spade never lowers a player's score and never raises the
        other's (docs/solver.md)."""
        if step.kind != CAPTURE:
            return step
        from_hand, from_table = self._spades_instead(step.hand, hand), self._spades_instead(step.table, table)
        if not from_hand | from_table:
            return step
        return self.step(CAPTURE, step.hand + from_hand - (from_hand << BITS),
                         step.table + from_table - (from_table << BITS))

    def _spades_instead(self, part: int, place: int) -> int:
        """The spades of ``place`` that ``part`` leaves while it holds a card of their value and
        points, as the low bit of each one's field (the class such a spade folds into comes right
        after its own: :data:`CLASS_ORDER`)."""
        plain = (part >> BITS | part >> (BITS + 1)) & self._folding_spades  # the next class, present
        return plain & ~part & place

    def holds(self, hand: int, table: int, step: Step) -> bool:
        """Whether ``step`` can be played with ``hand`` on ``table``: both hold what it moves."""
        for sig, part in ((hand, step.hand), (table, step.table if step.kind == CAPTURE else 0)):
            for c, count in self.classes(part):
                if sig >> (BITS * c) & FIELD < count:
                    return False
        return True

    def stats(self, sig: int) -> Stats:
        known = self._stats.get(sig)
        if known is None:
            low, high = sig & _LOW, sig >> 1 & _LOW  # the low and the high bit of every count
            sums = []
            for planes in self._stat_planes:  # loops, not generators: this runs for every new table
                weighted = 0
                for weight, mask in planes:
                    weighted += weight * ((low & mask).bit_count() + 2 * (high & mask).bit_count())
                sums.append(weighted)
            known = self._stats[sig] = Stats(*sums)
        return known

    def step(self, kind: int, hand: int, table: int) -> Step:
        """The model move taking multisets ``hand`` and ``table`` (a capture) or laying class ``hand``."""
        if kind != CAPTURE:
            return Step(kind, hand, table, 0, 0, 0)
        h, t = self.stats(hand), self.stats(table)
        return Step(CAPTURE, hand, table, h.cards + t.cards, h.spades + t.spades, h.points + t.points)

    def of_move(self, move: Move) -> Step:
        """The model move of a real move (``Capture``, ``Lay`` or ``Pass``)."""
        if isinstance(move, Capture):
            return self.step(CAPTURE, signature(move.hand), signature(move.table))
        if isinstance(move, Lay):
            unit = signature((move.card,))
            return self.step(LAY, unit, unit)
        assert isinstance(move, Pass)
        return PASS_STEP

    # --- positions and transitions --------------------------------------------------------
    def node_of(self, state: GameState, hands: Sequence[Sequence[Card]] | None = None) -> Node:
        """The node of ``state``; ``hands`` replaces the state's hands (a sampled deal)."""
        counters: Counters = ()
        for score in state.deal_scores():
            counters += (score.cards, score.spades, score.card_points + score.tabla + score.bonus)
        fresh = sum(1 << p for p in range(self.players) if state.is_first_move(p))
        forced = {None: NOT_FORCED, "lay": MUST_LAY, "again": AGAIN}[state.forced]
        last = NOBODY if state.last_capturer is None else state.last_capturer
        held = tuple(signature(hand) for hand in (state.hands if hands is None else hands))
        return (held, signature(state.table), state.to_move, last, forced, fresh, counters)

    def advance(self, node: Node, step: Step) -> Node:
        """The node after ``step``, exactly as ``GameState.play`` moves on within a round.

        When every hand is empty the mover becomes ``NOBODY`` and the table is left as it is:
        the caller draws the next round or settles the leftovers (:meth:`settle`).
        """
        hands, table, mover, last, forced, fresh, counters = node
        hand = hands[mover]
        sweep = False
        if step.kind == CAPTURE:
            hand -= step.hand
            table -= step.table
            sweep = not table
            points = step.points
            if sweep:
                points += self.rules.tabla_worth(bool(fresh >> mover & 1))
            counters = gain(counters, mover, step.cards, step.spades, points)
            last = mover
            fresh &= ~(1 << mover)
        elif step.kind == LAY:
            hand -= step.hand
            table += step.table
            fresh &= ~(1 << mover)
            if forced == MUST_LAY and hand:
                return (_with(hands, mover, hand), table, mover, last, AGAIN, fresh, counters)
        hands = _with(hands, mover, hand)
        n = len(hands)
        for offset in range(1, n + 1):
            nxt = (mover + offset) % n
            if hands[nxt]:
                # after a tábla the seat right after the sweeper lays and moves again, if he holds cards
                forced = MUST_LAY if sweep and offset == 1 else NOT_FORCED
                return (hands, table, nxt, last, forced, fresh, counters)
        return (hands, table, NOBODY, last, NOT_FORCED, fresh, counters)

    def settle(self, node: Node) -> Node:
        """The end of the deal: the cards left on the table go to the last capturer (docs/rules.md §3.7)."""
        hands, table, _, last, _, _, counters = node
        if table and last != NOBODY:
            counters = gain(counters, last, *self.stats(table).taken)
            table = 0
        return (hands, table, NOBODY, last, NOT_FORCED, 0, counters)

    # --- move generation ------------------------------------------------------------------
    def steps(self, hand: int, table: int, first_sum: int = -1) -> Iterator[Step]:
        """Every distinct capture and lay of ``hand`` on ``table``, made one at a time.

        Lazily, because a cut-off usually comes after a few moves. Order: a tábla first, then
        the captures of ``first_sum``, then those of larger sums before smaller ones; then the
        lays, the cheapest card first. First of all comes one good capture of each sum
        (:meth:`good_subset`), found without listing the others: most searches stop at one of
        them, and they play different hand cards. Then, sum by sum, the other captures, the
        ones worth most points first, then cards and spades.
        """
        if table:
            groups = self.hand_groups(hand)
            totals = self._capture_sums(hand, table)
            if first_sum in totals and totals[0] != first_sum:
                head = totals[:1] if totals[0] == self.stats(table).total else []  # a tábla stays first
                totals = [*head, first_sum, *(t for t in totals[len(head):] if t != first_sum)]
            quick = []
            for total in totals:
                good = self.good_subset(table, total)
                quick.append(good)
                for h in groups[total]:
                    yield _joined(h, good)
            for total, good in zip(totals, quick, strict=True):
                subsets = self.table_subsets(table, total)
                for h in groups[total]:
                    for t in subsets:
                        if t.table != good.table:
                            yield _joined(h, t)
        yield from self.lays(hand)

    def _capture_sums(self, hand: int, table: int) -> list[int]:
        """The sums ``hand`` can capture on ``table``: a tábla's first, then the larger before the
        smaller (memoised: do not change the list)."""
        key = (hand, table)
        known = self._sums.get(key)
        if known is None:
            reach, whole = self.table_reach(table)[0], self.stats(table).total
            known = [t for t in self.hand_totals(hand) if reach >> t & 1]
            if whole in known and known[0] != whole:
                known.remove(whole)
                known.insert(0, whole)
            self._sums[key] = known
        return known

    def good_subset(self, table: int, total: int) -> Step:
        """One sub-multiset of ``table`` summing to ``total`` (it must exist), made greedily to be
        worth much: class by class in :data:`CLASS_ORDER` (the point cards of the standard scoring,
        then the small cards), each class taking as many cards as still let the rest reach the
        sum. Usually, not always, the best by points and cards."""
        key = (table, total)
        known = self._good_subsets.get(key)
        if known is None:
            known = self._good_subsets[key] = self._good_subset(table, total)
        return known

    def _good_subset(self, table: int, total: int) -> Step:
        present, reach = self.classes(table), self.table_reach(table)
        values, spades, points = self.values, self.spades, self.points
        left, taken, cards, spade_count, point_count = total, 0, 0, 0, 0
        for i, (c, count) in enumerate(present):
            after = reach[i + 1]
            for k in range(min(count, left // values[c]), -1, -1):
                if after >> (left - k * values[c]) & 1:
                    if k:
                        left -= k * values[c]
                        taken += k << (BITS * c)
                        cards, spade_count, point_count = cards + k, spade_count + k * spades[c], \
                            point_count + k * points[c]
                    break
            if not left:
                break
        return Step(CAPTURE, 0, taken, cards, spade_count, point_count)

    def lays(self, hand: int) -> tuple[Step, ...]:
        known = self._lays.get(hand)
        if known is None:
            present = sorted((self.points[c], self.values[c], c) for c, _ in self.classes(hand))
            units = [1 << (BITS * c) for *_, c in present]
            known = self._lays[hand] = tuple(Step(LAY, unit, unit, 0, 0, 0) for unit in units)
        return known

    def lay_cost(self, unit: int) -> tuple[int, int, int]:
        """How much laying the card of class unit ``unit`` may give away: its points, whether it is
        a spade, then minus its value (a low card combines into captures more easily)."""
        c = unit.bit_length() // BITS
        return self.points[c], self.spades[c], -self.values[c]

    def hand_totals(self, hand: int) -> list[int]:
        """The sums of :meth:`hand_groups`, the largest first (memoised: do not change the list)."""
        known = self._hand_totals.get(hand)
        if known is None:
            known = self._hand_totals[hand] = sorted(self.hand_groups(hand), reverse=True)
        return known

    def hand_groups(self, hand: int) -> dict[int, list[Step]]:
        """The hand sub-multisets a capture may use (V2, the limit), grouped by their sum."""
        known = self._hand_groups.get(hand)
        if known is None:
            rules = self.rules
            most = rules.max_hand_cards
            known = {}
            for sub in self._submultisets(self.classes(hand)):
                stats = self.stats(sub)
                if most is not None and stats.cards > most:
                    continue
                if rules.capture_limit is not None and stats.total > rules.capture_limit:
                    continue
                known.setdefault(stats.total, []).append(Step(CAPTURE, sub, 0, *stats.taken))
            self._hand_groups[hand] = known
        return known

    def _submultisets(self, present: list[tuple[int, int]]) -> list[int]:
        subs = [0]
        for c, count in present:
            unit = 1 << (BITS * c)
            subs = [s + k * unit for s in subs for k in range(count + 1)]
        return subs[1:]

    def table_subsets(self, table: int, total: int) -> list[Step]:
        """Every sub-multiset of ``table`` summing to ``total``, each once: the most points first, then
        the most cards and spades together (a spade counts towards both majorities).

        Class by class, every partial pick that can still be completed to ``total`` by the
        classes after it is grown by each count of the class; nothing else is ever made, so the
        work follows the number of sub-multisets found.
        """
        key = (table, total)
        known = self._table_subsets.get(key)
        if known is None:
            present, reach = self.classes(table), self.table_reach(table)
            values = self.values
            found: list[Step] = []
            if total > 0 and reach[0] >> total & 1:
                # (what is still missing, the classes picked so far, their cards, spades, points)
                partial = [(total, 0, 0, 0, 0)]
                for i, (c, count) in enumerate(present):
                    value, unit, after = values[c], 1 << (BITS * c), reach[i + 1]
                    spade, point = self.spades[c], self.points[c]
                    grown = [pick for pick in partial if after >> pick[0] & 1]
                    for k in range(1, count + 1):
                        worth, taken, spades, points = k * value, k * unit, k * spade, k * point
                        grown += [(left - worth, sig + taken, n + k, s + spades, p + points)
                                  for left, sig, n, s, p in partial
                                  if left >= worth and after >> (left - worth) & 1]
                    partial = grown
                found = [Step(CAPTURE, 0, sig, n, s, p) for _, sig, n, s, p in partial]
                found.sort(key=lambda step: (step.points, step.cards + step.spades), reverse=True)
            self.made += len(found)
            known = self._table_subsets[key] = found
        return known

    def table_reach(self, table: int) -> list[int]:
        """The suffix reach of ``table``'s classes (below), memoised."""
        reach = self._reaches.get(table)
        if reach is None:
            reach = self._reaches[table] = self._suffix_reach(self.classes(table))
        return reach

    def takes_leaving(self, table: int, total: int, other: int) -> list[tuple[int, int, int]] | None:
        """None when some sub-multiset of ``table`` summing to ``total`` leaves cards on which no
        sub-multiset sums to ``other``; else what each of those sub-multisets takes (cards, spades,
        points).

        The picks grow class by class as in :meth:`table_subsets`, each carrying the sums that the
        cards it leaves behind reach, so no table is left to be looked at again afterwards.
        """
        present, reach = self.classes(table), self.table_reach(table)
        values = self.values
        # (still missing, what the rest reaches, cards, spades, points)
        partial = [(total, 1, 0, 0, 0)]
        for i, (c, count) in enumerate(present):
            value, after = values[c], reach[i + 1]
            spade, point = self.spades[c], self.points[c]
            grown = []
            for k in range(count + 1):  # k cards of the class taken, count - k left to the rest
                worth = k * value
                for left, rest_reach, n, s, p in partial:
                    if left >= worth and after >> (left - worth) & 1:
                        r = rest_reach
                        for _ in range(count - k):
                            r |= r << value
                        grown.append((left - worth, r, n + k, s + k * spade, p + k * point))
            partial = grown
        taken = []
        for _, rest_reach, n, s, p in partial:
            if not rest_reach >> other & 1:
                return None
            taken.append((n, s, p))
        return taken

    def _suffix_reach(self, present: Sequence[tuple[int, int]]) -> list[int]:
        """``reach[i]``: bit ``s`` set when some sub-multiset of ``present[i:]`` (classes with their
        counts) sums to ``s``."""
        values = self.values
        reach = [1] * (len(present) + 1)
        for i in range(len(present) - 1, -1, -1):
            c, count = present[i]
            bits = after = reach[i + 1]
            for k in range(1, count + 1):
                bits |= after << (k * values[c])
            reach[i] = bits
        return reach

    def can_capture(self, hand: int, table: int) -> bool:
        """Whether ``hand`` has some capture on ``table`` (without listing the captures)."""
        return bool(self.hand_sums(hand) & self.table_sums(table))

    def hand_sums(self, hand: int) -> int:
        """Bit ``s`` set when some allowed hand sub-multiset sums to ``s``."""
        known = self._hand_sums.get(hand)
        if known is None:
            known = self._hand_sums[hand] = sum(1 << total for total in self.hand_groups(hand))
        return known

    def table_sums(self, table: int) -> int:
        """Bit ``s`` set when some non-empty sub-multiset of ``table`` sums to ``s``."""
        known = self._table_sums.get(table)
        if known is None:
            suffixes = self._reaches.get(table)
            if suffixes is not None:  # moves were made on this table: its suffix reach starts with it
                reach = suffixes[0]
            else:
                reach = 1
                for c, count in self.classes(table):
                    before = reach
                    for k in range(1, count + 1):
                        reach |= before << (k * self.values[c])  # or, never add: shifted sets overlap
            known = self._table_sums[table] = reach & ~1
        return known

    # --- scoring --------------------------------------------------------------------------
    def totals(self, counters: Counters) -> list[int]:
        """Every player's deal points from final counters: points plus the majorities."""
        n, rules = self.players, self.rules
        totals = [counters[3 * p + 2] for p in range(n)]
        cards = majority_holder([counters[3 * p] for p in range(n)], DECK_SIZE)
        spades = majority_holder([counters[3 * p + 1] for p in range(n)], SPADES_IN_DECK)
        if cards is not None:
            totals[cards] += rules.most_cards_points
        if spades is not None:
            totals[spades] += rules.most_spades_points
        return totals

    def majority_prospects(self, counters: Counters, rest: Stats) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per player, the majority points he holds for good, and the most he may still end with.

        ``rest`` is what is still in play. A majority still open may go to a player only if
        taking all the rest would lift him above every other player. Memoised on the card and
        spade counts, the only counters it reads.
        """
        key = (counters[0::3], counters[1::3], rest.cards, rest.spades)
        known = self._prospects.get(key)
        if known is None:
            known = self._prospects[key] = self._majority_prospects(counters, rest)
        return known

    def _majority_prospects(self, counters: Counters, rest: Stats) -> tuple[tuple[int, ...], tuple[int, ...]]:
        n, rules = self.players, self.rules
        secured, reachable = [0] * n, [0] * n
        for kind, total, left, worth in ((0, DECK_SIZE, rest.cards, rules.most_cards_points),
                                         (1, SPADES_IN_DECK, rest.spades, rules.most_spades_points)):
            counts = [counters[3 * p + kind] for p in range(n)]
            holder = majority_holder(counts, total)
            for p in range(n):
                if holder == p:
                    secured[p] += worth
                    reachable[p] += worth
                elif holder is None and counts[p] + left > max(c for j, c in enumerate(counts) if j != p):
                    reachable[p] += worth
        return tuple(secured), tuple(reachable)

    def majority_key(self, counters: Counters) -> tuple[object, object]:
        """The card and spade counts as far as they can still matter: each majority's holder
        once it is decided (see ``majority_holder``), else the counts themselves. Memoised."""
        key = (counters[0::3], counters[1::3])
        known = self._majority_keys.get(key)
        if known is None:
            cards, spades = key
            cards_holder = majority_holder(cards, DECK_SIZE)
            spades_holder = majority_holder(spades, SPADES_IN_DECK)
            known = self._majority_keys[key] = (cards if cards_holder is None else -1 - cards_holder,
                                                spades if spades_holder is None else -1 - spades_holder)
        return known

    def duel_score(self, cards: int, spades: int, points: int, other_cards: int, other_spades: int) -> int:
        """A two-player utility: a player's final points minus the other's (``points``) with the
        majorities, from both players' cards and spades. The two-player majorities are
        thresholds: 27 of 52 cards, 7 of 13 spades."""
        if cards > DECK_SIZE // 2:
            points += self.most_cards
        elif other_cards > DECK_SIZE // 2:
            points -= self.most_cards
        if spades > SPADES_IN_DECK // 2:
            points += self.most_spades
        elif other_spades > SPADES_IN_DECK // 2:
            points -= self.most_spades
        return points

    def utility(self, counters: Counters, player: int) -> int:
        """``player``'s deal points minus the best of the others' (docs/rules.md §5; docs/solver.md)."""
        if self.players == 2:
            me, other = 3 * player, 3 * (1 - player)
            return self.duel_score(counters[me], counters[me + 1], counters[me + 2] - counters[other + 2],
                                   counters[other], counters[other + 1])
        key = (counters, player)
        known = self._utilities.get(key)
        if known is None:
            totals = self.totals(counters)
            mine = totals.pop(player)
            known = self._utilities[key] = mine - max(totals)
        return known


def gain(counters: Counters, player: int, cards: int, spades: int, points: int) -> Counters:
    """``counters`` with ``player``'s pile grown by a capture (or the leftovers)."""
    i = 3 * player
    grown = (counters[i] + cards, counters[i + 1] + spades, counters[i + 2] + points)
    return counters[:i] + grown + counters[i + 3:]


_LOW = sum(1 << (BITS * c) for c in range(CLASSES))
"""The low bit of every class's count in a signature."""


def bit_planes(weights: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """``(2**b, mask)`` for each bit ``b`` of the per-class ``weights`` (≥ 0), the mask holding the
    fields of the classes whose weight has that bit: the weighted card count of a signature is
    then the sum of ``w`` times the cards of ``sig & mask`` over the planes, each a count of the
    low bits of the 2-bit counts plus twice one of the high bits: a few bit operations."""
    planes = []
    for b in range(max(weights).bit_length()):
        mask = sum(FIELD << (BITS * c) for c, weight in enumerate(weights) if weight >> b & 1)
        planes.append((1 << b, mask))
    return tuple(planes)


def _joined(hand: Step, table: Step) -> Step:
    """The capture taking ``hand``'s hand cards and ``table``'s table cards (both captures)."""
    return Step(CAPTURE, hand.hand, table.table, hand.cards + table.cards, hand.spades + table.spades,
                hand.points + table.points)


def _with(hands: tuple[int, ...], player: int, hand: int) -> tuple[int, ...]:
    return hands[:player] + (hand,) + hands[player + 1:]
