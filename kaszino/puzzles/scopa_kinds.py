"""Scopa's puzzle kinds: the legal captures (the single-card priority), the best capture, counting
the primiera, and winning the known last round (docs/puzzles.md, "Scopa's kinds").

Every answer comes from Scopa's engine (:mod:`kaszino.games.scopa`): the legal captures from
``legal_moves``, the primiera from :func:`~kaszino.games.scopa.scoring.primiera`, the last round's
moves from the exact solver. The texts speak of cards and what they take, never in move notation
(locales ``puzzles_scopa``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, partial

from kaszino.engine.cards import Card, Suit
from kaszino.errors import KaszinoError, quote
from kaszino.games.scopa.captures import equal_cards, sum_sets
from kaszino.games.scopa.deck import PRIMIERA_POINTS, SETTEBELLO, capture_value
from kaszino.games.scopa.moves import ScopaMove, parse_move
from kaszino.games.scopa.scoring import Primiera, primiera
from kaszino.games.scopa.solver import Solution
from kaszino.games.scopa.solver import solve as solve_round
from kaszino.games.scopa.state import ScopaState
from kaszino.puzzles.kinds import (
    Answer,
    Attempt,
    Game,
    KindRules,
    Outcome,
    PuzzleVerdict,
    bullet_lines,
    domain_text,
    first_behind,
    free_move,
    is_answer,
    judged,
    last_move_line,
    last_move_verdict,
    listing_verdict,
    move_text,
    number_verdict,
    refusal_words,
    said,
    sentence,
    words,
)
from kaszino.teach.message import Joined, Message
from kaszino.teach.questions import Renders
from kaszino.teach.scopa_moves import move_message, move_words

DOMAIN = "puzzles_scopa"


say = partial(domain_text, DOMAIN)
"""A text of these kinds (:func:`~kaszino.puzzles.kinds.domain_text`)."""
told = partial(said, DOMAIN)
"""The same text as data, rendered in either language (a verdict's words:
:func:`~kaszino.puzzles.kinds.said`)."""


# --- what the kinds share ------------------------------------------------------------------------
def captures_of(state: ScopaState) -> tuple[ScopaMove, ...]:
    """Every legal capture of the player to move, in hand order, then in table order."""
    return ordered(state, [m for m in state.legal_moves() if isinstance(m, ScopaMove) and not m.is_lay])


def ordered(state: ScopaState, found: Iterable[ScopaMove]) -> tuple[ScopaMove, ...]:
    """Moves of the player to move each once, by the hand card, then by the table cards taken."""
    hand, table = state.hands[state.to_move], state.table

    def key(move: ScopaMove) -> tuple[int, int, list[int]]:
        return hand.index(move.card), len(move.taken), sorted(table.index(card) for card in move.taken)

    return tuple(sorted(set(found), key=key))


def ruled_out(state: ScopaState) -> tuple[tuple[Card, tuple[Card, ...], tuple[Card, ...]], ...]:
    """Sums the single-card priority forbids: (hand card, the set adding up to it, the equal card
    that must be taken instead)."""
    found = []
    for card in state.hands[state.to_move]:
        equal = equal_cards(card, state.table)
        if equal:
            found += [(card, group, equal) for group in sum_sets(card, state.table)]
    return tuple(found)


class ScopaKind(KindRules[ScopaState]):
    """A kind of Scopa: its answers are Scopa moves (or numbers)."""

    game: Game = "scopa"

    def task(self, state: ScopaState) -> Message:
        return told(f"task_{self.kind}")

    def read_move(self, state: ScopaState, value: object) -> Answer:
        move = move_text(value, parse_move)
        if not isinstance(move, ScopaMove) or (self.form == "captures" and move.is_lay):
            raise KaszinoError(f"{quote(value)} is not a {'capture' if self.form == 'captures' else 'move'}")
        problem = state.problem(move)
        if problem is not None:
            raise problem.error(f"{quote(value)} is not a legal move here")
        return move

    def one_move(self, attempt: object) -> ScopaMove:
        """The single move of a ``move`` attempt, or a ``KaszinoError``."""
        if not isinstance(attempt, ScopaMove):
            raise KaszinoError(f"a {self.kind} puzzle takes one Scopa move, not {quote(attempt)}")
        return attempt

    def judged_move(self, state: ScopaState, attempt: Attempt, *, lays: bool) -> ScopaMove | PuzzleVerdict:
        """The attempt as a legal move (a capture unless ``lays``), or the verdict refusing it."""
        move = self.one_move(attempt)
        if move.is_lay and not lays:
            return judged(False, told("lay_is_no_capture", card=move.card), wrong=(move,))
        problem = refusal_words(state, move)
        return move if problem is None else judged(False, problem, wrong=(move,))


# --- which captures are legal: the single-card priority -------------------------------------------
class ScopaCaptures(ScopaKind):
    """Find every capture the rules allow now (the single-card priority decides which)."""

    kind, form, prefix = "scopa_captures", "captures", "sc"

    def position_problem(self, state: ScopaState) -> str | None:
        problem = free_move(state)
        if problem is None and not captures_of(state):
            return "the player to move has no capture"
        return problem

    def solve(self, state: ScopaState) -> tuple[Answer, ...]:
        return captures_of(state)

    def answers_problem(self, state: ScopaState, answers: tuple[Answer, ...]) -> str | None:
        missing = [c for c in captures_of(state) if c not in answers]
        if missing:
            return f"{len(missing)} of the position's captures are not listed, such as {missing[0]}"
        return None

    def check(self, state: ScopaState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        reasons: dict[Answer, Renders | None] = {
            m: told("lay_is_no_capture", card=m.card) if m.is_lay else refusal_words(state, m)
            for m in self.some_moves(attempt, ScopaMove, lambda move: True)}
        return listing_verdict(reasons, answers, f"{DOMAIN}.captures_missing", f"{DOMAIN}.captures_correct")

    def hints(self, state: ScopaState, answers: tuple[Answer, ...]) -> list[str]:
        bound = [card for card in state.hands[state.to_move] if equal_cards(card, state.table)]
        first = next(a for a in answers if isinstance(a, ScopaMove))
        return [
            say("hint_priority"),
            say("hint_bound", cards=tuple(bound)) if bound else say("hint_none_bound"),
            say("hint_count", total=len(answers), count=len(answers)),
            say("hint_first", move=move_words(first)),
        ]

    def solution_text(self, state: ScopaState, answers: tuple[Answer, ...]) -> str:
        lines = [sentence(move_words(a)) for a in answers if isinstance(a, ScopaMove)]
        lines += [say("solution_ruled_out", card=card, group=group, equal=equal,
                      values="+".join(str(capture_value(c)) for c in group))
                  for card, group, equal in ruled_out(state)]
        return bullet_lines(say("solution_scopa_captures", count=len(answers)), lines)


# --- the best capture -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class Worth:
    """What a capture brings now, compared field by field (docs/puzzles.md): sure points (a scopa,
    the settebello), then sevens (the primiera's best cards), then diamonds, then cards."""

    points: int
    sevens: int
    diamonds: int
    cards: int

    def behind(self, best: Worth) -> str:
        """The first field where ``best`` is ahead (``points``, ``sevens``, ``diamonds``, ``cards``)."""
        return first_behind(self, best, ("points", "sevens", "diamonds", "cards"))


def worth(state: ScopaState, move: ScopaMove) -> Worth:
    """What capture ``move`` brings the player to move now."""
    me = state.to_move
    cards = (move.card, *move.taken)
    scopa = state.play(move).scopas[me] - state.scopas[me]
    return Worth(points=scopa + (SETTEBELLO in cards), sevens=sum(card.value == 7 for card in cards),
                 diamonds=sum(card.suit is Suit.DIAMONDS for card in cards), cards=len(cards))


def worth_words(value: Worth) -> str:
    return words(worth_said(value))


def worth_said(value: Worth) -> Message:
    """What a capture takes, in words (data)."""
    return told("worth", points=told("worth_points", count=value.points),
                sevens=told("worth_sevens", count=value.sevens),
                diamonds=Message.in_domain("common", "diamonds", count=value.diamonds),
                cards=Message.in_domain("common", "cards", count=value.cards))


@lru_cache(maxsize=512)
def solution(state: ScopaState) -> Solution:
    """The exact solution of a last-round position (cached: checks and texts ask repeatedly)."""
    return solve_round(state)


def move_values(state: ScopaState) -> dict[ScopaMove, int]:
    """Each legal move of the last round with the exact margin it secures (deal points, mine − theirs)."""
    return dict(solution(state).values)


class ScopaBest(ScopaKind):
    """Find the best capture: in the known last round by the exact solver, before it by :class:`Worth`."""

    kind, form, prefix = "scopa_best", "move", "sb"

    def position_problem(self, state: ScopaState) -> str | None:
        problem = free_move(state)
        if problem is None and len(captures_of(state)) < 2:
            return "a scopa_best puzzle needs two captures or more"
        return problem

    def task(self, state: ScopaState) -> Message:
        return told("task_scopa_best_exact" if state.last_round else "task_scopa_best")

    def valued(self, state: ScopaState) -> list[tuple[ScopaMove, int | Worth]]:
        """Every capture with its value (the exact margin in the last round, else its worth), best first."""
        exact = move_values(state) if state.last_round else None
        found = [(m, worth(state, m) if exact is None else exact[m]) for m in captures_of(state)]
        return sorted(found, key=lambda pair: _order(pair[1]), reverse=True)

    def solve(self, state: ScopaState) -> tuple[Answer, ...]:
        valued = self.valued(state)
        return ordered(state, [m for m, value in valued if value == valued[0][1]])

    def _value_words(self, value: int | Worth) -> str:
        return words(self._value_said(value))

    def _value_said(self, value: int | Worth) -> Message:
        return worth_said(value) if isinstance(value, Worth) else told("margin", margin=f"{value:+d}")

    def check(self, state: ScopaState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        move = self.judged_move(state, attempt, lays=False)
        if isinstance(move, PuzzleVerdict):
            return move
        valued = dict(self.valued(state))
        value, best = valued[move], max(valued.values(), key=_order)
        if is_answer(answers, move):
            right = told("best_correct", move=move_message(move), value=self._value_said(value))
            tied = len(answers) - 1
            return judged(True, right, *([told("best_tied", others=tied, count=tied)] if tied else []))
        if isinstance(value, Worth) and isinstance(best, Worth):
            behind = told(f"best_behind_{value.behind(best)}")
        else:
            loss = _order(best)[0] - _order(value)[0]
            behind = told("best_behind_exact", loss=loss, count=loss)
        worse = told("best_worse", move=move_message(move), value=self._value_said(value))
        return judged(False, worse, behind, extra=(move,))

    def hints(self, state: ScopaState, answers: tuple[Answer, ...]) -> list[str]:
        best = self.valued(state)[0][1]
        first = next(a for a in answers if isinstance(a, ScopaMove))
        criterion = say("hint_best_exact" if state.last_round else "hint_best_worth")
        return [criterion, say("hint_best_count", total=len(captures_of(state))),
                say("hint_best_value", value=self._value_words(best)),
                say("hint_first", move=move_words(first))]

    def solution_text(self, state: ScopaState, answers: tuple[Answer, ...]) -> str:
        lines = [say("valued", move=sentence(move_words(m)), value=self._value_words(v))
                 for m, v in self.valued(state)]
        return bullet_lines(say("solution_scopa_best", count=len(answers)), lines)


def _order(value: int | Worth) -> tuple[int, ...]:
    return (value,) if isinstance(value, int) else (value.points, value.sevens, value.diamonds, value.cards)


# --- count the primiera ----------------------------------------------------------------------------
def asked_primiera(state: ScopaState) -> Primiera:
    return primiera(state.piles[state.to_move])


def rank_traps(state: ScopaState) -> int:
    """Suits of the asked pile whose highest card by rank is not its best primiera card."""
    pile = state.piles[state.to_move]
    traps = 0
    for best in asked_primiera(state).suits:
        cards = [card for card in pile if card.suit is best.suit]
        if cards and max(cards, key=lambda card: card.value) != best.card:
            traps += 1
    return traps


class ScopaPrimiera(ScopaKind):
    """The deal is over: what is your primiera (the best card of each suit, by the primiera table)?"""

    kind, form, prefix = "scopa_primiera", "number", "sp"

    def position_problem(self, state: ScopaState) -> str | None:
        if not state.deal_over:
            return "a scopa_primiera puzzle needs a finished deal"
        if asked_primiera(state).total is None:
            return "the player asked has no card of some suit: no primiera to count"
        return None

    def task(self, state: ScopaState) -> Message:
        pile = state.piles[state.to_move]
        by_suit = (tuple(card for card in pile if card.suit is suit) for suit in Suit)
        suits = Joined(tuple(told("suit_cards", cards=cards) for cards in by_suit), "step_separator")
        return told("task_scopa_primiera", cards=suits)

    def solve(self, state: ScopaState) -> tuple[Answer, ...]:
        total = asked_primiera(state).total
        assert total is not None  # position_problem refuses a pile without a suit
        return (total,)

    def check(self, state: ScopaState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        return number_verdict(attempt, answers[0], f"{DOMAIN}.primiera")

    def _suit_lines(self, state: ScopaState, count: int) -> list[str]:
        return [say("suit_best", card=best.card, points=best.points)
                for best in asked_primiera(state).suits[:count]]

    def hints(self, state: ScopaState, answers: tuple[Answer, ...]) -> list[str]:
        table = ", ".join(f"{rank}: {points}" for rank, points in _RANK_POINTS)
        return [say("hint_primiera_table", table=table), "; ".join(self._suit_lines(state, 2)),
                "; ".join(self._suit_lines(state, 4)), say("hint_primiera_total", points=answers[0])]

    def solution_text(self, state: ScopaState, answers: tuple[Answer, ...]) -> str:
        me = state.to_move
        other = primiera(state.piles[1 - me]).total
        winner = state.deal_report().comparisons[-1].winner if state.rules.primiera else None
        lines = self._suit_lines(state, 4)
        lines.append(say("primiera_opponent", points="-" if other is None else other))
        taker = "nobody" if winner is None else "you" if winner == me else "opponent"
        lines.append(say(f"primiera_point_{taker}"))
        return bullet_lines(say("solution_scopa_primiera", points=answers[0]), lines)


_RANK_POINTS = (*(("A" if rank == 1 else str(rank), PRIMIERA_POINTS[rank]) for rank in (7, 6, 1, 5, 4, 3, 2)),
                ("J Q K", PRIMIERA_POINTS[13]))
"""The primiera table as the hint shows it, best rank first."""


# --- win the known last round ---------------------------------------------------------------------
def outcome(state: ScopaState, move: ScopaMove) -> Outcome[ScopaMove]:
    """The exact result of ``move`` in the last round."""
    after = state.play(move)
    line = () if after.deal_over else solution(after).line
    end = after
    for step in line:
        end = end.play(step)
    points = end.deal_scores()
    me = state.to_move
    return Outcome(move, move_values(state)[move], line, points[me], points[1 - me])


class ScopaLastRound(ScopaKind):
    """The known last round: play a move that secures the best exact result."""

    kind, form, prefix = "scopa_last_round", "move", "sl"

    def position_problem(self, state: ScopaState) -> str | None:
        problem = free_move(state)
        if problem is None and not state.last_round:
            return "not the last round (the talon is not empty yet)"
        return problem

    def solve(self, state: ScopaState) -> tuple[Answer, ...]:
        return ordered(state, solution(state).best)

    def check(self, state: ScopaState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        move = self.judged_move(state, attempt, lays=True)
        if isinstance(move, PuzzleVerdict):
            return move
        found = outcome(state, move)
        return last_move_verdict(DOMAIN, move_message, found, solution(state).value, is_answer(answers, move))

    def hints(self, state: ScopaState, answers: tuple[Answer, ...]) -> list[str]:
        other = state.hands[1 - state.to_move]
        first = next(a for a in answers if isinstance(a, ScopaMove))
        return [say("hint_last_known", cards=other),
                say("hint_last_value", margin=f"{solution(state).value:+d}"),
                say("hint_last_count", count=len(answers), total=len(move_values(state))),
                say("hint_first", move=move_words(first))]

    def solution_text(self, state: ScopaState, answers: tuple[Answer, ...]) -> str:
        lines = [last_move_line(DOMAIN, move_words, outcome(state, move), is_answer(answers, move))
                 for move in ordered(state, move_values(state))]
        return bullet_lines(say("solution_scopa_last_round", count=len(answers)), lines)


SCOPA_KIND_RULES: tuple[ScopaKind, ...] = (ScopaCaptures(), ScopaBest(), ScopaPrimiera(), ScopaLastRound())
"""Scopa's kinds, in the order of :data:`kaszino.puzzles.kinds.SCOPA_KINDS`."""
