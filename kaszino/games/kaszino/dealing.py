"""Shuffling and dealing (docs/rules.md §3.1): pure functions of a seed or a given deck order."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kaszino.engine.cards import DECK, Card, check_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.rules import Rules
from kaszino.inputs import MAX_COUNT, MAX_SEED, check_whole

Cards = tuple[Card, ...]
Hands = tuple[Cards, ...]


def shuffled_deck(seed: int, deal: int) -> tuple[Card, ...]:
    """The deck order of deal number ``deal`` of the game with ``seed``: reproducible everywhere."""
    check_whole("seed", seed, 0, MAX_SEED)
    check_whole("deal", deal, 1, MAX_COUNT)
    cards = list(DECK)
    random.Random(f"kaszino:{seed}:{deal}").shuffle(cards)
    return tuple(cards)


def check_deck(deck: Sequence[Card]) -> tuple[Card, ...]:
    """The deck as a tuple, or an error naming what is wrong with it."""
    cards = check_cards("deck", deck)
    missing = sorted(set(DECK) - set(cards))
    if len(cards) != len(DECK) or missing:
        extra = len(cards) - len(set(cards))
        raise KaszinoError(
            f"a deck must hold each of the 52 cards once; got {len(cards)} cards"
            + (f", missing {' '.join(map(str, missing))}" if missing else "")
            + (f", {extra} repeated" if extra else "")
        )
    return cards


def draw_hands(talon: Sequence[Card], order: Sequence[int], players: int, size: int) -> tuple[Hands, Cards]:
    """Give ``size`` cards from the top of ``talon`` to each player in ``order``; return hands and rest."""
    hands: list[tuple[Card, ...]] = [()] * players
    position = 0
    for player in order:
        hands[player] = tuple(talon[position:position + size])
        position += size
    return tuple(hands), tuple(talon[position:])


def split_deck(deck: Sequence[Card], rules: Rules, first: int) -> tuple[Hands, Cards, Cards]:
    """Deal a fresh deck: hands first (starting with ``first``), then the table, the rest is the talon."""
    order = [(first + i) % rules.players for i in range(rules.players)]
    hands, rest = draw_hands(deck, order, rules.players, rules.hand_size(1))
    return hands, tuple(rest[:rules.table_start]), tuple(rest[rules.table_start:])
