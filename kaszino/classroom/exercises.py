"""The chapter's exercises: each a question with an exact answer, computed by the project itself.

The texts (question, hint, explanation, worked solution) live in ``kaszino/locales/classroom.json``
under ``exercise.<key>.*``; the answers here come from the same functions the chapter teaches, so
a text and its answer cannot drift apart. :func:`read_answer` reads what a student types — a whole
number, a fraction ``3/8`` or an exact decimal ``0.375`` (or ``0,375``) — and :func:`mark` judges it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from kaszino.classroom.subsets import listed_subsets
from kaszino.engine.cards import parse_cards
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.captures import captures
from kaszino.games.kaszino.solver.counting import subset_sum_counts


class AnswerError(KaszinoError):
    """A typed answer that is not a number or a fraction."""


@dataclass(frozen=True, slots=True)
class Exercise:
    """One exercise: its text key in the catalogue and its exact answer."""

    key: str
    answer: Fraction


@dataclass(frozen=True, slots=True)
class Marking:
    """The judgement of one typed answer: ``given`` is what was read (None if unreadable)."""

    correct: bool
    given: Fraction | None
    problem: str | None = None


_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d+)?|\d+\s*/\s*\d+)$", re.ASCII)


def read_answer(text: str) -> Fraction:
    """Read ``12``, ``3/8``, ``0.375`` or ``0,375`` exactly; anything else is an :class:`AnswerError`."""
    cleaned = text.strip().replace(" ", "")
    if not _NUMBER.match(cleaned):
        raise AnswerError(f"not a whole number, fraction or decimal: {quote(text.strip())}")
    if "/" in cleaned:
        numerator, denominator = cleaned.split("/")
        if int(denominator) == 0:
            raise AnswerError(f"a fraction cannot have 0 below the line: {quote(text.strip())}")
        return Fraction(int(numerator), int(denominator))
    return Fraction(cleaned.replace(",", "."))


def mark(exercise: Exercise, text: str) -> Marking:
    """Judge a typed answer: right only if it equals the exact answer (``0.375`` equals ``3/8``)."""
    try:
        given = read_answer(text)
    except AnswerError as error:
        return Marking(False, None, str(error))
    return Marking(given == exercise.answer, given)


@cache
def exercises() -> tuple[Exercise, ...]:
    """Every exercise of the chapter, in order."""
    table = parse_cards("2♦ 4♣ 7♥ 9♠ 3♣")
    return (
        Exercise("subsets", Fraction(len(listed_subsets(table, 13)))),
        Exercise("polynomial", Fraction(subset_sum_counts(parse_cards("2♠ 3♠ 4♠ 5♠"))[9])),
        Exercise("captures", Fraction(len(captures(parse_cards("5♠ A♥ K♣"), parse_cards("2♦ 4♣ 7♥ 9♠"))))),
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
