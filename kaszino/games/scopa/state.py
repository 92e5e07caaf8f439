"""The immutable Scopa game state and the whole flow of a game (docs/scopa.md).

``state.step(move)`` returns the next state with the events the move set going (the shared kinds
of :mod:`kaszino.engine.events`); ``state.play(move)`` is the same without them, and leaves
``state`` as it was. ``legal_moves()`` lists every move the single-card priority and the
compulsory capture allow; ``problem(move)`` says, as a :class:`Refusal`, why a move is refused.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from kaszino.engine.cards import Card
from kaszino.engine.events import (
    Captured,
    DealOver,
    Dealt,
    Drew,
    Event,
    GameOver,
    Laid,
    LastRound,
    Leftovers,
    Redealt,
    RoundOver,
    Starts,
    Step,
    Swept,
)
from kaszino.engine.positions import PositionError, Problem, type_problems
from kaszino.engine.refusals import Refusal
from kaszino.engine.view import seat_fields
from kaszino.errors import NotationError, quote
from kaszino.games.scopa.captures import equal_cards, takes
from kaszino.games.scopa.deck import KING, capture_value, check_deck, shuffled_deck
from kaszino.games.scopa.moves import Move, NextDeal, ScopaMove, malformed
from kaszino.games.scopa.notation import Position, read_position, write_position
from kaszino.games.scopa.reachable import DOMAIN as POSITIONS_DOMAIN
from kaszino.games.scopa.reachable import problems as reachable_problems
from kaszino.games.scopa.reachable import unreachable
from kaszino.games.scopa.rules import HAND_SIZE, KINGS_FOR_REDEAL, ROUNDS, TABLE_START, ScopaRules
from kaszino.games.scopa.scoring import DealReport, deal_report, game_winner
from kaszino.games.scopa.view import PlayerView
from kaszino.inputs import MAX_SEED, check_type, check_whole

PLAYERS = 2
DEALT = PLAYERS * HAND_SIZE
"""Cards the hands take at each deal and draw."""
DOMAIN = "refusals_scopa"
Cards = tuple[Card, ...]
Zones = tuple[Cards, ...]


def _refusal(code: str, **fields: int | str | Card | Cards | None) -> Refusal:
    return Refusal.of(code, DOMAIN, **fields)


@dataclass(frozen=True, slots=True)
class ScopaState:
    """A whole Scopa game at one moment (two players, numbered 0 and 1)."""

    rules: ScopaRules
    hands: Zones
    table: Cards
    talon: Cards
    piles: Zones
    scopas: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int
    to_move: int
    last_capturer: int | None = None
    round: int = 1
    deal: int = 1
    winner: int | None = None
    finished: bool = False
    seed: int = 0

    # --- facts derived from the fields ------------------------------------------------
    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def first_player(self) -> int:
        """The dealer's opponent: he moves first in the deal and draws first."""
        return 1 - self.dealer

    @property
    def deal_over(self) -> bool:
        """Every card of the deal is played (the leftovers are already given away)."""
        return not self.talon and not any(self.hands)

    @property
    def last_round(self) -> bool:
        """The talon is empty: each player knows the other's hand by elimination."""
        return self.round == ROUNDS

    def deal_report(self) -> DealReport:
        """This deal's scoring on the piles as they are (final once the deal is over)."""
        return deal_report(self.piles, self.scopas, self.rules)

    def deal_scores(self) -> tuple[int, ...]:
        """This deal's points per player: all of them once the deal is over, the scopas before."""
        return self.deal_report().points if self.deal_over else self.scopas

    def totals(self) -> tuple[int, ...]:
        """Points per player: earlier deals, plus this deal's once it is over."""
        if not self.deal_over:
            return self.scores
        return tuple(s + d for s, d in zip(self.scores, self.deal_scores(), strict=True))

    # --- legal moves --------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now (each hand card with each choice it has)."""
        if self.finished:
            return []
        if self.deal_over:
            return [NextDeal()]
        hand = self.hands[self.to_move]
        return [ScopaMove(card, taken) for card in hand for taken in takes(card, self.table)]

    def problem(self, move: object) -> Refusal | None:
        """Why ``move`` may not be played now, or None if it may (junk values are refused too)."""
        if malformed(move):
            return _refusal("not_a_move", given=quote(move))
        if self.finished:
            return _refusal("game_over")
        if isinstance(move, NextDeal):
            return None if self.deal_over else _refusal("deal_not_over")
        assert isinstance(move, ScopaMove)
        if self.deal_over:
            return _refusal("deal_over")
        card, taken = move.card, move.taken
        if card not in self.hands[self.to_move]:
            return _refusal("not_in_hand", card=card, player=self.to_move)
        twice = tuple(sorted({card for card in taken if taken.count(card) > 1}))
        if twice:
            return _refusal("taken_twice", cards=twice)
        missing = tuple(other for other in taken if other not in self.table)
        if missing:
            return _refusal("not_on_table", cards=missing)
        choices = takes(card, self.table)
        if taken in {tuple(sorted(choice)) for choice in choices}:
            return None
        value = capture_value(card)
        if not taken:
            return _refusal("must_capture", card=card, value=value)
        equal = equal_cards(card, self.table)
        if equal:
            return _refusal("single_first", card=card, value=value, equal=equal)
        return _refusal("sums_differ", card=card, value=value, total=sum(map(capture_value, taken)))

    def is_legal(self, move: object) -> bool:
        return self.problem(move) is None

    # --- playing --------------------------------------------------------------------------
    def play(self, move: Move) -> ScopaState:
        """The state after ``move``; ``IllegalMoveError`` (naming why) if it is not allowed."""
        return self.step(move).state

    def step(self, move: Move) -> Step[ScopaState]:
        """The state after ``move`` and the events it set going, in order."""
        refusal = self.problem(move)
        if refusal is not None:
            shown = quote(move) if malformed(move) else str(move)
            raise refusal.error(f"illegal move {shown}")
        if isinstance(move, NextDeal):
            return self._next_deal()
        assert isinstance(move, ScopaMove)
        events: list[Event] = []
        state = self._move(move, events)
        if not any(state.hands):
            state = state._end_round(events)
        return Step(state, tuple(events))

    def _move(self, move: ScopaMove, events: list[Event]) -> ScopaState:
        p = self.to_move
        hands = _set(self.hands, p, tuple(c for c in self.hands[p] if c != move.card))
        state = replace(self, hands=hands, to_move=1 - p)
        if move.is_lay:
            events.append(Laid(p, move.card))
            return replace(state, table=self.table + (move.card,))
        table = tuple(c for c in self.table if c not in move.taken)
        events.append(Captured(p, (move.card,), move.taken))
        pile = self.piles[p] + (move.card,) + move.taken
        state = replace(state, table=table, piles=_set(self.piles, p, pile), last_capturer=p)
        if not table:
            points = int(self.rules.scopa and not state.deal_over)
            events.append(Swept(p, points))
            state = replace(state, scopas=_bump(state.scopas, p, points))
        return state

    def _end_round(self, events: list[Event]) -> ScopaState:
        events.append(RoundOver(self.round))
        if self.talon:
            first = self.first_player
            state = replace(self, hands=_two_hands(self.talon, first), talon=self.talon[DEALT:],
                            round=self.round + 1, to_move=first)
            events += [Drew((first, 1 - first), HAND_SIZE, "deal_order"),
                       Starts(first, state.round, "draws_first")]
            if state.last_round:
                events.append(LastRound(state.round, open=False))
            return state
        state = self
        if self.table:
            taker = self.last_capturer
            events.append(Leftovers(self.table, taker))
            if taker is not None:
                state = replace(self, table=(), piles=_set(self.piles, taker, self.piles[taker] + self.table))
        totals = state.totals()
        events.append(DealOver(self.deal, totals))
        winner = game_winner(totals, self.rules.target)
        if winner is None:
            return state
        events.append(GameOver(winner, totals))
        return replace(state, winner=winner, finished=True)

    def _next_deal(self) -> Step[ScopaState]:
        """Carry the totals over, pass the deal on and deal afresh from the game's seed."""
        dealer = 1 - self.dealer
        events: list[Event] = []
        state = deal_state(self.rules, self.seed, self.deal + 1, dealer, self.totals(), None, events)
        return Step(state, tuple(events))

    # --- what one player sees -------------------------------------------------------------
    def view(self, player: int) -> PlayerView:
        """What ``player`` may see now (docs/scopa.md): the other hand only once it is known."""
        check_whole("player", player, 0, PLAYERS - 1)
        return PlayerView(**seat_fields(self, player, self.last_round or self.deal_over), scopas=self.scopas)

    # --- text forms ------------------------------------------------------------------------
    def notation(self) -> str:
        """The one-line position notation (docs/scopa.md); :meth:`from_notation` reads it back."""
        return write_position(self.position())

    def position(self) -> Position:
        """The state's fields as a :class:`~kaszino.games.scopa.notation.Position`
        (``build(state.position()) == state``)."""
        return Position(**{name: getattr(self, name) for name in _FIELDS})

    @classmethod
    def from_notation(cls, text: str) -> ScopaState:
        """Read a position written by :meth:`notation`; ``NotationError`` names what is wrong.

        Positions no game reaches are refused (docs/scopa.md, "What a position may be").
        """
        position = read_position(text)
        problem = unreachable(position)
        if problem is not None:
            raise NotationError(f"{problem} (no game reaches this position)")
        return cls(**{name: getattr(position, name) for name in _FIELDS})

    def __str__(self) -> str:
        return self.notation()


