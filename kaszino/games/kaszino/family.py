"""Kaszinó as a family of the game seam (:mod:`kaszino.engine.seam`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import cast

from kaszino.engine.cards import DECK, Card
from kaszino.games.kaszino.moves import Move, NextDeal, parse_move
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import PRESETS, Rules
from kaszino.games.kaszino.scoring import PileScore
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

    def owns(self, state: object) -> bool:
        return isinstance(state, GameState)

    def new_game(self, seed: int | None = None, rules: object = None) -> GameState:
        return new_game(None if rules is None else check_type("rules", rules, Rules), seed=seed)

    def from_notation(self, text: str) -> GameState:
        return GameState.from_notation(text)

    def next_deal(self) -> NextDeal:
        return NextDeal()

    def score_sheet(self, state: object) -> tuple[PileScore, ...]:
        return check_type("state", state, GameState).deal_scores()

    def record(self, start: object, moves: Sequence[object]) -> GameRecord:
        first = check_type("start", start, GameState)
        played = cast("tuple[Move, ...]", tuple(moves))  # the record checks each
        return GameRecord(first.rules, first.seed, None, first.dealer, played)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def read_record(self, text: str) -> GameRecord:
        return GameRecord.from_text(text)


KASZINO = KaszinoFamily()
