"""The capture kinds: find every capture, the most valuable one, the tábla, and Fals! (is it legal?)."""

from __future__ import annotations

from functools import reduce

from kaszino.engine.cards import card_sum, format_cards
from kaszino.games.kaszino.captures import Capture, captures
from kaszino.games.kaszino.solver.sweeps import sweeps
from kaszino.games.kaszino.solver.value import best_captures, capture_value, capture_values
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import player_number, tr
from kaszino.puzzles.kinds import (
    Answer,
    Attempt,
    KaszinoKind,
    PuzzleVerdict,
    bullet_lines,
    canonical,
    capture_key,
    explain,
    free_to_move,
    is_answer,
    judged,
    listing_verdict,
    refusal,
    said,
    tied,
    words,
)
from kaszino.teach.explain import Message, move_message, value_message
from kaszino.teach.hints import hint_ladder
from kaszino.teach.questions import Lines, Renders


def _captures_only(answers: tuple[Answer, ...]) -> tuple[Capture, ...]:
    return tuple(a for a in answers if isinstance(a, Capture))


class _CaptureKind(KaszinoKind):
    """A kind asking for captures in a position where the player to move may capture."""

    def position_problem(self, state: GameState) -> str | None:
        return free_to_move(state)

    def _one_capture(self, state: GameState, attempt: Attempt) -> Capture | PuzzleVerdict:
        """The attempt as a correct capture, or the verdict refusing it."""
        move = self.one_move(attempt)
        if not isinstance(move, Capture):
            return judged(False, said("puzzles", "lay_is_no_capture", card=move.card), wrong=(move,))
        problem = refusal(state, move)
        return move if problem is None else judged(False, problem, wrong=(move,))