_FIELDS = tuple(field.name for field in fields(Position))


def problems(position: Position) -> tuple[Problem, ...]:
    """Everything that keeps ``position`` from being one a game reaches: a field of the wrong type
    (:func:`~kaszino.engine.positions.type_problems`), else the checks of :mod:`.reachable`."""
    checked = check_type("position", position, Position)
    return type_problems(checked, POSITIONS_DOMAIN) or reachable_problems(checked)


def build(position: Position) -> ScopaState:
    """The state of ``position``; ``PositionError`` lists every problem when no game reaches it."""
    found = problems(position)
    if found:
        raise PositionError(found)
    return ScopaState(**{name: getattr(position, name) for name in _FIELDS})


def _two_hands(cards: Cards, first: int) -> Zones:
    """The next three of ``cards`` to ``first``, the three after them to the other player."""
    hands: list[Cards] = [(), ()]
    hands[first], hands[1 - first] = cards[:HAND_SIZE], cards[HAND_SIZE:DEALT]
    return tuple(hands)


def _kings_on_table(order: Cards) -> int:
    """The kings among the first table cards of a deal dealt from ``order``."""
    return sum(1 for card in order[DEALT:DEALT + TABLE_START] if card.value == KING)


def deal_state(rules: ScopaRules, seed: int, deal: int, dealer: int, scores: tuple[int, ...],
               deck: Cards | None, events: list[Event]) -> ScopaState:
    """The state at the start of a deal: from ``deck`` (else shuffled from the seed), redealt while
    the redeal switch calls for it; the redeals and the deal go into ``events``."""
    order = shuffled_deck(seed, deal) if deck is None else deck
    attempt = 0
    while rules.kings_redeal and _kings_on_table(order) >= KINGS_FOR_REDEAL:
        events.append(Redealt(deal, _kings_on_table(order)))
        attempt += 1
        order = shuffled_deck(seed, deal, attempt)
    first = 1 - dealer
    events.append(Dealt(deal, dealer, first))
    return ScopaState(rules=rules, hands=_two_hands(order, first), table=order[DEALT:DEALT + TABLE_START],
                      talon=order[DEALT + TABLE_START:], piles=((), ()), scopas=(0, 0), scores=scores,
                      dealer=dealer, to_move=first, deal=deal, seed=seed)


def new_game(seed: int | None = None, rules: ScopaRules | None = None, *, deck: Sequence[Card] | None = None,
             dealer: int | None = None) -> ScopaState:
    """A new game. ``seed`` makes every deal reproducible; ``deck`` fixes the first deal's order.

    By default player 1 deals, so player 0 moves first.
    """
    rules = ScopaRules() if rules is None else check_type("rules", rules, ScopaRules)
    seed = random.randrange(2**32) if seed is None else check_whole("seed", seed, 0, MAX_SEED)
    dealer = 1 if dealer is None else check_whole("dealer", dealer, 0, PLAYERS - 1)
    first_deck = None if deck is None else check_deck(deck)
    return deal_state(rules, seed, 1, dealer, (0, 0), first_deck, [])


def _set(values: Zones, index: int, value: Cards) -> Zones:
    return values[:index] + (value,) + values[index + 1:]


def _bump(values: tuple[int, ...], index: int, gain: int) -> tuple[int, ...]:
    return values[:index] + (values[index] + gain,) + values[index + 1:]
