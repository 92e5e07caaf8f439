"""Chapter 08 (Scopa) in Chromium, in the app view, worked as a learner would.

The priority of the equal value refused on a live Scopa table with the engine's reason and then
met; the same capture taken on the Kaszinó table and refused on the Scopa table beside it; the
three families' table with Casino beside them; a choice answered both ways; the two piles of the counted
deal counted by hand until the primiera's step-by-step table appears; the whole closing check
answered (the answers are worked out here from the attempt the progress file is at, as the page
makes its questions), its result saved below the pass mark, and "Start again" asking new
questions; then the page in English with nothing stray on it. Timings are printed, not asserted.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from latency import choice_clicks
from playwright.sync_api import Locator, Page, expect
from test_chapters_05_07 import (
    click_cards,
    in_english,
    open_chapter,
    question,
    report,
    timed_click,
)

from kaszino.games.scopa.moves import ScopaMove
from kaszino.jupyter.progress import chapter_results
from kaszino.teach.exercises import Choice, NumberQuestion, ScopaTask
from kaszino.teach.questions import Question
from kaszino.teach.scopa_lesson import check_questions


def answer(check: Locator, asked: Question, right: bool) -> float:
    """Answer ``asked`` in its widget of ``check`` rightly or wrongly; the time until its verdict shows."""
    tone = "good" if right else "bad"
    if isinstance(asked, ScopaTask):  # the check's one live table
        table = check.locator(".kaszino-widget").filter(has=check.page.locator(".kaszino-capture-btn"))
        move = asked.right[0] if right else next(m for m in asked.state.legal_moves() if m not in asked.right)
        assert isinstance(move, ScopaMove)
        click_cards(table, " ".join(map(str, (move.card, *move.taken))))
        return timed_click(table, table.locator(".kaszino-capture-btn" if move.taken else ".kaszino-lay-btn"),
                           tone=tone)
    widget = check.locator(f'.kaszino-exercise[data-question="{asked.key}"]')
    if isinstance(asked, Choice):
        option = asked.answer if right else next(o for o in asked.options if o != asked.answer)
        button = widget.locator(f'[data-action="choose"][data-value="{option}"]')
        return timed_click(widget, button, tone=tone)
    assert isinstance(asked, NumberQuestion)
    widget.locator(".kaszino-number").fill(str(asked.answer if right else asked.answer + 1))
    return timed_click(widget, widget.locator(".kaszino-submit-btn"), tone=tone)


def prompts_shown(check: Locator) -> list[str]:
    return [text.strip() for text in check.locator(".kaszino-task").all_inner_texts()]


def test_chapter_08_priority_primiera_and_a_fresh_check(
    open_notebook: Callable[[str | Path], Page], screenshot: Callable[[str], Path], baseline: list[float]
) -> None:
    saved = chapter_results().get("08")
    attempt = 0 if saved is None else saved.attempts  # the page numbers its check the same way
    page = open_chapter(open_notebook, "notebooks/08_rokonok.ipynb")

    tables = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-capture-btn"))
    task = tables.filter(has=page.locator(".kaszino-task", has_text="Játszd ki a 7♥-et")).first
    task.scroll_into_view_if_needed()
    expect(task.locator(".kaszino-feedback")).to_have_count(0)
    click_cards(task, "7♥ 3♦ 4♣")
    clicks = [timed_click(task, task.locator(".kaszino-capture-btn"), tone="bad")]
    expect(task.locator(".kaszino-feedback")).to_contain_text("Az asztalon van 7 értékű lap (7♠)")
    click_cards(task, "7♥ 7♠")
    clicks.append(timed_click(task, task.locator(".kaszino-capture-btn"), tone="good"))

    # The same cards under the two sets of rules: Kaszinó takes 3♦ + 4♣ with 7♥, Scopa refuses it.
    kaszino, scopa = (page.locator(".widget-vbox", has=page.get_by_role("heading", name=name))
                      .locator(".kaszino-widget") for name in ("Kaszinó (52 lap)", "Scopa (40 lap)"))
    for table, tone in ((kaszino, "good"), (scopa, "bad")):
        table.scroll_into_view_if_needed()
        click_cards(table, "7♥ 3♦ 4♣")
        clicks.append(timed_click(table, table.locator(".kaszino-capture-btn"), tone=tone))
    expect(scopa.locator(".kaszino-feedback")).to_contain_text("csak egy ilyet vihet el")
    screenshot("chapter-08-side-by-side")

    # The relatives' table: Casino beside them, each number read from the three engines.
    families = page.locator("table", has=page.get_by_role("columnheader", name=re.compile("^casino", re.I)))
    expect(families.get_by_role("columnheader")).to_have_text(["", "kaszinó", "scopa", "casino (építéssel)"])
    deck_row = families.get_by_role("row").filter(has=page.get_by_role("cell", name="pakli", exact=True))
    expect(deck_row.get_by_role("cell")).to_have_text(["pakli", "52 lap", "40 lap", "52 lap"])

    seven = question(page, "scopa_lesson.q_seven")
    expect(seven.locator(".kaszino-feedback")).to_have_count(0)  # nothing said before an answer
    clicks += choice_clicks(seven, right="7♥=7♠", wrong="7♥=3♦+4♣", rounds=2)
    seven.locator('[data-action="choose"][data-value="7♥=3♦+4♣"]').click()
    # The engine's reason for the refusal:
    expect(seven.locator(".kaszino-feedback")).to_contain_text("csak egy ilyet vihet el")

    piles = page.locator(".kaszino-scopa-piles")
    expect(piles).to_have_attribute("data-revealed", "false")
    for nth, total in ((0, "74"), (1, "78")):
        box = question(page, "scopa_lesson.q_primiera", nth)
        box.locator(".kaszino-number").fill(total)
        clicks.append(timed_click(box, box.locator(".kaszino-submit-btn"), tone="good"))
    expect(piles).to_have_attribute("data-revealed", "true")
    expect(piles.locator('[data-row="primiera"]')).to_contain_text("78")
    counted = "7♠ (21) + 7♥ (21) + 4♦ (14) + 6♣ (18) = 74"  # the primiera, suit by suit
    expect(piles.locator(".kaszino-score-words")).to_contain_text(counted)
    piles.scroll_into_view_if_needed()
    screenshot("chapter-08-primiera")

    check = page.locator(".kaszino-check")
    asked = check_questions(attempt)
    expected = [q.prompt().render("hu") for q in asked]
    assert prompts_shown(check) == expected
    for number, one in enumerate(asked):
        clicks.append(answer(check, one, right=number >= 2))  # two wrong: 6/8 is below the pass mark
    saved_line = check.locator(".kaszino-saved")
    expect(saved_line).to_have_attribute("data-passed", "false")
    expect(saved_line).to_contain_text("7/8")
    check.locator(".widget-button", has_text="Újrakezdem").click()
    expect(check.locator(".kaszino-score-line")).to_have_count(0)
    fresh = [q.prompt().render("hu") for q in check_questions(attempt + 1)]
    again = expected[:2] + fresh[2:]  # the two missed questions come back in their places
    expect(check.locator(".kaszino-task").first).to_have_text(again[0])
    worded = {q.prompt().render("hu") for q in asked if not isinstance(q, ScopaTask)}  # a task's words stay
    assert prompts_shown(check) == again and not set(fresh[2:]) & worded
    screenshot("chapter-08-check")

    switch = in_english(page, "The primiera step by step", seven.locator(".kaszino-feedback"),
                        "must take one such card")
    english = ["", "Kaszinó", "Scopa", "Casino (with builds)"]
    expect(families.get_by_role("columnheader")).to_have_text(english)
    report("08_rokonok", clicks, switch, baseline)
