"""The offline classroom site: built from this checkout, served from a plain folder on 127.0.0.1,
opened in Chromium with every other request aborted and logged — the test fails on any of them.

A new learner's visits: chapter 02 runs, the learner switches to English, a capture is judged and
the page saved; the trainer page opens in English, a puzzle is solved and the page saved. Then a new
release is served at the same address: its trainer page shows, not the copy the browser kept, with
the learner's language and the solved puzzle's progress; the start page's reset forgets the kept
pages and keeps the progress. The combinatorics chapter (sympy
in the browser) runs too. Prints the build's figures and the times a student waits (kernel ready, budget
30 s; chapter 02 after that, budget 10 s); ``benchmarks/bench_site.py`` measures them repeatedly.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import RefusingProxy
from pictures import ARTIFACTS, shoot
from playwright.sync_api import Browser, expect
from site_steps import (
    Offline,
    kept_content,
    kept_files,
    run_all,
    save,
    serve,
    wait_for_session,
    wait_until_written,
)
from trainer_steps import enter, right_answer, shown

import kaszino.cli.site as site
from kaszino.cli.site import SITE_MARK, build_site
from kaszino.errors import KaszinoError

REPO = Path(__file__).resolve().parents[2]


def _build(folder: Path) -> Path:
    try:
        built = build_site(folder, REPO / ".cache" / "site")
    except KaszinoError as error:
        if "needs npm" in str(error) and not os.environ.get("CI"):
            pytest.skip(str(error))
        raise
    print("\n" + built.report())
    assert (folder / SITE_MARK).is_file()  # what lets the next build replace this one
    return folder


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the first build leaves a copy of the wheels it gathered, for the next release's build."""
    return tmp_path_factory.mktemp("wheels")


@pytest.fixture(scope="module")
def site_folder(tmp_path_factory: pytest.TempPathFactory, wheels: Path) -> Path:
    """The site built into a fresh folder (its wheels kept in ``wheels``)."""

    def download_and_keep(lock: dict[str, Any], dest: Path, kind: site.SiteKind = site.PROJECT) -> list[Path]:
        gathered = download_wheels(lock, dest, kind)
        for wheel in gathered:
            shutil.copy2(wheel, wheels)
        return gathered

    download_wheels = site.download_wheels
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(site, "download_wheels", download_and_keep)
        return _build(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, site_folder: Path) -> Path:
    """The folder the server serves, a link to the built site: a new release swaps what it points to,
    as a school's server keeps one address for every release."""
    link = tmp_path_factory.mktemp("served") / "live"
    link.symlink_to(site_folder)
    return link


@pytest.fixture(scope="module")
def site_url(live: Path) -> Iterator[str]:
    """The site served by Python's plain static file server."""
    with serve(live) as url:
        yield url


PROGRESS = "kaszino-progress.sqlite3"
"""The learner's progress file, which the browser keeps for every release of the site."""
NEW_RELEASE = "Ez a feladványok oldalának új kiadása."
"""A line the next release adds to the trainer's page, as a new release changes its pages."""


@pytest.fixture(scope="module")
def next_release(tmp_path_factory: pytest.TempPathFactory, site_folder: Path, wheels: Path) -> Path:
    """The site built again with the trainer's page changed: the next release. Its wheels are the first
    build's (only its pages change), so the build does not fetch and build them again."""

    def changed_pages(kind: site.SiteKind) -> dict[str, dict[str, Any]]:
        pages = released_pages(kind)
        new_line = {"cell_type": "markdown", "metadata": {}, "source": NEW_RELEASE}
        pages["10_feladvanyok.ipynb"]["cells"].insert(0, new_line)
        return pages

    def kept_wheels(lock: dict[str, Any], dest: Path, kind: site.SiteKind = site.PROJECT) -> list[Path]:
        shutil.copytree(wheels, dest)
        return sorted(dest.glob("*.whl"))

    released_pages = site.site_notebooks
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(site, "site_notebooks", changed_pages)
        patch.setattr(site, "download_wheels", kept_wheels)
        return _build(tmp_path_factory.mktemp("next") / "site")


@pytest.fixture
def offline(browser: Browser, site_url: str, outside: RefusingProxy, request: pytest.FixtureRequest
            ) -> Iterator[Offline]:
    """A fresh learner's browser (no saved progress), offline but for the site; its pages are
    photographed into test-artifacts/ when the test fails."""
    context = Offline(browser, site_url, outside)
    yield context
    if request.session.testsfailed:
        ARTIFACTS.mkdir(exist_ok=True)
        for number, page in enumerate(context.context.pages):
            page.screenshot(path=str(ARTIFACTS / f"site-{request.node.name}-{number}.png"), full_page=True)
    context.context.close()
    assert context.outside == [], f"the site asked for outside addresses: {context.outside}"


def test_the_combinatorics_chapter_runs_with_sympy_in_the_browser(offline: Offline) -> None:
    page = offline.new_page()
    timings = run_all(page, offline.visit(page, "30_kombinatorika.ipynb"))
    print(f"\nchapter 30: kernel ready {timings.kernel_ready:.1f} s, the rest {timings.chapter:.1f} s")
    # The generating function of 2, 4, 7, 9, 3 multiplied out by sympy: 2·x¹³ among its terms.
    formula = page.locator(".jp-OutputArea-output[data-mime-type='text/latex']").first
    expect(formula).to_be_visible()
    expect(page.get_by_text("2x¹³", exact=False).first).to_be_visible()
    formula.scroll_into_view_if_needed()
    shoot(page, "site-30-generating-function")


