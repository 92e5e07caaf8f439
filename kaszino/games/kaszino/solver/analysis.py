"""What each move of a finished two-player deal cost, every card known: ``analyse(record)``.

Once a deal is over its whole course is known, talon order included, so every position in it
is a game of perfect information (:mod:`kaszino.games.kaszino.solver.deal`). For each move the analysis gives
the best result its player could still reach, the result after the move he played, and so what
the move cost, in deal points, the mover's minus the other's (docs/analysis.md). The last rounds
are solved exactly, from the end back as far as the budget allows; the moves before that get
bounds that always hold ("cost at least 1, at most 3"), never a guess shown as exact.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, Move, Pass
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.solver.deal import DealSearch, OutOfBudget, Side, check_deal_rules, draws_left
from kaszino.games.kaszino.solver.search import _quiet, playable_moves
from kaszino.games.kaszino.state import GameState
from kaszino.inputs import check_type, check_whole

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each position of the deal is analysed."""


@dataclass(frozen=True, slots=True)
class Interval:
    """A value known to lie in ``low..high``; exact when the two are equal."""

    low: int
    high: int

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def negated(self) -> Interval:
        """The same value seen by the other player (a two-player score is a difference)."""
        return Interval(-self.high, -self.low)

    def meet(self, other: Interval) -> Interval:
        """What both intervals say together (both hold the value, so they overlap)."""
        met = Interval(max(self.low, other.low), min(self.high, other.high))
        assert met.low <= met.high, f"two sound bounds {self} and {other} do not overlap"
        return met

    def __str__(self) -> str:
        return str(self.low) if self.exact else f"{self.low}..{self.high}"


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work an analysis may do: wall-clock ``seconds`` and searched ``positions``
    (either may be None: no limit on it). ``reserve`` is the share kept for the bounds of the
    moves the exact search does not reach."""

    seconds: float | None = 40.0
    positions: int | None = None
    reserve: float = 0.25


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One move of the deal: ``number`` is its number in the record, ``player`` made it in
    ``round``. Values are the mover's deal points minus the other's at the end of the deal:
    ``best`` the most he could still reach from the position, ``played`` what the move he
    played leaves him, ``cost`` the difference. ``best_moves`` (every move reaching ``best``,
    in ``legal_moves()`` order) and ``line`` (a perfect continuation to the end of the deal)
    are known only where the position is solved exactly, else None."""

    number: int
    round: int
    player: int
    move: Move
    best: Interval
    played: Interval
    best_moves: tuple[Move, ...] | None
    line: tuple[Move, ...] | None

    @property
    def cost(self) -> Interval:
        """The points the move gave away: best minus played (never below 0)."""
        return Interval(max(0, self.best.low - self.played.high), self.best.high - self.played.low)

    @property
    def exact(self) -> bool:
        return self.best.exact and self.played.exact


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """Every move of one deal, in order, and what the analysis searched."""

    deal: int
    moves: tuple[MoveAnalysis, ...]
    positions: int
    seconds: float

    @property
    def exact_from(self) -> int | None:
        """The number of the first move from which on every move is exact (None: none is)."""
        first = None
        for analysed in reversed(self.moves):
            if not analysed.exact:
                break
            first = analysed.number
        return first


def analyse(record: GameRecord, deal: int = 1, budget: Budget | None = None,
            progress: Progress | None = None) -> DealAnalysis:
    """Analyse deal ``deal`` of ``record`` move by move (two players, no Fals!; docs/analysis.md)."""
    check_type("record", record, GameRecord)
    check_whole("deal", deal, 1, len(record.moves) + 1)
    budget = Budget() if budget is None else check_type("budget", budget, Budget)
    plays, end = _deal_plays(record, deal)
    start = time.monotonic()
    analyser = _Analyser(plays[0][1], budget, start)
    # the positions from the last to the first; the position after the last move closes the list
    states = [state for _, state, _ in plays] + [end]
    values: list[Interval] = [Interval(0, 0)] * len(states)
    details: list[tuple[tuple[Move, ...], tuple[Move, ...]] | None] = [None] * len(states)
    total = len(states)
    exact = True
    for index in range(total - 1, -1, -1):
        state = states[index]
        played = None if index == total - 1 else _seen_by(values[index + 1], states[index + 1], state)
        move = plays[index][2] if index < total - 1 else None
        if exact:
            solved = analyser.exact(state, move, played)
            if solved is None:
                exact = False
            else:
                values[index], details[index] = solved
        if not exact:
            values[index] = analyser.bounds(state, move, played, index + 1)
        if progress is not None:
            progress(total - index, total)
    moves = []
    for index, (number, state, move) in enumerate(plays):
        # the move played is worth no more than the best: its bounds are cut down to the best's
        played = _seen_by(values[index + 1], states[index + 1], state)
        played = played.meet(Interval(played.low, min(played.high, values[index].high)))
        values[index + 1] = _seen_by(played, state, states[index + 1])
        best_moves, line = details[index] or (None, None)
        moves.append(MoveAnalysis(number, state.round, state.to_move, move, values[index], played,
                                  best_moves, line))
    return DealAnalysis(deal, tuple(moves), analyser.positions, time.monotonic() - start)


def _seen_by(value: Interval, state: GameState, viewer: GameState) -> Interval:
    """``value``, the value of ``state`` for its mover, as the mover of ``viewer`` sees it."""
    return value if _mover(state) == _mover(viewer) else value.negated()


def _mover(state: GameState) -> int:
    """Whose value a position's value is: the mover's; at the end of the deal, player 0's."""
    return 0 if state.deal_over else state.to_move


