"""Cards, suits and the card notation of docs/rules.md §1.

Every one of the 52 cards exists once: ``Card.parse`` and the constructor return
equal, hashable, ordered values, and ``str(card)`` reads back with ``Card.parse``.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import EnumMeta, IntEnum
from itertools import islice
from typing import TypeVar

from kaszino.errors import CardParseError, quote

T = TypeVar("T")


def _no_suit(value: object) -> CardParseError:
    return CardParseError(f"no suit {quote(value)}; the suits are 0..3 (♠ ♥ ♦ ♣)")


class _SuitType(EnumMeta):
    """Refuses a whole number that is no suit before ``Enum`` would quote it with ``repr`` (which
    cannot write a number of over 4,300 digits)."""

    def __call__(cls, value: object) -> Suit:  # type: ignore[override]  # only Suit(value) is used
        if isinstance(value, int) and not 0 <= value <= 3:
            raise _no_suit(value)
        suit: Suit = super().__call__(value)
        return suit


class Suit(IntEnum, metaclass=_SuitType):
    """The four suits. The order is only for sorting and display; it never affects play."""

    SPADES = 0  # pikk
    HEARTS = 1  # kőr
    DIAMONDS = 2  # káró
    CLUBS = 3  # treff

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        raise _no_suit(value)

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
_CARD_RE = re.compile(r"(10|[2-9AÁTJBQDK])(?:([♠♥♦♣♤♡♢♧SHDC])|/([PKRT]))")
# Only ASCII letters and "á" are read in either case: str.upper() would also turn look-alikes
# such as "ſ" (long s) into "S".
_UPPER = str.maketrans(string.ascii_lowercase + "á", string.ascii_uppercase + "Á")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: its value 1–13 (A=1, J=11, Q=12, K=13) and its suit."""

    value: int
    suit: Suit

    def __post_init__(self) -> None:
        if type(self.value) is not int or not 1 <= self.value <= 13:
            raise CardParseError(f"card value must be a whole number 1..13, got {quote(self.value)}")
        if not isinstance(self.suit, Suit):
            raise CardParseError(f"card suit must be a Suit, got {quote(self.suit)}")

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card in any spelling of docs/rules.md §1 (``10♦``, ``TD``, ``b/p`` …)."""
        if not isinstance(token, str):
            raise CardParseError(f"a card is written as text, e.g. '10♦', not {quote(token)}")
        match = _CARD_RE.fullmatch(token.strip().translate(_UPPER))
        if match is None:
            raise CardParseError(f"not a card: {quote(token)} (expected e.g. '10♦', 'A♠', 'KC', 'B/P')")
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

DECK_SIZE = len(DECK)
"""The most cards any list of distinct cards holds."""

MAX_TEXT = 10_000
"""The longest card list read as text (52 cards take about 200 characters)."""


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read a list of cards separated by spaces or commas: ``parse_cards("5♠ A♥ K♣")``.

    Duplicates are refused: a deck holds every card once.
    """
    given: object = text  # bytes are no text, though they are iterable
    if isinstance(given, str):
        if len(given) > MAX_TEXT:
            raise CardParseError(f"a list of cards has at most {MAX_TEXT} characters, not {len(given)}")
        tokens: Iterable[object] = (t for t in _SEPARATORS.split(given.strip()) if t)
    elif isinstance(given, Iterable) and not isinstance(given, bytes | bytearray):
        tokens = given
    else:
        raise CardParseError(f"cards are written as text or a list of texts, not {quote(text)}")
    cards = tuple(Card.parse(token) for token in _at_most_a_deck(tokens))  # type: ignore[arg-type]
    return check_distinct("cards", cards)


def check_cards(field: str, cards: object, *, distinct: bool = True) -> tuple[Card, ...]:
    """``cards`` as a tuple if it is a collection of ``Card`` values, each once (unless not
    ``distinct``: the caller checks that itself); else a ``CardParseError`` naming ``field``.

    The check of the public functions that take cards (a string is refused: read it with
    :func:`parse_cards` first). A tuple of cards, the usual case, is checked without copying; a
    list is copied without asking what else it might be. More cards than a deck always repeat
    one, which is named without looking further.
    """
    if type(cards) is not tuple:
        if type(cards) is not list and (isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable)):
            raise CardParseError(f"{field} must be a list of Card values, not {quote(cards)}")
        cards = tuple(cards) if type(cards) is list else tuple(_at_most_a_deck(cards))
    head = cards[:DECK_SIZE + 1]
    for card in head:
        if type(card) is not Card:
            raise CardParseError(f"{field} must hold Card values, not {type(card).__name__} {quote(card)}")
    if len(cards) > DECK_SIZE or (distinct and len(set(cards)) != len(cards)):
        check_distinct(field, head)
    return cards


def _at_most_a_deck(items: Iterable[T]) -> Iterator[T]:
    """The first items, one more than a deck holds (enough to show a card repeated; an endless
    iterator is read no further)."""
    return islice(items, DECK_SIZE + 1)


def check_hand_and_table(hand: object, table: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """``hand`` and ``table`` checked by :func:`check_cards`, no card in both; else a ``CardParseError``."""
    hand_cards, table_cards = check_cards("hand", hand), check_cards("table", table)
    shared = set(hand_cards) & set(table_cards)
    if shared:
        raise CardParseError(f"a card cannot be both in the hand and on the table: "
                             f"{' '.join(map(str, sorted(shared)))}")
    return hand_cards, table_cards


def check_distinct(field: str, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` if no card appears twice; else a ``CardParseError`` naming the card."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardParseError(f"{field}: card {card} appears twice")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in check_cards("cards", cards))


def card_sum(cards: Iterable[Card]) -> int:
    return sum(card.value for card in cards)
