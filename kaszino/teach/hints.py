"""Hints in four steps, the way puzzle trainers give them.

``hint_ladder(state, objective)`` returns four texts, each telling more than the one before:
the objective, then which hand card(s) to use, then one table card, then the full answer.
Objectives: ``"best"`` (the most valuable capture now), ``"all"`` (every capture), ``"sweep"``
(a tábla, also through the forced lay after an opponent's tábla) and ``"last_round"`` (the best
move of the open last round, by the exact solver).
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, get_args

from kaszino.engine.cards import Card, card_sum, format_cards
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.captures import Capture, captures
from kaszino.games.kaszino.moves import Lay
from kaszino.games.kaszino.solver.search import solve
from kaszino.games.kaszino.solver.sweeps import sweep_plans, sweeps
from kaszino.games.kaszino.solver.value import best_captures
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import check_language, language
from kaszino.inputs import check_type
from kaszino.teach.explain import Joined, Message, line_message, move_message, value_message, without_claims

Objective = Literal["best", "all", "sweep", "last_round"]
OBJECTIVES: tuple[Objective, ...] = get_args(Objective)

Step = Message | Joined
Ladder = tuple[Step, Step, Step, Step]


def hint_ladder(state: GameState, objective: Objective, lang: str | None = None) -> list[str]:
    """The four hint steps for ``objective`` in ``state`` (current language unless ``lang``)."""
    check_type("state", state, GameState)
    if objective not in OBJECTIVES:
        choices = ", ".join(OBJECTIVES)
        raise KaszinoError(f"unknown hint objective {quote(objective)}; choose one of {choices}")
    check_language(lang)
    if state.deal_over or state.finished:
        raise KaszinoError("no hints: there is no move to make in this position")
    ladder = _LADDERS[objective](state)
    return [step.render(lang or language()) for step in ladder]


def _hand(cards: tuple[Card, ...]) -> Message:
    return Message.of("hint_hand", cards=format_cards(cards))


def _telling_card(cards: tuple[Card, ...]) -> Card:
    """The table card that narrows the answer most: the highest one."""
    return max(cards)


def _best(state: GameState) -> Ladder:
    best = best_captures(state)
    if not best:
        raise KaszinoError("no hint for 'best': the player to move has no capture")
    (capture, value), *others = best
    said = move_message(capture)
    answer: Step = Message.of("hint_answer_with_value", answer=said, value=value_message(value))
    if others:
        also = Message.of("hint_also", captures=Joined(tuple(move_message(c) for c, _ in others)))
        answer = Joined((answer, also), "sentence_separator")
    return (
        Message.of("hint_goal_best"),
        _hand(capture.hand),
        Message.of("hint_table", card=str(_telling_card(capture.table))),
        answer,
    )


def _all(state: GameState) -> Ladder:
    found = captures(state.hands[state.to_move], state.table, state.rules)
    if not found:
        raise KaszinoError("no hint for 'all': the player to move has no capture")
    groups = tuple(dict.fromkeys(c.hand for c in found))
    card, count = Counter(card for c in found for card in c.table).most_common(1)[0]
    return (
        Message.of("hint_goal_all", count=len(found)),
        Message.of("hint_hand_groups", groups=Joined(tuple(map(format_cards, groups))), count=len(groups)),
        Message.of("hint_table_common", card=str(card), count=count),
        Message.of("hint_answer", answer=Joined(tuple(map(move_message, found)))),
    )


def _sweep(state: GameState) -> Ladder:
    plans = sweep_plans(state)
    if plans:
        card, capture = plans[0]
        return (
            Message.of("hint_goal_sweep_plan"),
            Message.of("hint_lay_card", card=str(card)),
            Message.of("hint_then_capture", cards=format_cards(capture.hand)),
            Message.of("hint_answer_plan", card=str(card), capture=move_message(capture)),
        )
    found = sweeps(state)
    if not found:
        raise KaszinoError("no hint for 'sweep': no tábla can be made in this position")
    capture = found[0]
    return (
        Message.of("hint_goal_sweep", total=card_sum(state.table)),
        _hand(capture.hand),
        Message.of("hint_table_all", count=len(capture.table), card=str(_telling_card(capture.table))),
        Message.of("hint_answer", answer=move_message(capture)),
    )


def _last_round(state: GameState) -> Ladder:
    if not state.open_round:
        raise KaszinoError(f"no hint for 'last_round': round {state.round} is not the open last round")
    solution = solve(state)
    move = solution.best_move
    line = tuple(solution.line)
    continuation = line[1:] if line[:1] == (move,) else line
    after = without_claims(state).play(move)
    if isinstance(move, Capture):
        table_card = _telling_card(move.table)
        hand_step, table_step = _hand(move.hand), Message.of("hint_table", card=str(table_card))
    elif isinstance(move, Lay):
        hand_step, table_step = _hand((move.card,)), Message.of("hint_no_table_card")
    else:
        raise KaszinoError(f"no hint for 'last_round': the best move is {move}")
    said = move_message(move)
    answer = (Message.of("hint_answer_line", answer=said, line=line_message(after, continuation))
              if continuation else Message.of("hint_answer", answer=said))
    return Message.of("hint_goal_last_round"), hand_step, table_step, answer


_LADDERS = {"best": _best, "all": _all, "sweep": _sweep, "last_round": _last_round}
