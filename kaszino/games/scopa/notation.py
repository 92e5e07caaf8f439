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

from kaszino.engine.cards import Card, parse_cards
from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.games.scopa.deck import DECK_SIZE
from kaszino.games.scopa.rules import ROUNDS, ScopaRules, format_rules, parse_rules
from kaszino.inputs import MAX_COUNT, MAX_SEED, read_whole

FIELDS = ("rules", "seed", "deal", "dealer", "scores", "round", "to_move", "last_capturer",
          "hands", "table", "talon", "piles", "scopas", "result")
"""The fields of the notation, in the order they are written."""

NONE = "-"
"""Nothing: no card, no player, the game going on."""

MAX_LENGTH = 5_000
"""The longest notation read (a real one has about 300 characters)."""

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


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards)) or NONE


def _pair(items: tuple[T, ...], write: Callable[[T], str]) -> str:
    return " | ".join(map(write, items))


def write_position(position: Position) -> str:
    """The notation of ``position``; :func:`read_position` reads it back exactly."""
    values = {
        "rules": format_rules(position.rules), "seed": str(position.seed), "deal": str(position.deal),
        "dealer": str(position.dealer), "scores": _pair(position.scores, str), "round": str(position.round),
        "to_move": str(position.to_move),
        "last_capturer": NONE if position.last_capturer is None else str(position.last_capturer),
        "hands": _pair(position.hands, _cards), "table": _cards(position.table),
        "talon": _cards(position.talon), "piles": _pair(position.piles, _cards),
        "scopas": _pair(position.scopas, str),
        "result": str(position.winner) if position.finished else NONE,
    }
    return "; ".join(f"{key}={values[key]}" for key in FIELDS)


def read_position(text: str) -> Position:
    """The fields of a notation; ``NotationError`` names the field and the token that is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"a position is written as text (its notation), not {quote(text)}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a position's notation has at most {MAX_LENGTH} characters, not {len(text)}")
    raw = _fields(text)

    def number(key: str, low: int, high: int) -> int:
        return read_whole(key, raw[key], low, high, NotationError)

    def player(key: str, token: str | None = None) -> int:
        return read_whole(key, raw[key] if token is None else token, 0, PLAYERS - 1, NotationError)

    result = raw["result"]
    return Position(
        rules=_read("rules", raw["rules"], parse_rules),
        seed=number("seed", 0, MAX_SEED), deal=number("deal", 1, MAX_COUNT), dealer=player("dealer"),
        scores=_both("scores", raw["scores"], lambda token: _whole(token, MAX_COUNT)),
        round=number("round", 1, ROUNDS), to_move=player("to_move"),
        last_capturer=None if raw["last_capturer"] == NONE else player("last_capturer"),
        hands=_both("hands", raw["hands"], _card_list), table=_read("table", raw["table"], _card_list),
        talon=_read("talon", raw["talon"], _card_list), piles=_both("piles", raw["piles"], _card_list),
        scopas=_both("scopas", raw["scopas"], lambda token: _whole(token, DECK_SIZE)),
        finished=result != NONE, winner=None if result == NONE else player("result"),
    )


def _fields(text: str) -> dict[str, str]:
    """The ``key=value`` pieces, each key known and given once, none missing."""
    raw: dict[str, str] = {}
    for piece in filter(str.strip, text.split(";")):
        key, equals, value = (part.strip() for part in piece.partition("="))
        if not equals or key not in FIELDS:
            shown = quote(key if equals else piece.strip())
            problem = f"unknown field {shown}" if equals else f"{shown} is not 'field=value'"
            raise NotationError(f"{problem}; the fields are {', '.join(FIELDS)}")
        if key in raw:
            raise NotationError(f"{key}: given twice")
        raw[key] = value
    missing = [key for key in FIELDS if key not in raw]
    if missing:
        raise NotationError(f"missing field{'s' * (len(missing) > 1)}: {', '.join(missing)}")
    return raw


def _whole(token: str, high: int) -> int:
    return read_whole("", token, 0, high, NotationError)


def _card_list(token: str) -> tuple[Card, ...]:
    return () if token == NONE else parse_cards(token)


def _read(key: str, token: str, convert: Callable[[str], T]) -> T:
    try:
        return convert(token)
    except KaszinoError as error:
        raise NotationError(f"{key}: {error}") from None


def _both(key: str, value: str, convert: Callable[[str], T]) -> tuple[T, ...]:
    """A field with one entry per player, separated by ``|``."""
    items = [item.strip() for item in value.split("|")]
    if len(items) != PLAYERS:
        raise NotationError(f"{key}: {PLAYERS} entries separated by '|', got {len(items)} in {quote(value)}")
    return tuple(_read(f"{key} of player {player}", item, convert) for player, item in enumerate(items))
