"""What a step moved, for the table's short animation: the engine's events as flights of cards.

A step's events (:mod:`kaszino.engine.events`) already say which cards went where; :func:`stages`
reads them, working out no rule again: the cards of a capture fly from the hand and the table to
the capturer's pile, a laid card (or one played into a Casino build) from the hand to the table,
the cards left at a deal's end to the player who gets them. Each move is one :class:`Stage`; the
browser plays the stages one after another.

:func:`motion_html` writes them into a widget's markup as an inert ``<template>`` (no locator and
no screen reader sees it) that ``board.js`` reads after a redraw, with a picture of each card
flying (the mover's hand may be face down on the page). Its ``data-seq`` numbers the widget's
moves, so a redraw without a new move (a pick, a language switch) plays nothing again. The browser
plays nothing when the page asks for reduced motion (``prefers-reduced-motion: reduce``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Literal

from kaszino.engine.cards import Card
from kaszino.engine.events import Added, Built, Captured, Event, Laid, Leftovers, Raised
from kaszino.jupyter.render import card_svg

Source = Literal["hand", "table"]
"""Where a card starts: the mover's hand, or the table."""
Target = Literal["pile", "table"]
"""Where it lands: the player's pile of captured cards, or the table."""


@dataclass(frozen=True, slots=True)
class Flight:
    """One card's way in a move."""

    card: Card
    source: Source
    target: Target


@dataclass(frozen=True, slots=True)
class Stage:
    """What one move (or the end of a deal) sent flying: ``player``'s cards, all at once."""

    player: int
    flights: tuple[Flight, ...]


def stages(events: Iterable[Event]) -> tuple[Stage, ...]:
    """The flights of cards ``events`` tell of, a stage per move, in their order."""
    found: list[Stage] = []
    for event in events:
        if isinstance(event, Captured):
            flights = [Flight(card, "hand", "pile") for card in event.hand]
            flights += [Flight(card, "table", "pile") for card in event.table]
            found.append(Stage(event.player, tuple(flights)))
        elif isinstance(event, Laid | Built | Raised | Added):
            found.append(Stage(event.player, (Flight(event.card, "hand", "table"),)))
        elif isinstance(event, Leftovers) and event.player is not None and event.cards:
            found.append(Stage(event.player, tuple(Flight(card, "table", "pile") for card in event.cards)))
    return tuple(found)


def motion_html(moved: Sequence[Stage], seq: int) -> str:
    """The ``<template class="kaszino-motion">`` of the stages ``moved`` (the widget's ``seq``-th
    move); nothing when no card moved."""
    if not moved:
        return ""
    body = "".join(
        f'<div class="kaszino-stage" data-player="{stage.player}">'
        + "".join(
            f'<span class="kaszino-flight" data-flight="{escape(str(flight.card))}" '
            f'data-from="{flight.source}" data-to="{flight.target}">{card_svg(flight.card)}</span>'
            for flight in stage.flights
        )
        + "</div>"
        for stage in moved
    )
    return f'<template class="kaszino-motion" data-seq="{seq}">{body}</template>'
