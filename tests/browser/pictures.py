"""The pictures the browser tests leave in ``test-artifacts/`` for a reviewer (shared by the
harness, the tests and their step modules)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def shoot(page: Page, name: str) -> Path:
    """Save the whole page as ``test-artifacts/<name>.png`` once the cards of the last move have
    landed (the page as it stays); return that path."""
    expect(page.locator(".kaszino-ghost")).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
