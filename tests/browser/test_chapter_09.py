"""Chapter 09 (Casino with builds) in Chromium, in the app view, worked on its own tables as a
learner would, each step checked against the engine.

A build made by clicking (3♠ on 5♥, kept for the 8♦): the verdict is the engine's move in words and
the table shows the engine's next position, the new build with its owner. One capture that takes a
build, a loose card and a sum at once. On the table where the learner owns a build, a trail and a
capture that would leave the build are refused with the engine's own reasons, then the capture that
takes the build is made. Then the page in English, the last verdict in English with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect
from test_casino_game_page import builds_in, cards_in, click_move
from test_chapters_05_07 import in_english, open_chapter

from kaszino.engine.cards import Card
from kaszino.games.casino import Build, BuildMove, Capture, CasinoState, Trail
from kaszino.teach import casino_lesson
from kaszino.teach.casino_moves import move_message
from kaszino.teach.casino_scenes import greedy

CHAPTER = "notebooks/09_casino.ipynb"


def table_showing(page: Page, state: CasinoState) -> Locator:
    """The output of the chapter's first live table showing the learner's hand and the loose cards of
    ``state`` (the lesson's table; an exercise after it may ask on the same position), by its place
    on the page: it stays the same output when the table goes on to other positions."""
    every = page.locator(".jp-OutputArea-output")
    outputs = every.filter(has=page.locator(".kaszino-build-btn"))
    for card in state.hands[0]:
        outputs = outputs.filter(has=page.locator(f'.kaszino-player[data-player="0"] [data-card="{card}"]'))
    for card in state.table:
        outputs = outputs.filter(has=page.locator(f'.kaszino-table [data-card="{card}"]'))
    place: int = outputs.first.evaluate(
        "output => [...document.querySelectorAll('.jp-OutputArea-output')].indexOf(output)")
    return every.nth(place)


def build_facts(builds: Iterable[Build]) -> set[tuple[frozenset[frozenset[Card]], int, int]]:
    """Each build's groups (as sets of cards), its value and its owner."""
    return {(frozenset(map(frozenset, build.groups)), build.value, build.owner) for build in builds}


def unpick(root: Locator) -> None:
    """Click off the cards a refused try left picked, as a learner does before the next try. Each
    click waits until fewer cards are drawn picked (a build's cards go together): a redraw still
    on its way from the try (a new revision that is not this click's) would otherwise let the next
    click find the same card picked and pick it again."""
    picked = root.locator('.kaszino-card[aria-pressed="true"]')
    while count := picked.count():
        picked.first.click()
        expect(picked).not_to_have_count(count)


def judged(root: Locator, state: CasinoState, move: Trail | Capture | BuildMove, shows: CasinoState) -> None:
    """Click ``move`` on the table of ``state``: the verdict is the engine's move in words, and the
    table then shows ``shows`` (``state`` again on a practice table, where the position stays)."""
    assert state.problem(move) is None, move
    unpick(root)
    click_move(root, state, move)
    feedback = root.locator(".kaszino-feedback")
    expect(feedback).to_have_attribute("data-tone", "good")
    expect(feedback).to_contain_text(move_message(move).render("hu"))
    assert set(cards_in(root.locator(".kaszino-table .kaszino-cards"))) == set(shows.table)
    assert build_facts(builds_in(root)) == build_facts(shows.builds)


def answered(state: CasinoState) -> CasinoState:
    """The position after the computer's replies (the table's greedy opponent), the learner to move."""
    while state.to_move != 0 and not state.deal_over:
        state = state.play(greedy(state))
    return state


def refused(root: Locator, state: CasinoState, move: Trail | Capture) -> None:
    """Click ``move``, which the engine refuses: the verdict is the engine's reason, and the table
    is as it was."""
    reason = state.problem(move)
    assert reason is not None, move
    unpick(root)
    click_move(root, state, move)
    feedback = root.locator(".kaszino-feedback")
    expect(feedback).to_have_attribute("data-tone", "bad")
    expect(feedback).to_contain_text(reason.text("hu"))
    assert set(cards_in(root.locator(".kaszino-table .kaszino-cards"))) == set(state.table)
    assert build_facts(builds_in(root)) == build_facts(state.builds)


def test_chapter_09_builds_made_taken_and_refused_on_its_own_tables(
    open_notebook: Callable[[str | Path], Page], screenshot: Callable[[str], Path]
) -> None:
    page = open_chapter(open_notebook, CHAPTER)

    # The practice tables judge a move and keep their position: the build, then the capture of a
    # build, a loose card and a sum at once.
    state = casino_lesson.build_table()
    root = table_showing(page, state)
    root.scroll_into_view_if_needed()
    judged(root, state, builds_eight(state), shows=state)
    state = casino_lesson.take_table()
    root = table_showing(page, state)
    take = max((move for move in state.legal_moves() if isinstance(move, Capture)),
               key=lambda move: len(move.taken))
    assert take.builds and len(take.groups) == 2, take  # the build, 8♥ and 6♠ + 2♣ at once
    judged(root, state, take, shows=state)

    # The owner of a build may not trail, nor take a loose card and leave his build.
    state = casino_lesson.owner_table()
    root = table_showing(page, state)
    refused(root, state, Trail(Card.parse("J♠")))
    refused(root, state, Capture(Card.parse("8♦"), ((Card.parse("8♠"),),)))
    takes_build = next(move for move in state.legal_moves() if isinstance(move, Capture) and move.builds)
    judged(root, state, takes_build, shows=state)
    screenshot("chapter-09-owner")

    # The table played against the computer: the build is made and stays the learner's through the
    # computer's reply, then taken.
    state = casino_lesson.play_table()
    root = table_showing(page, state)
    root.scroll_into_view_if_needed()
    build = builds_eight(state)
    after = answered(state.play(build))
    judged(root, state, build, shows=after)
    assert build_facts(after.builds) == {(frozenset({frozenset(map(Card.parse, ("5♥", "3♠")))}), 8, 0)}
    expect(root.locator('.kaszino-build[data-value="8"][data-owner="1"]')).to_be_visible()
    screenshot("chapter-09-build")
    take = max((move for move in after.legal_moves() if isinstance(move, Capture) and move.builds),
               key=lambda move: len(move.taken))
    judged(root, after, take, shows=answered(after.play(take)))
    expect(root.locator(".kaszino-build")).to_have_count(0)

    in_english(page, "Casino", root.locator(".kaszino-feedback"), move_message(take).render("en"))


def builds_eight(state: CasinoState) -> BuildMove:
    """3♠ played on 5♥: a build of 8, for the 8♦ in hand."""
    return next(move for move in state.legal_moves() if isinstance(move, BuildMove)
                and move.card == Card.parse("3♠") and move.value == 8 and move.build is None)
