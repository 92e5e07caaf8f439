"""Scopa moves and their written form (docs/scopa.md).

A :class:`ScopaMove` plays exactly one hand card and names the table cards it takes; taking
nothing is a lay. :class:`NextDeal` deals the next deal once a deal is over. ``str`` writes a
move and :func:`parse_move` reads it back: ``7♦=7♣``, ``K♠=3♥+7♦``, ``5♣`` (a lay), ``next``.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.cards import Card, check_distinct, parse_cards
from kaszino.errors import NotationError, quote

MAX_LENGTH = 200
"""The longest move text read (taking the most table cards a sum can hold is about 40 characters)."""


@dataclass(frozen=True, slots=True)
class ScopaMove:
    """Play ``card``; take the table cards ``taken`` (kept sorted, so equal moves compare equal)."""

    card: Card
    taken: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if type(self.taken) is tuple and all(type(card) is Card for card in self.taken):
            object.__setattr__(self, "taken", tuple(sorted(self.taken)))

    @property
    def is_lay(self) -> bool:
        return not self.taken

    def __str__(self) -> str:
        if not self.taken:
            return str(self.card)
        return f"{self.card}={'+'.join(map(str, self.taken))}"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Deal the next deal (the deal is over and the game goes on)."""

    def __str__(self) -> str:
        return "next"


Move = ScopaMove | NextDeal


def malformed(move: object) -> bool:
    """Whether ``move`` is not a well-formed move value at all (a wrong type or field)."""
    if isinstance(move, NextDeal):
        return False
    if not isinstance(move, ScopaMove) or type(move.card) is not Card or type(move.taken) is not tuple:
        return True
    return not all(type(card) is Card for card in move.taken) or len(move.taken) > 40


def parse_move(text: str) -> Move:
    """Read a move written by ``str(move)``; spaces around ``=`` and ``+`` are allowed."""
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, e.g. '7♦=7♣', not {quote(text)}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a move has at most {MAX_LENGTH} characters, not {len(text)}")
    body = "".join(text.split())
    if not body:
        raise NotationError("empty move")
    if body.lower() == "next":
        return NextDeal()
    card_text, equals, taken_text = body.partition("=")
    if "+" in card_text:
        raise NotationError(f"a Scopa move plays exactly one hand card: {quote(text)}")
    if equals and not taken_text:
        raise NotationError(f"name the table cards taken after '=': {quote(text)}")
    card = parse_cards([card_text])[0] if card_text else None
    if card is None:
        raise NotationError(f"name the hand card played before '=': {quote(text)}")
    taken = parse_cards(taken_text.split("+")) if equals else ()
    check_distinct("move", (card, *taken))
    return ScopaMove(card, taken)
