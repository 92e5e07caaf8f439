"""The Scopa expert: sampled worlds before the last round, the exact solver in it (docs/players.md).

Before the last round the expert cannot see the other hand or the talon. It deals the cards its
view lists as unseen at random into the other hand and the talon — each deal a *world* consistent
with everything it saw — and in each world searches every move by alpha-beta a few plies ahead,
on the engine's own states (so every rule is the engine's), judging where it stops by a static
estimate of the deal's points (:func:`estimate`). A move's value is its average over the worlds:
the expected margin of the deal's points. In the last round the other hand is known by
elimination (docs/scopa.md) and the exact solver (:mod:`kaszino.games.scopa.solver`) decides.

Everything comes from :meth:`ScopaState.view`: the worlds are built from the view alone and
seeded by it, so the hidden cards never change the expert's choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import erf, sqrt

from kaszino.engine.cards import Card, Suit
from kaszino.engine.lookahead import INFINITY, BudgetSpent, Nodes, alpha_beta, majority_odds
from kaszino.errors import KaszinoError
from kaszino.games.scopa.deck import DECK, DECK_SIZE, PRIMIERA_POINTS, SETTEBELLO
from kaszino.games.scopa.moves import Move, ScopaMove
from kaszino.games.scopa.players import view_rng
from kaszino.games.scopa.rules import ScopaRules
from kaszino.games.scopa.solver import solve
from kaszino.games.scopa.state import ScopaState
from kaszino.games.scopa.view import PlayerView
from kaszino.inputs import MAX_SEED, check_whole

DIAMONDS_IN_DECK = DECK_SIZE // len(Suit)

BUDGET = 2_000
"""The positions the expert's search may visit for one move before the last round."""

PRIMIERA_SPREAD = 30.0
"""How far the two primiera sums may still move, at the start of a deal, in primiera points; the
spread shrinks with the square root of the cards still to be captured."""


@dataclass(frozen=True, slots=True)
class Assessment:
    """What each move of the player to move is worth: the expected margin of the deal's points
    (his minus the other's). ``exact`` in the last round (the solver's values); ``worlds`` deals
    were searched otherwise."""

    move_values: Mapping[ScopaMove, float]
    best: ScopaMove
    exact: bool
    worlds: int
    depth: int = 0
    """How deep the worlds were searched (0 in the last round)."""
    nodes: int = 0
    """The positions the search visited (0 in the last round)."""


@dataclass(frozen=True, slots=True)
class ScopaExpert:
    """Determinized alpha-beta before the last round, the exact solver in it.

    ``worlds`` deals of the unseen cards are searched, each move to ``depth`` plies (the draw at
    the end of a round is played as the engine plays it, from the world's talon); of equal values
    the first legal move wins. ``seed`` fixes the worlds together with the view.

    A move may visit at most ``budget`` positions (and one more a legal move and a ply): once they are spent
    no further world is searched, and a first world that would overrun half of what is left is
    searched again a ply shallower. The budget counts positions, not time, so the choice stays
    reproducible; it binds only on large tables, where the captures multiply."""

    seed: int = 0
    worlds: int = 16
    depth: int = 3
    budget: int = BUDGET
    name: str = "expert"

    def __post_init__(self) -> None:
        check_whole("seed", self.seed, 0, MAX_SEED)
        check_whole("worlds", self.worlds, 1, 1000)
        check_whole("depth", self.depth, 1, 36)
        check_whole("budget", self.budget, 1, 10**9)

    def choose(self, state: ScopaState) -> Move:
        """The expert's move for ``state.to_move``."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.assess(state).best

    def assess(self, state: ScopaState) -> Assessment:
        """Every move of ``state.to_move`` with its expected margin of the deal's points."""
        moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
        if not moves:
            raise KaszinoError("there is no move to assess: the deal or the game is over")
        view = state.view(state.to_move)
        if view.other_hand is not None:
            solution = solve(world(view, state.rules, view.other_hand, ()))
            values = {move: float(value) for move, value in solution.values}
            return Assessment(values, solution.best[0], True, 1)
        rng = view_rng(self.seed, view)
        totals = dict.fromkeys(moves, 0.0)
        unseen = list(view.unseen)
        nodes, depth, searched = Nodes(self.budget), self.depth, 0
        while searched < self.worlds and nodes.count < self.budget:
            rng.shuffle(unseen)
            sampled = world(view, state.rules, tuple(unseen[:view.other_count]),
                            tuple(unseen[view.other_count:]))
            while True:
                first = searched == 0
                if first and depth == 1:
                    nodes.limit = nodes.count + len(moves)
                elif first:
                    nodes.limit = nodes.count + max(0, self.budget - nodes.count) // 2
                else:
                    nodes.limit = self.budget
                try:
                    found = {move: search(sampled.play(move), view.player, depth - 1, nodes)
                             for move in moves}
                    break
                except BudgetSpent:
                    if not first:
                        found = {}
                        break
                    depth -= 1
            if not found:
                break
            for move, value in found.items():
                totals[move] += value
            searched += 1
        values = {move: total / searched for move, total in totals.items()}
        best = max(moves, key=values.__getitem__)
        return Assessment(values, best, False, searched, depth, nodes.count)


