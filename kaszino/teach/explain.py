"""Explanations of any move a learner might choose, in Hungarian and English.

``explain_move(state, move)`` says whether the move is allowed (and if not, why, with the numbers:
"5+K = 18 > 13"), what it wins at once, how it compares with the best capture, and — in the open
last round — the exact solver's verdict with the line that refutes a weaker move. The decision
whether a move is allowed is always the engine's (``GameState.problem`` and
``captures.capture_problem``); this module only puts it into words.

An explanation keeps its sentences as :class:`Message` values (a catalogue key and its fields), so
the same explanation reads in either language: ``.text`` in the current one, ``.text_in("en")``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal, get_args

from kaszino.engine.cards import Card, format_cards
from kaszino.engine.refusals import Refusal
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.captures import Capture, capture_problem
from kaszino.games.kaszino.moves import Challenge, Claim, Lay, Move, NextDeal, Pass, move_problem
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.solver.search import Solution, solve
from kaszino.games.kaszino.solver.sweeps import sweep_plans
from kaszino.games.kaszino.solver.value import (
    NOTHING,
    CaptureValue,
    PointItem,
    Shortfall,
    best_captures,
    capture_value,
)
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import language, text_names
from kaszino.inputs import check_type
from kaszino.teach.message import Field as Field
from kaszino.teach.message import Joined as Joined
from kaszino.teach.message import Message as Message
from kaszino.teach.message import moves_by
from kaszino.teach.message import ordinal_fields as ordinal_fields
from kaszino.teach.message import player_fields as player_fields
from kaszino.teach.narrate import refusal_message

Level = Literal["rules", "scoring"]
"""How much an explanation may say. ``"rules"``: whether the move is allowed and what it does
(for lessons given before scoring is taught: no points, spades or "most valuable");
``"scoring"``: also what it wins, how it compares with the best capture, the exact verdict."""
LEVELS: tuple[Level, ...] = get_args(Level)


THIRD_PERSON = "_them"
"""The suffix of a sentence's twin that tells about a named player instead of to "you"."""


def about_player(message: Message, player: int) -> Message:
    """``message`` told about ``player`` (from 0) instead of to the learner: each sentence that
    speaks to "you" has a twin ``explain.<name>_them`` with the player's fields ``{p}``,
    ``{p_a}``, ``{p_A}`` (:func:`player_fields`); sentences inside its fields are turned too."""
    fields = tuple((key, _field_about(field, player)) for key, field in message.fields)
    twin = message.name + THIRD_PERSON
    if message.domain == "explain" and twin in text_names("explain"):
        return Message(twin, fields + tuple(player_fields("p", player).items()), message.domain)
    return Message(message.name, fields, message.domain)


def _field_about(value: Field, player: int) -> Field:
    if isinstance(value, Joined):
        return Joined(tuple(_field_about(part, player) for part in value.parts), value.separator)
    return about_player(value, player) if isinstance(value, Message) else value


Ranked = tuple[tuple[Capture, CaptureValue], ...]


@dataclass(frozen=True, slots=True)
class Explanation:
    """What a move does and how good it is. ``text`` is in the current language.

    ``legal`` is the engine's verdict (``state.problem``, kept as ``problem``: its code is the
    ``reason_key`` and its words the first message); under V6 it accepts a false capture as an
    attempt, and ``reason_key`` then names the fault. ``value``/``best``/``loss`` measure the
    capture now (:mod:`kaszino.games.kaszino.solver.value`); ``exact_loss`` and ``refutation`` come from the
    exact solver and are set only in the open last round.
    """

    move: Move
    legal: bool
    reason_key: str
    messages: tuple[Message, ...]
    problem: Refusal | None = None
    value: CaptureValue | None = None
    best: Ranked = ()
    loss: Shortfall | None = None
    exact_loss: int | None = None
    refutation: tuple[Move, ...] = ()

    @property
    def text(self) -> str:
        return self.text_in(language())

    def text_in(self, lang: str) -> str:
        return " ".join(message.render(lang) for message in self.messages)

    def about(self, player: int) -> Explanation:
        """The same explanation told about ``player`` (from 0) instead of to "you" (:func:`about_player`),
        for a replay that names who moved."""
        return replace(self, messages=tuple(about_player(message, player) for message in self.messages))


