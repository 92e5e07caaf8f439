"""Every chapter's closing check made afresh per attempt, by chapter id (one place for the tutorial).

Chapters 01–07 are built question by question (:mod:`kaszino.teach.deck_checks`,
:mod:`kaszino.teach.rules_checks`, :mod:`kaszino.teach.game_checks`); chapter 08's check is made
as a whole per attempt (:func:`kaszino.teach.scopa_lesson.check_questions`) and cut into its eight
questions, and so is chapter 09's (:func:`kaszino.teach.casino_lesson.check_questions`).
"""

from __future__ import annotations

from functools import cache

from kaszino.errors import KaszinoError, quote
from kaszino.teach import casino_lesson, deck_checks, game_checks, rules_checks, scopa_lesson
from kaszino.teach.fresh import FreshCheck, whole_check

SCOPA_CHECK_SIZE = 8
"""How many questions chapter 08's check asks."""

CASINO_CHECK_SIZE = 8
"""How many questions chapter 09's check asks."""


@cache
def fresh_checks() -> dict[str, FreshCheck]:
    """The checks made afresh, by chapter id."""
    checks = (deck_checks.CHAPTER_01,
              rules_checks.CHAPTER_02, rules_checks.CHAPTER_03, rules_checks.CHAPTER_04,
              game_checks.CHAPTER_05, game_checks.CHAPTER_06, game_checks.CHAPTER_07,
              whole_check(scopa_lesson.NUMBER, scopa_lesson.check_questions, SCOPA_CHECK_SIZE),
              whole_check(casino_lesson.NUMBER, casino_lesson.check_questions, CASINO_CHECK_SIZE))
    return {check.chapter: check for check in checks}


def fresh_check(chapter: str) -> FreshCheck:
    """The check of ``chapter`` made afresh per attempt."""
    found = fresh_checks().get(chapter)
    if found is None:
        raise KaszinoError(f"chapter {quote(chapter)} has no check made afresh; these have: "
                           f"{', '.join(fresh_checks())}")
    return found
