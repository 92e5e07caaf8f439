"""The loader judges what the trainer trusts (issue 19, item 6).

A puzzle file's answers reach the learner as truth: the loader refuses an answer set of the wrong
form for its kind (one whole number, not every option, every capture listed), a position with more
captures than an attempt may list and ratings outside the bounds Glicko-2 computes with sensibly;
the trainer re-checks each puzzle with the solver before serving it and never serves one whose
stored answers the solver does not confirm. Each case is a hand-made hostile file.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaszino.errors import PuzzleFormatError
from kaszino.puzzles import puzzle as puzzle_module
from kaszino.puzzles.puzzle import SOUND_RATING_LIMITS, Puzzle, Rating, load_all, parse_puzzles
from kaszino.puzzles.rating import rate
from kaszino.puzzles.trainer import Trainer

SHIPPED = load_all()
FIRST: dict[str, Puzzle] = {kind: next(p for p in SHIPPED if p.kind == kind)
                            for kind in {p.kind for p in SHIPPED}}


def hostile(kind: str, **changes: object) -> str:
    """The text of a file holding the first shipped puzzle of ``kind`` with ``changes``."""
    return json.dumps({"format": 2, "puzzles": [{**FIRST[kind].to_record(), **changes}]}, ensure_ascii=False)


def refused(text: str, *names: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        parse_puzzles(text, "hostile.json")
    for name in ("hostile.json", *names):
        assert name in str(caught.value)


def test_the_first_shipped_puzzles_read_back_unchanged() -> None:
    for kind, puzzle in FIRST.items():
        assert parse_puzzles(hostile(kind), "p.json") == (puzzle,), kind


def test_a_score_has_one_answer() -> None:
    right = FIRST["score_deal"].answers[0]
    assert isinstance(right, int)
    refused(hostile("score_deal", answers=[right, right + 1]), "field 'answers'", "one answer", "not 2")


@pytest.mark.parametrize("answers", [["yes", "no"], ["no", "yes"]])
def test_an_ausz_puzzle_answers_yes_or_no_not_both(answers: list[str]) -> None:
    refused(hostile("ausz", answers=answers), "field 'answers'", "every option")


def test_a_fals_puzzle_does_not_accept_every_option() -> None:
    refused(hostile("fals", answers=list(FIRST["fals"].choices())), "field 'answers'", "every option")


def test_a_fals_puzzle_may_accept_some_options() -> None:
    puzzle = FIRST["fals"]
    assert 1 <= len(puzzle.answers) < len(puzzle.choices())


def test_an_all_captures_puzzle_lists_every_capture() -> None:
    puzzle = next(p for p in SHIPPED if p.kind == "all_captures" and len(p.answers) >= 2)
    record = puzzle.to_record()
    answers = record["answers"]
    assert isinstance(answers, list)
    refused(hostile("all_captures", id=puzzle.id, position=record["position"], answers=answers[:-1]),
            "field 'answers'", "1 of the position's captures are not listed", answers[-1])


def test_a_position_with_more_captures_than_an_attempt_may_list_is_refused() -> None:
    notation = ("rules=v8; seed=0; deal=1; dealer=1; scores=0 | 0; round=8; to_move=0; forced=-;"
                " last_capturer=0; hands=K♠ Q♠ J♠ | K♥ Q♥ J♥;"
                " table=A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥; talon=-;"
                " piles=4♦ 4♣ 5♠ 5♥ 5♦ 5♣ 6♠ 6♥ 6♦ 6♣ 7♠ 7♥ 7♦ 7♣ 8♠ 8♥ 8♦ 8♣ 9♠ 9♥ | 9♦ 9♣ 10♠ 10♥ 10♦ 10♣"
                " J♦ J♣ Q♦ Q♣ K♦ K♣; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-")
    refused(hostile("all_captures", position=notation, answers=["K♠ = A♠+4♥+3♠+2♠+3♥"]),
            "field 'position'", "at most 1000")


@pytest.mark.parametrize(("rating", "field"), [
    ({"value": 1500, "deviation": 0, "volatility": 0.06}, "rating.deviation"),
    ({"value": 1500, "deviation": 1000, "volatility": 0.06}, "rating.deviation"),
    ({"value": 1500, "deviation": 350, "volatility": 10}, "rating.volatility"),
    ({"value": 1500, "deviation": 350, "volatility": 0.001}, "rating.volatility"),
    ({"value": -1, "deviation": 350, "volatility": 0.06}, "rating.value"),
])
def test_ratings_outside_the_sound_bounds_are_refused(rating: dict[str, float], field: str) -> None:
    refused(hostile("sweep", rating=rating), f"field '{field}'")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 5000), st.floats(0, 1000), st.floats(1e-9, 10),
                          st.sampled_from([0.0, 0.5, 1.0])), min_size=1, max_size=30))
def test_no_puzzle_rating_sends_a_learner_out_of_the_sound_bounds(
        games: list[tuple[float, float, float, float]]) -> None:
    learner = Rating()
    for value, deviation, volatility, score in games:
        rated = rate(learner, Rating(value, deviation, volatility), score)
        for side in (rated.learner, rated.puzzle):
            for name, (low, high) in SOUND_RATING_LIMITS.items():
                assert low <= getattr(side, name) <= high
        learner = rated.learner


def falsified(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with a stored answer the solver does not find (made past the loader)."""
    right = puzzle.answers[0]
    assert isinstance(right, int)
    return replace(puzzle, id=f"{puzzle.id}-false", answers=(right + 1,))


def test_the_trainer_never_serves_a_puzzle_the_solver_does_not_confirm() -> None:
    sound = [p for p in SHIPPED if p.kind == "score_deal"][:2]
    false = falsified(sound[0])
    trainer = Trainer([false, *sound], mode="sequence")
    served = [trainer.next() for _ in range(3)]
    assert served[:2] == sound
    assert served[2] is None  # the false one was skipped, not served last
    assert trainer.refused == (false.id,)


def test_each_puzzle_is_checked_once_a_session(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    confirm = puzzle_module.solve

    def counted(kind: str, state: object) -> object:
        checked.append(kind)
        return confirm(kind, state)  # type: ignore[arg-type]

    monkeypatch.setattr(puzzle_module, "solve", counted)
    sound = [p for p in SHIPPED if p.kind == "score_deal"][:3]
    trainer = Trainer(sound, mode="sequence")
    while trainer.next() is not None:
        pass
    while trainer.previous() is not None:
        pass
    trainer.mode = "sequence"
    trainer.serve_new()
    assert len(checked) == 3
