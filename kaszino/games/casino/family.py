"""Anglo-American Casino as a family of the game seam (:mod:`kaszino.engine.seam`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import cast

from kaszino.engine.cards import Card
from kaszino.games.casino.deck import DECK, capture_value
from kaszino.games.casino.moves import Move, NextDeal, parse_move
from kaszino.games.casino.record import CasinoRecord
from kaszino.games.casino.rules import PRESETS, CasinoRules
from kaszino.games.casino.scoring import DealReport
from kaszino.games.casino.state import CasinoState, new_game
from kaszino.inputs import check_type


@dataclass(frozen=True, slots=True)
class CasinoFamily:
    """The Casino family: the 52 cards (faces without a number value), its presets, games, positions
    and moves."""

    name: str = "casino"
    deck: tuple[Card, ...] = DECK

    @property
    def presets(self) -> Mapping[str, CasinoRules]:
        return MappingProxyType(PRESETS)

    def capture_value(self, card: Card) -> int:
        return capture_value(check_type("card", card, Card))

    def owns(self, state: object) -> bool:
        return isinstance(state, CasinoState)

    def new_game(self, seed: int | None = None, rules: object = None) -> CasinoState:
        return new_game(seed, None if rules is None else check_type("rules", rules, CasinoRules))

    def from_notation(self, text: str) -> CasinoState:
        return CasinoState.from_notation(text)

    def next_deal(self) -> NextDeal:
        return NextDeal()

    def score_sheet(self, state: object) -> DealReport:
        return check_type("state", state, CasinoState).deal_report()

    def record(self, start: object, moves: Sequence[object]) -> CasinoRecord:
        first = check_type("start", start, CasinoState)
        played = cast("tuple[Move, ...]", tuple(moves))  # the record checks each
        return CasinoRecord(first.rules, first.seed, None, first.dealer, played)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def read_record(self, text: str) -> CasinoRecord:
        return CasinoRecord.from_text(text)


CASINO = CasinoFamily()
