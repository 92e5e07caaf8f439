"""The chapter checks of chapters 01–09 made afresh: new positions every attempt, never a practice
question again, every answer the engine's; the questions a learner missed come back next time."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from test_chapters import answer, shown

from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.games.kaszino.rules import STANDARD
from kaszino.games.kaszino.solver.sweeps import sweeps
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import LANGUAGES, using_language
from kaszino.jupyter.checks import ChapterCheck, ExerciseSet
from kaszino.jupyter.progress import chapter_results, missed_questions
from kaszino.jupyter.tutorial import chapter_check
from kaszino.store import StoreError, open_store
from kaszino.store.schema import APPLICATION_ID, MIGRATIONS, statements
from kaszino.teach.chapter_checks import fresh_check, fresh_checks
from kaszino.teach.exercises import Choice, MoveTask, NumberQuestion, ScopaTask
from kaszino.teach.fresh import Asked, FreshCheck, deal_states, in_play, played_position
from kaszino.teach.questions import Question

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
FRESH = ("01", "02", "03", "04", "05", "06", "07", "08", "09")
ATTEMPTS = 4


@cache
def attempt_of(chapter: str, number: int) -> tuple[Question, ...]:
    """The questions of attempt ``number`` of ``chapter``'s check, made once for the tests here
    that read them (chapter 03's take a third of a second an attempt)."""
    return tuple(fresh_check(chapter).questions(number))


@pytest.fixture(autouse=True)
def fresh_learner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    with using_language("hu"):
        yield


def texts(question: Question) -> set[str]:
    """What a question shows in both languages."""
    return {question.prompt().render(lang) for lang in LANGUAGES}


def position(question: Question) -> str | None:
    """The position of a table task, as notation (None for other questions)."""
    if isinstance(question, (MoveTask, ScopaTask)):
        return question.state.notation()
    return None


def practice(chapter: str) -> list[Question]:
    """The practice questions of ``chapter``'s notebook (every exercise set it shows but the check)."""
    notebook = next(NOTEBOOKS.glob(f"{chapter}_*.ipynb"))
    sets = [value for value in shown(notebook)
            if isinstance(value, ExerciseSet) and not isinstance(value, ChapterCheck)]
    return [widget.question for value in sets for widget in value.widgets]


def test_chapters_01_to_09_have_checks_made_afresh() -> None:
    assert tuple(fresh_checks()) == FRESH
    assert all(5 <= check.size <= 10 for check in fresh_checks().values())
    with pytest.raises(Exception, match="no check made afresh"):
        fresh_check("10")


@pytest.mark.parametrize("chapter", FRESH)
def test_no_check_question_is_a_practice_question_and_every_attempt_is_new(chapter: str) -> None:
    exercises = practice(chapter)
    shown_texts = set().union(*(texts(question) for question in exercises))
    positions = {position(question) for question in exercises} - {None}
    attempts = [attempt_of(chapter, number) for number in range(ATTEMPTS)]
    for questions in attempts:
        for question in questions:
            assert not texts(question) & shown_texts, f"a practice text again: {texts(question)}"
            assert position(question) not in positions
    asked = [{(frozenset(texts(q)), position(q)) for q in questions} for questions in attempts]
    for first in range(ATTEMPTS):
        for second in range(first + 1, ATTEMPTS):
            assert not asked[first] & asked[second], f"attempts {first} and {second} share a question"


def judged(question: Question) -> None:
    """Only the engine's answer is right, and a wrong one says why."""
    if isinstance(question, Choice):
        for option in question.options:
            verdict = question.check(option)
            assert verdict.correct == (option == question.answer)
            assert verdict.correct or len(verdict.text_in("en")) > 25
    elif isinstance(question, NumberQuestion):
        assert question.check(question.answer).correct
        wrong = question.check(question.answer + 1)
        assert not wrong.correct and len(wrong.text_in("hu")) > 25
    elif isinstance(question, MoveTask):
        moves = [move for move in question.state.legal_moves() if isinstance(move, (Capture, Lay))]
        right = [move for move in moves if question.goal.reached(question.state, move)]
        assert right and all(question.check(move).correct for move in right)
        assert not any(question.check(move).correct for move in moves if move not in right)


@pytest.mark.parametrize("chapter", FRESH[:-1])
@pytest.mark.parametrize("attempt", range(3))
def test_every_check_question_is_answered_by_the_engine(chapter: str, attempt: int) -> None:
    for question in attempt_of(chapter, attempt):
        judged(question)
        assert all(text and "{" not in text for text in texts(question))


def test_a_position_of_the_first_round_is_found_without_playing_the_rest_of_the_deal() -> None:
    """``rounds=1`` plays each deal only to the end of its first round: the position found (and
    so the question asked) is the one the whole deals give, which chapter 03's tábla worth asks."""
    def first_round_sweep(state: GameState) -> bool:
        return in_play(state) and state.round == 1 and bool(sweeps(state))

    for seed in range(4):
        whole = played_position(random.Random(seed), first_round_sweep)
        assert played_position(random.Random(seed), first_round_sweep, rounds=1) == whole
    assert max(s.round for s in deal_states(STANDARD, 7, rounds=2)) == 2  # nothing of round 3


def test_a_rebuilt_question_is_the_same_question() -> None:
    check = fresh_check("05")
    for asked in check.attempt(3):
        assert texts(check.build(asked)) == texts(check.build(asked))
    assert check.attempt(2, [Asked("secured", 0), Asked("gone", 1), Asked("secured", 1)]) == tuple(
        Asked("secured", 0) if name == "secured" else Asked(name, 2) for name, _ in check.kinds)
    with pytest.raises(Exception, match="no question kind"):
        check.build(Asked("gone", 0))
    with pytest.raises(Exception, match="different names"):
        FreshCheck("99", (("a", check.kinds[0][1]), ("a", check.kinds[1][1])))


def test_missed_questions_come_back_at_the_next_attempt_and_go_once_answered_right() -> None:
    check = chapter_check("04")
    first = check.asked
    assert first == fresh_check("04").attempt(0) and not check.again
    for number, widget in enumerate(check.widgets):
        answer(widget, right=number not in (0, 2))
    assert chapter_results()["04"].best == 4
    missed = [(row.kind, row.seed) for row in missed_questions("04")]
    assert missed == [(first[0].kind, 0), (first[2].kind, 0)]

    check.reset()  # the next attempt: the two missed questions in their places, new ones elsewhere
    assert check.asked[0] == first[0] and check.asked[2] == first[2]
    assert [asked.seed for asked in check.asked] == [0, 1, 0, 1, 1, 1]
    assert 'data-again="2"' in check._review_line.value and "1, 3" in check._review_line.value
    with using_language("en"):
        check.refresh()
        assert "you missed questions 1, 3 last time" in check._review_line.value
    for number, widget in enumerate(check.widgets):
        answer(widget, right=number != 2)
    assert [(row.kind, row.seed) for row in missed_questions("04")] == [(first[2].kind, 0)]

    later = chapter_check("04")  # a new session asks the one still missed, and attempt 2's others
    assert later.attempt == 2 and later.asked[2] == first[2]
    assert later.asked[0] == Asked(first[0].kind, 2)


def test_the_missed_questions_are_stored_with_the_result_in_one_step(tmp_path: Path) -> None:
    with open_store(tmp_path / "p.sqlite3") as store:
        store.record_chapter("03", score=4, total=6, missed=[("worth", 0), ("setup", 0)])
        store.record_chapter("03", score=5, total=6, missed=[("worth", 1)], recovered=[("setup", 0)])
        assert [(row.kind, row.seed) for row in store.missed_questions("03")] == [("worth", 0), ("worth", 1)]
        assert store.missed_questions("02") == []
        for bad, says in ((["worth"], "a \\(kind, seed\\) pair"), ([("worth", -1)], "question seed"),
                          ([("", 1)], "question kind")):
            with pytest.raises(StoreError, match=says):
                store.record_chapter("03", score=1, total=6, missed=bad)  # type: ignore[arg-type]
        assert store.chapter_results()["03"].attempts == 2  # a refused attempt changed nothing


def test_a_file_of_schema_two_gets_the_missed_questions_and_keeps_its_results(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    raw = sqlite3.connect(path, isolation_level=None)
    for script in MIGRATIONS[:2]:
        for statement in statements(script):
            raw.execute(statement)
    raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    raw.execute("PRAGMA user_version = 2")
    raw.execute("INSERT INTO chapters VALUES ('02', 5, 4, 6, 2, '2026-12-01T10:00:00+00:00')")
    raw.close()
    with open_store(path) as store:
        assert store.chapter_results()["02"].best == 5 and store.missed_questions("02") == []
        store.record_chapter("02", score=3, total=6, missed=[("count", 2)])
        assert [row.kind for row in store.missed_questions("02")] == ["count"]


def test_the_texts_a_reader_stumbled_on_are_fixed() -> None:
    """Issue 26 item 5: one title for chapter 05; the puzzles come from computer-played games; the most
    valuable capture is explained where chapter 02 first names it."""
    from kaszino.i18n import catalogue
    from kaszino.lessons import lesson_source

    for lang in LANGUAGES:
        heading = lesson_source("scoring_lesson.intro", lang)
        assert heading.startswith("## " + catalogue("chapters")["05.title"][lang] + "\n")
        assert "real games" not in catalogue("chapters")["10.teaches"][lang]
    assert "computer played" in catalogue("chapters")["10.teaches"]["en"]
    assert "most points at once" in lesson_source("tutorial.practice.puzzles", "en")
    assert "legtöbb pontot hozza" in lesson_source("tutorial.practice.puzzles", "hu")
