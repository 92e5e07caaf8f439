"""Scopa game records: the rules, the seed, the first dealer (and the first deck if it was given),
then the moves; every state follows from these, so :meth:`ScopaRecord.replay` rebuilds them.

The text form is the Kaszinó record's with a ``Game: scopa`` line first, so a reader can tell
the family from the first line, and a Kaszinó record (which has none) reads as before::

    Game: scopa
    Rules: standard
    Seed: 7
    Dealer: 1
    Result: -

    1. 7♦=7♣
    2. K♠
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from kaszino.engine.cards import Card, format_cards, parse_cards
from kaszino.errors import IllegalMoveError, KaszinoError, NotationError, quote
from kaszino.games.scopa.deck import check_deck
from kaszino.games.scopa.moves import Move, malformed, parse_move
from kaszino.games.scopa.rules import ScopaRules, format_rules, parse_rules
from kaszino.games.scopa.state import ScopaState, new_game
from kaszino.inputs import MAX_COUNT, MAX_SEED, check_type, check_whole, read_whole

GAME = "scopa"
MAX_LENGTH = 1_000_000
"""The longest record read (a deal takes about 300 characters)."""

_HEADER = re.compile(r"([A-Za-z]+):\s*(.*)", re.DOTALL)
_NUMBERED = re.compile(r"([0-9]+)\.\s*(.*)", re.DOTALL)
_HEADERS = ("game", "rules", "seed", "dealer", "deck", "result")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ScopaRecord:
    """A Scopa game as its start and its moves; ``deck`` is None when shuffled from ``seed``."""

    rules: ScopaRules
    seed: int
    deck: tuple[Card, ...] | None
    dealer: int
    moves: tuple[Move, ...] = ()

    def __post_init__(self) -> None:
        check_type("rules", self.rules, ScopaRules)
        check_whole("seed", self.seed, 0, MAX_SEED)
        check_whole("dealer", self.dealer, 0, 1)
        if self.deck is not None:
            check_deck(self.deck)
        check_type("moves", self.moves, tuple)
        for number, move in enumerate(self.moves, 1):
            if malformed(move):
                raise KaszinoError(f"move {number}: not a Scopa move: {quote(move)}")

    def start(self) -> ScopaState:
        return new_game(self.seed, self.rules, deck=self.deck, dealer=self.dealer)

    def replay(self) -> Iterator[ScopaState]:
        """The start, then the state after each move; an illegal move raises naming its number."""
        state = self.start()
        yield state
        for number, move in enumerate(self.moves, 1):
            try:
                state = state.play(move)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {number}: {error}") from None
            yield state

    def final_state(self) -> ScopaState:
        return deque(self.replay(), maxlen=1)[0]

    def to_text(self) -> str:
        lines = [f"Game: {GAME}", f"Rules: {format_rules(self.rules)}", f"Seed: {self.seed}",
                 f"Dealer: {self.dealer}"]
        if self.deck is not None:
            lines.append(f"Deck: {format_cards(self.deck)}")
        lines += [f"Result: {_result(self.final_state())}", ""]
        lines += [f"{number}. {move}" for number, move in enumerate(self.moves, 1)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> ScopaRecord:
        """Read a record written by :meth:`to_text`, replaying every move; errors name the line."""
        if not isinstance(text, str):
            raise NotationError(f"a record is text, not {quote(text)}")
        if len(text) > MAX_LENGTH:
            raise NotationError(f"a record has at most {MAX_LENGTH} characters, not {len(text)}")
        headers: dict[str, tuple[int, str]] = {}
        lines: list[int] = []
        moves: list[Move] = []
        for line_number, line in enumerate(text.splitlines(), 1):
            content = line.partition("#")[0].strip()
            if not content:
                continue
            header = _HEADER.fullmatch(content)
            if header is not None:
                _add_header(headers, header.group(1), header.group(2).strip(), line_number, bool(moves))
            else:
                moves.append(_move(content, line_number, len(moves) + 1))
                lines.append(line_number)
        for key in ("game", "rules", "seed"):
            if key not in headers:
                raise NotationError(f"the record has no '{key.capitalize()}:' line")
        game = _header(headers, "game", str)
        if game != GAME:
            raise NotationError(f"line {headers['game'][0]}: Game: {quote(game)}, but this is a Scopa record")
        record = cls(
            _header(headers, "rules", parse_rules), _header(headers, "seed", _whole(MAX_SEED)),
            _header(headers, "deck", _deck) if "deck" in headers else None,
            _header(headers, "dealer", _whole(1)) if "dealer" in headers else 1, tuple(moves),
        )
        states = record.replay()
        state = next(states)
        for line_number in lines:
            try:
                state = next(states)
            except IllegalMoveError as error:
                raise NotationError(f"line {line_number}: {error}") from None
        if "result" in headers and headers["result"][1] != _result(state):
            line_number, claimed = headers["result"]
            raise NotationError(f"line {line_number}: Result: {quote(claimed)}, "
                                f"but the moves end with {quote(_result(state))}")
        return record


def _add_header(headers: dict[str, tuple[int, str]], name: str, value: str, line_number: int,
                after_moves: bool) -> None:
    key = name.lower()
    if key not in _HEADERS:
        raise NotationError(f"line {line_number}: unknown header {quote(name)}; "
                            f"known: {', '.join(h.capitalize() for h in _HEADERS)}")
    if after_moves:
        raise NotationError(f"line {line_number}: header {quote(name)} after the moves")
    if key in headers:
        raise NotationError(f"line {line_number}: second {quote(name)} line")
    headers[key] = (line_number, value)


def _move(content: str, line_number: int, expected: int) -> Move:
    numbered = _NUMBERED.fullmatch(content)
    if numbered is not None:
        token = numbered.group(1)
        if read_whole(f"line {line_number}: move number", token, 1, MAX_COUNT, NotationError) != expected:
            raise NotationError(f"line {line_number}: numbered {token}, but this is move {expected}")
        content = numbered.group(2)
    try:
        return parse_move(content)
    except KaszinoError as error:
        raise NotationError(f"line {line_number}, move {expected}: {error}") from None


def _header(headers: dict[str, tuple[int, str]], key: str, convert: Callable[[str], T]) -> T:
    line_number, value = headers[key]
    try:
        return convert(value)
    except KaszinoError as error:
        raise NotationError(f"line {line_number}: {key.capitalize()}: {error}") from None


def _whole(high: int) -> Callable[[str], int]:
    return lambda text: read_whole("", text, 0, high, NotationError)


def _deck(text: str) -> tuple[Card, ...]:
    return check_deck(parse_cards(text))


def _result(state: ScopaState) -> str:
    return str(state.winner) if state.finished else "-"


def record_game(start: ScopaState, moves: Iterable[Move]) -> ScopaRecord:
    """The record of a game from its start (as :func:`new_game` makes it) and the moves played."""
    check_type("start", start, ScopaState)
    first = (*start.hands[1 - start.dealer], *start.hands[start.dealer], *start.table, *start.talon)
    shuffled = new_game(start.seed, start.rules, dealer=start.dealer) == start
    record = ScopaRecord(start.rules, start.seed, None if shuffled else first, start.dealer, tuple(moves))
    if record.start() != start:
        raise KaszinoError("a record begins at the start of a game (deal 1, before any move)")
    record.final_state()
    return record
