"""Casino's written forms: moves, positions with builds, and records (docs/casino.md)."""

from __future__ import annotations

import random

import pytest
from casino_positions import build, position

from kaszino.engine.cards import Card
from kaszino.errors import KaszinoError, NotationError
from kaszino.games import read_record, record_family
from kaszino.games.casino import (
    BuildMove,
    Capture,
    CasinoRecord,
    CasinoRules,
    CasinoState,
    NextDeal,
    Trail,
    new_game,
    parse_move,
    record_game,
)
from kaszino.games.casino.players import GreedyPlayer

C = Card.parse


@pytest.mark.parametrize(("text", "move"), [
    ("5♣", Trail(C("5♣"))),
    ("8♠=2♣+6♦,8♥,[3♣+5♥]", Capture(C("8♠"), ((C("8♥"),), (C("6♦"), C("2♣"))), ((C("5♥"), C("3♣")),))),
    ("3♠:8=5♥", BuildMove(C("3♠"), 8, ((C("5♥"),),))),
    ("2♠:8=[3♥+3♦]", BuildMove(C("2♠"), 8, (), (C("3♥"), C("3♦")))),
    ("6♠:9=3♣,[9♦]", BuildMove(C("6♠"), 9, ((C("3♣"),),), (C("9♦"),))),
    ("next", NextDeal()),
])
def test_every_kind_of_move_is_written_and_read(text: str, move: object) -> None:
    assert parse_move(text) == move and str(move) == text
    assert parse_move(text.replace("♠", "S").replace(",", " , ")) == move


@pytest.mark.parametrize(("text", "message"), [
    ("8♠+A♠=9♦", "exactly one hand card"), ("8♠=", "name the table cards"), ("8♠=5♥,,3♣", "one ','"),
    ("3♠:8", "names its table cards"), ("2♠:8=[3♦],[3♥]", "one build at most"), ("8♠=[]", "inside"),
    ("8♠=8♠", "twice"), ("", "empty"),
])
def test_bad_moves_name_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(KaszinoError, match=message):
        parse_move(text)


def test_positions_with_builds_read_back() -> None:
    state = position("8♠ 2♠ 6♥", "8♦ 3♥ A♣", table="2♣ 6♦",
                     builds=(build("5♥+3♣=8", 1), build("2♦+4♦,6♠=6", 0)), to_move=1)
    text = state.notation()
    assert "builds=[5♥+3♣]=8@1 [2♦+4♦,6♠]=6@0" in text
    assert CasinoState.from_notation(text) == state
    assert CasinoState.from_notation(text.replace("[5♥+3♣]=8@1", "[ 5♥ + 3♣ ] = 8 @ 1")) == state


@pytest.mark.parametrize(("change", "message"), [
    (("=8@1", "=8@0"), "keeps no card of its value"),
    (("=8@1", "=9@1"), "making the value"),
    (("=8@1", "=8@5"), "not a player"),
    (("builds=[", "builds=x["), "is not '-' or builds"),
])
def test_unreachable_or_bad_builds_are_refused(change: tuple[str, str], message: str) -> None:
    state = position("7♠ 2♠ 6♥", "8♦ 3♥ A♣", table="2♣ 6♦", builds=(build("5♥+3♣=8", 1),), to_move=1)
    with pytest.raises(NotationError, match=message):
        CasinoState.from_notation(state.notation().replace(*change, 1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_a_game_reads_back(players: int) -> None:
    rnd = random.Random(players)
    state = new_game(seed=11, rules=CasinoRules(players=players))
    while not state.finished:
        assert CasinoState.from_notation(state.notation()) == state
        state = state.play(rnd.choice(state.legal_moves()))
    assert CasinoState.from_notation(state.notation()) == state and "result=" in state.notation()


def test_records_replay_builds_and_name_the_family() -> None:
    start = new_game(seed=4, rules=CasinoRules(players=3))
    state, moves, player = start, [], GreedyPlayer(1)
    while not state.finished:
        move = NextDeal() if state.deal_over else player.choose(state)
        moves.append(move)
        state = state.play(move)
    assert any(isinstance(move, BuildMove) for move in moves)
    record = record_game(start, moves)
    text = record.to_text()
    assert text.startswith("Game: casino\nRules: three\n")
    assert CasinoRecord.from_text(text) == record and record_family(text).name == "casino"
    assert read_record(text) == record and record.final_state() == state
    with pytest.raises(NotationError, match="line 7"):
        CasinoRecord.from_text(text.replace("1. ", "1. K♠=K♥", 1) if "1. " in text else text + "x")
    with pytest.raises(NotationError, match="this is a Casino record"):
        CasinoRecord.from_text(text.replace("Game: casino", "Game: scopa"))
    with pytest.raises(KaszinoError, match="begins at the start"):
        record_game(start.play(start.legal_moves()[0]), [])
