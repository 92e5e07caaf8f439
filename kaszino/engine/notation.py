"""The one-line position notation: a whole game state as ``key=value`` fields (docs/notation.md).

``to_notation(state)`` writes every field in a fixed order; ``from_notation(text)`` reads the
fields in any order, checks that they describe a possible position and rebuilds the state, so
``from_notation(state.notation()) == state`` for every state a game can reach.

A V6 capture that may still be challenged is written as the position *before* it plus the
attempted capture (``pending=…``); reading plays the capture again. The engine is
deterministic, so this is exact and needs no second, nested position.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import fields
from types import UnionType
from typing import Literal, Union, get_args, get_origin, get_type_hints, overload

from kaszino.engine.captures import Capture
from kaszino.engine.cards import DECK, Card
from kaszino.engine.moves import parse_move
from kaszino.engine.rules import PRESETS, Rules, preset
from kaszino.engine.state import Forced, GameState
from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.inputs import MAX_COUNT, MAX_SEED, check_type, read_whole

FIELDS = (
    "rules", "seed", "deal", "dealer", "scores", "round", "to_move", "forced", "last_capturer",
    "hands", "table", "talon", "piles", "tabla_points", "bonus", "result", "pending",
)
"""Every field of the notation, in the order ``to_notation`` writes them."""

MAX_LENGTH = 10_000
"""The longest notation read (a real one has about 400 characters)."""

NONE = "-"
"""The token for "nothing": no card, no player, no forced move, no pending capture, game going on."""

DRAW = "draw"
"""The ``result`` of a finished game without a winner (a tie under V4)."""

_FORCED: dict[str, Forced | None] = {NONE: None, "lay": "lay", "again": "again"}
_RULE_HINTS = get_type_hints(Rules)


# --- writing ---------------------------------------------------------------------------------
def to_notation(state: GameState) -> str:
    """The one-line notation of ``state``; :func:`from_notation` reads it back exactly."""
    check_type("state", state, GameState)
    base, pending = state, NONE
    if state.pending is not None:
        base, capture = state.pending.before, state.pending.capture
        if base.pending is not None or base.play(capture) != state:
            raise NotationError("pending: the attempted capture does not lead from its 'before' state here")
        pending = str(capture)
    if state.winner is not None and not state.finished:
        raise NotationError(f"result: a winner ({state.winner}) in a game that is not finished")
    values = {
        "rules": format_rules(base.rules),
        "seed": str(base.seed),
        "deal": str(base.deal),
        "dealer": str(base.dealer),
        "scores": _per_player(map(str, base.scores)),
        "round": str(base.round),
        "to_move": str(base.to_move),
        "forced": base.forced or NONE,
        "last_capturer": NONE if base.last_capturer is None else str(base.last_capturer),
        "hands": _per_player(map(_cards, base.hands)),
        "table": _cards(base.table),
        "talon": _cards(base.talon),
        "piles": _per_player(map(_cards, base.piles)),
        "tabla_points": _per_player(map(str, base.tabla_points)),
        "bonus": _per_player(map(str, base.bonus)),
        "result": result_token(base),
        "pending": pending,
    }
    return "; ".join(f"{key}={values[key]}" for key in FIELDS)


def result_token(state: GameState) -> str:
    """``-`` while the game goes on, the winner's number, or ``draw`` for a finished game without one."""
    check_type("state", state, GameState)
    return NONE if not state.finished else DRAW if state.winner is None else str(state.winner)


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


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards)) or NONE


def _per_player(items: Iterable[str]) -> str:
    return " | ".join(items)


