"""A Casino move in words (docs/casino.md): what it does, and why the engine takes or refuses it.

:func:`move_message` says a move as a learner reads it — "8♠ takes 8♥, 2♣ 6♦ (together 8), the build of 8
(3♣ 5♥)" — never in the move notation; a group of cards is said with the sum it makes.
:func:`explain_move` gives the rule that allows a legal move, or the engine's refusal of another.
Both read a move alone: a raise is told from an addition by its value (a raise is worth more than
the cards of the build it raises; an addition keeps the build's value, at most their sum).
"""

from __future__ import annotations

from collections.abc import Iterable

from kaszino.engine.cards import Card, card_sum
from kaszino.games.casino.builds import Cards
from kaszino.games.casino.deck import is_number
from kaszino.games.casino.moves import BuildMove, Capture, Trail
from kaszino.games.casino.state import CasinoState
from kaszino.inputs import check_type
from kaszino.teach.message import Field, Joined, Message
from kaszino.teach.narrate import message_fields, refusal_message

DOMAIN = "casino_moves"


def _cards(cards: Cards) -> str:
    return " ".join(map(str, cards))


def _items(groups: tuple[Cards, ...], builds: tuple[Cards, ...] = (), value: int = 0) -> Joined:
    """Loose groups (a lone card, or ``2♣ 6♦ (together 8)``) and builds of ``value`` (named by their
    cards), in a row."""
    parts: list[Field] = [str(group[0]) if len(group) == 1 else
                          Message.in_domain(DOMAIN, "item_group", cards=_cards(group), value=card_sum(group))
                          for group in groups]
    parts += [Message.in_domain(DOMAIN, "item_build", **message_fields({"value": value, "cards": build}))
              for build in builds]
    return Joined(tuple(parts))


def _fields(card: Card, **values: object) -> dict[str, Field]:
    return message_fields({"card": card, **values})


def moves_by_kind(moves: Iterable[object]) -> Joined:
    """How many captures, build moves and trails ``moves`` hold, the kinds there are any of, in words:
    "2 captures, 1 build move, 3 trails" (nothing for the other moves, such as the next deal)."""
    moves = tuple(moves)
    counts = ((kind, sum(isinstance(move, move_type) for move in moves))
              for kind, move_type in (("capture", Capture), ("build", BuildMove), ("trail", Trail)))
    return Joined(tuple(Message.in_domain(DOMAIN, f"kind_{kind}", count=count)
                        for kind, count in counts if count))


def raises(move: BuildMove) -> bool:
    """Whether ``move`` raises the build it names (rather than adding to it or making a new one)."""
    return move.build is not None and move.value > card_sum(move.build)


def move_message(move: object) -> Message:
    """``move`` as a learner reads it (see the module docstring)."""
    if isinstance(move, Trail):
        return Message.in_domain(DOMAIN, "trail", **_fields(move.card))
    if isinstance(move, Capture):
        items = _items(move.groups, move.builds, move.card.value)
        return Message.in_domain(DOMAIN, "capture", items=items, **_fields(move.card))
    if not isinstance(move, BuildMove):
        return Message.in_domain(DOMAIN, "next_deal")
    items = _items(move.groups)
    if move.build is None:
        return Message.in_domain(DOMAIN, "build", items=items, **_fields(move.card, value=move.value))
    build = _cards(move.build)
    if raises(move):
        name = "raise_with" if move.groups else "raise"
        return Message.in_domain(DOMAIN, name, items=items, build=build, old=card_sum(move.build),
                                 **_fields(move.card, value=move.value))
    name = "add_with" if move.groups else "add"
    return Message.in_domain(DOMAIN, name, items=items, build=build, **_fields(move.card, value=move.value))


def explain_move(state: CasinoState, move: object) -> Message:
    """Why ``move`` may be played in ``state`` (the rule that allows it), or the engine's refusal."""
    check_type("state", state, CasinoState)
    refusal = state.problem(move)
    if refusal is not None:
        return refusal_message(refusal)
    if isinstance(move, Trail):
        return Message.in_domain(DOMAIN, "why_trail")
    if isinstance(move, Capture):
        name = "why_capture" if is_number(move.card) else "why_face"
        return Message.in_domain(DOMAIN, name, **_fields(move.card, value=move.card.value))
    if not isinstance(move, BuildMove):
        return Message.in_domain(DOMAIN, "next_deal")
    if move.build is None:
        return Message.in_domain(DOMAIN, "why_build", value=move.value)
    if raises(move):
        return Message.in_domain(DOMAIN, "why_raise_with" if move.groups else "why_raise",
                                 old=card_sum(move.build), card_value=move.card.value, value=move.value)
    return Message.in_domain(DOMAIN, "why_add", value=move.value)
