"""Chapter 2 in Chromium on a phone (360 × 740, touch), by taps: a legal capture (its cards fly to
the pile: ``.kaszino-ghost`` elements over the page, the widget marked ``kaszino-moving``) and an
illegal one, the feedback read, the page switched to English; then the chapter's puzzle trainer
worked on the same page (Voilà runs the chapter once). The page fits the phone before and after:
nothing wider than the screen, every button a finger's target."""

from __future__ import annotations

import re
from typing import Any

from phone import WATCH_GHOSTS, assert_fits_a_phone, open_served
from pictures import shoot
from playwright.sync_api import Locator, Page, expect

CHAPTER = "notebooks/02_utes.ipynb"
TOO_BIG = re.compile(r"\b18\b.*\b13\b", re.DOTALL)  # the reason names the sum and the limit


def tap_cards(table: Locator, cards: str) -> None:
    """Tap each card and wait until the kernel has drawn it as selected."""
    for card in cards.split():
        table.locator(f'[data-card="{card}"]').tap()
        expect(table.locator(f'[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")


def widget_holding(page: Page, selector: str) -> Locator:
    """The first kaszino widget on the page that contains ``selector``."""
    return page.locator(".kaszino-widget").filter(has=page.locator(selector)).first


def test_legal_and_illegal_capture_on_the_first_example_then_the_puzzles_by_taps_on_a_phone(
    voila: Any, phone: Page
) -> None:
    page = open_served(phone, voila.url(CHAPTER))
    legal_and_illegal_capture_on_the_first_example(page)
    the_chapter_puzzles_take_answers_hints_and_the_solution(page)
    assert_fits_a_phone(page)


def legal_and_illegal_capture_on_the_first_example(page: Page) -> None:
    # The "what is a capture" table: hand 5♠ A♥ K♣, table 2♦ 4♣ 7♥ 9♠.
    table = widget_holding(page, '[data-card="5♠"]')
    feedback = table.locator(".kaszino-feedback")
    expect(table).to_be_visible()
    expect(feedback).to_have_count(0)  # no empty feedback bar before the first press
    assert_fits_a_phone(page)

    page.evaluate(WATCH_GHOSTS)
    table.scroll_into_view_if_needed()
    tap_cards(table, "5♠ A♥ 2♦ 4♣")
    expect(table.locator(".kaszino-sums")).to_have_attribute("data-table-sum", "6")
    table.locator(".kaszino-capture-btn").tap()
    expect(feedback).to_contain_text("Helyes ütés: 5♠ A♥ elviszi: 2♦ 4♣")
    expect(feedback).not_to_contain_text("pikk")  # scoring words wait for the scoring chapter
    expect(feedback).to_have_attribute("data-tone", "good")
    picked = table.locator(".kaszino-card[aria-pressed=\"true\"]")
    expect(picked).to_have_count(0)  # practice mode clears the picks
    page.wait_for_function("window.kaszinoGhosts === 4 && window.kaszinoMoving > 0")  # both hands, both table
    shoot(page, "looks-phone-chapter")
    expect(page.locator(".kaszino-ghost")).to_have_count(0)  # gone once landed
    assert_fits_a_phone(page)  # the feedback, now shown, fits too

    tap_cards(table, "5♠ K♣ 2♦ 9♠ 7♥")
    table.locator(".kaszino-capture-btn").tap()
    expect(feedback).to_contain_text("Nem szabályos: 5♠ K♣ elviszi: 2♦ 7♥ 9♠")
    expect(feedback).to_have_text(TOO_BIG)
    expect(feedback).to_have_attribute("data-tone", "bad")
    table.scroll_into_view_if_needed()
    shot = shoot(page, "capture-chapter")
    table.screenshot(path=str(shot.with_name("capture-chapter-table.png")))

    # The table's own EN button turns the whole page: its feedback and the lesson texts around it.
    table.locator('[data-action="lang"][data-lang="en"]').tap()
    expect(feedback).to_contain_text("Not allowed: 5♠ K♣ taking 2♦ 7♥ 9♠")
    expect(feedback).to_have_text(TOO_BIG)
    expect(page.get_by_role("heading", name="What is a capture?")).to_be_visible()
    expect(page.get_by_role("heading", name="Mi az ütés?")).to_have_count(0)
    switch = page.locator(".widget-toggle-button.mod-active").first  # the HU|EN switch at the top
    expect(switch).to_have_text("EN")


def the_chapter_puzzles_take_answers_hints_and_the_solution(page: Page) -> None:
    """The trainer's texts are checked by what does not depend on the language (the page is in
    English by now)."""
    # The trainer starts with the easiest find-every-capture puzzle: hand K♣ 10♠ 3♥, table K♥.
    trainer = widget_holding(page, "[data-puzzle]")
    feedback = trainer.locator(".kaszino-feedback")
    trainer.scroll_into_view_if_needed()

    tap_cards(trainer, "K♣ K♥")
    trainer.locator(".kaszino-add-btn").tap()
    expect(trainer.locator(".kaszino-answer-list li")).to_have_count(1)
    trainer.locator(".kaszino-done-btn").tap()
    expect(feedback).to_have_attribute("data-tone", "bad")  # one of the two captures is still missing

    trainer.locator(".kaszino-hint-btn").tap()
    expect(trainer.locator(".kaszino-hints li")).to_have_count(1)
    trainer.locator(".kaszino-solution-btn").tap()
    expect(trainer.locator(".kaszino-solution")).to_contain_text("10♠ 3♥ taking K♥")
    shoot(page, "chapter-puzzle")

    trainer.locator(".kaszino-next-btn").tap()
    expect(trainer.locator(".kaszino-task")).to_have_attribute("data-puzzle", "1")
    expect(trainer.locator(".kaszino-solution")).to_have_count(0)
