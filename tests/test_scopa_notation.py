"""Scopa's written forms: moves, positions and records, both ways, and their errors.

Every error names what is wrong (the field, the token, the line); positions no game reaches are
refused with the reason; a Kaszinó record still reads as before, and neither reader takes the
other family's record.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from scopa_positions import cards

from kaszino.errors import KaszinoError, NotationError
from kaszino.games import read_record
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.scopa import NextDeal, ScopaMove, ScopaRules, ScopaState, new_game, parse_move
from kaszino.games.scopa.notation import read_position, write_position
from kaszino.games.scopa.record import ScopaRecord, record_game
from kaszino.games.scopa.rules import format_rules, parse_rules

# --- moves ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "move"), [
    ("7♦=7♣", ScopaMove(cards("7♦")[0], cards("7♣"))),
    ("K♠=3♥+7♦", ScopaMove(cards("K♠")[0], cards("3♥ 7♦"))),
    ("K♠ = 7♦ + 3♥", ScopaMove(cards("K♠")[0], cards("3♥ 7♦"))),
    ("5♣", ScopaMove(cards("5♣")[0])),
    ("5C", ScopaMove(cards("5♣")[0])),
    ("next", NextDeal()),
])
def test_moves_read(text: str, move: object) -> None:
    assert parse_move(text) == move


def test_moves_write_and_read_back() -> None:
    for move in (parse_move("K♠=7♦+3♥"), parse_move("A♦"), NextDeal()):
        assert parse_move(str(move)) == move
    assert str(parse_move("K♠=7♦+3♥")) == "K♠=3♥+7♦"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty move"),
    ("5♠+A♥=6♦", "exactly one hand card"),
    ("K♠=", "name the table cards"),
    ("=3♥", "name the hand card"),
    ("K♠=3♥+3♥", "appears twice"),
    ("K♠=3♥++7♦", "not a card"),
    ("Z♠", "not a card"),
    ("x" * 300, "at most 200 characters"),
])
def test_bad_moves_are_named(text: str, message: str) -> None:
    with pytest.raises(KaszinoError, match=message):
        parse_move(text)


# --- rules ----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [
    ScopaRules(), ScopaRules(scopa=False), ScopaRules(primiera=False),
    ScopaRules(kings_redeal=True, target=21), ScopaRules(False, False, True, 5),
])
def test_rules_round_trip(rules: ScopaRules) -> None:
    assert parse_rules(format_rules(rules)) == rules


@pytest.mark.parametrize(("text", "message"), [
    ("classic", "no preset 'classic'"), ("standard,scopa=maybe", "'true' or 'false'"),
    ("standard,speed=1", "'field=value'"), ("standard,target=0", "out of range"),
    ("standard,target=5,target=6", "given twice"),
])
def test_bad_rules_are_named(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_rules(text)


# --- positions ------------------------------------------------------------------------------


def random_states(seed: int, count: int) -> list[ScopaState]:
    rnd = random.Random(seed)
    state, states = new_game(seed=seed, rules=ScopaRules(target=21)), []
    while len(states) < count and not state.finished:
        states.append(state)
        state = state.play(rnd.choice(state.legal_moves()))
    return states


def test_positions_round_trip_exactly() -> None:
    for state in random_states(4, 300):
        text = state.notation()
        assert ScopaState.from_notation(text) == state
        assert ScopaState.from_notation(text).notation() == text


def test_a_position_reads_in_any_field_order_and_card_spelling() -> None:
    state = new_game(seed=1)
    pieces = state.notation().split("; ")
    text = "; ".join(reversed(pieces)).replace("♠", "S")
    assert ScopaState.from_notation(text) == state


START = new_game(seed=1).notation()


def _with(field: str, value: str) -> str:
    return "; ".join(f"{field}={value}" if piece.startswith(f"{field}=") else piece
                     for piece in START.split("; "))


@pytest.mark.parametrize(("text", "message"), [
    ("", "missing fields"),
    (START + "; colour=red", "unknown field 'colour'"),
    (START + "; seed=1", "seed: given twice"),
    (_with("round", "7"), r"round: '7' is out of range \(1..6\)"),
    (_with("dealer", "2"), "dealer: '2' is out of range"),
    (_with("scores", "0"), "scores: 1 entries in '0', but there are 2 players"),
    (_with("hands", "8♠ | -"), "not in the Scopa deck"),
    (_with("table", "-"), "are nowhere"),
    (_with("to_move", "1"), "to_move: player 1"),
    (_with("scores", "3 | 0"), "the first deal starts at 0 | 0"),
    (_with("scopas", "1 | 0"), "cannot have made 1"),
    (_with("last_capturer", "0"), "last_capturer"),
    (_with("result", "0"), "result: the totals give -"),
    (_with("rules", "fast"), "rules: rules: no preset 'fast'"),
    (_with("hands", "K♦ J♠ Q♥ Z | 2♣ 5♥ J♣"), r"hands\[0\]: not a card: 'Z'"),
])
def test_bad_positions_are_named(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        ScopaState.from_notation(text)


def _moved(state: ScopaState, **changes: object) -> str:
    """The notation of ``state`` with some fields changed (every card still somewhere, once)."""
    return write_position(replace(read_position(state.notation()), **changes))


def test_unreachable_positions_are_named() -> None:
    state = next(state for state in random_states(6, 200)
                 if len(state.piles[0]) >= 4 and state.round < 6 and state.hands[0])
    piles, talon = state.piles, state.talon
    cases = {
        "a capture takes at least two": {"piles": (piles[0][:1], piles[1] + piles[0][1:])},
        f"talon: {len(talon) - 1} cards in round {state.round}": {
            "talon": talon[1:], "piles": (piles[0] + talon[:1], piles[1])},
        "hands: ": {"hands": (state.hands[0][1:], state.hands[1] + state.hands[0][:1])},
    }
    for message, changes in cases.items():
        with pytest.raises(NotationError, match=message):
            ScopaState.from_notation(_moved(state, **changes))
    without_scopa = replace(state.rules, scopa=False)
    if any(state.scopas):
        with pytest.raises(NotationError, match="scopas"):
            ScopaState.from_notation(_moved(state, rules=without_scopa))


# --- records --------------------------------------------------------------------------------


def _game(seed: int, rules: ScopaRules | None = None) -> tuple[ScopaState, list[ScopaMove | NextDeal]]:
    rnd = random.Random(seed)
    start = new_game(seed=seed, rules=rules)
    state, moves = start, []
    while not state.finished:
        move = rnd.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
    return start, moves


def test_records_round_trip_and_replay_every_state() -> None:
    start, moves = _game(2)
    record = record_game(start, moves)
    text = record.to_text()
    assert text.startswith("Game: scopa\nRules: standard\nSeed: 2\nDealer: 1\nResult: ")
    assert record.deck is None
    back = ScopaRecord.from_text(text)
    assert back == record and back.final_state().finished
    assert len(list(back.replay())) == len(moves) + 1


def test_a_record_of_a_given_deck_keeps_the_deck() -> None:
    deck = tuple(reversed(new_game(seed=0).talon)) + new_game(seed=0).table + new_game(seed=0).hands[0] \
        + new_game(seed=0).hands[1]
    start = new_game(seed=9, deck=deck)
    record = record_game(start, [start.legal_moves()[0]])
    assert record.deck is not None and ScopaRecord.from_text(record.to_text()).start() == start


@pytest.mark.parametrize(("change", "message"), [
    (lambda text: text.replace("Game: scopa\n", ""), "no 'Game:' line"),
    (lambda text: text.replace("Game: scopa", "Game: kaszino"), "this is a Scopa record"),
    (lambda text: text.replace("Seed: 2", "Seed: two"), "line 3: Seed: expected a whole number"),
    (lambda text: text.replace("\n1. ", "\n2. "), "numbered 2, but this is move 1"),
    (lambda text: text.replace("Result: ", "Result: 9 #"), "Result: '9'"),
    (lambda text: text + "Colour: red\n", "unknown header 'Colour'"),
    (lambda text: text.replace("\n3. ", "\n3. K♣=A♣+2♣+3♣+4♣ #"), "line 9: move 3: illegal move"),
])
def test_bad_records_are_named(change: object, message: str) -> None:
    start, moves = _game(2)
    text = record_game(start, moves).to_text()
    with pytest.raises(NotationError, match=message):
        ScopaRecord.from_text(change(text))  # type: ignore[operator]


def test_a_kaszino_reader_refuses_a_scopa_record_and_reads_its_own() -> None:
    start, moves = _game(2)
    with pytest.raises(NotationError, match="unknown header 'Game'"):
        GameRecord.from_text(record_game(start, moves).to_text())
    kaszino = "Rules: standard\nSeed: 7\nDealer: 1\n\n1. 7♣+5♠=Q♦\n"
    assert str(GameRecord.from_text(kaszino).moves[0]) == "7♣+5♠ = Q♦"


def test_a_record_of_either_family_is_read_by_its_first_line() -> None:
    start, moves = _game(3)
    scopa = record_game(start, moves).to_text()
    assert read_record("# a comment first\n" + scopa) == ScopaRecord.from_text(scopa)
    kaszino = "Rules: standard\nSeed: 7\nDealer: 1\n\n1. 7♣+5♠=Q♦\n"
    assert read_record(kaszino) == GameRecord.from_text(kaszino)
    with pytest.raises(NotationError, match="Game: no game family 'bridge'"):
        read_record("Game: bridge\nRules: standard\nSeed: 1\n")