def explain_move(state: GameState, move: Move, level: Level = "scoring", *,
                 solution: Solution | None = None) -> Explanation:
    """Explain ``move`` played by the player to move in ``state`` (or a call by anybody).

    ``level`` (see :data:`Level`) limits what the words may speak of; the verdict is the same.
    ``solution``: the exact solver's solution of ``state`` in the open last round, when the caller
    has one (a hint), so that the verdict needs no search of its own.
    """
    check_type("state", state, GameState)
    malformed = move_problem(move)
    if malformed is not None:
        raise KaszinoError(f"move: {malformed}")
    if level not in LEVELS:
        raise KaszinoError(f"unknown explanation level {quote(level)}; choose one of {', '.join(LEVELS)}")
    problem = state.problem(move)
    if problem is not None:
        return Explanation(move, False, problem.code, (refusal_message(problem),), problem=problem)
    if isinstance(move, Capture) and level == "rules":
        return _capture_rules_only(state, move)
    if isinstance(move, Capture):
        return _explain_capture(state, move, solution)
    if isinstance(move, Lay):
        return _explain_lay(state, move, level, solution)
    if isinstance(move, Pass):
        return _with_exact(state, Explanation(move, True, "pass_ok", (Message.of("pass_ok"),)), solution)
    if isinstance(move, Claim):
        secured = state.totals()[move.player]
        message = Message.of("claim_ok", secured=secured, target=state.rules.target or 0)
        return Explanation(move, True, message.name, (message,))
    return Explanation(move, True, "other_ok", (Message.of("other_ok", move=move_message(move)),))


# --- refused moves ------------------------------------------------------------------------------

def capture_fault(hand: Sequence[Card], table: Sequence[Card], rules: Rules) -> Message:
    """Words for ``capture_problem``'s verdict on a pairing it refuses, with the numbers."""
    problem = capture_problem(hand, table, rules)
    if problem is None:
        raise ValueError("capture_fault needs a pairing that capture_problem refuses")
    return refusal_message(problem)


# --- allowed moves ------------------------------------------------------------------------------

def _explain_capture(state: GameState, move: Capture, solution: Solution | None = None) -> Explanation:
    head = Message.of("capture", capture=move_message(move), total=move.total)
    if capture_problem(move.hand, move.table, state.rules) is not None:  # a Fals! attempt (V6)
        fault = capture_fault(move.hand, move.table, state.rules)
        attempt = (head, fault, Message.of("false_attempt", penalty=state.rules.fals_penalty))
        return Explanation(move, True, fault.name, attempt)
    value = capture_value(state, move)
    best = tuple(best_captures(state))
    messages = [head, Message.of("wins", value=value_message(value))]
    if value.leftovers:  # the capture ends the deal: the cards left on the table come with it
        left = value.leftovers
        messages.append(Message.of("leftovers", cards=format_cards(left), count=len(left)))
    if value.breakdown:
        items = Joined(tuple(_item(item) for item in value.breakdown))
        messages.append(Message.of("points_from", items=items))
    loss = value.shortfall(best[0][1])
    if not loss:
        tied = len(best) > 1
        messages.append(Message.of("best_tied", count=len(best) - 1) if tied else Message.of("best_alone"))
    else:
        top, top_value = best[0]
        messages.append(Message.of("best_is", capture=move_message(top), value=value_message(top_value)))
        messages.append(_behind(loss))
    verdict = Explanation(move, True, "capture", tuple(messages), value=value, best=best, loss=loss)
    return _with_exact(state, verdict, solution)


def _capture_rules_only(state: GameState, move: Capture) -> Explanation:
    """A capture in the words of the rules alone: what it pairs, and whether it clears the table."""
    messages = [Message.of("capture", capture=move_message(move), total=move.total)]
    if capture_problem(move.hand, move.table, state.rules) is not None:  # a Fals! attempt (V6)
        messages += [capture_fault(move.hand, move.table, state.rules),
                     Message.of("false_attempt", penalty=state.rules.fals_penalty)]
    elif len(move.table) == len(state.table):
        first = state.is_first_move(state.to_move)
        points = state.rules.tabla_worth(first)
        messages.append(Message.of("sweep_first_move" if first else "sweep", points=points, count=points))
    return Explanation(move, True, messages[-1].name, tuple(messages))


def _explain_lay(state: GameState, move: Lay, level: Level = "scoring",
                 solution: Solution | None = None) -> Explanation:
    messages = [Message.of("lay", card=str(move.card))]
    best = tuple(best_captures(state))
    if state.forced == "lay":
        messages.append(Message.of("lay_forced", **sweeper_fields(state)))
        plans = sweep_plans(state)
        mine = [capture for card, capture in plans if card == move.card]
        if mine:
            messages.append(Message.of("lay_sets_up_sweep", capture=move_message(mine[0])))
        elif plans:
            card, plan = plans[0]
            messages.append(Message.of("lay_misses_sweep", card=str(card), capture=move_message(plan)))
    elif best and level == "rules":
        messages.append(Message.of("lay_could_capture", capture=move_message(best[0][0])))
    elif best:
        top, top_value = best[0]
        said = move_message(top)
        messages.append(Message.of("lay_missed_capture", capture=said, value=value_message(top_value)))
    else:
        messages.append(Message.of("lay_no_capture"))
    loss = NOTHING.shortfall(best[0][1]) if best else None
    verdict = Explanation(move, True, "lay", tuple(messages), value=None, best=best, loss=loss)
    return _with_exact(state, verdict, solution) if level == "scoring" else verdict


