"""Computer players for Scopa: random and greedy, with no lookahead (the expert, which searches, is
:mod:`kaszino.games.scopa.expert`).

A player chooses from :meth:`ScopaState.view` only — his hand, the table, the piles, the counts —
and seeds every random choice with that view, so a game between computers is reproducible from
its seed and two positions a player cannot tell apart get the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from kaszino.engine.cards import Card, Suit
from kaszino.errors import KaszinoError
from kaszino.games.scopa.deck import SETTEBELLO, capture_value
from kaszino.games.scopa.moves import Move, NextDeal, ScopaMove
from kaszino.games.scopa.rules import ScopaRules
from kaszino.games.scopa.state import ScopaState, new_game
from kaszino.games.scopa.view import PlayerView
from kaszino.inputs import MAX_SEED, check_whole

MAX_MOVES = 10_000
"""A game between computers stops here at the latest (a real one takes about 40 moves a deal)."""

LARGEST = 10
"""The largest capture value: a table adding up to at most this may be swept by one card."""


class ScopaPlayer(Protocol):
    @property
    def name(self) -> str: ...

    def choose(self, state: ScopaState) -> Move:
        """The move ``state.to_move`` makes now."""
        ...


SEEN_FIELDS = ("player", "hand", "other_hand", "other_count", "table", "talon_count", "unseen", "piles",
               "scopas", "scores", "dealer", "to_move", "round", "deal", "last_capturer", "finished",
               "winner")
"""What a Scopa player sees, in the order that seeds his random choices. Kept as it was when the
shipped Scopa puzzles and chapter 08's deals were played, so that a change of the view type
changes no computer's choice."""


def view_rng(seed: int, view: PlayerView) -> random.Random:
    """A random source for one decision: fixed by ``seed`` and what the player sees."""
    seen = ", ".join(f"{name}={getattr(view, name)!r}" for name in SEEN_FIELDS)
    return random.Random(f"{seed}:PlayerView({seen})")


@dataclass(frozen=True, slots=True)
class RandomPlayer:
    """Any legal move, uniformly, seeded by what the player sees."""

    seed: int = 0
    name: str = "random"

    def choose(self, state: ScopaState) -> Move:
        return view_rng(self.seed, state.view(state.to_move)).choice(state.legal_moves())


def card_worth(card: Card) -> float:
    """What taking ``card`` is worth to the greedy player: the card, its suit, its primiera rank."""
    return (1.0 + 1.5 * (card.suit is Suit.DIAMONDS) + 6.0 * (card == SETTEBELLO)
            + {7: 2.0, 6: 1.2, 1: 0.8}.get(card.value, 0.0))


def sweepable(table: Sequence[Card]) -> bool:
    """Whether one card could take the whole of ``table`` (its cards add up to at most 10)."""
    return bool(table) and sum(map(capture_value, table)) <= LARGEST


def move_worth(view: PlayerView, move: ScopaMove, rules: ScopaRules) -> float:
    """The greedy player's worth of ``move`` now: what it takes, what it gives away."""
    left = tuple(card for card in view.table if card not in move.taken)
    last_move = not view.talon_count and len(view.hand) == 1 and not view.other_count
    if move.taken:
        worth = sum(map(card_worth, (move.card, *move.taken)))
        if not left and rules.scopa and not last_move:
            worth += 10.0
    else:
        left = (*left, move.card)
        worth = -card_worth(move.card)
    if rules.scopa and view.other_count and sweepable(left):
        worth -= 5.0
    return worth


@dataclass(frozen=True, slots=True)
class GreedyPlayer:
    """The move worth most now (see :func:`move_worth`); ties broken by the seeded view."""

    seed: int = 0
    name: str = "greedy"

    def choose(self, state: ScopaState) -> Move:
        moves = state.legal_moves()
        view = state.view(state.to_move)
        plays = [move for move in moves if isinstance(move, ScopaMove)]
        if not plays:
            return moves[0]
        best = max(move_worth(view, move, state.rules) for move in plays)
        chosen = [move for move in plays if move_worth(view, move, state.rules) == best]
        return view_rng(self.seed, view).choice(chosen)


def play_game(players: Sequence[ScopaPlayer], seed: int, rules: ScopaRules | None = None) -> ScopaState:
    """A whole game between two computer players (player 0 moves first); the final state."""
    check_whole("seed", seed, 0, MAX_SEED)
    if len(players) != 2:
        raise KaszinoError(f"a Scopa game takes 2 players, not {len(players)}")
    state = new_game(seed, rules)
    for _ in range(MAX_MOVES):
        if state.finished:
            break
        state = state.play(NextDeal() if state.deal_over else players[state.to_move].choose(state))
    return state
