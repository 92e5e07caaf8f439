"""The expert: plays with exactly what a player knows, and plays the open last round perfectly.

Before the last round the expert cannot see the other hands or the talon. It deals the cards it
has not seen (the deck minus its hand, the table and every captured card) at random into the
other hands and the talon — many times, each a *world* consistent with everything seen — and
searches each move in each world (:mod:`kaszino.games.kaszino.players.lookahead`) to the end of the round,
within a budget of search nodes for the whole move. A move's value is its average over the
worlds: the expected margin of deal points (a move that wins the game counts as a whole deal).
In the open last round everything is known and the exact solver decides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from kaszino.engine.cards import DECK, Card
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players.base import choice_rng, table_moves
from kaszino.games.kaszino.players.lookahead import World
from kaszino.games.kaszino.players.simple import GreedyPlayer
from kaszino.games.kaszino.solver.search import Solution, solve
from kaszino.games.kaszino.state import GameState

EXACT_LIMIT = 9
"""With three or four players the exact solver takes seconds on big last rounds: the expert uses it
when at most this many cards are still held, the sampled search otherwise, to move quickly. (A hint
or an annotation, which may take longer, solves every open last round exactly: :mod:`kaszino.teach.odds`.)"""


MAX_DEPTH = 8
"""The depth-limited search (``rollouts=False``) looks at most this many plies ahead."""


MIN_WORLDS = 2
"""Worlds searched at least, whatever they cost."""


@dataclass(frozen=True, slots=True)
class Assessment:
    """What each move of the player to move is worth: the expected margin of deal points at the end
    of the deal (the mover's points minus the best of the others'). ``exact`` when everything is
    known and the exact solver computed the values (each then searched when first read);
    ``worlds`` deals were searched otherwise."""

    move_values: Mapping[Move, float]
    best: Move
    exact: bool
    worlds: int
    nodes: int = 0
    """Positions the sampled search looked at (its time is about proportional)."""
    solution: Solution | None = field(default=None, repr=False, compare=False)
    """The exact solver's solution the values come from (``exact``): an explanation reuses it."""

    def ranked(self) -> list[tuple[Move, float]]:
        """The moves, the best first (equal values keep ``legal_moves()`` order)."""
        return sorted(self.move_values.items(), key=lambda pair: -pair[1])


def every_card_known(state: GameState) -> bool:
    """Whether the player to move knows where every card is: in the open last round (whose talon
    is empty) every hand lies face up."""
    return state.open_round and not state.talon


def exact_assessment(state: GameState) -> Assessment:
    """Every move of ``state.to_move`` with its exact value, from the solver (every card known)."""
    solution = solve(state)
    # exact values are searched when first read: an annotation reads two of them
    return Assessment(solution.move_values, solution.best_move, True, 1, solution=solution)


def unseen_cards(state: GameState, player: int) -> list[Card]:
    """The cards ``player`` has not seen: not in his hand, on the table or in any pile
    (in the open last round he sees every hand)."""
    seen = set(state.hands[player]) | set(state.table)
    for pile in state.piles:
        seen.update(pile)
    if state.open_round:
        for hand in state.hands:
            seen.update(hand)
    return [card for card in DECK if card not in seen]


def sample_world(state: GameState, player: int, unseen: Sequence[Card],
                 order: Sequence[int]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands and talon with the unseen cards dealt in the given ``order`` (a permutation of their
    indices): the other hands first, in seat order, then the talon."""
    cards = [unseen[i] for i in order]
    hands = []
    for p, hand in enumerate(state.hands):
        if p == player or state.open_round:
            hands.append(hand)
        else:
            hands.append(tuple(cards[:len(hand)]))
            del cards[:len(hand)]
    if len(cards) != len(state.talon):
        raise KaszinoError("the unseen cards do not fill the hidden hands and the talon")
    return tuple(hands), tuple(cards)


@dataclass(frozen=True)
class ExpertPlayer:
    """Determinized search before the last round, the exact solver in it.

    Up to ``samples`` worlds per move. In each world every move is searched by alpha-beta to the
    end of the round and ``horizon`` plies past it; at the horizon the player to move makes his
    best capture at once (a sweep first), then the open majorities are estimated by their odds.
    Securing the target ends the game there, as "Ausz!" does. With ``rollouts`` each move is
    followed instead by greedy play of all players to the end of the deal (unbiased but noisy:
    with few worlds it played worse than greedy in our matches).

    ``budget`` bounds the search nodes of the whole move, so no move takes long: a world is
    searched deeper and deeper (one ply, two, four, … to the horizon) while its share of the
    budget lasts, and its values come from the deepest search that finished, every move judged
    to the same depth; a new world is dealt only while the budget still pays for one as deep as
    the last (at least two are). Most positions are small and get every world at full depth; the
    few big ones get fewer, shallower worlds. The greedy move gets ``prior`` points of credit:
    the sampled values are estimates, so the expert leaves the sound greedy move only for a clear
    gain, and equal values fall to it. ``seed`` fixes the worlds (together with what the expert
    sees, so the hidden cards never change its choice)."""

    seed: int = 0
    samples: int = 16
    horizon: int = 0
    rollouts: bool = False
    budget: int = 4000
    prior: float = 0.25
    name: str = "expert"

    def choose(self, state: GameState) -> Move:
        """The expert's move for ``state.to_move``."""
        moves = table_moves(state)
        if len(moves) == 1:
            return moves[0]
        return self.assess(state).best

    def assess(self, state: GameState) -> Assessment:
        """Every move of ``state.to_move`` with its expected deal-point margin."""
        moves = table_moves(state)
        if not moves:
            raise KaszinoError("there is no move to assess: the deal or the game is over")
        if every_card_known(state) and (state.players == 2 or sum(map(len, state.hands)) <= EXACT_LIMIT):
            return exact_assessment(state)
        player = state.to_move
        unseen = unseen_cards(state, player)
        rng = choice_rng(self.seed, state, player)
        totals = dict.fromkeys(moves, 0.0)
        depth = min(sum(map(len, state.hands)) + self.horizon, MAX_DEPTH)
        worlds = spent = last = 0
        # a new world only while it is likely to be searched as deep as the last one
        wanted = self.samples if unseen else 1
        while worlds < wanted and (worlds < MIN_WORLDS or spent + last <= self.budget):
            order = list(range(len(unseen)))
            rng.shuffle(order)
            hands, talon = sample_world(state, player, unseen, order)
            world = World.of(state, player, hands, talon)
            steps = {move: world.model.of_move(move) for move in moves}
            if self.rollouts:
                step_values = {step: world.rollout(world.play(world.root, step)) for step in steps.values()}
            else:
                allowance = max(self.budget - spent, 0) // max(MIN_WORLDS - worlds, 1)
                step_values = world.deepest(steps.values(), depth, allowance)
            for move, step in steps.items():
                totals[move] += step_values[step]
            worlds += 1
            last = world.nodes
            spent += last
        averages = {move: total / worlds for move, total in totals.items()}
        usual = GreedyPlayer().choose(state)
        best = max(moves, key=lambda move: averages[move] + (self.prior if move == usual else 0.0))
        return Assessment(averages, best, False, worlds, spent)
