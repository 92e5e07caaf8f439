"""A Scopa move in words: why the engine takes it or refuses it (docs/scopa.md).

A capture is explained by the rule that allows it — a card of the same value taken alone (the
single-card priority), or a group adding up to the played card when no such card lies there; a
lay by the card's having nothing to take; a refused move by the engine's refusal, in the words
of :mod:`kaszino.teach.narrate`. The card values are the Scopa deck's (J 8, Q 9, K 10).
"""

from __future__ import annotations

from kaszino.engine.cards import Card
from kaszino.games.scopa.captures import equal_cards
from kaszino.games.scopa.deck import capture_value
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.state import ScopaState
from kaszino.i18n import language
from kaszino.inputs import check_type
from kaszino.teach.message import Message
from kaszino.teach.narrate import message_fields, refusal_message

DOMAIN = "scopa_moves"


def value_sum(cards: tuple[Card, ...]) -> str:
    """The capture values of ``cards`` added up as written: ``1+7``."""
    return "+".join(str(capture_value(card)) for card in cards)


def move_words(move: object) -> str:
    """A Scopa move in words in the current language (never its written form): :func:`move_message`."""
    return move_message(move).render(language())


def move_message(move: object) -> Message:
    """A Scopa move in words, as data (either language): what the card takes, with the values added
    up, or that it is laid."""
    if not isinstance(move, ScopaMove):  # the next deal
        return Message.in_domain(DOMAIN, "next_deal")
    if move.is_lay:
        return Message.in_domain(DOMAIN, "move_lay", **message_fields({"card": move.card}))
    fields = {"card": move.card, "taken": move.taken, "value": capture_value(move.card),
              "values": value_sum(move.taken)}
    return Message.in_domain(DOMAIN, "move_take", **message_fields(fields))


def explain_move(state: ScopaState, move: object) -> Message:
    """Why ``move`` may or may not be played in ``state``, as one sentence."""
    check_type("state", state, ScopaState)
    refusal = state.problem(move)
    if refusal is not None:
        return refusal_message(refusal)
    if not isinstance(move, ScopaMove):  # the next deal
        return Message.in_domain(DOMAIN, "next_deal")
    value = capture_value(move.card)
    fields = message_fields({"card": move.card, "taken": move.taken})
    if not move.taken:
        return Message.in_domain(DOMAIN, "lay", value=value, **fields)
    if equal_cards(move.card, state.table):
        return Message.in_domain(DOMAIN, "capture_equal", value=value, **fields)
    return Message.in_domain(DOMAIN, "capture_sum", value=value, sum=value_sum(move.taken), **fields)
