"""Clicking (or tapping) the game page (``20_jatek``) in Chromium (shared by the game's browser tests)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "notebooks/20_jatek.ipynb"


def game_root(page: Page) -> Locator:
    """The game widget (lesson texts are kaszino widgets too): the one that marks its redraws."""
    return page.locator(".kaszino-root").filter(has=page.locator(".kaszino-widget[data-revision]")).first


def click_and_wait(root: Locator, target: Locator, *, tap: bool = False) -> None:
    """Click ``target`` (tap it, with ``tap``: a page with touch) and wait until the kernel has
    redrawn the widget."""
    widget = root.locator(".kaszino-widget")
    revision = widget.get_attribute("data-revision")
    target.tap() if tap else target.click()
    expect(widget).not_to_have_attribute("data-revision", revision or "")
