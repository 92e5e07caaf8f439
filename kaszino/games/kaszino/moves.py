"""The moves of the game and their one-line text form (see docs/design.md, "Moves").

``Capture`` (from :mod:`kaszino.games.kaszino.captures`) and ``Lay`` are the ordinary moves of the player to
move; ``Pass`` is the V3 skip of a forced second move; ``Claim`` ("Ausz!") and ``Challenge``
("Fals!") are calls that name the player who makes them; ``NextDeal`` starts the next deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kaszino.engine.cards import DECK_SIZE, Card, check_distinct, parse_cards
from kaszino.engine.refusals import Refusal
from kaszino.errors import NotationError, quote
from kaszino.games.kaszino.captures import Capture
from kaszino.inputs import read_whole

MAX_PLAYERS = 4
"""The most players any rules allow; a call names a player 0..MAX_PLAYERS-1."""

MAX_LENGTH = 1000
"""The longest move text read (a capture of every card has about 250 characters)."""

Forced = Literal["lay", "again"]
"""The move a tábla forces on the next player (docs/rules.md §4): first a lay, then his move ``again``."""


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


def move_problem(move: object) -> Refusal | None:
    """Why ``move`` is not a well-formed move value (wrong type, fields of the wrong type), or None.

    Whether a well-formed move may be played is the game state's question (``GameState.problem``).
    """
    if isinstance(move, (Claim, Challenge)):
        if type(move.player) is not int or not 0 <= move.player < MAX_PLAYERS:
            return Refusal.of("call_needs_player", call=type(move).__name__, value=quote(move.player),
                              most=MAX_PLAYERS - 1)
    elif isinstance(move, Lay):
        if type(move.card) is not Card:
            return Refusal.of("lay_needs_card", value=quote(move.card))
    elif isinstance(move, Capture):
        for side, cards in (("hand", move.hand), ("table", move.table)):
            well_formed = type(cards) is tuple and len(cards) <= DECK_SIZE
            if not well_formed or not all(type(card) is Card for card in cards):
                return Refusal.of(f"capture_{side}_not_cards", value=quote(cards))
            if len(set(cards)) != len(cards):
                return Refusal.of(f"capture_{side}_twice", cards=cards)
    elif not isinstance(move, (Pass, NextDeal)):
        return Refusal.of("not_a_move", type=type(move).__name__, value=quote(move))
    return None


def parse_move(text: str) -> Move:
    """Read a move written by ``str(move)``.

    Forms: ``5♠+A♥=2♦+4♣``, ``7♥``, ``pass``, ``ausz 1``, ``fals 0``, ``next``.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, e.g. '5♠=5♣', not {quote(text)}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a move has at most {MAX_LENGTH} characters, not {len(text)}")
    words = text.strip().split()
    if not words:
        raise NotationError("empty move")
    head = words[0].lower()
    if head in ("ausz", "fals"):
        if len(words) != 2:
            raise NotationError(f"{quote(head)} needs a player number, e.g. '{head} 1', got {quote(text)}")
        player = read_whole(f"{head}: player", words[1], 0, MAX_PLAYERS - 1, NotationError)
        return Claim(player) if head == "ausz" else Challenge(player)
    if head == "pass" and len(words) == 1:
        return Pass()
    if head == "next" and len(words) == 1:
        return NextDeal()
    body = "".join(words)
    if "=" in body:
        hand, _, table = body.partition("=")
        if not hand or not table:
            raise NotationError(f"a capture needs cards on both sides of '=': {quote(text)}")
        hand_cards, table_cards = parse_cards(hand.split("+")), parse_cards(table.split("+"))
        check_distinct("capture", hand_cards + table_cards)
        return Capture(hand_cards, table_cards)
    if len(words) != 1:
        raise NotationError(f"not a move: {quote(text)}")
    return Lay(parse_cards([words[0]])[0])
