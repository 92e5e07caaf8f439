"""Is it instructive? One predicate per Kaszinó kind: which positions make puzzles worth asking
(Scopa's kinds have theirs in :mod:`kaszino.puzzles.instructive_scopa`).

Each predicate takes a position, its exact answers (``solve(kind, state)``) and, for the kind
that stores one, the move played in the game, and says why the puzzle would teach nothing
(English, for ``kaszino puzzles check``), or None. The miners (:mod:`kaszino.puzzles.mining`)
keep only positions their kind's predicate accepts, and :func:`kaszino.puzzles.puzzle.recheck`
asks it of every stored puzzle, so a hand-made or an old file is held to the same bar.

One rule is common to every kind but ``ausz``: the player the puzzle speaks to has not secured
the game's target already. Such a player would call "Ausz!" and win; what he captures or lays
next no longer matters (for ``ausz`` that claim is the answer itself). ``tests/test_instructive.py``
checks every predicate on fixture positions.
"""

from __future__ import annotations

from collections.abc import Callable

from kaszino.engine.cards import card_sum
from kaszino.games.casino.state import CasinoState
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.solver.value import capture_values
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa.state import ScopaState
from kaszino.puzzles.capture_kinds import fals_faults
from kaszino.puzzles.instructive_casino import CASINO_PREDICATES
from kaszino.puzzles.instructive_scopa import SCOPA_PREDICATES
from kaszino.puzzles.kinds import Answer, Kind, may_claim
from kaszino.puzzles.play_kinds import solution, threats
from kaszino.puzzles.saving_kind import saving_problem
from kaszino.puzzles.themes import theme_greedy_trap, theme_majority_open

Answers = tuple[Answer, ...]
Predicate = Callable[[GameState, Answers, Move | None], str | None]

WON = "the player to move has secured the game's target already: he would call Ausz! and win"


def _captures(answers: Answers) -> list[Capture]:
    return [answer for answer in answers if isinstance(answer, Capture)]


def looks_right(capture: Capture, limit: int) -> bool:
    """Whether a false capture looks right at a glance: the sides one apart (neither far over the
    ``limit``), or equal sums just over it; and three cards or more, so that there is a sum to do."""
    mine, theirs = card_sum(capture.hand), card_sum(capture.table)
    close = abs(mine - theirs) == 1 and max(mine, theirs) <= limit + 1
    over = mine == theirs and limit < mine <= limit + 4
    return (close or over) and len(capture.cards) >= 3


def all_captures_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """2–8 captures, at least three of them or one that plays several hand cards."""
    found = _captures(answers)
    if not 2 <= len(found) <= 8 or (len(found) < 3 and not any(len(c.hand) > 1 for c in found)):
        return f"{len(found)} captures: not 2–8, or two without one of several hand cards"
    return WON if may_claim(state) else None


def best_capture_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """One best capture (or two tied) and a weaker one; the best beats the next by a point, or it is
    not the capture taking the most cards (the tempting one)."""
    valued = capture_values(state)
    weaker = [value for _, value in valued if value < valued[0][1]] if valued else []
    if len(answers) > 2 or not weaker:
        return "no single best capture above a weaker one"
    if valued[0][1].points - weaker[0].points < 1 and not theme_greedy_trap("best_capture", state, answers):
        return "the best capture wins no point more and is the one taking the most cards"
    return WON if may_claim(state) else None


def sweep_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """A tábla that is not the obvious capture: never a lone card taking a lone card."""
    found = _captures(answers)
    if not found or any(len(c.cards) <= 2 for c in found):
        return "no tábla, or a lone card taking a lone card"
    return WON if may_claim(state) else None


def last_round_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """At least three moves and two results, at most half of the moves best, and the greedy capture
    refuted or a margin of two points or more."""
    values = solution(state).move_values
    results = sorted(set(values.values()), reverse=True)
    if len(values) < 3 or len(results) < 2 or 2 * len(answers) > len(values):
        return "fewer than three moves or two results, or most moves are best"
    if results[0] - results[1] < 2 and not theme_greedy_trap("last_round", state, answers):
        return "the best move wins by one point and is the most valuable capture"
    return WON if may_claim(state) else None


def defend_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """Lays that differ in what they give away, and the lays giving the least are best by the exact
    solver too."""
    if len({found.key for found in threats(state)}) < 2:
        return "every lay gives the opponent the same"
    exact = solution(state)
    if any(exact.move_values[answer] != exact.value for answer in answers if isinstance(answer, Lay)):
        return "a lay giving the least is not best by the exact solver"
    return WON if may_claim(state) else None


def fals_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """The capture shown is correct with three cards or more, or false and looking right; the
    player who may call "Fals!" has not secured the target (he would claim once the window closes)."""
    shown = state.pending.capture if state.pending is not None else None
    limit = state.rules.capture_limit or 13
    if shown is None or len(shown.cards) < 3:
        return "no capture of three cards or more is shown"
    if fals_faults(shown, state.rules.capture_limit) and not looks_right(shown, limit):
        return "the false capture shown is plainly false"
    return WON if may_claim(state) else None


def ausz_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """The secured points within one of the target, or an open majority that would mislead the
    count; never when the earlier deals alone reach the target (nothing to count)."""
    target, me = state.rules.target, state.to_move
    if target is None or state.scores[me] >= target:
        return "the earlier deals alone decide the claim"
    secured = state.totals()[me]
    misleading = theme_majority_open("ausz", state, answers)
    if abs(secured - target) > 1 and not (misleading and secured < target <= secured + 3):
        return f"{secured} secured points, far from {target}, and no open majority to mislead"
    return None


def score_deal_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """Any finished deal, unless the player asked has secured the game with it."""
    return WON if may_claim(state) else None


def deal_saving_problem(state: GameState, answers: Answers, played: Move | None = None) -> str | None:
    """:func:`~kaszino.puzzles.saving_kind.saving_problem` (the mover unable to claim the game, a
    move played that lost two points or more), and at most half of the moves keep the best."""
    if played is None:
        return "no move played is stored"
    problem = saving_problem(state, played)
    if problem is None and 2 * len(answers) > len(solution(state).move_values):
        return "most moves keep the best result"
    return problem


PREDICATES: dict[Kind, Predicate] = {
    "all_captures": all_captures_problem,
    "best_capture": best_capture_problem,
    "sweep": sweep_problem,
    "last_round": last_round_problem,
    "fals": fals_problem,
    "ausz": ausz_problem,
    "score_deal": score_deal_problem,
    "defend": defend_problem,
    "deal_saving": deal_saving_problem,
}
"""The predicate of every Kaszinó kind."""


def instructive_problem(
    kind: Kind, state: object, answers: Answers, played: Move | None = None
) -> str | None:
    """Why the ``kind`` puzzle of ``state`` with ``answers`` would teach nothing, or None: the
    predicate of a Kaszinó kind here, of a Scopa kind in :mod:`kaszino.puzzles.instructive_scopa`,
    of a Casino kind in :data:`~kaszino.puzzles.instructive_casino.CASINO_PREDICATES`."""
    if isinstance(state, CasinoState):
        return CASINO_PREDICATES[kind](state, answers)
    if isinstance(state, ScopaState) and kind in SCOPA_PREDICATES:
        return SCOPA_PREDICATES[kind](state, answers, played)
    predicate = PREDICATES.get(kind)
    if predicate is None or not isinstance(state, GameState):
        return None
    return predicate(state, answers, played)
