"""A whole deal against the computer in the app view (Voilà): setup, the learner's lays, the
computer's moves one at a time, the score sheet at the end of the deal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from game_steps import NOTEBOOK, click_and_wait, game_root
from playwright.sync_api import Page, expect

MOST_CLICKS = 300


def test_a_whole_deal_against_the_computer(
    open_notebook: Callable[[str | Path], Page], screenshot: Callable[[str], Path],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    page = open_notebook(NOTEBOOK)
    root = game_root(page)
    expect(root.locator(".kaszino-game-setup")).to_be_visible()
    click_and_wait(root, root.locator('[data-value="level:greedy"]'))
    expect(root.locator('[data-value="level:greedy"]')).to_have_attribute("aria-pressed", "true")
    click_and_wait(root, root.locator(".kaszino-start-btn"))
    expect(root.locator(".kaszino-game-title")).to_contain_text("mohó")
    computer = root.locator('.kaszino-player[data-player="1"]')
    expect(computer.locator("[data-card]")).to_have_count(0)  # the computer's hand is face down

    computer_moves = 0
    for _ in range(MOST_CLICKS):
        if root.locator(".kaszino-next-deal-btn, .kaszino-replay-last-btn").count():
            break
        move_button = root.locator(".kaszino-computer-move-btn")
        if move_button.count():
            click_and_wait(root, move_button)
            expect(root.locator(".kaszino-feedback")).to_contain_text("A 2. játékos ")
            computer_moves += 1
            continue
        card = root.locator('.kaszino-player[data-player="0"] [data-card]').first
        click_and_wait(root, card)
        click_and_wait(root, root.locator(".kaszino-lay-btn"))
    else:
        raise AssertionError("the deal did not end")
    assert computer_moves > 5
    sheet = root.locator(".kaszino-sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator('tr[data-deal="1"]')).to_have_count(2)
    root.scroll_into_view_if_needed()
    screenshot("game-deal-over")

    root.locator('[data-action="lang"][data-lang="en"]').first.click()
    expect(sheet.locator("caption")).to_have_text("Score sheet (deal by deal)")
    expect(page.get_by_role("heading", name="Play against the computer")).to_be_visible()
