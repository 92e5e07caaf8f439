"""Answering trainer puzzles in Chromium the way a learner does (shared by the trainer's browser tests)."""

from __future__ import annotations

from playwright.sync_api import Locator, expect

from kaszino.games.casino import BuildMove, CasinoState, Trail
from kaszino.games.casino import Capture as CasinoCapture
from kaszino.games.kaszino.captures import Capture, captures
from kaszino.games.kaszino.moves import Lay
from kaszino.games.scopa import ScopaMove, ScopaState
from kaszino.puzzles.kinds import Answer
from kaszino.puzzles.puzzle import Puzzle, load_all
from kaszino.teach.casino_picks import pick_of, read_pick

CasinoPlay = CasinoCapture | BuildMove | Trail

PUZZLES = {puzzle.id: puzzle for puzzle in load_all()}
"""Every puzzle of the collections, by id (the page names the one it shows)."""


def click_cards(trainer: Locator, cards: tuple[object, ...]) -> None:
    """Select ``cards`` in the trainer, each click confirmed by the page (a click on a card of a
    Casino build picks the whole build: its other cards are not clicked again)."""
    for card in cards:
        shown = trainer.locator(f'[data-card="{card}"]')
        if shown.get_attribute("aria-pressed") != "true":
            # A card of a Casino build lies under the build's other cards: the click lands on the
            # pile, which picks the whole build, as a learner's tap on it does.
            shown.click(force=True)
        expect(shown).to_have_attribute("aria-pressed", "true")


def shown(trainer: Locator) -> Puzzle:
    """The puzzle the trainer shows now."""
    return PUZZLES[str(trainer.locator(".kaszino-task").get_attribute("data-puzzle-id"))]


def right_answer(puzzle: Puzzle) -> object:
    """A right answer, in the form :func:`enter` takes."""
    if puzzle.answer_form == "captures":
        return puzzle.answers
    if puzzle.answer_form == "move":
        return puzzle.answers[0]
    options = list(puzzle.choices()) if puzzle.answer_form == "choice" else list(range(-50, 200))
    return next(option for option in options if puzzle.check(option).correct)


def wrong_answer(puzzle: Puzzle) -> object | None:
    """A legal answer that is wrong, if the puzzle has one that can be entered."""
    if puzzle.answer_form == "captures":
        return puzzle.answers[:-1] or None
    if puzzle.answer_form == "move":
        state = puzzle.state
        if isinstance(state, ScopaState):  # a legal Scopa capture that is not best
            found: list[Answer] = [m for m in state.legal_moves() if isinstance(m, ScopaMove) and m.taken]
        elif isinstance(state, CasinoState):  # a legal Casino capture that is not best
            found = [m for m in state.legal_moves() if isinstance(m, CasinoCapture)]
        else:
            found = list(captures(state.hands[state.to_move], state.table, state.rules))
        return next((c for c in found if not puzzle.check(c).correct), None)
    return None


def cards_of(move: object) -> tuple[object, ...]:
    """The cards a learner clicks for ``move``: a Kaszinó capture's both sides, a Scopa move's card
    and what it takes, a Casino move's pick (a build's every card)."""
    if isinstance(move, ScopaMove):
        return (move.card, *move.taken)
    if isinstance(move, CasinoPlay):
        hand, table, _ = pick_of(move)
        return (*hand, *table)
    assert isinstance(move, Capture)
    return move.hand + move.table


def choose_casino(trainer: Locator, puzzle: Puzzle, move: object) -> None:
    """If the pick of a Casino ``move`` names several moves, press the button of ``move``."""
    if not isinstance(move, CasinoPlay):
        return
    hand, table, intent = pick_of(move)
    assert isinstance(puzzle.state, CasinoState)
    named = read_pick(puzzle.state, hand, table, intent).moves
    if len(named) > 1:
        trainer.locator(f'[data-action="choose_move"][data-value="{named.index(move)}"]').click()


CASINO_PRESSES = {CasinoCapture: ".kaszino-capture-btn", BuildMove: ".kaszino-build-btn",
                  Trail: ".kaszino-lay-btn"}
"""The button a learner presses for each Casino move."""


def choice_number(puzzle: Puzzle, answer: object) -> int:
    """The place of ``answer`` among the options of a choice puzzle (its button's ``data-value``)."""
    assert isinstance(answer, str), answer  # a choice kind's answer is its option
    return list(puzzle.choices()).index(answer)


def enter(trainer: Locator, puzzle: Puzzle, answer: object) -> None:
    """Enter ``answer`` the way a learner does, and wait for the verdict."""
    if isinstance(answer, tuple):  # every capture (every Casino build move): add each, then done
        for capture in answer:
            click_cards(trainer, cards_of(capture))
            trainer.locator(".kaszino-add-btn").click()
            choose_casino(trainer, puzzle, capture)
            expect(trainer.locator(".kaszino-card[aria-pressed=\"true\"]")).to_have_count(0)
        trainer.locator(".kaszino-done-btn").click()
    elif isinstance(answer, CasinoPlay):
        click_cards(trainer, cards_of(answer))
        trainer.locator(CASINO_PRESSES[type(answer)]).click()
        choose_casino(trainer, puzzle, answer)
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
        trainer.locator(f'[data-action="choose"][data-value="{choice_number(puzzle, answer)}"]').click()
    tone = "good" if answer == right_answer(puzzle) else "bad"
    expect(trainer.locator(".kaszino-feedback")).to_have_attribute("data-tone", tone)
