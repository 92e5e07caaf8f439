"""Points: what a pile is worth, who holds a majority, and what is already secured (docs/rules.md §5, §6).

One majority rule serves 2, 3 and 4 players: the points for most cards (most spades) go to the
unique player with the most; a player has *secured* them once nobody else could reach his count
even by taking every card not yet in a pile. For two players this is exactly "27 of 52" and
"7 of 13 spades", and a 26–26 tie gives nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kaszino.engine.cards import DECK_SIZE as DECK_SIZE  # the scoring's name for it too
from kaszino.engine.cards import Card, Suit
from kaszino.engine.piles import BIG_CASINO as BIG_CASINO
from kaszino.engine.piles import LITTLE_CASINO as LITTLE_CASINO
from kaszino.engine.piles import tally
from kaszino.games.kaszino.rules import Rules

SPADES_IN_DECK = 13


@dataclass(frozen=True, slots=True)
class PileScore:
    """What one player's pile (and calls) are worth in a deal, item by item."""

    cards: int
    spades: int
    aces: int
    big_casino: bool
    little_casino: bool
    tabla: int
    bonus: int
    most_cards: int
    most_spades: int
    rules: Rules

    @property
    def card_points(self) -> int:
        """Aces and casinos: the points the cards themselves carry."""
        r = self.rules
        return (self.aces * r.ace_points + self.big_casino * r.big_casino_points
                + self.little_casino * r.little_casino_points)

    @property
    def total(self) -> int:
        return self.card_points + self.tabla + self.bonus + self.most_cards + self.most_spades


def count_spades(cards: Sequence[Card]) -> int:
    return sum(1 for card in cards if card.suit is Suit.SPADES)


def card_points(cards: Sequence[Card], rules: Rules) -> int:
    """Aces and casinos in ``cards`` under ``rules``."""
    return sum(
        rules.ace_points if card.value == 1
        else rules.big_casino_points if card == BIG_CASINO
        else rules.little_casino_points if card == LITTLE_CASINO
        else 0
        for card in cards
    )


def majority_holder(counts: Sequence[int], total: int) -> int | None:
    """The player who holds the majority for good: more than any other could still reach.

    ``total`` is how many such cards exist (52 cards, 13 spades); the ones not in any pile may
    still go to anybody.
    """
    unassigned = total - sum(counts)
    for player, count in enumerate(counts):
        if all(count > other + unassigned for j, other in enumerate(counts) if j != player):
            return player
    return None


def pile_scores(
    piles: Sequence[Sequence[Card]],
    tabla: Sequence[int],
    bonus: Sequence[int],
    rules: Rules,
) -> tuple[PileScore, ...]:
    """Every player's points as far as they are secured (all of them once the deal is over)."""
    facts = [tally(pile) for pile in piles]
    cards = [len(pile) for pile in piles]
    most_cards = majority_holder(cards, DECK_SIZE)
    most_spades = majority_holder([spades for spades, *_ in facts], SPADES_IN_DECK)
    return tuple(
        PileScore(
            cards=cards[p],
            spades=spades,
            aces=aces,
            big_casino=big,
            little_casino=little,
            tabla=tabla[p],
            bonus=bonus[p],
            most_cards=rules.most_cards_points if most_cards == p else 0,
            most_spades=rules.most_spades_points if most_spades == p else 0,
            rules=rules,
        )
        for p, (spades, aces, big, little) in enumerate(facts)
    )


def points_available(rules: Rules) -> int:
    """Points a deal hands out apart from táblák and Fals! calls (12 in the standard game)."""
    return (4 * rules.ace_points + rules.big_casino_points + rules.little_casino_points
            + rules.most_cards_points + rules.most_spades_points)
