""""Save the deal" (``deal_saving``): a position of a real deal where the move played lost points.

The position comes from a computer game of the last three rounds, and it is shown with every
card known: both hands face up and the talon in the order it deals (docs/puzzles.md). The
answers are exactly the moves that keep the best result the mover could still reach, the deal
search's exact value (:func:`kaszino.games.kaszino.solver.deal.solve_deal`, the analysis's
values); the move played in the game, stored with the puzzle (``Puzzle.played``), lost at least
:data:`MIN_LOSS` points. :func:`saving_problem` says whether a position with its played move is
worth asking at all; the texts speak of cards and what they take, never in move notation.
"""

from __future__ import annotations

from kaszino.engine.cards import format_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.solver.deal import check_deal_rules
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import tr
from kaszino.puzzles.kinds import (
    Answer,
    answer_key,
    free_to_move,
    is_answer,
    may_claim,
    move_words,
    refusal,
    said,
)
from kaszino.puzzles.play_kinds import LastRound, outcome, solution
from kaszino.teach.explain import move_message
from kaszino.teach.message import Field, Joined, Message, player_fields
from kaszino.teach.questions import Lines, Renders

MIN_LOSS = 2
"""The least the move played must have lost (deal points, the mover's minus the other's)."""
LAST_ROUNDS = 3
"""The deal-saving positions lie in the last this many rounds (the analysis is exact there)."""


def position_problem(state: GameState) -> str | None:
    """Why ``state`` cannot hold a deal-saving task (English, for file errors), or None."""
    try:
        check_deal_rules(state)
    except KaszinoError as error:
        return str(error)
    problem = free_to_move(state)
    if problem is not None:
        return problem
    if state.rules.may_pass_after_tabla:
        return "deal-saving puzzles ask for a capture or a lay (no V3 pass)"
    if state.round <= state.rules.rounds - LAST_ROUNDS:
        return f"a deal-saving position lies in the last {LAST_ROUNDS} rounds, not in round {state.round}"
    if may_claim(state):
        return "the mover has secured the game's target already (Ausz!): no move matters"
    return None


def saving_problem(state: GameState, played: Move) -> str | None:
    """Why ``state`` with the move ``played`` there is no instructive deal-saving puzzle (English),
    or None: a position of the kind (the mover unable to claim the game), more than one move but
    not all of them keeping the best result, and ``played`` a move of the mover that lost at least
    :data:`MIN_LOSS` points. Exact values only (``TooLargeError`` past the solver's budget)."""
    problem = position_problem(state)
    if problem is not None:
        return problem
    if not isinstance(played, Capture | Lay) or refusal(state, played) is not None:
        return f"the move played, {played}, is no capture or lay of the mover here"
    found = solution(state)
    values = found.move_values
    if len({answer_key(move) for move in values}) < 2:
        return "the mover has one move only"
    if all(value == found.value for value in values.values()):
        return "every move keeps the best result"
    loss = found.value - outcome(state, played).value
    if loss < MIN_LOSS:
        return f"the move played lost {loss} point(s), fewer than {MIN_LOSS}"
    return None


def line_said(state: GameState, line: tuple[Move, ...]) -> Joined:
    """The moves of ``line`` from ``state`` one after another, each with its player."""
    parts: list[Field] = []
    for move in line:
        parts.append(Message.in_domain("puzzles", "saving_step", move=move_message(move),
                                       **player_fields("p", state.to_move)))
        state = state.play(move)
    return Joined(tuple(parts), "step_separator")


class DealSaving(LastRound):
    """Find a move that keeps the best result, every card known, where the game's move lost points."""

    kind, prefix = "deal_saving", "ds"
    texts = "saving"
    stores_played = True

    def position_problem(self, state: GameState) -> str | None:
        return position_problem(state)

    def played_problem(self, state: GameState, answers: tuple[Answer, ...], played: Move) -> str | None:
        if refusal(state, played) is not None:
            return f"the move played, {played}, is no capture or lay of the mover here"
        if is_answer(answers, played):
            return f"the move played, {played}, is one of the answers"
        return None

    def verify(self, state: GameState, played: Move | None) -> str | None:
        return "no move played is stored" if played is None else saving_problem(state, played)

    def task(self, state: GameState) -> Message:
        talon = (Message.in_domain("puzzles", "saving_talon", cards=format_cards(state.talon)) if state.talon
                 else Message.in_domain("puzzles", "saving_no_talon"))
        held = state.hands[1 - state.to_move]
        opponent = (Message.in_domain("puzzles", "saving_opponent", cards=format_cards(held)) if held
                    else Message.in_domain("puzzles", "saving_opponent_empty"))
        return Message.in_domain("puzzles", "task_deal_saving", loss=MIN_LOSS, opponent=opponent, talon=talon,
                                 **player_fields("p", state.to_move))

    def line_said(self, state: GameState, line: tuple[Move, ...]) -> Joined:
        return line_said(state, line)

    def played_said(self, state: GameState, played: Move) -> Renders:
        """What the move played in the game lost, and how best play punishes it."""
        result = outcome(state, played)
        loss = solution(state).value - result.value
        return Lines((said("puzzles", "saving_played", loss=loss), self._said(state, result)), " ")

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        best = outcome(state, next(a for a in answers if isinstance(a, Capture | Lay)))
        return [tr("puzzles.hint_saving_goal"),
                tr("puzzles.hint_saving_result", mine=best.mine, theirs=best.theirs),
                tr("puzzles.hint_saving_count", count=len(answers), moves=len(solution(state).move_values)),
                tr("puzzles.hint_saving_answer", move=move_words(best.move))]
