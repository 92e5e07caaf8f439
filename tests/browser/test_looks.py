"""How the pages look and move in Chromium: the trainer on a phone (360 × 740, touch), the classroom
app in the dark theme (``?theme=dark``), and the cards a move sends flying — which stay still for a
browser that asks for reduced motion. (Chapter 2 and the game are played on the phone by their own
tests, ``test_capture_chapter.py`` and ``test_game.py``, with the helpers of ``phone.py``.)

On the phone nothing is wider than the screen and every button is a finger's target (44 px high),
and a right move of the trainer sends cards flying (``.kaszino-ghost`` elements over the page); in
the dark the page is dark, its text and the cards' suits read (contrast of at least 4.5:1, WCAG's
level for text), and with ``reduced_motion="reduce"`` no card of a capture flies.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from class_app import served_app
from phone import WATCH_GHOSTS, assert_fits_a_phone, open_served
from pictures import shoot
from playwright.sync_api import Browser, Locator, Page, expect
from trainer_steps import enter, right_answer, shown

from kaszino.store import ENVIRONMENT_VARIABLE

LEGIBLE = 4.5
"""The least contrast of text with its background (WCAG 1.4.3, level AA)."""
TRAINER = "notebooks/10_feladvanyok.ipynb"

COLOURS = """(e) => {
  const background = (node) => {
    for (; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (!/rgba\\(.*, 0\\)$|transparent/.test(colour)) { return colour; }
    }
    return 'rgb(255, 255, 255)';
  };
  return [getComputedStyle(e).color, background(e)];
}"""
"""An element's text colour and the colour behind it (the first ancestor's that is not transparent)."""


def rgb(colour: str) -> tuple[float, float, float, float]:
    values = [float(v) for v in re.findall(r"[\d.]+", colour)]
    return (values[0], values[1], values[2], values[3] if len(values) > 3 else 1.0)


def luminance(red: float, green: float, blue: float) -> float:
    """WCAG's relative luminance of an sRGB colour (channels 0–255)."""

    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(text: str, behind: str) -> float:
    """WCAG's contrast ratio of ``text`` (blended by its alpha over ``behind``) with ``behind``."""
    *back, _ = rgb(behind)
    *front, alpha = rgb(text)
    blended = [alpha * f + (1 - alpha) * b for f, b in zip(front, back, strict=True)]
    light, dark = sorted((luminance(*blended) + 0.05, luminance(*back) + 0.05), reverse=True)
    return light / dark


def hex_colour(value: str) -> str:
    value = value.lstrip("#")
    return f"rgb({int(value[0:2], 16)}, {int(value[2:4], 16)}, {int(value[4:6], 16)})"


def test_contrast_is_measured_as_wcag_does() -> None:
    assert contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") == pytest.approx(21)
    assert contrast("rgba(255, 255, 255, 0)", "rgb(17, 17, 17)") == pytest.approx(1)
    assert contrast(hex_colour("#767676"), "rgb(255, 255, 255)") == pytest.approx(4.54, abs=0.01)


def capture(table: Locator, cards: str) -> None:
    """Pick ``cards`` (each pick confirmed by the kernel's redraw) and press "Ütés!"."""
    for card in cards.split():
        picked = table.locator(f'[data-card="{card}"]')
        picked.click()
        expect(picked).to_have_attribute("aria-pressed", "true")
    table.locator(".kaszino-capture-btn").click()
    expect(table.locator(".kaszino-feedback")).to_have_attribute("data-tone", "good")


def first_table(page: Page) -> Locator:
    """Chapter 2's first table: hand 5♠ A♥ K♣, table 2♦ 4♣ 7♥ 9♠."""
    return page.locator(".kaszino-widget").filter(has=page.locator('[data-card="5♠"]')).first


def test_the_trainer_on_a_phone_fits_and_shows_a_right_move_played(
    voila: Any, phone: Page, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(tmp_path / "phone.sqlite3"))  # a new learner's file
    page = open_served(phone, voila.url(TRAINER, "--theme=light"))
    trainer = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-task")).first
    expect(trainer.locator(".kaszino-task")).to_be_visible()
    assert_fits_a_phone(page)
    trainer.locator(".kaszino-kind-menu").select_option("best_capture")
    expect(trainer.locator('.kaszino-kind-menu option[value="best_capture"][selected]')).to_have_count(1)
    expect(trainer.locator(".kaszino-task")).to_have_attribute("data-puzzle-id", re.compile(r"^bc-"))
    assert_fits_a_phone(page)
    puzzle = shown(trainer)
    page.evaluate(WATCH_GHOSTS)
    enter(trainer, puzzle, right_answer(puzzle))
    page.wait_for_function("window.kaszinoGhosts > 0")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``kaszino app`` serving the notebooks; yields its base URL."""
    workdir = tmp_path_factory.mktemp("looks-app")
    with served_app(workdir, KASZINO_PROGRESS=str(workdir / "progress.sqlite3")) as served:
        yield served.base


def test_the_app_in_the_dark_theme_keeps_it_across_links_reads_well_and_keeps_still_on_request(
    app: str, browser: Browser
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        open_served(page, f"{app}/voila/render/00_start.ipynb?theme=dark")
        page.get_by_role("cell").get_by_role("link", name=re.compile(r"^2\. ")).click()
        page.wait_for_url(re.compile(r"/voila/render/02_utes\.ipynb\?theme=dark$"))  # the link kept it
        page.locator("#loading").wait_for(state="detached")
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
        table = first_table(page)
        expect(table).to_be_visible()
        _, page_background = table.locator(".kaszino-sums").evaluate(COLOURS)
        assert luminance(*rgb(page_background)[:3]) < 0.05, page_background  # a dark page
        page.evaluate(WATCH_GHOSTS)
        table.scroll_into_view_if_needed()
        capture(table, "5♠ A♥ 2♦ 4♣")
        page.wait_for_timeout(1000)  # longer than the cards would fly
        assert page.evaluate("[window.kaszinoGhosts, window.kaszinoMoving]") == [0, 0]
        shoot(page, "looks-dark-chapter")
        texts = {
            "sums": table.locator(".kaszino-sums"),
            "feedback": table.locator(".kaszino-feedback"),
            "button": table.locator(".kaszino-lay-btn"),
            "main button": table.locator(".kaszino-capture-btn"),
            "player": table.locator(".kaszino-player strong").first,
            "paragraph": page.locator(".jp-RenderedMarkdown p").first,
        }
        for name, element in texts.items():
            colour, behind = element.evaluate(COLOURS)
            assert contrast(colour, behind) >= LEGIBLE, (name, colour, behind)
        faces = table.locator(".kaszino-hand-card use").evaluate_all(
            "es => es.map((e) => e.getAttribute('href'))"
        )
        suits: set[str] = set()
        for face in faces:  # 5♠ A♥ K♣: black and red
            symbol = page.locator(f"symbol{face}")
            card_face = str(symbol.locator("rect").first.get_attribute("fill"))
            for fill in symbol.locator("path[fill], text[fill]").evaluate_all(
                "es => es.map((e) => e.getAttribute('fill'))"
            ):
                assert contrast(hex_colour(fill), hex_colour(card_face)) >= LEGIBLE, (face, fill)
                suits.add(fill)
        assert len(suits) == 2, suits
    finally:
        context.close()
