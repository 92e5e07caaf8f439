"""The exercises of chapters 05–07: every question has one right answer, and every answer is explained."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from kaszino.engine.captures import Capture
from kaszino.i18n import LANGUAGES, catalogue, using_language
from kaszino.teach import game_lesson, scoring_lesson, variants_lesson
from kaszino.teach.questions import Choice, Number, Play, Question

CHAPTERS = (scoring_lesson, game_lesson, variants_lesson)


def questions(chapter: ModuleType) -> Iterator[Question]:
    for section in chapter.chapter().sections:
        yield from section.questions
    yield from chapter.chapter().check


ALL = [(chapter.DOMAIN, index, question) for chapter in CHAPTERS
       for index, question in enumerate(questions(chapter))]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.DOMAIN)
def test_every_section_has_exercises_and_the_check_has_five_to_ten(chapter: ModuleType) -> None:
    assert all(section.questions for section in chapter.chapter().sections)
    assert 5 <= len(chapter.chapter().check) <= 10
    kinds = {type(question) for question in questions(chapter)}
    assert len(kinds) >= 2, "several forms of exercise"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.DOMAIN)
def test_every_section_text_exists_in_both_languages(chapter: ModuleType) -> None:
    texts = catalogue(chapter.DOMAIN)
    for section in chapter.chapter().sections:
        name = section.text.partition(".")[2]
        assert chapter.chapter().questions(name) == section.questions
        assert texts[name]["hu"].startswith("###") and texts[name]["en"].startswith("###")
    assert {"intro", "check", "summary"} <= texts.keys()


@pytest.mark.parametrize(("domain", "index", "question"), ALL,
                         ids=lambda v: v if isinstance(v, str | int) else "")
def test_only_the_right_answer_is_judged_right_and_every_answer_says_why(
    domain: str, index: int, question: Question
) -> None:
    for lang in LANGUAGES:
        with using_language(lang):
            assert question.prompt.text()
            if isinstance(question, Choice):
                for option in range(len(question.options)):
                    verdict = question.judge(option)
                    assert verdict.right == (option == question.answer)
                    assert len(verdict.text()) > 20
                    assert question.options[option].label.text()
            elif isinstance(question, Number):
                assert question.judge(question.answer).right
                for wrong in (question.answer - 1, question.answer + 1):
                    verdict = question.judge(wrong)
                    assert not verdict.right
                    assert str(question.answer) in verdict.text()  # the worked answer names it
            else:
                assert isinstance(question, Play)
                moves = question.position.legal_moves()
                for move in question.right:
                    assert move in moves and question.judge(move).right
                wrong = [m for m in moves if isinstance(m, Capture) and m not in question.right]
                for move in wrong[:3]:
                    verdict = question.judge(move)
                    assert not verdict.right and len(verdict.text()) > 20


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.DOMAIN)
def test_the_texts_never_write_a_z_and_differ_between_languages(chapter: ModuleType) -> None:
    for domain in (chapter.DOMAIN, "drills", "points", "questions"):
        for key, versions in catalogue(domain).items():
            assert "a(z)" not in versions["hu"].lower(), key
            if any(ch.isalpha() for ch in versions["hu"]):
                assert versions["hu"] != versions["en"] or key in {"card", "number"}, key
