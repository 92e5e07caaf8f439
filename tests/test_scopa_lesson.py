"""Chapter 08 (Scopa for a Kaszinó player): its answers against the engines and docs/scopa.md, the
closing check made afresh for every attempt, and the pass mark of 80 %."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from kaszino.engine.cards import Card, Suit
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import captures
from kaszino.games.scopa.moves import ScopaMove
from kaszino.i18n import LANGUAGES, using_language
from kaszino.jupyter.checks import ChapterCheck
from kaszino.jupyter.progress import chapter_results, record_check
from kaszino.jupyter.tutorial import chapter_check
from kaszino.lessons import lesson_source
from kaszino.store import ChapterResult
from kaszino.teach import scopa_lesson
from kaszino.teach.chapters import CHAPTERS, PASS_PERCENT, index_markdown, passed, right_needed, stars
from kaszino.teach.exercises import Choice, NumberQuestion, ScopaTask
from kaszino.teach.questions import Question
from kaszino.teach.scopa_scenes import played_deal, scopa_scene

PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10}
"""docs/scopa.md (scoring a deal), written out here again: a card's primiera value by its rank."""


@pytest.fixture(autouse=True)
def fresh_learner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    with using_language("hu"):
        yield


def by_key(name: str) -> list[Question]:
    content = scopa_lesson.chapter()
    return [q for section in content.sections for q in section.questions if q.key == f"scopa_lesson.{name}"]


def primiera_by_hand(pile: tuple[Card, ...]) -> int | None:
    """The primiera sum counted from that table alone (None when a suit is missing)."""
    bests = []
    for suit in Suit:
        ranks = [str(card)[:-1] for card in pile if card.suit is suit]
        if not ranks:
            return None
        bests.append(max(PRIMIERA[rank] for rank in ranks))
    return sum(bests)


def test_the_deck_questions_answer_what_the_scopa_deck_is() -> None:
    size, missing, queen, largest = by_key("q_deck_size") + by_key("q_not_in_deck") + by_key("q_queen") + \
        by_key("q_largest")
    assert isinstance(size, Choice) and size.answer == "40"
    assert isinstance(missing, Choice) and missing.answer == "8♠"
    assert isinstance(queen, NumberQuestion) and queen.answer == 9
    assert isinstance(largest, Choice) and largest.answer == "10"


def test_the_seven_must_take_its_twin_and_the_engine_says_why_the_sum_is_refused() -> None:
    (seven,) = by_key("q_seven")
    assert isinstance(seven, Choice) and seven.answer == "7♥=7♠"
    verdict = seven.check("7♥=3♦+4♣")
    assert not verdict.correct
    assert "7♠" in verdict.text_in("hu") and "csak egy ilyet" in verdict.text_in("hu")
    assert "must take one such card" in verdict.text_in("en")


def test_move_counts_are_the_engines_legal_moves() -> None:
    two, must = scopa_lesson.choice_table(), scopa_lesson.must_table()
    counts = [q for q in by_key("q_moves") if isinstance(q, NumberQuestion)]
    assert [q.answer for q in counts] == [len(two.legal_moves()), len(must.legal_moves())] == [5, 3]
    (fives,) = by_key("q_five_choices")
    assert isinstance(fives, NumberQuestion) and fives.answer == 2  # either five, never both


def test_compulsory_capture_refuses_the_queen_and_lets_the_six_be_laid() -> None:
    queen, six = by_key("q_lay")
    assert isinstance(queen, Choice) and queen.answer == "no"
    assert isinstance(six, Choice) and six.answer == "yes"
    state = scopa_lesson.must_table()
    assert state.problem(ScopaMove(Card.parse("Q♠"))) is not None
    assert state.problem(ScopaMove(Card.parse("6♣"))) is None
    assert "ütnie kell" in queen.check("yes").text_in("hu")


def test_a_sweep_scores_one_point_except_on_the_deals_last_move() -> None:
    (which,) = by_key("q_which_sweep")
    assert isinstance(which, Choice) and which.answer == "K♠=3♣+7♥"
    (last,) = by_key("q_last_sweep")
    assert isinstance(last, Choice) and last.answer == "0"
    assert scopa_lesson.sweep_points(scopa_lesson.sweep_table(), ScopaMove(Card.parse("K♠"), (
        Card.parse("3♣"), Card.parse("7♥")))) == 1
    (leftovers,) = by_key("q_leftovers")
    assert isinstance(leftovers, Choice) and leftovers.answer == "no"