def _deal_plays(record: GameRecord, deal: int) -> tuple[list[tuple[int, GameState, Move]], GameState]:
    """The moves of deal ``deal`` that play a card (number, state before, move) and the state
    after the last of them; an error when the deal is not finished or has no such move."""
    check_deal_rules(record.start())
    plays: list[tuple[int, GameState, Move]] = []
    end: GameState | None = None
    states = record.replay()
    before = next(states)
    for number, (move, after) in enumerate(zip(record.moves, states, strict=True), 1):
        if before.deal == deal and isinstance(move, (Capture, Lay, Pass)):
            plays.append((number, before, move))
            end = after
        before = after
    if not plays or end is None:
        raise KaszinoError(f"deal {deal} of the record has no move to analyse")
    if not end.deal_over and not end.finished:
        raise KaszinoError(f"deal {deal} is not finished yet: only a finished deal is analysed")
    return plays, _quiet(end)


class _Analyser:
    """The searches of one deal, shared by its positions, and the budget left."""

    def __init__(self, start: GameState, budget: Budget, started: float) -> None:
        self.start = _quiet(start)
        self.budget = budget
        self.started = started
        self.positions = 0
        self._searches: dict[tuple[int, int | None, Side], DealSearch] = {}

    def search(self, player: int, stop: int | None = None, side: Side = "low") -> DealSearch:
        key = (player, stop, side)
        found = self._searches.get(key)
        if found is None:
            found = self._searches[key] = DealSearch(self.start, player, stop=stop, side=side)
        return found

    def _run(self, search: DealSearch, share: float, work: Callable[[], object]) -> bool:
        """Run ``work`` on ``search`` within ``share`` of the budget; False if it ran out."""
        before = search.nodes
        search.limit, search.deadline = self._limits(before, share)
        try:
            work()
            return True
        except OutOfBudget:
            return False
        finally:
            self.positions += search.nodes - before
            search.limit = search.deadline = None

    def _limits(self, nodes: int, share: float) -> tuple[int | None, float | None]:
        budget = self.budget
        limit = None
        if budget.positions is not None:
            limit = nodes + max(0, int(budget.positions * share) - self.positions)
        deadline = None if budget.seconds is None else self.started + budget.seconds * share
        return limit, deadline

    def exact(self, state: GameState, move: Move | None, played: Interval | None
              ) -> tuple[Interval, tuple[tuple[Move, ...], tuple[Move, ...]] | None] | None:
        """The exact value of ``state`` for its mover, with every optimal move and a perfect line
        (None at the end of the deal); None when the budget runs out first."""
        if state.deal_over:
            search = self.search(0)
            node = search.node(state)
            return Interval(*(search.exact(node),) * 2), None
        search = self.search(state.to_move)
        node = search.node(state)
        found: list[tuple[int, tuple[Move, ...], tuple[Move, ...]]] = []

        def work() -> None:
            value = search.exact(node, None if played is None else played.low)
            best = self._best_moves(search, state, value, move, played)
            found.append((value, best, search.line(node, _quiet(state), value)))

        if not self._run(search, 1 - self.budget.reserve, work):
            return None
        value, best, line = found[0]
        return Interval(value, value), (best, line)

    def _best_moves(self, search: DealSearch, state: GameState, value: int, played_move: Move | None,
                    played: Interval | None) -> tuple[Move, ...]:
        node = search.node(state)
        steps = {move: search.model.of_move(move) for move in playable_moves(state)}
        keeps: dict[object, bool] = {}
        if played_move is not None and played is not None:
            keeps[steps[played_move]] = played.low == value
        for step in dict.fromkeys(steps.values()):
            if step not in keeps:
                keeps[step] = search.value(search.play(node, step), value - 1, value, 1) >= value
        return tuple(move for move, step in steps.items() if keeps[step])

    def bounds(self, state: GameState, move: Move | None, played: Interval | None, remaining: int
               ) -> Interval:
        """Sound bounds on the value of ``state`` for its mover: searches to a horizon, the
        positions there scored by their static bounds, as far as the budget allows."""
        if state.deal_over:
            exact = self.exact(state, None, None)
            assert exact is not None
            return exact[0]
        player = state.to_move
        left = draws_left(self.search(player).node(state))
        found = self._static(state)
        if played is not None:
            found = found.meet(Interval(played.low, found.high))  # the best is at least the move played
        for horizon in range(1, left + 1):
            share = self._share(remaining)
            interval = self._horizon(state, player, left - horizon, share)
            if interval is None:
                break
            found = found.meet(interval)
            if found.exact:
                break
        return found

    def _share(self, remaining: int) -> float:
        """The share of the whole budget the next position may use up to: the rest of the budget
        spread over the ``remaining`` positions still to bound."""
        budget = self.budget
        if budget.seconds is not None:
            used = (time.monotonic() - self.started) / budget.seconds
        else:
            assert budget.positions is not None
            used = self.positions / budget.positions
        return used + max(0.0, 1 - used) / remaining

    def _horizon(self, state: GameState, player: int, stop: int, share: float) -> Interval | None:
        """The value of ``state`` with the search stopping at the round with ``stop`` draws left:
        the minimax of the low and of the high static bounds there; None if the budget runs out."""
        sides: list[int] = []
        for side in ("low", "high"):
            search = self.search(player, stop, side)
            if not self._run(search, share, _solving(search, state, sides)):
                return None
        return Interval(*sides)

    def _static(self, state: GameState) -> Interval:
        """The static bounds of ``state`` for its mover: what is still in play goes all one way."""
        search = self.search(state.to_move)
        return Interval(*search.static_bounds(search.node(state)))


def _solving(search: DealSearch, state: GameState, found: list[int]) -> Callable[[], None]:
    """Work for :meth:`_Analyser._run`: the exact value of ``state`` in ``search``, added to ``found``."""
    return lambda: found.append(search.exact(search.node(state)))
