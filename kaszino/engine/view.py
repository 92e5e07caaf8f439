"""What one player may see, in the part every family shares: the seam's ``view(player)``.

A family's view (``games/<family>/view.py``) adds what only its rules have (Kaszinó's táblák and
pending challenge, Scopa's scopas, Casino's builds). Nothing in a view depends on where a card
hidden from its player lies: a hand he cannot see is ``None`` in ``hands`` (its size is still in
``hand_sizes``), and ``unseen`` lists, sorted, every card he cannot place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from kaszino.engine.cards import Card


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """One player's view of a game at one moment."""

    player: int
    hands: tuple[tuple[Card, ...] | None, ...]
    """Every hand as far as this player knows it: his own always, another only once it is known."""
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]
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

    @property
    def hand(self) -> tuple[Card, ...]:
        """The player's own hand."""
        own = self.hands[self.player]
        assert own is not None
        return own


class Seated(Protocol):
    """What a family's state holds that :func:`seat_fields` reads."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def talon(self) -> tuple[Card, ...]: ...

    @property
    def table(self) -> tuple[Card, ...]: ...

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def dealer(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def deal(self) -> int: ...

    @property
    def last_capturer(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...


def seat_fields(state: Seated, player: int, known: bool) -> dict[str, Any]:
    """The fields of :class:`SeatView` for ``player``: the other hands shown only when ``known``
    (the family decides when: an open or known last round, the deal over)."""
    hands = tuple(hand if known or p == player else None for p, hand in enumerate(state.hands))
    hidden = [card for p, hand in enumerate(state.hands) if hands[p] is None for card in hand]
    return {
        "player": player, "hands": hands, "hand_sizes": tuple(map(len, state.hands)), "table": state.table,
        "talon_count": len(state.talon), "unseen": tuple(sorted([*hidden, *state.talon])),
        "piles": state.piles,
        "scores": state.scores, "dealer": state.dealer, "to_move": state.to_move, "round": state.round,
        "deal": state.deal, "last_capturer": state.last_capturer, "finished": state.finished,
        "winner": state.winner,
    }
