"""The immutable game state and the whole flow of a game (docs/rules.md §2–§7).

``state.play(move)`` returns the next state and leaves ``state`` as it was, so search,
undo and puzzle checks need no bookkeeping. ``state.step(move)`` is the same move with the
engine's account of what it set going (:mod:`kaszino.engine.events`): the transitions below
note each event as they cause it, into a log that ``play`` does not keep. ``problem(move)``
says why a move is refused as a :class:`~kaszino.engine.refusals.Refusal` (a code and its
fields). ``legal_moves()`` lists the correct moves; under V6 ``play`` also accepts a false
capture as an *attempt* that may be challenged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from kaszino.engine.cards import Card
from kaszino.engine.events import (
    Captured,
    Challenged,
    Claimed,
    DealOver,
    Dealt,
    Drew,
    Event,
    GameOver,
    Laid,
    LastRound,
    Leftovers,
    MovesAgain,
    MustLay,
    Passed,
    RoundOver,
    Starts,
    Step,
    Swept,
)
from kaszino.engine.positions import PositionError, Problem, type_problems
from kaszino.engine.refusals import Refusal
from kaszino.engine.view import seat_fields
from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.games.kaszino.captures import Capture, capture_problem, captures
from kaszino.games.kaszino.dealing import check_deck, draw_hands, shuffled_deck, split_deck
from kaszino.games.kaszino.moves import Challenge, Claim, Forced, Lay, Move, NextDeal, Pass, move_problem
from kaszino.games.kaszino.notation import read_position, write_position
from kaszino.games.kaszino.position import PositionDraft, draft_problems
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.scoring import PileScore, pile_scores
from kaszino.games.kaszino.view import PlayerView
from kaszino.inputs import MAX_SEED, check_type, check_whole


@dataclass(frozen=True, slots=True)
class Attempt:
    """V6: a capture that may still be challenged, with the state from before it."""

    before: GameState
    capture: Capture

    @property
    def capturer(self) -> int:
        return self.before.to_move

    @property
    def false(self) -> bool:
        return capture_problem(self.capture.hand, self.capture.table, self.before.rules) is not None


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole game at one moment. Field meanings: docs/design.md, "The game state"."""

    rules: Rules
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    talon: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    tabla_points: tuple[int, ...]
    bonus: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int
    to_move: int
    last_capturer: int | None = None
    round: int = 1
    deal: int = 1
    forced: Forced | None = None
    pending: Attempt | None = None
    winner: int | None = None
    finished: bool = False
    seed: int = 0

    # --- facts derived from the fields ------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def first_player(self) -> int:
        """Who moved first in this deal: the player after the dealer."""
        return (self.dealer + 1) % self.players

    @property
    def deal_over(self) -> bool:
        """Every card of the deal is played (the leftovers are already given away)."""
        return not self.talon and not any(self.hands)

    @property
    def open_round(self) -> bool:
        """The last round of a deal is played with all hands face up (docs/rules.md §3.6)."""
        return self.round == self.rules.rounds

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see now (:mod:`kaszino.games.kaszino.view`): no field of it depends on where
        a card hidden from him lies."""
        check_whole("player", player, 0, self.players - 1)
        return PlayerView(
            **seat_fields(self, player, self.open_round or self.deal_over), tabla_points=self.tabla_points,
            bonus=self.bonus, forced=self.forced,
            pending=None if self.pending is None else self.pending.capture)

    def is_first_move(self, player: int) -> bool:
        """Whether ``player`` has not yet moved in this deal (first round, full hand)."""
        return self.round == 1 and len(self.hands[player]) == self.rules.hand_size(1)

    def deal_scores(self) -> tuple[PileScore, ...]:
        """This deal's points per player, as far as they are secured so far."""
        return pile_scores(self.piles, self.tabla_points, self.bonus, self.rules)

    def totals(self) -> tuple[int, ...]:
        """Secured points per player: earlier deals plus what this deal has secured."""
        return tuple(s + d.total for s, d in zip(self.scores, self.deal_scores(), strict=False))

    @property
    def stake(self) -> float:
        """Share of the stake the winner takes: all of it in the first deal, half later."""
        return 1.0 if self.deal == 1 or self.rules.fixed_deals is not None else 0.5

    def next_player(self, after: int) -> int | None:
        """The next player in turn order after ``after`` who holds cards (possibly ``after``)."""
        n = self.players
        for step in range(1, n + 1):
            player = (after + step) % n
            if self.hands[player]:
                return player
        return None

    # --- legal moves --------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every correct move now: the mover's captures and lays, then the calls any player may make."""
        if self.finished:
            return []
        moves: list[Move]
        if self.deal_over:
            moves = [NextDeal()]
        else:
            hand = self.hands[self.to_move]
            moves = list(captures(hand, self.table, self.rules))
            moves.extend(Lay(card) for card in hand)
            if self.forced == "again" and self.rules.may_pass_after_tabla:
                moves.append(Pass())
        moves.extend(Challenge(p) for p in range(self.players) if self._challenge_problem(p) is None)
        moves.extend(Claim(p) for p in range(self.players) if self._claim_problem(p) is None)
        return moves

    def is_legal(self, move: Move) -> bool:
        return self.problem(move) is None

    def problem(self, move: Move) -> Refusal | None:
        """Why ``move`` may not be played now (a code and its fields), or None if it may.

        A value that is no move at all (``None``, ``Claim("0")``) is refused here too.
        """
        malformed = move_problem(move)
        if malformed is not None:
            return malformed
        if self.finished:
            return Refusal.of("game_over")
        if isinstance(move, Claim):
            return self._claim_problem(move.player)
        if isinstance(move, Challenge):
            return self._challenge_problem(move.player)
        if isinstance(move, NextDeal):
            return None if self.deal_over else Refusal.of("deal_not_over")
        if self.deal_over:
            return Refusal.of("deal_over")
        mover = self.to_move
        hand = self.hands[mover]
        if isinstance(move, Pass):
            if not self.rules.may_pass_after_tabla:
                return Refusal.of("pass_not_allowed")
            return None if self.forced == "again" else Refusal.of("pass_only_after_tabla")
        if isinstance(move, Lay):
            return None if move.card in hand else Refusal.of("not_in_hand", player=mover, cards=(move.card,))
        if self.forced == "lay":
            return Refusal.of("must_lay", player=mover)
        missing = tuple(c for c in move.hand if c not in hand)
        if missing:
            return Refusal.of("not_in_hand", player=mover, cards=missing)
        absent = tuple(c for c in move.table if c not in self.table)
        if absent:
            return Refusal.of("not_on_table", cards=absent)
        wrong = capture_problem(move.hand, move.table, self.rules)
        if wrong is not None and not (self.rules.fals and move.hand and move.table):
            return wrong
        return None

    # --- playing --------------------------------------------------------------------------
    def play(self, move: Move) -> GameState:
        """The state after ``move``; raises ``IllegalMoveError`` (naming why) if it is not allowed."""
        return self._advance(move, None)

    def step(self, move: Move) -> Step[GameState]:
        """:meth:`play` with the events the move set going, in the order they happened."""
        log: list[Event] = []
        return Step(self._advance(move, log), tuple(log))

    def _advance(self, move: Move, log: Log) -> GameState:
        """The state after ``move``, noting its events in ``log`` (None: nobody listens)."""
        refusal = self.problem(move)
        if refusal is not None:
            shown = str(move) if move_problem(move) is None else quote(move)
            raise refusal.error(f"illegal move {shown}")
        if isinstance(move, Claim):
            if log is not None:
                log.append(Claimed(move.player, self.totals()[move.player], automatic=False))
            return replace(self, pending=None)._won(move.player, log)
        if isinstance(move, Challenge):  # the call closes the window: the capturer may claim first
            assert self.pending is not None
            return self._challenged(move.player, log)._auto_claims(log, self.pending.capturer, move.player)
        if isinstance(move, NextDeal):
            if self.pending is not None:  # the window closes: a claim resting on that capture comes now
                closed = replace(self, pending=None)._auto_claims(log, self.pending.capturer)
                if closed.finished:
                    return closed
            return self._next_deal(log)._auto_claims(log)
        mover = self.to_move
        # The next move closes a Fals! window; the capturer could claim from that moment, so he comes first.
        claimers = (mover,) if self.pending is None else (self.pending.capturer, mover)
        state = replace(self, pending=None) if self.pending is not None else self
        if isinstance(move, Capture):
            after = state._capture(move, log)
            if self.rules.fals:
                after = replace(after, pending=Attempt(state, move))
        elif isinstance(move, Lay):
            after = state._lay(move.card, log)
        else:
            after = state._pass(log)
        return after._auto_claims(log, *claimers)

    def _capture(self, move: Capture, log: Log) -> GameState:
        p = self.to_move
        table = tuple(c for c in self.table if c not in move.table)
        sweep = not table
        tabla = self.tabla_points
        if log is not None:
            log.append(Captured(p, move.hand, move.table, challengeable=self.rules.fals))
        if sweep:
            first = self.is_first_move(p)
            worth = self.rules.tabla_worth(first)
            tabla = _bump(tabla, p, worth)
            if log is not None:
                log.append(Swept(p, worth, first_move=first))
        state = replace(
            self,
            hands=_set(self.hands, p, tuple(c for c in self.hands[p] if c not in move.hand)),
            table=table,
            piles=_set(self.piles, p, self.piles[p] + move.hand + move.table),
            tabla_points=tabla,
            last_capturer=p,
            forced=None,
        )
        return state._pass_turn(p, log, sweep=sweep)

    def _lay(self, card: Card, log: Log) -> GameState:
        p = self.to_move
        state = replace(
            self,
            hands=_set(self.hands, p, tuple(c for c in self.hands[p] if c != card)),
            table=self.table + (card,),
        )
        if log is not None:
            log.append(Laid(p, card))
        if self.forced == "lay" and state.hands[p]:
            if log is not None:
                log.append(MovesAgain(p, "forced"))
            return replace(state, forced="again")
        return replace(state, forced=None)._pass_turn(p, log, sweep=False)

    def _pass(self, log: Log) -> GameState:
        if log is not None:
            log.append(Passed(self.to_move))
        return replace(self, forced=None)._pass_turn(self.to_move, log, sweep=False)

    def _pass_turn(self, mover: int, log: Log, *, sweep: bool) -> GameState:
        """Give the turn on (docs/rules.md §3.4, §4), or end the round (§3.5) or the deal (§3.7)."""
        nxt = self.next_player(mover)
        if nxt is None:
            return self._end_round(log)
        # The forced double move falls on the seat after the sweeper, and only if he holds cards.
        forced: Forced | None = "lay" if sweep and nxt == (mover + 1) % self.players != mover else None
        if log is not None:
            if forced is not None:
                log.append(MustLay(nxt, again=len(self.hands[nxt]) > 1))
            elif nxt == mover:
                log.append(MovesAgain(mover, "others_empty"))
        return replace(self, to_move=nxt, forced=forced)

    def _end_round(self, log: Log) -> GameState:
        state = replace(self, forced=None)
        if log is not None:
            log.append(RoundOver(self.round))
        if self.talon:
            return state._draw(log)
        p = self.last_capturer
        if log is not None:
            log.append(Leftovers(self.table, p if self.table else None))
        if self.table and p is not None:
            state = replace(state, piles=_set(self.piles, p, self.piles[p] + self.table), table=())
        return state._end_deal(log)

    def _draw(self, log: Log) -> GameState:
        """Start the next round (docs/rules.md §3.5, V7): the last capturer draws first and starts."""
        n = self.players
        first = self.first_player if self.last_capturer is None else self.last_capturer
        order = tuple((first + i) % n for i in range(n))
        size = self.rules.hand_size(self.round + 1)
        hands, talon = draw_hands(self.talon, order, n, size)
        after = self.rules.opponent_starts_after_draw
        starter = (first + 1) % n if after else first
        if log is not None:
            log.append(Drew(order, size, "first_player" if self.last_capturer is None else "last_capturer"))
            log.append(Starts(starter, self.round + 1, "after_first_drawer" if after else "draws_first"))
            if self.round + 1 == self.rules.rounds:
                log.append(LastRound(self.round + 1, open=True))
        return replace(self, hands=hands, talon=talon, round=self.round + 1, to_move=starter)

    def _next_deal(self, log: Log) -> GameState:
        """Carry the totals over, pass the deal on and deal a fresh deck from the game's seed."""
        deck = shuffled_deck(self.seed, self.deal + 1)
        dealer = (self.dealer + 1) % self.players
        scores = self.totals()
        state = deal_state(self.rules, deck, dealer=dealer, scores=scores, deal=self.deal + 1, seed=self.seed)
        if log is not None:
            log.append(Dealt(state.deal, dealer, state.to_move))
        return state

    def _end_deal(self, log: Log) -> GameState:
        """Decide the game at the end of a deal where the rules decide it there (V4, V5)."""
        rules = self.rules
        totals = self.totals()
        if log is not None:
            log.append(DealOver(self.deal, totals))
        best = max(totals)
        leaders = [p for p, t in enumerate(totals) if t == best]
        if rules.fixed_deals is not None and self.deal >= rules.fixed_deals:
            return self._won(leaders[0] if len(leaders) == 1 else None, log)
        decided = rules.target is not None and rules.target_check == "after_deal" and best >= rules.target
        if decided and len(leaders) == 1:
            return self._won(leaders[0], log)
        return self

    def _won(self, winner: int | None, log: Log) -> GameState:
        """The game ends: ``winner`` won (None: a tie after fixed deals)."""
        if log is not None:
            log.append(GameOver(winner, self.totals()))
        return replace(self, winner=winner, finished=True)

    # --- calls: "Ausz!" and "Fals!" --------------------------------------------------------
    def _claim_problem(self, player: int, totals: tuple[int, ...] | None = None) -> Refusal | None:
        """Why ``player`` may not claim now; ``totals``: the secured points, if already counted."""
        rules = self.rules
        if not 0 <= player < self.players:
            return Refusal.of("no_such_player", player=player, players=self.players)
        if rules.target is None or rules.target_check != "continuous":
            return Refusal.of("no_claims")
        if self.pending is not None:
            return Refusal.of("claim_while_challengeable")
        secured = (self.totals() if totals is None else totals)[player]
        if secured < rules.target:
            return Refusal.of("claim_short", player=player, secured=secured, target=rules.target)
        return None

    def _auto_claims(self, log: Log, *first: int) -> GameState:
        """In automatic mode the first player who may claim, does: ``first`` in order, then turn order."""
        if self.rules.claim != "auto" or self.finished:
            return self
        start = first[0] if first else self.to_move
        order = dict.fromkeys([*first, *((start + step) % self.players for step in range(self.players))])
        totals = self.totals()  # counted once for every player's claim
        for player in order:
            if self._claim_problem(player, totals) is None:
                if log is not None:
                    log.append(Claimed(player, totals[player], automatic=True))
                return self._won(player, log)
        return self

    def _challenge_problem(self, player: int) -> Refusal | None:
        if not self.rules.fals:
            return Refusal.of("no_fals")
        if not 0 <= player < self.players:
            return Refusal.of("no_such_player", player=player, players=self.players)
        if self.pending is None:
            return Refusal.of("nothing_to_challenge")
        if player == self.pending.capturer:
            return Refusal.of("own_capture", player=player)
        return None

    def _challenged(self, challenger: int, log: Log) -> GameState:
        """Settle a "Fals!" call: restore and fine a false capture, or reward a correct one."""
        attempt = self.pending
        assert attempt is not None
        rules = self.rules
        if log is not None:
            points = rules.fals_penalty if attempt.false else rules.fals_reward
            log.append(Challenged(challenger, attempt.capturer, attempt.false, points))
        if attempt.false:
            before = attempt.before
            return replace(before, bonus=_bump(before.bonus, challenger, rules.fals_penalty))
        return replace(self, pending=None, bonus=_bump(self.bonus, attempt.capturer, rules.fals_reward))

    # --- text forms ------------------------------------------------------------------------
    def draft(self) -> PositionDraft:
        """The state's fields as a draft; ``build(state.draft()) == state`` for every state a game
        reaches (under V6 a pending capture is the position before it plus the capture)."""
        base, capture = self, None
        if self.pending is not None:
            base, capture = self.pending.before, self.pending.capture
            if base.pending is not None or base.play(capture) != self:
                raise NotationError("pending: the attempted capture does not lead from its 'before' "
                                    "state here")
        if self.winner is not None and not self.finished:
            raise NotationError(f"result: a winner ({self.winner}) in a game that is not finished")
        return PositionDraft(**{name: getattr(base, name) for name in _DRAFT_FIELDS}, pending=capture)

    def notation(self) -> str:
        """The one-line position notation (docs/notation.md); :meth:`from_notation` reads it back."""
        return write_position(self.draft())

    @classmethod
    def from_notation(cls, text: str) -> GameState:
        """Read a position written by :meth:`notation`; ``NotationError`` names the bad field and token.

        Positions no game can reach are refused by :func:`build` (docs/notation.md, "What a
        position may be"), with a ``PositionError`` that lists every problem.
        """
        return build(read_position(text))

    def __str__(self) -> str:
        """The position's notation; a state no notation can hold (one made field by field, not by
        play: a pending capture that does not lead here, a winner in a game still going on, fields of
        the wrong kind) says so instead, since ``str()`` must never fail (in a message, a log, a
        notebook's output)."""
        try:
            return self.notation()
        except Exception as error:  # whatever the fields hold, str() answers
            return f"<GameState without a notation: {KaszinoError(str(error))}>"


