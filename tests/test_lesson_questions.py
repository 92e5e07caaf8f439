"""The exercises of chapters 05–09: every question has one right answer, and every answer is explained."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from kaszino.games.kaszino.captures import Capture
from kaszino.games.scopa.moves import ScopaMove
from kaszino.i18n import LANGUAGES, catalogue
from kaszino.lessons import lesson_exists, lesson_source
from kaszino.teach import casino_lesson, game_lesson, scopa_lesson, scoring_lesson, variants_lesson
from kaszino.teach.chapter_checks import fresh_check
from kaszino.teach.drills import LabelledChoice, words
from kaszino.teach.exercises import CasinoTask, Choice, MoveTask, NumberQuestion, ScopaTask
from kaszino.teach.questions import Question

CHAPTERS = (scoring_lesson, game_lesson, variants_lesson, scopa_lesson, casino_lesson)


def questions(chapter: ModuleType) -> Iterator[Question]:
    for section in chapter.chapter().sections:
        yield from section.questions
    yield from fresh_check(chapter.chapter().number).questions(0)


ALL = [
    (chapter.DOMAIN, index, question)
    for chapter in CHAPTERS
    for index, question in enumerate(questions(chapter))
]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.DOMAIN)
def test_every_section_has_exercises_and_the_check_has_five_to_ten(chapter: ModuleType) -> None:
    content = chapter.chapter()
    assert all(section.questions for section in content.sections)
    assert 5 <= fresh_check(content.number).size <= 10
    kinds = {type(question) for question in questions(chapter)}
    assert (
        NumberQuestion in kinds
        and kinds & {MoveTask, ScopaTask, CasinoTask}
        and kinds & {Choice, LabelledChoice}
    ), "several forms"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.DOMAIN)
def test_every_section_text_exists_in_both_languages(chapter: ModuleType) -> None:
    content = chapter.chapter()
    for section in content.sections:
        name = section.text.partition(".")[2]
        assert content.questions(name) == section.questions
        assert all(lesson_source(section.text, lang).startswith("###") for lang in LANGUAGES)
    assert all(lesson_exists(f"{chapter.DOMAIN}.{name}") for name in ("intro", "check", "summary"))


@pytest.mark.parametrize(
    ("domain", "index", "question"), ALL, ids=lambda v: v if isinstance(v, str | int) else ""
)
def test_only_the_right_answer_is_judged_right_and_every_answer_says_why(
    domain: str, index: int, question: Question
) -> None:
    for lang in LANGUAGES:
        assert question.prompt().render(lang)
        if isinstance(question, Choice):
            for option in question.options:
                verdict = question.check(option)
                assert verdict.correct == (option == question.answer)
                assert len(verdict.text_in(lang)) > 25, "every answer is explained"
                assert question.label(option).render(lang)
        elif isinstance(question, NumberQuestion):
            assert question.check(question.answer).correct
            for wrong in (question.answer - 1, question.answer + 1):
                verdict = question.check(wrong)
                assert not verdict.correct
                assert str(question.answer) in verdict.text_in(lang)  # the worked answer names it
        elif isinstance(question, ScopaTask):
            moves = [m for m in question.state.legal_moves() if isinstance(m, ScopaMove)]
            assert all(question.check(move).correct for move in question.right)
            for move in [m for m in moves if m not in question.right][:3]:
                verdict = question.check(move)
                assert not verdict.correct and len(verdict.text_in(lang)) > 25
            refused = ScopaMove(question.right[0].card, question.state.table)  # takes every table card
            if question.state.problem(refused) is not None:
                verdict, praised = question.check(refused), question.check(question.right[0])
                assert not verdict.correct and verdict.text_in(lang) != praised.text_in(lang)
        elif isinstance(question, CasinoTask):
            assert all(question.check(move).correct for move in question.right)
            for move in [m for m in question.state.legal_moves() if m not in question.right][:3]:
                verdict = question.check(move)
                assert not verdict.correct and len(verdict.text_in(lang)) > 25
        else:
            assert isinstance(question, MoveTask)
            captures = [m for m in question.state.legal_moves() if isinstance(m, Capture)]
            right = [m for m in captures if question.goal.reached(question.state, m)]
            assert right and all(question.check(move).correct for move in right)
            for move in [m for m in captures if m not in right][:3]:
                verdict = question.check(move)
                assert not verdict.correct and len(verdict.text_in(lang)) > 25


def test_words_give_every_number_its_hungarian_article() -> None:
    assert (
        words("drills.majority_yes", facts=words("drills.nobody"), n=1)
        .render("hu")
        .endswith("az 1. játékostól már senki sem veheti el.")
    )
    assert "a 2. játékostól" in words("drills.majority_yes", facts=words("drills.nobody"), n=2).render("hu")


@pytest.mark.parametrize("domain", [c.DOMAIN for c in CHAPTERS] + ["drills", "points", "lesson_tables"])
def test_the_texts_never_write_a_z_and_differ_between_languages(domain: str) -> None:
    for key, versions in catalogue(domain).items():
        assert "a(z)" not in versions["hu"].lower(), key
        assert versions["hu"] != versions["en"], key
