"""What one player may see of a Scopa game (docs/scopa.md).

His own hand, the table, every captured pile (each capture is made face up), the scores and the
turn; of the other hand only its size and of the talon only its size — except in the last round,
when the talon is empty and the other hand is known by elimination. ``unseen`` lists, sorted,
the cards he cannot place, so nothing in a view depends on where a hidden card lies.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.cards import Card


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's view of a game at one moment."""

    player: int
    hand: tuple[Card, ...]
    other_hand: tuple[Card, ...] | None
    other_count: int
    table: tuple[Card, ...]
    talon_count: int
    unseen: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    scopas: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int
    to_move: int
    round: int
    deal: int
    last_capturer: int | None
    finished: bool
    winner: int | None
