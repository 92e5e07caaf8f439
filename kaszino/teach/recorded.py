"""Recorded games the lessons show in the deal viewer (``teach/deals/*.txt``, written by
``scripts/lesson_deals.py``), and the end of their first deal, where the lessons ask questions."""

from __future__ import annotations

from functools import cache
from importlib import resources

from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.state import GameState


@cache
def recorded_game(name: str) -> GameRecord:
    """The stored game ``name`` (e.g. ``"tie"``), every move checked by replaying it."""
    source = resources.files("kaszino.teach").joinpath("deals", f"{name}.txt")
    if not source.is_file():
        raise KaszinoError(f"no recorded lesson game named {quote(name)}")
    return GameRecord.from_text(source.read_text(encoding="utf-8"))


def first_deal_end(record: GameRecord) -> GameState:
    """The state where the first deal of ``record`` ends: all its cards played, or the game won."""
    for state in record.replay():
        if state.deal_over or state.finished:
            return state
    raise KaszinoError("the record stops before its first deal ends")
