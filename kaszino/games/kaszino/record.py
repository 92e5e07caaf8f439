"""Game records: a whole game saved as text, loaded back and replayed move by move (docs/notation.md).

A record keeps only what makes a game reproducible — the rules, the seed, the first deck if it
was given rather than shuffled from the seed, the first dealer — and the moves in the order
they were played. Every state of the game follows from these, so ``replay()`` rebuilds them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from kaszino.engine.cards import Card, format_cards
from kaszino.engine.events import Step
from kaszino.engine.records import (
    SEED,
    deck_reader,
    numbered,
    read_lines,
    replay_lines,
    result_of,
    whole,
    write_lines,
)
from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.games.kaszino.dealing import check_deck, shuffled_deck
from kaszino.games.kaszino.moves import MAX_PLAYERS, Move, move_problem, parse_move
from kaszino.games.kaszino.notation import format_rules, parse_rules
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.inputs import MAX_SEED, check_type, check_whole

HEADERS = ("rules", "seed", "dealer", "deck", "result")
"""The header lines a Kaszinó record may have (``Rules`` and ``Seed`` it must)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as its starting conditions and its moves; ``deck`` is None when shuffled from ``seed``."""

    rules: Rules
    seed: int
    deck: tuple[Card, ...] | None
    dealer: int
    moves: tuple[Move, ...] = ()

    def __post_init__(self) -> None:
        check_type("rules", self.rules, Rules)
        check_whole("seed", self.seed, 0, MAX_SEED)
        check_whole("dealer", self.dealer, 0, self.rules.players - 1)
        if self.deck is not None:
            check_deck(self.deck)
        check_type("moves", self.moves, tuple)
        for number, move in enumerate(self.moves, 1):
            problem = move_problem(move)
            if problem is not None:
                raise KaszinoError(f"move {number}: {problem}")

    def start(self) -> GameState:
        """The state before the first move."""
        return new_game(self.rules, seed=self.seed, deck=self.deck, dealer=self.dealer)

    def replay(self) -> Iterator[GameState]:
        """The start, then the state after each move; an illegal move raises naming its number."""
        state = self.start()
        yield state
        for number, move in enumerate(self.moves, 1):
            state = numbered(number, state.play, move)
            yield state

    def steps(self) -> Iterator[Step[GameState]]:
        """Each move's step (the state after it and what it set going), in the order played."""
        state = self.start()
        for number, move in enumerate(self.moves, 1):
            step = numbered(number, state.step, move)
            state = step.state
            yield step

    def final_state(self) -> GameState:
        """The state after the last move."""
        return deque(self.replay(), maxlen=1)[0]

    def to_text(self) -> str:
        """The record as text: header lines, a blank line, then the numbered moves."""
        headers = [("Rules", format_rules(self.rules)), ("Seed", str(self.seed)),
                   ("Dealer", str(self.dealer))]
        if self.deck is not None:
            headers.append(("Deck", format_cards(self.deck)))
        headers.append(("Result", result_of(self.final_state())))
        return write_lines(headers, self.moves)

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_text` and check every move by replaying it.

        ``NotationError`` names the line and, for a move the rules refuse, the move number and the reason.
        """
        lines = read_lines(text, HEADERS, ("rules", "seed"), parse_move)
        rules = lines.value("rules", parse_rules)
        seed = lines.value("seed", SEED)
        deck = lines.optional("deck", deck_reader(check_deck), None)
        dealer = lines.optional("dealer", whole(MAX_PLAYERS - 1), rules.players - 1)
        try:
            record = cls(rules, seed, deck, dealer, lines.played())
        except KaszinoError as error:
            raise NotationError(f"the game cannot start: {error}") from None
        replay_lines(record.replay(), lines)
        return record


@overload
def record_game(history: GameState, moves: Iterable[Move]) -> GameRecord: ...
@overload
def record_game(history: Sequence[GameState]) -> GameRecord: ...
def record_game(history: GameState | Sequence[GameState], moves: Iterable[Move] | None = None) -> GameRecord:
    """The record of a game, from its start and the moves played, or from every state it went through.

    The first state must be the start of a game (as ``new_game`` makes it). With states, each move
    is found as one that leads from a state to the next.
    """
    if isinstance(history, GameState):
        if moves is not None and not isinstance(moves, Iterable):
            raise KaszinoError(f"moves must be a list of moves, not {quote(moves)}")
        start, played = history, tuple(moves or ())
    else:
        if moves is not None or not isinstance(history, Sequence) or not history:
            raise KaszinoError("record_game takes a start state and moves, or a non-empty list of states")
        for index, state in enumerate(history):
            check_type(f"state {index}", state, GameState)
        start, played = history[0], tuple(_move_between(history, i) for i in range(1, len(history)))
    record = GameRecord(start.rules, start.seed, _first_deck(start), start.dealer, played)
    try:
        fresh = record.start() == start
    except KaszinoError:
        fresh = False
    if not fresh:
        raise KaszinoError("a record begins at the start of a game (deal 1, before any move)")
    record.final_state()
    return record


def _first_deck(start: GameState) -> tuple[Card, ...] | None:
    """The deck ``start`` was dealt from, or None if it is the one shuffled from the seed."""
    players = start.players
    hands = (start.hands[(start.first_player + i) % players] for i in range(players))
    deck = tuple(card for hand in hands for card in hand) + start.table + start.talon
    return None if deck == shuffled_deck(start.seed, 1) else deck


def _move_between(states: Sequence[GameState], index: int) -> Move:
    before, after = states[index - 1], states[index]
    candidates = before.legal_moves()
    if after.pending is not None:
        candidates.append(after.pending.capture)
    for move in candidates:
        if before.play(move) == after:
            return move
    raise KaszinoError(f"state {index} does not follow from state {index - 1} by any move")
