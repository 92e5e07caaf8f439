"""What one played card may do with the table (docs/casino.md): every capture and every build.

A number card of value *v* takes any choice of loose cards of value *v*, loose groups adding up
to *v* and builds of value *v*, each table card once, as many at once as the player names; a face
card takes one loose card of its rank. A build move puts the played card, with loose cards, into
a new build, raises a single build by the played card alone, or adds to a build without changing
its value; any of them may gather further loose groups of the build's value. This module lists
the moves the table allows; what the hand and the builds' owners allow besides (keeping a card
of the value, no trail for an owner) is the state's to judge.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from kaszino.engine.cards import Card
from kaszino.games.casino.builds import Build, Cards, Groups
from kaszino.games.casino.deck import LARGEST, is_number
from kaszino.games.casino.moves import BuildMove, Capture
from kaszino.games.casino.rules import MIN_BUILD


def sum_groups(loose: Sequence[Card], value: int) -> list[Cards]:
    """Every set of loose number cards adding up to ``value`` (a lone card of that value too), in table
    order."""
    numbers = [card for card in loose if is_number(card) and card.value <= value]
    found: list[Cards] = []

    def extend(start: int, chosen: list[Card], left: int) -> None:
        if left == 0:
            found.append(tuple(chosen))
            return
        for index in range(start, len(numbers)):
            card = numbers[index]
            if card.value <= left:
                chosen.append(card)
                extend(index + 1, chosen, left - card.value)
                chosen.pop()

    if value > 0:
        extend(0, [], value)
    return found


def disjoint_choices(groups: Sequence[Cards], used: frozenset[Card] = frozenset()) -> Iterator[Groups]:
    """Every choice of pairwise disjoint ``groups`` avoiding the cards ``used`` (the empty choice first)."""
    def extend(start: int, chosen: tuple[Cards, ...], taken: frozenset[Card]) -> Iterator[Groups]:
        yield chosen
        for index in range(start, len(groups)):
            group = groups[index]
            if taken.isdisjoint(group):
                yield from extend(index + 1, (*chosen, group), taken.union(group))

    return extend(0, (), used)


def _subsets(builds: Sequence[Build]) -> Iterator[Groups]:
    """Every choice of ``builds`` (by their keys), the empty one first."""
    keys = [build.key for build in builds]
    for mask in range(1 << len(keys)):
        yield tuple(key for bit, key in enumerate(keys) if mask >> bit & 1)


def captures(card: Card, loose: Cards, builds: Sequence[Build]) -> list[Capture]:
    """Every capture ``card`` can make on this table (none: it can only trail or build)."""
    if not is_number(card):
        return [Capture(card, ((other,),)) for other in loose if other.value == card.value]
    groups = sum_groups(loose, card.value)
    same = [build for build in builds if build.value == card.value]
    return [Capture(card, chosen, taken)
            for chosen in disjoint_choices(groups) for taken in _subsets(same) if chosen or taken]


def build_moves(card: Card, kept: Sequence[int], loose: Cards, builds: Sequence[Build]) -> list[BuildMove]:
    """Every build move ``card`` can make on this table announcing a value of ``kept`` (the values
    the player keeps a card of)."""
    if not is_number(card):
        return []
    found: list[BuildMove] = []
    for value in sorted({v for v in kept if max(MIN_BUILD, card.value) <= v <= LARGEST}):
        groups = sum_groups(loose, value)
        partners = sum_groups(loose, value - card.value) if value > card.value else [()]
        targets = [build.key for build in builds if build.value == value]
        for partner in partners:
            for chosen in disjoint_choices(groups, frozenset(partner)):
                into = ((partner,) if partner else ()) + chosen
                if into:
                    found.append(BuildMove(card, value, into))
                found.extend(BuildMove(card, value, into, key) for key in targets)
        for build in builds:
            if build.single and build.value + card.value == value:
                found.extend(BuildMove(card, value, chosen, build.key) for chosen in disjoint_choices(groups))
    return found
