"""The miners of Casino's kinds: positions of simulated Casino games kept when their kind's
predicate (:mod:`kaszino.puzzles.instructive_casino`) finds them instructive, with a difficulty
score from the solver's features (higher is harder; docs/puzzles.md, "Mining")."""

from __future__ import annotations

import random
from collections.abc import Callable

from kaszino.games.casino.moves import BuildMove, Capture
from kaszino.games.casino.state import CasinoState
from kaszino.puzzles.casino_kinds import answer_moves, items, legal_captures, move_values, unkept
from kaszino.puzzles.instructive_casino import CASINO_PREDICATES
from kaszino.puzzles.kinds import Answer, CasinoKindName, Kind
from kaszino.puzzles.puzzle import KIND_RULES
from kaszino.puzzles.themes import theme_casino_greedy_trap, theme_casino_quiet_move

CasinoMined = tuple[CasinoState, tuple[Answer, ...], float]
CasinoMiner = Callable[[CasinoState, random.Random], CasinoMined | None]


def _kept(kind: Kind, state: CasinoState) -> tuple[Answer, ...] | None:
    """The answers of ``kind`` in ``state`` if the position makes an instructive puzzle, else None."""
    rules = KIND_RULES[kind]
    if rules.position_problem(state) is not None:
        return None
    answers = rules.solve(state)
    return answers if CASINO_PREDICATES[kind](state, answers) is None else None


def mine_casino_captures(state: CasinoState, rng: random.Random) -> CasinoMined | None:
    if (answers := _kept("casino_captures", state)) is None:
        return None
    found = [move for move in answer_moves(answers) if isinstance(move, Capture)]
    overlap = len(found) - len({move.card for move in found})
    widest = max(map(items, found))
    return state, answers, len(found) + 0.3 * len(state.table) + widest + 1.5 * overlap + len(state.builds)


def mine_casino_builds(state: CasinoState, rng: random.Random) -> CasinoMined | None:
    if (answers := _kept("casino_builds", state)) is None:
        return None
    found = [move for move in answer_moves(answers) if isinstance(move, BuildMove)]
    changes = sum(move.build is not None for move in found)
    return state, answers, len(found) + 0.3 * len(state.table) + 1.5 * bool(unkept(state)) + changes


def mine_casino_best(state: CasinoState, rng: random.Random) -> CasinoMined | None:
    if (answers := _kept("casino_best", state)) is None:
        return None
    trap = theme_casino_greedy_trap("casino_best", state, answers)
    return state, answers, len(legal_captures(state)) ** 0.5 + 0.3 * len(state.table) + 2.5 * trap


def mine_casino_last_hand(state: CasinoState, rng: random.Random) -> CasinoMined | None:
    if (answers := _kept("casino_last_hand", state)) is None:
        return None
    values = move_values(state)
    results = sorted(set(values.values()), reverse=True)
    trap = theme_casino_greedy_trap("casino_last_hand", state, answers)
    quiet = theme_casino_quiet_move("casino_last_hand", state, answers)
    close = results[0] - results[1] == 1
    score = 0.3 * len(values) + 0.3 * len(state.table) + 2.5 * trap + 2 * quiet + close
    return state, answers, score + 0.5 * len(state.hands[state.to_move])


CASINO_MINERS: dict[CasinoKindName, CasinoMiner] = {
    "casino_captures": mine_casino_captures,
    "casino_builds": mine_casino_builds,
    "casino_best": mine_casino_best,
    "casino_last_hand": mine_casino_last_hand,
}
