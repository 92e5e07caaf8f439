"""What a move set going, as data: the engine's own account of a step of the game.

``state.step(move)`` returns the next state together with a tuple of these events, in the order
they happened; ``state.play(move)`` is the same step without the account. Every family of rules
reports its steps with these values (a family may add kinds of its own), and nothing above the
engine works a rule out again to say what happened: the teaching layer turns events into words
through the one translation mechanism (catalogue ``events``, a family's own words in
``events_<family>`` first), the viewers and widgets show those words.

Players are numbered from 0 here, as everywhere in the engine; texts number them from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Generic, Literal, TypeVar, get_args

from kaszino.engine.cards import Card

DrawReason = Literal["last_capturer", "first_player", "deal_order"]
"""Why a player draws first at a round's end: he made the deal's last capture so far (Kaszinó),
nobody has captured yet and he moved first in the deal (Kaszinó), or the draw always starts with
the player who moved first in the deal (Scopa)."""

StartReason = Literal["draws_first", "after_first_drawer"]
"""Why a player starts a round: he drew first, or (Kaszinó V7) he sits after the first drawer."""

AgainReason = Literal["others_empty", "forced"]
"""Why the mover moves again: every other hand is empty, or a sweep forced a lay and a second move."""


@dataclass(frozen=True, slots=True)
class Captured:
    """``player`` took ``table`` with ``hand`` (under Fals! it may still be ``challengeable``)."""

    kind: ClassVar[str] = "captured"
    player: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    challengeable: bool = False


@dataclass(frozen=True, slots=True)
class Laid:
    """``player`` laid ``card`` face up on the table."""

    kind: ClassVar[str] = "laid"
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Built:
    """``player`` played ``card`` into a new build of ``value``, which now holds ``cards`` (Casino)."""

    kind: ClassVar[str] = "built"
    player: int
    card: Card
    value: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Raised:
    """``player`` raised a single build from ``old`` to ``value`` with ``card``; it now holds ``cards``
    (Casino)."""

    kind: ClassVar[str] = "raised"
    player: int
    card: Card
    old: int
    value: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Added:
    """``player`` added ``card`` to a build of ``value``, which keeps its value and now holds ``cards``
    (Casino)."""

    kind: ClassVar[str] = "added"
    player: int
    card: Card
    value: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Passed:
    """``player`` let a forced second move go (Kaszinó V3)."""

    kind: ClassVar[str] = "passed"
    player: int


@dataclass(frozen=True, slots=True)
class Swept:
    """``player``'s capture cleared the table, worth ``points`` (a tábla, a scopa; 0 where none counts)."""

    kind: ClassVar[str] = "swept"
    player: int
    points: int
    first_move: bool = False


@dataclass(frozen=True, slots=True)
class MustLay:
    """The table is empty after a sweep: ``player`` must lay a card, then moves once more
    (``again``), unless that card is the last in his hand."""

    kind: ClassVar[str] = "must_lay"
    player: int
    again: bool = True


@dataclass(frozen=True, slots=True)
class MovesAgain:
    """``player`` moves again, for ``reason``."""

    kind: ClassVar[str] = "moves_again"
    player: int
    reason: AgainReason


@dataclass(frozen=True, slots=True)
class RoundOver:
    """Every hand is empty: round ``round`` is over."""

    kind: ClassVar[str] = "round_over"
    round: int


@dataclass(frozen=True, slots=True)
class Drew:
    """The talon gave ``cards`` cards to each player in ``order`` (``order[0]`` first), for ``reason``."""

    kind: ClassVar[str] = "drew"
    order: tuple[int, ...]
    cards: int
    reason: DrawReason


@dataclass(frozen=True, slots=True)
class Starts:
    """``player`` makes the first move of round ``round``, for ``reason``."""

    kind: ClassVar[str] = "starts"
    player: int
    round: int
    reason: StartReason


@dataclass(frozen=True, slots=True)
class LastRound:
    """Round ``round`` is the deal's last; ``open``: dealt face up (Kaszinó), else known by elimination."""

    kind: ClassVar[str] = "last_round"
    round: int
    open: bool


@dataclass(frozen=True, slots=True)
class Leftovers:
    """At the deal's end ``cards`` were left on the table and went to ``player`` (None: to nobody)."""

    kind: ClassVar[str] = "leftovers"
    cards: tuple[Card, ...]
    player: int | None


@dataclass(frozen=True, slots=True)
class DealOver:
    """Deal ``deal`` is over; ``totals`` are the players' points after it."""

    kind: ClassVar[str] = "deal_over"
    deal: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """Deal ``deal`` was dealt by ``dealer``; ``first`` moves first."""

    kind: ClassVar[str] = "dealt"
    deal: int
    dealer: int
    first: int


@dataclass(frozen=True, slots=True)
class Redealt:
    """Deal ``deal`` was dealt again: ``kings`` kings lay among the first table cards (Scopa's variant)."""

    kind: ClassVar[str] = "redealt"
    deal: int
    kings: int


@dataclass(frozen=True, slots=True)
class Claimed:
    """``player`` claimed the win ("Ausz!") with ``secured`` points; ``automatic``: the rules claimed."""

    kind: ClassVar[str] = "claimed"
    player: int
    secured: int
    automatic: bool


@dataclass(frozen=True, slots=True)
class Challenged:
    """``challenger`` called "Fals!" on ``capturer``'s capture; ``false``: it was wrong; ``points`` won."""

    kind: ClassVar[str] = "challenged"
    challenger: int
    capturer: int
    false: bool
    points: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over: ``winner`` won (None: a tie after fixed deals); ``totals``: the final points."""

    kind: ClassVar[str] = "game_over"
    winner: int | None
    totals: tuple[int, ...]


Event = (
    Captured | Laid | Built | Raised | Added | Passed | Swept | MustLay | MovesAgain | RoundOver | Drew
    | Starts | LastRound | Leftovers | DealOver | Dealt | Redealt | Claimed | Challenged | GameOver
)
"""Every kind of event the shared seam knows."""

EVENT_KINDS: tuple[type[Event], ...] = get_args(Event)
"""The event classes, for code that walks them (renderers, tests)."""

PLAYER_FIELDS = frozenset({"player", "challenger", "capturer", "winner", "dealer", "first", "order", "rest"})
"""The fields of events and refusals that hold a player or a row of players (from 0): texts show
them from 1."""


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One step of a game: the state after a move and what the move set going, in order."""

    state: S
    events: tuple[Event, ...]
