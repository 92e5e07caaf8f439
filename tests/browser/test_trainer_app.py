"""The trainer page in Chromium as a new learner uses it: ten puzzles with one hint, one wrong
answer, one "show solution" and a streak; then the progress file is read back and checked; then
the rating chart, the daily puzzle and the timed mode."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from trainer_steps import enter, right_answer, shown, wrong_answer

from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.games.scopa.moves import ScopaMove
from kaszino.puzzles import scopa_kinds
from kaszino.puzzles.daily import daily_puzzle
from kaszino.puzzles.kinds import move_words
from kaszino.puzzles.puzzle import load_all
from kaszino.store import ENVIRONMENT_VARIABLE, open_store, training

PAGE = "notebooks/10_feladvanyok.ipynb"


def told(answer: object) -> str:
    """An answer as the trainer's Hungarian pages would tell it: a move in words, else as it is."""
    if isinstance(answer, ScopaMove):
        return scopa_kinds.move_words(answer)
    return move_words(answer) if isinstance(answer, Capture | Lay) else str(answer)


@pytest.fixture
def progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "new-learner.sqlite3"
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(path))  # the Voilà server and its kernels use this file
    return path


def test_a_ten_puzzle_session_is_scored_honestly_and_stored(
    progress: Path, open_notebook: Callable[[str | Path], Page], screenshot: Callable[[str], Path]
) -> None:
    page = open_notebook(PAGE)
    trainer = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-task")).first
    task = trainer.locator(".kaszino-task")
    feedback = trainer.locator(".kaszino-feedback")
    status = trainer.locator(".kaszino-trainer-status")
    expect(status).to_have_attribute("data-rating", "1500")
    expect(page.get_by_text("Hogyan számolunk?")).to_be_visible()

    pending = ["hint", "wrong", "solution"]  # then clean solves: a streak
    done: list[tuple[str, str]] = []  # (puzzle id, expected outcome)
    while len(done) < 10:
        expect(task).to_have_attribute("data-puzzle", str(len(done)))
        puzzle = shown(trainer)
        step = pending[0] if pending else "right"
        if step == "wrong" and wrong_answer(puzzle) is None:
            step = "right"  # this one cannot be answered wrongly: solve it, try the next
        elif pending:
            pending.pop(0)
        if step == "hint":
            trainer.locator(".kaszino-hint-btn").click()
            expect(trainer.locator(".kaszino-hints li")).to_have_count(1)
            enter(trainer, puzzle, right_answer(puzzle))
            expect(feedback).to_contain_text("Tipp után ez fél sikernek számít")
            done.append((puzzle.id, "partial"))
        elif step == "wrong":
            enter(trainer, puzzle, wrong_answer(puzzle))
            expect(feedback).to_contain_text("Próbáld újra")
            for answer in puzzle.answers:
                expect(feedback).not_to_contain_text(told(answer))  # the right answer stays hidden
            enter(trainer, puzzle, right_answer(puzzle))
            expect(feedback).to_contain_text("csak az első válasz számít")
            done.append((puzzle.id, "failed"))
        elif step == "solution":
            trainer.locator(".kaszino-solution-btn").click()
            expect(trainer.locator(".kaszino-solution")).to_be_visible()
            expect(feedback).to_contain_text("nem sikerült feladványnak számít")
            done.append((puzzle.id, "failed"))
        else:
            enter(trainer, puzzle, right_answer(puzzle))
            done.append((puzzle.id, "solved"))
        expect(task).to_have_attribute("data-outcome", done[-1][1])
        if len(done) == 3:
            screenshot("trainer-hu")
        if len(done) == 6:
            trainer.locator('[data-action="lang"][data-lang="en"]').click()  # the rest in English
            expect(trainer.locator(".kaszino-hint-btn")).to_have_text("Hint")
        if len(done) < 10:
            trainer.locator(".kaszino-next-btn").click()

    streak = len(done) - max(i for i, (_, outcome) in enumerate(done) if outcome != "solved") - 1
    assert streak >= 3
    expect(status).to_have_attribute("data-streak", str(streak))
    expect(status).to_contain_text(f"Streak: {streak}")

    # Back to the first puzzle: it is shown as it was left, and answering again changes nothing.
    # Each step is drawn before the next click (of nine quick clicks, one was lost once).
    for place in range(8, -1, -1):
        trainer.locator(".kaszino-previous-btn").click()
        expect(task).to_have_attribute("data-puzzle", str(place))
    expect(task).to_have_attribute("data-outcome", "partial")
    expect(trainer.locator(".kaszino-previous-btn")).to_be_disabled()

    trainer.locator(".kaszino-summary-btn").click()
    summary = trainer.locator(".kaszino-summary")
    solved = sum(outcome == "solved" for _, outcome in done)
    expect(summary).to_have_attribute("data-visits", "10")
    expect(summary).to_have_attribute("data-solved", str(solved))
    expect(summary).to_have_attribute("data-partial", "1")
    expect(summary).to_have_attribute("data-failed", str(10 - solved - 1))
    expect(summary).to_contain_text("Today's session")
    chart = trainer.locator(".kaszino-rating-chart")
    expect(chart).to_have_attribute("data-points", "11")  # 1500, then after each of the ten
    expect(chart.locator("svg")).to_contain_text("Your rating over time")
    trainer.scroll_into_view_if_needed()
    screenshot("trainer-en-summary")

    # Nothing is due for review today: the missed puzzles come back tomorrow.
    trainer.locator(".kaszino-mode-menu").select_option("review")
    expect(feedback).to_contain_text("No review is due now")
    expect(feedback).to_contain_text("the puzzles go on in the mode you were in")
    expect(trainer.locator(".kaszino-mode-menu")).not_to_have_value("review")

    with open_store(progress) as store:
        attempts = training.attempts(store)
        assert [(a.puzzle_id, a.outcome) for a in attempts] == done
        assert all(a.rated for a in attempts) and next(a.hints for a in attempts) == 1
        assert sum(a.wrong for a in attempts) == 1
        learner = training.learner_rating(store)
        assert learner is not None and learner.games == 10
        assert learner.value == pytest.approx(attempts[-1].learner_after)
        for before, after in itertools.pairwise(attempts):
            assert after.learner_before == pytest.approx(before.learner_after)
        assert {c.puzzle_id for c in training.review_cards(store)} == {p for p, o in done if o != "solved"}
    assert round(learner.value) == int(str(status.get_attribute("data-rating")))

    # The puzzle of the day: the same for everyone, one a day.
    trainer.locator(".kaszino-mode-menu").select_option("daily")
    today = datetime.now(UTC).astimezone().date()
    expect(trainer.locator(".kaszino-daily")).to_have_attribute("data-date", today.isoformat())
    expect(task).to_have_attribute("data-puzzle-id", daily_puzzle(load_all(), today).id)
    expect(trainer.locator(".kaszino-daily")).to_contain_text("the same for everyone today")
    trainer.locator(".kaszino-next-btn").click()
    expect(feedback).to_contain_text("A new one comes tomorrow")

    # Against the clock: three minutes, a clean solve scores and the best score is stored.
    trainer.locator(".kaszino-mode-menu").select_option("timed")
    timed = trainer.locator(".kaszino-timed")
    expect(timed).to_have_attribute("data-score", "0")
    expect(feedback).to_contain_text("on the clock")
    expect(timed).to_contain_text(re.compile(r"Time left: [0-3]:[0-5][0-9]"))
    puzzle = shown(trainer)
    enter(trainer, puzzle, right_answer(puzzle))
    expect(timed).to_have_attribute("data-score", "1")
    expect(timed).to_contain_text("Best: 1")
    screenshot("trainer-en-timed")
    with open_store(progress) as store:
        assert training.timed_best(store) == 1


