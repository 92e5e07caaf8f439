"""Random positions of the open last round, dealt directly (for tests, benchmarks and puzzles).

A position is dealt from a shuffled deck: each player gets ``hand_size`` cards, the table
``table_size`` cards, and every other card of the deck lies in some player's pile, so the card
and spade counts are those of a real deal. ``bias`` tilts the piles towards player 0, which
decides the majorities early or leaves them open.
"""

from __future__ import annotations

import random
from typing import Literal

from kaszino.engine.cards import DECK, Card
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.state import GameState


def last_round_position(
    rng: random.Random,
    rules: Rules,
    *,
    table_size: int,
    hand_sizes: tuple[int, ...],
    bias: float = 0.5,
    forced: Literal["lay", "again"] | None = None,
) -> GameState:
    """A consistent open-last-round position; player ``rng``-chosen to move, nobody's first move."""
    players = rules.players
    if len(hand_sizes) != players or not any(hand_sizes):
        raise KaszinoError(f"need {players} hand sizes, not all zero; got {hand_sizes}")
    if table_size + sum(hand_sizes) > len(DECK):
        raise KaszinoError(f"{table_size} table cards and hands {hand_sizes} need more than the deck")
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
    movers = [p for p in range(players) if hands[p]]
    return GameState(
        rules=rules,
        hands=tuple(hands),
        table=table,
        talon=(),
        piles=tuple(tuple(pile) for pile in piles),
        tabla_points=tuple(rng.choice((0, 0, 1)) for _ in range(players)),
        bonus=(0,) * players,
        scores=(0,) * players,
        dealer=players - 1,
        to_move=rng.choice(movers),
        last_capturer=rng.randrange(players),
        round=rules.rounds,
        forced=forced,
    )
