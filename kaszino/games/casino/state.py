"""The immutable Casino game state and the whole flow of a game (docs/casino.md).

``state.step(move)`` returns the next state with the events the move set going (the shared kinds
of :mod:`kaszino.engine.events`, with ``Built``, ``Raised`` and ``Added`` for the builds);
``state.play(move)`` is the same without them, and leaves ``state`` as it was. ``legal_moves()``
lists every move of :mod:`.captures` that the builds' owners allow; ``problem(move)`` says, as a
:class:`Refusal`, why a move is refused.

The owners' rule is one check: after a move, the mover keeps in hand a card of the value of
every build he owns (the one he just made, raised or added to among them), so an owner never
spends his last card of a build's value elsewhere and leaves the build behind. An owner may not
trail at all.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace

from kaszino.engine.cards import Card, card_sum
from kaszino.engine.events import (
    Added,
    Built,
    Captured,
    DealOver,
    Dealt,
    Drew,
    Event,
    GameOver,
    Laid,
    LastRound,
    Leftovers,
    Raised,
    RoundOver,
    Starts,
    Step,
    Swept,
)
from kaszino.engine.positions import PositionError, Problem, type_problems
from kaszino.engine.refusals import Refusal
from kaszino.engine.view import seat_fields
from kaszino.errors import NotationError, quote
from kaszino.games.casino.builds import Build, Cards, Groups
from kaszino.games.casino.captures import build_moves, captures
from kaszino.games.casino.deck import LARGEST, check_deck, is_number, shuffled_deck
from kaszino.games.casino.history import Turn
from kaszino.games.casino.moves import BuildMove, Capture, Move, NextDeal, Play, Trail, malformed
from kaszino.games.casino.notation import Position, read_position, write_position
from kaszino.games.casino.reachable import DOMAIN as POSITIONS_DOMAIN
from kaszino.games.casino.reachable import problems as reachable_problems
from kaszino.games.casino.reachable import unreachable
from kaszino.games.casino.rules import HAND_SIZE, MIN_BUILD, TABLE_START, CasinoRules
from kaszino.games.casino.scoring import SWEEP_POINTS, DealReport, deal_report, game_winner
from kaszino.games.casino.view import PlayerView
from kaszino.inputs import MAX_SEED, check_type, check_whole

DOMAIN = "refusals_casino"
Zones = tuple[Cards, ...]


def _refusal(code: str, **fields: int | str | Card | Cards | None) -> Refusal:
    return Refusal.of(code, DOMAIN, **fields)


@dataclass(frozen=True, slots=True)
class CasinoState:
    """A whole Casino game at one moment (2–4 players, numbered from 0; with four, 0 and 2 play
    against 1 and 3). ``table`` holds the loose cards, ``builds`` the builds; ``scores`` has one
    entry a side (:meth:`CasinoRules.side`)."""

    rules: CasinoRules
    hands: Zones
    table: Cards
    builds: tuple[Build, ...]
    talon: Cards
    piles: Zones
    scores: tuple[int, ...]
    dealer: int
    to_move: int
    last_capturer: int | None = None
    round: int = 1
    deal: int = 1
    winner: int | None = None
    """The winning side (with four players 0: players 0 and 2, 1: players 1 and 3)."""
    finished: bool = False
    seed: int = 0
    turns: tuple[Turn, ...] = field(default=(), compare=False)
    """The moves of the hand in play, each with the table it was made on: public, so part of every
    view, but no part of the position (the notation leaves it out, and equality ignores it)."""

    # --- facts derived from the fields ------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def first_player(self) -> int:
        """The player after the dealer: he moves first in every hand of the deal."""
        return (self.dealer + 1) % self.players

    @property
    def deal_over(self) -> bool:
        """Every card of the deal is played (the leftovers are already given away)."""
        return not self.talon and not any(self.hands)

    @property
    def last_round(self) -> bool:
        """The last hand of the deal (announced): the talon is used up."""
        return self.round == self.rules.rounds

    def deal_report(self) -> DealReport:
        """This deal's scoring on the piles as they are (final once the deal is over)."""
        return deal_report(self.piles, self.rules)

    def deal_scores(self) -> tuple[int, ...]:
        """This deal's points per player (a team's for each partner) once the deal is over; 0 before."""
        points = self.deal_report().points if self.deal_over else (0,) * self.rules.sides
        return tuple(points[self.rules.side(player)] for player in range(self.players))

    def totals(self) -> tuple[int, ...]:
        """Points per player (a team's for each partner): earlier deals, plus this deal's once it is over."""
        deal = self.deal_scores()
        return tuple(self.scores[self.rules.side(player)] + deal[player] for player in range(self.players))

    def owned(self, player: int) -> tuple[Build, ...]:
        """The builds on the table that ``player`` owns."""
        return tuple(build for build in self.builds if build.owner == player)

    # --- legal moves --------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now."""
        if self.finished:
            return []
        if self.deal_over:
            return [NextDeal()]
        return self._plays(every=True)

    def legal_captures(self) -> list[Capture]:
        """The captures among :meth:`legal_moves`, in the same order (a search that asks only what
        can be taken now is spared the builds)."""
        if self.finished or self.deal_over:
            return []
        return [move for move in self._plays(every=False) if isinstance(move, Capture)]

    def _plays(self, every: bool) -> list[Move]:
        """The legal moves of the player to move: every one, or (not ``every``) the captures."""
        hand = self.hands[self.to_move]
        owner = bool(self.owned(self.to_move))
        moves: list[Move] = []
        for index, card in enumerate(hand):
            rest = hand[:index] + hand[index + 1:]
            kept = [other.value for other in rest if is_number(other)] if every else []
            plays: list[Capture | BuildMove] = [*captures(card, self.table, self.builds),
                                 *build_moves(card, kept, self.table, self.builds)]
            if owner:  # a build move keeps a card of its own value by construction; the others' are checked
                moves += [move for move in plays if self._unkept(move, rest) is None]
            else:
                moves += [*plays, *((Trail(card),) if every else ())]
        return moves

    def problem(self, move: object) -> Refusal | None:
        """Why ``move`` may not be played now, or None if it may (junk values are refused too)."""
        if malformed(move):
            return _refusal("not_a_move", given=quote(move))
        if self.finished:
            return _refusal("game_over")
        if isinstance(move, NextDeal):
            return None if self.deal_over else _refusal("deal_not_over")
        assert isinstance(move, Trail | Capture | BuildMove)
        if self.deal_over:
            return _refusal("deal_over")
        hand = self.hands[self.to_move]
        if move.card not in hand:
            return _refusal("not_in_hand", card=move.card, player=self.to_move)
        if isinstance(move, Trail):
            owned = self.owned(self.to_move)
            return _refusal("owner_trails", value=owned[0].value, build=owned[0].cards) if owned else None
        found = self._named_problem(move) or (
            self._capture_problem(move) if isinstance(move, Capture) else self._build_problem(move))
        if found is not None:
            return found
        unkept = self._unkept(move, tuple(card for card in hand if card != move.card))
        if unkept is None:
            return None
        if isinstance(move, BuildMove) and unkept.value == move.value:
            return _refusal("keeps_no_card", value=move.value)
        return _refusal("leaves_build", card=move.card, value=unkept.value, build=unkept.cards)

    def is_legal(self, move: object) -> bool:
        return self.problem(move) is None

    def _build_of(self, key: Cards) -> Build | None:
        return next((build for build in self.builds if build.key == key), None)

    def _named_problem(self, move: Capture | BuildMove) -> Refusal | None:
        """Cards named twice, not on the table, or a build named by part of it or split."""
        named_builds = _named_builds(move)
        named = [card for item in (*move.groups, *named_builds) for card in item]
        twice = tuple(sorted({card for card in named if named.count(card) > 1 or card == move.card}))
        if twice:
            return _refusal("taken_twice", cards=twice)
        in_builds = {card: build for build in self.builds for card in build.cards}
        missing = tuple(card for card in named if card not in self.table and card not in in_builds)
        if missing:
            return _refusal("not_on_table", cards=missing)
        for group in move.groups:
            split = next((in_builds[card] for card in group if card in in_builds), None)
            if split is not None:
                return _refusal("build_split", build=split.cards, value=split.value)
        for key in named_builds:
            if self._build_of(key) is None:
                return _refusal("not_a_build", cards=key)
        return None

    def _capture_problem(self, move: Capture) -> Refusal | None:
        card, value = move.card, move.card.value
        if not is_number(card):
            only = len(move.groups) == 1 and len(move.groups[0]) == 1 and not move.builds
            return None if only and move.groups[0][0].value == value else _refusal("face_takes_rank",
                                                                                     card=card)
        if not move.groups and not move.builds:
            return _refusal("nothing_taken", card=card)
        # A build of another value is told first: a learner who adds a loose card to a build to
        # make the played card's value has misread what a build is, not how a group sums.
        named = [build for key in move.builds if (build := self._build_of(key)) is not None]
        other = next((build for build in named if build.value != value), None)
        if other is not None:
            return _refusal("build_value", card=card, value=value, build=other.cards, build_value=other.value)
        return self._groups_problem(card, value, move.groups)

    def _groups_problem(self, card: Card, value: int, groups: Groups) -> Refusal | None:
        for group in groups:
            faces = tuple(other for other in group if not is_number(other))
            if faces:
                return _refusal("face_in_sum", cards=faces)
            if card_sum(group) != value:
                return _refusal("group_sum", card=card, value=value, group=group, total=card_sum(group))
        return None

    def _build_problem(self, move: BuildMove) -> Refusal | None:
        card, value = move.card, move.value
        if not is_number(card):
            return _refusal("face_cannot_build", card=card)
        if not MIN_BUILD <= value <= LARGEST:
            return _refusal("build_range", value=value)
        if card.value > value:
            return _refusal("card_over_value", card=card, value=value)
        target = None if move.build is None else self._build_of(move.build)
        if target is not None and target.value != value:
            if not target.single:
                return _refusal("multiple_fixed", build=target.cards, value=target.value)
            if target.value + card.value != value:
                return _refusal("raise_by_card", card=card, old=target.value, value=value,
                                total=target.value + card.value)
            return self._groups_problem(card, value, move.groups)
        if card.value < value:
            need = value - card.value
            partners = [group for group in move.groups
                        if card_sum(group) == need and all(map(is_number, group))]
            if len(partners) != 1:
                return _refusal("partner_sum", card=card, value=value, need=need)
            return self._groups_problem(card, value, tuple(g for g in move.groups if g is not partners[0]))
        if not move.groups and target is None:
            return _refusal("no_table_card", card=card, value=value)
        return self._groups_problem(card, value, move.groups)

    def _unkept(self, move: Capture | BuildMove, rest: Cards) -> Build | None:
        """The first build the mover would own after ``move`` without a card of its value left in ``rest``."""
        values = {card.value for card in rest}
        _, builds, _ = self._after(move)
        mine = (build for build in builds if build.owner == self.to_move)
        return next((build for build in mine if build.value not in values), None)

    # --- playing --------------------------------------------------------------------------
    def _after(self, move: Capture | BuildMove) -> tuple[Cards, tuple[Build, ...], Build | None]:
        """The loose cards and builds after ``move`` (a legal one), and the build it made or changed."""
        p, card = self.to_move, move.card
        if isinstance(move, Capture):
            taken = set(move.taken)
            return (tuple(c for c in self.table if c not in taken),
                    tuple(b for b in self.builds if b.key not in move.builds), None)
        loose = tuple(c for c in self.table if c not in set(move.loose))
        target = None if move.build is None else self._build_of(move.build)
        own = [g for g in move.groups if card_sum(g) == move.value - card.value][:1]
        others = tuple(g for g in move.groups if not own or g is not own[0])
        if target is None:
            made = Build(((card, *(own[0] if own else ())), *others), move.value, p)
            return loose, (*self.builds, made), made
        if target.value != move.value:  # raised: the played card alone joins the single group
            made = Build(((*target.groups[0], card), *move.groups), move.value, p)
        else:
            made = Build((*target.groups, (card, *(own[0] if own else ())), *others), move.value, p)
        return loose, tuple(made if b is target else b for b in self.builds), made

    def play(self, move: Move) -> CasinoState:
        """The state after ``move``; ``IllegalMoveError`` (naming why) if it is not allowed."""
        return self.step(move).state

    def step(self, move: Move) -> Step[CasinoState]:
        """The state after ``move`` and the events it set going, in order."""
        refusal = self.problem(move)
        if refusal is not None:
            shown = quote(move) if malformed(move) else str(move)
            raise refusal.error(f"illegal move {shown}")
        return self.advance(move)

    def advance(self, move: Move) -> Step[CasinoState]:
        """:meth:`step` without asking whether ``move`` is allowed: for a search that plays only moves
        :meth:`legal_moves` listed (any other move gives a position no game reaches)."""
        if isinstance(move, NextDeal):
            return self._next_deal()
        events: list[Event] = []
        state = self._move(move, events)
        if not any(state.hands):
            state = state._end_round(events)
        return Step(state, tuple(events))

    def _move(self, move: Play, events: list[Event]) -> CasinoState:
        p, n, card = self.to_move, self.players, move.card
        hands = _set(self.hands, p, tuple(c for c in self.hands[p] if c != card))
        turns = (*self.turns, Turn(p, self.table, self.builds, move))
        if isinstance(move, Trail):
            events.append(Laid(p, card))
            return replace(self, hands=hands, to_move=(p + 1) % n, turns=turns, table=(*self.table, card))
        loose, builds, made = self._after(move)
        if isinstance(move, Capture):
            events.append(Captured(p, (card,), move.taken))
            pile = (*self.piles[p], card, *move.taken)
            if not loose and not builds:
                events.append(Swept(p, SWEEP_POINTS))
            return replace(self, hands=hands, to_move=(p + 1) % n, turns=turns, table=loose, builds=builds,
                           piles=_set(self.piles, p, pile), last_capturer=p)
        state = replace(self, hands=hands, to_move=(p + 1) % n, turns=turns, table=loose, builds=builds)
        assert made is not None
        target = None if move.build is None else self._build_of(move.build)
        if target is None:
            events.append(Built(p, card, move.value, made.cards))
        elif target.value != move.value:
            events.append(Raised(p, card, target.value, move.value, made.cards))
        else:
            events.append(Added(p, card, move.value, made.cards))
        return state

    def _end_round(self, events: list[Event]) -> CasinoState:
        events.append(RoundOver(self.round))
        n, first = self.players, self.first_player
        if self.talon:
            dealt = HAND_SIZE * n
            state = replace(self, hands=_hands(self.talon, first, n), talon=self.talon[dealt:],
                            round=self.round + 1, to_move=first, turns=())
            events += [Drew(_order(first, n), HAND_SIZE, "deal_order"),
                       Starts(first, state.round, "draws_first")]
            if state.last_round:
                events.append(LastRound(state.round, open=False))
            return state
        taker, state = self.last_capturer, self
        events.append(Leftovers(self.table, taker))
        if taker is not None and self.table:
            state = replace(self, table=(), piles=_set(self.piles, taker, (*self.piles[taker], *self.table)))
        totals = state.totals()
        events.append(DealOver(self.deal, totals))
        side_totals = tuple(s + d for s, d in zip(state.scores, state.deal_report().points, strict=True))
        winner = game_winner(side_totals, self.rules.target)
        if winner is None:
            return state
        events.append(GameOver(winner, totals))
        return replace(state, winner=winner, finished=True)

    def _next_deal(self) -> Step[CasinoState]:
        """Carry the totals over, pass the deal to the next player and deal afresh from the game's seed."""
        events: list[Event] = []
        scores = tuple(s + d for s, d in zip(self.scores, self.deal_report().points, strict=True))
        dealer = (self.dealer + 1) % self.players
        state = deal_state(self.rules, self.seed, self.deal + 1, dealer, scores, None, events)
        return Step(state, tuple(events))

    # --- what one player sees -------------------------------------------------------------
    def view(self, player: int) -> PlayerView:
        """What ``player`` may see now (docs/casino.md)."""
        check_whole("player", player, 0, self.players - 1)
        known = self.deal_over or (self.last_round and self.players == 2)
        return PlayerView(**seat_fields(self, player, known), builds=self.builds, turns=self.turns)

    # --- text forms ------------------------------------------------------------------------
    def notation(self) -> str:
        """The one-line position notation (docs/casino.md); :meth:`from_notation` reads it back."""
        return write_position(self.position())

    def position(self) -> Position:
        """The state's fields as a :class:`~kaszino.games.casino.notation.Position`
        (``build(state.position()) == state``)."""
        return Position(**{name: getattr(self, name) for name in _FIELDS})

    @classmethod
    def from_notation(cls, text: str) -> CasinoState:
        """Read a position written by :meth:`notation`; ``NotationError`` names what is wrong.

        Positions no game reaches are refused (docs/casino.md, "What a position may be").
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
    (:func:`~kaszino.engine.positions.type_problems`, each build's fields too), else the checks of
    :mod:`.reachable`."""
    checked = check_type("position", position, Position)
    found = type_problems(checked, POSITIONS_DOMAIN)
    if not found:
        found = tuple(problem for index, each in enumerate(checked.builds)
                      for problem in type_problems(each, POSITIONS_DOMAIN, f"builds[{index}]."))
    return found or reachable_problems(checked)


