"""Kaszinó as a family of the game seam (:mod:`kaszino.engine.seam`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from kaszino.engine.cards import DECK, Card
from kaszino.games.kaszino.moves import Move, parse_move
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import PRESETS, Rules
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.inputs import check_type


@dataclass(frozen=True, slots=True)
class KaszinoFamily:
    """The Kaszinó family: the 52 cards valued 1–13, its presets, games, positions and moves."""

    name: str = "kaszino"
    deck: tuple[Card, ...] = DECK

    @property
    def presets(self) -> Mapping[str, Rules]:
        return MappingProxyType(PRESETS)

    def capture_value(self, card: Card) -> int:
        return check_type("card", card, Card).value

    def new_game(self, seed: int | None = None, rules: object = None) -> GameState:
        return new_game(None if rules is None else check_type("rules", rules, Rules), seed=seed)

    def from_notation(self, text: str) -> GameState:
        return GameState.from_notation(text)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def read_record(self, text: str) -> GameRecord:
        return GameRecord.from_text(text)


KASZINO = KaszinoFamily()
