"""Positions for the Scopa tests, built from a few named cards (the rest of the deck goes to piles),
and the engine's cards and moves as the clean-room referee writes them."""

from __future__ import annotations

import random

from scopa_referee import RefCard, RefMove

from kaszino.engine.cards import Card, parse_cards
from kaszino.games.scopa import ScopaMove, ScopaRules, ScopaState, new_game
from kaszino.games.scopa.deck import DECK


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text) if text.strip() else ()


def position(hand0: str, hand1: str, table: str, *, to_move: int = 0, dealer: int = 1, round: int = 6,
             talon: str = "", pile0: str | None = None, rules: ScopaRules | None = None,
             last_capturer: int | None = 1, scores: tuple[int, int] = (0, 0)) -> ScopaState:
    """A state with these hands and table; every other card in player 1's pile unless ``pile0`` is given
    (then player 0 holds those and player 1 the rest)."""
    named = cards(hand0) + cards(hand1) + cards(table) + cards(talon)
    mine = cards(pile0) if pile0 is not None else ()
    rest = tuple(card for card in DECK if card not in named and card not in mine)
    return ScopaState(
        rules=rules or ScopaRules(), hands=(cards(hand0), cards(hand1)), table=cards(table),
        talon=cards(talon), piles=(mine, rest if last_capturer is not None else ()), scopas=(0, 0),
        scores=scores, dealer=dealer, to_move=to_move, last_capturer=last_capturer, round=round,
        deal=2 if any(scores) else 1,
    )


def last_round(seed: int, rules: ScopaRules | None = None) -> ScopaState:
    """The first position of the last round of a game's first deal, played at random from ``seed``."""
    rnd = random.Random(seed)
    state = new_game(seed=seed, rules=rules)
    while not state.last_round:
        state = state.play(rnd.choice(state.legal_moves()))
    return state


def moves(state: ScopaState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


def ref(card: Card) -> RefCard:
    return (card.value, int(card.suit))


def ref_cards(cards: tuple[Card, ...]) -> list[RefCard]:
    return [ref(card) for card in cards]


def ref_move(move: ScopaMove) -> RefMove:
    return (ref(move.card), frozenset(ref_cards(move.taken)))
