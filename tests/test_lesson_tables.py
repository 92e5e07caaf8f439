"""The tables of chapters 05–07, driven in the kernel: scene tables, the Fals! table, the piles to count."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Claim
from kaszino.i18n import using_language
from kaszino.jupyter.lesson_tables import PileView, fals_table, reveal_when_counted, scene_table
from kaszino.jupyter.tutorial import exercises, pick
from kaszino.teach import game_lesson, scoring_lesson


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


def test_a_right_fals_call_pays_two_and_the_computer_moves_again() -> None:
    table = fals_table(game_lesson.false_capture())
    table.press_challenge()
    assert table.feedback_tone == "good"
    assert "Jogos Fals!" in table.feedback and "8 ≠ 9" in table.feedback
    assert table.state.bonus[0] == 2
    assert table.state.to_move == 0  # the computer (player 2) has made its move again


def test_a_wrong_fals_call_pays_the_capturer_one() -> None:
    table = fals_table(game_lesson.true_capture())
    table.press_challenge()
    assert "Téves Fals!" in table.feedback and table.state.bonus == (0, 1)


def test_a_fals_table_needs_a_capture_to_challenge() -> None:
    with pytest.raises(KaszinoError, match="Fals! table"):
        fals_table(game_lesson.one_short())


def test_the_claim_table_ends_the_game_when_the_learner_calls_at_11() -> None:
    table = scene_table(game_lesson.second_deal(), mode="play", opponent=True)
    table.press_claim()
    assert table.state.finished and table.state.winner == 0
    short = scene_table(game_lesson.one_short(), mode="play", opponent=True)
    short.press_claim()
    assert short.feedback_tone == "bad" and not short.state.finished  # a wrong claim costs nothing
    pick(short, "A♦ 4♥ 5♦")
    short.press_capture()
    assert Claim(0) in short.state.legal_moves()


def test_the_piles_show_their_points_once_both_counts_are_right() -> None:
    view = PileView(scoring_lesson.counting_deal())
    assert 'data-revealed="false"' in view.html and "kaszino-score" not in view.html
    questions = scoring_lesson.chapter().questions("whole_deal")
    counting = exercises(*questions)
    reveal_when_counted(view, counting, *questions[1:])
    counting.widgets[1].submit(6)
    assert not view.revealed
    counting.widgets[2].submit(99)
    assert not view.revealed
    counting.widgets[2].submit(7)
    assert view.revealed and "kaszino-score" in view.html


def test_a_pile_view_shows_a_finished_deal_only() -> None:
    with pytest.raises(KaszinoError, match="finished deal"):
        PileView(scoring_lesson.middle_of_deal())
