"""Positions for the Scopa tests, built from a few named cards (the rest of the deck goes to piles),
and the engine's cards and moves as the clean-room referee writes them."""

from __future__ import annotations

import random
from dataclasses import fields

from scopa_referee import RefCard, RefMove

from kaszino.engine.cards import Card, parse_cards
from kaszino.games.scopa import ScopaMove, ScopaRules, ScopaState, new_game
from kaszino.games.scopa.deck import DECK
from kaszino.games.scopa.notation import Position
from kaszino.games.scopa.rules import HAND_SIZE
from kaszino.games.scopa.state import build


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text) if text.strip() else ()


def position(hand0: str, hand1: str, table: str, *, to_move: int = 0, dealer: int | None = None,
             round: int = 6, talon: str = "", pile0: str | None = None, rules: ScopaRules | None = None,
             last_capturer: int | None = 1, scores: tuple[int, int] = (0, 0),
             checked: bool = True) -> ScopaState:
    """A state with these hands and table; every other card in player 1's pile unless ``pile0`` is given
    (then player 0 holds those and player 1 the rest). The dealer, unless given, is the one whose
    opponent led this round (the player to move has as many cards as the other, or one more). Built
    by the one position builder: a position no game reaches is refused, naming why, unless
    ``checked=False`` (a rule's corner no game reaches, kept as it was: each such test says why)."""
    named = cards(hand0) + cards(hand1) + cards(table) + cards(talon)
    mine = cards(pile0) if pile0 is not None else ()
    rest = tuple(card for card in DECK if card not in named and card not in mine)
    made = Position(
        rules=rules or ScopaRules(), seed=0, hands=(cards(hand0), cards(hand1)), table=cards(table),
        talon=cards(talon), piles=(mine, rest if last_capturer is not None else ()), scopas=(0, 0),
        scores=scores, dealer=_dealer(to_move, cards(hand0), cards(hand1)) if dealer is None else dealer,
        to_move=to_move, last_capturer=last_capturer, round=round,
        deal=2 if any(scores) else 1, finished=False, winner=None,
    )
    return build(made) if checked else ScopaState(**{name: getattr(made, name) for name in STATE_FIELDS})


STATE_FIELDS = tuple(field.name for field in fields(Position))


def _dealer(to_move: int, hand0: tuple[Card, ...], hand1: tuple[Card, ...]) -> int:
    """The dealer under whom ``to_move`` moves with these hands: the first player (the dealer's
    opponent) has moved once more than the other after an odd number of cards played."""
    played = 2 * HAND_SIZE - len(hand0) - len(hand1)
    first = (to_move + played) % 2
    return 1 - first


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
