"""The game widget's analysis in Chromium: a deal played to its end, "Elemzés" pressed, the deal
viewer inside the game with each move marked, its buttons answering, and back to the game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

NOTEBOOK = Path(__file__).with_name("fixtures") / "game_analysis.ipynb"


def click_and_wait(marker: Locator, target: Locator) -> None:
    """Click ``target`` and wait until the kernel has redrawn ``marker`` (its ``data-revision``)."""
    revision = marker.get_attribute("data-revision")
    target.click()
    expect(marker).not_to_have_attribute("data-revision", revision or "")


def test_the_game_analyses_a_finished_deal_with_the_viewers_marks(
        open_notebook: Callable[[str | Path], Page]) -> None:
    page = open_notebook(NOTEBOOK)
    analyse = page.locator(".kaszino-analyse-deal-btn")
    expect(analyse).to_have_text("Elemzés")
    expect(page.locator(".kaszino-next-deal-btn")).to_be_visible()
    analyse.click()
    panel = page.locator(".kaszino-game-analysis")
    note = panel.locator(".kaszino-viewer .kaszino-note")
    expect(note).to_contain_text("Az 1. játékos ebben az osztásban")  # the deal's end, summed up
    expect(note).to_contain_text("A 2. játékos ebben az osztásban")
    click_and_wait(panel, panel.locator(".kaszino-first-btn"))
    click_and_wait(panel, panel.locator(".kaszino-forward-btn"))
    expect(note).to_contain_text("1. lépés, az 1. játékos:")
    expect(panel.locator(".kaszino-viewer")).to_have_attribute("data-step", "1")
    panel.locator(".kaszino-close-analysis-btn").click()
    expect(panel).to_have_count(0)
    expect(page.locator(".kaszino-next-deal-btn")).to_be_visible()
