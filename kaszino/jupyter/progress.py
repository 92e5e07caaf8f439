"""The learner's progress file as the tutorial uses it: the chosen language and chapter results.

Everything goes through the per-user store (``kaszino.store.current_store``: ``$KASZINO_PROGRESS``
or the user's data folder). The language is the setting ``"language"``; a chapter's closing
check is saved with ``record_chapter``, with the questions the learner missed (asked again in the
next attempt). A progress file that cannot be read (``StoreError``) never
stops a lesson: the language falls back to Hungarian and the problem is shown where it matters.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from kaszino.i18n import LANGUAGES, set_language
from kaszino.puzzles.due import reviews_due
from kaszino.store import ChapterResult, MissedQuestion, StoreError, current_store
from kaszino.store.store import stored_choice

LANGUAGE_SETTING = "language"
"""The store setting that keeps the chosen language across chapters and kernel restarts."""


def remembered_language() -> str | None:
    """The language the learner chose last, or None (none chosen yet, or the file is unreadable)."""
    try:
        return current_store().get_setting(LANGUAGE_SETTING, stored_choice(*LANGUAGES))
    except StoreError:
        return None


def restore_language() -> None:
    """Switch to the language the learner chose last, if any."""
    chosen = remembered_language()
    if chosen is not None:
        set_language(chosen)


def remember_language(lang: str) -> StoreError | None:
    """Keep ``lang`` as the learner's choice; returns the store's problem if it could not be saved."""
    try:
        current_store().set_setting(LANGUAGE_SETTING, lang)
    except StoreError as error:
        return error
    return None


def record_check(chapter: str, score: int, total: int, missed: Sequence[tuple[str, int]] = (),
                 recovered: Sequence[tuple[str, int]] = ()) -> ChapterResult:
    """Save one attempt at the closing check of ``chapter``, with the questions (kind, seed) it
    ``missed`` and the ones missed before that it got right (``recovered``) (raises ``StoreError``)."""
    return current_store().record_chapter(chapter, score=score, total=total, missed=missed,
                                          recovered=recovered)


def missed_questions(chapter: str) -> list[MissedQuestion]:
    """The questions of ``chapter``'s check the learner missed and has not got right since (raises
    ``StoreError``)."""
    return current_store().missed_questions(chapter)


def chapter_results() -> dict[str, ChapterResult]:
    """Every chapter's saved results (raises ``StoreError``)."""
    return current_store().chapter_results()


def reviews_due_now() -> int:
    """How many puzzles the learner has due for review now (raises ``StoreError``)."""
    return reviews_due(current_store(), datetime.now(UTC))
