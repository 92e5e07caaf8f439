"""A page on a phone (360 × 740, touch) and what the tests measure on it (shared by the browser tests
that tap).

The ``phone`` fixture (``conftest.py``) opens a page of a new context with ``PHONE``; ``open_served``
opens a served notebook in it. On the phone nothing may be wider than the screen and every button
is a finger's target (``assert_fits_a_phone``); ``WATCH_GHOSTS`` counts the cards a move sends flying.
"""

from __future__ import annotations

from playwright.sync_api import Page

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
TOUCH_PX = 44
"""The least height of a touch target (WCAG 2.5.5, Apple's and Google's guides)."""

WATCH_GHOSTS = """() => {
  window.kaszinoGhosts = 0; window.kaszinoMoving = 0;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node.classList && node.classList.contains('kaszino-ghost')) { window.kaszinoGhosts += 1; }
      }
      if (change.type === 'attributes' && change.target.classList.contains('kaszino-moving')) {
        window.kaszinoMoving += 1;
      }
    }
  }).observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['class']});
}"""
"""Counts, from now on, the flying cards added to the page and the widgets marked as moving."""

TOO_WIDE = """() => {
  const width = document.documentElement.clientWidth;
  // A card in flight (.kaszino-ghost, gone once its move has been shown) is no part of the layout;
  // what a box that scrolls sideways holds (.kaszino-scroll-x) is in that box, which is checked.
  const wide = [...document.querySelectorAll('body *')].filter((e) => {
    if (e.closest('.kaszino-ghost') || e.parentElement.closest('.kaszino-scroll-x')) return false;
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (box.right > width + 0.5 || box.left < -0.5);
  });
  return {width, scroll: document.documentElement.scrollWidth,
          wide: wide.slice(0, 10).map((e) => `${e.tagName}.${e.className.baseVal ?? e.className}`)};
}"""

LINES = """(selector) => [...document.querySelectorAll(selector)].map((e) => {
  const range = document.createRange();
  range.selectNodeContents(e);
  return [e.innerText.trim(), new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
})"""
"""The text of each element of ``selector`` and the number of lines it is laid out on."""


def broken_words(page: Page, selector: str) -> list[str]:
    """The texts of the elements of ``selector`` laid out on more lines than they have words: words
    broken to fit."""
    return [text for text, lines in page.evaluate(LINES, selector) if lines > len(text.split())]


SMALL_TARGETS = """(least) => [...document.querySelectorAll('button, select, [role=button]')].filter((e) => {
  const box = e.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.height < least;
}).map((e) => `${e.className} "${e.innerText.slice(0, 20)}" ${e.getBoundingClientRect().height}px`)"""
"""The buttons and menus on the page lower than ``least`` pixels."""


def open_served(page: Page, url: str) -> Page:
    """Open a served notebook's ``url`` in ``page`` and wait until Voilà has shown every cell."""
    page.goto(url)
    page.locator("#loading").wait_for(state="detached")
    page.locator("#rendered_cells").wait_for(state="visible")
    return page


def assert_fits_a_phone(page: Page) -> None:
    """Nothing on ``page`` is wider than the phone's screen, and every button is a finger's target."""
    layout = page.evaluate(TOO_WIDE)
    assert layout["width"] == 360 and layout["scroll"] <= 360, layout
    assert layout["wide"] == [], layout
    assert page.evaluate(SMALL_TARGETS, TOUCH_PX) == []
