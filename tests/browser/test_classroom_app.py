"""``kaszino app --class DIR`` in Chromium: two browsers are two learners, a page that is left
releases its kernel, and the teacher's page shows every learner, read again while it is open."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from chromium import VIEWPORT, RefusingProxy
from class_app import ClassApp, class_app
from playwright.sync_api import Browser, BrowserContext, Page, expect

from kaszino.cli.app_server import REFRESH_S, RETRY_S
from kaszino.jupyter.progress import LANGUAGE_SETTING
from kaszino.store import open_store
from kaszino.store.learners import NAME_SETTING

TEACHER_CODE = "tanar-42"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassApp]:
    folder = tmp_path_factory.mktemp("class-app")
    with class_app(folder, "--teacher-code", TEACHER_CODE, "--pool=0") as served:
        yield served


CONSOLE_ERRORS: list[str] = []
"""Every error a page of the app wrote to its console: none is wanted."""


def _context(browser: Browser, outside: RefusingProxy | None = None) -> BrowserContext:
    """A learner's browser; with ``outside``, its requests beyond this computer go there."""
    context = browser.new_context(viewport=VIEWPORT, proxy=outside.settings() if outside else None)
    context.on("console",
               lambda message: CONSOLE_ERRORS.append(message.text) if message.type == "error" else None)
    context.set_default_timeout(90_000)
    return context


def leave(app: ClassApp, context: BrowserContext, kernels: int) -> None:
    """Close every page of ``context`` as a learner closes a tab, wait until their ``kernels`` are
    released, then close the context (Playwright drops a beacon still on its way with it; a
    browser sends it)."""
    before = app.kernels()
    for page in context.pages:
        page.close(run_before_unload=True)
    _wait_for(lambda: app.kernels() <= before - kernels, f"pages closed: {app.kernels()} of {before} kernels")
    context.close()


def sign_in(context: BrowserContext, app: ClassApp, name: str) -> Page:
    """A learner gives ``name`` on the start page and lands on the rendered index of chapters."""
    page = context.new_page()
    page.goto(app.base + "/")
    page.get_by_label("Hogy hívnak?", exact=False).fill(name)
    page.get_by_role("button").click()
    page.wait_for_url("**/voila/render/00_start.ipynb")
    page.locator("#loading").wait_for(state="detached")
    expect(page.locator(".widget-toggle-button").first).to_be_visible()
    return page


def _wait_for(condition: Callable[[], bool], what: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.25)


def test_two_browsers_are_two_learners_and_leaving_releases_kernels(app: ClassApp, browser: Browser,
                                                                   outside: RefusingProxy) -> None:
    asked_before = len(outside.asked)
    anna, bela = _context(browser, outside), _context(browser, outside)
    page_a = sign_in(anna, app, "Anna Kiss")
    page_b = sign_in(bela, app, "Béla")
    page_a.locator(".widget-toggle-button", has_text="EN").first.click()
    expect(page_a.get_by_role("cell").get_by_role("link", name="1. The deck and the deal")).to_be_visible()
    page_b.reload()
    page_b.locator("#loading").wait_for(state="detached")
    # Anna's choice of language is hers alone
    expect(page_b.get_by_role("cell").get_by_role("link", name="1. A pakli és az osztás")).to_be_visible()
    page_a.reload()
    page_a.locator("#loading").wait_for(state="detached")
    expect(page_a.get_by_role("cell").get_by_role("link", name="1. The deck and the deal")).to_be_visible()
    files = sorted(path.name for path in app.folder.iterdir())
    assert files == ["anna-kiss.sqlite3", "béla.sqlite3"]
    for path, name, language in ((app.folder / "anna-kiss.sqlite3", "Anna Kiss", "en"),
                                 (app.folder / "béla.sqlite3", "Béla", None)):
        store = open_store(path, read_only=True)
        assert store.get_setting(NAME_SETTING) == name and store.get_setting(LANGUAGE_SETTING) == language
        store.close()
    # Reloads released the kernels of the pages they replaced: one kernel per open page.
    _wait_for(lambda: app.kernels() == 2, f"2 pages open, {app.kernels()} kernels")
    page_a.get_by_role("cell").get_by_role("link", name="2. Capturing").click()
    page_a.wait_for_url("**/voila/render/02_utes.ipynb")
    page_a.locator("#loading").wait_for(state="detached")
    _wait_for(lambda: app.kernels() == 2, f"a link followed: {app.kernels()} kernels")
    assert outside.asked[asked_before:] == [], "a page asked beyond this computer (an icon font from a CDN?)"
    assert CONSOLE_ERRORS == [], "a page's console shows errors (the JupyterLite kernel extension?)"
    leave(app, anna, 1)
    leave(app, bela, 1)
    assert app.kernels() == 0


