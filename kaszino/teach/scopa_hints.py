"""Hints for a Scopa move in three steps, each telling more than the one before (docs/scopa.md).

1. Which captures are legal here (the single-card priority decides them) and which cards may be
   laid (only those that can take nothing).
2. The best move: before the last round by the greedy evaluation of
   :func:`kaszino.games.scopa.players.move_worth` (what the move takes now, what it leaves the
   opponent: see "Computer players" in docs/scopa.md); in the last round, where every card is
   known, exactly, by :func:`kaszino.games.scopa.solver.solve` (the deal's points of the mover
   minus the opponent's, with best play on both sides).
3. Every move's value, best first, and in the last round the line of best play to the deal's end.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.cards import format_cards
from kaszino.errors import KaszinoError
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.players import move_worth
from kaszino.games.scopa.solver import solve
from kaszino.games.scopa.state import ScopaState
from kaszino.inputs import check_type
from kaszino.teach.message import Field, Joined, Message, Number, moves_by
from kaszino.teach.odds import format_margin
from kaszino.teach.scopa_moves import move_message

DOMAIN = "scopa_hints"


@dataclass(frozen=True, slots=True)
class Advice:
    """Every move of the player to move with its value, the best first; ``exact``: the solver's
    deal-point margins of the last round, else the greedy evaluation's worth now."""

    values: tuple[tuple[ScopaMove, float], ...]
    exact: bool
    line: tuple[ScopaMove, ...] = ()
    """In the last round: one line of best play from the best move to the deal's end."""

    @property
    def best(self) -> tuple[ScopaMove, ...]:
        top = self.values[0][1]
        return tuple(move for move, value in self.values if value == top)


def advice(state: ScopaState) -> Advice:
    """The values of every move now (see the module docstring); an error when nobody is to move."""
    check_type("state", state, ScopaState)
    moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
    if not moves:
        raise KaszinoError("no hints: there is no move to make in this position")
    if state.last_round:
        solution = solve(state)
        values = sorted(((move, float(value)) for move, value in solution.values), key=lambda mv: -mv[1])
        return Advice(tuple(values), True, solution.line)
    view = state.view(state.to_move)
    worths = sorted(((move, move_worth(view, move, state.rules)) for move in moves), key=lambda mv: -mv[1])
    return Advice(tuple(worths), False)


def _worth(value: float, exact: bool) -> Field:
    """A move's value as the hints write it: the solver's margin with its sign (+2), the estimate
    with one decimal, written as the language writes it (2.5 / 2,5)."""
    return format_margin(value) if exact else Number(value)


def legal_message(state: ScopaState) -> Message:
    """The first step: the legal captures and the cards that may be laid."""
    moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
    captures = tuple(move_message(move) for move in moves if move.taken)
    laid = format_cards(move.card for move in moves if move.is_lay)
    if not captures:
        return Message.in_domain(DOMAIN, "no_capture", cards=laid)
    listed = Joined(captures)
    if laid:
        return Message.in_domain(DOMAIN, "captures_and_lays", captures=listed, cards=laid)
    return Message.in_domain(DOMAIN, "captures_only", captures=listed)


def best_message(found: Advice) -> Message:
    """The second step: the best move (and any worth the same) with its value, and how it was found."""
    first, *others = found.best
    best: Message = move_message(first)
    if others:
        same = Joined(tuple(map(move_message, others)))
        best = Message.in_domain(DOMAIN, "best_moves", first=best, others=same)
    value = found.values[0][1]
    if not found.exact:
        return Message.in_domain(DOMAIN, "best_greedy", moves=best, value=_worth(value, False))
    name = "best_exact" if value > 0 else "best_exact_even" if value == 0 else "best_exact_behind"
    return Message.in_domain(DOMAIN, name, moves=best, value=round(abs(value)), count=round(abs(value)))


def values_message(state: ScopaState, found: Advice) -> Message | Joined:
    """The third step: every move's value, best first; in the last round the line of best play from
    ``state``, each move with the player who makes it."""
    listed = Joined(tuple(Message.in_domain(DOMAIN, "value_of", move=move_message(move),
                                            value=_worth(value, found.exact))
                          for move, value in found.values), "step_separator")
    values = Message.in_domain(DOMAIN, "values_exact" if found.exact else "values_greedy", values=listed)
    if not found.line:
        return values
    line = Message.in_domain(DOMAIN, "line", line=moves_by(state, found.line, move_message))
    return Joined((values, line), "sentence_separator")


def hint_ladder(state: ScopaState) -> tuple[Message | Joined, ...]:
    """The three hint steps for the player to move in ``state`` (see the module docstring)."""
    found = advice(state)
    return legal_message(state), best_message(found), values_message(state, found)
