"""What the scoring of Kaszinó and of Casino reads from a pile of captured cards.

Both games count a pile's spades and aces and give points for the ten of diamonds and the two of
spades (docs/rules.md §5, docs/casino.md). :func:`tally` reads all four in one pass, each card by
its value and suit: the searches score the piles at every position they meet, and this is several
times quicker than counting with ``sum`` and looking for whole cards with ``in``.
"""

from __future__ import annotations

from collections.abc import Iterable

from kaszino.engine.cards import Card, Suit

BIG_CASINO = Card(10, Suit.DIAMONDS)
"""The ten of diamonds (nagykaszinó; Casino's big casino)."""

LITTLE_CASINO = Card(2, Suit.SPADES)
"""The two of spades (kiskaszinó; Casino's little casino)."""

_BIG_VALUE, _BIG_SUIT = BIG_CASINO.value, BIG_CASINO.suit
_LITTLE_VALUE, _LITTLE_SUIT = LITTLE_CASINO.value, LITTLE_CASINO.suit


def tally(pile: Iterable[Card]) -> tuple[int, int, bool, bool]:
    """The spades and the aces in ``pile``, and whether it holds 10♦ and whether 2♠."""
    spades = aces = 0
    big = little = False
    for card in pile:
        value, suit = card.value, card.suit
        if suit is Suit.SPADES:
            spades += 1
        if value == 1:
            aces += 1
        elif value == _BIG_VALUE and suit is _BIG_SUIT:
            big = True
        elif value == _LITTLE_VALUE and suit is _LITTLE_SUIT:
            little = True
    return spades, aces, big, little
