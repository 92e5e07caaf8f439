"""Casino against the computer in the app view (Voilà), by clicking: a build made by clicking and
later taken by clicking, a capture of several groups at once, each checked against the engine.

The test knows only what the page shows: the learner's hand, the loose cards and the builds (their
cards, value and owner). From that it asks the engine for the learner's moves (a position holding
those, the other hands left out: a move of the learner's depends on nothing else), clicks one, and
checks that the page then shows the engine's next position: the loose cards, the builds with
their groups, values and owners, the learner's captured cards, the move in words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from game_steps import NOTEBOOK, click_and_wait, game_root
from playwright.sync_api import Locator, Page, expect

from kaszino.engine.cards import Card
from kaszino.games.casino import Build, BuildMove, Capture, CasinoRules, CasinoState, Trail
from kaszino.games.casino.players import move_worth
from kaszino.teach.casino_moves import move_message
from kaszino.teach.casino_picks import pick_of

MOST_LEARNER_MOVES = 200
PRESS = {"capture": ".kaszino-capture-btn", "build": ".kaszino-build-btn", "trail": ".kaszino-lay-btn"}

Cards = tuple[Card, ...]
Shown = tuple[Cards, Cards, tuple[Build, ...], int]
"""What the page shows: the learner's hand, the loose cards, the builds, the learner's captured cards."""


def cards_in(zone: Locator) -> Cards:
    """The face-up cards a zone of the page shows (buttons or not), by their pictures' labels."""
    return tuple(Card.parse(token) for token in zone.locator(".kaszino-card-svg").evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label'))"))


def shown(root: Locator) -> Shown:
    hand = cards_in(root.locator('.kaszino-player[data-player="0"]'))
    loose = cards_in(root.locator(".kaszino-table .kaszino-cards"))
    facts = root.locator('.kaszino-player[data-player="0"] .kaszino-pile').inner_text()
    return hand, loose, builds_in(root), int(facts.split("Ütések: ")[1].split(" lap")[0])


def builds_in(root: Locator) -> tuple[Build, ...]:
    """The builds a table shows: their groups' cards, value and owner."""
    builds = []
    for pile in root.locator(".kaszino-build").all():
        groups = tuple(cards_in(group) for group in pile.locator(".kaszino-build-group").all())
        value, owner = (int(pile.get_attribute(name) or "") for name in ("data-value", "data-owner"))
        builds.append(Build(groups, value, owner - 1))  # the page names the owner from 1
    return tuple(builds)


def engine_position(hand: Cards, loose: Cards, builds: tuple[Build, ...]) -> CasinoState:
    """The learner (player 0) to move with the hand, table and builds shown."""
    return CasinoState(rules=CasinoRules(), hands=(hand, ()), table=loose, builds=builds, talon=(),
                       piles=((), ()), scores=(0, 0), dealer=1, to_move=0)


def takes_several(move: object) -> bool:
    """A capture of several items at once, one of them a sum of cards or a build (8 takes 8 and 6+2)."""
    return isinstance(move, Capture) and len(move.groups) + len(move.builds) >= 2 and (
        bool(move.builds) or any(len(group) > 1 for group in move.groups))


def choose(state: CasinoState, goals: set[str]) -> Trail | Capture | BuildMove:
    """For each goal not met yet, in turn: a capture of several items at once, a capture of a build the
    learner owns, a new build, a trail (while no capture of several items came); else the move worth
    most now."""
    plays = [move for move in state.legal_moves() if isinstance(move, Trail | Capture | BuildMove)]
    several = [m for m in plays if takes_several(m)]
    mine = {build.key for build in state.owned(0)}
    takes_build = [m for m in plays if isinstance(m, Capture) and mine & set(m.builds)]
    builds = [m for m in plays if isinstance(m, BuildMove) and m.build is None]
    trails = [m for m in plays if isinstance(m, Trail)]  # more loose cards: more groups to take at once
    wishes = (("several", several), ("taken", takes_build), ("built", builds), ("several", trails))
    for wanted, found in wishes:
        if wanted in goals and found:
            return max(found, key=move_worth)
    return max(plays, key=move_worth)


def click_move(root: Locator, state: CasinoState, move: Trail | Capture | BuildMove) -> None:
    """The move's hand card, each loose card it uses, for each build it names the top card of one of
    its groups (a click picks a build whole), its press, and its own button if the pick names several
    moves."""
    hand, table, intent = pick_of(move)
    click_and_wait(root, root.locator(f'.kaszino-player[data-player="0"] [data-card="{hand[0]}"]'))
    tops = {build.key: build.groups[0][-1] for build in state.builds}
    for card in table:
        key = next((key for key in tops if card in key), None)
        if key is None or card == tops[key]:
            click_and_wait(root, root.locator(f'.kaszino-table [data-card="{card}"]'))
    click_and_wait(root, root.locator(PRESS[intent]))
    choices = root.locator('[data-action="choose_move"]')
    if choices.count():
        words = move_message(move).render("hu")
        labels = choices.all_inner_texts()
        index = labels.index(words) if words in labels else labels.index(f"Építés: {move.value}")
        click_and_wait(root, choices.nth(index))


def test_a_build_made_and_taken_and_a_capture_of_several_groups_by_clicking(
        open_notebook: Callable[[str | Path], Page], screenshot: Callable[[str], Path],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    page = open_notebook(NOTEBOOK)
    root = game_root(page)
    click_and_wait(root, root.locator('[data-action="lang"][data-lang="hu"]').first)
    click_and_wait(root, root.locator('[data-value="game:casino"]'))
    click_and_wait(root, root.locator('[data-value="level:greedy"]'))
    click_and_wait(root, root.locator(".kaszino-start-btn"))
    expect(root.locator(".kaszino-game-title")).to_contain_text("Casino: két játékos")
    feedback = root.locator(".kaszino-feedback")

    goals = {"built", "taken", "several"}
    made: list[frozenset[Card]] = []  # the cards of each build the learner made
    learner_moves = 0
    while goals and learner_moves < MOST_LEARNER_MOVES:
        if root.locator(".kaszino-computer-move-btn").count():
            click_and_wait(root, root.locator(".kaszino-computer-move-btn"))
            expect(feedback).to_contain_text("A 2. játékos ")  # the move told in the third person
            continue
        if root.locator(".kaszino-next-deal-btn").count():
            click_and_wait(root, root.locator(".kaszino-next-deal-btn"))
            continue
        if root.locator(".kaszino-replay-last-btn").count():  # the game is over: another one
            click_and_wait(root, root.locator(".kaszino-new-game-btn"))
            click_and_wait(root, root.locator(".kaszino-start-btn"))
            continue
        hand, loose, builds, captured = shown(root)
        before = engine_position(hand, loose, builds)
        move = choose(before, goals)
        click_move(root, before, move)
        learner_moves += 1
        expect(feedback).to_have_attribute("data-tone", "good")
        expect(feedback).to_contain_text(move_message(move).render("hu"))
        after = before.play(move)
        if len(hand) > 1:  # the hand goes on: the page shows the engine's next position
            hand_now, loose_now, builds_now, captured_now = shown(root)
            assert set(hand_now) == set(after.hands[0])
            assert set(loose_now) == set(after.table)
            assert {(b.key, b.value, b.owner) for b in builds_now} == {(b.key, b.value, b.owner)
                                                                        for b in after.builds}
            assert {tuple(map(frozenset, b.groups)) for b in builds_now} == {
                tuple(map(frozenset, b.groups)) for b in after.builds}
            taken = len(move.taken) + 1 if isinstance(move, Capture) else 0
            assert captured_now == captured + taken
        if isinstance(move, BuildMove) and move.build is None:
            made.append(frozenset((move.card, *move.loose)))
            goals.discard("built")
            expect(root.locator(f'.kaszino-build[data-value="{move.value}"][data-owner="1"]')).to_be_visible()
            expect(root.locator(".kaszino-table")).to_contain_text(f"{move.value} · 1. játékos")
            root.scroll_into_view_if_needed()
            screenshot("casino-build")
        if isinstance(move, Capture) and any(cards <= set(key) for cards in made for key in move.builds):
            goals.discard("taken")  # a build the learner made by clicking (perhaps enlarged since)
        if takes_several(move):
            goals.discard("several")
            root.scroll_into_view_if_needed()
            screenshot("casino-several-groups")
    assert not goals, (goals, learner_moves)
    root.scroll_into_view_if_needed()
    screenshot("casino-game")
