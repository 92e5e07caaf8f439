"""The tutorial as a classroom app in Chromium: the start page and chapters 1–4 served by
``kaszino app`` (Voilà, code hidden). Each test works one exercise as a learner would, saves a
screenshot in Hungarian and in English under test-artifacts/, and checks that nothing but the
lesson is on the page.

Benchmark (printed, not asserted; run with ``-s`` to read it), timed inside the page
(``latency.py``): from a click to the frame that paints the feedback it brings, and to the frame
in which the last text of a whole chapter has turned English; beside them, measured the same way
in the same session, the round trip of a plain ipywidgets button, and the load average.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from class_app import served_app
from latency import bench_line, choice_clicks, click_to_feedback, language_switches
from phone import PHONE, TOO_WIDE, broken_words
from pictures import ARTIFACTS
from playwright.sync_api import Locator, Page, expect


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``kaszino app`` serving the notebooks folder on a free port; yields its base URL."""
    workdir = tmp_path_factory.mktemp("app")
    with served_app(workdir, KASZINO_PROGRESS=str(workdir / "progress.sqlite3")) as served:
        yield served.base


def open_page(page: Page, app: str, notebook: str) -> Page:
    page.goto(f"{app}/voila/render/{notebook}")
    return in_hungarian(page)


def in_hungarian(page: Page) -> Page:
    """The opened page, once rendered, in Hungarian: the app remembers the language across pages,
    and every chapter's steps start from Hungarian."""
    page.locator("#loading").wait_for(state="detached")
    page.locator("#rendered_cells").wait_for(state="visible")
    expect(page.locator(".widget-toggle-button").first).to_be_visible()
    hungarian = page.locator(".widget-toggle-button", has_text="HU").first
    if "mod-active" not in (hungarian.get_attribute("class") or ""):
        hungarian.click()
        expect(page.locator('.kaszino-widget[data-language="en"]')).to_have_count(0)
    return page


def assert_only_the_lesson(page: Page) -> None:
    """No printed line, no error, no "run all cells" note: only what the lesson shows."""
    for stray in (".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
                  ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']",
                  ".jp-RenderedText"):
        expect(page.locator(stray)).to_have_count(0)
    body = page.locator("body").inner_text()
    for text in ("Run All Cells", "Error displaying widget", "Traceback", "TableWidget(", "lesson("):
        assert text not in body, f"stray text on the page: {text!r}"
    expect(page.locator(".kaszino-lab-note")).to_be_hidden()


def report(name: str, clicks: list[float], switches: list[float], baseline: list[float]) -> None:
    print("\n" + bench_line(name, clicks, switches, baseline))


def switch_to_english(page: Page) -> list[float]:
    """Switch the page between the languages with the buttons at the top, ending in English; the
    milliseconds of each switch until every lesson text and widget reads the new language."""
    return language_switches(page)