def build(position: Position) -> CasinoState:
    """The state of ``position``; ``PositionError`` lists every problem when no game reaches it."""
    found = problems(position)
    if found:
        raise PositionError(found)
    return CasinoState(**{name: getattr(position, name) for name in _FIELDS})


def _named_builds(move: Capture | BuildMove) -> Groups:
    """The builds a move names (by their cards)."""
    if isinstance(move, Capture):
        return move.builds
    return () if move.build is None else (move.build,)


def _order(first: int, players: int) -> tuple[int, ...]:
    return tuple((first + seat) % players for seat in range(players))


def _hands(cards: Cards, first: int, players: int) -> Zones:
    """Four cards each from the top of ``cards``: the first four to ``first``, then round the table."""
    hands: list[Cards] = [() for _ in range(players)]
    for seat, player in enumerate(_order(first, players)):
        hands[player] = cards[seat * HAND_SIZE:(seat + 1) * HAND_SIZE]
    return tuple(hands)


def deal_state(rules: CasinoRules, seed: int, deal: int, dealer: int, scores: tuple[int, ...],
               deck: Cards | None, events: list[Event]) -> CasinoState:
    """The state at the start of a deal, dealt from ``deck`` (else shuffled from the seed); the deal
    goes into ``events``."""
    order = shuffled_deck(seed, deal) if deck is None else deck
    n = rules.players
    first, dealt = (dealer + 1) % n, HAND_SIZE * n
    events.append(Dealt(deal, dealer, first))
    return CasinoState(rules=rules, hands=_hands(order, first, n), table=order[dealt:dealt + TABLE_START],
                       builds=(), talon=order[dealt + TABLE_START:], piles=((),) * n, scores=scores,
                       dealer=dealer, to_move=first, deal=deal, seed=seed)


def new_game(seed: int | None = None, rules: CasinoRules | None = None, *, deck: Sequence[Card] | None = None,
             dealer: int | None = None) -> CasinoState:
    """A new game. ``seed`` makes every deal reproducible; ``deck`` fixes the first deal's order.

    By default the last player deals, so player 0 moves first.
    """
    rules = CasinoRules() if rules is None else check_type("rules", rules, CasinoRules)
    seed = random.randrange(2**32) if seed is None else check_whole("seed", seed, 0, MAX_SEED)
    dealer = rules.players - 1 if dealer is None else check_whole("dealer", dealer, 0, rules.players - 1)
    first_deck = None if deck is None else check_deck(deck)
    return deal_state(rules, seed, 1, dealer, (0,) * rules.sides, first_deck, [])


def _set(values: Zones, index: int, value: Cards) -> Zones:
    return values[:index] + (value,) + values[index + 1:]
