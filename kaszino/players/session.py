"""A game between a learner and the computer, one move at a time: the logic the game widget and
terminal play share.

``Session`` holds the game state, whose seat the learner has and the computer players in the other
seats. The computer's moves come one at a time (``computer_step``), so a front end can show and
explain each; the learner's moves are checked by the engine (``play``), and a refused move leaves
everything as it was. Every deal's score sheet is kept, and the whole game reads out as a record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kaszino.engine.events import Event
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.moves import Challenge, Claim, Move, NextDeal
from kaszino.games.kaszino.players.base import Player, check_players, computer_call
from kaszino.games.kaszino.players.expert import ExpertPlayer
from kaszino.games.kaszino.players.fals import Fibber
from kaszino.games.kaszino.players.simple import GreedyPlayer, RandomPlayer
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import Rules, preset
from kaszino.games.kaszino.scoring import PileScore
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.i18n import player_number, tr
from kaszino.inputs import MAX_SEED, check_choice, check_real, check_type, check_whole


def seat_name(seat: int, learner: int) -> str:
    """A seat as the learner sees it: "Te", or "Gép (2. játékos)" with the player's number from 1."""
    return tr("session.you") if seat == learner else tr("session.computer", n=player_number(seat))


@dataclass(frozen=True, slots=True)
class DealSheet:
    """One finished (or, at the end of the game, interrupted) deal: each player's points item by item."""

    deal: int
    scores: tuple[PileScore, ...]
    finished: bool


@dataclass
class Session:
    """A whole game: the learner in seat ``learner``, ``computers`` in the other seats in order."""

    rules: Rules
    computers: Sequence[Player]
    learner: int = 0
    seed: int = 0
    start: GameState = field(init=False)
    state: GameState = field(init=False)
    moves: list[Move] = field(init=False, default_factory=list)
    sheets: list[DealSheet] = field(init=False, default_factory=list)
    events: tuple[Event, ...] = field(init=False, default=())
    """What the last move or call set going (the engine's events of its step)."""

    def __post_init__(self) -> None:
        players = check_type("rules", self.rules, Rules).players
        check_players(self.computers, players - 1, "computers")
        check_whole("learner", self.learner, 0, players - 1)
        self.start = self.state = new_game(self.rules, seed=self.seed)

    @property
    def seats(self) -> list[int]:
        """The computers' seats."""
        return [p for p in range(self.rules.players) if p != self.learner]

    def player_at(self, seat: int) -> Player:
        """The computer player in ``seat``."""
        seats = self.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in seats:
            raise KaszinoError(f"seat must be a computer's seat ({', '.join(map(str, seats))}), "
                               f"not {quote(seat)}")
        return self.computers[seats.index(seat)]

    def computer_due(self) -> bool:
        """Whether the computer moves (or calls) next, rather than the learner."""
        state = self.state
        if state.finished:
            return False
        if computer_call(state, self.seats) is not None:
            return True
        return not state.deal_over and state.to_move != self.learner

    def computer_step(self) -> tuple[int, Move]:
        """Play the computer's next move or call; return who made it and the move."""
        if not self.computer_due():
            raise KaszinoError("it is not the computer's turn")
        state = self.state
        call = computer_call(state, self.seats)
        if call is not None:
            seat = call.player if isinstance(call, (Claim, Challenge)) else state.to_move
            self._apply(call)
            return seat, call
        seat = state.to_move
        move = self.player_at(seat).choose(state)
        self._apply(move)
        return seat, move

    def play(self, move: Move) -> None:
        """The learner's move or call; ``IllegalMoveError`` (the engine's reason) leaves all as it was."""
        state = self.state
        if isinstance(move, (Claim, Challenge)):
            if move.player != self.learner:
                raise KaszinoError(f"the learner sits in seat {self.learner}, not {move.player}")
        elif not isinstance(move, NextDeal) and (state.to_move != self.learner or self.computer_due()):
            raise KaszinoError("it is not the learner's turn")
        self._apply(move)

    def _apply(self, move: Move) -> None:
        before = self.state
        step = before.step(move)
        after = step.state
        if isinstance(move, NextDeal) and after.deal != before.deal:
            self.sheets.append(DealSheet(before.deal, before.deal_scores(), True))
        if after.finished:
            self.sheets.append(DealSheet(after.deal, after.deal_scores(), after.deal_over))
        self.state = after
        self.events = step.events
        self.moves.append(move)

    def record(self) -> GameRecord:
        """The game so far as a record (``to_text()`` saves it)."""
        return GameRecord(self.rules, self.seed, None, self.start.dealer, tuple(self.moves))


LEVELS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "greedy": lambda seed: GreedyPlayer(),
    "expert": lambda seed: ExpertPlayer(seed=seed),
}
"""The computer players by level name."""


def make_session(level: str, rules: str | Rules, seed: int, fals_rate: float = 0.0) -> Session:
    """A game against the computer at ``level``: the learner in seat 0, the computer in the others;
    under V6 the computer tries a false capture now and then (``fals_rate``, 0 to 1)."""
    check_choice("level", level, LEVELS)
    rules = preset(rules) if isinstance(rules, str) else check_type("rules", rules, Rules)
    check_whole("seed", seed, 0, MAX_SEED - rules.players)
    check_real("fals_rate", fals_rate, 0.0, 1.0)
    computers: list[Player] = []
    for seat in range(1, rules.players):
        player = LEVELS[level](seed + seat)
        computers.append(Fibber(player, fals_rate, seed + seat) if fals_rate and rules.fals else player)
    return Session(rules, computers, learner=0, seed=seed)
