"""The one renderer of the engine's account: events and refusals put into words.

The engine reports what a move set going as events (:mod:`kaszino.engine.events`) and why a
move is refused as a :class:`~kaszino.engine.refusals.Refusal`; this module turns each into a
:class:`~kaszino.teach.explain.Message` through the translation catalogues, so every layer
above it (explanations, the deal viewer, the table and game widgets, the command line) says one
text in either language and works no rule out again. An event's sentence is
``events.<kind>`` or a variant of it chosen by the event's own fields (``drew_last_capturer``, a
plural text counted by the players who draw after the first),
looked up in a family's catalogue ``events_<family>`` first; a refusal's is
``<domain>.<code>``. Fields are filled by :func:`kaszino.engine.refusals.text_fields` (players
numbered from 1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from functools import cache

from kaszino.engine.events import (
    Added,
    Built,
    Captured,
    Challenged,
    Drew,
    Event,
    GameOver,
    Laid,
    LastRound,
    Leftovers,
    MovesAgain,
    MustLay,
    Passed,
    Raised,
    Starts,
    Swept,
)
from kaszino.engine.refusals import Refusal, text_fields
from kaszino.errors import KaszinoError
from kaszino.i18n import text_names
from kaszino.teach.message import Field, Message

FAMILY = "kaszino"
"""The family of rules this package plays; another family's words are ``events_<family>``."""

MOVE_KINDS = frozenset({Captured.kind, Laid.kind, Passed.kind, Built.kind, Raised.kind, Added.kind})
"""The events that restate the move itself: a replay's heading and explanation already say them."""


_VARIANTS: dict[str, Callable[[Event], str]] = {
    Captured.kind: lambda e: "_challengeable" if isinstance(e, Captured) and e.challengeable else "",
    Swept.kind: lambda e: ("" if not isinstance(e, Swept) else "_no_points" if not e.points
                           else "_first_move" if e.first_move else ""),
    MustLay.kind: lambda e: "" if isinstance(e, MustLay) and e.again else "_last",
    MovesAgain.kind: lambda e: f"_{e.reason}" if isinstance(e, MovesAgain) else "",
    Drew.kind: lambda e: f"_{e.reason}" if isinstance(e, Drew) else "",
    Starts.kind: lambda e: f"_{e.reason}" if isinstance(e, Starts) else "",
    LastRound.kind: lambda e: "_open" if isinstance(e, LastRound) and e.open else "",
    Leftovers.kind: lambda e: ("" if not isinstance(e, Leftovers) else "_none" if not e.cards
                               else "_nobody" if e.player is None else ""),
    Challenged.kind: lambda e: "_false" if isinstance(e, Challenged) and e.false else "",
    GameOver.kind: lambda e: "_tie" if isinstance(e, GameOver) and e.winner is None else "",
}
"""Which sentence of a kind an event takes, by its fields (no suffix: the kind's own sentence)."""


def event_name(event: Event) -> str:
    """The catalogue name of ``event``'s sentence: its kind and the variant its fields choose."""
    variant = _VARIANTS.get(event.kind)
    return event.kind + ("" if variant is None else variant(event))


def event_fields(event: Event) -> dict[str, object]:
    """The event's fields by name, with a draw's ``first`` drawer and the ``rest`` in order."""
    values: dict[str, object] = {field.name: getattr(event, field.name) for field in fields(event)}
    if isinstance(event, Drew):
        values.update(first=event.order[0], rest=event.order[1] if len(event.order) == 2 else event.order[1:],
                      count=len(event.order) - 1)
    return values


def event_message(event: Event, family: str = FAMILY) -> Message:
    """``event`` as a sentence (see the module docstring)."""
    name = event_name(event)
    return Message.in_domain(_domain(name, family), name, **message_fields(event_fields(event)))


def narrate(events: Iterable[Event], family: str = FAMILY, *, with_move: bool = False,
            with_end: bool = True) -> tuple[Message, ...]:
    """The sentences of ``events`` in order; without ``with_move`` those of the move itself are left
    out, and without ``with_end`` the game's end (a front that tells the learner's result in its own
    words from :func:`game_end`)."""
    return tuple(event_message(event, family) for event in events
                 if (with_move or event.kind not in MOVE_KINDS) and (with_end or event.kind != GameOver.kind))


def game_end(events: Iterable[Event]) -> tuple[int | None, str] | None:
    """If ``events`` end the game: its winner (``None``: a tie) and the final totals as every text
    shows them (``5 | 3``); else ``None``."""
    end = next((event for event in events if isinstance(event, GameOver)), None)
    return None if end is None else (end.winner, str(message_fields(event_fields(end))["totals"]))


def move_told(events: Iterable[Event], family: str = FAMILY) -> tuple[Message, ...]:
    """The sentences of the move itself among ``events`` (what :func:`narrate` leaves out by default):
    how a computer's move is told, in the third person, from the engine's own account."""
    return tuple(event_message(event, family) for event in events if event.kind in MOVE_KINDS)


def refusal_message(refusal: Refusal) -> Message:
    """Why a move was refused, as a sentence of the refusal's domain."""
    return Message.in_domain(refusal.domain, refusal.code, **message_fields(dict(refusal.fields)))


def message_fields(values: dict[str, object]) -> dict[str, Field]:
    """The fields of a sentence from the data of an event or a refusal (see ``text_fields``)."""
    filled = text_fields(values).items()
    return {name: value if isinstance(value, int) else str(value) for name, value in filled}


@cache
def _domain(name: str, family: str) -> str:
    """``events_<family>`` if that catalogue has the sentence ``name``, else ``events``."""
    try:
        own = text_names(f"events_{family}")
    except KaszinoError:  # the family has no words of its own
        return "events"
    return f"events_{family}" if name in own else "events"
