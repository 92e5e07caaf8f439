"""Cards, suits and the card notation of RULES.md §1.

Every one of the 52 cards exists once: ``Card.parse`` and the constructor return
equal, hashable, ordered values, and ``str(card)`` reads back with ``Card.parse``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from kaszino.errors import CardParseError


class Suit(IntEnum):
    """The four suits. The order is only for sorting and display; it never affects play."""

    SPADES = 0  # pikk
    HEARTS = 1  # kőr
    DIAMONDS = 2  # káró
    CLUBS = 3  # treff

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""How ``str(card)`` prints the ranks that are not printed as numbers."""

_RANK_TOKENS = {
    "A": 1, "Á": 1, "T": 10, "J": 11, "B": 11, "Q": 12, "D": 12, "K": 13,
    **{str(value): value for value in range(2, 11)},
}
_SUIT_TOKENS = {
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
}
# Hungarian suit letters: pikk, kőr, káró, treff. "K" and "T" are also ranks, so these
# letters are accepted only with an explicit marker, e.g. "10/R" or "A/P" (see docs/notation.md).
_HUNGARIAN_SUITS = {"P": Suit.SPADES, "K": Suit.HEARTS, "R": Suit.DIAMONDS, "T": Suit.CLUBS}
_CARD_RE = re.compile(r"^(10|[2-9AÁTJBQDK])(?:([♠♥♦♣♤♡♢♧SHDC])|/([PKRT]))$")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: its value 1–13 (A=1, J=11, Q=12, K=13) and its suit."""

    value: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 1 <= self.value <= 13:
            raise CardParseError(f"card value must be 1..13, got {self.value!r}")

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card in any spelling of RULES.md §1 (``10♦``, ``TD``, ``b/p`` …)."""
        text = token.strip()
        match = _CARD_RE.match(text.upper())
        if match is None:
            raise CardParseError(f"not a card: {token!r} (expected e.g. '10♦', 'A♠', 'KC', 'B/P')")
        rank, suit, hungarian = match.groups()
        return _DECK_BY_KEY[(_RANK_TOKENS[rank], _SUIT_TOKENS[suit] if suit else _HUNGARIAN_SUITS[hungarian])]

    @property
    def rank_name(self) -> str:
        return RANK_NAMES.get(self.value, str(self.value))

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def index(self) -> int:
        """A dense index 0–51, handy for bit sets."""
        return (self.value - 1) * 4 + self.suit

    def ascii(self) -> str:
        """The plain-letter spelling, e.g. ``10D`` or ``AS``."""
        return f"{self.rank_name}{self.suit.letter}"

    def __str__(self) -> str:
        return f"{self.rank_name}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(value, suit) for value in range(1, 14) for suit in Suit)
"""The 52 cards, ordered by value then suit; ``DECK[card.index] is card``."""

_DECK_BY_KEY = {(card.value, card.suit): card for card in DECK}

_SEPARATORS = re.compile(r"[\s,;]+")


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read a list of cards separated by spaces or commas: ``parse_cards("5♠ A♥ K♣")``.

    Duplicates are refused: a deck holds every card once.
    """
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t] if isinstance(text, str) else list(text)
    cards = tuple(Card.parse(token) for token in tokens)
    seen: set[Card] = set()
    for token, card in zip(tokens, cards, strict=False):
        if card in seen:
            raise CardParseError(f"card {card} appears twice (token {token!r})")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)


def card_sum(cards: Iterable[Card]) -> int:
    return sum(card.value for card in cards)
