"""What one played card may take from the table (docs/scopa.md): the single-card priority.

A table card of the played card's value must be taken alone (one of them, if several); only when
none lies there may the card take a set of two or more table cards summing to its value; a card
that can take nothing is laid. These are the only choices, so a card that can capture must.
"""

from __future__ import annotations

from itertools import combinations

from kaszino.engine.cards import Card
from kaszino.games.scopa.deck import capture_value


def equal_cards(card: Card, table: tuple[Card, ...]) -> tuple[Card, ...]:
    """The table cards of ``card``'s value: one of them must be taken if there is any."""
    value = capture_value(card)
    return tuple(other for other in table if capture_value(other) == value)


def sum_sets(card: Card, table: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The sets of two or more table cards summing to ``card``'s value (in table order)."""
    value = capture_value(card)
    return tuple(
        group
        for size in range(2, len(table) + 1)
        for group in combinations(table, size)
        if sum(map(capture_value, group)) == value
    )


def takes(card: Card, table: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Every choice of table cards ``card`` may take now; ``((),)`` when it can only be laid."""
    equal = equal_cards(card, table)
    if equal:
        return tuple((other,) for other in equal)
    return sum_sets(card, table) or ((),)
