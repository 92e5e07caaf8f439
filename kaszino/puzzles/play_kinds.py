"""The kinds of the open last round: play the best move (by the exact solver), and defend with a lay.

:func:`solution` and :func:`outcome` also serve the deal-saving kind (:mod:`.saving_kind`), whose
positions may lie before the last round: there the deal search solves them, every card known."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kaszino.engine.cards import format_cards
from kaszino.games.kaszino.captures import Capture, captures
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.solver.deal import solve_deal
from kaszino.games.kaszino.solver.search import Solution, solve
from kaszino.games.kaszino.solver.value import NOTHING, CaptureValue, capture_values
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import tr
from kaszino.puzzles.kinds import (
    Answer,
    Attempt,
    KaszinoKind,
    Kind,
    PuzzleVerdict,
    answer_key,
    bullet_lines,
    canonical_moves,
    free_to_move,
    is_answer,
    judged,
    refusal,
    said,
    tied,
    words,
)
from kaszino.teach.explain import Joined, Message, line_message, move_message, value_message, without_claims
from kaszino.teach.hints import hint_ladder
from kaszino.teach.questions import Lines


@lru_cache(maxsize=512)
def solution(state: GameState) -> Solution:
    """The exact solution of an open-last-round position, or, with cards still in the talon, of the
    rest of the deal with every card known (cached: checks and texts ask repeatedly)."""
    return solve_deal(state) if state.talon else solve(state)


def _open_round_problem(state: GameState) -> str | None:
    if state.players != 2:
        return "open-round puzzles are for two players"
    if not state.open_round or state.talon:
        return "not the open last round"
    return free_to_move(state)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a move leads with best play afterwards: the refuting line and the final deal points."""

    move: Move
    value: int
    line: tuple[Move, ...]
    mine: int
    theirs: int


def outcome(state: GameState, move: Move) -> Outcome:
    """The exact result of ``move`` (in the open last round, or every card known): value, the best
    line after it, final points."""
    after = without_claims(state).play(move)  # an illegal move is refused here, by the game
    values, key = solution(state).move_values, answer_key(move)
    value = next(values[m] for m in values if answer_key(m) == key)  # searched for this move alone
    line = () if after.deal_over else solution(after).line
    end = after
    for step in line:
        end = end.play(step)
    totals = [score.total for score in end.deal_scores()]
    me = state.to_move
    return Outcome(move, value, line, totals[me], totals[1 - me])