Log = list[Event] | None
"""Where the transitions note the events they cause; None when nobody listens (``play``)."""

_DRAFT_FIELDS = tuple(field.name for field in fields(PositionDraft) if field.name != "pending")
"""The fields a draft and a state have in common: all but the pending capture."""


def problems(draft: PositionDraft) -> tuple[Problem, ...]:
    """Everything that keeps ``draft`` from being a position a game reaches; () when it is one.

    A field of the wrong type (:func:`~kaszino.engine.positions.type_problems`), else the fields'
    problems (:func:`~kaszino.games.kaszino.position.draft_problems`), then, for a V6
    capture still open to a challenge, whether it can be attempted on the position.
    """
    check_type("draft", draft, PositionDraft)
    found = type_problems(draft, "positions") or draft_problems(draft)
    if found or draft.pending is None:
        return found
    try:
        _state_of(draft).play(draft.pending)
    except KaszinoError as error:
        return (Problem.of("pending_illegal", f"pending: {error}", move=str(draft.pending)),)
    return ()


def build(draft: PositionDraft, *, reachable: bool = True) -> GameState:
    """The state of ``draft``; ``PositionError`` lists every problem when no game reaches it.

    The one way to make a position (a new deal aside): ``from_notation``, a lesson's scenes, the
    editor, the random last rounds and the tests' helpers all come here. ``reachable=False`` checks
    only the fields' types: for a test of a rule's corner that no game reaches on purpose (part of
    the deck left out, a table no deal holds), which says so where it asks for it.
    """
    found = problems(draft) if reachable else type_problems(draft, "positions")
    if found:
        raise PositionError(found)
    state = _state_of(draft)
    return state if draft.pending is None else state.play(draft.pending)


