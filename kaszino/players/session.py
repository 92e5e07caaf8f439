"""A game between a learner and the computer, one move at a time: the logic the game widget and
terminal play share.

``Session`` holds the game state, whose seat the learner has and the computer players in the other
seats. The computer's moves come one at a time (``computer_step``), so a front end can show and
explain each; the learner's moves are checked by the engine (``play``), and a refused move leaves
everything as it was. Every deal's score sheet is kept, and the whole game reads out as a record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kaszino.engine.events import Event
from kaszino.errors import KaszinoError, quote
from kaszino.games import family
from kaszino.games.casino import players as casino_players
from kaszino.games.casino.expert import CasinoExpert
from kaszino.games.kaszino.moves import Challenge, Claim
from kaszino.games.kaszino.players.base import Player, check_players, computer_call
from kaszino.games.kaszino.players.expert import ExpertPlayer
from kaszino.games.kaszino.players.fals import Fibber
from kaszino.games.kaszino.players.simple import GreedyPlayer, RandomPlayer
from kaszino.games.kaszino.rules import Rules
from kaszino.games.scopa import players as scopa_players
from kaszino.games.scopa.expert import ScopaExpert
from kaszino.inputs import MAX_SEED, check_choice, check_real, check_type, check_whole


@dataclass(frozen=True, slots=True)
class DealSheet:
    """One finished (or, at the end of the game, interrupted) deal: each player's points item by item,
    in the family's terms (Kaszinó: a ``PileScore`` per player; Scopa and Casino: the deal's
    ``DealReport``)."""

    deal: int
    scores: Any
    finished: bool


@dataclass(frozen=True, slots=True)
class Opponents:
    """What a family's games against the computer need: its computer players by level (each made
    from a seed) and the calls a computer makes at the table besides its moves (Kaszinó's "Ausz!"
    and "Fals!"; none in Scopa)."""

    levels: Mapping[str, Callable[[int], Any]]
    calls: Callable[[Any, Sequence[int]], object | None]
    fibbing: Callable[[Any, Any, float, int], Any]
    """The player that now and then tries a false capture at ``rate`` under these rules (Kaszinó V6)."""


def no_calls(state: object, seats: Sequence[int]) -> None:
    """A family whose computers make no calls besides their moves."""
    return None


def fibber(player: Player, rules: Rules, rate: float, seed: int) -> Player:
    """Under Fals! (V6) with a rate: ``player`` trying false captures at that rate; else ``player``."""
    return Fibber(player, rate, seed) if rate and rules.fals else player


def honest(player: object, rules: object, rate: float, seed: int) -> object:
    """A family without false captures: the player as it is."""
    return player


LEVELS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "greedy": lambda seed: GreedyPlayer(),
    "expert": lambda seed: ExpertPlayer(seed=seed),
}
"""Kaszinó's computer players by level name."""

SCOPA_LEVELS: dict[str, Callable[[int], scopa_players.ScopaPlayer]] = {
    "random": lambda seed: scopa_players.RandomPlayer(seed=seed),
    "greedy": lambda seed: scopa_players.GreedyPlayer(seed=seed),
    "expert": lambda seed: ScopaExpert(seed=seed),
}
"""Scopa's computer players by level name."""

CASINO_LEVELS: dict[str, Callable[[int], casino_players.CasinoPlayer]] = {
    "random": lambda seed: casino_players.RandomPlayer(seed=seed),
    "greedy": lambda seed: casino_players.GreedyPlayer(seed=seed),
    "expert": lambda seed: CasinoExpert(seed=seed),
}
"""Casino's computer players by level name."""

OPPONENTS: dict[str, Opponents] = {
    "kaszino": Opponents(LEVELS, computer_call, fibber),
    "scopa": Opponents(SCOPA_LEVELS, no_calls, honest),
    "casino": Opponents(CASINO_LEVELS, no_calls, honest),
}
"""Every family's opponents, by the family's name (``kaszino.games.FAMILIES``)."""

DEFAULT_LEVEL = {"kaszino": "expert", "scopa": "expert", "casino": "expert"}
"""The level a game against the computer starts with, per family."""


