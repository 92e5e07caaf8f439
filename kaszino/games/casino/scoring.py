"""Scoring a Casino deal and deciding the game (docs/casino.md).

A side is a player alone, or with four players a team (its two piles counted together).
:func:`deal_report` counts each side's cards, spades and aces and finds who holds the ten of
diamonds and the two of spades: most cards 3, most spades 1, each ace 1, 10♦ 2, 2♠ 1 — 11 points a
deal, less when the most cards or the most spades are tied (a tie gives nothing). Clearing the
table earns nothing. :func:`game_winner` decides the game once a side has the target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kaszino.engine.cards import Card
from kaszino.engine.piles import tally
from kaszino.games.casino.rules import CasinoRules

MOST_CARDS = 3
MOST_SPADES = 1
ACE = 1
BIG_CASINO_POINTS = 2
LITTLE_CASINO_POINTS = 1
DEAL_POINTS = MOST_CARDS + MOST_SPADES + 4 * ACE + BIG_CASINO_POINTS + LITTLE_CASINO_POINTS
"""The points of a deal in which nobody ties (11)."""
SWEEP_POINTS = 0
"""What clearing the table earns: nothing."""


def higher(counts: Sequence[int]) -> int | None:
    """The one side with the highest count; None when the top is tied."""
    best = max(counts)
    leaders = [side for side, count in enumerate(counts) if count == best]
    return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True, slots=True)
class DealReport:
    """A deal's scoring per side: the counts compared and who holds the two casinos."""

    cards: tuple[int, ...]
    spades: tuple[int, ...]
    aces: tuple[int, ...]
    big_casino: int | None
    """The side holding 10♦ (None: nobody captured it)."""
    little_casino: int | None
    """The side holding 2♠."""

    @property
    def most_cards(self) -> int | None:
        return higher(self.cards)

    @property
    def most_spades(self) -> int | None:
        return higher(self.spades)

    @property
    def nobody_tied(self) -> bool:
        """Whether the most cards and the most spades each went to one side."""
        return self.most_cards is not None and self.most_spades is not None

    @property
    def points(self) -> tuple[int, ...]:
        """Each side's points of the deal."""
        won = [ACE * aces for aces in self.aces]
        for side, worth in ((self.most_cards, MOST_CARDS), (self.most_spades, MOST_SPADES),
                            (self.big_casino, BIG_CASINO_POINTS), (self.little_casino, LITTLE_CASINO_POINTS)):
            if side is not None:
                won[side] += worth
        return tuple(won)


def side_piles(piles: Sequence[tuple[Card, ...]], rules: CasinoRules) -> tuple[tuple[Card, ...], ...]:
    """The players' piles joined by side (a team's two piles, its first seat's first)."""
    joined: list[tuple[Card, ...]] = [() for _ in range(rules.sides)]
    for player, pile in enumerate(piles):
        joined[rules.side(player)] += pile
    return tuple(joined)


def deal_report(piles: Sequence[tuple[Card, ...]], rules: CasinoRules) -> DealReport:
    """The scoring of a deal whose captured cards (per player) are ``piles``: each pile read once
    (:func:`~kaszino.engine.piles.tally`) and added to its side's counts."""
    cards, spades, aces = [0] * rules.sides, [0] * rules.sides, [0] * rules.sides
    big_casino = little_casino = None
    for player, pile in enumerate(piles):
        side = rules.side(player)
        pile_spades, pile_aces, big, little = tally(pile)
        cards[side] += len(pile)
        spades[side] += pile_spades
        aces[side] += pile_aces
        if big:
            big_casino = side
        if little:
            little_casino = side
    return DealReport(cards=tuple(cards), spades=tuple(spades), aces=tuple(aces),
                      big_casino=big_casino, little_casino=little_casino)


def game_winner(totals: Sequence[int], target: int) -> int | None:
    """Which side has won after a deal: the one highest total once a side has ``target`` (None: play on)."""
    if max(totals) < target:
        return None
    return higher(totals)
