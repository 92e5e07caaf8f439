"""Casino moves and their written form (docs/casino.md).

Every move plays exactly one hand card:

- :class:`Trail` lays it loose: ``5♣``.
- :class:`Capture` takes with it: ``8♠=8♥,2♣+6♦,[3♣+5♥]`` — the card, ``=``, then the items
  taken, separated by commas: a loose card, a group of loose cards joined by ``+`` that adds up to
  the card's value, or a build, named by its cards in brackets.
- :class:`BuildMove` builds with it: ``3♠:8=5♥`` — the card, ``:`` and the announced value, ``=``,
  then the loose groups that go into the build (the played card joins the one group that is short
  of the value, or stands alone when it is worth the value) and, in brackets, the build on the
  table it raises or adds to: ``2♠:8=[3♦+3♥]`` raises a single build of 6 to 8, ``6♠:9=3♣,[9♦]``
  adds 6♠+3♣ to a build of 9.

:class:`NextDeal` (``next``) deals the next deal once a deal is over. ``str`` writes a move and
:func:`parse_move` reads it back; the groups are kept sorted, so two spellings of one move are
equal values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kaszino.engine.cards import Card, check_distinct, parse_cards
from kaszino.errors import NotationError, quote
from kaszino.games.casino.builds import Cards, Groups
from kaszino.inputs import read_whole

MAX_LENGTH = 400
"""The longest move text read (taking a full table of cards is about 150 characters)."""


def _sorted_groups(groups: object) -> object:
    """``groups`` with each group sorted and the groups in order, if they are groups of cards at all."""
    if type(groups) is tuple and all(type(group) is tuple and all(type(card) is Card for card in group)
                                     for group in groups):
        return tuple(sorted(tuple(sorted(group)) for group in groups))
    return groups


def _write_items(groups: Groups, builds: Groups) -> str:
    items = ["+".join(map(str, group)) for group in groups]
    items += [f"[{'+'.join(map(str, build))}]" for build in builds]
    return ",".join(items)


@dataclass(frozen=True, slots=True)
class Trail:
    """Lay ``card`` loose on the table."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Capture:
    """Play ``card`` and take the loose ``groups`` (each a card or cards adding up to its value) and
    the ``builds`` (each named by its cards)."""

    card: Card
    groups: Groups = ()
    builds: Groups = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "groups", _sorted_groups(self.groups))
        object.__setattr__(self, "builds", _sorted_groups(self.builds))

    @property
    def taken(self) -> Cards:
        """Every table card the capture takes: the loose groups', then the builds'."""
        return tuple(card for group in (*self.groups, *self.builds) for card in group)

    def __str__(self) -> str:
        return f"{self.card}={_write_items(self.groups, self.builds)}"


@dataclass(frozen=True, slots=True)
class BuildMove:
    """Play ``card`` and build ``value``: with the loose ``groups`` into a new build, or into the
    table's build named by its cards ``build`` (raising it, or adding to it)."""

    card: Card
    value: int
    groups: Groups = ()
    build: Cards | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "groups", _sorted_groups(self.groups))
        if type(self.build) is tuple and all(type(card) is Card for card in self.build):
            object.__setattr__(self, "build", tuple(sorted(self.build)))

    @property
    def loose(self) -> Cards:
        """The loose table cards the move puts into the build."""
        return tuple(card for group in self.groups for card in group)

    def __str__(self) -> str:
        builds = () if self.build is None else (self.build,)
        return f"{self.card}:{self.value}={_write_items(self.groups, builds)}"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Deal the next deal (the deal is over and the game goes on)."""

    def __str__(self) -> str:
        return "next"


Play = Trail | Capture | BuildMove
"""A move that plays a hand card."""
Move = Play | NextDeal


def _cards_ok(cards: object) -> bool:
    return type(cards) is tuple and len(cards) <= 52 and all(type(card) is Card for card in cards)


def _groups_ok(groups: object) -> bool:
    return type(groups) is tuple and len(groups) <= 52 and all(_cards_ok(group) for group in groups)


def malformed(move: object) -> bool:
    """Whether ``move`` is not a well-formed move value at all (a wrong type or field)."""
    if isinstance(move, NextDeal):
        return False
    if isinstance(move, Trail):
        return type(move.card) is not Card
    if isinstance(move, Capture):
        return type(move.card) is not Card or not _groups_ok(move.groups) or not _groups_ok(move.builds)
    if isinstance(move, BuildMove):
        return (type(move.card) is not Card or type(move.value) is not int or not _groups_ok(move.groups)
                or not (move.build is None or _cards_ok(move.build)))
    return True


_ITEM = re.compile(r"\[[^\[\]]*\]|[^,\[\]]+")


def _items(text: str, whole: str) -> tuple[list[Cards], list[Cards]]:
    """The loose groups and the bracketed builds of a move's items, in the order written."""
    groups: list[Cards] = []
    builds: list[Cards] = []
    position = 0
    for match in _ITEM.finditer(text):
        between = text[position:match.start()]
        if between != ("," if position else ""):
            raise NotationError(f"items are separated by one ',': {quote(whole)}")
        item = match.group()
        if item.startswith("["):
            builds.append(parse_cards(re.split(r"[+,]", item[1:-1])) if item != "[]" else ())
            if not builds[-1]:
                raise NotationError(f"a build is named by its cards inside '[ ]': {quote(whole)}")
        else:
            groups.append(parse_cards(item.split("+")))
        position = match.end()
    if position != len(text) or not (groups or builds):
        raise NotationError(f"name the table cards after '=' (groups joined by '+', builds in '[ ]', "
                            f"items separated by ','): {quote(whole)}")
    return groups, builds


def parse_move(text: str) -> Move:
    """Read a move written by ``str(move)``; spaces anywhere are allowed."""
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, e.g. '8♠=8♥,2♣+6♦', not {quote(text)}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a move has at most {MAX_LENGTH} characters, not {len(text)}")
    body = "".join(text.split())
    if not body:
        raise NotationError("empty move")
    if body.lower() == "next":
        return NextDeal()
    head, equals, rest = body.partition("=")
    card_text, colon, value_text = head.partition(":")
    if "+" in card_text or "," in card_text:
        raise NotationError(f"a Casino move plays exactly one hand card, written first: {quote(text)}")
    if not card_text:
        raise NotationError(f"name the hand card played first: {quote(text)}")
    card = parse_cards([card_text])[0]
    if not equals:
        if colon:
            raise NotationError(f"a build names its table cards after '=': {quote(text)}")
        return Trail(card)
    groups, builds = _items(rest, text)
    check_distinct("move", (card, *(c for item in (*groups, *builds) for c in item)))
    if not colon:
        return Capture(card, tuple(groups), tuple(builds))
    value = read_whole("build value", value_text, 0, 99, NotationError)
    if len(builds) > 1:
        raise NotationError(f"a build move raises or adds to one build at most: {quote(text)}")
    return BuildMove(card, value, tuple(groups), builds[0] if builds else None)
