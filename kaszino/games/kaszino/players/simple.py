"""Two simple computer players: ``RandomPlayer`` and ``GreedyPlayer``."""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.cards import Card, Suit
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.players.base import choice_rng, table_moves
from kaszino.games.kaszino.scoring import card_points
from kaszino.games.kaszino.solver.value import best_captures
from kaszino.games.kaszino.state import GameState
from kaszino.inputs import MAX_SEED, check_whole


@dataclass(frozen=True)
class RandomPlayer:
    """Any of its moves, uniformly at random (captures, lays, the V3 pass), fixed by ``seed``."""

    seed: int = 0
    name: str = "random"

    def __post_init__(self) -> None:
        check_whole("seed", self.seed, 0, MAX_SEED)

    def choose(self, state: GameState) -> Move:
        """A random move of ``state.to_move``."""
        return choice_rng(self.seed, state, state.to_move).choice(table_moves(state))


def lay_cost(card: Card, state: GameState) -> tuple[int, int, int]:
    """How much laying ``card`` may give away: its points, whether it is a spade, then its value
    (a low card is easier to combine for a capture than a high one, so it is laid later)."""
    return card_points((card,), state.rules), int(card.suit is Suit.SPADES), -card.value


@dataclass(frozen=True)
class GreedyPlayer:
    """The most valuable capture now (:func:`kaszino.games.kaszino.solver.value.best_captures`); without a
    capture, the least useful lay (:func:`lay_cost`). Deterministic."""

    name: str = "greedy"

    def choose(self, state: GameState) -> Move:
        """The greedy move of ``state.to_move``."""
        best = best_captures(state)
        if best:
            return best[0][0]
        hand = state.hands[state.to_move]
        return Lay(min(hand, key=lambda card: lay_cost(card, state)))
