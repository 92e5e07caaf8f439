"""A two-player deal searched across its rounds, every card known (docs/analysis.md).

Once a deal is over every card and the order of the talon are known, so the rest of the deal
from any of its positions is a game of perfect information: at the end of a round the talon
deals known cards to known players (the last capturer first, docs/rules.md §3.5), and the search is
deterministic. :class:`DealSearch` is the exact search of the open last round
(:mod:`kaszino.games.kaszino.solver.search`) with three things changed:

- **the draw**: when both hands are empty and the talon is not, the next round is dealt
  instead of the deal being settled. Which cards each player gets and who starts are asked of
  the engine itself (``GameState.play`` on a one-card round), once per draw and first drawer,
  so the rule (docs/rules.md §3.5, V7) lives in ``GameState`` alone;
- **the node** carries the draws still to come in the bits of ``fresh`` above the players'
  first-move flags, so the transposition table keys positions across rounds and a position of
  the last round is exactly the node of the last-round solver;
- **what holds only in the last round**: the closed forms (the lone player, one card each) are
  used only once the talon is empty, and the static bounds count the talon's cards as still in
  play, with a tábla bound over the rounds to come.

A search may also stop at a *horizon*: the positions at the start of a given round are then
scored by one side of their static bounds instead of being searched. The minimax of a game
whose leaves are lower (upper) bounds of the true values is a lower (upper) bound of the true
minimax, because minimax is monotone in its leaves: this is how positions beyond the budget get
honest bounds.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Literal

from kaszino.engine.cards import DECK, Card
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Lay
from kaszino.games.kaszino.solver.model import NOBODY, NOT_FORCED, Node, Stats, Step, signature
from kaszino.games.kaszino.solver.search import MoveValues, Solution, _quiet, _Search
from kaszino.games.kaszino.solver.tablas import Most
from kaszino.games.kaszino.state import GameState
from kaszino.inputs import check_type

DRAWS = 4
"""``fresh >> DRAWS`` is the number of draws still to come (the bits below are the first-move
flags of up to four players)."""

Side = Literal["low", "high"]

CLOCK_EVERY = 512
"""A search with a deadline reads the clock once every this many positions."""


class OutOfBudget(Exception):
    """A search ran past its node budget; what it stored in its tables stays true."""


def draws_left(node: Node) -> int:
    """How many times the talon still deals in the deal of ``node``."""
    return node[5] >> DRAWS


def check_deal_rules(state: GameState) -> None:
    """Refuse, naming why, the rules the deal search does not cover: three or four players
    (the paranoid reading of the last round does not carry over to hidden draws well, and is
    not analysed), and Fals! calls (V6), which the search leaves out."""
    rules = state.rules
    if rules.players != 2:
        raise KaszinoError(f"the deal analysis covers two players, not {rules.players} "
                           f"(rules {rules.name!s})")
    if rules.fals:
        raise KaszinoError(f"the deal analysis leaves out Fals! calls: rules {rules.name!s} (V6) "
                           f"are not covered")


class DealSearch(_Search):
    """The exact search of a two-player deal from ``state`` on, for ``player`` (default: the mover).

    ``stop``: the number of draws left at whose round the search stops (``None``: the deal's
    end), the positions there scored by the ``side`` of their static bounds. ``limit`` (a count
    of positions searched) and ``deadline`` (a ``time.monotonic()`` time) make it raise
    :class:`OutOfBudget` once passed (``None``: no limit).
    """

    def __init__(self, state: GameState, player: int | None = None, *, stop: int | None = None,
                 side: Side = "low", limit: int | None = None) -> None:
        check_deal_rules(state)
        super().__init__(state, player)
        self.rules = state.rules
        per_draw = state.rules.players * state.rules.hand_size(state.rules.rounds)
        self.per_draw = per_draw
        self.talon = state.talon
        self.first_player = state.first_player
        self.stop = -1 if stop is None else stop
        self.side = side
        self.limit = limit
        self.deadline: float | None = None
        self._probe = _quiet(state)
        self._draws: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {}
        self._talon_signatures: dict[int, int] = {}
        self.root = self.node(state)

    def node(self, state: GameState) -> Node:
        """The node of ``state``, a position of the same deal (its talon a tail of this one's)."""
        if state.talon != self.talon[len(self.talon) - len(state.talon):]:
            raise KaszinoError("the position is not of the deal the search was made for")
        node = self.model.node_of(state)
        return (*node[:5], node[5] | (len(state.talon) // self.per_draw) << DRAWS, node[6])

    # --- the model's transitions across rounds ----------------------------------------------
    def play(self, node: Node, step: Step) -> Node:
        after = self.model.advance(node, step)
        if after[2] != NOBODY:
            return after
        left = draws_left(after)
        if not left:
            return self.model.settle(after)
        hands, starter = self._drawn(left, after[3])
        return (hands, after[1], starter, after[3], NOT_FORCED, (left - 1) << DRAWS, after[6])

    def _drawn(self, left: int, last: int) -> tuple[tuple[int, ...], int]:
        """The hands the draw with ``left`` draws to come deals when ``last`` captured last (or
        nobody: ``NOBODY``), and who starts the round: asked of ``GameState`` once and kept."""
        key = (left, last)
        known = self._draws.get(key)
        if known is None:
            known = self._draws[key] = self._engine_draw(left, last)
        return known

    def _engine_draw(self, left: int, last: int) -> tuple[tuple[int, ...], int]:
        talon = self.talon[len(self.talon) - left * self.per_draw:]
        card = next(c for c in DECK if c not in talon)  # one card to lay: the round then ends
        players = self.rules.players
        probe = replace(self._probe, hands=((card,),) + ((),) * (players - 1), table=(), talon=talon,
                        to_move=0, forced=None, last_capturer=None if last == NOBODY else last,
                        round=self.rules.rounds - left)
        drawn = probe.play(Lay(card))
        assert drawn.round == probe.round + 1, "laying the last card of a round draws the next"
        return tuple(signature(hand) for hand in drawn.hands), drawn.to_move

    # --- values: the horizon and the budget -------------------------------------------------
    def value(self, node: Node, alpha: int, beta: int, depth: int = 0) -> int:
        if node[2] != NOBODY and draws_left(node) == self.stop:
            low, high = self._static_bounds(node)
            return low if self.side == "low" else high
        if self.limit is not None and self.nodes >= self.limit:
            raise OutOfBudget
        if self.deadline is not None and not self.nodes % CLOCK_EVERY and time.monotonic() > self.deadline:
            raise OutOfBudget
        return super().value(node, alpha, beta, depth)

    def static_bounds(self, node: Node) -> tuple[int, int]:
        """Bounds on the value of ``node`` from what is still in play, before any search."""
        return self._static_bounds(node)

    def _closed_form(self, node: Node, alpha: int, beta: int) -> int | None:
        return super()._closed_form(node, alpha, beta) if not draws_left(node) else None

    # --- static bounds over the rounds to come ----------------------------------------------
    def _to_come(self, node: Node) -> Stats | None:
        left = draws_left(node)
        return self.model.stats(self._talon_rest(left)) if left else None

    def _talon_rest(self, left: int) -> int:
        """The signature of the talon's cards still to be dealt when ``left`` draws are to come."""
        known = self._talon_signatures.get(left)
        if known is None:
            cards: tuple[Card, ...] = self.talon[len(self.talon) - left * self.per_draw:]
            known = self._talon_signatures[left] = signature(cards)
        return known

    def _tabla_points(self, node: Node, in_hands: Stats, on_table: Stats) -> Most:
        """The tábla points of this round (the relaxed game of :mod:`.tablas`), plus,
        for each round to come, one tábla per card each player will hold in it (a tábla takes a
        hand card), each worth the points of a tábla that is no first move. None at all once the
        table is worth more than every card still to be played: the table's total minus the
        cards still to be played never falls (a draw moves cards from the talon to the hands),
        and a tábla needs it at zero or below."""
        this_round = super()._tabla_points(node, in_hands, on_table)
        left = draws_left(node)
        if not left:
            return this_round
        if on_table.total > in_hands.total + self.model.stats(self._talon_rest(left)).total:
            return self.no_tablas
        later = left * self.rules.hand_size(self.rules.rounds) * self.rules.tabla_points
        return tuple(points + later for points in this_round)


def solve_deal(state: GameState) -> Solution:
    """Solve the rest of a two-player deal from ``state``, every card known, the talon's order
    included: the last-round solver's :class:`~kaszino.games.kaszino.solver.search.Solution` (the
    value for the mover, a perfect line to the end of the deal, every move's exact value) from
    :class:`DealSearch`. Claims and Fals! calls are left out; past the solver's budget
    (``search.MAX_WORK``) the position is refused with ``TooLargeError``."""
    check_type("state", state, GameState)
    check_deal_rules(state)
    if state.finished or state.deal_over or not state.hands[state.to_move]:
        raise KaszinoError("cannot solve this position: the deal is over or the mover holds no cards")
    search = DealSearch(state)
    value = search.exact(search.root)
    line = search.line(search.root, _quiet(state), value)
    return Solution(value, line, search.nodes, MoveValues(search, state, value))
