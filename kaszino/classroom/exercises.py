"""The chapter's exercises: each a question with an exact answer, computed by the project itself.

Each exercise is a question of the one exercise protocol (:mod:`kaszino.teach.questions`). Its
question and worked solution are lesson files (``lessons/classroom/exercise.<key>.question`` and
``.solution``), its hint and explanation catalogue texts (``classroom.exercise.<key>.hint`` and
``.explain`` in ``kaszino/locales/classroom.json``); the answers here come from the same functions
the chapter teaches, so a text and its answer cannot drift apart. :func:`read_answer` reads what a
student types — a whole number, a fraction ``3/8`` or an exact decimal ``0.375`` (or ``0,375``) —
and :meth:`Exercise.check` judges it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import ClassVar

from kaszino.classroom.subsets import listed_subsets
from kaszino.engine.cards import parse_cards
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.captures import captures
from kaszino.games.kaszino.solver.counting import subset_sum_counts
from kaszino.i18n import language
from kaszino.teach.questions import AnswerKind, Lesson, Renders, Unreadable, Verdict, phrase


class AnswerError(Unreadable):
    """A typed answer that is not a number or a fraction."""

    def __init__(self, message: str, typed: str) -> None:
        super().__init__(message, phrase("classroom.ui.unreadable", (("typed", typed),)))


@dataclass(frozen=True, slots=True)
class Exercise:
    """One exercise, a question of the one exercise protocol (:mod:`kaszino.teach.questions`):
    its name, its exact answer, and its texts by the naming rule of the module docstring."""

    key: str
    answer: Fraction

    kind: ClassVar[AnswerKind] = "fraction"

    def prompt(self) -> Renders:
        return Lesson(f"classroom.exercise.{self.key}.question")

    def placeholder(self) -> Renders:
        return phrase("classroom.ui.placeholder")

    def read(self, typed: str) -> Fraction:
        return read_answer(typed)

    def check(self, answer: object) -> Verdict:
        """Judge an answer (a number, or text as typed): right only if it equals the exact answer
        (``0.375`` equals ``3/8``); a wrong one is told back with the exercise's hint."""
        given = self.read(answer) if isinstance(answer, str) else _exact(answer)
        if given == self.answer:
            return Verdict(True, (phrase(f"classroom.exercise.{self.key}.explain"),),
                           phrase("classroom.ui.right"))
        return Verdict(False, (phrase(f"classroom.exercise.{self.key}.hint"),),
                       phrase("classroom.ui.wrong", (("given", _plain(given)),)))


_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d+)?|\d+\s*/\s*\d+)$", re.ASCII)
_ENGLISH_THOUSANDS = re.compile(r"(?<![\d.,])[1-9]\d{0,2}(?:,\d{3})+(?![\d.,])", re.ASCII)
"""A whole number written with English thousands separators: ``270,725`` (never ``0,375``)."""
_SPACES = str.maketrans("", "", " \u00a0\u202f")


def read_answer(text: str, lang: str | None = None) -> Fraction:
    """Read ``12``, ``3/8``, ``0.375`` or ``0,375`` exactly; anything else is an :class:`AnswerError`.

    Thousands may be marked as the page's language (default: the current one) writes them: by
    spaces in either language, by commas in English (``270,725``, ``1/270,725``), where a comma
    after a leading 0 is still a decimal comma."""
    typed = text.strip()
    cleaned = typed.translate(_SPACES)
    if (lang or language()) == "en":
        cleaned = _ENGLISH_THOUSANDS.sub(lambda found: found.group().replace(",", ""), cleaned)
    if not _NUMBER.match(cleaned):
        raise AnswerError(f"not a whole number, fraction or decimal: {quote(typed)}", typed)
    if "/" in cleaned:
        numerator, denominator = cleaned.split("/")
        if int(denominator) == 0:
            raise AnswerError(f"a fraction cannot have 0 below the line: {quote(typed)}", typed)
        return Fraction(int(numerator), int(denominator))
    return Fraction(cleaned.replace(",", "."))


def _exact(answer: object) -> Fraction:
    if isinstance(answer, bool) or not isinstance(answer, (int, Fraction)):
        raise KaszinoError(f"an answer is a whole number, a fraction or their text, not {quote(answer)}")
    return Fraction(answer)


def _plain(value: Fraction) -> str:
    """``3`` or ``3/8``: a number as the learner would type it."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@cache
def exercises() -> tuple[Exercise, ...]:
    """Every exercise of the chapter, in order."""
    return (
        Exercise("subsets", Fraction(len(listed_subsets(parse_cards("2♥ 3♠ 5♦ 6♣ 8♥"), 13)))),
        Exercise("polynomial", Fraction(subset_sum_counts(parse_cards("2♠ 3♠ 4♠ 5♠"))[9])),
        Exercise("captures", Fraction(len(captures(parse_cards("3♠ 4♥ Q♣"), parse_cards("A♦ 2♣ 5♥ 7♠"))))),
        Exercise("tables", Fraction(comb(52, 4))),
        Exercise("four_aces", Fraction(1, comb(52, 4))),
        Exercise("seven", Fraction(3, 51)),
    )


def exercise(key: str) -> Exercise:
    """The exercise named ``key``, or an error listing the names."""
    for candidate in exercises():
        if candidate.key == key:
            return candidate
    raise KaszinoError(f"no exercise named {quote(key)}; known: {', '.join(e.key for e in exercises())}")
