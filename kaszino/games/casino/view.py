"""What one player may see of a Casino game (docs/casino.md).

His own hand, the table with its builds (values and owners), every captured pile (each capture is
shown before it goes face down), the scores and the turn; of the other hands and of the talon only
their sizes. ``unseen`` lists, sorted, the cards he cannot place (the other hands and the talon),
so nothing in a view depends on where a hidden card lies. With two players the last hand is
known by elimination, and the view shows it; with three or four only the set of the other hands'
cards is known then (``unseen``), not who holds which.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kaszino.engine.view import SeatView
from kaszino.games.casino.builds import Build
from kaszino.games.casino.history import Turn


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(SeatView):
    """One player's view of a Casino game at one moment: what every family's view holds, and the
    builds on the table (each with its value and owner), and the moves of the hand in play (each
    with the table it was made on: every player saw them)."""

    builds: tuple[Build, ...]
    turns: tuple[Turn, ...] = field(default=(), repr=False)
    """Left out of the written form, which seeds the players' random choices as it did before."""
