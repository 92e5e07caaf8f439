"""The chapter that teaches each kind of puzzle, and the trainer page serving what the learner has
been taught (``kaszino.puzzles.syllabus``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from puzzle_answers import right, wrong
from shipped import SHIPPED
from terms import TERMS

from kaszino.i18n import LANGUAGES, language, set_language
from kaszino.jupyter.trainer import trainer_app
from kaszino.jupyter.tutorial import puzzle_trainer
from kaszino.jupyter.widgets.trainer_view import LEARNT
from kaszino.puzzles.kinds import KINDS
from kaszino.puzzles.syllabus import TAUGHT_IN, learnt_kinds
from kaszino.puzzles.trainer import Trainer
from kaszino.store import open_store

PER_KIND = 6
"""The puzzles of each kind whose every text is read (the first of its file, in both languages)."""


@pytest.mark.parametrize("kind", KINDS)
def test_no_text_of_a_kind_names_a_term_taught_after_its_chapter(kind: str) -> None:
    """The task, every hint, the solution and the verdicts on a right and a wrong answer."""
    later = [term for term in TERMS if term.chapter > TAUGHT_IN[kind]]  # type: ignore[index]
    before = language()
    try:
        for puzzle in [p for p in SHIPPED if p.kind == kind][:PER_KIND]:
            for lang in LANGUAGES:
                set_language(lang)
                texts = [puzzle.task_text(), *puzzle.hints(), puzzle.solution_text(),
                         puzzle.check(right(puzzle)).text_in(lang)]  # type: ignore[arg-type]
                other = wrong(puzzle)
                if other is not None:
                    texts.append(puzzle.check(other).text_in(lang))  # type: ignore[arg-type]
                for text in texts:
                    said = [(term.lesson, found) for term in later for found in term.found(text, lang)]
                    assert not said, f"{puzzle.id} ({lang}): {said} in: {text}"
    finally:
        set_language(before)


def test_the_capture_chapters_own_puzzles_are_of_its_kinds() -> None:
    assert {TAUGHT_IN[puzzle.kind] for puzzle in puzzle_trainer().trainer.puzzles} == {"02"}  # type: ignore[index]


def test_a_learner_is_taught_the_kinds_of_the_chapters_up_to_the_furthest_check_tried() -> None:
    first = ("all_captures", "sweep")
    assert learnt_kinds([]) == () and learnt_kinds(["99", "x"]) == ()  # nothing known: every kind
    assert learnt_kinds(["01"]) == first  # no kind yet: the first chapter's
    assert learnt_kinds(["02", "04"]) == first
    assert learnt_kinds(["05", "02"]) == ("all_captures", "best_capture", "sweep", "last_round", "defend",
                                          "deal_saving")
    assert set(learnt_kinds(["06"])) == {kind for kind, chapter in TAUGHT_IN.items() if chapter <= "06"}
    assert learnt_kinds(["09"]) == ()  # every kind taught
    assert learnt_kinds(["02"], ["casino_best"]) == (*first, "casino_best")  # practised before


def served_kinds(trainer: Trainer, count: int) -> set[str]:
    kinds = set()
    for _ in range(count):
        puzzle = trainer.next()
        assert puzzle is not None
        kinds.add(puzzle.kind)
    return kinds


def test_after_chapter_2_the_trainer_page_serves_its_kinds_and_the_menu_offers_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "me.sqlite3"
    monkeypatch.setenv("KASZINO_PROGRESS", str(path))
    with open_store(path) as store:
        store.record_chapter("02", score=4, total=5)
    widget = trainer_app().widget
    assert widget.trainer.filters.kinds == ("all_captures", "sweep") == widget.trainer.learnt
    assert f'<option value="{LEARNT}" selected>amit eddig tanultál</option>' in widget.html
    assert served_kinds(widget.trainer, 8) == {"all_captures", "sweep"}
    assert not widget.view.points and "Biztos pont" not in widget.html  # taught in chapter 5
    widget.set_filter("kind", "")  # "vegyesen": every kind
    assert widget.trainer.filters.kinds == () and f'<option value="{LEARNT}">' in widget.html
    assert len(served_kinds(widget.trainer, 12)) > 2
    widget.set_filter("kind", LEARNT)
    assert widget.puzzle.kind in ("all_captures", "sweep")
    widget.set_filter("game", "scopa")  # nothing of Scopa taught yet: the choice is not offered there
    assert widget.puzzle.game == "scopa" and widget.trainer.filters.kinds == () and LEARNT not in widget.html
    widget.set_filter("game", "kaszino")
    widget.set_filter("kind", LEARNT)
    assert widget.trainer.filters.kinds == ("all_captures", "sweep")
    assert f'<option value="{LEARNT}" selected>' in widget.html


def test_a_learner_without_a_chapter_tried_is_served_every_kind(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "me.sqlite3"))
    widget = trainer_app().widget
    assert widget.trainer.filters.kinds == () == widget.trainer.learnt and LEARNT not in widget.html
    assert widget.view.points


def test_a_review_due_of_a_kind_practised_before_its_chapter_is_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A learner who chose Casino's puzzles in the menu after chapter 2 has one due the next day: the
    page opens on it, as the kinds practised count as learnt."""
    path = tmp_path / "me.sqlite3"
    monkeypatch.setenv("KASZINO_PROGRESS", str(path))
    casino = next(puzzle for puzzle in SHIPPED if puzzle.kind == "casino_best")
    with open_store(path) as store:
        store.record_chapter("02", score=5, total=5)
        missed = Trainer([casino], store, clock=lambda: datetime(2026, 3, 1, 9, tzinfo=UTC))
        missed.next()
        missed.show_solution()
    widget = trainer_app(clock=lambda: datetime(2026, 3, 2, 10, tzinfo=UTC)).widget  # the next day
    assert widget.trainer.mode == "review" and widget.puzzle.id == casino.id
    assert "casino_best" in widget.trainer.learnt
