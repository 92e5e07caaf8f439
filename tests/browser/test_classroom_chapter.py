"""The combinatorics chapter in Chromium (Voilà app view): an exercise checked, the page switched to
English, the charts drawn, in the dark theme."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from test_looks import COLOURS, LEGIBLE, contrast

CHAPTER = "notebooks/30_kombinatorika.ipynb"


def test_an_exercise_is_checked_and_the_page_switches_language_in_the_dark_theme(
    open_notebook: Callable[..., Page], screenshot: Callable[[str], Path]
) -> None:
    """One Voilà run of the chapter, in the dark theme (the light one is every other page's)."""
    page = open_notebook(CHAPTER, "--theme=dark")
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")  # the option reached Voilà
    expect(page.get_by_text("Felsorolás: 2")).to_be_visible()
    colour = page.get_by_text("Felsorolás: 2").evaluate("e => getComputedStyle(e).color")
    assert colour != "rgb(0, 0, 0)"  # the text follows the dark theme instead of a fixed black
    panel = page.locator(".kaszino-panel").first  # the figures' looks come from the shared stylesheet
    looks = panel.evaluate("e => [getComputedStyle(e).borderTopStyle, getComputedStyle(e).borderTopWidth,"
                           " getComputedStyle(e).borderTopLeftRadius, getComputedStyle(e).paddingLeft]")
    assert looks == ["solid", "1px", "6px", "12px"], looks
    bold = page.locator(".kaszino-figure-table .kaszino-highlight").first
    assert bold.evaluate("e => getComputedStyle(e).fontWeight") == "700"
    for element in (panel.locator(".kaszino-panel-title"), bold):  # they read in the dark
        colour, behind = element.evaluate(COLOURS)
        assert contrast(colour, behind) >= LEGIBLE, (colour, behind)
    screenshot("classroom-chapter-dark")
    expect(page.locator(".kaszino-lab-note")).to_be_hidden()  # the app has no menus to point at
    assert "Run All Cells" not in page.locator("body").inner_text()
    exercise = page.locator('.kaszino-exercise[data-question="captures"]')  # how many captures
    expect(exercise).to_contain_text("Hány szabályos ütésed van?")
    feedback = exercise.locator(".kaszino-feedback")
    expect(feedback).to_have_count(0)  # no bar before the first answer
    box = exercise.locator("input")
    box.fill("3")  # the worked example's count above, not this question's
    exercise.get_by_role("button", name="Ellenőrzés").click()
    expect(feedback).to_have_attribute("data-tone", "bad")
    expect(feedback).to_contain_text("Nem ennyi (3).")
    bad = feedback.evaluate("e => getComputedStyle(e).borderLeftColor")
    assert bad == "rgb(239, 154, 154)"  # the dark theme's red of the shared stylesheet
    box.fill("4")
    exercise.get_by_role("button", name="Ellenőrzés").click()
    expect(feedback).to_have_attribute("data-tone", "good")
    expect(feedback).to_contain_text("Helyes! Négy ütés van")
    page.locator(".widget-toggle-button").filter(has_text="EN").first.click()
    expect(feedback).to_contain_text("Right! There are four captures")
    expect(exercise).to_contain_text("How many legal captures do you have?")
    expect(page.get_by_text("Listing: 2")).to_be_visible()
    expect(page.get_by_role("heading", name="2. Exact probabilities")).to_be_visible()
    expect(page.locator("img[src^='data:image/png']")).to_have_count(3)  # the three charts
    screenshot("classroom-chapter-en")
