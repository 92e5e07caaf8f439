"""Answering trainer puzzles in Chromium the way a learner does (shared by the trainer's browser tests)."""

from __future__ import annotations

from playwright.sync_api import Locator, expect

from kaszino.games.kaszino.captures import Capture, captures
from kaszino.games.kaszino.moves import Lay
from kaszino.games.scopa import ScopaMove, ScopaState
from kaszino.puzzles.puzzle import Puzzle, load_all

PUZZLES = {puzzle.id: puzzle for puzzle in load_all()}
"""Every puzzle of the collections, by id (the page names the one it shows)."""


def click_cards(trainer: Locator, cards: tuple[object, ...]) -> None:
    """Select ``cards`` in the trainer, each click confirmed by the page."""
    for card in cards:
        trainer.locator(f'[data-card="{card}"]').click()
        expect(trainer.locator(f'[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")


def shown(trainer: Locator) -> Puzzle:
    """The puzzle the trainer shows now."""
    return PUZZLES[str(trainer.locator(".kaszino-task").get_attribute("data-puzzle-id"))]


def right_answer(puzzle: Puzzle) -> object:
    """A right answer, in the form :func:`enter` takes."""
    if puzzle.answer_form == "captures":
        return puzzle.answers
    if puzzle.answer_form == "move":
        return puzzle.answers[0]
    options = list(puzzle.choices()) if puzzle.answer_form == "choice" else list(range(-50, 200))  # type: ignore[attr-defined]
    return next(option for option in options if puzzle.check(option).correct)


def wrong_answer(puzzle: Puzzle) -> object | None:
    """A legal answer that is wrong, if the puzzle has one that can be entered."""
    if puzzle.answer_form == "captures":
        return puzzle.answers[:-1] or None
    if puzzle.answer_form == "move":
        state = puzzle.state
        if isinstance(state, ScopaState):  # a legal Scopa capture that is not best
            found: list[object] = [m for m in state.legal_moves() if isinstance(m, ScopaMove) and m.taken]
        else:
            found = list(captures(state.hands[state.to_move], state.table, state.rules))
        return next((c for c in found if not puzzle.check(c).correct), None)
    return None


def cards_of(move: object) -> tuple[object, ...]:
    """The cards a learner clicks for ``move``: a Kaszinó capture's both sides, a Scopa move's card
    and what it takes."""
    if isinstance(move, ScopaMove):
        return (move.card, *move.taken)
    assert isinstance(move, Capture)
    return move.hand + move.table


def enter(trainer: Locator, puzzle: Puzzle, answer: object) -> None:
    """Enter ``answer`` the way a learner does, and wait for the verdict."""
    if isinstance(answer, tuple):  # every capture: add each, then done
        for capture in answer:
            click_cards(trainer, cards_of(capture))
            trainer.locator(".kaszino-add-btn").click()
            expect(trainer.locator(".kaszino-card[aria-pressed=\"true\"]")).to_have_count(0)
        trainer.locator(".kaszino-done-btn").click()
    elif isinstance(answer, Capture) or (isinstance(answer, ScopaMove) and answer.taken):
        click_cards(trainer, cards_of(answer))
        trainer.locator(".kaszino-capture-btn").click()
    elif isinstance(answer, Lay | ScopaMove):
        click_cards(trainer, (answer.card,))
        trainer.locator(".kaszino-lay-btn").click()
    elif isinstance(answer, int):
        trainer.locator("input.kaszino-number").fill(str(answer))
        trainer.locator(".kaszino-number-btn").click()
    else:
        number = list(puzzle.choices()).index(answer)  # type: ignore[attr-defined]
        trainer.locator(f'[data-action="choose"][data-value="{number}"]').click()
    tone = "good" if answer == right_answer(puzzle) else "bad"
    expect(trainer.locator(".kaszino-feedback")).to_have_attribute("data-tone", tone)
