"""Scoring a Scopa deal and deciding the game (docs/scopa.md), step by step.

:func:`deal_report` compares the two piles on each point of a deal — most cards, most diamonds,
the settebello, the primiera — and adds the scopas; every comparison keeps its counts and its
winner (None: a tie, or nobody can win it), and the primiera keeps each player's best card of
every suit, so a lesson can show how the point was won. :func:`game_winner` decides the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kaszino.engine.cards import Card, Suit
from kaszino.games.scopa.deck import PRIMIERA_POINTS, SETTEBELLO
from kaszino.games.scopa.rules import ScopaRules

Point = Literal["cards", "diamonds", "settebello", "primiera"]


@dataclass(frozen=True, slots=True)
class SuitBest:
    """A player's best primiera card of ``suit`` (None: he has no card of it) and its points."""

    suit: Suit
    card: Card | None
    points: int


@dataclass(frozen=True, slots=True)
class Primiera:
    """One pile's primiera: the best card of each suit; ``total`` is None when a suit is missing."""

    suits: tuple[SuitBest, ...]

    @property
    def total(self) -> int | None:
        if any(best.card is None for best in self.suits):
            return None
        return sum(best.points for best in self.suits)


@dataclass(frozen=True, slots=True)
class Comparison:
    """One point of the deal: what each player has towards it and who wins it (None: nobody)."""

    point: Point
    counts: tuple[int | None, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class DealReport:
    """A deal's scoring: the compared points, the scopas, and each player's points in all."""

    comparisons: tuple[Comparison, ...]
    primiera: tuple[Primiera, ...]
    scopas: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """Each player's points of the deal: the points he wins plus his scopas."""
        won = list(self.scopas)
        for comparison in self.comparisons:
            if comparison.winner is not None:
                won[comparison.winner] += 1
        return tuple(won)

    @property
    def nobody_tied(self) -> bool:
        """Whether every compared point went to somebody."""
        return all(comparison.winner is not None for comparison in self.comparisons)


def primiera(pile: tuple[Card, ...]) -> Primiera:
    """The best primiera card of each suit in ``pile`` (the first of equal ones, by rank)."""
    bests = []
    for suit in Suit:
        cards = sorted((card for card in pile if card.suit is suit),
                       key=lambda card: (-PRIMIERA_POINTS[card.value], card))
        bests.append(SuitBest(suit, cards[0], PRIMIERA_POINTS[cards[0].value]) if cards
                     else SuitBest(suit, None, 0))
    return Primiera(tuple(bests))


def higher(counts: tuple[int | None, ...]) -> int | None:
    """The one player with the highest count (None counts as unable to win); None on a tie."""
    able = [count for count in counts if count is not None]
    if not able:
        return None
    best = max(able)
    leaders = [player for player, count in enumerate(counts) if count == best]
    return leaders[0] if len(leaders) == 1 else None


def deal_report(piles: tuple[tuple[Card, ...], ...], scopas: tuple[int, ...],
                rules: ScopaRules) -> DealReport:
    """The scoring of a deal whose captured cards are ``piles``."""
    cards = tuple(len(pile) for pile in piles)
    diamonds = tuple(sum(1 for card in pile if card.suit is Suit.DIAMONDS) for pile in piles)
    seven = tuple(int(SETTEBELLO in pile) for pile in piles)
    comparisons = [
        Comparison("cards", cards, higher(cards)),
        Comparison("diamonds", diamonds, higher(diamonds)),
        Comparison("settebello", seven, higher(seven) if any(seven) else None),
    ]
    counted = tuple(primiera(pile) for pile in piles)
    if rules.primiera:
        sums = tuple(count.total for count in counted)
        comparisons.append(Comparison("primiera", sums, higher(sums)))
    return DealReport(tuple(comparisons), counted, scopas)


def game_winner(totals: tuple[int, ...], target: int) -> int | None:
    """Who has won after a deal: the one highest total once somebody has ``target`` (None: play on)."""
    if max(totals) < target:
        return None
    return higher(totals)
