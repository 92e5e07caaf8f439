"""What every computer player shares: the ``Player`` protocol, the calls a computer table makes,
and ``play_game``, which plays a whole game between computer players and returns its record.

A player sees only what a player at the table may see; :func:`seen_key` names exactly that, and
seeds every random choice a player makes, so a game is reproducible from its seed and two
positions a player cannot tell apart get the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from kaszino.engine.cards import format_cards
from kaszino.errors import IllegalMoveError, KaszinoError, quote
from kaszino.games.kaszino.moves import Challenge, Claim, Move, NextDeal
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.solver.search import playable_moves
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.inputs import check_list, check_type, check_whole


class Player(Protocol):
    """A computer player: ``choose`` returns a move for ``state.to_move`` using only what that
    player may see (its own hand, the table, every card captured so far, and all hands in the
    open last round)."""

    @property
    def name(self) -> str:
        """A short name for records and tables ("greedy", "expert")."""
        ...

    def choose(self, state: GameState) -> Move:
        """The move ``state.to_move`` makes now."""
        ...


def table_moves(state: GameState) -> list[Move]:
    """The moves of the player to move: captures, lays and the V3 pass (no calls)."""
    check_type("state", state, GameState)
    return playable_moves(state)


def seen_key(state: GameState, player: int) -> str:
    """Everything ``player`` can see of ``state``, as text: the same for positions he cannot tell apart."""
    check_type("state", state, GameState)
    check_whole("player", player, 0, state.players - 1)
    hands = [
        format_cards(hand) if p == player or state.open_round else str(len(hand))
        for p, hand in enumerate(state.hands)
    ]
    piles = [format_cards(sorted(pile)) for pile in state.piles]
    return "|".join([
        str(state.seed), str(state.deal), str(state.round), str(state.to_move), str(state.forced),
        str(state.scores), str(state.tabla_points), str(state.bonus), str(state.last_capturer),
        str(len(state.talon)), format_cards(state.table), *hands, *piles,
    ])


def choice_rng(seed: int, state: GameState, player: int) -> random.Random:
    """A random source for one decision of ``player``: fixed by ``seed`` and what he sees."""
    return random.Random(f"{seed}:{seen_key(state, player)}")


def computer_call(state: GameState, seats: Sequence[int]) -> Move | None:
    """The call a computer in one of ``seats`` makes now, if any.

    A computer calls "Fals!" on every false capture it may challenge (the first such seat after
    the capturer), and claims "Ausz!" as soon as it may (manual claims; automatic claims are the
    engine's). Both facts are public: a capture shows its cards, the piles are counted.
    """
    check_type("state", state, GameState)
    for seat in check_list("seats", seats, "seat numbers"):
        check_whole("seat", seat, 0, state.players - 1)
    return _call(state, seats)


def _call(state: GameState, seats: Sequence[int]) -> Move | None:
    """:func:`computer_call` once its arguments are known to be good."""
    if state.finished:
        return None
    players = state.players
    pending = state.pending
    if pending is not None and pending.false:
        for step in range(1, players):
            seat = (pending.capturer + step) % players
            if seat in seats and state.is_legal(Challenge(seat)):
                return Challenge(seat)
    start = state.to_move
    for step in range(players):
        seat = (start + step) % players
        if seat in seats and state.is_legal(Claim(seat)):
            return Claim(seat)
    return None


def computer_move(state: GameState, players: Sequence[Player]) -> Move:
    """The next move of a game where every seat is a computer player."""
    check_type("state", state, GameState)
    check_players(players, state.rules.players)
    return _move(state, players)


def _move(state: GameState, players: Sequence[Player]) -> Move:
    """:func:`computer_move` once its arguments are known to be good (a game's loop checks them once)."""
    call = _call(state, range(len(players)))
    if call is not None:
        return call
    if state.deal_over:
        return NextDeal()
    return players[state.to_move].choose(state)


def check_players(players: object, count: int, field: str = "players") -> Sequence[Player]:
    """``players`` if it is a list of ``count`` players; else a ``KaszinoError`` naming ``field``."""
    players = check_list(field, players, "players")
    if len(players) != count:
        raise KaszinoError(f"these rules need {count} {field} (a list), got {quote(players)}")
    for seat, player in enumerate(players):
        if not callable(getattr(player, "choose", None)):
            raise KaszinoError(f"{field}[{seat}] is no player (it has no choose method): {quote(player)}")
    return players


def play_game(players: Sequence[Player], rules: Rules = STANDARD, *, seed: int) -> GameRecord:
    """Play a whole game between ``players`` (seat 0 moves first) and return its record.

    Every move is checked by the engine; a player's illegal move raises ``IllegalMoveError``
    naming the player and the move.
    """
    check_type("rules", rules, Rules)
    check_players(players, rules.players)
    start = state = new_game(rules, seed=seed)
    moves: list[Move] = []
    while not state.finished:
        move = _move(state, players)
        try:
            state = state.play(move)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"{players[state.to_move].name}: {error}") from None
        moves.append(move)
    return GameRecord(rules, seed, None, start.dealer, tuple(moves))
