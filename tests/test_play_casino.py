"""``kaszino play --game casino`` in a terminal, driven through scripted standard input: whole games
to 21 for two and four players with the moves typed in Casino's written form, the builds shown
with value and owner, refusals in the engine's words, the hints, saving."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from play_helpers import assert_told_in_order, play_through

from kaszino.cli import main
from kaszino.cli.play import play
from kaszino.games.casino import CasinoRules
from kaszino.games.casino.players import GreedyPlayer
from kaszino.games.casino.record import CasinoRecord
from kaszino.i18n import using_language
from kaszino.players.session import DEFAULT_LEVEL, Session, make_session
from kaszino.store import open_store


def typed_game(level: str, rules: str, seed: int) -> tuple[list[str], Session]:
    """The learner's greedy moves of a whole game against ``level`` as typed text (``str`` of each,
    so the typed game checks that ``parse_move`` reads what ``str`` writes), and the game."""
    session = make_session(level, rules, seed, game="casino")
    return play_through(session, GreedyPlayer(seed=9), str), session


@pytest.mark.parametrize(("level", "rules", "seed"),
                         [("greedy", "standard", 3), ("greedy", "teams", 4), ("expert", "standard", 5)])
def test_a_whole_game_typed_in_the_terminal_is_told_in_the_engines_words(
        level: str, rules: str, seed: int, tmp_path: Path) -> None:
    typed, expected = typed_game(level, rules, seed)
    store = open_store(tmp_path / "progress.sqlite3")
    session = make_session(level, rules, seed, game="casino")
    out = io.StringIO()
    with using_language("en"):
        status = play(session, io.StringIO("\n".join(typed) + "\n"), out, level=level, store=lambda: store)
    text = out.getvalue()
    assert status == 0
    assert session.state == expected.state and session.state.finished
    told = text.splitlines()
    assert told[0].startswith("Casino against the computer, to 21 points.")
    assert_told_in_order(told, session.start, session.moves, "casino")
    for sheet in session.sheets:
        assert f"Points of deal {sheet.deal}:" in text
        for side, total in enumerate(sheet.scores.points):
            assert any(line.endswith(f"— total {total}") and f"{sheet.scores.cards[side]} cards" in line
                       for line in told)
    assert "The game is played to 21 points." in told
    if rules == "teams":
        assert ("Teams: You (player 1) and Computer (player 3) against "
                "Computer (player 2) and Computer (player 4).") in told
    winners = {0: "You (player 1)", 1: "Computer (player 2)"} if rules == "standard" else {
        0: "You (player 1) and Computer (player 3)", 1: "Computer (player 2) and Computer (player 4)"}
    totals = " | ".join(map(str, session.state.totals()))
    assert told[-2] == f"The game is over. Winner: {winners[session.state.winner]}. Final totals: {totals}."
    saved = store.games()
    assert len(saved) == 1 and saved[0].opponent == level
    assert CasinoRecord.from_text(saved[0].record) == session.record()


def test_builds_refusals_hints_and_unreadable_moves(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # seed 1: hand A♣ 5♦ 5♥ 7♥, table K♣ 7♣ 2♠ 3♣ (docs/casino.md); the computer answers K♥=K♣
    lines = ["hint", "hint", "hint", "blah", "7H=2S+3C", "5D:5=2S+3C", "7H", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["play", "--game", "casino", "--level", "greedy", "--lang", "en", "--seed", "1",
                 "--no-save"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Hand: A♣ 5♦ 5♥ 7♥" in out and "Table: K♣ 7♣ 2♠ 3♣" in out
    assert out[out.index("Your move:") + 1:out.index("Your move:") + 6:2] == [
        "Your captures (3): 5♦=2♠+3♣, 5♥=2♠+3♣, 7♥=7♣.",
        "The computer's expert would play: 5♦=2♠+3♣.",
        "The computer's expert would play: 5♦=2♠+3♣."]  # the last step again: there is no third
    assert any(line.startswith("I cannot read this as a move: “blah”") for line in out)
    assert "That move is not allowed. 2♠ 3♣ adds up to 5, not 7: every group must make 7. Try again." in out
    assert "Player 2 captures K♣ with K♥." in out  # the computer's move, told by its event
    assert "Table: 7♣; builds: [5♦, 2♠+3♣] = 5, owned by You (player 1)" in out
    assert ("That move is not allowed. You own the build of 5 on the table (5♦ 2♠ 3♣), so you may not "
            "trail: capture, build or add to a build instead. Try again.") in out
    assert out[-1] == "You left the game."


def test_casino_plays_for_three_and_the_expert_is_the_default(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert DEFAULT_LEVEL["casino"] == "expert"
    session = make_session("expert", "three", 2, game="casino")
    assert session.rules == CasinoRules(players=3) and len(session.computers) == 2
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--game", "casino", "--rules", "three", "--lang", "hu", "--no-save"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Casino a gép ellen, 21 pontig.") and "Gép (3. játékos): 4 lap lefordítva" in out
    assert main(["play", "--game", "casino", "--rules", "v6", "--no-save"]) == 2
    error = capsys.readouterr().err
    assert "--rules: casino has no preset 'v6'; choose one of standard, three, teams" in error