def test_a_page_without_a_name_asks_for_one_and_bad_names_are_refused(app: ClassApp,
                                                                       browser: Browser) -> None:
    context = _context(browser)
    page = context.new_page()
    page.goto(app.base + "/voila/render/02_utes.ipynb")
    expect(page.get_by_label("Hogy hívnak?", exact=False)).to_be_visible()
    for name, problem in (("../etc", "névben: „.”"), ("Аnna", "névben: „А”"), ("", None)):  # Cyrillic А
        page.get_by_label("Hogy hívnak?", exact=False).fill(name)
        if problem is None:
            break
        page.get_by_role("button").click()
        expect(page.get_by_role("alert")).to_contain_text(problem)
    page.get_by_label("Hogy hívnak?", exact=False).fill("ANNA KISS")  # Anna's file, by case
    page.get_by_role("button").click()
    page.wait_for_url("**/voila/render/02_utes.ipynb")  # back to the page asked for
    page.locator("#loading").wait_for(state="detached")
    assert sorted(path.name for path in app.folder.iterdir()) == ["anna-kiss.sqlite3", "béla.sqlite3"]
    leave(app, context, 1)


def test_the_teachers_page_shows_every_learner_live(app: ClassApp, browser: Browser) -> None:
    teacher = _context(browser)
    page = teacher.new_page()
    page.goto(app.base + "/kaszino/teacher")
    page.get_by_label("Tanári kód", exact=False).fill("wrong")
    page.get_by_role("button").click()
    expect(page.get_by_role("alert")).to_contain_text("Ez nem a tanári kód")
    page.get_by_label("Tanári kód", exact=False).fill(TEACHER_CODE)
    page.get_by_role("button").click()
    expect(page.locator("tr[data-learner]")).to_have_count(2)
    expect(page.locator('tr[data-learner="Anna Kiss"]')).to_be_visible()
    expect(page.locator('tr[data-learner="Béla"]')).to_be_visible()
    pupil = _context(browser)
    sign_in(pupil, app, "Cili")
    expect(page.locator('tr[data-learner="Cili"]')).to_be_visible(timeout=REFRESH_S * 3000)  # no reload
    other = _context(browser).new_page()
    other.goto(app.base + "/kaszino/teacher/table")
    assert "Anna" not in other.content(), "the table is the teacher's only"
    leave(app, pupil, 1)
    leave(app, other.context, 0)
    leave(app, teacher, 0)


def test_a_full_server_refuses_a_page_politely(tmp_path: Path) -> None:
    """With ``--max-kernels 1`` and one page open, the next page is a 503 that says why and when it
    tries again, in both languages, and starts no kernel."""
    with class_app(tmp_path, "--max-kernels", "1", "--pool=0") as full:
        def ask(notebook: str, name: str) -> urllib.request.Request:
            return urllib.request.Request(f"{full.base}/voila/render/{notebook}",
                                          headers={"Cookie": f"kaszino_learner={name}"})
        with urllib.request.urlopen(ask("01_pakli.ipynb", "Dani"), timeout=120) as first:
            assert first.status == 200 and b"kaszino/release/" in first.read()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(ask("02_utes.ipynb", "Emese"), timeout=120)
        text = refused.value.read().decode()
        assert refused.value.code == 503 and refused.value.headers["Retry-After"] == str(RETRY_S)
        assert "sokan használják a szervert" in text and "The server is busy" in text
        assert full.kernels() == 1


def test_a_page_left_while_it_is_being_made_releases_its_kernel(app: ClassApp) -> None:
    """A browser that goes away before the page has come (its release script with it) leaves no
    kernel behind: the server shuts it down when the connection closes."""
    _wait_for(lambda: app.kernels() == 0, f"the earlier tests' pages: {app.kernels()} kernels")
    request = urllib.request.Request(f"{app.base}/voila/render/03_tabla.ipynb",
                                     headers={"Cookie": "kaszino_learner=Feri"})
    with urllib.request.urlopen(request, timeout=120) as response:
        response.read(2000)  # the start of the page: its kernel runs the notebook now
        _wait_for(lambda: app.kernels() == 1, f"the page's kernel: {app.kernels()} kernels")
    _wait_for(lambda: app.kernels() == 0, f"the page left half made: {app.kernels()} kernels")
