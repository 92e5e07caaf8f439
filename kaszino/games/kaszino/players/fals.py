"""Fals! training (V6): a computer player that now and then tries a false capture on purpose.

``Fibber(player, rate)`` plays like ``player`` but, with probability ``rate`` whenever a near miss
is at hand, attempts a false capture instead: one hand card against table cards whose sum is off
by one or two (the kind of slip a hurried player makes). The engine accepts it as an attempt; the
learner may call "Fals!" before moving, and the rules score the call.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from kaszino.engine.cards import card_sum
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players.base import Player, choice_rng
from kaszino.games.kaszino.state import GameState


def near_misses(state: GameState) -> list[Capture]:
    """False captures of the player to move that look almost right: one hand card against one or
    two table cards whose sum is off by one or two, or over the limit by as much."""
    if not state.rules.fals or state.deal_over or state.forced == "lay":
        return []
    found = []
    for card in state.hands[state.to_move]:
        for size in (1, 2):
            for taken in combinations(state.table, size):
                if 1 <= abs(card_sum(taken) - card.value) <= 2:
                    found.append(Capture((card,), taken))
    return found


@dataclass(frozen=True)
class Fibber:
    """``player``, but with probability ``rate`` a near-miss false capture when one exists (V6 only)."""

    player: Player
    rate: float
    seed: int = 0

    def __post_init__(self) -> None:
        if not 0.0 <= self.rate <= 1.0:
            raise KaszinoError(f"the rate of false captures must be between 0 and 1, not {self.rate}")

    @property
    def name(self) -> str:
        return self.player.name

    def choose(self, state: GameState) -> Move:
        """A near miss now and then, else the wrapped player's move."""
        misses = near_misses(state)
        rng = choice_rng(self.seed, state, state.to_move)
        if misses and rng.random() < self.rate:
            return rng.choice(misses)
        return self.player.choose(state)
