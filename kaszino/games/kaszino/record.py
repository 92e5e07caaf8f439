"""Game records: a whole game saved as text, loaded back and replayed move by move (docs/notation.md).

A record keeps only what makes a game reproducible — the rules, the seed, the first deck if it
was given rather than shuffled from the seed, the first dealer — and the moves in the order
they were played. Every state of the game follows from these, so ``replay()`` rebuilds them.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar, overload

from kaszino.engine.cards import Card, format_cards, parse_cards
from kaszino.engine.events import Step
from kaszino.errors import IllegalMoveError, KaszinoError, NotationError, quote
from kaszino.games.kaszino.dealing import check_deck, shuffled_deck
from kaszino.games.kaszino.moves import MAX_PLAYERS, Move, move_problem, parse_move
from kaszino.games.kaszino.notation import format_rules, parse_rules, result_token
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.inputs import MAX_COUNT, MAX_SEED, check_type, check_whole, read_whole

MAX_LENGTH = 1_000_000
"""The longest record read: a game of 1,000 deals, the most V4 allows, takes about 550,000 characters."""

_HEADER = re.compile(r"([A-Za-z]+):\s*(.*)", re.DOTALL)
_NUMBERED = re.compile(r"([0-9]+)\.\s*(.*)", re.DOTALL)
_HEADERS = ("rules", "seed", "dealer", "deck", "result")
T = TypeVar("T")


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
            state = _numbered(number, state.play, move)
            yield state

    def steps(self) -> Iterator[Step[GameState]]:
        """Each move's step (the state after it and what it set going), in the order played."""
        state = self.start()
        for number, move in enumerate(self.moves, 1):
            step = _numbered(number, state.step, move)
            state = step.state
            yield step

    def final_state(self) -> GameState:
        """The state after the last move."""
        return deque(self.replay(), maxlen=1)[0]

    def to_text(self) -> str:
        """The record as text: header lines, a blank line, then the numbered moves."""
        lines = [f"Rules: {format_rules(self.rules)}", f"Seed: {self.seed}", f"Dealer: {self.dealer}"]
        if self.deck is not None:
            lines.append(f"Deck: {format_cards(self.deck)}")
        lines += [f"Result: {_result(self.final_state())}", ""]
        lines += [f"{number}. {move}" for number, move in enumerate(self.moves, 1)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_text` and check every move by replaying it.

        ``NotationError`` names the line and, for a move the rules refuse, the move number and the reason.
        """
        if not isinstance(text, str):
            raise NotationError(f"a record is text, not {quote(text)}")
        if len(text) > MAX_LENGTH:
            raise NotationError(f"a record has at most {MAX_LENGTH} characters, not {len(text)}")
        headers: dict[str, tuple[int, str]] = {}
        moves: list[tuple[int, Move]] = []
        for line_number, line in enumerate(text.splitlines(), 1):
            content = line.partition("#")[0].strip()
            if content:
                _read_line(content, line_number, headers, moves)
        for key in ("rules", "seed"):
            if key not in headers:
                raise NotationError(f"the record has no '{key.capitalize()}:' line")
        rules = _header(headers, "rules", parse_rules)
        seed = _header(headers, "seed", _seed)
        deck = _header(headers, "deck", _deck) if "deck" in headers else None
        dealer = _header(headers, "dealer", _dealer) if "dealer" in headers else rules.players - 1
        try:
            record = cls(rules, seed, deck, dealer, tuple(move for _, move in moves))
        except KaszinoError as error:
            raise NotationError(f"the game cannot start: {error}") from None
        _check(record, [line for line, _ in moves], headers.get("result"))
        return record


def _numbered(number: int, act: Callable[[Move], T], move: Move) -> T:
    """``act(move)``, with the number of the move in the message of an ``IllegalMoveError``."""
    try:
        return act(move)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"move {number}: {error}") from None


def _read_line(content: str, line_number: int, headers: dict[str, tuple[int, str]],
               moves: list[tuple[int, Move]]) -> None:
    """Add one header or one move of a record; errors name the line."""
    header = _HEADER.fullmatch(content)
    if header is not None:
        key = header.group(1).lower()
        if key not in _HEADERS:
            raise NotationError(f"line {line_number}: unknown header {quote(header.group(1))}; "
                                f"known: {', '.join(h.capitalize() for h in _HEADERS)}")
        if moves:
            raise NotationError(f"line {line_number}: header {quote(header.group(1))} after the moves")
        if key in headers:
            raise NotationError(f"line {line_number}: second {quote(header.group(1))} line")
        headers[key] = (line_number, header.group(2).strip())
        return
    expected = len(moves) + 1
    numbered = _NUMBERED.fullmatch(content)
    if numbered is not None:
        number = read_whole(f"line {line_number}: move number", numbered.group(1), 1, MAX_COUNT,
                            NotationError)
        if number != expected:
            raise NotationError(f"line {line_number}: numbered {numbered.group(1)}, "
                                f"but this is move {expected}")
        content = numbered.group(2)
    try:
        moves.append((line_number, parse_move(content)))
    except KaszinoError as error:
        raise NotationError(f"line {line_number}, move {expected}: {error}") from None


def _header(headers: dict[str, tuple[int, str]], key: str, convert: Callable[[str], T]) -> T:
    """The value of one header line, read by ``convert``; an error names the line."""
    line_number, value = headers[key]
    try:
        return convert(value)
    except KaszinoError as error:
        raise NotationError(f"line {line_number}: {key.capitalize()}: {error}") from None


def _seed(text: str) -> int:
    return read_whole("", text, 0, MAX_SEED, NotationError)


def _dealer(text: str) -> int:
    return read_whole("", text, 0, MAX_PLAYERS - 1, NotationError)


def _deck(text: str) -> tuple[Card, ...]:
    return check_deck(parse_cards(text))


def _check(record: GameRecord, lines: list[int], result: tuple[int, str] | None) -> None:
    """Replay ``record``; name the line of a refused move, and check the ``Result:`` line if there is one."""
    states = record.replay()
    try:
        state = next(states)
    except KaszinoError as error:
        raise NotationError(f"the game cannot start: {error}") from None
    for line_number in lines:
        try:
            state = next(states)
        except IllegalMoveError as error:
            raise NotationError(f"line {line_number}: {error}") from None
    if result is not None and result[1] != _result(state):
        line_number, claimed = result
        raise NotationError(f"line {line_number}: Result: {quote(claimed)}, "
                            f"but the moves end with {quote(_result(state))}")



def _result(state: GameState) -> str:
    """The ``Result:`` token of a record: how the game ``state`` ends in stands."""
    return result_token(state.finished, state.winner)


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
