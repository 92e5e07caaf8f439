"""A depth-limited search over one fully known deal (a *world*), on the solver's compact model.

The expert deals the cards it cannot see into a world (:mod:`kaszino.games.kaszino.players.expert`) and asks
this search what each of its moves is worth there. The search runs on the integer model of
:mod:`kaszino.games.kaszino.solver.model` (a hand or the table is one integer, a move adds and subtracts), and
extends it past the end of a round: the talon is drawn as the rules say (the last capturer draws
first and starts; V7), so a lay at the end of a round is judged by what the next round does with it.

Values are the searching player's deal points minus the best of the others' (paranoid with three
or four players, like the exact solver). At the end of the deal they are exact. At the horizon the
player to move first makes his best capture (the threat a search cut off there would miss: a sweep
of a small table, a point card left lying), then the majorities still open are estimated
(:func:`majority_odds`). A player who secures the points he needs to reach the target ends the game
("Ausz!", docs/rules.md §6): ``WIN`` for the searching player, minus it for another. :meth:`World.deepest`
searches deeper and deeper within a budget of nodes and keeps the deepest search that finished.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial

from kaszino.engine.cards import Card
from kaszino.engine.lookahead import INFINITY, alpha_beta, majority_odds
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.scoring import DECK_SIZE, SPADES_IN_DECK
from kaszino.games.kaszino.solver.model import (
    AGAIN,
    CAPTURE,
    NOBODY,
    NOT_FORCED,
    PASS_STEP,
    Counters,
    RoundModel,
    Step,
    signature,
)
from kaszino.games.kaszino.solver.model import (
    Node as Turn,
)
from kaszino.games.kaszino.state import GameState

WIN = 12.0
"""What ending the game with a win is worth, in deal points: as much as a whole deal."""
INFINITY_POINTS = 10**6

Node = tuple[Turn, tuple[int, ...], int]
"""The solver's node (hands, table, mover, last capturer, forced flag, first moves, counters),
the talon (one class unit per card, in drawing order) and the round number."""


CALLS_PER_MODEL = 1000
"""A model's caches grow with every position searched: after this many searches (some dozens of
moves) a fresh model starts, so a long session or a benchmark of hundreds of games keeps its memory,
and the pause of dropping the old caches, small (at 5000 one move in 8,155 against the random
player took 1.2 s, 0.1 s of it the move itself; at 1000 the slowest move takes 0.66 s)."""

MEMO_SIZE = 1 << 16
"""Entries kept by the memoised scoring functions below."""

_models: dict[Rules, tuple[RoundModel, int]] = {}


def model_for(rules: Rules) -> RoundModel:
    """The model of ``rules``, shared by the searches so that its caches of hands and tables serve
    many of them; renewed after ``CALLS_PER_MODEL`` calls."""
    model, calls = _models.get(rules, (None, 0))
    if model is None or calls >= CALLS_PER_MODEL:
        model, calls = RoundModel(rules), 0
    _models[rules] = (model, calls + 1)
    return model


class OutOfNodes(Exception):
    """A search spent the nodes it was allowed (:attr:`World.cap`)."""


@dataclass
class World:
    """One fully known deal seen by ``player``: the search's rules, the dealer, the root node."""

    rules: Rules
    player: int
    dealer: int
    root: Node
    needs: tuple[int, ...] = ()
    """The deal points each player still needs to claim the game ("Ausz!", docs/rules.md §6); empty when the
    rules decide the game only after a deal, and out of reach for a player who could claim already."""
    model: RoundModel = field(init=False, repr=False, compare=False)
    secured: Callable[[Counters], tuple[int, ...]] = field(init=False, repr=False, compare=False)
    nodes: int = 0
    cap: int = 10**9
    """Past this many nodes a search gives up (:class:`OutOfNodes`): a bound on its time."""

    @classmethod
    def of(cls, state: GameState, player: int, hands: tuple[tuple[Card, ...], ...],
           talon: tuple[Card, ...]) -> World:
        """The world where the hands are ``hands`` and the talon ``talon``; the rest as in ``state``."""
        rules = state.rules
        turn = model_for(rules).node_of(state, hands)
        units = tuple(signature((card,)) for card in talon)
        needs: tuple[int, ...] = ()
        if rules.target is not None and rules.target_check == "continuous":
            secured = state.totals()
            needs = tuple(rules.target - score if total < rules.target else INFINITY_POINTS
                          for score, total in zip(state.scores, secured, strict=True))
        return cls(rules, player, state.dealer, (turn, units, state.round), needs)

    def __post_init__(self) -> None:
        self.model = model_for(self.rules)
        self.secured = partial(secured_points, self.rules)

    # --- transitions -----------------------------------------------------------------------
    def play(self, node: Node, step: Step) -> Node:
        """The node after ``step``: the game's rules (docs/rules.md §3–§4), the draw at a round's end."""
        turn, talon, round_number = node
        model = self.model
        turn = model.advance(turn, step)
        if turn[2] != NOBODY:
            return (turn, talon, round_number)
        if not talon:
            return (model.settle(turn), talon, round_number)
        rules = self.rules
        n = rules.players
        last = turn[3]
        first = (self.dealer + 1) % n if last == NOBODY else last
        size = rules.hand_size(round_number + 1)
        hands = [0] * n
        for i in range(n):
            hands[(first + i) % n] = sum(talon[i * size:(i + 1) * size])
        starter = (first + 1) % n if rules.opponent_starts_after_draw else first
        drawn: Turn = (tuple(hands), turn[1], starter, last, NOT_FORCED, 0, turn[6])
        return (drawn, talon[n * size:], round_number + 1)

    def steps(self, node: Node) -> list[Step]:
        """The mover's moves in the model's order (captures first), and the V3 pass."""
        hands, table, mover, _, forced, _, _ = node[0]
        found = list(self.model.steps(hands[mover], table))
        if forced == AGAIN and self.rules.may_pass_after_tabla:
            found.append(PASS_STEP)
        return found

    # --- values ----------------------------------------------------------------------------
    def deepest(self, steps: Iterable[Step], depth: int, cap: int) -> dict[Step, float]:
        """The value of each of ``player``'s ``steps`` from the root, searched as deep as ``cap``
        nodes allow: to one ply, two, four, … and ``depth``; the values of the deepest search that
        finished, so every move is judged to the same depth. The first ply always finishes (one
        node a move), whatever ``cap``."""
        steps = list(dict.fromkeys(steps))
        plan = list(dict.fromkeys([1, *range(2, depth, 2), depth]))
        found: dict[Step, float] = {}
        limit = self.nodes + cap
        for plies in plan:
            self.cap = limit if found else 10**9
            try:
                found = {step: self.value(self.play(self.root, step), plies - 1) for step in steps}
            except OutOfNodes:
                break
        self.cap = 10**9
        return found

    def value(self, node: Node, depth: int, alpha: float = -INFINITY, beta: float = INFINITY) -> float:
        """Alpha-beta to ``depth`` plies (or the deal's end): ``player``'s margin; past ``cap`` nodes
        it raises :class:`OutOfNodes`."""
        self.nodes += 1
        if self.nodes > self.cap:
            raise OutOfNodes
        mover = node[0][2]
        if self.needs:
            ended = self.game_over(node[0][6])
            if ended is not None:
                return ended
        if mover == NOBODY:
            return float(self.model.utility(node[0][6], self.player))
        if depth == 0:
            return self.estimate(node)
        return alpha_beta(self.steps(node), mover == self.player, alpha, beta,
                          lambda step, a, b: self.value(self.play(node, step), depth - 1, a, b))

    def game_over(self, counters: Counters) -> float | None:
        """``WIN`` (or minus it) when a player has just secured the points he needed, so the game is
        over ("Ausz!"): the searching player's win, or a loss (when both may claim, the other is
        taken to claim first); None while nobody may claim."""
        needs, majorities = self.needs, self.rules.most_cards_points + self.rules.most_spades_points
        if all(counters[3 * p + 2] + majorities < need for p, need in enumerate(needs)):
            return None
        totals = self.secured(counters)
        reached = [p for p, need in enumerate(needs) if totals[p] >= need]
        if not reached:
            return None
        return WIN if reached == [self.player] else -WIN

    def rollout(self, node: Node) -> float:
        """The margin at the end of the deal when every player plays :meth:`greedy_step` from ``node``."""
        while node[0][2] != NOBODY:
            node = self.play(node, self.greedy_step(node))
        return float(self.model.utility(node[0][6], self.player))

    def greedy_step(self, node: Node) -> Step:
        """The greedy player's move in the model: the capture worth most now (points with a tábla,
        then spades, then cards), else the cheapest lay (fewest points, not a spade, highest value)."""
        hands, table, mover, _, _, fresh, _ = node[0]
        model, rules = self.model, self.rules
        best, best_key = None, (-1, -1, -1)
        for step in self.steps(node):
            if step.kind != CAPTURE:
                break
            points = step.points
            if step.table == table:
                points += rules.tabla_worth(bool(fresh >> mover & 1))
            key = (points, step.spades, step.cards)
            if key > best_key:
                best, best_key = step, key
        if best is not None:
            return best
        return min(model.lays(hands[mover]), key=lambda step: model.lay_cost(step.hand))

    def estimate(self, node: Node) -> float:
        """The margin at the horizon: the mover first makes his greedy capture, if he has one (a
        sweep or a point card left on the table is a threat a search cut off here would miss), then
        points so far and each open majority by its odds."""
        turn = node[0]
        if turn[2] != NOBODY and turn[1]:
            step = self.greedy_step(node)
            if step.kind == CAPTURE:
                turn = self.model.advance(turn, step)
        return horizon_margin(self.rules, self.player, turn[6])


