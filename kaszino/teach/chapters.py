"""The tutorial's table of contents: every chapter and practice notebook, in order.

The words (title, what it teaches) are in ``kaszino/locales/chapters.json`` under ``<id>.title``
and ``<id>.teaches``; a chapter's closing check is saved under its ``id`` in the progress store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil
from typing import Protocol

from kaszino.errors import KaszinoError, quote
from kaszino.i18n import tr


@dataclass(frozen=True, slots=True)
class Chapter:
    """One notebook of the tutorial: its id ("01"), file name, whether it ends with a check, and
    whether it is a teacher's page (under ``kaszino app --class`` only the teacher opens it)."""

    id: str
    notebook: str
    checked: bool = True
    teacher: bool = False


CHAPTERS: tuple[Chapter, ...] = (
    Chapter("01", "01_pakli.ipynb"),
    Chapter("02", "02_utes.ipynb"),
    Chapter("03", "03_tabla.ipynb"),
    Chapter("04", "04_osztas_menete.ipynb"),
    Chapter("05", "05_pontozas.ipynb"),
    Chapter("06", "06_parti.ipynb"),
    Chapter("07", "07_valtozatok.ipynb"),
    Chapter("08", "08_rokonok.ipynb"),
    Chapter("09", "09_casino.ipynb"),
)
"""The rules tutorial, chapter by chapter; each ends with a chapter check."""

PRACTICE: tuple[Chapter, ...] = (
    Chapter("10", "10_feladvanyok.ipynb", checked=False),
    Chapter("20", "20_jatek.ipynb", checked=False),
    Chapter("30", "30_kombinatorika.ipynb", checked=False),
    Chapter("40", "40_szerkeszto.ipynb", checked=False, teacher=True),
)
"""After the rules: the puzzle trainer, a game against the computer, classroom combinatorics, the
teacher's position editor."""

TEACHER_CHAPTERS = tuple(chapter for chapter in (*CHAPTERS, *PRACTICE) if chapter.teacher)
"""The teacher's pages: the class app serves them only behind the teacher code
(``kaszino.cli.app_server``)."""
TEACHER_PAGES = frozenset(chapter.notebook for chapter in TEACHER_CHAPTERS)

PUPIL_VARIABLE = "KASZINO_PUPIL"
"""Set to ``1`` in the kernel of a class learner's page (``kaszino app --class``, a browser that has
not given the teacher code): the start page offers no teacher's page, which would be refused."""


def next_steps_markdown(chapter: str, lang: str) -> str:
    """Where a learner goes from the end of ``chapter`` ("01" …): the next chapter, the puzzle
    trainer and a game, and back to the start page, as Markdown links."""
    ids = [each.id for each in CHAPTERS]
    if chapter not in ids:
        raise KaszinoError(f"no chapter {quote(chapter)}; the chapters are {', '.join(ids)}")
    parts = []
    following = CHAPTERS[ids.index(chapter) + 1:]
    if following:
        parts.append(tr("chapters.next.chapter", lang, **_link(following[0], lang)))
    links = " · ".join(f"[{tr(f'chapters.{each.id}.title', lang)}]({each.notebook})" for each in PRACTICE[:2])
    parts += [tr("chapters.next.practice", lang, links=links), tr("chapters.next.start", lang)]
    return " · ".join(parts)


PASS_PERCENT = 80
"""A chapter counts as done once the best result of its check reaches this share of the questions."""


def right_needed(total: int) -> int:
    """How many of ``total`` questions must be right for the pass mark."""
    return ceil(total * PASS_PERCENT / 100)


def passed(best: int, total: int) -> bool:
    """Whether ``best`` right answers of ``total`` reach the pass mark."""
    return total > 0 and best >= right_needed(total)


MOST_STARS = 3
"""A chapter's grade on the start page, as Lichess Learn gives its stages: stars out of three."""


def stars(best: int, total: int) -> int:
    """The stars of a check's best result: three for every answer right, two at the pass mark, one
    for half or more, none below."""
    if total <= 0 or best < total / 2:
        return 0
    return 3 if best >= total else 2 if passed(best, total) else 1


