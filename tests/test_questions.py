"""The one exercise protocol (kaszino.teach.questions) as each of its callers uses it: the tutorial's
exercises, the chapters' closing checks and the classroom chapter's exercises are all questions,
and the trainer's puzzles judge an attempt into its verdict; each judges a right and a wrong answer,
and the verdict's words exist in both languages. The one widget family asks each question by its
kind of answer."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import get_args

import pytest

from kaszino.classroom.exercises import AnswerError, exercise, exercises
from kaszino.errors import KaszinoError
from kaszino.games.casino.moves import Trail
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.games.scopa.moves import ScopaMove
from kaszino.i18n import LANGUAGES, using_language
from kaszino.jupyter.widgets.exercise import ChoiceWidget, NumberWidget, TaskTable, exercise_widget
from kaszino.puzzles.kinds import PuzzleVerdict, move_words
from kaszino.puzzles.puzzle import load_all
from kaszino.teach.chapter_checks import fresh_checks
from kaszino.teach.exercises import (
    CasinoTask,
    Choice,
    MoveTask,
    NumberQuestion,
    ScopaTask,
    legality_choice,
    number,
)
from kaszino.teach.questions import AnswerKind, Lesson, Question, Unreadable, Verdict, phrase


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


def in_both(verdict: Verdict) -> dict[str, str]:
    """The verdict's words in each language."""
    return {lang: verdict.text_in(lang) for lang in LANGUAGES}


def right_and_wrong(question: Question) -> tuple[object, object | None]:
    """A right answer of ``question`` and a wrong one (None where every legal move is right)."""
    if isinstance(question, Choice):
        return question.answer, next(option for option in question.options if option != question.answer)
    if isinstance(question, NumberQuestion):
        return question.answer, question.answer + 1
    if isinstance(question, MoveTask):
        moves = [move for move in question.state.legal_moves() if isinstance(move, (Capture, Lay))]
        right = [move for move in moves if question.goal.reached(question.state, move)]
        wrong = [move for move in moves if not question.goal.reached(question.state, move)]
        return right[0], wrong[0] if wrong else None
    if isinstance(question, ScopaTask):
        others = [move for move in question.state.legal_moves() if move not in question.right]
        return question.right[0], others[0] if others else ScopaMove(question.right[0].card)
    if isinstance(question, CasinoTask):
        plays = [play for play in question.state.legal_moves() if play not in question.right]
        return question.right[0], plays[0] if plays else Trail(question.right[0].card)
    raise AssertionError(f"no answers known for {question!r}")


def test_a_tutorial_exercise_judges_through_the_protocol_in_both_languages() -> None:
    question = legality_choice("9♣", "4♦ 6♠")
    assert question.kind == "choice"
    wrong, right = question.check("yes"), question.check("no")
    assert not wrong.correct and right.correct
    assert in_both(wrong)["hu"] == ("Nem egészen. A két oldal összege nem egyezik: 9 ≠ 10 = 4+6. "
                                    "Ütni csak egyenlő összeggel lehet.")
    assert in_both(wrong)["en"].startswith("Not quite.") and "9 ≠ 10 = 4+6" in in_both(wrong)["en"]
    assert in_both(right)["hu"].startswith("Így van!") and in_both(right)["en"].startswith("That's right!")


def test_a_typed_tutorial_answer_is_read_before_it_is_judged() -> None:
    question = number("chapter01.talon_count", 42)
    assert question.kind == "number" and question.read(" 42 ") == 42 and question.check(42).correct
    with pytest.raises(Unreadable) as unreadable:
        question.read("negyvenkettő")
    assert {lang: unreadable.value.words.render(lang) for lang in LANGUAGES} == {
        "hu": "Egy egész számot írj be (például 12).", "en": "Type a whole number (for example 12)."}
    wrong = question.check("41")
    assert not wrong.correct and in_both(wrong)["en"].startswith("Not quite.")