def _state_of(draft: PositionDraft) -> GameState:
    return GameState(**{name: getattr(draft, name) for name in _DRAFT_FIELDS})


def deal_state(
    rules: Rules,
    deck: tuple[Card, ...],
    *,
    dealer: int,
    scores: tuple[int, ...],
    deal: int,
    seed: int,
) -> GameState:
    """The state at the start of a deal dealt from ``deck``."""
    first = (dealer + 1) % rules.players
    hands, table, talon = split_deck(deck, rules, first)
    zeros = (0,) * rules.players
    return GameState(
        rules=rules, hands=hands, table=table, talon=talon, piles=((),) * rules.players,
        tabla_points=zeros, bonus=zeros, scores=scores, dealer=dealer, to_move=first,
        deal=deal, seed=seed,
    )


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
) -> GameState:
    """A new game. ``seed`` makes every deal reproducible; ``deck`` fixes the first deal's order.

    By default the last player deals, so player 0 moves first.
    """
    rules = Rules() if rules is None else check_type("rules", rules, Rules)
    seed = random.randrange(2**32) if seed is None else check_whole("seed", seed, 0, MAX_SEED)
    dealer = rules.players - 1 if dealer is None else check_whole("dealer", dealer, 0, rules.players - 1)
    first_deck = shuffled_deck(seed, 1) if deck is None else check_deck(deck)
    return deal_state(rules, first_deck, dealer=dealer, scores=(0,) * rules.players, deal=1, seed=seed)


Zones = tuple[tuple[Card, ...], ...]


def _set(values: Zones, index: int, value: tuple[Card, ...]) -> Zones:
    return values[:index] + (value,) + values[index + 1:]


def _bump(values: tuple[int, ...], index: int, gain: int) -> tuple[int, ...]:
    return values[:index] + (values[index] + gain,) + values[index + 1:]