def test_the_same_cards_under_kaszino_and_scopa() -> None:
    kaszino, scopa = scopa_lesson.kaszino_twin(), scopa_lesson.capture_table()
    assert kaszino.hands[0] == scopa.hands[0] and kaszino.table == scopa.table
    count_kaszino, count_scopa = by_key("q_count_kaszino") + by_key("q_count_scopa")
    assert isinstance(count_kaszino, NumberQuestion) and isinstance(count_scopa, NumberQuestion)
    assert count_kaszino.answer == len(captures(kaszino.hands[0], kaszino.table)) == 5
    assert count_scopa.answer == 3
    king_kaszino, king_scopa = by_key("q_king_kaszino") + by_key("q_king_scopa")
    assert isinstance(king_kaszino, Choice) and isinstance(king_scopa, Choice)
    assert (king_kaszino.answer, king_scopa.answer) == ("yes", "no")
    lay_kaszino, lay_scopa = by_key("q_lay_kaszino") + by_key("q_lay_scopa")
    assert isinstance(lay_kaszino, Choice) and isinstance(lay_scopa, Choice)
    assert (lay_kaszino.answer, lay_scopa.answer) == ("yes", "no")


def test_the_counted_deal_is_scored_as_scopa_counts_it() -> None:
    deal = scopa_lesson.counted_deal()
    assert deal.deal_over
    sums = [primiera_by_hand(pile) for pile in deal.piles]
    assert sums == [74, 78]
    primiera = [q for q in by_key("q_primiera") if isinstance(q, NumberQuestion)]
    assert [q.answer for q in primiera] == sums
    wrong = primiera[0].check(75).text_in("hu")
    assert "7♠ (21) + 7♥ (21) + 4♦ (14) + 6♣ (18) = 74" in wrong  # counted suit by suit
    cards = [len(pile) for pile in deal.piles]
    diamonds = [sum(card.suit is Suit.DIAMONDS for card in pile) for pile in deal.piles]
    seven = [Card.parse("7♦") in pile for pile in deal.piles]
    expected = [int(cards[p] > cards[1 - p]) + int(diamonds[p] > diamonds[1 - p]) + int(seven[p])
                + int((sums[p] or 0) > (sums[1 - p] or 0)) + deal.scopas[p] for p in (0, 1)]
    points = [q for q in by_key("q_deal_points") if isinstance(q, NumberQuestion)]
    assert [q.answer for q in points] == expected == [1, 3]
    (winner,) = by_key("q_primiera_winner")
    assert isinstance(winner, Choice) and winner.answer == "2"


def test_a_scene_no_game_reaches_is_refused() -> None:
    with pytest.raises(KaszinoError):
        scopa_scene(("7♥ K♣ 3♠", "5♦ Q♥"), "3♦")  # the dealer has played before player 1
    with pytest.raises(KaszinoError):
        scopa_scene(("8♥ K♣ 3♠", "5♦ Q♥ 2♣"), "3♦")  # no eights in Scopa


def test_a_played_deal_is_reproducible() -> None:
    assert played_deal(3).notation() == played_deal(3).notation()


def prompts(questions: tuple[Question, ...]) -> list[str]:
    """What each question shows: its words, and the position of a table task."""
    return [question.prompt().render("en")
            + (f" @ {question.state.notation()}" if isinstance(question, ScopaTask) else "")
            for question in questions]


def test_every_attempt_at_the_check_has_new_positions_and_none_is_an_exercise() -> None:
    exercises = {text for section in scopa_lesson.chapter().sections for text in prompts(section.questions)}
    attempts = [prompts(scopa_lesson.check_questions(attempt)) for attempt in range(4)]
    for asked in attempts:
        assert len(asked) == 8 and not set(asked) & exercises
    for first in range(4):
        for second in range(first + 1, 4):
            shared = set(attempts[first]) & set(attempts[second])
            assert not shared, f"attempts {first} and {second} share {shared}"


@pytest.mark.parametrize("attempt", range(6))
def test_the_check_answers_are_the_engines(attempt: int) -> None:
    priority, layable, count, sweep, kaszino, primiera, winner, points = scopa_lesson.check_questions(attempt)
    assert isinstance(sweep, ScopaTask) and sweep.right
    for move in sweep.right:  # every right move takes the whole table and scores a scopa
        assert move.taken and set(move.taken) == set(sweep.state.table)
        assert scopa_lesson.sweep_points(sweep.state, move) == 1
    assert not any(sweep.check(move).correct for move in sweep.state.legal_moves() if move not in sweep.right)
    for question in (priority, layable, kaszino, winner):
        assert isinstance(question, Choice)
        for lang in LANGUAGES:
            for option in question.options:
                assert question.check(option).correct == (option == question.answer)
                assert len(question.check(option).text_in(lang)) > 25
    assert isinstance(priority, Choice) and "+" not in priority.answer.partition("=")[2]  # one card, its twin
    assert isinstance(count, NumberQuestion) and count.answer >= 5
    assert isinstance(primiera, NumberQuestion) and isinstance(points, NumberQuestion)
    assert str(count.answer) in count.check(count.answer + 1).text_in("en")


def test_the_pass_mark_is_eighty_percent() -> None:
    assert PASS_PERCENT == 80
    assert [right_needed(total) for total in (5, 6, 7, 8, 9, 10)] == [4, 5, 6, 7, 8, 8]
    assert passed(7, 8) and not passed(6, 8) and passed(4, 5) and not passed(3, 5) and not passed(0, 0)


