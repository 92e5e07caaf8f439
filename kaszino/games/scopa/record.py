"""Scopa game records: the rules, the seed, the first dealer (and the first deck if it was given),
then the moves; every state follows from these, so :meth:`ScopaRecord.replay` rebuilds them.

The text form is every family's (:mod:`kaszino.engine.records`, which shows one) with a
``Game: scopa`` line first, so a reader can tell the family from the first line, and a Kaszinó
record (which has none) reads as before.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from kaszino.engine.cards import Card
from kaszino.engine.records import (
    SEED,
    deck_reader,
    family_headers,
    read_family_lines,
    replay_lines,
    replay_moves,
    starting,
    whole,
    write_lines,
)
from kaszino.errors import KaszinoError, quote
from kaszino.games.scopa.deck import check_deck
from kaszino.games.scopa.moves import Move, malformed, parse_move
from kaszino.games.scopa.rules import ScopaRules, format_rules, parse_rules
from kaszino.games.scopa.state import ScopaState, new_game
from kaszino.inputs import MAX_SEED, check_type, check_whole

GAME = "scopa"


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
        return replay_moves(self.start(), self.moves, lambda state, move: state.play(move))

    def final_state(self) -> ScopaState:
        return deque(self.replay(), maxlen=1)[0]

    def to_text(self) -> str:
        headers = family_headers(GAME, format_rules(self.rules), self.seed, self.dealer, self.deck,
                                 self.final_state())
        return write_lines(headers, self.moves)

    @classmethod
    def from_text(cls, text: str) -> ScopaRecord:
        """Read a record written by :meth:`to_text`, replaying every move; errors name the line."""
        lines = read_family_lines(text, GAME, "Scopa", parse_move)
        record: ScopaRecord = starting(lambda: cls(
            lines.value("rules", parse_rules), lines.value("seed", SEED),
            lines.optional("deck", deck_reader(check_deck), None), lines.optional("dealer", whole(1), 1),
            lines.played()))
        replay_lines(record.replay(), lines)
        return record

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
