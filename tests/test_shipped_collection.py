"""The whole shipped collection, once a run: ``kaszino puzzles check`` passes on it (every stored
answer set is the solver's, every stored theme is found again, no puzzle teaches nothing — none is
already won by "Ausz!"), then the trainer accepts every puzzle's right answer and refuses a wrong one.

Both work through every position's exact solution, so they share one process (one file, one
worker): the trainer's checks find most solutions in the kinds' caches the check command filled
(the two apart took 26.6 and 32.3 CPU s, in this order 26.6 and 20.7). The inner loop checks
samples of the collection in the other puzzle tests.
"""

from __future__ import annotations

import pytest
from puzzle_answers import right, wrong
from shipped import SHIPPED
from test_cli import run

from kaszino.puzzles.puzzle import puzzle_files


def test_check_passes_on_the_shipped_files(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "puzzles", "check")
    assert status == 0
    counted = f"{len(SHIPPED)} puzzles in {len(puzzle_files())} files"
    assert out.strip() == f"ok: {counted}, every stored answer set is the solver's"


def test_every_puzzle_accepts_its_right_answer_and_refuses_a_wrong_one() -> None:
    """Both answers of a puzzle one after the other, as a learner gives them: the wrong one's check
    finds the position's solution the right one's left in the kinds' caches."""
    for puzzle in SHIPPED:
        assert puzzle.check(right(puzzle)).correct, puzzle.id  # type: ignore[arg-type]
        other = wrong(puzzle)
        if other is not None:
            assert not puzzle.check(other).correct, puzzle.id  # type: ignore[arg-type]
