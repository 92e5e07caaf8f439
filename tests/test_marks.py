"""The analysis of a deal in words (kaszino.teach.marks): the marks agree with analyse()."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from test_analysis import _record
from test_session import learner_moves

from kaszino.cli.play import play
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.players import GreedyPlayer, play_game
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import STANDARD, preset
from kaszino.games.kaszino.solver.analysis import Budget, Interval, analyse
from kaszino.i18n import using_language
from kaszino.jupyter.widgets.viewer import DealViewer
from kaszino.players.session import make_session
from kaszino.teach.marks import left_on_table, mark, marked_moves, report, summary

RECORD = _record(3)
ANALYSIS = analyse(RECORD, budget=Budget(seconds=None, positions=3_000))


def test_each_mark_says_what_the_analysis_found() -> None:
    marks = marked_moves(RECORD, ANALYSIS)
    assert sorted(marks) == [analysed.number for analysed in ANALYSIS.moves]
    kinds = set()
    for marked in marks.values():
        cost, key = marked.analysed.cost, marked.mark.key
        kinds.add(key)
        if key == "analysis.kept_best":
            assert cost == Interval(0, 0)
        elif cost.exact:
            assert key == "analysis.lost_exact"
        else:  # a bound is never said as exact
            assert "exact" not in key
            assert str(cost.high) in marked.mark.render("hu") and str(cost.high) in marked.mark.render("en")
    assert "analysis.kept_best" in kinds and "analysis.lost_upto" in kinds


def test_the_report_in_both_languages() -> None:
    hu, en = report(RECORD, ANALYSIS, "hu"), report(RECORD, ANALYSIS, "en")
    assert "1. lépés, az 1. játékos: legfeljebb" in hu
    assert "megtartotta a legjobb elérhető eredményt" in hu
    assert "Move 1, player 1: lost at most" in en and "kept the best result" in en
    assert "0. " not in hu.replace("10. ", "").replace("20. ", "").replace("30. ", "").replace("40. ", "")
    for lang, text in (("hu", hu), ("en", en)):
        for message in summary(ANALYSIS):
            assert message.render(lang) in text


def test_the_points_left_are_the_sum_of_the_costs() -> None:
    for player in (0, 1):
        costs = [m.cost for m in ANALYSIS.moves if m.player == player]
        total = Interval(sum(c.low for c in costs), sum(c.high for c in costs))
        assert left_on_table(ANALYSIS, player) == total


def test_plurals_in_english() -> None:
    analysed = ANALYSIS.moves[-1]
    one = replace(analysed, best=Interval(analysed.played.low + 1, analysed.played.low + 1))
    assert mark(one).render("en") == "lost 1 point" and mark(one).render("hu") == "1 pontot veszített"
    two = replace(analysed, best=Interval(analysed.played.low + 2, analysed.played.low + 2))
    assert mark(two).render("en") == "lost 2 points"


def test_the_viewer_marks_each_move_after_the_analysis() -> None:
    viewer = DealViewer(RECORD, budget=Budget(seconds=None, positions=3_000))
    assert 'data-action="analyse"' in viewer.html and "Elemzés" in viewer.html
    seen: list[str] = []
    viewer.observe(lambda change: seen.append(change["new"]), names="html")
    viewer.analyse()
    assert any("Elemzés folyamatban: 1/" in html for html in seen)  # the progress line while it runs
    assert viewer.analysis is not None and viewer.analysis.moves == ANALYSIS.moves
    marks = marked_moves(RECORD, ANALYSIS)
    for step in (1, viewer.steps):
        viewer.go(step)
        assert marks[step].mark.render("hu") in viewer.note
    with using_language("en"):
        assert marks[viewer.steps].mark.render("en") in viewer.note
        for message in summary(ANALYSIS):
            assert message.render("en") in viewer.note


def test_the_viewer_shows_the_best_line_on_request() -> None:
    viewer = DealViewer(RECORD, budget=Budget(seconds=None, positions=3_000))
    viewer.analyse()
    viewer.go(viewer.steps - 1)  # the last move is exact: its best line is known
    assert 'data-action="show_best"' in viewer.html and "Legjobb:" not in viewer.note
    viewer.show_best()
    best = marked_moves(RECORD, ANALYSIS)[viewer.steps].best()
    assert best is not None and best.render("hu") in viewer.note
    viewer.go(0)  # the first move is bounded: no best move to show
    assert 'data-action="show_best"' not in viewer.html
    with pytest.raises(KaszinoError, match="no exact best move"):
        viewer.show_best()


def test_a_viewer_of_a_deal_that_cannot_be_analysed_has_no_button() -> None:
    record = GameRecord(preset("p3"), 1, None, 2, ())
    viewer = DealViewer(record)
    assert 'data-action="analyse"' not in viewer.html
    with pytest.raises(KaszinoError, match="two-player"):
        viewer.analyse()


def test_terminal_play_marks_each_deal_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """Piped moves of a whole game with the analysis on: each deal's marks follow its score sheet,
    the same words as the renderer's for the analysis of that deal."""
    typed = learner_moves(make_session("greedy", "standard", seed=6))
    session = make_session("greedy", "standard", seed=6)
    out = io.StringIO()
    budget = Budget(seconds=None, positions=3_000)
    assert play(session, io.StringIO("\n".join(typed) + "\n"), out, level="greedy", analysis=budget) == 0
    text, record = out.getvalue(), session.record()
    deals = text.count("Elemzés, minden lap ismeretében")
    assert deals == len(session.sheets) >= 1
    for deal in range(1, deals + 1):
        assert report(record, analyse(record, deal, budget), "hu") in text
    assert "/" in capsys.readouterr().err  # the progress bar
    quiet = io.StringIO()
    play(make_session("greedy", "standard", seed=6), io.StringIO("\n".join(typed) + "\n"), quiet)
    assert "Elemzés" not in quiet.getvalue()


def test_the_viewer_shows_and_marks_a_later_deal() -> None:
    """A viewer of deal 2 starts where deal 2 starts, numbers its moves from there, and marks them
    with the analysis of deal 2."""
    two_deals = STANDARD.with_changes(target=None, fixed_deals=2)
    record = play_game([GreedyPlayer(), GreedyPlayer()], rules=two_deals, seed=4)
    budget = Budget(seconds=None, positions=3_000)
    first, second = DealViewer(record, budget=budget), DealViewer(record, deal=2, budget=budget)
    states = list(record.replay())
    start = states.index(second.state)
    assert second.state.deal == 2 and second.state.round == 1 and states[start - 1].deal == 1
    assert start == first.steps + 1  # deal 1's moves and the next deal between them
    assert second.state.table == states[start].table and second.steps + start == len(states) - 1
    with pytest.raises(KaszinoError, match="no deal 3"):
        DealViewer(record, deal=3)
    second.analyse()
    analysis = analyse(record, 2, budget=budget)
    assert second.analysis is not None and second.analysis.moves == analysis.moves
    marks = marked_moves(record, analysis)
    second.go(second.steps)
    assert marks[start + second.steps].mark.render("hu") in second.note
    assert f"{second.steps}. lépés" in second.note
