"""The Casino deck (docs/casino.md): all 52 cards; A–10 are number cards, J, Q, K are not.

A card is the package's :class:`~kaszino.engine.cards.Card`. A number card is worth its printed
rank (A = 1) in a sum, a build or a capture; a face card has no number value: it takes only a
card of its own rank and never joins a sum or a build. The deck of a deal is shuffled from the
game's seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kaszino.engine.cards import DECK, Card, check_cards
from kaszino.engine.piles import BIG_CASINO as BIG_CASINO  # 2 points in Casino
from kaszino.engine.piles import LITTLE_CASINO as LITTLE_CASINO  # 1 point in Casino
from kaszino.errors import KaszinoError
from kaszino.inputs import MAX_COUNT, MAX_SEED, check_whole

__all__ = ["DECK", "DECK_SIZE", "LARGEST", "capture_value", "check_deck", "is_number", "shuffled_deck"]

DECK_SIZE = len(DECK)

LARGEST = 10
"""The highest number card: no sum, build or capture by a number card is worth more."""



def is_number(card: Card) -> bool:
    """Whether ``card`` is a number card (A–10): it may join a sum or a build."""
    return card.value <= LARGEST


def capture_value(card: Card) -> int:
    """What ``card`` takes: a number card its rank (A = 1); a face card its own rank (J 11, Q 12,
    K 13), which no sum of number cards reaches, so it takes only a card of that rank."""
    return card.value


def shuffled_deck(seed: int, deal: int) -> tuple[Card, ...]:
    """The deck order of deal ``deal`` of the game with ``seed``."""
    check_whole("seed", seed, 0, MAX_SEED)
    check_whole("deal", deal, 1, MAX_COUNT)
    cards = list(DECK)
    random.Random(f"casino:{seed}:{deal}").shuffle(cards)
    return tuple(cards)


def check_deck(deck: Sequence[Card]) -> tuple[Card, ...]:
    """The deck as a tuple if it holds each of the 52 cards once, else an error saying what is wrong."""
    cards = check_cards("deck", deck)
    if len(cards) != DECK_SIZE:
        raise KaszinoError(f"a Casino deck holds each of the {DECK_SIZE} cards once; got {len(cards)} cards")
    return cards
