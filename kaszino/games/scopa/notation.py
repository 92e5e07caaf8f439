"""The one-line Scopa position notation, read and written field by field (docs/scopa.md).

``rules=standard; seed=7; deal=1; dealer=1; scores=0 | 0; round=1; to_move=0; last_capturer=-;
hands=… | …; table=…; talon=…; piles=- | -; scopas=0 | 0; result=-``. This module knows the
fields and their tokens; whether a game can reach the position is :mod:`.reachable`'s question.
Every card keeps its place in its list, so reading a written position gives the same state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from kaszino.engine.cards import Card
from kaszino.engine.notation import (
    NONE,
    join_players,
    read_cards,
    read_fields,
    read_result,
    result_token,
    split_players,
    write_cards,
    write_fields,
)
from kaszino.errors import KaszinoError, NotationError
from kaszino.games.scopa.deck import DECK_SIZE
from kaszino.games.scopa.rules import ROUNDS, ScopaRules, format_rules, parse_rules
from kaszino.inputs import MAX_COUNT, MAX_SEED, read_whole

FIELDS = ("rules", "seed", "deal", "dealer", "scores", "round", "to_move", "last_capturer",
          "hands", "table", "talon", "piles", "scopas", "result")
"""The fields of the notation, in the order they are written."""

PLAYERS = 2
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Position:
    """The fields of a Scopa position, each read and checked on its own (the state's field names)."""

    rules: ScopaRules
    seed: int
    deal: int
    dealer: int
    scores: tuple[int, ...]
    round: int
    to_move: int
    last_capturer: int | None
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    talon: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    scopas: tuple[int, ...]
    finished: bool
    winner: int | None

    @classmethod
    def empty(cls, rules: ScopaRules | None = None) -> Position:
        """No card anywhere, nobody's points, player 1 dealing and player 0 to move."""
        return cls(rules=ScopaRules() if rules is None else rules, seed=0, deal=1, dealer=1, scores=(0, 0),
                   round=1, to_move=0, last_capturer=None, hands=((), ()), table=(), talon=(),
                   piles=((), ()), scopas=(0, 0), finished=False, winner=None)


def write_position(position: Position) -> str:
    """The notation of ``position``; :func:`read_position` reads it back exactly."""
    values = {
        "rules": format_rules(position.rules), "seed": str(position.seed), "deal": str(position.deal),
        "dealer": str(position.dealer), "scores": join_players(map(str, position.scores)),
        "round": str(position.round),
        "to_move": str(position.to_move),
        "last_capturer": NONE if position.last_capturer is None else str(position.last_capturer),
        "hands": join_players(map(write_cards, position.hands)), "table": write_cards(position.table),
        "talon": write_cards(position.talon), "piles": join_players(map(write_cards, position.piles)),
        "scopas": join_players(map(str, position.scopas)),
        "result": result_token(position.finished, position.winner),
    }
    return write_fields(values, FIELDS)


def read_position(text: str) -> Position:
    """The fields of a notation; ``NotationError`` names the field and the token that is wrong."""
    raw = read_fields(text, FIELDS)

    def number(key: str, low: int, high: int) -> int:
        return read_whole(key, raw[key], low, high, NotationError)

    def player(key: str, token: str | None = None) -> int:
        return read_whole(key, raw[key] if token is None else token, 0, PLAYERS - 1, NotationError)

    finished, winner = read_result(raw["result"], PLAYERS)
    return Position(
        rules=_read("rules", raw["rules"], parse_rules),
        seed=number("seed", 0, MAX_SEED), deal=number("deal", 1, MAX_COUNT), dealer=player("dealer"),
        scores=_both("scores", raw["scores"], lambda token: _whole(token, MAX_COUNT)),
        round=number("round", 1, ROUNDS), to_move=player("to_move"),
        last_capturer=None if raw["last_capturer"] == NONE else player("last_capturer"),
        hands=_cards_each("hands", raw["hands"]), table=read_cards("table", raw["table"]),
        talon=read_cards("talon", raw["talon"]), piles=_cards_each("piles", raw["piles"]),
        scopas=_both("scopas", raw["scopas"], lambda token: _whole(token, DECK_SIZE)),
        finished=finished, winner=winner,
    )


def _whole(token: str, high: int) -> int:
    return read_whole("", token, 0, high, NotationError)


def _read(key: str, token: str, convert: Callable[[str], T]) -> T:
    try:
        return convert(token)
    except KaszinoError as error:
        raise NotationError(f"{key}: {error}") from None


def _both(key: str, value: str, convert: Callable[[str], T]) -> tuple[T, ...]:
    """A field with one entry per player, separated by ``|``."""
    items = split_players(key, value, PLAYERS)
    return tuple(_read(f"{key}[{player}]", item, convert) for player, item in enumerate(items))


def _cards_each(key: str, value: str) -> tuple[tuple[Card, ...], ...]:
    items = split_players(key, value, PLAYERS)
    return tuple(read_cards(f"{key}[{player}]", item) for player, item in enumerate(items))
