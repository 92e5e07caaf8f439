"""Question builders the lessons share: each asks the engine for the right answer.

``deal_points(state, player, prompt)`` — how many points a player scores in a deal (worked out
item by item afterwards); ``secured_points`` — the same for the points already secured in the
middle of a deal; ``majority(state, "cards", prompt)`` — who gets the points for most cards or
most spades (or nobody); ``captures_where(state, test, prompt, why_wrong)`` — a move on a live
table, right when the engine's value of the capture passes ``test``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from kaszino.engine.captures import Capture
from kaszino.engine.scoring import DECK_SIZE, SPADES_IN_DECK, count_spades, majority_holder
from kaszino.engine.state import GameState
from kaszino.errors import KaszinoError
from kaszino.solver.value import CaptureValue, capture_value
from kaszino.teach.points import breakdown
from kaszino.teach.questions import Choice, Number, Phrase, Play, Question, choice, phrase


@dataclass(frozen=True, slots=True)
class Section:
    """One section of a chapter: its lesson text (a catalogue key) and the exercises after it."""

    text: str
    questions: tuple[Question, ...]


@dataclass(frozen=True, slots=True)
class Chapter:
    """A chapter's content: its number ("05"), text catalogue, sections and closing check."""

    number: str
    domain: str
    sections: tuple[Section, ...]
    check: tuple[Question, ...]

    def text(self, name: str) -> str:
        """The catalogue key of the lesson text ``name`` (``"intro"``, a section, ``"summary"``)."""
        return f"{self.domain}.{name}"

    def questions(self, name: str) -> tuple[Question, ...]:
        """The exercises after section ``name``."""
        for section in self.sections:
            if section.text == self.text(name):
                return section.questions
        raise KaszinoError(f"chapter {self.number} has no section {name!r}")


def deal_points(state: GameState, player: int, prompt: Phrase) -> Number:
    """Points ``player`` scores in the deal of ``state`` (secured so far, all of them once it is over)."""
    score = state.deal_scores()[player]
    return Number(prompt, score.total, breakdown(score, player), state)


def secured_points(state: GameState, player: int, prompt: Phrase) -> Number:
    """Points ``player`` has secured in the game: earlier deals plus what this deal has secured."""
    score = state.deal_scores()[player]
    earlier = state.scores[player]
    why = phrase("drills.secured_why", earlier=earlier, deal=breakdown(score, player),
                 total=state.totals()[player])
    return Number(prompt, state.totals()[player], why, state)


Majority = Literal["cards", "spades"]


def majority_winner(state: GameState, kind: Majority) -> int | None:
    """The player holding the majority of ``kind`` for good, or None."""
    if kind == "cards":
        return majority_holder([len(pile) for pile in state.piles], DECK_SIZE)
    return majority_holder([count_spades(pile) for pile in state.piles], SPADES_IN_DECK)


def majority(state: GameState, kind: Majority, prompt: Phrase) -> Choice:
    """Who gets the points for most ``kind``: one option per player, and "nobody"."""
    counts = [len(pile) if kind == "cards" else count_spades(pile) for pile in state.piles]
    winner = majority_winner(state, kind)
    facts = phrase(f"drills.{kind}_counts", counts=" – ".join(map(str, counts)))
    options = []
    for player in range(state.players):
        why_key = "drills.majority_yes" if winner == player else "drills.majority_no"
        options.append((phrase("drills.player", n=player + 1),
                        phrase(why_key, facts=facts, n=player + 1)))
    nobody_why = "drills.nobody_yes" if winner is None else "drills.nobody_no"
    options.append((phrase("drills.nobody"), phrase(nobody_why, facts=facts)))
    return choice(prompt, options, state.players if winner is None else winner, state)


def captures_where(state: GameState, test: Callable[[CaptureValue], bool], prompt: Phrase,
                   why_wrong: Phrase) -> Play:
    """Make a capture whose value passes ``test``; the engine finds every such capture."""
    right = tuple(move for move in state.legal_moves()
                  if isinstance(move, Capture) and test(capture_value(state, move)))
    if not right:
        raise KaszinoError(f"no capture of this position passes the test: {state.notation()}")
    return Play(prompt, state, right, why_wrong)


def best_points(state: GameState, prompt: Phrase, why_wrong: Phrase) -> Play:
    """Make a capture that wins the most points now."""
    values = [capture_value(state, move) for move in state.legal_moves() if isinstance(move, Capture)]
    most = max(value.points for value in values)
    return captures_where(state, lambda value: value.points == most, prompt, why_wrong)


def yes_no(prompt: Phrase, yes: bool, why: Phrase, position: GameState | None = None) -> Choice:
    """A yes-or-no question; ``yes`` is the engine's answer and ``why`` explains it."""
    options = [(phrase("drills.yes"), why), (phrase("drills.no"), why)]
    return choice(prompt, options, 0 if yes else 1, position)


def number_choice(prompt: Phrase, answer: int, candidates: tuple[int, ...], why: Phrase,
                  position: GameState | None = None) -> Choice:
    """Choose the right number among ``candidates`` (which must hold ``answer``)."""
    if answer not in candidates:
        raise KaszinoError(f"the right answer {answer} is not among the choices {candidates}")
    options = [(phrase("drills.number", n=n), why) for n in candidates]
    return choice(prompt, options, candidates.index(answer), position)
