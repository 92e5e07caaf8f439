"""The position editor page in Chromium, as a teacher uses it: a position composed by clicking, a
problem named and mended, the answers of a fitting kind shown, the puzzle saved into a collection
file of the teacher's, which then loads as a class set the solver confirms; the page in English,
then a Scopa table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from kaszino.puzzles.class_set import load_class_set
from kaszino.puzzles.editor import COLLECTIONS_VARIABLE
from kaszino.puzzles.puzzle import recheck

PAGE = "notebooks/40_szerkeszto.ipynb"


def place(editor: Locator, zone: str, cards: str) -> None:
    """Choose ``zone``, then click each card of ``cards`` in the deck and see it arrive."""
    editor.locator(f'.kaszino-zone-btn[data-value="{zone}"]').click()
    expect(editor.locator(f'.kaszino-zone[data-zone="{zone}"]')).to_have_attribute("data-chosen", "true")
    placed = editor.locator(f'.kaszino-zone[data-zone="{zone}"] .kaszino-take-card')
    for count, card in enumerate(cards.split(), start=len(placed.all()) + 1):
        editor.locator(f'.kaszino-place-card[data-card="{card}"]').click()
        expect(placed).to_have_count(count)


def test_a_teacher_composes_checks_and_saves_a_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_notebook: Callable[[str | Path], Page],
    screenshot: Callable[[str], Path]
) -> None:
    monkeypatch.setenv(COLLECTIONS_VARIABLE, str(tmp_path))  # for the Voilà server and its kernels
    page = open_notebook(PAGE)
    editor = page.locator(".kaszino-editor")
    verdict = editor.locator(".kaszino-problems")
    expect(verdict).to_have_attribute("data-tone", "bad")
    expect(verdict).to_contain_text("52 lap még sehol sincs")

    editor.locator(".kaszino-rules-menu").select_option("trainer")  # claims by hand: no automatic win
    expect(editor.locator(".kaszino-rules-menu")).to_have_value("trainer")
    editor.locator(".kaszino-round-menu").select_option("8")
    expect(editor.locator(".kaszino-round-menu")).to_have_value("8")
    editor.locator(".kaszino-last-capturer-menu").select_option("1")
    expect(editor.locator(".kaszino-last-capturer-menu")).to_have_value("1")
    place(editor, "hands[0]", "K♣ 10♠ 3♥")
    place(editor, "hands[1]", "K♠ 5♣")
    place(editor, "table", "K♥ 7♦ 6♦ K♣")  # K♣ is in player 1's hand already
    expect(verdict).to_contain_text("Ez a lap két helyen is szerepel: K♣")
    editor.locator('.kaszino-zone[data-zone="table"] .kaszino-take-card[data-card="K♣"]').click()
    expect(verdict).not_to_contain_text("két helyen")
    editor.locator('.kaszino-fill-btn[data-value="piles[1]"]').click()
    expect(verdict).to_have_attribute("data-tone", "good")

    captures = editor.locator('.kaszino-kind[data-kind="all_captures"]')
    expect(captures).to_contain_text("összes ütés: 4 helyes válasz")
    captures.locator(".kaszino-show-btn").click()
    expect(captures.locator(".kaszino-solution")).to_contain_text("Az összes ütés (4)")
    expect(editor.locator('.kaszino-kind[data-kind="best_capture"] .kaszino-note')).to_be_visible()
    expect(editor.locator(".kaszino-notation")).to_have_value(
        "rules=trainer; seed=0; deal=1; dealer=1; scores=0 | 0; round=8; to_move=0; forced=-; "
        "last_capturer=1; hands=K♣ 10♠ 3♥ | K♠ 5♣; table=K♥ 7♦ 6♦; talon=-; piles=- | A♠ A♥ A♦ A♣ 2♠ 2♥ "
        "2♦ 2♣ 3♠ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 6♠ 6♥ 6♣ 7♠ 7♥ 7♣ 8♠ 8♥ 8♦ 8♣ 9♠ 9♥ 9♦ 9♣ 10♥ 10♦ 10♣ J♠ "
        "J♥ J♦ J♣ Q♠ Q♥ Q♦ Q♣ K♦; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-")
    screenshot("editor-hu")

    collection = tmp_path / "7b-hetfo.json"
    save = captures.locator(".kaszino-save-btn")
    expect(save).to_be_disabled()  # no file named yet
    editor.locator(".kaszino-file-name").fill("7b-hetfo")
    editor.locator(".kaszino-file-name").press("Tab")  # the field sends its name when it changes
    expect(save).to_be_enabled()
    save.click()
    expect(editor.locator(".kaszino-feedback").last).to_contain_text("Elmentve")

    editor.locator('[data-action="lang"][data-lang="en"]').click()  # the whole page in English
    expect(verdict).to_have_text("The position is valid: a game can reach it.")
    expect(captures).to_contain_text("every capture: 4 correct answers")

    editor.locator(".kaszino-game-menu").select_option("scopa")  # an empty Scopa table: 40 cards
    expect(editor.locator(".kaszino-place-card")).to_have_count(40)
    expect(verdict).to_contain_text("All 40 cards must be somewhere")

    saved = load_class_set(collection)
    assert [(puzzle.id, puzzle.kind) for puzzle in saved.puzzles] == [("ac-1", "all_captures")]
    assert recheck(saved.puzzles[0]) is None
    assert len(saved.puzzles[0].answers) == 4