class AllCaptures(_CaptureKind):
    """Find every capture you can make now."""

    kind, form, prefix = "all_captures", "captures", "ac"

    def solve(self, state: GameState) -> tuple[Answer, ...]:
        return canonical(state, captures(state.hands[state.to_move], state.table, state.rules))

    def answers_problem(self, state: GameState, answers: tuple[Answer, ...]) -> str | None:
        """Every capture must be listed (each listed one is legal and listed once: ``read_answer``)."""
        listed = {capture_key(answer) for answer in _captures_only(answers)}
        missing = [c for c in self.solve(state) if isinstance(c, Capture) and capture_key(c) not in listed]
        if missing:
            return f"{len(missing)} of the position's captures are not listed, such as {missing[0]}"
        return None

    def check(self, state: GameState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        reasons: dict[Answer, Renders | None] = {move: refusal(state, move)
                                                 for move in self.some_captures(attempt)}
        return listing_verdict(reasons, _captures_only(answers), "puzzles.all_missing", "puzzles.all_correct")

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        return hint_ladder(state, "all")

    def solution_text(self, state: GameState, answers: tuple[Answer, ...]) -> str:
        head = tr("puzzles.solution_all_captures", count=len(answers))
        return bullet_lines(head, (explain(state, a, "rules") for a in _captures_only(answers)))


class BestCapture(_CaptureKind):
    """Find the most valuable capture now (points, then spades, then cards)."""

    kind, form, prefix = "best_capture", "move", "bc"

    def solve(self, state: GameState) -> tuple[Answer, ...]:
        return canonical(state, [capture for capture, _ in best_captures(state)])

    def check(self, state: GameState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        capture = self._one_capture(state, attempt)
        if isinstance(capture, PuzzleVerdict):
            return capture
        value = capture_value(state, capture)
        if is_answer(answers, capture):
            right = said("puzzles", "best_correct", capture=move_message(capture), value=value_message(value))
            others = [a for a in _captures_only(answers) if capture_key(a) != capture_key(capture)]
            return judged(True, right, *tied(others))
        best = best_captures(state)[0][1]
        loss = value.shortfall(best)
        behind = ("points", loss.points) if loss.points else ("spades", loss.spades) if loss.spades \
            else ("cards", loss.cards)
        worse = said("puzzles", "best_worse", capture=move_message(capture), value=value_message(value))
        short = said("puzzles", f"best_behind_{behind[0]}", n=behind[1], count=behind[1])
        return judged(False, worse, short, extra=(capture,))

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        return hint_ladder(state, "best")

    def solution_text(self, state: GameState, answers: tuple[Answer, ...]) -> str:
        head = words(said("puzzles", "solution_best_capture", count=len(answers)))
        if state.open_round:  # each line below ends with the exact verdict, on another question
            head = f'{tr("puzzles.solution_best_open_round")}\n{head}'
        lines = [explain(state, a) for a in _captures_only(answers)]
        others = [c for c, _ in capture_values(state) if not is_answer(answers, c)]
        if others:
            lines.append(tr("puzzles.solution_others"))
            lines += [explain(state, c) for c in canonical(state, others)]
        return bullet_lines(head, lines)


class Sweep(_CaptureKind):
    """Take the whole table with one capture (tábla)."""

    kind, form, prefix = "sweep", "move", "sw"

    def solve(self, state: GameState) -> tuple[Answer, ...]:
        return canonical(state, sweeps(state))

    def check(self, state: GameState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        capture = self._one_capture(state, attempt)
        if isinstance(capture, PuzzleVerdict):
            return capture
        if is_answer(answers, capture):
            points = state.rules.tabla_worth(state.is_first_move(state.to_move))
            return judged(True, said("puzzles", "sweep_correct", capture=move_message(capture), points=points,
                                     count=points))
        left = format_cards([c for c in state.table if c not in capture.table])
        return judged(False, said("puzzles", "sweep_leaves", capture=move_message(capture), cards=left),
                      extra=(capture,))

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        return hint_ladder(state, "sweep")

    def solution_text(self, state: GameState, answers: tuple[Answer, ...]) -> str:
        head = words(said("puzzles", "solution_sweep", count=len(answers), total=card_sum(state.table)))
        return bullet_lines(head, (explain(state, a, "rules") for a in _captures_only(answers)))


FALS_CHOICES = ("correct", "sums_differ", "over_limit")
"""Fals! answers: the capture is correct, or false because the sums differ or pass the limit."""


def fals_faults(capture: Capture, limit: int | None) -> tuple[str, ...]:
    """Every fault of ``capture`` (empty if it is correct): unequal sums, a side over ``limit``."""
    hand, table = card_sum(capture.hand), card_sum(capture.table)
    faults = []
    if hand != table:
        faults.append("sums_differ")
    if limit is not None and max(hand, table) > limit:
        faults.append("over_limit")
    return tuple(faults)


class Fals(KaszinoKind):
    """V6: a capture has just been made. Is it correct, or false — and why?"""

    kind, form, prefix = "fals", "choice", "fa"

    def position_problem(self, state: GameState) -> str | None:
        if not state.rules.fals or state.pending is None:
            return "a Fals! puzzle needs V6 rules and a capture just made (pending)"
        if state.rules.max_hand_cards is not None:
            return "a Fals! puzzle judges sums and the limit only (no V2)"
        return None

    def choices(self, state: GameState) -> tuple[str, ...]:
        return FALS_CHOICES

    def _shown(self, state: GameState) -> Capture:
        assert state.pending is not None
        return state.pending.capture

    def task(self, state: GameState) -> Message:
        return Message.in_domain("puzzles", "task_fals", capture=move_message(self._shown(state)),
                                 player=player_number(self._shown_by(state)))

    def _shown_by(self, state: GameState) -> int:
        assert state.pending is not None
        return state.pending.capturer

    def solve(self, state: GameState) -> tuple[Answer, ...]:
        return fals_faults(self._shown(state), state.rules.capture_limit) or ("correct",)

    def _say(self, state: GameState, key: str) -> str:
        """:meth:`_said` in the current language."""
        return words(self._said(state, key))

    def _said(self, state: GameState, key: str, **phrases: Message) -> Message:
        """A Fals! text about the shown capture: its sums, the limit, what a call would bring (and
        ``phrases`` of its own)."""
        capture, rules = self._shown(state), state.rules
        return said("puzzles", key, capture=move_message(capture), hand=card_sum(capture.hand),
                    table=card_sum(capture.table), limit=rules.capture_limit or 0,
                    penalty=rules.fals_penalty, reward=rules.fals_reward, count=rules.fals_penalty, **phrases)

    def _answer(self, state: GameState, answers: tuple[Answer, ...], key: str) -> Message:
        """The text ``<key>_correct`` or ``<key>_false`` with ``reason``: why the capture is correct,
        or every fault it has, one phrase each (two faults are two reasons, not two verdicts)."""
        reasons = [self._said(state, f"fals_reason_{answer}") for answer in answers]
        reason = reduce(lambda first, second: said("puzzles", "fals_reason_and", first=first, second=second),
                        reasons)
        return self._said(state, f"{key}_{'correct' if 'correct' in answers else 'false'}", reason=reason)

    def _with_call(self, state: GameState, answers: tuple[Answer, ...], key: str) -> Lines:
        """:meth:`_answer`, then what a Fals! call on the shown capture brings: said once, however
        many faults the capture has."""
        call = self._said(state, "fals_call_correct" if "correct" in answers else "fals_call_false")
        return Lines((self._answer(state, answers, key), call), " ")

    def check(self, state: GameState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        choice = self.one_choice(state, attempt)
        if choice in answers:
            return judged(True, self._with_call(state, answers, "fals_right"))
        return judged(False, self._said(state, f"fals_not_{choice}"), extra=(choice,))

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        """The rule, each side's sum, then the answer in the words of a hint (never the verdict's
        "Yes, …", which answers an attempt not made yet)."""
        steps = ("hint_fals_goal", "hint_fals_hand", "hint_fals_table")
        answer = words(self._answer(state, answers, "hint_fals_answer"))
        return [*(self._say(state, step) for step in steps), answer]

    def solution_text(self, state: GameState, answers: tuple[Answer, ...]) -> str:
        others = [self._say(state, f"fals_not_{choice}") for choice in FALS_CHOICES if choice not in answers]
        verdict = words(self._with_call(state, answers, "hint_fals_answer"))
        return bullet_lines(self._say(state, "solution_fals"), [verdict, *others])
