"""A teacher edits a lesson and sees it in the classroom app (docs/lessons.md): a copy of the
tutorial's first chapter with a ``lessons/`` folder beside it, served by ``kaszino app
--notebooks``; the page shows a paragraph, the teacher changes that lesson's Markdown file, and a
reload of the page shows the new words, with nothing re-run by hand.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from class_app import served_app
from playwright.sync_api import Page, expect

from kaszino.lessons import lesson_file, shipped_folder

REPO = Path(__file__).resolve().parents[2]
CHAPTER = "01_pakli.ipynb"
LESSON = "chapter01.deck"
SHIPPED_WORDS = "A kaszinót 52 lapos francia kártyával játsszák"
EDITED_WORDS = "A tanár szerint: a kaszinót 52 lapos francia kártyával, joker nélkül játsszuk"


@pytest.fixture(scope="module")
def copied(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A teacher's copy: the start page and chapter 01, and beside them the chapter's lesson
    ``deck`` in Hungarian, as the shipped file has it."""
    folder = tmp_path_factory.mktemp("teacher")
    for notebook in ("00_start.ipynb", CHAPTER):
        shutil.copy(REPO / "notebooks" / notebook, folder / notebook)
    edited = folder / "lessons" / lesson_file(LESSON, "hu")
    edited.parent.mkdir(parents=True)
    shutil.copy(shipped_folder() / lesson_file(LESSON, "hu"), edited)
    return folder


@pytest.fixture(scope="module")
def app(copied: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``kaszino app --notebooks`` serving the teacher's copy; yields its base URL."""
    workdir = tmp_path_factory.mktemp("app")
    with served_app(workdir, "--notebooks", str(copied),
                    KASZINO_PROGRESS=str(workdir / "progress.sqlite3")) as served:
        yield served.base


def lesson_text(page: Page) -> str:
    """The page's text once Voilà has run every cell and the lessons are drawn."""
    page.locator("#loading").wait_for(state="detached")
    page.locator("#rendered_cells").wait_for(state="visible")
    expect(page.get_by_role("heading", name="A pakli", exact=True)).to_be_visible()
    return page.locator("#rendered_cells").inner_text()


def test_an_edited_paragraph_shows_on_reload(copied: Path, app: str, page: Page) -> None:
    page.goto(f"{app}/voila/render/{CHAPTER}")
    before = lesson_text(page)
    assert SHIPPED_WORDS in before and EDITED_WORDS not in before
    edited = copied / "lessons" / lesson_file(LESSON, "hu")
    edited.write_text(edited.read_text(encoding="utf-8").replace(SHIPPED_WORDS, EDITED_WORDS),
                      encoding="utf-8")
    page.reload()
    after = lesson_text(page)
    assert EDITED_WORDS in after and SHIPPED_WORDS not in after
    assert "Traceback" not in after
    shipped = (shipped_folder() / lesson_file(LESSON, "hu")).read_text(encoding="utf-8")
    assert SHIPPED_WORDS in shipped  # the teacher's copy changed, the shipped lesson did not
