"""A trainer puzzle is a question of the one exercise model, and its verdicts are data: judged once,
they read in either language (docs/puzzles.md "One exercise model")."""

from __future__ import annotations

from typing import get_args

import pytest
from puzzle_answers import right, wrong
from shipped import SHIPPED

from kaszino.i18n import LANGUAGES, using_language
from kaszino.puzzles.kinds import KINDS, Kind
from kaszino.puzzles.puzzle import Puzzle
from kaszino.puzzles.trainer import Trainer
from kaszino.teach.questions import AnswerKind, Question, Verdict

FIRST = {kind: next(p for p in SHIPPED if p.kind == kind) for kind in KINDS
         if any(p.kind == kind for p in SHIPPED)}
"""The first shipped puzzle of each kind that ships."""


def asked(question: Question, answer: object) -> Verdict:
    """What every caller of the protocol does: ask the question and judge the answer."""
    return question.check(answer)


@pytest.mark.parametrize("kind", sorted(FIRST))
def test_a_puzzle_is_a_question_with_its_task_in_either_language(kind: Kind) -> None:
    puzzle = FIRST[kind]
    question = puzzle.question
    assert question.key == f"puzzle.{puzzle.id}"
    assert question.kind == puzzle.answer_form and question.kind in get_args(AnswerKind)
    prompt = question.prompt()
    for lang in LANGUAGES:
        with using_language(lang):
            assert prompt.render(lang) == puzzle.task_text()
    assert prompt.render("hu") != prompt.render("en")


@pytest.mark.parametrize("kind", sorted(FIRST))
def test_a_verdict_judged_once_reads_in_either_language(kind: Kind, monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = FIRST[kind]
    judging = type(puzzle.rules).check
    judged: list[object] = []

    def counted(self: object, state: object, answers: object, attempt: object) -> object:
        judged.append(attempt)
        return judging(self, state, answers, attempt)  # type: ignore[arg-type]

    monkeypatch.setattr(type(puzzle.rules), "check", counted)
    answers = [answer for answer in (right(puzzle), wrong(puzzle)) if answer is not None]
    for answer in answers:
        with using_language("hu"):
            verdict = asked(puzzle.question, answer)
        shown = {lang: verdict.text_in(lang) for lang in LANGUAGES}
        assert judged == [answer]  # rendered in both languages, judged once
        judged.clear()
        with using_language("en"):
            again = asked(puzzle.question, answer)
            assert verdict.text == again.text == shown["en"] != shown["hu"] == again.text_in("hu")
        judged.clear()
        assert verdict.correct == (answer is answers[0])


def test_the_trainer_judges_through_the_question(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = FIRST["best_capture"]
    asked_keys: list[str] = []
    check = type(puzzle.question).check

    def counted(self: object, answer: object) -> Verdict:
        asked_keys.append(self.key)  # type: ignore[attr-defined]
        return check(self, answer)  # type: ignore[arg-type]

    monkeypatch.setattr(type(puzzle.question), "check", counted)
    trainer = Trainer([puzzle])
    trainer.next()
    assert trainer.answer(right(puzzle)).correct
    assert asked_keys == [f"puzzle.{puzzle.id}"]


def test_a_puzzle_of_every_kind_ships() -> None:
    assert set(FIRST) == set(KINDS)
    assert all(isinstance(p, Puzzle) for p in FIRST.values())