@pytest.mark.parametrize("chapter", sorted(fresh_checks()))
def test_every_chapter_check_question_judges_a_right_and_a_wrong_answer(chapter: str) -> None:
    for question in fresh_checks()[chapter].questions(0):
        assert question.kind in get_args(AnswerKind)
        prompts = {lang: question.prompt().render(lang) for lang in LANGUAGES}
        assert all(prompts.values()) and prompts["hu"] != prompts["en"], question.key
        right, wrong = right_and_wrong(question)
        verdict = question.check(right)
        assert verdict.correct, (question.key, verdict.text)
        if wrong is not None:
            missed = question.check(wrong)
            assert not missed.correct and missed.lines, question.key  # a wrong answer is told why
            words = in_both(missed)
            assert words["hu"] != words["en"], question.key


def test_every_classroom_exercise_judges_a_right_and_a_wrong_answer() -> None:
    for question in exercises():
        assert question.kind == "fraction"
        assert isinstance(question.prompt(), Lesson)
        typed = str(question.answer)  # "3" or "1/17", as a learner types it
        assert question.check(question.read(typed)).correct and question.check(typed).correct
        assert not question.check(question.answer + 1).correct


def test_a_classroom_verdict_in_both_languages() -> None:
    question = exercise("captures")
    right, wrong = question.check("4"), question.check("0.5")
    assert in_both(right) == {"hu": "Helyes! " + phrase("classroom.exercise.captures.explain").render("hu"),
                              "en": "Right! " + phrase("classroom.exercise.captures.explain").render("en")}
    assert in_both(wrong)["hu"].startswith("Nem ennyi (1/2). Számold összegenként")
    assert in_both(wrong)["en"].startswith("Not quite (1/2). Count sum by sum")
    assert exercise("seven").check(Fraction(3, 51)).correct  # 3/51 is 1/17
    with pytest.raises(AnswerError) as unreadable:
        question.read("három")
    assert "három" in unreadable.value.words.render("hu") and "három" in unreadable.value.words.render("en")
    with pytest.raises(KaszinoError, match="whole number, a fraction"):
        question.check(2.5)


def test_a_puzzle_attempt_is_judged_into_a_verdict_in_both_languages() -> None:
    puzzle = next(p for p in load_all() if p.kind == "best_capture" and len(p.state.legal_moves()) > 2)
    worse = next(move for move in puzzle.state.legal_moves()
                 if isinstance(move, Capture) and not puzzle.is_answer(move))
    right, wrong = puzzle.check(puzzle.answers[0]), puzzle.check(worse)
    assert isinstance(right, Verdict) and isinstance(wrong, PuzzleVerdict)  # one protocol
    assert right.correct and not wrong.correct and wrong.extra == (worse,)
    assert in_both(right)["hu"].startswith("Helyes") and in_both(right)["en"].startswith("Right")
    with using_language("en"):  # judged in English, still told in Hungarian
        judged_in_english = puzzle.check(worse)
    assert in_both(judged_in_english) == in_both(wrong) and in_both(wrong)["hu"] != in_both(wrong)["en"]
    with using_language("hu"):
        worse_hu = move_words(worse)
    with using_language("en"):
        right_en = move_words(puzzle.answers[0])  # type: ignore[arg-type]
    assert worse_hu in in_both(wrong)["hu"] and right_en not in in_both(wrong)["en"]


def test_one_widget_family_asks_every_kind() -> None:
    tutorial_number = exercise_widget(number("chapter01.talon_count", 42))
    classroom = exercise_widget(exercise("captures"))
    assert isinstance(exercise_widget(legality_choice("9♣", "4♦ 6♠")), ChoiceWidget)
    assert isinstance(tutorial_number, NumberWidget) and 'inputmode="numeric"' in tutorial_number.html
    assert isinstance(classroom, NumberWidget) and 'inputmode="text"' in classroom.html  # "3/8" typed
    move_check = next(q for q in fresh_checks()["03"].questions(0) if q.kind == "move")
    assert isinstance(exercise_widget(move_check), TaskTable)
    assert classroom.submit("4") is True and 'data-tone="good"' in classroom.html
