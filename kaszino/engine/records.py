"""The text of a game record, whatever the family (docs/notation.md): header lines, then numbered moves.

A family's record (Kaszinó's ``GameRecord``, Scopa's ``ScopaRecord``) keeps its own starting
conditions and its own move type; this module reads and writes the text they share and replays a
record line by line, so every family names a bad line, a bad header or a refused move the same way::

    Game: scopa          (Kaszinó's records have no Game line: they were written before the others)
    Rules: standard
    Seed: 7
    Dealer: 1
    Result: -

    1. 7♦=7♣
    2. K♠
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from kaszino.engine.cards import Card, parse_cards
from kaszino.engine.notation import result_token
from kaszino.errors import IllegalMoveError, KaszinoError, NotationError, quote
from kaszino.inputs import MAX_COUNT, MAX_SEED, read_whole

MAX_LENGTH = 1_000_000
"""The longest record read: a Kaszinó game of 1,000 deals, the most V4 allows, takes about 550,000
characters (a Scopa deal about 300)."""

_HEADER = re.compile(r"([A-Za-z]+):\s*(.*)", re.DOTALL)
_NUMBERED = re.compile(r"([0-9]+)\.\s*(.*)", re.DOTALL)


class Ends(Protocol):
    """What a record's ``Result:`` is read from: every family's state has it."""

    @property
    def finished(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...


M = TypeVar("M")
S = TypeVar("S", bound=Ends)
T = TypeVar("T")


def result_of(state: Ends) -> str:
    """The ``Result:`` token of a record whose moves end in ``state``."""
    return result_token(state.finished, state.winner)


@dataclass(frozen=True, slots=True)
class RecordLines(Generic[M]):
    """A record's text read line by line: each header's line and value, and each move with its line."""

    headers: dict[str, tuple[int, str]]
    moves: tuple[tuple[int, M], ...]

    def value(self, key: str, convert: Callable[[str], T]) -> T:
        """The header ``key`` read by ``convert``; an error names its line."""
        line_number, text = self.headers[key]
        try:
            return convert(text)
        except KaszinoError as error:
            raise NotationError(f"line {line_number}: {key.capitalize()}: {error}") from None

    def optional(self, key: str, convert: Callable[[str], T], default: T) -> T:
        """The header ``key`` read by ``convert``, or ``default`` when the record has none."""
        return self.value(key, convert) if key in self.headers else default

    def played(self) -> tuple[M, ...]:
        return tuple(move for _, move in self.moves)


def read_lines(text: object, known: Sequence[str], required: Sequence[str],
               parse_move: Callable[[str], M]) -> RecordLines[M]:
    """The headers (each of ``known``, ``required`` ones present) and moves of a record's ``text``.

    ``#`` starts a comment; a move may carry its number (``12. K♠``), which must then be its place.
    ``NotationError`` names the line of anything wrong.
    """
    if not isinstance(text, str):
        raise NotationError(f"a record is text, not {quote(text)}")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a record has at most {MAX_LENGTH} characters, not {len(text)}")
    headers: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, M]] = []
    for line_number, line in enumerate(text.splitlines(), 1):
        content = line.partition("#")[0].strip()
        if not content:
            continue
        header = _HEADER.fullmatch(content)
        if header is not None:
            _add_header(headers, known, header.group(1), header.group(2).strip(), line_number, bool(moves))
        else:
            moves.append((line_number, _move(content, line_number, len(moves) + 1, parse_move)))
    for key in required:
        if key not in headers:
            raise NotationError(f"the record has no '{key.capitalize()}:' line")
    return RecordLines(headers, tuple(moves))


def _add_header(headers: dict[str, tuple[int, str]], known: Sequence[str], name: str, value: str,
                line_number: int, after_moves: bool) -> None:
    key = name.lower()
    if key not in known:
        raise NotationError(f"line {line_number}: unknown header {quote(name)}; "
                            f"known: {', '.join(h.capitalize() for h in known)}")
    if after_moves:
        raise NotationError(f"line {line_number}: header {quote(name)} after the moves")
    if key in headers:
        raise NotationError(f"line {line_number}: second {quote(name)} line")
    headers[key] = (line_number, value)


def _move(content: str, line_number: int, expected: int, parse_move: Callable[[str], M]) -> M:
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


def write_lines(headers: Iterable[tuple[str, str]], moves: Iterable[object]) -> str:
    """A record's text: ``Name: value`` lines, a blank line, then the numbered moves."""
    lines = [f"{name}: {value}" for name, value in headers]
    lines.append("")
    lines += [f"{number}. {move}" for number, move in enumerate(moves, 1)]
    return "\n".join(lines) + "\n"