class Result(Protocol):
    """What the index shows of a chapter's saved check (``kaszino.store.ChapterResult`` has it)."""

    @property
    def best(self) -> int: ...

    @property
    def last(self) -> int: ...

    @property
    def total(self) -> int: ...

    @property
    def attempts(self) -> int: ...


def _result(chapter: Chapter, results: Mapping[str, Result] | None, lang: str) -> str:
    if results is None:
        return ""
    found = results.get(chapter.id)
    if found is None:
        return tr("chapters.result.none", lang)
    status = tr("chapters.result.passed" if passed(found.best, found.total) else "chapters.result.not_passed",
                lang, mark=PASS_PERCENT)
    earned = stars(found.best, found.total)
    grade = tr("chapters.result.stars", lang, stars="★" * earned + "☆" * (MOST_STARS - earned), count=earned,
               most=MOST_STARS)
    tried = tr("chapters.result.some", lang, best=found.best, last=found.last, total=found.total,
               attempts=found.attempts)
    return f"{grade} · {tried} · {status}"


def index_markdown(results: Mapping[str, Result] | None, lang: str, problem: str | None = None,
                   pupil: bool = False, reviews: int = 0) -> str:
    """The table of contents as Markdown: a link to every notebook, what it teaches, and for each
    chapter the learner's ``results`` (``None``: unreadable, with ``problem`` said once) and where to
    go on (the first chapter not done, or the puzzles), and how many puzzles wait for review
    (``reviews``); for a ``pupil`` of a class (:data:`PUPIL_VARIABLE`) without the teacher's pages."""
    def row(chapter: Chapter, result: str) -> str:
        title = tr(f"chapters.{chapter.id}.title", lang)
        return f"| [{title}]({chapter.notebook}) | {tr(f'chapters.{chapter.id}.teaches', lang)} | {result} |"

    head = (f"| {tr('chapters.head.notebook', lang)} | {tr('chapters.head.teaches', lang)} "
            f"| {tr('chapters.head.result', lang)} |\n|---|---|---|")
    lines = [head, *(row(chapter, _result(chapter, results, lang)) for chapter in CHAPTERS)]
    offered = [chapter for chapter in PRACTICE if not (pupil and chapter.teacher)]
    practice = [f"| {tr('chapters.practice.head', lang)} | {tr('chapters.head.teaches', lang)} | |",
                "|---|---|---|", *(row(chapter, "") for chapter in offered)]
    if results is None:
        summary = tr("chapters.result.unreadable", lang, problem=problem)
    else:
        to_do = [chapter for chapter in CHAPTERS if not (chapter.id in results and passed(
            results[chapter.id].best, results[chapter.id].total))]
        summary = tr("chapters.done", lang, done=len(CHAPTERS) - len(to_do), total=len(CHAPTERS),
                     mark=PASS_PERCENT)
        summary += " " + _onward(to_do[0] if to_do else None, not results, lang)
        if reviews:
            summary += "\n\n" + tr("chapters.reviews", lang, count=reviews, **_link(PRACTICE[0], lang))
    return "\n".join(lines) + "\n\n" + summary + "\n\n" + "\n".join(practice)


def _onward(chapter: Chapter | None, new: bool, lang: str) -> str:
    """Where the learner goes on: the first ``chapter`` not done yet (for a ``new`` learner, the
    start), or, with every chapter done, the puzzles."""
    if chapter is None:
        return tr("chapters.onward.all_done", lang, **_link(PRACTICE[0], lang))
    return tr("chapters.onward.start" if new else "chapters.onward.next", lang, **_link(chapter, lang))


def _link(chapter: Chapter, lang: str) -> dict[str, str]:
    """The fields of a Markdown link to ``chapter``: its ``title`` in ``lang`` and its ``notebook``."""
    return {"title": tr(f"chapters.{chapter.id}.title", lang), "notebook": chapter.notebook}