# --- reading ---------------------------------------------------------------------------------
def from_notation(text: str) -> GameState:
    """Read a position written by :func:`to_notation`; ``NotationError`` names the bad field and token.

    Cards may be spelled as ``str(card)`` prints them (``10♦``) or in plain letters (``TD``, ``AS``).
    Positions no game can reach are refused (docs/notation.md, "What a position may be").
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is written as text (its notation), not {quote(text)}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a position's notation has at most {MAX_LENGTH} characters, not {len(text)}")
    raw = _fields(text)
    try:
        rules = parse_rules(raw["rules"])
    except NotationError as error:
        raise NotationError(f"rules: {error}") from None
    players = rules.players
    round_number = _number("round", raw["round"], 1, rules.rounds)
    hands = _card_lists("hands", raw["hands"], players)
    table = _card_list("table", raw["table"])
    talon = _card_list("talon", raw["talon"])
    piles = _card_lists("piles", raw["piles"], players)
    _check_cards({**_zones("hands", hands), "table": table, "talon": talon, **_zones("piles", piles)})
    _check_sizes(rules, round_number, hands, talon)
    finished, winner = _result(raw["result"], players)
    state = GameState(
        rules=rules,
        hands=hands,
        table=table,
        talon=talon,
        piles=piles,
        tabla_points=_points("tabla_points", raw["tabla_points"], players),
        bonus=_points("bonus", raw["bonus"], players),
        scores=_points("scores", raw["scores"], players),
        dealer=_player("dealer", raw["dealer"], players),
        to_move=_player("to_move", raw["to_move"], players),
        last_capturer=_player("last_capturer", raw["last_capturer"], players, optional=True),
        round=round_number,
        deal=_number("deal", raw["deal"], 1, rules.fixed_deals or MAX_COUNT),
        forced=_forced(raw["forced"]),
        winner=winner,
        finished=finished,
        seed=_number("seed", raw["seed"], 0, MAX_SEED),
    )
    if not state.deal_over and not hands[state.to_move]:
        raise NotationError(f"to_move: player {state.to_move} holds no cards, token {quote(raw['to_move'])}")
    _check_reachable(state)
    return _attempt(state, raw["pending"])


def _check_reachable(state: GameState) -> None:
    """Refuse the positions no game can reach that the field-by-field reading lets through."""
    problem = _unreachable(state)
    if problem is not None:
        raise NotationError(f"{problem} (no game reaches this position)")


def _unreachable(state: GameState) -> str | None:
    rules, players = state.rules, state.players
    previous = (state.to_move - 1) % players
    if state.deal == 1 and any(state.scores):
        return f"scores: {_totals(state.scores)} before deal 1 has ended; the first deal starts at 0"
    if state.forced == "lay" and state.table:
        return "forced: lay after a tábla, but the table is not empty"
    if state.forced == "again" and len(state.table) != 1:
        return "forced: again (second move after a tábla), but the table does not hold just the card laid"
    if state.forced is not None and state.last_capturer != previous:
        return (f"forced: {state.forced}, but last_capturer is not the player before {state.to_move}, "
                f"who made the tábla")
    if state.last_capturer is None and any(state.piles):
        return "piles: cards in the piles, but last_capturer is '-' (nobody has captured in this deal)"
    if state.last_capturer is not None and not state.piles[state.last_capturer]:
        return f"last_capturer: player {state.last_capturer} has an empty pile"
    for player in range(players):
        if state.tabla_points[player] and not state.piles[player]:
            return f"tabla_points[{player}]: points for táblák, but player {player} has an empty pile"
        if state.bonus[player] and not rules.fals:
            return f"bonus[{player}]: Fals! points, but the rules have fals=false"
    return _result_problem(state)


def _result_problem(state: GameState) -> str | None:
    """A result the rules could not have given, or an end they would have reached already."""
    rules, totals = state.rules, state.totals()
    best = max(totals)
    leaders = [p for p, total in enumerate(totals) if total == best]
    unique = leaders[0] if len(leaders) == 1 else None
    if rules.fixed_deals is not None:
        ends = state.deal_over and state.deal == rules.fixed_deals
        if state.finished != ends:
            return f"result: {result_token(state)}, but V4 ends the game just after deal {rules.fixed_deals}"
        if state.finished and state.winner != unique:
            expected = DRAW if unique is None else str(unique)
            return f"result: {result_token(state)}, but the totals {_totals(totals)} give {expected}"
        return None
    assert rules.target is not None
    if state.winner is not None and totals[state.winner] < rules.target:
        return (f"result: player {state.winner} wins with {totals[state.winner]} points, "
                f"below the target {rules.target}")
    if rules.target_check == "after_deal":
        ends = state.deal_over and best >= rules.target and unique is not None
        if state.finished != ends or (state.finished and state.winner != unique):
            return (f"result: {result_token(state)}, but with the totals {_totals(totals)} the deal "
                    f"{'decides' if ends else 'does not decide'} the game")
        return None
    if state.finished and state.winner is None:
        return "result: draw, but a race to the target has no draw"
    if not state.finished and rules.claim == "auto" and not rules.fals and best >= rules.target:
        return (f"result: -, but player {leaders[0]} holds {best} points, at least the target "
                f"{rules.target}, and claims are automatic")
    return None


def _totals(totals: tuple[int, ...]) -> str:
    return " | ".join(map(str, totals))


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


def _fields(text: str) -> dict[str, str]:
    """The ``key=value`` pieces of a notation, each key known and present once."""
    raw: dict[str, str] = {}
    for piece in text.split(";"):
        if not piece.strip():
            continue
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
        raise NotationError(f"missing field{'s' if len(missing) > 1 else ''}: {', '.join(missing)}")
    return raw


def _split(field: str, value: str, players: int) -> list[str]:
    items = [item.strip() for item in value.split("|")]
    if len(items) != players:
        raise NotationError(f"{field}: {len(items)} entries separated by '|' in {quote(value)}, "
                            f"but the rules have {players} players")
    return items


def _card_list(field: str, value: str) -> tuple[Card, ...]:
    if value == NONE:
        return ()
    try:
        return tuple(Card.parse(token) for token in re.split(r"[\s,]+", value) if token)
    except KaszinoError as error:
        raise NotationError(f"{field}: {error}") from None


def _card_lists(field: str, value: str, players: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(_card_list(f"{field}[{p}]", item) for p, item in enumerate(_split(field, value, players)))


def _zones(field: str, lists: tuple[tuple[Card, ...], ...]) -> dict[str, tuple[Card, ...]]:
    return {f"{field}[{p}]": cards for p, cards in enumerate(lists)}


def _check_cards(zones: dict[str, tuple[Card, ...]]) -> None:
    """Every card of the deck exactly once across all zones; name what is repeated or missing."""
    where: dict[Card, list[str]] = {}
    for zone, cards in zones.items():
        for card in cards:
            where.setdefault(card, []).append(zone)
    repeated = [f"{card} in {' and '.join(found)}" for card, found in sorted(where.items()) if len(found) > 1]
    if repeated:
        raise NotationError(f"cards: each card must appear once; repeated: {'; '.join(repeated)}")
    missing = [str(card) for card in DECK if card not in where]
    if missing:
        raise NotationError(f"cards: missing {' '.join(missing)} (each of the 52 cards must be "
                            f"in hands, table, talon or piles)")


def _check_sizes(rules: Rules, round_number: int, hands: tuple[tuple[Card, ...], ...],
                 talon: tuple[Card, ...]) -> None:
    """Hands no bigger than the round deals, and a talon of exactly the rounds still to come."""
    dealt = rules.hand_size(round_number)
    for player, hand in enumerate(hands):
        if len(hand) > dealt:
            raise NotationError(f"hands[{player}]: {len(hand)} cards, but round {round_number} deals {dealt}")
    left = rules.talon_after(round_number)
    if len(talon) != left:
        raise NotationError(f"talon: {len(talon)} cards, but after round {round_number} of {rules.rounds} "
                            f"the talon holds {left}")


def _number(field: str, token: str, low: int = 0, high: int = MAX_COUNT) -> int:
    return read_whole(field, token, low, high, NotationError)


@overload
def _player(field: str, token: str, players: int) -> int: ...
@overload
def _player(field: str, token: str, players: int, *, optional: bool) -> int | None: ...
def _player(field: str, token: str, players: int, *, optional: bool = False) -> int | None:
    if optional and token == NONE:
        return None
    player = _player_number(token, players)
    if player is None:
        raise NotationError(f"{field}: {quote(token)} is not a player (players are 0..{players - 1})")
    return player


def _points(field: str, value: str, players: int) -> tuple[int, ...]:
    tokens = _split(field, value, players)
    return tuple(_number(f"{field}[{p}]", token) for p, token in enumerate(tokens))


def _forced(token: str) -> Forced | None:
    if token not in _FORCED:
        raise NotationError(f"forced: {quote(token)} is not one of {', '.join(_FORCED)}")
    return _FORCED[token]


def _result(token: str, players: int) -> tuple[bool, int | None]:
    """``(finished, winner)`` from ``-``, a player number or ``draw``."""
    if token == NONE:
        return False, None
    if token == DRAW:
        return True, None
    winner = _player_number(token, players)
    if winner is None:
        raise NotationError(f"result: {quote(token)} is not '-', '{DRAW}' or a player 0..{players - 1}")
    return True, winner


def _player_number(token: str, players: int) -> int | None:
    """The player 0..players-1 that ``token`` names (read by the one number reader), or None."""
    try:
        return read_whole("player", token, 0, players - 1)
    except KaszinoError:
        return None


def _attempt(state: GameState, token: str) -> GameState:
    """Play the pending V6 capture, if there is one, on the position before it."""
    if token == NONE:
        return state
    if not state.rules.fals:
        raise NotationError(f"pending: {quote(token)}, but only rules with fals=true (V6) "
                            f"keep a capture pending")
    try:
        move = parse_move(token)
    except KaszinoError as error:
        raise NotationError(f"pending: {error}") from None
    if not isinstance(move, Capture):
        raise NotationError(f"pending: {quote(token)} is not a capture")
    try:
        return state.play(move)
    except KaszinoError as error:
        raise NotationError(f"pending: {error}") from None
