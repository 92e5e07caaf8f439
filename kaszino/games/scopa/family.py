"""Scopa as a family of the game seam (:mod:`kaszino.engine.seam`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import cast

from kaszino.engine.cards import Card
from kaszino.games.scopa.deck import DECK, capture_value
from kaszino.games.scopa.moves import Move, NextDeal, parse_move
from kaszino.games.scopa.record import ScopaRecord
from kaszino.games.scopa.rules import PRESETS, ScopaRules
from kaszino.games.scopa.scoring import DealReport
from kaszino.games.scopa.state import ScopaState, new_game
from kaszino.inputs import check_type


@dataclass(frozen=True, slots=True)
class ScopaFamily:
    """The Scopa family: its 40 cards, its presets, games, positions and moves."""

    name: str = "scopa"
    deck: tuple[Card, ...] = DECK

    @property
    def presets(self) -> Mapping[str, ScopaRules]:
        return MappingProxyType(PRESETS)

    def capture_value(self, card: Card) -> int:
        return capture_value(check_type("card", card, Card))

    def owns(self, state: object) -> bool:
        return isinstance(state, ScopaState)

    def new_game(self, seed: int | None = None, rules: object = None) -> ScopaState:
        return new_game(seed, None if rules is None else check_type("rules", rules, ScopaRules))

    def from_notation(self, text: str) -> ScopaState:
        return ScopaState.from_notation(text)

    def next_deal(self) -> NextDeal:
        return NextDeal()

    def score_sheet(self, state: object) -> DealReport:
        return check_type("state", state, ScopaState).deal_report()

    def record(self, start: object, moves: Sequence[object]) -> ScopaRecord:
        first = check_type("start", start, ScopaState)
        played = cast("tuple[Move, ...]", tuple(moves))  # the record checks each
        return ScopaRecord(first.rules, first.seed, None, first.dealer, played)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def read_record(self, text: str) -> ScopaRecord:
        return ScopaRecord.from_text(text)


SCOPA = ScopaFamily()
