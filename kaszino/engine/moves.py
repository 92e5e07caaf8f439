"""The moves of the game and their one-line text form (see docs/design.md, "Moves").

``Capture`` (from :mod:`kaszino.engine.captures`) and ``Lay`` are the ordinary moves of the player to
move; ``Pass`` is the V3 skip of a forced second move; ``Claim`` ("Ausz!") and ``Challenge``
("Fals!") are calls that name the player who makes them; ``NextDeal`` starts the next deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.captures import Capture
from kaszino.engine.cards import Card, parse_cards
from kaszino.errors import NotationError


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay one hand card face up on the table."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Pass:
    """V3: decline the forced second move after an opponent's tábla."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Claim:
    """"Ausz!": ``player`` claims to have secured the target."""

    player: int

    def __str__(self) -> str:
        return f"ausz {self.player}"


@dataclass(frozen=True, slots=True)
class Challenge:
    """"Fals!" (V6): ``player`` challenges the capture just made."""

    player: int

    def __str__(self) -> str:
        return f"fals {self.player}"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Deal the next deal (after a deal is over and the game goes on)."""

    def __str__(self) -> str:
        return "next"


Move = Capture | Lay | Pass | Claim | Challenge | NextDeal


def parse_move(text: str) -> Move:
    """Read a move written by ``str(move)``.

    Forms: ``5♠+A♥=2♦+4♣``, ``7♥``, ``pass``, ``ausz 1``, ``fals 0``, ``next``.
    """
    words = text.strip().split()
    if not words:
        raise NotationError("empty move")
    head = words[0].lower()
    if head in ("ausz", "fals"):
        if len(words) != 2 or not words[1].isdigit():
            raise NotationError(f"{head!r} needs a player number, e.g. '{head} 1', got {text!r}")
        player = int(words[1])
        return Claim(player) if head == "ausz" else Challenge(player)
    if head == "pass" and len(words) == 1:
        return Pass()
    if head == "next" and len(words) == 1:
        return NextDeal()
    body = "".join(words)
    if "=" in body:
        hand, _, table = body.partition("=")
        if not hand or not table:
            raise NotationError(f"a capture needs cards on both sides of '=': {text!r}")
        return Capture(parse_cards(hand.split("+")), parse_cards(table.split("+")))
    if len(words) != 1:
        raise NotationError(f"not a move: {text!r}")
    return Lay(parse_cards([words[0]])[0])
