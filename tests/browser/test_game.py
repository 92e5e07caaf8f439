"""A whole deal against the computer in the app view (Voilà), played by taps on a phone (360 × 740,
touch): setup, the learner's lays, the computer's moves one at a time, the score sheet at the end of
the deal, then the page in English. At every stage the page fits the phone (nothing wider than the
screen, every button a finger's target) and every card of the learner's hand is one too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from game_steps import NOTEBOOK, click_and_wait, game_root
from phone import LINES, TOUCH_PX, assert_fits_a_phone, broken_words, open_served
from pictures import shoot
from playwright.sync_api import Page, expect

from kaszino.store import ENVIRONMENT_VARIABLE

MOST_STEPS = 60
"""More than a deal has: 24 cards in each hand, one move each."""

CARD_SIZES = """(cards) => cards.map((e) => {
  const box = e.getBoundingClientRect();
  return [e.getAttribute('data-card'), Math.round(box.width), Math.round(box.height)];
})"""


def test_a_whole_deal_against_the_computer_by_taps_on_a_phone(
    voila: Any, phone: Page, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(tmp_path / "progress.sqlite3"))
    page = open_served(phone, voila.url(NOTEBOOK))
    root = game_root(page)
    expect(root.locator(".kaszino-game-setup")).to_be_visible()
    assert_fits_a_phone(page)
    click_and_wait(root, root.locator('[data-value="level:greedy"]'), tap=True)
    expect(root.locator('[data-value="level:greedy"]')).to_have_attribute("aria-pressed", "true")
    click_and_wait(root, root.locator(".kaszino-start-btn"), tap=True)
    expect(root.locator(".kaszino-game-title")).to_be_visible()
    expect(root.locator(".kaszino-game-title")).to_contain_text("mohó")
    assert_fits_a_phone(page)
    computer = root.locator('.kaszino-player[data-player="1"]')
    expect(computer.locator("[data-card]")).to_have_count(0)  # the computer's hand is face down

    computer_moves = 0
    for _ in range(MOST_STEPS):
        if root.locator(".kaszino-next-deal-btn, .kaszino-replay-last-btn").count():
            break
        move_button = root.locator(".kaszino-computer-move-btn")
        if move_button.count():
            click_and_wait(root, move_button, tap=True)
            expect(root.locator(".kaszino-feedback")).to_contain_text("A 2. játékos ")
            computer_moves += 1
            continue
        hand = root.locator('.kaszino-player[data-player="0"] [data-card]')
        sizes = hand.evaluate_all(CARD_SIZES)
        assert all(width >= TOUCH_PX and height >= TOUCH_PX for _, width, height in sizes), sizes
        click_and_wait(root, hand.first, tap=True)
        expect(root.locator('.kaszino-player[data-player="0"] [aria-pressed="true"]')).to_have_count(1)
        assert_fits_a_phone(page)
        click_and_wait(root, root.locator(".kaszino-lay-btn"), tap=True)
    else:
        raise AssertionError("the deal did not end")
    assert computer_moves > 5
    sheet = root.locator(".kaszino-sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator('tr[data-deal="1"]')).to_have_count(2)
    assert broken_words(page, ".kaszino-sheet th, .kaszino-sheet td") == []
    deal_names = page.evaluate(LINES, ".kaszino-sheet tr[data-deal] td:first-child")  # "1. osztás *"
    assert deal_names and all(lines == 1 for _, lines in deal_names), deal_names
    # On the phone each row is a block of its own, each value after its item's label: nothing to
    # scroll sideways, and every item still named.
    box = root.locator(".kaszino-scroll-x", has=page.locator(".kaszino-sheet"))  # not the deal's score table
    assert box.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "the score sheet scrolls sideways"
    first = sheet.locator('tr[data-deal="1"]').first
    assert first.evaluate("(e) => getComputedStyle(e).display") == "flex"
    label = first.locator("td[data-item]").first.evaluate("(e) => getComputedStyle(e, '::before').content")
    assert label == '"lapok száma: "', label
    expect(page.locator(".kaszino-ghost")).to_have_count(0)  # the last move's cards have landed
    shoot(page, "looks-phone-game")
    sheet.scroll_into_view_if_needed()  # below the table on a phone
    shoot(page, "game-deal-over")
    assert_fits_a_phone(page)

    root.locator('[data-action="lang"][data-lang="en"]').first.tap()
    expect(sheet.locator("caption")).to_have_text("Score sheet (deal by deal)")
    expect(page.get_by_role("heading", name="Play against the computer")).to_be_visible()
    assert_fits_a_phone(page)
