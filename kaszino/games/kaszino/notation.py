"""The one-line position notation as text: every field of a position, read and written (docs/notation.md).

This module knows the fields and their tokens, not the game: :func:`read_position` reads the
fields in any order into a :class:`~kaszino.games.kaszino.position.PositionDraft`, checking each
token on its own, and :func:`write_position` writes one in a fixed order.
``GameState.from_notation`` and ``GameState.notation`` (in :mod:`kaszino.games.kaszino.state`, above
this module) turn a draft into a state through the one builder, which refuses the positions no game
can reach, and back, so ``GameState.from_notation(state.notation()) == state`` for every state a
game can reach.

A V6 capture that may still be challenged is written as the position *before* it plus the
attempted capture (``pending=…``); reading plays the capture again. The engine is
deterministic, so this is exact and needs no second, nested position.
"""

from __future__ import annotations

from dataclasses import fields
from types import UnionType
from typing import Literal, Union, get_args, get_origin, get_type_hints, overload

from kaszino.engine.cards import Card
from kaszino.engine.notation import (
    NONE,
    join_players,
    player_of,
    read_cards,
    read_fields,
    read_result,
    result_token,
    split_players,
    write_cards,
    write_fields,
)
from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Forced, parse_move
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import PRESETS, Rules, preset
from kaszino.inputs import MAX_COUNT, MAX_SEED, check_type, read_whole

FIELDS = (
    "rules", "seed", "deal", "dealer", "scores", "round", "to_move", "forced", "last_capturer",
    "hands", "table", "talon", "piles", "tabla_points", "bonus", "result", "pending",
)
"""Every field of the notation, in the order ``write_position`` writes them."""

_FORCED: dict[str, Forced | None] = {NONE: None, "lay": "lay", "again": "again"}
_RULE_HINTS = get_type_hints(Rules)


# --- writing ---------------------------------------------------------------------------------
def write_position(position: PositionDraft) -> str:
    """The one-line notation of ``position``; :func:`read_position` reads it back exactly."""
    check_type("position", position, PositionDraft)
    values = {
        "rules": format_rules(position.rules),
        "seed": str(position.seed),
        "deal": str(position.deal),
        "dealer": str(position.dealer),
        "scores": join_players(map(str, position.scores)),
        "round": str(position.round),
        "to_move": str(position.to_move),
        "forced": position.forced or NONE,
        "last_capturer": NONE if position.last_capturer is None else str(position.last_capturer),
        "hands": join_players(map(write_cards, position.hands)),
        "table": write_cards(position.table),
        "talon": write_cards(position.talon),
        "piles": join_players(map(write_cards, position.piles)),
        "tabla_points": join_players(map(str, position.tabla_points)),
        "bonus": join_players(map(str, position.bonus)),
        "result": result_token(position.finished, position.winner),
        "pending": NONE if position.pending is None else str(position.pending),
    }
    return write_fields(values, FIELDS)


def format_rules(rules: Rules) -> str:
    """``standard``, ``v6`` or ``v6,claim=manual``: the nearest preset, then the fields that differ."""
    check_type("rules", rules, Rules)
    name = rules.name if rules.name in PRESETS else "standard"
    base = PRESETS[name]
    changed = set(rules.changed_fields()) | set(base.changed_fields())
    parts = [name]
    for field in fields(Rules):
        value = getattr(rules, field.name)
        if field.name in changed and value != getattr(base, field.name):
            parts.append(f"{field.name}={_rule_token(value)}")
    return ",".join(parts)


