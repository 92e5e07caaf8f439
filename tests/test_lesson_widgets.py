"""The lesson widgets in the kernel: exercises with a score, the closing check, the deal viewer,
teaching tables that show only the lesson, and the language kept across chapters."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaszino.engine.cards import parse_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Lay
from kaszino.i18n import language, using_language
from kaszino.jupyter.progress import chapter_results, remembered_language
from kaszino.jupyter.render import FULL, LESSON, View
from kaszino.jupyter.tutorial import (
    chapter_check,
    deal_viewer,
    exercises,
    language_switch,
    live_table,
    pick,
    sample_deal,
    switch_language,
    table_task,
)
from kaszino.jupyter.widgets.exercise import ChoiceWidget, NumberWidget, TaskTable
from kaszino.jupyter.widgets.table import TableWidget
from kaszino.teach.exercises import TABLA, legality_choice, number
from kaszino.teach.explain import Level


@pytest.fixture(autouse=True)
def fresh_learner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("KASZINO_PROGRESS", str(path))
    with using_language("hu"):
        yield path


def legal_quiz() -> list[ChoiceWidget]:
    return [ChoiceWidget(legality_choice("8♦ 5♣", "6♥ 7♠")), ChoiceWidget(legality_choice("3♦", "2♠"))]


def test_a_choice_shows_no_feedback_before_the_first_answer_then_the_verdict() -> None:
    widget = ChoiceWidget(legality_choice("3♦", "2♠"))
    assert "kaszino-feedback" not in widget.html and widget.feedback == ""
    widget._handle_custom_msg({"action": "choose", "value": "yes"}, [])  # what the browser sends
    assert widget.chosen == "yes" and widget.correct is False
    assert 'data-tone="bad"' in widget.html and "3 ≠ 2" in widget.feedback
    assert 'data-value="yes" aria-pressed="true"' in widget.html
    widget.reset()
    assert "kaszino-feedback" not in widget.html


def test_a_number_box_judges_whole_numbers_and_points_out_anything_else() -> None:
    widget = NumberWidget(number("chapter01.talon_count", 42))
    assert widget.submit("nem tudom") is None
    assert "egész számot" in widget.feedback and widget.verdict is None  # not counted as an answer
    assert widget.submit("40") is False and "42" in widget.feedback
    widget._handle_custom_msg({"action": "submit", "value": "42"}, [])
    assert widget.correct is True and 'value="42"' in widget.html


def test_an_exercise_set_keeps_a_running_score_of_first_answers() -> None:
    quiz = exercises(legality_choice("8♦ 5♣", "6♥ 7♠"), legality_choice("3♦", "2♠"),
                     number("chapter01.talon_count", 42))
    first, second, third = quiz.widgets
    assert quiz.children[-1].value == ""  # no empty score line before an answer
    assert isinstance(first, ChoiceWidget) and isinstance(third, NumberWidget)
    first.choose("yes")
    second.choose("yes")
    second.choose("no")  # the second try teaches, but the first answer counts
    assert "Eredmény: 1/2 · még 1 kérdés" in quiz.children[-1].value
    third.submit(42)
    assert (quiz.score.right, quiz.score.answered, quiz.score.total) == (2, 3, 3)
    switch_language("en")
    assert "Score: 2/3" in quiz.children[-1].value


def test_a_table_task_counts_the_move_the_learner_makes() -> None:
    quiz = exercises(table_task("chapter03.task_first", "K♦ 6♠ 2♥", "3♣ 10♥", TABLA))
    table = quiz.widgets[0]
    assert isinstance(table, TaskTable)
    pick(table, "2♥")
    table.press_lay()
    assert table.correct is False and 'data-tone="bad"' in table.html
    pick(table, "K♦ 3♣ 10♥")
    table.press_capture()
    assert table.correct is True and quiz.score.right == 0  # the first answer was the lay
    assert table.state.table == parse_cards("3♣ 10♥")  # the position stays for another try


def test_the_chapter_check_saves_its_result_when_every_question_is_answered() -> None:
    questions = [legality_choice(h, t) for h, t in
                 (("8♦ 5♣", "6♥ 7♠"), ("3♦", "2♠"), ("K♣", "4♦ 9♠"), ("Q♦", "5♥ 7♥"), ("A♣ 2♣ 4♥", "8♦"))]
    check = chapter_check("02", *questions)
    assert check.retry_button.layout.display == "none"
    onward = check.children[-1].html  # below the result: where to go next
    assert 'href="03_tabla.ipynb"' in onward and 'href="00_start.ipynb"' in onward
    for widget, answer in zip(check.widgets, ("yes", "yes", "yes", "yes", "no"), strict=True):
        assert isinstance(widget, ChoiceWidget)
        widget.choose(answer)
    saved = chapter_results()["02"]
    assert (saved.best, saved.last, saved.total, saved.attempts) == (4, 4, 5, 1)
    assert "Elmentve: 4/5" in check.children[-3].value
    assert check.retry_button.layout.display is None
    check.retry_button.click()
    assert check.score.answered == 0 and check.children[-3].value == ""
    for widget in check.widgets:
        assert isinstance(widget, ChoiceWidget)
        widget.choose("no")
    assert chapter_results()["02"].attempts == 2 and chapter_results()["02"].best == 4


def test_a_chapter_check_has_five_to_ten_questions() -> None:
    with pytest.raises(KaszinoError, match="5–10"):
        chapter_check("02", legality_choice("3♦", "2♠"))


def test_the_chosen_language_is_kept_for_the_next_chapter() -> None:
    language_switch().choose("en")
    assert remembered_language() == "en"
    with using_language("hu"):  # a new kernel starts in Hungarian …
        switch = language_switch()  # … and the next chapter's switch restores the choice
        assert language() == "en" and switch.value == "en"


def test_a_widgets_own_language_buttons_are_remembered_too() -> None:
    table = live_table("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠")
    table._handle_custom_msg({"action": "lang", "lang": "en"}, [])
    assert remembered_language() == "en"


def test_a_lesson_table_shows_only_the_hand_and_the_table() -> None:
    lesson = live_table("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠")
    assert lesson.view == LESSON
    for hidden in ("kaszino-status", "kaszino-talon", 'data-player="1"', "Ütések:", "Biztos pont"):
        assert hidden not in lesson.html
    full = live_table("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠", view=FULL)
    for shown in ("kaszino-status", "kaszino-talon", 'data-player="1"', "Ütések:"):
        assert shown in full.html
    talon_only = live_table("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠", view=View(status=False, opponents=False, piles=False))
    assert "kaszino-talon" in talon_only.html and "kaszino-status" not in talon_only.html


def test_capture_feedback_before_scoring_speaks_only_of_the_rules() -> None:
    table = live_table("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠")
    pick(table, "5♠ A♥ 2♦ 4♣")
    table.press_capture()
    words = table.feedback
    assert "5♠ A♥ elviszi: 2♦ 4♣" in words
    for later in ("pikk", "pont", "legértékesebb"):
        assert later not in words
    scoring = live_table("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠", level="scoring")
    pick(scoring, "5♠ A♥ 2♦ 4♣")
    scoring.press_capture()
    assert "pikk" in scoring.feedback


def test_capture_pressed_during_a_forced_lay_says_a_lay_is_required() -> None:
    table = live_table("K♦ 6♠ 2♥", "3♣ 10♥", opponent="5♥ 2♣ 3♦", mode="play", view=FULL)
    pick(table, "K♦ 3♣ 10♥")
    table.press_capture()
    pick(table, "2♣")
    table.press_capture()
    assert "le kell raknod egy lapot" in table.feedback and table.feedback_tone == "bad"


def test_the_end_of_a_deal_on_a_table_says_where_the_leftovers_went() -> None:
    table = live_table("7♠", "2♣ Q♥", opponent="", round_number=8, last_capturer=1, mode="play", view=FULL)
    pick(table, "7♠")
    table.press_lay()
    assert "Az asztalon maradt lapokat (2♣ Q♥ 7♠) a 2. játékos kapja" in table.feedback


def test_the_deal_viewer_steps_through_a_deal_with_buttons_and_the_slider() -> None:
    viewer = deal_viewer(sample_deal(1))
    assert viewer.step == 0 and "a talon (42 lap)" in viewer.note
    viewer._handle_custom_msg({"action": "forward"}, [])
    assert viewer.step == 1 and viewer.note.startswith("1. lépés – 1. játékos:")
    viewer._handle_custom_msg({"action": "goto", "value": "5"}, [])
    assert viewer.step == 5 and 'value="5"' in viewer.html
    viewer.back()
    assert viewer.step == 4
    viewer.last()
    assert viewer.state.deal_over and "Az asztalon maradt lapokat" in viewer.note
    assert 'class="kaszino-score"' in viewer.html  # the points of the finished deal item by item
    with pytest.raises(KaszinoError, match="step must be"):
        viewer.go(viewer.steps + 1)
    switch_language("en")
    assert "The cards left on the table" in viewer.note


SECOND_PERSON = re.compile(r"\b(you|your|yours)\b|megszerzed|lerakod|raknod|elviszed|Üthettél|te lépsz|"
                           r"lépéseddel|nálad|pontod|Passzolsz|kihagyod|csinálhatsz|raknád", re.IGNORECASE)


@pytest.mark.parametrize("level", ["rules", "scoring"])
def test_the_deal_viewer_tells_about_the_player_it_names(level: Level) -> None:
    # The heading says "Move 3 – player 2: …"; what follows speaks of that player, never to "you".
    for seed in range(6):
        record = sample_deal(seed)
        viewer = deal_viewer(record, level=level)
        for lang in ("hu", "en"):
            switch_language(lang)
            for step in range(1, viewer.steps + 1):
                viewer.go(step)
                assert not SECOND_PERSON.search(viewer.note), viewer.note
    states = list(record.replay())
    lay = next(n for n, move in enumerate(record.moves, 1) if isinstance(move, Lay))
    viewer.go(lay)
    assert f"Player {states[lay - 1].to_move + 1} lays" in viewer.note


def test_table_widgets_refuse_bad_options() -> None:
    state = live_table("5♠", "5♦").state
    with pytest.raises(KaszinoError, match="level"):
        TableWidget(state, level="expert")  # type: ignore[arg-type]
    with pytest.raises(KaszinoError, match="View"):
        TableWidget(state, view="lesson")  # type: ignore[arg-type]