class LastRound(KaszinoKind):
    """The open last round: play the move that secures the best exact result.

    A subclass may ask the same of another position with texts of its own: ``texts`` names them
    (``puzzles.<texts>_result``, ``_line``, ``_correct``, ``_worse``, ``_loss``, and the heading
    ``puzzles.solution_<kind>``), :meth:`line_said` says a line of moves in words.
    """

    kind: Kind = "last_round"  # a subclass asks its own kind
    form, prefix = "move", "lr"
    texts = "last_round"

    def position_problem(self, state: GameState) -> str | None:
        problem = _open_round_problem(state)
        if problem is None and state.rules.may_pass_after_tabla:
            problem = "last-round puzzles ask for a capture or a lay (no V3 pass)"
        return problem

    def solve(self, state: GameState) -> tuple[Answer, ...]:
        return canonical_moves(state, solution(state).best_moves)

    def line_said(self, state: GameState, line: tuple[Move, ...]) -> Message | Joined:
        """The moves of ``line`` from ``state`` in words, each with its player."""
        return line_message(state, line)

    def _said(self, state: GameState, result: Outcome) -> Lines:
        """Where a move leads: the points of both, then the line best play follows after it."""
        told = said("puzzles", f"{self.texts}_result", move=move_message(result.move), mine=result.mine,
                    theirs=result.theirs)
        if not result.line:
            return Lines((told,))
        after = without_claims(state).play(result.move)
        line = said("puzzles", f"{self.texts}_line", line=self.line_said(after, result.line))
        return Lines((told, line), " ")

    def check(self, state: GameState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        move = self.one_move(attempt)
        problem = refusal(state, move)
        if problem is not None:
            return judged(False, problem, wrong=(move,))
        result = outcome(state, move)
        if is_answer(answers, move):
            others = [a for a in answers if isinstance(a, Capture | Lay) and not is_answer((move,), a)]
            right = said("puzzles", f"{self.texts}_correct")
            return judged(True, right, self._said(state, result), *tied(others))
        loss = solution(state).value - result.value
        worse = said("puzzles", f"{self.texts}_worse", loss=loss, count=loss)
        return judged(False, worse, self._said(state, result), extra=(move,))

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        return hint_ladder(state, "last_round")

    def solution_text(self, state: GameState, answers: tuple[Answer, ...]) -> str:
        best = solution(state).value
        lines = [words(self._said(state, outcome(state, a))) for a in answers if isinstance(a, Capture | Lay)]
        others = canonical_moves(state, (m for m in solution(state).move_values if not is_answer(answers, m)))
        if others:
            lines.append(tr("puzzles.solution_others"))
        for move in others:
            result = outcome(state, move)
            loss = tr(f"puzzles.{self.texts}_loss", loss=best - result.value, count=best - result.value)
            lines.append(f"{loss} {words(self._said(state, result))}")
        return bullet_lines(words(said("puzzles", f"solution_{self.kind}", count=len(answers))), lines)


@dataclass(frozen=True, slots=True)
class Threat:
    """What the opponent can do right after a lay: a tábla or not, and his most valuable capture."""

    card: Lay
    sweep: bool
    value: CaptureValue
    capture: Capture | None

    @property
    def key(self) -> tuple[bool, CaptureValue]:
        """Smaller is better for the defender: no tábla first, then the least value."""
        return self.sweep, self.value


def threat(state: GameState, lay: Lay) -> Threat:
    """The opponent's best reply (by the value of a capture now) after ``lay``."""
    after = without_claims(state).play(lay)
    valued = capture_values(after)
    sweeps = [(c, v) for c, v in valued if len(c.table) == len(after.table)]
    if sweeps:
        return Threat(lay, True, sweeps[0][1], sweeps[0][0])
    if valued:
        return Threat(lay, False, valued[0][1], valued[0][0])
    return Threat(lay, False, NOTHING, None)


def threats(state: GameState) -> list[Threat]:
    """The threat after each lay of the player to move, in hand order."""
    return [threat(state, Lay(card)) for card in state.hands[state.to_move]]


class Defend(KaszinoKind):
    """No capture in the open last round: lay the card that gives the opponent the least."""

    kind, form, prefix = "defend", "move", "de"

    def position_problem(self, state: GameState) -> str | None:
        problem = _open_round_problem(state)
        if problem is not None:
            return problem
        if captures(state.hands[state.to_move], state.table, state.rules):
            return "a defend puzzle needs a position without a capture for the player to move"
        if not state.hands[1 - state.to_move]:
            return "the opponent holds no cards"
        return None

    def solve(self, state: GameState) -> tuple[Answer, ...]:
        found = threats(state)
        least = min(t.key for t in found)
        return canonical_moves(state, (t.card for t in found if t.key == least))

    def _threat_text(self, found: Threat) -> str:
        return words(self._threat(found))

    def _threat(self, found: Threat) -> Message:
        """What the opponent's best answer to the card laid takes."""
        if found.capture is None:
            return said("puzzles", "defend_threat_none", card=str(found.card))
        key = "defend_threat_sweep" if found.sweep else "defend_threat_value"
        return said("puzzles", key, card=str(found.card), capture=move_message(found.capture),
                    value=value_message(found.value))

    def check(self, state: GameState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        move = self.one_move(attempt)
        problem = refusal(state, move)
        if problem is not None or not isinstance(move, Lay):
            return judged(False, *filter(None, (problem,)), wrong=(move,))
        threatened = self._threat(threat(state, move))
        if is_answer(answers, move):
            return judged(True, said("puzzles", "defend_correct"), threatened)
        return judged(False, threatened, said("puzzles", "defend_worse"), extra=(move,))

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        found = threats(state)
        sweepers = [str(t.card) for t in found if t.sweep]
        best = min(found, key=lambda t: t.key)
        third = (tr("puzzles.hint_defend_sweep", cards=", ".join(sweepers), count=len(sweepers)) if sweepers
                 else tr("puzzles.hint_defend_least", value=words(value_message(best.value))))
        return [
            tr("puzzles.hint_defend_goal"),
            tr("puzzles.hint_defend_opponent", cards=format_cards(state.hands[1 - state.to_move])),
            third,
            tr("puzzles.hint_answer_defend", card=str(best.card)) + " " + self._threat_text(best),
        ]

    def solution_text(self, state: GameState, answers: Sequence[Answer]) -> str:
        lines = []
        for found in threats(state):
            mark = tr("puzzles.defend_mark_best") if is_answer(answers, found.card) else ""
            lines.append(f"{self._threat_text(found)}{mark}")
        return bullet_lines(tr("puzzles.solution_defend", count=len(answers)), lines)