OTHER_GAMES = {
    # game: its id prefixes, its kinds with their prefixes, the theme, the kind pictured on the way
    "scopa": (r"^s[cbpl]-", (("scopa_captures", "sc"), ("scopa_best", "sb"), ("scopa_primiera", "sp"),
                             ("scopa_last_round", "sl")), "--theme=light", "scopa_best"),
    "casino": (r"^c[cbxl]-", (("casino_captures", "cc"), ("casino_builds", "cb"), ("casino_best", "cx"),
                              ("casino_last_hand", "cl")), "--theme=dark", "casino_builds"),
}


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_the_game_menu_serves_another_game_and_each_of_its_kinds_is_answered_on_its_table(
    game: str, progress: Path, open_notebook: Callable[[str | Path], Page], screenshot: Callable[[str], Path]
) -> None:
    """Each kind of Scopa and of Casino answered by clicking its table (a wrong answer first where
    one can be entered; Casino's builds with Építés, several moves offered as buttons)."""
    ids, kinds, theme, pictured = OTHER_GAMES[game]
    # An option of its own gives this test a server of its own, and so the new learner's file.
    page = open_notebook(PAGE, theme)
    trainer = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-task")).first
    task, feedback = trainer.locator(".kaszino-task"), trainer.locator(".kaszino-feedback")
    trainer.locator(".kaszino-game-menu").select_option(game)
    expect(task).to_have_attribute("data-puzzle-id", re.compile(ids))
    served = []
    for kind, prefix in kinds:
        trainer.locator(".kaszino-kind-menu").select_option(kind)
        # the server's redraw after the kind was chosen (the game's own serve may show this kind already)
        expect(trainer.locator(f'.kaszino-kind-menu option[value="{kind}"][selected]')).to_have_count(1)
        expect(task).to_have_attribute("data-puzzle-id", re.compile(f"^{prefix}-"))
        puzzle = shown(trainer)
        assert puzzle.kind == kind and puzzle.game == game
        expect(task).to_contain_text(puzzle.task_text())
        wrong = wrong_answer(puzzle)
        if wrong is not None:
            enter(trainer, puzzle, wrong)
            expect(feedback).to_contain_text("Próbáld újra")
        enter(trainer, puzzle, right_answer(puzzle))
        expect(feedback).not_to_contain_text("=")  # verdicts tell moves in words, never in notation
        served.append((puzzle.id, "failed" if wrong is not None else "solved"))
        expect(task).to_have_attribute("data-outcome", served[-1][1])
        if kind == pictured:
            screenshot(f"trainer-{kind.replace('_', '-')}")
    trainer.locator(".kaszino-solution-btn").click()
    expect(trainer.locator(".kaszino-solution")).to_contain_text("Minden lépésed")
    screenshot(f"trainer-{kinds[-1][0].replace('_', '-')}")
    with open_store(progress) as store:
        attempts = training.attempts(store)
        assert [(a.puzzle_id, a.outcome) for a in attempts] == served
        assert all(a.rated and a.kind.startswith(f"{game}_") for a in attempts)


