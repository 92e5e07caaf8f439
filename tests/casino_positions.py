"""Positions for the Casino tests, built from a few named cards (the rest of the deck goes to piles),
and the engine's cards and moves as the clean-room referee (tests/casino_referee.py) writes them."""

from __future__ import annotations

from dataclasses import fields

from casino_referee import RefCard, RefMove

from kaszino.engine.cards import DECK, Card, parse_cards
from kaszino.games.casino import Build, BuildMove, Capture, CasinoRules, CasinoState, Move, Trail
from kaszino.games.casino.notation import Position
from kaszino.games.casino.rules import HAND_SIZE
from kaszino.games.casino.state import build as casino_build


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text) if text.strip() else ()


def build(text: str, owner: int) -> Build:
    """A build from ``'5♥+3♣=8'`` or ``'2♥+5♦,3♣+4♠,7♥=7'``."""
    groups, _, value = text.partition("=")
    return Build(tuple(cards(group.replace("+", " ")) for group in groups.split(",")), int(value), owner)


def position(*hands: str, table: str = "", builds: tuple[Build, ...] = (), to_move: int = 0,
             dealer: int | None = None, talon: str = "", rules: CasinoRules | None = None,
             last_capturer: int | None = 1, scores: tuple[int, ...] | None = None,
             checked: bool = True) -> CasinoState:
    """A state of the last hand with these hands, loose table cards and builds; every other card in
    the pile of ``last_capturer`` (of player 1 when there is none: then the piles are empty and the
    rest lies in the talon). The dealer, unless given, is the one under whom ``to_move`` moves after
    the cards played from these hands. Built by the one position builder: a position no game
    reaches is refused, naming why, unless ``checked=False`` (cards dealt out for a caller that sets
    out its own position, or a rule's corner no game reaches: each such caller says why)."""
    rules = rules or CasinoRules(players=len(hands))
    named = [c for text in (*hands, table, talon) for c in cards(text)] + [c for b in builds for c in b.cards]
    rest = tuple(card for card in DECK if card not in named)
    piles = [() for _ in hands]
    if last_capturer is not None:
        piles[last_capturer] = rest
    made = Position(
        rules=rules, seed=0, hands=tuple(cards(hand) for hand in hands), table=cards(table), builds=builds,
        talon=cards(talon) if talon or last_capturer is not None else rest, piles=tuple(piles),
        scores=scores or (0,) * rules.sides,
        dealer=_dealer(to_move, [cards(hand) for hand in hands]) if dealer is None else dealer,
        to_move=to_move, last_capturer=last_capturer, round=rules.rounds,
        deal=2 if scores and any(scores) else 1, finished=False, winner=None,
    )
    if checked:
        return casino_build(made)
    return CasinoState(**{name: getattr(made, name) for name in STATE_FIELDS})


STATE_FIELDS = tuple(field.name for field in fields(Position))


def _dealer(to_move: int, hands: list[tuple[Card, ...]]) -> int:
    """The dealer under whom ``to_move`` moves after the cards played from these hands (the player
    after the dealer leads, the turn goes round)."""
    players = len(hands)
    played = HAND_SIZE * players - sum(map(len, hands))
    return (to_move - played - 1) % players


def moves(state: CasinoState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


def ref(card: Card) -> RefCard:
    return (card.value, int(card.suit))


def ref_cards(cards: tuple[Card, ...]) -> list[RefCard]:
    return [ref(card) for card in cards]


def _group(cards: tuple[Card, ...]) -> frozenset[RefCard]:
    return frozenset(ref_cards(cards))


def ref_move(move: Move) -> RefMove:
    if isinstance(move, Trail):
        return ("trail", ref(move.card))
    if isinstance(move, Capture):
        return ("capture", ref(move.card), frozenset(map(_group, move.groups)),
                frozenset(map(_group, move.builds)))
    assert isinstance(move, BuildMove)
    return ("build", ref(move.card), move.value, frozenset(map(_group, move.groups)),
            None if move.build is None else _group(move.build))