def world(view: PlayerView, rules: ScopaRules, other_hand: tuple[Card, ...],
          talon: tuple[Card, ...]) -> ScopaState:
    """The whole state ``view`` shows, with the other hand and the talon as given."""
    hands = [view.hand, other_hand] if view.player == 0 else [other_hand, view.hand]
    return ScopaState(rules=rules, hands=tuple(hands), table=view.table, talon=talon, piles=view.piles,
                      scopas=view.scopas, scores=view.scores, dealer=view.dealer, to_move=view.to_move,
                      last_capturer=view.last_capturer, round=view.round, deal=view.deal)


def search(state: ScopaState, player: int, depth: int, nodes: Nodes,
           alpha: float = -INFINITY, beta: float = INFINITY) -> float:
    """Alpha-beta over one known world to ``depth`` plies (or the deal's end): ``player``'s margin.
    Each position visited counts in ``nodes``; :class:`BudgetSpent` once they pass its limit."""
    nodes.visit()
    if depth == 0 or state.deal_over:
        return estimate(state, player)
    return alpha_beta(state.legal_moves(), state.to_move == player, alpha, beta,
                      lambda move, a, b: search(state.play(move), player, depth - 1, nodes, a, b))


def estimate(state: ScopaState, player: int) -> float:
    """``player``'s expected margin of the deal's points: exact once the deal is over; before,
    the scopas and the settebello as they are, the majorities of cards and diamonds and the
    primiera by their odds."""
    if state.deal_over:
        points = state.deal_scores()
        return float(points[player] - points[1 - player])
    mine, theirs = state.piles[player], state.piles[1 - player]
    margin = float(state.scopas[player] - state.scopas[1 - player])
    margin += (SETTEBELLO in mine) - (SETTEBELLO in theirs)
    margin += _majority(len(mine), len(theirs), DECK_SIZE)
    margin += _majority(_diamonds(mine), _diamonds(theirs), DIAMONDS_IN_DECK)
    if state.rules.primiera:
        margin += _primiera(mine, theirs)
    return margin


def _majority(mine: int, theirs: int, total: int) -> float:
    """The chance of winning a majority of ``total`` cards minus the other's chance."""
    left = total - mine - theirs
    return majority_odds(mine, [theirs], left, total) - majority_odds(theirs, [mine], left, total)


def _diamonds(pile: tuple[Card, ...]) -> int:
    return sum(1 for card in pile if card.suit is Suit.DIAMONDS)


def _primiera(mine: tuple[Card, ...], theirs: tuple[Card, ...]) -> float:
    """The primiera's chance for ``mine`` minus for ``theirs``: the sums of the best card of each
    suit so far, their difference judged against what the cards still to come may change (a pile
    that lacks a suit of which no card is left cannot win it)."""
    taken = set(mine) | set(theirs)
    left = DECK_SIZE - len(taken)
    sums: list[float] = []
    for pile in (mine, theirs):
        total = 0.0
        for suit in Suit:
            best = max((PRIMIERA_POINTS[card.value] for card in pile if card.suit is suit), default=0)
            if not best and taken.issuperset(_SUITS[suit]):
                total = -INFINITY
                break
            total += best
        sums.append(total)
    if sums[0] == sums[1]:
        return 0.0
    if not left or min(sums) == -INFINITY:
        return 1.0 if sums[0] > sums[1] else -1.0
    spread = PRIMIERA_SPREAD * sqrt(left / DECK_SIZE)
    return erf((sums[0] - sums[1]) / (spread * sqrt(2)))


_SUITS = {suit: frozenset(card for card in DECK if card.suit is suit) for suit in Suit}