def test_a_deal_saving_puzzle_shows_every_card_and_explains_the_move_played(
    progress: Path, open_notebook: Callable[[str | Path], Page]
) -> None:
    page = open_notebook(PAGE, "--theme=dark")  # a server of its own, and so the new learner's file
    trainer = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-task")).first
    task, feedback = trainer.locator(".kaszino-task"), trainer.locator(".kaszino-feedback")
    trainer.locator(".kaszino-kind-menu").select_option("deal_saving")
    # the server's redraw after the kind was chosen (the mixed serve may have shown this kind already)
    expect(trainer.locator('.kaszino-kind-menu option[value="deal_saving"][selected]')).to_have_count(1)
    expect(task).to_have_attribute("data-puzzle-id", re.compile(r"^ds-"))
    puzzle = shown(trainer)
    expect(task).to_contain_text("Mentsd meg az osztást")
    expect(task).to_contain_text(puzzle.task_text())
    state = puzzle.state
    for card in state.hands[1 - state.to_move]:  # the other hand face up
        expect(trainer.locator(f'use[href="#kaszino-face-{card.value}{card.suit.letter}"]')).to_have_count(1)
    enter(trainer, puzzle, right_answer(puzzle))
    expect(feedback).to_contain_text("megmentetted az osztást")
    expect(feedback).to_contain_text("A játszmában itt lejátszott lépés")
    expect(feedback).not_to_contain_text(" = ")  # cards and what they take, never move notation
    expect(task).to_have_attribute("data-outcome", "solved")


def test_a_click_held_while_the_widget_is_redrawn_still_counts(
    progress: Path, open_notebook: Callable[[str | Path], Page]
) -> None:
    """A learner presses "Tipp", the page is redrawn (here: in English) before the button is let go,
    and the click still asks for the hint: the redraw kept the button."""
    page = open_notebook(PAGE)
    trainer = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-task")).first
    hint = trainer.locator(".kaszino-hint-btn")
    expect(hint).to_have_text("Tipp")
    hint.scroll_into_view_if_needed()
    box = hint.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.locator(".widget-toggle-button", has_text="EN").first.evaluate("button => button.click()")
    expect(hint).to_have_text("Hint")  # redrawn while the button is held
    moved = hint.bounding_box()
    assert moved is not None and moved["x"] <= box["x"] + box["width"] / 2 <= moved["x"] + moved["width"]
    page.mouse.up()
    expect(trainer.locator(".kaszino-hints li")).to_have_count(1)