def test_a_learner_keeps_the_progress_through_a_reload_a_new_release_and_the_reset(
    offline: Offline, live: Path, site_folder: Path, next_release: Path
) -> None:
    """One learner's visits, each page's kernel started once (each start is Python loading in the
    browser): chapter 02, the trainer, the next release's trainer, the start page and its reset."""
    try:
        _learn_reload_and_update(offline, live, next_release)
    finally:
        live.unlink()
        live.symlink_to(site_folder)


def _learn_reload_and_update(offline: Offline, live: Path, next_release: Path) -> None:
    page = offline.new_page()
    busy_icons: list[str] = []
    page.on("request", lambda asked: busy_icons.append(asked.url) if "favicon-busy" in asked.url else None)
    timings = run_all(page, offline.visit(page, "02_utes.ipynb"))
    assert busy_icons == [], "the tab icon is left as it is while the cells run (site.DISABLED_PLUGINS)"
    print(
        f"\nkernel ready (first cell run): {timings.kernel_ready:.1f} s (budget 30 s); "
        f"chapter 02 after that: {timings.chapter:.1f} s (budget 10 s)"
    )

    # The learner switches to English, then captures 5♥ + 8♣ with K♣: the judgement comes in
    # English, so the kernel has handled (and saved) the switch before it.
    table = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-capture-btn")).first
    page.locator(".widget-toggle-button", has_text="EN").first.click()
    expect(table.locator(".kaszino-capture-btn")).to_have_text("Capture!")
    for card in ("K♣", "5♥", "8♣"):  # each drawn picked before the next click
        table.locator(f".kaszino-card[data-card='{card}']").click()
        expect(table.locator(f".kaszino-card[data-card='{card}']")).to_have_attribute("aria-pressed", "true")
    expect(table.locator(".kaszino-sums")).to_have_attribute("data-table-sum", "13")
    table.locator(".kaszino-capture-btn").click()
    expect(table.locator(".kaszino-feedback")).to_contain_text("A correct capture: K♣ taking ")
    shoot(page, "site-02-capture-en")
    wait_until_written(page)
    save(page)  # the browser now keeps this release's chapter 02
    wait_until_written(page)  # a write the save's redraw set going has been renamed into place
    assert kept_files(page) == ["02_utes.ipynb", PROGRESS]
    before_the_trainer = kept_content(page, PROGRESS)

    # The trainer, as a link from the chapter would open it: already in English.
    run_all(page, offline.visit(page, "10_feladvanyok.ipynb"))
    trainer = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-task")).first
    status = trainer.locator(".kaszino-trainer-status")
    expect(trainer.locator(".kaszino-hint-btn")).to_have_text("Hint")
    expect(status).to_have_attribute("data-streak", "0")
    puzzle = shown(trainer)
    enter(trainer, puzzle, right_answer(puzzle))
    expect(trainer.locator(".kaszino-task")).to_have_attribute("data-outcome", "solved")
    expect(status).to_have_attribute("data-streak", "1")
    rating = status.get_attribute("data-rating")
    assert rating is not None and rating != "1500"
    trainer.locator(".kaszino-next-btn").click()  # handled after the solved puzzle was saved
    expect(trainer.locator(".kaszino-task")).to_have_attribute("data-puzzle", "1")
    shoot(page, "site-10-solved-en")
    wait_until_written(page)
    assert kept_content(page, PROGRESS) != before_the_trainer  # the solved puzzle is in the kept file
    save(page)  # the browser now keeps this release's trainer page too
    assert kept_files(page) == ["02_utes.ipynb", "10_feladvanyok.ipynb", PROGRESS]

    # The next release is served at the same address: its trainer page, not the copy the last
    # release left in the browser, with the learner's language and the solved puzzle's progress.
    live.unlink()
    live.symlink_to(next_release)
    run_all(page, offline.visit(page, "10_feladvanyok.ipynb"))
    expect(page.locator(".jp-RenderedMarkdown p", has_text=NEW_RELEASE)).to_be_visible()
    trainer = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-task")).first
    expect(page.locator(".widget-toggle-button.mod-active", has_text="EN").first).to_be_visible()
    expect(trainer.locator(".kaszino-hint-btn")).to_have_text("Hint")
    status = trainer.locator(".kaszino-trainer-status")
    expect(status).to_have_attribute("data-streak", "1")
    expect(status).to_have_attribute("data-rating", rating)
    assert kept_files(page) == [PROGRESS]
    shoot(page, "site-10-next-release")

    # The start page's reset forgets the pages the learner saved and keeps the progress file as it
    # was, byte for byte (the file the next release's trainer page has just read back).
    save(page)
    run_all(page, offline.visit(page, "00_start.ipynb"))
    wait_until_written(page)
    progress = kept_content(page, PROGRESS)
    with page.expect_navigation():
        page.locator(".kaszino-reset-btn").click()
    wait_for_session(page)
    assert kept_files(page) == [PROGRESS]
    assert kept_content(page, PROGRESS) == progress
