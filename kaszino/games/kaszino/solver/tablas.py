"""How many táblas each player can still make: a bound for the exact search (docs/solver.md).

A tábla empties the table, so whether one is possible depends on the table's *total* far
more than on its cards. The bound plays a relaxed game on ``(hands, table total, mover,
forced flag)``: a capture may take any allowed hand group whose sum ``s`` is at most the
table total (the relaxation: the real table must also hold cards adding up to ``s``), and it
is a tábla when ``s`` equals the total; a lay adds the card's value to the total. Turns pass
exactly as in the real game, with the forced double move after a tábla (docs/rules.md §4) and the V3
pass. Every real line of play is a line of the relaxed game with the same táblas, so the
most táblas a player makes in any relaxed line bounds what he can make in the real one.

The relaxed positions ignore the counters and the table's make-up, so there are few of them
and each is solved once per search.
"""

from __future__ import annotations

from kaszino.games.kaszino.solver.model import AGAIN, MUST_LAY, NOT_FORCED, RoundModel

Most = tuple[int, ...]
"""Per player, the most táblas he can still make."""


class TablaBound:
    """The most táblas per player from a relaxed position, memoised for one search."""

    def __init__(self, model: RoundModel, *, may_pass: bool) -> None:
        self.model = model
        self.may_pass = may_pass
        self._known: dict[tuple[tuple[int, ...], int, int, int], Most] = {}
        self._none: Most = (0,) * model.players

    def most(self, hands: tuple[int, ...], total: int, mover: int, forced: int) -> Most:
        """Per player, the most táblas he can make from here (hands are model signatures)."""
        key = (hands, total, mover, forced)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._search(hands, total, mover, forced)
        return known

    def _search(self, hands: tuple[int, ...], total: int, mover: int, forced: int) -> Most:
        model = self.model
        hand = hands[mover]
        best = list(self._none)
        children: list[tuple[Most, bool]] = []
        if total:
            for s, groups in model.hand_groups(hand).items():
                if s <= total:
                    swept = s == total
                    for group in groups:
                        after = self._next(hands, mover, hand - group.hand, total - s, swept)
                        children.append((after, swept))
        for lay in model.lays(hand):
            rest = hand - lay.hand
            value = model.stats(lay.hand).total
            if forced == MUST_LAY and rest:
                after = hands[:mover] + (rest,) + hands[mover + 1:]
                children.append((self.most(after, total + value, mover, AGAIN), False))
            else:
                children.append((self._next(hands, mover, rest, total + value, False), False))
        if forced == AGAIN and self.may_pass:
            children.append((self._next(hands, mover, hand, total, False), False))
        for most, swept in children:
            for p, count in enumerate(most):
                count += swept and p == mover
                if count > best[p]:
                    best[p] = count
        return tuple(best)

    def _next(self, hands: tuple[int, ...], mover: int, hand: int, total: int, sweep: bool) -> Most:
        """Pass the turn on after the mover's move, as ``GameState`` does; the bound from there."""
        hands = hands[:mover] + (hand,) + hands[mover + 1:]
        n = len(hands)
        for offset in range(1, n + 1):
            nxt = (mover + offset) % n
            if hands[nxt]:
                return self.most(hands, total, nxt, MUST_LAY if sweep and offset == 1 else NOT_FORCED)
        return self._none
