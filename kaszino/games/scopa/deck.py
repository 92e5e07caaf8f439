"""The Scopa deck (docs/scopa.md): the 40 French cards without 8, 9 and 10, and what each is worth.

A card is the package's :class:`~kaszino.engine.cards.Card` (its ``value`` is the printed rank);
this module maps a rank to its capture value (A = 1 … 7, J = 8, Q = 9, K = 10) and to its
primiera points, and shuffles the deck of a deal from the game's seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kaszino.engine.cards import DECK as FULL_DECK
from kaszino.engine.cards import Card, Suit, check_cards
from kaszino.errors import KaszinoError
from kaszino.inputs import MAX_COUNT, MAX_SEED, check_whole

LEFT_OUT = frozenset({8, 9, 10})
"""The ranks the Scopa deck does not have."""

DECK: tuple[Card, ...] = tuple(card for card in FULL_DECK if card.value not in LEFT_OUT)
"""The 40 cards, ordered by rank then suit."""

DECK_SIZE = len(DECK)

SETTEBELLO = Card(7, Suit.DIAMONDS)
"""The seven of diamonds (coins): a point of its own."""

KING = 13

PRIMIERA_POINTS: dict[int, int] = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 11: 10, 12: 10, 13: 10}
"""What a card counts towards the primiera, by rank."""


def capture_value(card: Card) -> int:
    """What ``card`` is worth in a capture: A–7 as printed, J 8, Q 9, K 10."""
    return card.value if card.value <= 7 else card.value - 3


def shuffled_deck(seed: int, deal: int, attempt: int = 0) -> tuple[Card, ...]:
    """The deck order of deal ``deal`` of the game with ``seed`` (``attempt``: a redeal's count)."""
    check_whole("seed", seed, 0, MAX_SEED)
    check_whole("deal", deal, 1, MAX_COUNT)
    check_whole("attempt", attempt, 0, MAX_COUNT)
    cards = list(DECK)
    suffix = f":{attempt}" if attempt else ""
    random.Random(f"scopa:{seed}:{deal}{suffix}").shuffle(cards)
    return tuple(cards)


def check_deck(deck: Sequence[Card]) -> tuple[Card, ...]:
    """The deck as a tuple if it holds each of the 40 cards once, else an error naming what is wrong."""
    cards = check_cards("deck", deck)
    outside = [card for card in cards if card.value in LEFT_OUT]
    if len(cards) != DECK_SIZE or outside:
        raise KaszinoError(
            f"a Scopa deck holds each of the {DECK_SIZE} cards once (no 8, 9, 10); got {len(cards)} cards"
            + (f", not in the deck: {' '.join(map(str, outside))}" if outside else "")
        )
    return cards
