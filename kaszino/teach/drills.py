"""Question builders chapters 05–07 share; each asks the engine for the right answer.

They make the exercise types of :mod:`kaszino.teach.exercises`: ``deal_points`` — how many points
a player scores in a deal, worked out item by item afterwards; ``secured_points`` — the points
already secured in the middle of a deal; ``majority`` — who gets the points for most cards or
most spades (or nobody); ``captures_where`` / ``best_points`` — a move on a live table, right when
the engine's value of the capture passes a test; ``yes_no`` and ``number_choice``. ``breakdown``
puts the points of a pile into words item by item ("3 for most cards + 1 for aces … = 6").

A prompt is a :class:`~kaszino.teach.explain.Message` made by :func:`words`, which gives every
whole-number field ``x`` its Hungarian article as ``{x_a}`` / ``{x_A}`` ("az 1. játékos").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from kaszino.engine.cards import format_cards
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.scoring import (
    DECK_SIZE,
    SPADES_IN_DECK,
    PileScore,
    card_points,
    count_spades,
    majority_holder,
)
from kaszino.games.kaszino.solver.value import CaptureValue, capture_value
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import player_number, tr
from kaszino.teach.exercises import Choice, MoveTask, NumberQuestion, one_of
from kaszino.teach.explain import Field, Message, ordinal_fields
from kaszino.teach.questions import Question, Renders, Words, phrase


def words(key: str, **fields: Field) -> Message:
    """The text ``key`` with ``fields``; every whole-number field also brings its article fields."""
    every: dict[str, Field] = {}
    for name, value in fields.items():
        every[name] = value
        if isinstance(value, int) and not isinstance(value, bool):
            every.update(ordinal_fields(name, value))
    return phrase(key, tuple(every.items()))


def score_items(score: PileScore) -> tuple[Message, ...]:
    """One phrase per item that earns points, in the order of the scoring table."""
    rules = score.rules
    items = (
        ("most_cards", score.most_cards),
        ("most_spades", score.most_spades),
        ("aces", score.aces * rules.ace_points),
        ("big_casino", score.big_casino * rules.big_casino_points),
        ("little_casino", score.little_casino * rules.little_casino_points),
        ("tabla", score.tabla),
        ("bonus", score.bonus),
    )
    return tuple(words(f"points.item_{name}", points=points, count=score.aces)
                 for name, points in items if points)


def breakdown(score: PileScore, player: int) -> Renders:
    """The whole count of ``player``'s points in words: every item, then the total."""
    items = score_items(score)
    if not items:
        return words("points.nothing", player=player_number(player))

    def render(lang: str) -> str:
        parts = " + ".join(item.render(lang) for item in items)
        return tr("points.breakdown", lang, player=player_number(player), items=parts, total=score.total,
                  count=score.total)

    return Words(render)


@dataclass(frozen=True, slots=True)
class Section:
    """One section of a chapter: its lesson text (a catalogue key) and the exercises after it."""

    text: str
    questions: tuple[Question, ...]


@dataclass(frozen=True, slots=True)
class ChapterContent:
    """A chapter's content: its number ("05"), text catalogue and sections (its closing check is made
    afresh per attempt: :mod:`kaszino.teach.chapter_checks`)."""

    number: str
    domain: str
    sections: tuple[Section, ...]

    def text(self, name: str) -> str:
        """The catalogue key of the lesson text ``name`` (``"intro"``, a section, ``"summary"``)."""
        return f"{self.domain}.{name}"

    def questions(self, name: str) -> tuple[Question, ...]:
        """The exercises after section ``name``."""
        for section in self.sections:
            if section.text == self.text(name):
                return section.questions
        raise KaszinoError(f"chapter {self.number} has no section {quote(name)}")


@dataclass(frozen=True, slots=True)
class LabelledChoice(Choice):
    """A :class:`Choice` whose option labels are given in code ("player 2", "nobody", "yes")."""

    labels: tuple[tuple[str, Renders], ...] = ()

    def label(self, option: str) -> Renders:
        for name, label in self.labels:
            if name == option:
                return label
        raise KaszinoError(f"{self.key}: option {quote(option)} has no label")


def labelled_choice(prompt: Message, options: Sequence[tuple[str, Renders, Renders]], answer: str) -> Choice:
    """A choice from ``(option, label, why)`` triples; ``why`` explains choosing that option."""
    return LabelledChoice(prompt.key, tuple(option for option, _, _ in options), answer, prompt.fields,
                          reasons=tuple((option, why) for option, _, why in options),
                          labels=tuple((option, label) for option, label, _ in options))


def describe_pile(state: GameState, player: int) -> Message:
    """``player``'s pile in a few words: cards, spades, the cards that score, táblák."""
    pile = state.piles[player]
    scoring = [card for card in pile if card_points((card,), state.rules)]
    cards = format_cards(sorted(scoring)) if scoring else words("drills.no_point_cards")
    tabla = state.tabla_points[player]
    extra = words("drills.pile_tabla", points=tabla) if tabla else ""
    return words("drills.pile", cards=words("common.cards", count=len(pile)),
                 spades=words("drills.spades_of_them", count=count_spades(pile)), point_cards=cards,
                 tabla=extra)


