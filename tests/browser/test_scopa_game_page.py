"""Scopa against the computer in the app view (Voilà), by clicking: the game choice on the setup
page, the 40-card faces with the court cards' values, a refused lay and its reason, the hint's
steps, a few captures and lays chosen from what the page shows, the computer's moves in words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from game_steps import NOTEBOOK, click_and_wait, game_root
from playwright.sync_api import Locator, Page, expect

from kaszino.engine.cards import Card
from kaszino.games.scopa.captures import takes

LEARNER_MOVES = 4



def shown(zone: Locator) -> tuple[Card, ...]:
    """The cards a zone of the page shows as buttons, in order."""
    return tuple(Card.parse(token) for token in zone.locator("[data-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"))


def test_scopa_moves_by_clicking(open_notebook: Callable[[str | Path], Page],
                                 screenshot: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch,
                                 tmp_path: Path) -> None:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    page = open_notebook(NOTEBOOK)
    root = game_root(page)
    expect(root.locator(".kaszino-game-setup")).to_be_visible()
    # Hungarian, whatever an earlier test on this page left in the progress file
    click_and_wait(root, root.locator('[data-action="lang"][data-lang="hu"]').first)
    click_and_wait(root, root.locator('[data-value="game:scopa"]'))
    expect(root.locator('[data-value="rules:beginner"]')).to_be_visible()
    expect(root.locator('[data-value="rules:v6"]')).to_have_count(0)
    click_and_wait(root, root.locator(".kaszino-start-btn"))
    expect(root.locator(".kaszino-game-title")).to_contain_text("Scopa: alapjáték")
    expect(root.locator(".kaszino-status")).to_contain_text("1/6. menet")
    feedback = root.locator(".kaszino-feedback")
    hand_zone = root.locator('.kaszino-player[data-player="0"]')

    learner_moves = refused = 0
    seen: set[Card] = set()
    for _ in range(60):
        if learner_moves == LEARNER_MOVES:
            break
        move_button = root.locator(".kaszino-computer-move-btn")
        if move_button.count():
            click_and_wait(root, move_button)
            expect(feedback).to_contain_text("A 2. játékos ")  # the move told in the third person
            continue
        hand, table = shown(hand_zone), shown(root.locator(".kaszino-table"))
        seen.update(hand + table)
        if not refused and any(takes(card, table) != ((),) for card in hand):
            # a card that can capture must: laying it is refused with the engine's reason
            card = next(card for card in hand if takes(card, table) != ((),))
            click_and_wait(root, hand_zone.locator(f'[data-card="{card}"]'))
            click_and_wait(root, root.locator(".kaszino-lay-btn"))
            expect(feedback).to_have_attribute("data-tone", "bad")
            expect(feedback).to_contain_text("ütnie kell")
            click_and_wait(root, root.locator(".kaszino-clear-btn"))
            click_and_wait(root, root.locator(".kaszino-hint-btn"))
            expect(feedback).to_contain_text("Szabályos ütések:")
            click_and_wait(root, root.locator(".kaszino-hint-btn"))
            expect(feedback).to_contain_text("a legjobb")
            refused = 1
        card = hand[0]
        taken = takes(card, table)[0]
        click_and_wait(root, hand_zone.locator(f'[data-card="{card}"]'))
        for other in taken:
            click_and_wait(root, root.locator(f'.kaszino-table [data-card="{other}"]'))
        click_and_wait(root, root.locator(".kaszino-capture-btn" if taken else ".kaszino-lay-btn"))
        expect(feedback).to_have_attribute("data-tone", "good")
        expect(feedback).to_contain_text("Helyes ütés:" if taken else "Helyes lépés:")
        learner_moves += 1
    assert learner_moves == LEARNER_MOVES and refused
    # the 40-card deck: no 8, 9 or 10; a court card's face shows its capture value (J 8, Q 9, K 10)
    assert seen and not any(card.value in (8, 9, 10) for card in seen)
    for card in (card for card in seen if card.value > 10):
        face_id = f"kaszino-face-{card.value}{card.suit.letter}-worth{card.value - 3}"
        face = page.locator(f"#kaszino-faces #{face_id}")
        expect(face).to_have_count(1)
    expect(root.locator(".kaszino-widget")).not_to_contain_text("Tábla")
    root.scroll_into_view_if_needed()
    screenshot("scopa-game")
