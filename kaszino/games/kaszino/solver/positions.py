"""Random positions of the open last round, made by the one position builder (for tests and benchmarks).

A position is dealt from a shuffled deck: each player gets ``hand_size`` cards, the table
``table_size`` cards, and every other card of the deck lies in some player's pile, so the card
and spade counts are those of a real deal. ``bias`` tilts the piles towards player 0, which
decides the majorities early or leaves them open. A draw that no game reaches (under automatic
claims a pile that already holds the target, a last capturer with an empty pile, tábla points
no pile of that size makes) is refused by :func:`~kaszino.games.kaszino.state.build` and drawn
again from the same generator.
"""

from __future__ import annotations

import random

from kaszino.engine.cards import DECK, Card
from kaszino.engine.positions import PositionError
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.moves import Forced
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.state import GameState, build, problems

TRIES = 100
"""Draws before :func:`last_round_position` gives up (a refused draw is rare: 7 in 1,000 under the
standard rules with a 4-card table and two hands of 3)."""


def last_round_position(
    rng: random.Random,
    rules: Rules,
    *,
    table_size: int,
    hand_sizes: tuple[int, ...],
    bias: float = 0.5,
    forced: Forced | None = None,
    to_move: int | None = None,
) -> GameState:
    """A reachable open-last-round position; ``to_move`` (else an ``rng``-chosen player with cards)
    to move, nobody's first move. After a tábla (``forced``) the player before the mover swept:
    ``"lay"`` needs an empty table, ``"again"`` a table of the one card laid."""
    players = rules.players
    if len(hand_sizes) != players or not any(hand_sizes):
        raise KaszinoError(f"need {players} hand sizes, not all zero; got {hand_sizes}")
    if table_size + sum(hand_sizes) > len(DECK):
        raise KaszinoError(f"{table_size} table cards and hands {hand_sizes} need more than the deck")
    if to_move is not None and not (0 <= to_move < players and hand_sizes[to_move]):
        raise KaszinoError(f"to_move: player {to_move} must be at the table and hold cards; "
                           f"hands {hand_sizes}")
    if forced not in forced_moves(table_size):
        raise KaszinoError(f"forced={quote(forced)}: after a tábla the table holds no card (lay) or the "
                           f"one card laid (again), not {table_size}")
    for _ in range(TRIES):
        draft = _draw(rng, rules, table_size, hand_sizes, bias, forced, to_move)
        if not problems(draft):
            return build(draft)
    raise PositionError(problems(draft))


def forced_moves(table_size: int) -> tuple[Forced | None, ...]:
    """The moves after a tábla a last round with ``table_size`` cards on the table can be in (None: no
    tábla just made): the sweeper lays on an empty table, then moves again with the one card laid."""
    return (None, *(("lay",) if table_size == 0 else ("again",) if table_size == 1 else ()))


def _draw(
    rng: random.Random,
    rules: Rules,
    table_size: int,
    hand_sizes: tuple[int, ...],
    bias: float,
    forced: Forced | None,
    to_move: int | None,
) -> PositionDraft:
    """One random draw of :func:`last_round_position`, not yet checked."""
    players = rules.players
    deck = list(DECK)
    rng.shuffle(deck)
    hands = []
    for size in hand_sizes:
        hands.append(tuple(deck[:size]))
        del deck[:size]
    table = tuple(deck[:table_size])
    piles: list[list[Card]] = [[] for _ in range(players)]
    for card in deck[table_size:]:
        owner = 0 if rng.random() < bias else rng.randrange(1, players)
        piles[owner].append(card)
    tabla_points = tuple(rng.choice((0, 0, 1)) for _ in range(players))
    mover = rng.choice([p for p in range(players) if hands[p]]) if to_move is None else to_move
    capturer = rng.randrange(players)
    return PositionDraft(
        rules=rules,
        hands=tuple(hands),
        table=table,
        talon=(),
        piles=tuple(tuple(pile) for pile in piles),
        tabla_points=tabla_points,
        bonus=(0,) * players,
        scores=(0,) * players,
        dealer=players - 1,
        to_move=mover,
        last_capturer=capturer if forced is None else (mover - 1) % players,
        round=rules.rounds,
        forced=forced,
    )