@cache
def scorer(rules: Rules) -> RoundModel:
    """A model used only to score counters (which fills none of its caches)."""
    return RoundModel(rules)


@lru_cache(maxsize=MEMO_SIZE)
def secured_points(rules: Rules, counters: Counters) -> tuple[int, ...]:
    """The points each player has secured this deal from the counters (docs/rules.md §6)."""
    return tuple(scorer(rules).totals(counters))


@lru_cache(maxsize=MEMO_SIZE)
def horizon_margin(rules: Rules, player: int, counters: Counters) -> float:
    """``player``'s expected margin from the counters: points so far, open majorities by their odds."""
    n = rules.players
    cards = [counters[3 * p] for p in range(n)]
    spades = [counters[3 * p + 1] for p in range(n)]
    left_cards, left_spades = DECK_SIZE - sum(cards), SPADES_IN_DECK - sum(spades)
    expected = []
    for p in range(n):
        other_cards = [count for j, count in enumerate(cards) if j != p]
        other_spades = [count for j, count in enumerate(spades) if j != p]
        expected.append(
            counters[3 * p + 2]
            + rules.most_cards_points * majority_odds(cards[p], other_cards, left_cards, DECK_SIZE)
            + rules.most_spades_points * majority_odds(spades[p], other_spades, left_spades, SPADES_IN_DECK))
    mine = expected.pop(player)
    return mine - max(expected)
