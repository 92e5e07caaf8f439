"""Games against the computer: the session, Fals! training and terminal play driven through stdin."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from kaszino import PRESETS, Capture, Challenge, Claim, NextDeal
from kaszino.cli import main
from kaszino.cli.play import play
from kaszino.errors import IllegalMoveError, KaszinoError
from kaszino.games.kaszino.players import GreedyPlayer
from kaszino.games.kaszino.players.fals import Fibber, near_misses
from kaszino.games.kaszino.record import GameRecord
from kaszino.players.saved import load_record
from kaszino.players.session import Session, make_session
from kaszino.store import open_store


def learner_moves(session: Session) -> list[str]:
    """Play ``session`` to its end with a greedy learner; the learner's moves as typed text."""
    typed = []
    learner = GreedyPlayer()
    while not session.state.finished:
        if session.computer_due():
            session.computer_step()
        elif session.state.deal_over:
            session.play(NextDeal())
        else:
            move = learner.choose(session.state)
            typed.append(str(move).replace(" ", ""))
            session.play(move)
    return typed


@pytest.mark.parametrize("name", ["standard", "p3", "p4", "v6", "trainer", "v4"])
def test_a_session_plays_a_whole_game_and_keeps_a_sheet_per_deal(name: str) -> None:
    session = make_session("greedy", name, seed=4)
    learner_moves(session)
    state = session.state
    assert state.finished
    assert [sheet.deal for sheet in session.sheets] == list(range(1, state.deal + 1))
    assert all(sheet.finished for sheet in session.sheets[:-1])
    carried = [sum(sheet.scores[p].total for sheet in session.sheets) for p in range(state.players)]
    assert tuple(carried) == state.totals()
    assert GameRecord.from_text(session.record().to_text()).final_state() == state


def test_the_learner_cannot_move_for_the_computer_and_a_refusal_changes_nothing() -> None:
    session = make_session("greedy", "standard", seed=1)
    state = session.state
    with pytest.raises(KaszinoError, match="seat 0"):
        session.play(Claim(1))
    with pytest.raises(IllegalMoveError):
        session.play(Claim(0))
    assert session.state == state and session.moves == []
    with pytest.raises(KaszinoError, match="computer's turn"):
        session.computer_step()


def test_fibber_tries_false_captures_at_its_rate() -> None:
    rules = PRESETS["v6"]
    always = make_session("greedy", rules, seed=2, fals_rate=1.0)
    falses = 0
    while not always.state.finished and len(always.moves) < 200:
        if always.computer_due():
            before = always.state
            _, move = always.computer_step()
            if isinstance(move, Capture) and move not in before.legal_moves():
                falses += 1
                assert always.state.pending is not None and always.state.pending.false
                always.play(Challenge(0))  # the learner calls it: +2 and the position restored
                assert always.state.bonus[0] >= 2
        elif always.state.deal_over:
            always.play(NextDeal())
        else:
            always.play(GreedyPlayer().choose(always.state))
    assert falses > 0
    with pytest.raises(KaszinoError, match="between 0 and 1"):
        Fibber(GreedyPlayer(), 1.5)


def test_near_misses_are_false_and_only_under_v6() -> None:
    session = make_session("greedy", "v6", seed=0)
    state = session.state
    misses = near_misses(state)
    assert misses and all(move not in state.legal_moves() and state.problem(move) is None for move in misses)
    assert near_misses(make_session("greedy", "standard", seed=0).state) == []


def test_the_computer_challenges_the_learners_false_capture() -> None:
    session = make_session("greedy", "v6", seed=0)
    miss = near_misses(session.state)[0]
    session.play(miss)
    seat, call = session.computer_step()
    assert (seat, call) == (1, Challenge(1))
    assert session.state.bonus[1] == PRESETS["v6"].fals_penalty
    assert session.state.to_move == 0  # the position before the attempt, the learner moves again


def test_terminal_play_through_stdin(tmp_path: Path) -> None:
    typed = learner_moves(make_session("greedy", "standard", seed=6))
    lines = ["blah", "Z9", typed[0][:-1] + "X" if len(typed[0]) > 2 else "QX", *typed]
    out = io.StringIO()
    store = open_store(tmp_path / "progress.sqlite3")
    session = make_session("greedy", "standard", seed=6)
    status = play(session, io.StringIO("\n".join(lines) + "\n"), out, level="greedy", store=lambda: store)
    text = out.getvalue()
    assert status == 0
    saved = store.games()
    assert len(saved) == 1 and saved[0].opponent == "greedy"
    assert load_record(saved[0]) == session.record()
    assert f"A játszmát elmentettük (azonosító: {saved[0].id})." in text
    assert "Ezt nem értem lépésként: „blah”" in text
    assert "Vége a játszmának. Nyertes:" in text
    assert "Pontok, 1. osztás:" in text


def test_terminal_play_explains_an_illegal_move_and_asks_again(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    session = make_session("greedy", "standard", seed=6)
    state = session.state
    hand = state.hands[0]
    taken = state.table[0] if hand[0].value != state.table[0].value else state.table[1]
    wrong = f"{hand[0]}={taken}"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{wrong}\nquit\n"))
    assert main(["play", "--level", "greedy", "--lang", "en", "--seed", "6"]) == 0
    out = capsys.readouterr().out
    refused = next(line for line in out.splitlines() if "That move is not allowed." in line)
    assert re.fullmatch(r"That move is not allowed\. [A-Z].*\. Try again\.", refused), refused
    assert not re.search(r"\. [a-z]", refused), refused  # the engine's reason is a sentence of its own
    assert out.count("Your move:") == 2
    assert "You left the game." in out


def test_terminal_play_reads_a_call_in_another_seat_s_name_as_no_move(monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    monkeypatch.setattr("sys.stdin", io.StringIO("ausz 1\nquit\n"))
    assert main(["play", "--level", "greedy", "--lang", "en", "--seed", "6", "--rules", "trainer"]) == 0
    out = capsys.readouterr().out
    assert "I cannot read this as a move: “ausz 1”." in out and "learner" not in out


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--fals-rate", "2", "--rules", "v6"]) == 2
    assert "--fals-rate: expected a number 0..1" in capsys.readouterr().err
    assert main(["play", "--level", "grandmaster"]) == 2
    assert "grandmaster" in capsys.readouterr().err
