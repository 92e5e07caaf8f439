"""What one player may see of a Kaszinó game (docs/rules.md §3): the seam's ``view(player)``.

His own hand, the table, every pile (each capture is made face up, so a player who keeps count
knows what every pile holds), the points and whose move it is; of another hand only its size and
of the talon only its size — except in the open last round, when every hand lies face up.
``unseen`` lists, sorted, the cards he cannot place, so nothing in a view depends on where a
hidden card lies. A capture that may still be challenged (Fals!, V6) is seen with its cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.view import SeatView
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Forced


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(SeatView):
    """One player's view of a Kaszinó game at one moment: what every family's view holds, and the
    táblák, the Fals! bonuses, a forced move and a capture still open to a challenge."""

    tabla_points: tuple[int, ...]
    bonus: tuple[int, ...]
    forced: Forced | None
    pending: Capture | None