def click_cards(widget: Locator, cards: str) -> None:
    for card in cards.split():
        widget.locator(f'[data-card="{card}"]').click()
        expect(widget.locator(f'[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")


def whole_page(page: Page, name: str) -> None:
    """A screenshot of the whole page in test-artifacts/ (Voilà scrolls inside the page, so the
    window is made as tall as the content for the picture; parts drawn only once on screen may
    then change their height, so it is measured again until it stays)."""
    size = page.viewport_size or {"width": 1280, "height": 900}
    height = 0
    for _ in range(4):
        page.wait_for_timeout(100)
        content = int(page.evaluate("() => Math.max(...[...document.querySelectorAll('body, body *')]"
                                    ".map(e => e.scrollHeight))"))
        if content == height:
            break
        height = content
        page.set_viewport_size({"width": size["width"], "height": min(height + 40, 30000)})
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    page.set_viewport_size(size)


def shots(page: Page, name: str, switch: Callable[[], list[float]]) -> list[float]:
    """Screenshots in Hungarian and (after ``switch``) in English; returns the switches' times."""
    whole_page(page, f"{name}-hu")
    took = switch()
    whole_page(page, f"{name}-en")
    return took


def test_start_page_lists_the_chapters_and_its_link_opens_chapter_2_in_the_language_kept(
    app: str, page: Page, baseline: list[float], screenshot: Callable[[str], Path]
) -> None:
    open_page(page, app, "00_start.ipynb")
    assert_only_the_lesson(page)
    expect(page.get_by_role("cell").get_by_role("link", name="1. A pakli és az osztás")).to_be_visible()
    expect(page.get_by_text("még nem próbáltad").first).to_be_visible()
    start_here = page.locator(".kaszino-lesson p", has_text="Kezdd itt:").get_by_role("link")
    expect(start_here).to_have_attribute("href", "01_pakli.ipynb")  # a new learner starts at chapter 1
    the_index_keeps_its_words_whole_on_a_phone(page)
    table = page.locator(".kaszino-widget").filter(has=page.locator('[data-card="7♦"]')).first
    clicks = []
    for _ in range(3):
        click_cards(table, "7♦ 3♥ 4♣")
        clicks.append(click_to_feedback(table, table.locator(".kaszino-capture-btn"), "good"))
    expect(page.locator(".kaszino-score-line")).to_have_attribute("data-right", "1")
    took = shots(page, "app-00-start", lambda: switch_to_english(page))
    expect(page.get_by_role("cell").get_by_role("link", name="1. The deck and the deal")).to_be_visible()
    report("00_start", clicks, took, baseline)
    page.get_by_role("cell").get_by_role("link", name="2. Capturing").click()  # the chapter, in the app
    page.wait_for_url("**/voila/render/02_utes.ipynb")
    page.locator("#loading").wait_for(state="detached")
    expect(page.get_by_role("heading", name="2. Capturing")).to_be_visible()  # the language was kept
    chapter_2_legality_and_capture(in_hungarian(page), baseline)  # the page the link opened


def the_index_keeps_its_words_whole_on_a_phone(page: Page) -> None:
    """The page laid out as wide as a phone: the table of contents (a lesson's Markdown table)
    breaks no word to fit ("próbál-tad") and the page is no wider than the screen; what does not
    fit scrolls sideways in the table's own box."""
    desktop = page.viewport_size
    page.set_viewport_size({"width": PHONE["viewport"]["width"], "height": PHONE["viewport"]["height"]})
    try:
        cells = ".kaszino-lesson table td, .kaszino-lesson table th"
        expect(page.locator(".kaszino-lesson .kaszino-scroll-x table").first).to_be_visible()
        assert broken_words(page, cells) == []
        layout = page.evaluate(TOO_WIDE)
        assert layout["wide"] == [] and layout["scroll"] <= layout["width"], layout
    finally:
        assert desktop is not None
        page.set_viewport_size(desktop)


def test_chapter_1_spelling_question(app: str, page: Page, baseline: list[float]) -> None:
    open_page(page, app, "01_pakli.ipynb")
    assert_only_the_lesson(page)
    question = page.locator(".kaszino-exercise").filter(has_text="B/P").first
    question.scroll_into_view_if_needed()
    clicks = choice_clicks(question, right="J♠", wrong="Q♠", rounds=5, wrong_first=True)
    expect(question.locator(".kaszino-feedback")).to_contain_text("Így van!")
    took = shots(page, "app-01-pakli", lambda: switch_to_english(page))
    report("01_pakli", clicks, took, baseline)


def chapter_2_legality_and_capture(page: Page, baseline: list[float]) -> None:
    """Chapter 02 in the app: an illegal capture refused with its sum, a choice judged both ways,
    the page in both languages."""
    assert_only_the_lesson(page)
    table = page.locator(".kaszino-widget").filter(has=page.locator('[data-card="5♠"]')).first
    click_cards(table, "5♠ K♣ 2♦ 9♠ 7♥")
    table.locator(".kaszino-capture-btn").click()
    expect(table.locator(".kaszino-feedback")).to_contain_text("5+K = 18 > 13")
    question = page.locator(".kaszino-exercise").filter(has_text="9♣").first
    clicks = choice_clicks(question, right="no", wrong="yes", rounds=5, wrong_first=True)
    expect(question.locator(".kaszino-feedback")).to_contain_text("9 ≠ 10 = 4+6")
    took = shots(page, "app-02-utes", lambda: switch_to_english(page))
    expect(table.locator(".kaszino-feedback")).to_contain_text("Not allowed")
    report("02_utes", clicks, took, baseline)


def test_chapter_3_forced_lay_task(app: str, page: Page, baseline: list[float]) -> None:
    open_page(page, app, "03_tabla.ipynb")
    assert_only_the_lesson(page)
    task = page.locator(".kaszino-widget").filter(has_text="Tegyél le egy lapot úgy").first
    task.scroll_into_view_if_needed()
    click_cards(task, "2♣ 3♦")
    task.locator(".kaszino-capture-btn").click()
    expect(task.locator(".kaszino-feedback")).to_contain_text("le kell raknod")  # a lay is required
    task.locator(".kaszino-clear-btn").click()
    clicks = []
    for card, tone in (("2♣", "bad"), ("5♥", "good"), ("3♦", "bad"), ("5♥", "good")):
        click_cards(task, card)
        clicks.append(click_to_feedback(task, task.locator(".kaszino-lay-btn"), tone))
    took = shots(page, "app-03-tabla", lambda: switch_to_english(page))
    report("03_tabla", clicks, took, baseline)


def test_chapter_4_leftover_and_viewer(app: str, page: Page, baseline: list[float]) -> None:
    open_page(page, app, "04_osztas_menete.ipynb")
    assert_only_the_lesson(page)
    question = page.locator(".kaszino-exercise").filter(has_text="Kié lesz").first
    question.scroll_into_view_if_needed()
    clicks = choice_clicks(question, right="p1", wrong="p2", rounds=5, wrong_first=True)
    viewer = page.locator(".kaszino-viewer")
    viewer.scroll_into_view_if_needed()
    viewer.locator(".kaszino-last-btn").click()
    expect(viewer.locator(".kaszino-note")).to_contain_text("Az asztalon maradt lapokat")
    viewer.locator(".kaszino-first-btn").click()
    expect(viewer).to_have_attribute("data-step", "0")
    slider = viewer.locator(".kaszino-slider")
    slider.fill("10")  # moving the slider and letting go
    expect(viewer).to_have_attribute("data-step", "10")
    took = shots(page, "app-04-osztas", lambda: switch_to_english(page))
    report("04_osztas_menete", clicks, took, baseline)