def _rule_token(value: object) -> str:
    """A rules field as text; ``Rules`` refuses every value that could not be read back."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)




# --- reading ---------------------------------------------------------------------------------
def read_position(text: str) -> PositionDraft:
    """Read the fields of a position notation; ``NotationError`` names the bad field and token.

    Cards may be spelled as ``str(card)`` prints them (``10♦``) or in plain letters (``TD``, ``AS``).
    Whether the cards add up and a game can reach the position is for the builder to judge
    (``kaszino.games.kaszino.state.build``).
    """
    raw = read_fields(text, FIELDS)
    try:
        rules = parse_rules(raw["rules"])
    except NotationError as error:
        raise NotationError(f"rules: {error}") from None
    players = rules.players
    round_number = _number("round", raw["round"], 1, rules.rounds)
    hands = _card_lists("hands", raw["hands"], players)
    table = read_cards("table", raw["table"])
    talon = read_cards("talon", raw["talon"])
    piles = _card_lists("piles", raw["piles"], players)
    finished, winner = read_result(raw["result"], players)
    return PositionDraft(
        rules=rules,
        seed=_number("seed", raw["seed"], 0, MAX_SEED),
        deal=_number("deal", raw["deal"], 1, rules.fixed_deals or MAX_COUNT),
        dealer=_player("dealer", raw["dealer"], players),
        scores=_points("scores", raw["scores"], players),
        round=round_number,
        to_move=_player("to_move", raw["to_move"], players),
        forced=_forced(raw["forced"]),
        last_capturer=_player("last_capturer", raw["last_capturer"], players, optional=True),
        hands=hands,
        table=table,
        talon=talon,
        piles=piles,
        tabla_points=_points("tabla_points", raw["tabla_points"], players),
        bonus=_points("bonus", raw["bonus"], players),
        finished=finished,
        winner=winner,
        pending=_pending(raw["pending"], rules),
    )


def parse_rules(text: str) -> Rules:
    """Read ``standard``, ``v6`` or ``v6,claim=manual,target=15`` (see :func:`format_rules`)."""
    check_type("rules", text, str)
    name, *changes = (part.strip() for part in text.split(","))
    try:
        base = preset(name)
    except KaszinoError as error:
        raise NotationError(str(error)) from None
    values: dict[str, object] = {}
    for change in changes:
        key, equals, token = (part.strip() for part in change.partition("="))
        if not equals or key not in _RULE_HINTS:
            raise NotationError(f"{quote(change)} is not 'field=value' with a field of Rules "
                                f"({', '.join(_RULE_HINTS)})")
        if key in values:
            raise NotationError(f"{key} is given twice")
        values[key] = _rule_value(key, token)
    try:
        return base.with_changes(**values)
    except KaszinoError as error:
        raise NotationError(f"{quote(text)}: {error}") from None


def _rule_value(key: str, token: str) -> object:
    hint = _RULE_HINTS[key]
    options = get_args(hint) if get_origin(hint) in (Union, UnionType) else (hint,)
    expected = []
    for option in options:
        if option is type(None):
            if token == "none":
                return None
            expected.append("none")
        elif option is bool:
            if token in ("true", "false"):
                return token == "true"
            expected.append("true or false")
        elif option is int:
            if token.isascii() and token.isdigit():
                return read_whole(key, token, 0, MAX_COUNT, NotationError)
            expected.append("a whole number")
        elif get_origin(option) is Literal:
            if token in get_args(option):
                return token
            expected.append(" or ".join(get_args(option)))
        elif option is str and token:
            return token
    wanted = " or ".join(expected) or "a name"
    raise NotationError(f"{key}={quote(token)} is not allowed; expected {wanted}")


def _card_lists(field: str, value: str, players: int) -> tuple[tuple[Card, ...], ...]:
    items = split_players(field, value, players)
    return tuple(read_cards(f"{field}[{p}]", item) for p, item in enumerate(items))


def _number(field: str, token: str, low: int = 0, high: int = MAX_COUNT) -> int:
    return read_whole(field, token, low, high, NotationError)


@overload
def _player(field: str, token: str, players: int) -> int: ...
@overload
def _player(field: str, token: str, players: int, *, optional: bool) -> int | None: ...
def _player(field: str, token: str, players: int, *, optional: bool = False) -> int | None:
    if optional and token == NONE:
        return None
    player = player_of(token, players)
    if player is None:
        raise NotationError(f"{field}: {quote(token)} is not a player (players are 0..{players - 1})")
    return player


def _points(field: str, value: str, players: int) -> tuple[int, ...]:
    tokens = split_players(field, value, players)
    return tuple(_number(f"{field}[{p}]", token) for p, token in enumerate(tokens))


def _forced(token: str) -> Forced | None:
    if token not in _FORCED:
        raise NotationError(f"forced: {quote(token)} is not one of {', '.join(_FORCED)}")
    return _FORCED[token]


def _pending(token: str, rules: Rules) -> Capture | None:
    """The V6 capture attempted on the position and still open to a challenge, if any."""
    if token == NONE:
        return None
    if not rules.fals:
        raise NotationError(f"pending: {quote(token)}, but only rules with fals=true (V6) "
                            f"keep a capture pending")
    try:
        move = parse_move(token)
    except KaszinoError as error:
        raise NotationError(f"pending: {error}") from None
    if not isinstance(move, Capture):
        raise NotationError(f"pending: {quote(token)} is not a capture")
    return move