def whole(high: int) -> Callable[[str], int]:
    """A header reader of a whole number from 0 to ``high`` (a seed, a dealer)."""
    return lambda text: read_whole("", text, 0, high, NotationError)


SEED = whole(MAX_SEED)
"""The reader of a ``Seed:`` header."""


def deck_reader(check_deck: Callable[[tuple[Card, ...]], tuple[Card, ...]]
                ) -> Callable[[str], tuple[Card, ...]]:
    """A ``Deck:`` header reader: the cards, checked to be the family's whole deck by ``check_deck``."""
    return lambda text: check_deck(parse_cards(text))


def numbered(number: int, act: Callable[[M], T], move: M) -> T:
    """``act(move)``, with the number of the move in the message of an ``IllegalMoveError``."""
    try:
        return act(move)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"move {number}: {error}") from None


def replay_lines(states: Iterator[S], lines: RecordLines[M]) -> S:
    """Run a record's replay (``states``: the start, then one state per move) and name the line of a
    refused move; the ``Result:`` header, if any, must be how the moves end."""
    try:
        state = next(states)
    except KaszinoError as error:
        raise NotationError(f"the game cannot start: {error}") from None
    for line_number, _ in lines.moves:
        try:
            state = next(states)
        except IllegalMoveError as error:
            raise NotationError(f"line {line_number}: {error}") from None
    if "result" in lines.headers and lines.headers["result"][1] != result_of(state):
        line_number, claimed = lines.headers["result"]
        raise NotationError(f"line {line_number}: Result: {quote(claimed)}, "
                            f"but the moves end with {quote(result_of(state))}")
    return state


FAMILY_HEADERS = ("game", "rules", "seed", "dealer", "deck", "result")
"""The header lines of a record of a family after Kaszinó (``Game``, ``Rules`` and ``Seed`` it must have)."""


def replay_moves(start: S, moves: Iterable[M], play: Callable[[S, M], S]) -> Iterator[S]:
    """``start``, then the state after each move; an illegal move raises naming its number."""
    state = start
    yield state
    for number, move in enumerate(moves, 1):
        state = numbered(number, lambda chosen: play(state, chosen), move)  # noqa: B023 - called at once
        yield state


def family_headers(game: str, rules: str, seed: int, dealer: int, deck: Iterable[Card] | None,
                   final: Ends) -> list[tuple[str, str]]:
    """The header lines of a family's record: ``Game``, ``Rules``, ``Seed``, ``Dealer``, the ``Deck``
    when it was given, and the ``Result`` the moves end with (in ``final``)."""
    headers = [("Game", game), ("Rules", rules), ("Seed", str(seed)), ("Dealer", str(dealer))]
    if deck is not None:
        headers.append(("Deck", " ".join(map(str, deck))))
    return [*headers, ("Result", result_of(final))]


def read_family_lines(text: object, game: str, title: str, parse_move: Callable[[str], M]) -> RecordLines[M]:
    """The lines of a record of family ``game`` (its first line ``Game: <game>``; ``title`` names the
    family in a message)."""
    lines = read_lines(text, FAMILY_HEADERS, ("game", "rules", "seed"), parse_move)
    named = lines.value("game", str)
    if named != game:
        raise NotationError(f"line {lines.headers['game'][0]}: Game: {quote(named)}, "
                            f"but this is a {title} record")
    return lines


def starting(make: Callable[[], T]) -> T:
    """``make()``, a ``NotationError`` saying the game cannot start if it refuses its values."""
    try:
        return make()
    except KaszinoError as error:
        raise NotationError(f"the game cannot start: {error}") from None