def sweeper_fields(state: GameState) -> dict[str, str | int]:
    """The fields ``{s}``, ``{s_a}``, ``{s_A}`` naming who made the tábla that forces the player to
    move to lay: the seat before him (the engine forces the lay only on the seat after the sweeper).
    Named with any number of players, where "the opponent" would not say who."""
    if state.forced != "lay":
        raise KaszinoError("nobody is forced to lay: no tábla has just emptied the table")
    return player_fields("s", (state.to_move - 1) % state.players)


def value_message(value: CaptureValue) -> Message:
    return Message.of("value", points=value.points, spades=value.spades,
                      cards=Message.in_domain("common", "cards", count=value.cards))


def _item(item: PointItem) -> Message:
    fields: dict[str, Field] = {"points": item.points}
    if item.card is not None:
        fields["card"] = str(item.card)
    return Message.of(f"item_{item.kind}", **fields)


def _behind(loss: Shortfall) -> Message:
    """The first count on which the best capture is ahead, in the order of the value."""
    if loss.points:
        return Message.of("behind_points", n=loss.points)
    if loss.spades:
        return Message.of("behind_spades", n=loss.spades)
    return Message.of("behind_cards", n=loss.cards)


# --- the open last round: the exact solver's verdict ----------------------------------------------

@lru_cache(maxsize=64)
def exact_verdict(state: GameState, move: Move) -> tuple[int, Move, tuple[Move, ...]]:
    """The exact solver's verdict on ``move`` in the open last round of ``state``: how much it
    loses against the best play, the best move, and the replies that refute it (none when it loses
    nothing or ends the deal). Kept for the moves asked last, without their searches: a page asks
    again for the same move's words in the other language, or when the learner steps back to it
    (a position of three players' twelve cards takes half a second to search, and its search holds
    megabytes)."""
    return solved_verdict(state, move, solve(state))


def solved_verdict(state: GameState, move: Move, solution: Solution) -> tuple[int, Move, tuple[Move, ...]]:
    """:func:`exact_verdict` from a solution of ``state`` at hand."""
    loss = solution.value - solution.move_values[move]
    if loss <= 0:
        return 0, solution.best_move, ()
    after = without_claims(state).play(move)
    return loss, solution.best_move, () if after.deal_over else solve(after).line


def _with_exact(state: GameState, verdict: Explanation, solution: Solution | None = None) -> Explanation:
    """Add the solver's verdict and refutation when ``state`` is in the open last round (from
    ``solution`` when given)."""
    if not state.open_round or state.deal_over:
        return verdict
    move = verdict.move
    exact_loss, best, refutation = (exact_verdict(state, move) if solution is None
                                    else solved_verdict(state, move, solution))
    if exact_loss == 0:
        return replace(verdict, exact_loss=0, messages=verdict.messages + (Message.of("exact_best"),))
    worse = Message.of("exact_worse", loss=exact_loss, best=line_message(state, (best,)))
    messages = verdict.messages + (worse,)
    if refutation:
        after = without_claims(state).play(verdict.move)
        messages += (Message.of("refutation", line=line_message(after, refutation)),)
    return replace(verdict, exact_loss=exact_loss, refutation=refutation, messages=messages)


def line_message(state: GameState, moves: Sequence[Move]) -> Joined:
    """The moves played one after another from ``state``, each with the player who makes it."""
    return moves_by(without_claims(state), moves, move_message)


def without_claims(state: GameState) -> GameState:
    """``state`` with claims left to the players, as the solver plays its lines to the deal's end."""
    return replace(state, rules=state.rules.with_changes(claim="manual"), finished=False, winner=None)


def move_message(move: Move) -> Message:
    """A move in words: a capture by the cards it plays and takes ("5♠ A♥ elviszi: 2♦ 4♣" /
    "5♠ A♥ taking 2♦ 4♣"), lays as "lerak 7♥" / "lay 7♥", the calls by their names ("Ausz!",
    "Fals!"); never in a written form ("5♠+A♥ = 2♦+4♣", "ausz 0"), which is for files and records."""
    if isinstance(move, Capture):
        return Message.of("move_capture", hand=format_cards(move.hand), table=format_cards(move.table))
    if isinstance(move, Lay):
        return Message.of("move_lay", card=str(move.card))
    if isinstance(move, Pass):
        return Message.of("move_pass")
    if isinstance(move, Claim):
        return Message.of("move_claim")
    if isinstance(move, Challenge):
        return Message.of("move_challenge")
    assert isinstance(move, NextDeal)
    return Message.of("move_next")
