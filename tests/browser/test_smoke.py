"""The harness itself: a notebook served by Voilà reacts to a click in Chromium."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

SMOKE = Path(__file__).with_name("fixtures") / "smoke.ipynb"


def test_button_click_changes_label(
    open_notebook: Callable[..., Page], screenshot: Callable[[str], Path]
) -> None:
    page = open_notebook(SMOKE)
    label = page.locator(".widget-label")
    expect(label).to_have_text("not clicked")

    page.get_by_role("button", name="Click me").click()

    expect(label).to_have_text("clicked")
    assert screenshot("smoke-after-click").stat().st_size > 0


def test_voila_options_reach_the_server(open_notebook: Callable[..., Page]) -> None:
    page = open_notebook(SMOKE, "--theme=dark")
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
