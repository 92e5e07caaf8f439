"""The one-line Casino position notation, read and written field by field (docs/casino.md).

``rules=standard; seed=7; deal=1; dealer=1; scores=0 | 0; round=1; to_move=0; last_capturer=-;
hands=… | …; table=…; builds=[3♣+5♥]=8@0; talon=…; piles=- | -; result=-``. ``table`` holds the
loose cards; ``builds`` the builds, each ``[groups]=value@owner`` with the groups separated by
``,`` and the cards of a group by ``+`` (``-``: none). ``scores`` has one entry a side (a team
counts together). This module knows the fields and their tokens; whether a game can reach the
position is :mod:`.reachable`'s question. Every card and build keeps its place, so reading a
written position gives the same state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kaszino.engine.cards import Card
from kaszino.engine.notation import (
    NONE,
    join_players,
    player_of,
    read_cards,
    read_each,
    read_fields,
    read_result,
    read_value,
    result_token,
    split_players,
    write_cards,
    write_fields,
)
from kaszino.errors import NotationError, quote
from kaszino.games.casino.builds import Build
from kaszino.games.casino.rules import CasinoRules, format_rules, parse_rules
from kaszino.inputs import MAX_COUNT, MAX_SEED, read_whole

FIELDS = ("rules", "seed", "deal", "dealer", "scores", "round", "to_move", "last_capturer",
          "hands", "table", "builds", "talon", "piles", "result")
"""The fields of the notation, in the order they are written."""

_BUILD = re.compile(r"\[([^\[\]]*)\]=([0-9]+)@([0-9]+)")


@dataclass(frozen=True, slots=True)
class Position:
    """The fields of a Casino position, each read and checked on its own (the state's field names)."""

    rules: CasinoRules
    seed: int
    deal: int
    dealer: int
    scores: tuple[int, ...]
    round: int
    to_move: int
    last_capturer: int | None
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    builds: tuple[Build, ...]
    talon: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    finished: bool
    winner: int | None

    @classmethod
    def empty(cls, rules: CasinoRules | None = None) -> Position:
        """No card anywhere, no build, nobody's points, the last player dealing and player 0 to move."""
        rules = CasinoRules() if rules is None else rules
        n = rules.players
        return cls(rules=rules, seed=0, deal=1, dealer=n - 1, scores=(0,) * rules.sides, round=1, to_move=0,
                   last_capturer=None, hands=((),) * n, table=(), builds=(), talon=(), piles=((),) * n,
                   finished=False, winner=None)


def write_builds(builds: tuple[Build, ...]) -> str:
    return " ".join(map(str, builds)) or NONE


def read_builds(value: str, players: int) -> tuple[Build, ...]:
    """The builds of the ``builds`` field, as :func:`write_builds` writes them (spaces allowed inside)."""
    if value == NONE:
        return ()
    compact = "".join(value.split())
    builds: list[Build] = []
    position = 0
    for match in _BUILD.finditer(compact):
        if match.start() != position:
            break
        field = f"builds[{len(builds)}]"
        groups = tuple(read_cards(field, group.replace("+", " ")) for group in match.group(1).split(","))
        build_value = read_whole(f"{field}: value", match.group(2), 0, 99, NotationError)
        owner = player_of(match.group(3), players)
        if owner is None:
            raise NotationError(f"{field}: owner {quote(match.group(3))} is not a player 0..{players - 1}")
        builds.append(Build(groups, build_value, owner))
        position = match.end()
    if position != len(compact) or not builds:
        raise NotationError(f"builds: {quote(value)} is not '-' or builds written '[3♣+5♥]=8@0' "
                            f"(groups separated by ',', cards by '+', then the value and the owner)")
    return tuple(builds)


def write_position(position: Position) -> str:
    """The notation of ``position``; :func:`read_position` reads it back exactly."""
    values = {
        "rules": format_rules(position.rules), "seed": str(position.seed), "deal": str(position.deal),
        "dealer": str(position.dealer), "scores": join_players(map(str, position.scores)),
        "round": str(position.round), "to_move": str(position.to_move),
        "last_capturer": NONE if position.last_capturer is None else str(position.last_capturer),
        "hands": join_players(map(write_cards, position.hands)), "table": write_cards(position.table),
        "builds": write_builds(position.builds), "talon": write_cards(position.talon),
        "piles": join_players(map(write_cards, position.piles)),
        "result": result_token(position.finished, position.winner),
    }
    return write_fields(values, FIELDS)


def read_position(text: str) -> Position:
    """The fields of a notation; ``NotationError`` names the field and the token that is wrong."""
    raw = read_fields(text, FIELDS)
    rules = read_value("rules", raw["rules"], parse_rules)
    players = rules.players

    def number(key: str, low: int, high: int) -> int:
        return read_whole(key, raw[key], low, high, NotationError)

    def cards_each(key: str) -> tuple[tuple[Card, ...], ...]:
        items = split_players(key, raw[key], players)
        return tuple(read_cards(f"{key}[{player}]", item) for player, item in enumerate(items))

    finished, winner = read_result(raw["result"], rules.sides)
    return Position(
        rules=rules, seed=number("seed", 0, MAX_SEED), deal=number("deal", 1, MAX_COUNT),
        dealer=number("dealer", 0, players - 1),
        scores=read_each("scores", raw["scores"], rules.sides, lambda token: read_whole("", token)),
        round=number("round", 1, rules.rounds), to_move=number("to_move", 0, players - 1),
        last_capturer=None if raw["last_capturer"] == NONE else number("last_capturer", 0, players - 1),
        hands=cards_each("hands"), table=read_cards("table", raw["table"]),
        builds=read_builds(raw["builds"], players), talon=read_cards("talon", raw["talon"]),
        piles=cards_each("piles"), finished=finished, winner=winner,
    )
