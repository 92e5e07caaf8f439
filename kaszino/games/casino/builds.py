"""A build on the table (docs/casino.md): groups of cards with an announced value and an owner.

Each group of a build adds up to its value; a build of one group is *single* (its value may be
raised), of several *multiple* (its value never changes). The groups stay as they were made, so
a build can be shown as it lies, but play treats a build as one item: it is taken whole, never
split or regrouped. The owner is the player who last made, raised or added to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.cards import Card

Cards = tuple[Card, ...]
Groups = tuple[Cards, ...]


@dataclass(frozen=True, slots=True)
class Build:
    """A build: its ``groups`` (each adding up to ``value``), its ``value`` and its ``owner``."""

    groups: Groups
    value: int
    owner: int

    @property
    def cards(self) -> Cards:
        """Every card of the build, group after group."""
        return tuple(card for group in self.groups for card in group)

    @property
    def single(self) -> bool:
        """One group: the value may still be raised."""
        return len(self.groups) == 1

    @property
    def key(self) -> Cards:
        """The build's cards sorted: how a move names it."""
        return tuple(sorted(self.cards))

    def __str__(self) -> str:
        """``[2♥+5♦,3♣+4♠,7♥]=7@1``: the groups, the value, the owner (as the position notation writes it)."""
        return f"[{','.join('+'.join(map(str, group)) for group in self.groups)}]={self.value}@{self.owner}"
