"""The miners of Scopa's kinds: which positions of simulated Scopa games make instructive puzzles.

Each miner takes a position and keeps it only when its kind's predicate
(:mod:`kaszino.puzzles.instructive_scopa`) finds it instructive (docs/puzzles.md, "Mining"), with a
difficulty score from the solver's features (higher is harder). The predicates ask:

- ``scopa_captures``: 2–10 legal captures, where the single-card priority forbids a sum, or three
  captures or more with one of several cards;
- ``scopa_best``: at most two best captures and a weaker one; the capture taking the most cards is
  a trap, or the best wins a sure point more (in the last round: the best capture is a best move
  of the solver, and a trap or a margin of two);
- ``scopa_primiera``: a finished deal whose pile has every suit, with a suit whose highest card is
  not its best primiera card or one of three cards or more;
- ``scopa_last_round``: at least three moves and two results, at most half of the moves best, and
  the greedy player's move refuted or a margin of two points or more.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kaszino.engine.cards import Suit
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.players import GreedyPlayer
from kaszino.games.scopa.state import ScopaState
from kaszino.puzzles.instructive_scopa import SCOPA_PREDICATES
from kaszino.puzzles.kinds import Answer, ScopaKindName, is_answer
from kaszino.puzzles.scopa_kinds import (
    ScopaBest,
    ScopaCaptures,
    ScopaKind,
    ScopaLastRound,
    ScopaPrimiera,
    captures_of,
    rank_traps,
    ruled_out,
    solution,
)

ScopaMined = tuple[ScopaState, tuple[Answer, ...], float]
ScopaMiner = Callable[[ScopaState, random.Random], ScopaMined | None]


def _kept(kind: ScopaKind, state: ScopaState) -> tuple[Answer, ...] | None:
    """The answers of ``kind`` in ``state`` if the position makes an instructive puzzle, else None."""
    if kind.position_problem(state) is not None:
        return None
    answers = kind.solve(state)
    return answers if SCOPA_PREDICATES[kind.kind](state, answers, None) is None else None


def mine_scopa_captures(state: ScopaState, rng: random.Random) -> ScopaMined | None:
    if (answers := _kept(ScopaCaptures(), state)) is None:
        return None
    found = captures_of(state)
    sums = sum(len(move.taken) >= 2 for move in found)
    return state, answers, len(found) + 0.3 * len(state.table) + 1.5 * bool(ruled_out(state)) + 0.5 * sums


def mine_scopa_best(state: ScopaState, rng: random.Random) -> ScopaMined | None:
    kind = ScopaBest()
    if (answers := _kept(kind, state)) is None:
        return None
    valued = kind.valued(state)
    trap = not is_answer(answers, max(valued, key=lambda pair: len(pair[0].taken))[0])
    return state, answers, len(valued) + 0.3 * len(state.table) + 2.5 * trap + 1.5 * state.last_round


def mine_scopa_primiera(state: ScopaState, rng: random.Random) -> ScopaMined | None:
    if (answers := _kept(ScopaPrimiera(), state)) is None:
        return None
    pile = state.piles[state.to_move]
    crowded = max(sum(card.suit is suit for card in pile) for suit in Suit)
    return state, answers, 0.1 * len(pile) + 1.5 * rank_traps(state) + 0.3 * crowded


def mine_scopa_last_round(state: ScopaState, rng: random.Random) -> ScopaMined | None:
    if (answers := _kept(ScopaLastRound(), state)) is None:
        return None
    found = solution(state)
    results = sorted({value for _, value in found.values}, reverse=True)
    greedy = GreedyPlayer().choose(state)
    trap = isinstance(greedy, ScopaMove) and not is_answer(answers, greedy)
    margin = results[0] - results[1]
    quiet = any(move.is_lay for move in found.best) and bool(captures_of(state))
    score = 0.4 * len(found.values) + 0.3 * len(state.table) + 2.5 * trap + 2 * quiet + (margin == 1)
    return state, answers, score + 0.2 * len(found.line)


SCOPA_MINERS: dict[ScopaKindName, ScopaMiner] = {
    "scopa_captures": mine_scopa_captures,
    "scopa_best": mine_scopa_best,
    "scopa_primiera": mine_scopa_primiera,
    "scopa_last_round": mine_scopa_last_round,
}
