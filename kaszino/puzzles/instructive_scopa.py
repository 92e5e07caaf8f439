"""Is it instructive? One predicate per Scopa kind, as :mod:`kaszino.puzzles.instructive` has for
Kaszinó's: which positions make puzzles worth asking (docs/puzzles.md, "Mining").

Each predicate takes a position its kind accepts (``position_problem`` is None), its exact answers
and, for the signature's sake, a move played (no Scopa kind stores one), and says why the puzzle
would teach nothing (English, for ``kaszino puzzles check``), or None. The Scopa miners
(:mod:`kaszino.puzzles.mining_scopa`) keep only the positions their kind's predicate accepts, and
:func:`kaszino.puzzles.puzzle.recheck` asks it of every stored puzzle. Scopa has no claim in the
middle of a deal, so no position can be one its mover has already won. ``tests/test_instructive.py``
checks every predicate on fixture positions.
"""

from __future__ import annotations

from collections.abc import Callable

from kaszino.engine.cards import Suit
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.players import GreedyPlayer
from kaszino.games.scopa.state import ScopaState
from kaszino.puzzles.kinds import Answer, Kind, is_answer
from kaszino.puzzles.scopa_kinds import ScopaBest, Worth, captures_of, rank_traps, ruled_out, solution

Answers = tuple[Answer, ...]
ScopaPredicate = Callable[[ScopaState, Answers, object], str | None]


def scopa_captures_problem(state: ScopaState, answers: Answers, played: object = None) -> str | None:
    """2–10 legal captures, where the single-card priority forbids a sum, or three captures or
    more with one taking several cards."""
    found = captures_of(state)
    several = any(len(move.taken) >= 2 for move in found)
    if not 2 <= len(found) <= 10:
        return f"captures: {len(found)}, not 2–10"
    if not (ruled_out(state) or (len(found) >= 3 and several)):
        return "the priority forbids no sum, and no third capture or none taking several cards"
    return None


def scopa_best_problem(state: ScopaState, answers: Answers, played: object = None) -> str | None:
    """At most two best captures and a weaker one; the capture taking the most cards is a trap, or
    the best wins a sure point more (in the known last round: the best capture is a best move of the
    exact solver, and a trap or a margin of two)."""
    valued = ScopaBest().valued(state)
    weaker = [value for _, value in valued if value != valued[0][1]]
    if len(answers) > 2 or not weaker:
        return "no one or two best captures above a weaker one"
    widest = max(valued, key=lambda pair: len(pair[0].taken))[0]
    trap = not is_answer(answers, widest)
    best, next_best = valued[0][1], weaker[0]
    if isinstance(best, Worth) and isinstance(next_best, Worth):
        clear = best.points > next_best.points
    else:
        assert isinstance(best, int) and isinstance(next_best, int)
        if best != solution(state).value:
            return "a lay does better than every capture: asking for the best capture would mislead"
        clear = best - next_best >= 2
    if not (trap or clear):
        return "the best capture takes the most cards and wins no clear margin"
    return None


def scopa_primiera_problem(state: ScopaState, answers: Answers, played: object = None) -> str | None:
    """A suit whose highest card by rank is not its best primiera card, or a suit of three cards or
    more to choose from."""
    pile = state.piles[state.to_move]
    crowded = max(sum(card.suit is suit for card in pile) for suit in Suit)
    if not rank_traps(state) and crowded < 3:
        return "every suit's best card is its highest, and no suit has three cards"
    return None


def scopa_last_round_problem(state: ScopaState, answers: Answers, played: object = None) -> str | None:
    """At least three moves and two results, at most half of the moves best, and the greedy
    player's move refuted or a margin of two points or more."""
    found = solution(state)
    results = sorted({value for _, value in found.values}, reverse=True)
    if len(found.values) < 3 or len(results) < 2 or 2 * len(answers) > len(found.values):
        return "fewer than three moves or two results, or most moves are best"
    greedy = GreedyPlayer().choose(state)
    if (not isinstance(greedy, ScopaMove) or is_answer(answers, greedy)) and results[0] - results[1] < 2:
        return "the greedy move is best and the best wins by one point"
    return None


SCOPA_PREDICATES: dict[Kind, ScopaPredicate] = {
    "scopa_captures": scopa_captures_problem,
    "scopa_best": scopa_best_problem,
    "scopa_primiera": scopa_primiera_problem,
    "scopa_last_round": scopa_last_round_problem,
}
"""The predicate of every Scopa kind."""
