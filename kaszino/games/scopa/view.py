"""What one player may see of a Scopa game (docs/scopa.md).

His own hand, the table, every captured pile (each capture is made face up), the scores and the
turn; of the other hand only its size and of the talon only its size — except in the last round,
when the talon is empty and the other hand is known by elimination. ``unseen`` lists, sorted,
the cards he cannot place, so nothing in a view depends on where a hidden card lies.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.cards import Card
from kaszino.engine.view import SeatView


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(SeatView):
    """One player's view of a Scopa game at one moment: what every family's view holds, and the
    scopas."""

    scopas: tuple[int, ...]

    @property
    def other_hand(self) -> tuple[Card, ...] | None:
        """The other player's hand once it is known (the last round), else None."""
        return self.hands[1 - self.player]

    @property
    def other_count(self) -> int:
        """How many cards the other player holds."""
        return self.hand_sizes[1 - self.player]
