"""The game seam: what every family of rules offers, as typing protocols (in the style of OpenSpiel, pgx).

A :class:`Family` is a deck with its capture values, the named rule sets, a way to start a game
and to read a position or a move, the move that deals the next deal, a deal's itemised points (what
a score sheet shows) and a game's record; :meth:`Family.owns` tells its states from others'
(``family_of(state)``). A :class:`GameState` is one moment of a game: whose move, the
legal moves, why a move is refused (a :class:`~kaszino.engine.refusals.Refusal`), ``step`` (the
next state and what happened, as :mod:`~kaszino.engine.events`) and ``play``, the end of the
game, the points, the notation, and what one player may see. The shared parts — records, viewers,
players, the trainer, the widgets, the command line — speak only this; each family keeps its own
rules, solver and lessons. The protocols are structural: a family's state class satisfies them
without naming them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, Self, TypeVar

from kaszino.engine.cards import Card
from kaszino.engine.events import Step
from kaszino.engine.refusals import Refusal
from kaszino.engine.view import SeatView

M = TypeVar("M")


class GameState(Protocol[M]):
    """One moment of a game of some family; ``M`` is the family's move type."""

    @property
    def to_move(self) -> int:
        """The player whose move it is (from 0)."""
        ...

    @property
    def players(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    @property
    def winner(self) -> int | None:
        """Who won a finished game (None: nobody yet, or a tie where the rules allow one)."""
        ...

    def legal_moves(self) -> Sequence[M]:
        """Every move that may be played now (none once the game is finished)."""
        ...

    def problem(self, move: M) -> Refusal | None:
        """Why ``move`` is refused now, or None; a value that is no move at all is refused too."""
        ...

    def step(self, move: M) -> Step[Self]:
        """The next state with the events the move set going, in order; ``IllegalMoveError``
        naming the reason when ``move`` is refused."""
        ...

    def play(self, move: M) -> Self:
        """The next state (``step`` without the events)."""
        ...

    @property
    def deal_over(self) -> bool:
        """Every card of the deal is played: the deal's points are complete."""
        ...

    def deal_scores(self) -> tuple[object, ...]:
        """This deal's points per player, in the family's own terms (a number or an itemised score)."""
        ...

    def totals(self) -> tuple[int, ...]:
        """Each player's points so far."""
        ...

    def notation(self) -> str:
        """The one-line position, read back exactly by the family's ``from_notation``."""
        ...

    def view(self, player: int) -> SeatView:
        """What ``player`` may see now: nothing in it depends on a card hidden from him."""
        ...


S = TypeVar("S", covariant=True)


class Family(Protocol[S]):
    """A family of rules: its deck, its rule sets, and how a game starts and is read back."""

    @property
    def name(self) -> str: ...

    @property
    def deck(self) -> tuple[Card, ...]: ...

    @property
    def presets(self) -> Mapping[str, object]:
        """The named rule sets (``standard`` among them)."""
        ...

    def capture_value(self, card: Card) -> int:
        """What ``card`` is worth in a capture under this family's rules."""
        ...

    def owns(self, state: object) -> bool:
        """Whether ``state`` is a state of this family (:func:`~kaszino.games.registry.family_of`)."""
        ...

    def new_game(self, seed: int | None = None, rules: object = None) -> S:
        """A new game from ``seed`` under ``rules`` (None: the standard rules)."""
        ...

    def from_notation(self, text: str) -> S:
        """The state a notation names; ``NotationError`` says what is wrong with it."""
        ...

    def next_deal(self) -> object:
        """The move that deals the next deal once a deal is over (``next``)."""
        ...

    def score_sheet(self, state: object) -> object:
        """The deal's points item by item in the family's terms (what a score sheet shows): secured
        so far, all of them once the deal is over."""
        ...

    def record(self, start: object, moves: Sequence[object]) -> object:
        """The record of the game played from ``start`` (a new game's state) by ``moves``."""
        ...

    def parse_move(self, text: str) -> object:
        """A move from its written form; an error names what is wrong with it."""
        ...

    def read_record(self, text: str) -> object:
        """A game record of this family from its text, every move replayed and checked."""
        ...
