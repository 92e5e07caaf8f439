"""Exercises checked by the engine: choices, numbers and table tasks, verdicts and running scores."""

from __future__ import annotations

import pytest

from kaszino.engine.cards import parse_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, parse_move
from kaszino.i18n import catalogue
from kaszino.jupyter.tutorial import position
from kaszino.teach.exercises import (
    ANY_CAPTURE,
    TABLA,
    Choice,
    MoveTask,
    ScoreSheet,
    legality_choice,
    number,
    one_of,
    read_number,
)

# The framework's own catalogue has a question with two options to build test questions on.
LEGALITY = "exercises.legality"


@pytest.mark.parametrize(
    ("hand", "table", "legal", "reason"),
    [
        ("8♦ 5♣", "6♥ 7♠", True, "Mindkét oldal összege 13, és 13 ≤ 13"),
        ("9♣", "4♦ 6♠", False, "A két oldal összege nem egyezik: 9 ≠ 10 = 4+6."),
        ("5♠ K♣", "2♦ 9♠ 7♥", False, "Túl nagy az összeg: 5+K = 18 > 13."),
    ],
)
def test_the_legality_question_takes_answer_and_reason_from_the_engine(
        hand: str, table: str, legal: bool, reason: str) -> None:
    question = legality_choice(hand, table)
    right, wrong = ("yes", "no") if legal else ("no", "yes")
    assert question.answer == right
    assert question.check(right).correct
    assert question.check(right).text_in("hu").startswith("Így van! " + reason)
    verdict = question.check(wrong)
    assert not verdict.correct and verdict.text_in("hu").startswith("Nem egészen. " + reason)
    assert verdict.text_in("en").startswith("Not quite. ")


def test_a_legality_question_needs_cards_on_both_sides() -> None:
    with pytest.raises(KaszinoError, match="both sides"):
        legality_choice("5♠", "")


def test_a_choice_refuses_a_wrong_option_without_an_explanation() -> None:
    # "exercises.legality.yes.why" does not exist: an unexplained wrong answer is refused at once.
    with pytest.raises(KaszinoError, match=r"exercises\.legality\.yes\.why"):
        Choice(LEGALITY, ("yes", "no"), "no", (("capture", "x"),))
    with pytest.raises(KaszinoError, match="not one of"):
        Choice(LEGALITY, ("yes", "no"), "maybe", (("capture", "x"),))
    with pytest.raises(KaszinoError, match="two or more"):
        Choice(LEGALITY, ("yes",), "yes", (("capture", "x"),))


def test_a_choice_refuses_an_answer_that_is_no_option() -> None:
    with pytest.raises(KaszinoError, match="not one of the options"):
        legality_choice("8♦ 5♣", "6♥ 7♠").check("perhaps")


def test_a_number_question_explains_a_wrong_number_with_the_right_one() -> None:
    question = number("exercises.score_done", 12, why=legality_choice("3♦", "2♠").prompt(), right=1, total=2)
    assert question.check("12").correct and question.check(12).lines == ()
    assert not question.check(" 11 ").correct
    with pytest.raises(KaszinoError, match="whole number"):
        question.check("tizenkettő")


@pytest.mark.parametrize(("typed", "value"), [("7", 7), (" 42 ", 42), ("−3", -3), (0, 0)])
def test_typed_numbers_are_read(typed: object, value: int) -> None:
    assert read_number(typed) == value


@pytest.mark.parametrize("typed", ["", "7.5", "hét", True, None])
def test_anything_else_is_no_number(typed: object) -> None:
    with pytest.raises(KaszinoError, match="whole number"):
        read_number(typed)


def tabla_task() -> MoveTask:
    # The texts of any existing catalogue entry serve; the task's ".why" must exist for a goal.
    return MoveTask("chapter03.task_first", position("K♦ 6♠ 2♥", "3♣ 10♥"), TABLA)


def test_a_task_refuses_an_illegal_move_with_the_engines_reason() -> None:
    verdict = tabla_task().check(parse_move("6♠=3♣"))
    assert not verdict.correct
    assert "6 ≠ 3" in verdict.text_in("hu")


def test_a_task_explains_a_legal_move_that_misses_the_goal() -> None:
    task = tabla_task()
    lay = task.check(Lay(parse_cards("2♥")[0]))
    assert not lay.correct and len(lay.lines) == 2  # what the lay does, and why it is not the goal
    assert lay.lines[1].render("hu") == catalogue("chapter03")["task_first.why"]["hu"]


def test_a_task_accepts_the_goal_and_explains_it_at_the_rules_level() -> None:
    verdict = tabla_task().check(Capture(parse_cards("K♦"), parse_cards("3♣ 10♥")))
    assert verdict.correct
    words = verdict.text_in("hu")
    assert "tábla" in words and "pikk" not in words and "legértékesebb" not in words


def test_a_task_whose_goal_no_move_reaches_is_refused() -> None:
    with pytest.raises(KaszinoError, match="no legal move reaches"):
        MoveTask("chapter03.task_first", position("2♥ 6♠ 4♦", "3♣ 10♥"), TABLA)


def test_one_of_accepts_only_the_named_moves() -> None:
    state = position("K♦ 6♠ 2♥", "3♣ 10♥ 4♠")
    goal = one_of(parse_move("6♠+2♥=4♠"))
    assert goal.reached(state, parse_move("6♠+2♥=4♠"))
    assert not goal.reached(state, parse_move("K♦=3♣+10♥"))
    assert ANY_CAPTURE.reached(state, parse_move("K♦=3♣+10♥"))


def test_the_score_counts_first_answers_only() -> None:
    sheet = ScoreSheet(3)
    assert sheet.record(0, False) and not sheet.record(0, True)  # a second try changes nothing
    assert sheet.record(2, True)
    score = sheet.score()
    assert (score.right, score.answered, score.total, score.complete) == (1, 2, 3, False)
    assert score.message().render("hu") == "Eredmény: 1/2 · még 1 kérdés"
    sheet.record(1, True)
    assert sheet.score().message().render("en") == "Score: 2/3"
    with pytest.raises(KaszinoError, match="not on this score sheet"):
        sheet.record(3, True)
    sheet.reset()
    assert sheet.score().answered == 0
