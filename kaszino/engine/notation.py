"""The pieces every family's one-line position notation is made of (docs/notation.md).

A position is written ``key=value; key=value; …``: a field per player is split by ``|``, a list of
cards is the cards by spaces (``-`` for none), and ``result`` is ``-`` while the game goes on, the
winner's number, or ``draw``. A family's notation module (``games/<family>/notation.py``) names
its fields and reads each value; reading here checks the form and names the field that is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from kaszino.engine.cards import Card
from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.inputs import read_whole

MAX_LENGTH = 10_000
"""The longest notation read (a real one has about 400 characters)."""

NONE = "-"
"""The token for "nothing": no card, no player, no forced move, no pending capture, game going on."""

T = TypeVar("T")

DRAW = "draw"
"""The ``result`` of a finished game without a winner (a tie under Kaszinó's V4)."""


def read_fields(text: object, names: Sequence[str]) -> dict[str, str]:
    """The ``key=value`` pieces of a notation, each of ``names`` present once and no other key."""
    if not isinstance(text, str):
        raise NotationError(f"a position is written as text (its notation), not {quote(text)}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a position's notation has at most {MAX_LENGTH} characters, not {len(text)}")
    raw: dict[str, str] = {}
    for piece in filter(str.strip, text.split(";")):
        key, equals, value = (part.strip() for part in piece.partition("="))
        if not equals or key not in names:
            shown = quote(key if equals else piece.strip())
            problem = f"unknown field {shown}" if equals else f"{shown} is not 'field=value'"
            raise NotationError(f"{problem}; the fields are {', '.join(names)}")
        if key in raw:
            raise NotationError(f"{key}: given twice")
        raw[key] = value
    missing = [key for key in names if key not in raw]
    if missing:
        raise NotationError(f"missing field{'s' * (len(missing) > 1)}: {', '.join(missing)}")
    return raw


def write_fields(values: Mapping[str, str], names: Sequence[str]) -> str:
    """The notation of ``values``, its fields in the order of ``names``."""
    return "; ".join(f"{key}={values[key]}" for key in names)


def split_players(field: str, value: str, players: int) -> list[str]:
    """The entries of a field with one per player, separated by ``|``."""
    items = [item.strip() for item in value.split("|")]
    if len(items) != players:
        raise NotationError(f"{field}: {len(items)} entries in {quote(value)}, but there are {players} "
                            f"players (one entry each, separated by '|')")
    return items


def read_each(field: str, value: str, players: int, convert: Callable[[str], T]) -> tuple[T, ...]:
    """A field with one entry per player, each read by ``convert``; an error names ``field[player]``."""
    items = split_players(field, value, players)
    return tuple(read_value(f"{field}[{player}]", item, convert) for player, item in enumerate(items))


def read_value(field: str, token: str, convert: Callable[[str], T]) -> T:
    """``convert(token)``, an error naming ``field``."""
    try:
        return convert(token)
    except KaszinoError as error:
        raise NotationError(f"{field}: {error}") from None


def join_players(items: Iterable[str]) -> str:
    return " | ".join(items)


def read_cards(field: str, value: str) -> tuple[Card, ...]:
    """A list of cards (``-``: none); cards are read as ``str(card)`` prints them or in plain letters."""
    if value == NONE:
        return ()
    if not value:
        raise NotationError(f"{field}: no value; an empty list of cards is written '{NONE}'")
    try:
        return tuple(Card.parse(token) for token in re.split(r"[\s,]+", value) if token)
    except KaszinoError as error:
        raise NotationError(f"{field}: {error}") from None


def write_cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards)) or NONE


def result_token(finished: bool, winner: int | None) -> str:
    """``-`` while the game goes on, the winner's number, or ``draw`` for a finished game without one."""
    return NONE if not finished else DRAW if winner is None else str(winner)


def read_result(token: str, players: int) -> tuple[bool, int | None]:
    """``(finished, winner)`` from ``-``, a player number or ``draw``."""
    if token == NONE:
        return False, None
    if token == DRAW:
        return True, None
    winner = player_of(token, players)
    if winner is None:
        raise NotationError(f"result: {quote(token)} is not '-', '{DRAW}' or a player 0..{players - 1}")
    return True, winner


def player_of(token: str, players: int) -> int | None:
    """The player 0..players-1 that ``token`` names (read by the one number reader), or None."""
    try:
        return read_whole("player", token, 0, players - 1)
    except KaszinoError:
        return None
