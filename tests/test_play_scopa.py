"""``kaszino play --game scopa`` in a terminal, driven through scripted standard input: a whole game
to 11 with the moves typed, every line the engine's account, the hints, refusals in the engine's
words, saving, and clear errors for bad arguments."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from play_helpers import assert_told_in_order, play_through

from kaszino.cli import main
from kaszino.cli.play import play
from kaszino.games.scopa import ScopaMove, ScopaRecord
from kaszino.games.scopa.players import GreedyPlayer
from kaszino.i18n import using_language
from kaszino.players.session import Session, make_session
from kaszino.store import open_store
from kaszino.teach.scopa_score import deal_messages


def typed_game(seed: int) -> tuple[list[str], Session]:
    """The learner's greedy moves of a whole game against the expert as typed text (in the ASCII
    spelling), and the game."""
    session = make_session("expert", "standard", seed, game="scopa")

    def ascii_form(move: ScopaMove) -> str:
        return "=".join(filter(None, (move.card.ascii(), "+".join(c.ascii() for c in move.taken))))

    return play_through(session, GreedyPlayer(seed=9), ascii_form), session


def test_a_whole_game_typed_in_the_terminal_is_told_in_the_engines_words(tmp_path: Path) -> None:
    typed, expected = typed_game(5)
    store = open_store(tmp_path / "progress.sqlite3")
    session = make_session("expert", "standard", 5, game="scopa")
    out = io.StringIO()
    with using_language("en"):
        status = play(session, io.StringIO("\n".join(typed) + "\n"), out, level="expert", store=lambda: store)
        text = out.getvalue()
        assert status == 0
        assert session.state == expected.state and session.state.finished
        # every event of the game is told, in order, in Scopa's words
        told = text.splitlines()
        assert_told_in_order(told, session.start, session.moves, "scopa")
        # each deal's points, point by point, as the engine scores them
        for sheet in session.sheets:
            assert f"Points of deal {sheet.deal}:" in text
            for message in deal_messages(sheet.scores):
                assert "  " + message.render("en") in told
        assert "tábla" not in text.lower()
        winner = "You (player 1)" if session.state.winner == 0 else "Computer (player 2)"
        assert f"The game is over. Winner: {winner}. Final totals: " in text
    saved = store.games()
    assert len(saved) == 1 and saved[0].opponent == "expert"
    assert ScopaRecord.from_text(saved[0].record) == session.record()


def test_the_default_computer_is_the_expert_to_the_end_of_a_piped_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    typed, expected = typed_game(5)
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    assert main(["play", "--game", "scopa", "--lang", "en", "--seed", "5"]) == 0
    assert "The game is over. Winner:" in capsys.readouterr().out
    saved = open_store(tmp_path / "progress.sqlite3").games()
    assert len(saved) == 1 and saved[0].opponent == "expert"
    assert ScopaRecord.from_text(saved[0].record).final_state() == expected.state


def test_hints_refusals_and_unreadable_moves(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))
    # seed 1: hand Q♦ 4♣ J♠, table 4♦ A♠ 7♦ 7♠ (docs/scopa.md)
    lines = ["hint", "hint", "hint", "hint", "blah", "4C", "QD=4D", "JS=AS+7S+7D", "JS=AS+7D", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["play", "--game", "scopa", "--lang", "en", "--seed", "1", "--no-save"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Scopa against the computer.")
    assert "Hand: Q♦(9) 4♣ J♠(8)" in out and "Table: 4♦ A♠ 7♦ 7♠" in out
    steps = ("Legal captures:", "By the computer's", "The estimated")
    hints = [line for line in out if line.startswith(steps)]
    assert hints[0] == ("Legal captures: 4♣ (4) takes 4♦ (4), J♠ (8) takes A♠ 7♦ (1+7), "
                        "J♠ (8) takes A♠ 7♠ (1+7). Only a card that can take nothing may be laid: Q♦.")
    assert hints[1].startswith("By the computer's estimate the best move now, worth 13.3, "
                               "is J♠ (8) takes A♠ 7♦ (1+7).")
    assert hints[2] == hints[3]  # the last step again: there is no fourth
    assert any(line.startswith("I cannot read this as a move: “blah”") for line in out)
    refused = "That move is not allowed. {} Try again."
    assert refused.format("4♣ (4) can capture, so it must: it cannot be laid.") in out
    assert "That move is not allowed. Q♦ is worth 9, the cards asked for add up to 4. Try again." in out
    assert "That move is not allowed. J♠ is worth 8, the cards asked for add up to 15. Try again." in out
    assert any(line.startswith("Computer (player 2): ") for line in out)  # J♠=A♠+7♦ was played
    assert out[-1] == "You left the game."


@pytest.mark.parametrize(("arguments", "message"), [
    (["--rules", "v6"], "--rules: scopa has no preset 'v6'; choose one of standard, beginner, no_scopa, "
                        "kings_redeal"),
    (["--fals-rate", "0.5"], "--fals-rate: scopa has no false captures"),
])
def test_bad_arguments_for_scopa_are_named(arguments: list[str], message: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "scopa", *arguments, "--no-save"]) == 2
    assert message in capsys.readouterr().err


def test_an_unknown_game_is_refused_and_kaszino_is_the_default(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["play", "--game", "chess"]) == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--lang", "en", "--level", "greedy", "--no-save"]) == 0
    assert capsys.readouterr().out.startswith("Kaszinó against the computer.")
