"""The trainer's daily puzzle, its timed mode (an injected clock, never a sleep) and the rating
chart, from Python and in the widget, in both languages."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from puzzle_answers import right, wrong
from shipped import SHIPPED as PUZZLES

from kaszino.i18n import using_language
from kaszino.jupyter.widgets import PuzzleWidget
from kaszino.jupyter.widgets.trainer_view import clock_text, rating_chart_html
from kaszino.puzzles.daily import daily_index, daily_puzzle
from kaszino.puzzles.timed import DURATION, PENALTY, TimedRun
from kaszino.puzzles.trainer import Filters, Trainer
from kaszino.store import Store, open_store, training

START = datetime(2026, 3, 14, 9, 0, tzinfo=UTC)
WRONGABLE = tuple(p for p in PUZZLES if wrong(p) is not None)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "learner.sqlite3") as opened:
        yield opened


# --- the daily puzzle ------------------------------------------------------------------------------
def test_the_daily_puzzle_depends_on_the_date_alone() -> None:
    day = date(2026, 3, 14)
    assert daily_puzzle(PUZZLES, day) is daily_puzzle(list(reversed(PUZZLES)), day)  # not on the order
    assert daily_index(day, 1490) == daily_index(date(2026, 3, 14), 1490)
    month = [daily_puzzle(PUZZLES, day + timedelta(days=n)).id for n in range(31)]
    assert len(set(month)) >= 29  # another puzzle nearly every day
    assert len({daily_puzzle(PUZZLES, day + timedelta(days=n)).kind for n in range(31)}) >= 6


def test_the_daily_index_is_pinned() -> None:
    """The hash is fixed (sha256 of the ISO date): a release that changed it would give everyone
    another puzzle of the day than the day before."""
    assert [daily_index(date(2026, 1, day), 1000) for day in (1, 2, 3)] == [
        int.from_bytes(hashlib.sha256(f"kaszino-daily:2026-01-0{day}".encode()).digest()[:8], "big") % 1000
        for day in (1, 2, 3)
    ]


def test_every_learner_gets_the_same_daily_puzzle_once(tmp_path: Path) -> None:
    served = []
    for name, filters in (("anna", Filters()), ("bela", Filters(kinds=("sweep",)))):  # filters do not matter
        with open_store(tmp_path / f"{name}.sqlite3") as own:
            trainer = Trainer(PUZZLES, own, mode="daily", filters=filters, clock=Clock())
            puzzle = trainer.next()
            assert puzzle is not None and puzzle == trainer.daily_puzzle()
            trainer.answer(right(puzzle))
            assert trainer.next() is None  # one a day
            served.append(puzzle.id)
    assert served[0] == served[1] == daily_puzzle(PUZZLES, START.date()).id
    tomorrow = Trainer(PUZZLES, mode="daily", clock=Clock(START + timedelta(days=1)))
    assert tomorrow.next() != daily_puzzle(PUZZLES, START.date())


# --- the timed mode ----------------------------------------------------------------------------------
def test_a_timed_run_loses_ten_seconds_a_mistake_and_ends_on_time() -> None:
    run = TimedRun(START)
    assert run.remaining(START) == DURATION == timedelta(minutes=3)
    run = run.after("failed", START).after("solved", START).after("partial", START)
    assert (run.solved, run.mistakes) == (1, 1)
    assert run.remaining(START) == DURATION - PENALTY
    late = START + DURATION - PENALTY
    assert run.over(late) and run.after("solved", late) == run  # after the time nothing counts


def test_the_timed_mode_scores_clean_solves_until_the_time_is_up(store: Store) -> None:
    clock = Clock()
    trainer = Trainer(WRONGABLE, store, mode="timed", clock=clock)
    targets = []
    for _ in range(3):
        puzzle = trainer.next()
        assert puzzle is not None
        targets.append(trainer.target)
        clock.now += timedelta(seconds=20)
        trainer.answer(right(puzzle))
    assert targets == sorted(targets) and targets[0] < targets[-1]  # harder as it goes, like a streak
    puzzle = trainer.next()
    assert puzzle is not None
    trainer.answer(wrong(puzzle))
    run = trainer.timed_run
    assert run is not None and (run.solved, run.mistakes) == (3, 1)
    assert run.remaining(clock.now) == DURATION - PENALTY - timedelta(seconds=60)
    assert training.timed_best(store) == 3
    clock.now = run.ends
    assert trainer.next() is None  # the time is up
    assert trainer.timed_best() == 3


def test_the_best_timed_score_is_kept_across_runs(store: Store) -> None:
    clock = Clock()
    first = Trainer(WRONGABLE, store, mode="timed", clock=clock)
    for _ in range(2):
        puzzle = first.next()
        assert puzzle is not None
        first.answer(right(puzzle))
    second = Trainer(WRONGABLE, store, mode="timed", clock=clock)
    puzzle = second.next()
    assert puzzle is not None
    second.answer(right(puzzle))
    assert second.timed_run is not None and second.timed_run.solved == 1
    assert second.timed_best() == 2 == training.record_timed_score(store, 1)
    assert training.record_timed_score(store, 5) == 5 == training.timed_best(store)
    second.mode = "timed"  # choosing the mode again starts a new run
    assert second.timed_run is not None and second.timed_run.solved == 0


# --- the rating chart ----------------------------------------------------------------------------------
def test_the_rating_history_is_the_chart_of_the_rated_attempts(store: Store) -> None:
    trainer = Trainer(PUZZLES, store, clock=Clock())
    assert trainer.rating_history() == [] and 'data-points="0"' in rating_chart_html([])
    for _ in range(3):
        puzzle = trainer.next()
        assert puzzle is not None
        trainer.answer(right(puzzle))
    records = [r for r in training.attempts(store) if r.rated]
    history = trainer.rating_history()
    assert history == [records[0].learner_before, *(r.learner_after for r in records)]
    assert history[0] == 1500 and history == sorted(history)  # three clean solves climb
    with using_language("en"):
        chart = rating_chart_html(history)
    assert chart.count("<svg") == 1 and "Your rating over time" in chart and "rated puzzles" in chart
    points = re.search(r'<polyline points="([^"]+)"', chart)
    assert points is not None and len(points.group(1).split()) == 4
    ys = [float(point.split(",")[1]) for point in points.group(1).split()]
    assert ys == sorted(ys, reverse=True)  # higher ratings are drawn higher up
    with using_language("hu"):
        assert "Az értékszámod alakulása" in rating_chart_html(history)


# --- in the widget -------------------------------------------------------------------------------------
def test_the_widget_offers_the_daily_puzzle_and_the_timed_mode(store: Store) -> None:
    clock = Clock()
    widget = PuzzleWidget(Trainer(WRONGABLE, store, clock=clock), controls=True)
    with using_language("hu"):
        widget.refresh()
        assert "Napi feladvány" in widget.html and "Időre" in widget.html
        widget.set_mode("daily")
        assert widget.puzzle == daily_puzzle(WRONGABLE, START.date())
        assert "A nap feladványa, 2026. 03. 14." in widget.html
        widget.next_puzzle()
        assert "A mai napi feladványon túl vagy" in widget.html
        widget.set_mode("timed")
        assert "Az órán 3:00" in widget.html and "10 másodpercet" in widget.html
        assert "Hátralévő idő: 3:00" in widget.html
    with using_language("en"):
        clock.now += timedelta(seconds=5)
        widget._trainer.answer(wrong(widget.puzzle))
        widget.refresh()
        assert "Time left: 2:45 · Score: 0 puzzles solved · Best: 0" in widget.html
        clock.now += DURATION
        widget.next_puzzle()
        assert "Time is up! Score: 0 puzzles solved (best: 0)" in widget.html
        widget.show_summary()
        assert "Your rating over time" in widget.html


def test_clock_text() -> None:
    assert [clock_text(timedelta(seconds=s)) for s in (180, 65.2, 9, 0)] == ["3:00", "1:06", "0:09", "0:00"]
