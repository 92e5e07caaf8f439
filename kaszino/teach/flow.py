"""What a move sets going beyond itself, in words: the flow of a deal (docs/rules.md §3, §4).

``flow_events(before, move, after)`` lists, as :class:`~kaszino.teach.explain.Message` values,
what happened around the move: a tábla and the forced lay it brings, the same player moving
again because the other hand is empty, the end of a round with the order of drawing and who
starts, the open last round, and the end of the deal with where the cards left on the table
went. The table widget says these after a move, the deal viewer beside every step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaszino.engine.captures import Capture
from kaszino.engine.cards import Card, format_cards
from kaszino.engine.moves import Lay, Move
from kaszino.teach.explain import Message, ordinal_fields, player_fields

if TYPE_CHECKING:
    from kaszino.engine.state import GameState


def _say(name: str, **fields: str | int) -> Message:
    return Message.in_domain("flow", name, **fields)


def table_after_move(before: GameState, move: Move) -> tuple[Card, ...]:
    """The table right after ``move``, before the end of the deal may give its cards away."""
    if isinstance(move, Capture):
        return tuple(card for card in before.table if card not in move.table)
    if isinstance(move, Lay):
        return before.table + (move.card,)
    return before.table


def flow_events(before: GameState, move: Move, after: GameState) -> tuple[Message, ...]:
    """What ``move`` (played by ``before.to_move``) set going, in the order it happened."""
    if not isinstance(move, (Capture, Lay)):
        return ()
    mover = before.to_move
    events: list[Message] = []
    if after.tabla_points[mover] > before.tabla_points[mover]:
        gain = after.tabla_points[mover] - before.tabla_points[mover]
        events.append(_say("tabla", points=gain, **player_fields("p", mover)))
    if after.deal_over or after.finished:
        events.extend(_deal_end(before, move, after))
    elif after.round > before.round:
        events.extend(_new_round(before, after))
    elif after.forced == "lay":
        events.append(_say("forced_lay", **player_fields("p", after.to_move)))
    elif after.forced == "again":
        events.append(_say("forced_again", **player_fields("p", after.to_move)))
    elif after.to_move == mover:
        other = (mover + 1) % before.players
        events.append(_say("moves_again", **player_fields("p", mover), **player_fields("q", other)))
    return tuple(events)


def _new_round(before: GameState, after: GameState) -> list[Message]:
    first_drawer = before.first_player if before.last_capturer is None else before.last_capturer
    why = "draw_last_capturer" if before.last_capturer is not None else "draw_first_player"
    events = [
        _say("round_over", **ordinal_fields("r", before.round)),
        _say(why, **player_fields("p", first_drawer)),
        _say("starts", **player_fields("p", after.to_move)),
    ]
    if after.open_round:
        events.append(_say("open_round"))
    return events


def _deal_end(before: GameState, move: Move, after: GameState) -> list[Message]:
    leftover = table_after_move(before, move)
    events = [_say("deal_over")]
    if not leftover:
        events.append(_say("no_leftover"))
    elif after.last_capturer is None:
        events.append(_say("leftover_nobody", cards=format_cards(leftover)))
    else:
        events.append(_say("leftover", cards=format_cards(leftover),
                                 **player_fields("p", after.last_capturer)))
    return events