def deal_points(state: GameState, player: int, key: str, **fields: Field) -> NumberQuestion:
    """Points ``player`` scores in the deal of ``state`` (secured so far, all of them once it is over).

    The prompt ``key`` gets ``{player}``, ``{pile}`` (the pile in words, :func:`describe_pile`) and
    ``{all_cards}`` / ``{all_spades}`` (every pile's counts, for the majorities of 3–4 players).
    """
    score = state.deal_scores()[player]
    counts = " – ".join(str(len(pile)) for pile in state.piles)
    spades = " – ".join(str(count_spades(pile)) for pile in state.piles)
    prompt = words(key, player=player_number(player), pile=describe_pile(state, player), all_cards=counts,
                   all_spades=spades, **fields)
    return NumberQuestion(prompt.key, score.total, prompt.fields, breakdown(score, player))


def secured_points(state: GameState, player: int, key: str, **fields: Field) -> NumberQuestion:
    """Points ``player`` has secured in the game: earlier deals plus what this deal has secured.

    The prompt ``key`` gets ``{player}``, ``{pile}`` (the pile in words), ``{others}`` (the next
    player's pile in words) and ``{earlier}`` (points from earlier deals).
    """
    earlier = words("drills.secured_earlier", earlier=state.scores[player], count=state.scores[player])
    deal = breakdown(state.deal_scores()[player], player)
    total = words("drills.secured_total", total=state.totals()[player], count=state.totals()[player])
    why = Words(lambda lang: " ".join(part.render(lang) for part in (earlier, deal, total)))
    other = describe_pile(state, (player + 1) % state.players)
    prompt = words(key, player=player_number(player), pile=describe_pile(state, player), others=other,
                   earlier=state.scores[player], count=state.scores[player], **fields)
    return NumberQuestion(prompt.key, state.totals()[player], prompt.fields, why)


Majority = Literal["cards", "spades"]


def majority_winner(state: GameState, kind: Majority) -> int | None:
    """The player holding the majority of ``kind`` for good, or None."""
    if kind == "cards":
        return majority_holder([len(pile) for pile in state.piles], DECK_SIZE)
    return majority_holder([count_spades(pile) for pile in state.piles], SPADES_IN_DECK)


def majority(state: GameState, kind: Majority, key: str, **fields: Field) -> Choice:
    """Who gets the points for most ``kind``: one option per player, and "nobody".

    The prompt ``key`` gets ``{facts}``: how many cards (spades) each pile holds.
    """
    counts = [len(pile) if kind == "cards" else count_spades(pile) for pile in state.piles]
    winner = majority_winner(state, kind)
    facts = words(f"drills.{kind}_counts", counts=" – ".join(map(str, counts)))
    options: list[tuple[str, Renders, Renders]] = []
    for player in range(state.players):
        why_key = "drills.majority_yes" if winner == player else "drills.majority_no"
        options.append((str(player_number(player)), words("drills.player", n=player_number(player)),
                        words(why_key, facts=facts, n=player_number(player))))
    nobody_why = "drills.nobody_yes" if winner is None else "drills.nobody_no"
    options.append(("nobody", words("drills.nobody"), words(nobody_why, facts=facts)))
    prompt = words(key, facts=facts, **fields)
    return labelled_choice(prompt, options, "nobody" if winner is None else str(player_number(winner)))


def players_choice(prompt: Message, players: int, answer: int, why: Renders) -> Choice:
    """Which player (``answer``, numbered from 0)? ``why`` explains every choice."""
    options = [(str(player_number(p)), words("drills.player", n=player_number(p)), why)
               for p in range(players)]
    return labelled_choice(prompt, options, str(player_number(answer)))


def captures_where(state: GameState, test: Callable[[CaptureValue], bool], prompt: Message) -> MoveTask:
    """Make a capture whose value passes ``test``; the engine finds every such capture.

    A capture that misses is explained at ``<prompt key>.why``.
    """
    right = tuple(move for move in state.legal_moves()
                  if isinstance(move, Capture) and test(capture_value(state, move)))
    if not right:
        raise KaszinoError(f"no capture of this position passes the test: {state.notation()}")
    return MoveTask(prompt.key, state, one_of(*right), "scoring", prompt.fields)


def best_points(state: GameState, prompt: Message) -> MoveTask:
    """Make a capture that wins the most points now."""
    values = [capture_value(state, move) for move in state.legal_moves() if isinstance(move, Capture)]
    most = max(value.points for value in values)
    return captures_where(state, lambda value: value.points == most, prompt)


def yes_no(prompt: Message, yes: bool, why: Renders) -> Choice:
    """A yes-or-no question; ``yes`` is the engine's answer and ``why`` explains it."""
    options: list[tuple[str, Renders, Renders]] = [("yes", words("drills.yes"), why),
                                                   ("no", words("drills.no"), why)]
    return labelled_choice(prompt, options, "yes" if yes else "no")


def number_choice(prompt: Message, answer: int, candidates: tuple[int, ...], why: Renders) -> Choice:
    """Choose the right number among ``candidates`` (which must hold ``answer``)."""
    if answer not in candidates:
        raise KaszinoError(f"the right answer {answer} is not among the choices {candidates}")
    return Choice(prompt.key, tuple(map(str, candidates)), str(answer), prompt.fields,
                  reasons=tuple((str(n), why) for n in candidates), literal=True)
