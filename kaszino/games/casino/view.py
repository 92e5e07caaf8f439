"""What one player may see of a Casino game (docs/casino.md).

His own hand, the table with its builds (values and owners), every captured pile (each capture is
shown before it goes face down), the scores and the turn; of the other hands and of the talon only
their sizes. ``unseen`` lists, sorted, the cards he cannot place (the other hands and the talon),
so nothing in a view depends on where a hidden card lies. With two players the last hand is
known by elimination, and the view shows it; with three or four only the set of the other hands'
cards is known then (``unseen``), not who holds which.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.cards import Card
from kaszino.games.casino.builds import Build


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's view of a game at one moment."""

    player: int
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    """Every hand as far as this player knows it (his own; the others only when known)."""
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    builds: tuple[Build, ...]
    talon_count: int
    unseen: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    dealer: int
    to_move: int
    round: int
    deal: int
    last_capturer: int | None
    finished: bool
    winner: int | None
