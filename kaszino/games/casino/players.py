"""Computer players for Casino: random and greedy, with no lookahead (the expert, which searches, is
:mod:`kaszino.games.casino.expert`).

A player chooses from :meth:`CasinoState.view` only — his hand, the table and its builds, the
piles, the counts — and seeds every random choice with that view, so a game between computers is
reproducible from its seed and two positions a player cannot tell apart get the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from kaszino.engine.cards import Card, Suit
from kaszino.errors import KaszinoError
from kaszino.games.casino.deck import BIG_CASINO, LITTLE_CASINO
from kaszino.games.casino.moves import BuildMove, Capture, Move, NextDeal, Play
from kaszino.games.casino.rules import CasinoRules
from kaszino.games.casino.scoring import ACE, BIG_CASINO_POINTS, LITTLE_CASINO_POINTS
from kaszino.games.casino.state import CasinoState, new_game
from kaszino.games.casino.view import PlayerView
from kaszino.inputs import MAX_SEED, check_whole

MAX_MOVES = 10_000
"""A game between computers stops here at the latest (a real one takes about 50 moves a deal)."""

BUILD_SHARE = 0.6
"""The part of a build's worth the greedy player counts now: it is not taken yet."""


class CasinoPlayer(Protocol):
    @property
    def name(self) -> str: ...

    def choose(self, state: CasinoState) -> Move:
        """The move ``state.to_move`` makes now."""
        ...


def view_rng(seed: int, view: PlayerView) -> random.Random:
    """A random source for one decision: fixed by ``seed`` and what the player sees."""
    return random.Random(f"{seed}:{view}")


@dataclass(frozen=True, slots=True)
class RandomPlayer:
    """Any legal move, uniformly, seeded by what the player sees."""

    seed: int = 0
    name: str = "random"

    def choose(self, state: CasinoState) -> Move:
        return view_rng(self.seed, state.view(state.to_move)).choice(state.legal_moves())


def card_points(card: Card) -> int:
    """The points ``card`` carries by itself (an ace 1, 10♦ 2, 2♠ 1), read from its value and suit:
    the searches ask this of every card they count, so it compares no whole cards."""
    value = card.value
    if value == 1:
        return ACE
    if value == BIG_CASINO.value and card.suit is BIG_CASINO.suit:
        return BIG_CASINO_POINTS
    if value == LITTLE_CASINO.value and card.suit is LITTLE_CASINO.suit:
        return LITTLE_CASINO_POINTS
    return 0


def card_worth(card: Card) -> float:
    """What taking ``card`` is worth to the greedy player: a share of most cards and most spades,
    and the points it carries (:func:`card_points`)."""
    return 0.12 + 0.15 * (card.suit is Suit.SPADES) + card_points(card)


def move_worth(move: Play) -> float:
    """The greedy player's worth of ``move`` now: what it takes, a share of what it builds, what a
    trail gives away."""
    if isinstance(move, Capture):
        return sum(map(card_worth, (move.card, *move.taken)))
    if isinstance(move, BuildMove):
        build = () if move.build is None else move.build
        return BUILD_SHARE * sum(map(card_worth, (move.card, *move.loose, *build)))
    return -card_worth(move.card)


@dataclass(frozen=True, slots=True)
class GreedyPlayer:
    """The move worth most now (see :func:`move_worth`); ties broken by the seeded view."""

    seed: int = 0
    name: str = "greedy"

    def choose(self, state: CasinoState) -> Move:
        moves = state.legal_moves()
        plays = [move for move in moves if not isinstance(move, NextDeal)]
        if not plays:
            return moves[0]
        best = max(map(move_worth, plays))
        view = state.view(state.to_move)
        return view_rng(self.seed, view).choice([move for move in plays if move_worth(move) == best])


def play_game(players: Sequence[CasinoPlayer], seed: int, rules: CasinoRules | None = None) -> CasinoState:
    """A whole game between computer players, one a seat (player 0 moves first); the final state."""
    check_whole("seed", seed, 0, MAX_SEED)
    rules = rules or CasinoRules(players=len(players))
    if len(players) != rules.players:
        raise KaszinoError(f"these Casino rules take {rules.players} players, not {len(players)}")
    state = new_game(seed, rules)
    for _ in range(MAX_MOVES):
        if state.finished:
            break
        state = state.play(NextDeal() if state.deal_over else players[state.to_move].choose(state))
    return state