def result(chapter: str, best: int, total: int) -> ChapterResult:
    return ChapterResult(chapter, best, best, total, 1, datetime(2026, 12, 2))


def test_the_index_counts_a_chapter_done_only_at_the_pass_mark() -> None:
    results = {"01": result("01", 7, 8), "02": result("02", 6, 8), "08": result("08", 8, 8)}
    with using_language("en"):
        text = index_markdown(results, "en")
    assert f"Chapters done (at least 80 % in the check): 2/{len(CHAPTERS)}." in text
    assert text.count("done ✓") == 2 and "80 % not reached yet" in text
    assert "★★☆ (2 of 3 stars)" in text and "★★★ (3 of 3 stars)" in text and "★☆☆ (1 of 3 stars)" in text
    assert "[8. Relatives: Scopa](08_rokonok.ipynb)" in text


def test_the_index_says_where_to_go_on() -> None:
    """The first chapter not done, whether tried or not; the start for a new learner; the puzzles
    once every chapter is done."""
    with using_language("en"):
        assert "Start here: [1. The deck and the deal](01_pakli.ipynb)." in index_markdown({}, "en")
        tried = {"01": result("01", 8, 8), "02": result("02", 3, 8), "03": result("03", 8, 8)}
        assert "Continue here: [2. Capturing](02_utes.ipynb)." in index_markdown(tried, "en")
        every = {chapter.id: result(chapter.id, 5, 5) for chapter in CHAPTERS}
        assert "practise on the [Puzzles](10_feladvanyok.ipynb) page!" in index_markdown(every, "en")
        assert "here:" not in index_markdown(None, "en", "locked")  # an unreadable file: no advice


def test_a_chapter_earns_stars_as_lichess_stages_do() -> None:
    """Three stars for a flawless check, two at the pass mark, one for half, none below."""
    assert [stars(best, 8) for best in (8, 7, 6, 4, 3, 0)] == [3, 2, 1, 1, 0, 0]
    assert [stars(best, 5) for best in (5, 4, 3, 2)] == [3, 2, 1, 0] and stars(0, 0) == 0


def answer_all(check: ChapterCheck, right: int) -> None:
    for number, widget in enumerate(check.widgets):
        question = widget.question
        if isinstance(question, ScopaTask):
            wrong = next(move for move in question.state.legal_moves() if move not in question.right)
            move = question.right[0] if number < right else wrong
            assert isinstance(move, ScopaMove)
            for card in (move.card, *move.taken):
                widget.select(card)  # type: ignore[union-attr]
            (widget.press_capture if move.taken else widget.press_lay)()  # type: ignore[union-attr]
        elif isinstance(question, Choice):
            good = question.answer
            bad = next(option for option in question.options if option != good)
            widget.choose(good if number < right else bad)  # type: ignore[union-attr]
        else:
            assert isinstance(question, NumberQuestion)
            widget.submit(question.answer if number < right  # type: ignore[union-attr]
                          else question.answer + 1)


def test_the_check_saves_says_whether_it_passed_and_asks_new_questions_next_time() -> None:
    check = chapter_check("08", fresh=scopa_lesson.check_questions)
    first = prompts(tuple(widget.question for widget in check.widgets))
    answer_all(check, right=6)
    assert chapter_results()["08"].best == 6
    assert 'data-passed="false"' in check._saved_line.value and "7/8" in check._saved_line.value
    check.reset()
    assert check.attempt == 1 and not check.score.answered
    second = prompts(tuple(widget.question for widget in check.widgets))
    assert len(set(first) & set(second)) == len(check.again) == 2  # the two missed come back
    answer_all(check, right=7)
    assert chapter_results()["08"].best == 7 and 'data-passed="true"' in check._saved_line.value


def test_a_new_session_goes_on_from_the_attempts_saved() -> None:
    record_check("08", 3, 8)
    record_check("08", 5, 8)
    check = chapter_check("08", fresh=scopa_lesson.check_questions)
    assert check.attempt == 2
    asked = prompts(tuple(widget.question for widget in check.widgets))
    assert asked == prompts(scopa_lesson.check_questions(2))


def test_the_chapters_texts_are_in_both_languages_and_name_the_pass_mark() -> None:
    check = {lang: lesson_source("scopa_lesson.check", lang) for lang in LANGUAGES}
    total = len(scopa_lesson.check_questions(0))
    needed = right_needed(total)
    assert f"{PASS_PERCENT} %" in check["hu"] and f"{PASS_PERCENT} %" in check["en"]
    assert f"{total} kérdésből {needed}-et" in check["hu"]
    assert f"{needed} of {total} questions" in check["en"]
    assert all(lesson_source("scopa_lesson.intro", lang).startswith("## 8.") for lang in LANGUAGES)
