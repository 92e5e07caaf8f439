"""The deal viewer's analysis in Chromium: a finished deal shown, "Elemzés" pressed, each move
marked by what it cost (the seeded deal of tests/test_marks.py, analysed on a small budget)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game_steps import click_and_wait
from playwright.sync_api import Page, expect

NOTEBOOK = Path(__file__).with_name("fixtures") / "analysis_viewer.ipynb"


def test_the_viewer_marks_the_moves_after_the_analysis(open_notebook: Callable[[str | Path], Page]) -> None:
    page = open_notebook(NOTEBOOK)
    viewer = page.locator(".kaszino-viewer")
    root = viewer.locator("..")  # click_and_wait reads the redraw mark of the widget inside it
    note = viewer.locator(".kaszino-note")
    expect(viewer.locator(".kaszino-analyse-btn")).to_have_text("Elemzés")
    expect(note).not_to_contain_text("pontot veszített")
    click_and_wait(root, viewer.locator(".kaszino-analyse-btn"))
    expect(viewer.locator(".kaszino-analyse-btn")).to_have_count(0)
    # The progress line redraws the viewer until the analysis is done; a click while it redraws may
    # be lost (one fresh-clone run lost the step forward), so the analysis is waited for first.
    expect(viewer.locator(".kaszino-progress")).to_have_count(0)
    click_and_wait(root, viewer.locator(".kaszino-forward-btn"))
    expect(note).to_contain_text("1. lépés, az 1. játékos: legfeljebb")  # a bound, said as one
    click_and_wait(root, viewer.locator(".kaszino-last-btn"))
    expect(note).to_contain_text("megtartotta a legjobb elérhető eredményt")
    expect(note).to_contain_text("Az 1. játékos ebben az osztásban")
    expect(note).to_contain_text("A 2. játékos ebben az osztásban")
    click_and_wait(root, viewer.locator(".kaszino-back-btn"))
    click_and_wait(root, viewer.locator(".kaszino-show-best-btn"))
    expect(note).to_contain_text("Legjobb:")
    expect(note).to_contain_text("Egy tökéletes folytatás:")
