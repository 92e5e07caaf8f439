"""The part of a front (:mod:`.fronts`) that a family without Kaszinó's calls has: no "Passz",
"Fals!" or "Ausz!" at the table or in a game, no false captures (Scopa, Casino)."""

from __future__ import annotations

from typing import Any

from kaszino.engine.cards import Card
from kaszino.jupyter.widgets.base import Attempt, Call


class PlainFront:
    """A front's calls and false captures for a family that has none (a mixin of its dataclass)."""

    __slots__ = ()

    def calls(self, state: Any, viewer: int, movable: bool) -> tuple[Call, ...]:
        return ()

    def call(self, action: str, viewer: int) -> object | None:
        return None

    def offers_fals(self, name: str) -> bool:
        return False

    def false_capture(self, state: Any, hand: tuple[Card, ...], table: tuple[Card, ...]) -> Attempt | None:
        return None

    def judged_alone(self, state: Any, move: object) -> bool:
        return False

    def side(self, state: Any, player: int) -> int:
        return player

    def game_calls(self, state: Any, learner: int, movable: bool) -> tuple[Call, ...]:
        return ()
