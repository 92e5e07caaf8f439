"""Exercises as data: questions whose right answers the engine computes, each answer explained.

Three forms, one judging interface (``question.judge(answer) -> Judgement``):

- :class:`Choice` — choose one of a few answers; every option carries its own explanation, so a
  wrong choice is told exactly why it is wrong;
- :class:`Number` — type a whole number (the points of a finished deal, cards in a round …);
- :class:`Play` — make a move on a live table; the right moves are listed by the engine, and a
  wrong move is explained by :func:`kaszino.teach.explain.explain_move`.

Every text is a :class:`Phrase` (a catalogue key and its fields), rendered in the current language
when shown, so a question reads in Hungarian or English without being rebuilt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, Union

from kaszino.engine.moves import Move
from kaszino.engine.state import GameState
from kaszino.errors import KaszinoError
from kaszino.i18n import language, tr
from kaszino.teach.explain import explain_move
from kaszino.teach.hungarian import article

Field = Union[str, int, "Phrase", "Phrases"]


@dataclass(frozen=True, slots=True)
class Phrase:
    """A text of a catalogue (``"domain.name"``) with its fields, rendered on demand.

    Every whole-number field ``x`` also offers ``{x_a}`` and ``{x_A}``, the Hungarian article
    that goes before it ("az 1. játékos", "A 2. játékos …"), so no text needs "a(z)".
    """

    key: str
    fields: tuple[tuple[str, Field], ...] = ()

    def text(self, lang: str | None = None) -> str:
        """The text in ``lang`` (default: the current language)."""
        lang = lang or language()
        values = {name: _render(value, lang) for name, value in self.fields}
        for name, value in self.fields:
            if isinstance(value, int):
                values[f"{name}_a"] = article(value)
                values[f"{name}_A"] = article(value).capitalize()
        return tr(self.key, lang, **values)


@dataclass(frozen=True, slots=True)
class Phrases:
    """Several phrases in a row, joined by a fixed ``separator`` (e.g. ``" + "``)."""

    parts: tuple[Phrase, ...]
    separator: str

    def text(self, lang: str | None = None) -> str:
        return self.separator.join(part.text(lang) for part in self.parts)


def _render(value: Field, lang: str) -> str | int:
    return value.text(lang) if isinstance(value, (Phrase, Phrases)) else value


def phrase(key: str, **fields: Field) -> Phrase:
    """``Phrase(key, fields)`` written like a call of ``tr``."""
    return Phrase(key, tuple(fields.items()))


class Readable(Protocol):
    """Anything that renders itself in a language: a :class:`Phrase`, or an explanation of a move."""

    def text_in(self, lang: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Said:
    """A :class:`Phrase` seen as :class:`Readable`."""

    phrase: Phrase

    def text_in(self, lang: str) -> str:
        return self.phrase.text(lang)


@dataclass(frozen=True, slots=True)
class Judgement:
    """The verdict on one answer: right or not, and the sentences that say why."""

    right: bool
    reasons: tuple[Readable, ...]

    def text(self, lang: str | None = None) -> str:
        lang = lang or language()
        verdict = tr("questions.right" if self.right else "questions.wrong", lang)
        return " ".join([verdict, *(reason.text_in(lang) for reason in self.reasons)])


@dataclass(frozen=True, slots=True)
class Option:
    """One answer of a :class:`Choice`, with why it is right or wrong."""

    label: Phrase
    why: Phrase


@dataclass(frozen=True, slots=True)
class Choice:
    """Choose one of ``options``; ``answer`` is the index of the right one (found by the engine)."""

    prompt: Phrase
    options: tuple[Option, ...]
    answer: int
    position: GameState | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.answer < len(self.options) or len(self.options) < 2:
            raise KaszinoError(f"a choice needs two or more options and a valid answer, got {self.answer}")

    def judge(self, index: int) -> Judgement:
        """The verdict on choosing option ``index``."""
        if not 0 <= index < len(self.options):
            raise KaszinoError(f"there is no option {index}; choose 0..{len(self.options) - 1}")
        return Judgement(index == self.answer, (Said(self.options[index].why),))


@dataclass(frozen=True, slots=True)
class Number:
    """Type a whole number; ``why`` works the answer out (shown after every answer)."""

    prompt: Phrase
    answer: int
    why: Phrase
    position: GameState | None = None

    def judge(self, value: int) -> Judgement:
        """The verdict on the number ``value``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise KaszinoError(f"the answer must be a whole number, not {value!r}")
        if value == self.answer:
            return Judgement(True, (Said(self.why),))
        direction = "questions.too_low" if value < self.answer else "questions.too_high"
        return Judgement(False, (Said(phrase(direction, value=value)), Said(self.why)))


@dataclass(frozen=True, slots=True)
class Play:
    """Make a move on the live table of ``position``; the engine listed the ``right`` ones."""

    prompt: Phrase
    position: GameState
    right: tuple[Move, ...]
    why_wrong: Phrase

    def __post_init__(self) -> None:
        if not self.right:
            raise KaszinoError("a play question needs at least one right move")

    def judge(self, move: Move) -> Judgement:
        """The verdict on ``move``: explained by the engine, and why it misses the task if it does."""
        explained = explain_move(self.position, move)
        if move in self.right:
            return Judgement(True, (explained,))
        return Judgement(False, (explained, Said(self.why_wrong)))


Question = Choice | Number | Play


def choice(prompt: Phrase, options: Sequence[tuple[Phrase, Phrase]], right: int,
           position: GameState | None = None) -> Choice:
    """A :class:`Choice` from ``(label, why)`` pairs."""
    return Choice(prompt, tuple(Option(label, why) for label, why in options), right, position)
