"""The registered families of rules, by name: ``family("scopa")`` (as OpenSpiel's ``load_game``)."""

from __future__ import annotations

from typing import Any

from kaszino.engine.seam import Family, GameState
from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.games.casino.family import CASINO
from kaszino.games.kaszino.family import KASZINO
from kaszino.games.scopa.family import SCOPA

FAMILIES: dict[str, Family[GameState[Any]]] = {KASZINO.name: KASZINO, SCOPA.name: SCOPA, CASINO.name: CASINO}
"""Every family, by name."""


def family(name: str) -> Family[GameState[Any]]:
    """The family called ``name``, or an error naming the known ones."""
    if not isinstance(name, str) or name not in FAMILIES:
        raise KaszinoError(f"no game family {quote(name)}; known: {', '.join(FAMILIES)}")
    return FAMILIES[name]


def family_of(state: object) -> Family[GameState[Any]]:
    """The family whose state ``state`` is, or an error naming what it is."""
    for each in FAMILIES.values():
        if each.owns(state):
            return each
    raise KaszinoError(f"not a game state of any family ({', '.join(FAMILIES)}): {quote(state)}")


def record_family(text: str) -> Family[GameState[Any]]:
    """The family a record's text belongs to: named by its first line ``Game: <family>``; a record
    without one is Kaszinó's (its records were written before there were other families)."""
    if not isinstance(text, str):
        raise NotationError(f"a record is text, not {quote(text)}")
    for line in text.splitlines():
        content = line.partition("#")[0].strip()
        if content:
            key, colon, name = content.partition(":")
            if colon and key.strip().lower() == "game":
                try:
                    return family(name.strip())
                except KaszinoError as error:
                    raise NotationError(f"Game: {error}") from None
            break
    return FAMILIES["kaszino"]


def read_record(text: str) -> object:
    """Read a record of any family (see :func:`record_family`)."""
    return record_family(text).read_record(text)