@dataclass
class Session:
    """A whole game of the family ``game``: the learner in seat ``learner``, ``computers`` in the
    other seats in order."""

    rules: Any
    computers: Sequence[Any]
    learner: int = 0
    seed: int = 0
    game: str = "kaszino"
    start: Any = field(init=False)
    state: Any = field(init=False)
    moves: list[Any] = field(init=False, default_factory=list)
    sheets: list[DealSheet] = field(init=False, default_factory=list)
    events: tuple[Event, ...] = field(init=False, default=())
    """What the last move or call set going (the engine's events of its step)."""

    def __post_init__(self) -> None:
        rules_family = family(self.game)
        check_type("rules", self.rules, type(rules_family.presets["standard"]))
        self.start = self.state = rules_family.new_game(self.seed, self.rules)
        players = self.start.players
        check_players(self.computers, players - 1, "computers")
        check_whole("learner", self.learner, 0, players - 1)

    @property
    def seats(self) -> list[int]:
        """The computers' seats."""
        return [p for p in range(self.state.players) if p != self.learner]

    def player_at(self, seat: int) -> Any:
        """The computer player in ``seat``."""
        seats = self.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in seats:
            raise KaszinoError(f"seat must be a computer's seat ({', '.join(map(str, seats))}), "
                               f"not {quote(seat)}")
        return self.computers[seats.index(seat)]

    def _call(self) -> Any:
        return OPPONENTS[self.game].calls(self.state, self.seats)

    def computer_due(self) -> bool:
        """Whether the computer moves (or calls) next, rather than the learner."""
        state = self.state
        if state.finished:
            return False
        if self._call() is not None:
            return True
        return not state.deal_over and state.to_move != self.learner

    def computer_step(self) -> tuple[int, Any]:
        """Play the computer's next move or call; return who made it and the move."""
        if not self.computer_due():
            raise KaszinoError("it is not the computer's turn")
        state = self.state
        call = self._call()
        if call is not None:
            seat = call.player if isinstance(call, (Claim, Challenge)) else state.to_move
            self._apply(call)
            return seat, call
        seat = state.to_move
        move = self.player_at(seat).choose(state)
        self._apply(move)
        return seat, move

    def play(self, move: Any) -> None:
        """The learner's move or call; ``IllegalMoveError`` (the engine's reason) leaves all as it was."""
        state = self.state
        if isinstance(move, (Claim, Challenge)):
            if move.player != self.learner:
                raise KaszinoError(f"the learner sits in seat {self.learner}, not {move.player}")
        elif move != family(self.game).next_deal() and (state.to_move != self.learner or self.computer_due()):
            raise KaszinoError("it is not the learner's turn")
        self._apply(move)

    def _apply(self, move: Any) -> None:
        before = self.state
        step = before.step(move)
        after = step.state
        sheet = family(self.game).score_sheet
        if move == family(self.game).next_deal() and after.deal != before.deal:
            self.sheets.append(DealSheet(before.deal, sheet(before), True))
        if after.finished:
            self.sheets.append(DealSheet(after.deal, sheet(after), after.deal_over))
        self.state = after
        self.events = step.events
        self.moves.append(move)

    def record(self) -> Any:
        """The game so far as a record (``to_text()`` saves it)."""
        return family(self.game).record(self.start, self.moves)


def make_session(level: str, rules: str | object, seed: int, fals_rate: float = 0.0, *,
                 game: str = "kaszino") -> Session:
    """A game of ``game`` against the computer at ``level``: the learner in seat 0, the computer in
    the others; under V6 the computer tries a false capture now and then (``fals_rate``, 0 to 1)."""
    opponents = OPPONENTS[check_choice("game", game, OPPONENTS)]
    check_choice("level", level, opponents.levels)
    presets = family(game).presets
    if isinstance(rules, str):
        rules = presets[check_choice("rules", rules.lower(), presets)]
    check_type("rules", rules, type(presets["standard"]))
    players = family(game).new_game(0, rules).players
    check_whole("seed", seed, 0, MAX_SEED - players)
    check_real("fals_rate", fals_rate, 0.0, 1.0)
    computers = [opponents.fibbing(opponents.levels[level](seed + seat), rules, fals_rate, seed + seat)
                 for seat in range(1, players)]
    return Session(rules, computers, learner=0, seed=seed, game=game)
