"""What one player may see of a Kaszinó game (docs/rules.md §3): the seam's ``view(player)``.

His own hand, the table, every pile (each capture is made face up, so a player who keeps count
knows what every pile holds), the points and whose move it is; of another hand only its size and
of the talon only its size — except in the open last round, when every hand lies face up.
``unseen`` lists, sorted, the cards he cannot place, so nothing in a view depends on where a
hidden card lies. A capture that may still be challenged (Fals!, V6) is seen with its cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.cards import Card
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Forced


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's view of a Kaszinó game at one moment; ``hands[p]`` is None where hidden."""

    player: int
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    table: tuple[Card, ...]
    talon_count: int
    unseen: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    tabla_points: tuple[int, ...]
    bonus: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int
    to_move: int
    round: int
    deal: int
    last_capturer: int | None
    forced: Forced | None
    pending: Capture | None
    finished: bool
    winner: int | None
