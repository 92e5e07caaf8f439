"""The last two cards of a two-player deal, one in each hand, valued without search (docs/solver.md).

When each of two players holds one card and no move is forced, the deal has two moves left:
the mover plays his card, then the other plays his, and the table goes to the last capturer.

- If the mover takes the whole table (a tábla), the other must lay his card, and it comes to
  the mover as the last capturer: the mover ends with everything.
- If he captures and leaves a table on which the other's card cannot capture, the other lays
  it, and again everything ends in the mover's pile.
- Otherwise the other captures: he takes everything the mover did not, with a tábla when the
  table left is worth exactly his card. (Whenever the other can capture, he does: his pile
  then ends bigger than if he laid, and no score falls when a pile grows.)
  Every capture of the mover's card takes cards of one sum, so only *what* it takes counts
  here: the captures that are not bettered in cards, spades and points by another (the
  Pareto front) are all the mover needs to compare.
- If he lays his card, the other captures on the table with it if he can, or lays too and
  the table goes to whoever captured last in the deal.

None of this depends on the counters (what the players hold in their piles so far): the
choices are worked out once per hands, table and last capturer as a *plan*, each outcome as
what each player's pile gains, and kept for the whole search; a node reached again with other
counters (through another order of captures) only scores the plan's outcomes.
"""

from __future__ import annotations

from kaszino.games.kaszino.solver.model import NOBODY, Node, RoundModel

Taken = tuple[int, int, int]
"""What a capture takes off the table: cards, spades, points."""

Gains = tuple[int, ...]
"""What each player's pile gains until the end of the deal: cards, spades, points per seat."""

Plan = tuple[Gains, ...]
"""The outcomes of the mover's options (each with the other's reply), in the order they are tried."""


def single(sig: int) -> bool:
    """Whether the signature ``sig`` holds exactly one card (one class with a count of one)."""
    return sig & (sig - 1) == 0 and sig.bit_length() & 1 == 1


class DuelValues:
    """Exact values of two-player nodes where both players hold one card, memoised for a search."""

    def __init__(self, model: RoundModel) -> None:
        assert model.players == 2, "a duel is a two-player ending"
        self.model = model
        self._plans: dict[tuple[object, ...], Plan] = {}
        self._fronts: dict[tuple[int, int, int], tuple[Taken, ...] | None] = {}

    def value(self, node: Node, player: int, alpha: int, beta: int) -> int:
        """The value of ``node`` for ``player`` where both hold one card and nothing is forced
        (not checked), fail-soft like the search: exact inside (alpha, beta), else a bound past it."""
        key = node[:6]
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._plan(node)
        counters, score_of = node[6], self.model.duel_score
        me, other = 3 * player, 3 * (1 - player)  # where the player's and the other's counts sit
        cards, spades = counters[me], counters[me + 1]
        other_cards, other_spades = counters[other], counters[other + 1]
        lead = counters[me + 2] - counters[other + 2]
        maximise = node[2] == player
        best = None
        for g in plan:  # (the model's utility, without making the grown counters)
            score = score_of(cards + g[me], spades + g[me + 1], lead + g[me + 2] - g[other + 2],
                             other_cards + g[other], other_spades + g[other + 1])
            if best is None or (score > best if maximise else score < best):
                best = score
                if best >= beta if maximise else best <= alpha:
                    break
        assert best is not None
        return best

    def _plan(self, node: Node) -> Plan:
        """The mover's options, his best first: a tábla, then a capture that leaves the other nothing
        to take (everything is his either way), then the lay, then the captures that leave the other
        a capture, one for each different take of the Pareto front."""
        hands, table, mover, last, _, fresh, _ = node
        model = self.model
        other = 1 - mover
        mine, theirs = model.stats(hands[mover]), model.stats(hands[other])
        on_table = model.stats(table)
        everything = on_table.plus(mine).plus(theirs).taken

        def split(taker: int, taken: Taken, extra: int = 0) -> Gains:
            """``taker`` takes ``taken`` (and ``extra`` tábla points), the other everything else."""
            rest = _rest(everything, taken)
            own = (taken[0], taken[1], taken[2] + extra)
            return own + rest if taker == 0 else rest + own

        def tabla(p: int) -> int:
            return model.rules.tabla_worth(bool(fresh >> p & 1))

        sums = model.table_sums(table)
        captures = sums >> mine.total & 1
        if captures and on_table.total == mine.total:  # a tábla: nothing better can happen to the mover
            return (split(mover, everything, tabla(mover)),)
        front = self._front(table, mine.total, theirs.total) if captures else ()
        if front is None:  # some capture leaves the other nothing to take
            return (split(mover, everything),)
        # the mover lays his card; the other captures on that table if he can, or lays as well (the
        # table then reaches its sums, and those plus the card)
        if (sums | 1 | (sums | 1) << mine.total) >> theirs.total & 1:
            sweep = tabla(other) if on_table.total + mine.total == theirs.total else 0
            options = [split(other, everything, sweep)]
        else:
            options = [(0,) * 6 if last == NOBODY else split(last, everything)]
        # after each capture the other takes what it leaves, with a tábla if that is worth his card
        sweep = tabla(other) if on_table.total - mine.total == theirs.total else 0
        for cards, spades, points in front:
            taken = (cards + mine.cards, spades + mine.spades, points + mine.points)
            options.append(split(other, _rest(everything, taken), sweep))
        return tuple(options)

    def _front(self, table: int, total: int, theirs: int) -> tuple[Taken, ...] | None:
        """None when some capture of ``total`` on ``table`` leaves a table on which a card worth
        ``theirs`` cannot capture; else the Pareto front of what the captures take."""
        key = (table, total, theirs)
        if key in self._fronts:
            return self._fronts[key]
        model = self.model
        taken = model.takes_leaving(table, total, theirs)
        front = None if taken is None else tuple(sorted(_pareto(taken), reverse=True))
        self._fronts[key] = front
        return front


def _rest(everything: Taken, taken: Taken) -> Taken:
    return everything[0] - taken[0], everything[1] - taken[1], everything[2] - taken[2]


def _pareto(taken: list[Taken]) -> set[Taken]:
    """The triples of ``taken`` that no other triple equals or betters in every part."""
    distinct = set(taken)
    return {t for t in distinct
            if not any(o != t and o[0] >= t[0] and o[1] >= t[1] and o[2] >= t[2] for o in distinct)}
