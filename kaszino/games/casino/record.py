"""Casino game records: the rules, the seed, the first dealer (and the first deck if it was given),
then the moves; every state follows from these, so :meth:`CasinoRecord.replay` rebuilds them.

The text form is every family's (:mod:`kaszino.engine.records`) with a ``Game: casino`` line
first, so a reader can tell the family from the first line. Builds need no lines of their own:
each build move names its value and cards, and the replay makes the builds again.
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
from kaszino.games.casino.deck import check_deck
from kaszino.games.casino.moves import Move, malformed, parse_move
from kaszino.games.casino.rules import MAX_PLAYERS, CasinoRules, format_rules, parse_rules
from kaszino.games.casino.state import CasinoState, new_game
from kaszino.inputs import MAX_SEED, check_type, check_whole

GAME = "casino"


@dataclass(frozen=True, slots=True)
class CasinoRecord:
    """A Casino game as its start and its moves; ``deck`` is None when shuffled from ``seed``."""

    rules: CasinoRules
    seed: int
    deck: tuple[Card, ...] | None
    dealer: int
    moves: tuple[Move, ...] = ()

    def __post_init__(self) -> None:
        check_type("rules", self.rules, CasinoRules)
        check_whole("seed", self.seed, 0, MAX_SEED)
        check_whole("dealer", self.dealer, 0, self.rules.players - 1)
        if self.deck is not None:
            check_deck(self.deck)
        check_type("moves", self.moves, tuple)
        for number, move in enumerate(self.moves, 1):
            if malformed(move):
                raise KaszinoError(f"move {number}: not a Casino move: {quote(move)}")

    def start(self) -> CasinoState:
        return new_game(self.seed, self.rules, deck=self.deck, dealer=self.dealer)

    def replay(self) -> Iterator[CasinoState]:
        """The start, then the state after each move; an illegal move raises naming its number."""
        return replay_moves(self.start(), self.moves, lambda state, move: state.play(move))

    def final_state(self) -> CasinoState:
        return deque(self.replay(), maxlen=1)[0]

    def to_text(self) -> str:
        headers = family_headers(GAME, format_rules(self.rules), self.seed, self.dealer, self.deck,
                                 self.final_state())
        return write_lines(headers, self.moves)

    @classmethod
    def from_text(cls, text: str) -> CasinoRecord:
        """Read a record written by :meth:`to_text`, replaying every move; errors name the line."""
        lines = read_family_lines(text, GAME, "Casino", parse_move)
        rules = lines.value("rules", parse_rules)
        record: CasinoRecord = starting(lambda: cls(
            rules, lines.value("seed", SEED), lines.optional("deck", deck_reader(check_deck), None),
            lines.optional("dealer", whole(MAX_PLAYERS - 1), rules.players - 1), lines.played()))
        replay_lines(record.replay(), lines)
        return record


def record_game(start: CasinoState, moves: Iterable[Move]) -> CasinoRecord:
    """The record of a game from its start (as :func:`new_game` makes it) and the moves played."""
    check_type("start", start, CasinoState)
    n, first = start.players, start.first_player
    dealt = [card for seat in range(n) for card in start.hands[(first + seat) % n]]
    order = (*dealt, *start.table, *start.talon)
    shuffled = new_game(start.seed, start.rules, dealer=start.dealer) == start
    record = CasinoRecord(start.rules, start.seed, None if shuffled else order, start.dealer, tuple(moves))
    if record.start() != start:
        raise KaszinoError("a record begins at the start of a game (deal 1, before any move)")
    record.final_state()
    return record
