"""The public history of the hand in play (docs/casino.md, "Computer players").

Every move is made in the open: each player at the table sees who played which card and what it
did, on which table. :class:`Turn` records one such move with the loose cards and builds it was
made on; a state keeps the turns of the current hand (four cards each), which is all a reader of
the other hands needs: the cards of earlier hands are all played.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.games.casino.builds import Build, Cards
from kaszino.games.casino.moves import Play


@dataclass(frozen=True, slots=True)
class Turn:
    """``player`` made ``move`` on a table of ``table`` (the loose cards) and ``builds``."""

    player: int
    table: Cards
    builds: tuple[Build, ...]
    move: Play
