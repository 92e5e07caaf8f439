"""The one-line position notation: exact round trips on reachable states, the ASCII spelling,
and errors that name the field and the bad token (docs/notation.md)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import play_all, stacked_deck

from kaszino import PRESETS, Capture, Card, GameState, KaszinoError, Move, NotationError, Rules, new_game
from kaszino.games.kaszino.notation import FIELDS, format_rules, parse_rules

History = tuple[GameState, list[Move], list[GameState]]


def play_randomly(rules: Rules, seed: int, steps: int, rng: random.Random) -> History:
    """A game of up to ``steps`` random moves: the start, the moves and every state reached.

    Under V6 a quarter of the mover's turns attempt a random capture, usually a false one.
    """
    start = state = new_game(rules, seed=seed)
    moves: list[Move] = []
    states = [start]
    while len(moves) < steps and not state.finished:
        hand = state.hands[state.to_move]
        move: Move
        if rules.fals and not state.deal_over and hand and state.table and rng.random() < 0.25:
            move = Capture(tuple(rng.sample(hand, rng.randint(1, len(hand)))),
                           tuple(rng.sample(state.table, rng.randint(1, len(state.table)))))
        else:
            move = rng.choice(state.legal_moves())
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return start, moves, states


@st.composite
def histories(draw: st.DrawFn) -> History:
    """A random game under a random preset, cut after a random number of moves."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, 250))
    return play_randomly(rules, seed, steps, random.Random(draw(st.integers(0, 2**16))))


START = new_game(deck=stacked_deck("5S AH KC", "2D 3C 4H", "2H 4C 7H 9S"), seed=5)


def changed(field: str, value: str, state: GameState = START) -> str:
    """The notation of ``state`` with one field's value replaced."""
    return re.sub(rf"(^|; ){field}=[^;]*", lambda m: f"{m.group(1)}{field}={value}", state.notation())


# --- round trips --------------------------------------------------------------------------------
@given(histories())
def test_every_state_of_a_random_game_reads_back_exactly(history: History) -> None:
    for state in history[2]:
        assert GameState.from_notation(state.notation()) == state


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_whole_games_under_every_preset_read_back_exactly(name: str) -> None:
    _, _, states = play_randomly(PRESETS[name], seed=7, steps=2000, rng=random.Random(name))
    assert states[-1].finished
    for state in states:
        assert GameState.from_notation(str(state)) == state


def test_v6_pending_false_attempt_reads_back_and_can_still_be_challenged() -> None:
    start = new_game(PRESETS["v6"], deck=stacked_deck("5S AH KC", "2D 3C 4H", "2H 4C 7H 9S"))
    attempt = play_all(start, ["K♣ = 2♥+4♣"])
    assert attempt.pending is not None and attempt.pending.false
    text = attempt.notation()
    assert text.endswith("; pending=K♣ = 2♥+4♣")
    assert "hands=5♠ A♥ K♣ | 2♦ 3♣ 4♥" in text  # the position before the attempt
    back = GameState.from_notation(text)
    assert back == attempt
    assert play_all(back, ["fals 1"]) == play_all(attempt, ["fals 1"])


def test_a_finished_game_reads_back_with_its_result() -> None:
    _, _, states = play_randomly(PRESETS["v4"], seed=3, steps=2000, rng=random.Random(3))
    final = states[-1]
    text = final.notation()
    token = re.search(r"result=(\S+);", text)
    assert token is not None
    assert token.group(1) == ("draw" if final.winner is None else str(final.winner))
    assert GameState.from_notation(text) == final


def test_the_written_form_is_stable() -> None:
    talon = " ".join(str(card) for card in START.talon)
    assert START.notation() == (
        "rules=standard; seed=5; deal=1; dealer=1; scores=0 | 0; round=1; to_move=0; forced=-; "
        "last_capturer=-; hands=5♠ A♥ K♣ | 2♦ 3♣ 4♥; table=2♥ 4♣ 7♥ 9♠; "
        f"talon={talon}; piles=- | -; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-"
    )
    assert [piece.split("=")[0] for piece in START.notation().split("; ")] == list(FIELDS)


def test_the_plain_ascii_spelling_is_accepted() -> None:
    ascii_text = re.sub(r"(10|[2-9AJQK])[♠♥♦♣]", lambda m: Card.parse(m.group(0)).ascii(), START.notation())
    assert "hands=5S AH KC | 2D 3C 4H; table=2H 4C 7H 9S;" in ascii_text
    assert GameState.from_notation(ascii_text) == START
    lower = ascii_text.replace("10D", "TD").replace("hands=5S AH KC", "hands=5s ah kc")
    assert GameState.from_notation(lower) == START


def test_fields_may_come_in_any_order_with_any_spacing() -> None:
    state = new_game(seed=2)
    pieces = state.notation().split("; ")
    assert GameState.from_notation(" ;  ".join(reversed(pieces)) + ";") == state


# --- rules ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_preset_is_written_by_its_name_alone(name: str) -> None:
    assert format_rules(PRESETS[name]) == name
    assert parse_rules(name) == PRESETS[name]


def test_changed_fields_follow_the_preset_name() -> None:
    rules = PRESETS["v6"].with_changes(claim="manual", target=15, fals_penalty=3)
    assert format_rules(rules) == "v6,target=15,claim=manual,fals_penalty=3"
    assert parse_rules("v6, claim=manual ,target=15,fals_penalty=3") == rules
    house = Rules(capture_limit=None, fixed_deals=3, target=None, name="house")
    assert format_rules(house) == "standard,capture_limit=none,target=none,fixed_deals=3,name=house"
    assert parse_rules(format_rules(house)) == house


@pytest.mark.parametrize(("text", "message"), [
    ("v9", "unknown rules preset 'v9'"),
    ("standard,target=abc", "target='abc' is not allowed; expected a whole number or none"),
    ("standard,fals=yes", "fals='yes' is not allowed; expected true or false"),
    ("standard,claim=sometimes", "claim='sometimes' is not allowed; expected auto or manual"),
    ("standard,speed=3", "'speed=3' is not 'field=value' with a field of Rules"),
    ("standard,target=12,target=13", "target is given twice"),
    ("standard,players=5", "players must be a whole number 2..4, not 5"),
])
def test_bad_rules_are_named(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        parse_rules(text)


def test_a_rules_name_that_would_break_the_line_is_refused() -> None:
    message = "name must be 1..40 printable characters without , ; = | #"
    with pytest.raises(KaszinoError, match=re.escape(message)):
        Rules(name="a;b")


def test_states_no_game_can_reach_are_refused_rather_than_written_wrongly() -> None:
    start = new_game(PRESETS["v6"], deck=stacked_deck("5S AH KC", "2D 3C 4H", "2H 4C 7H 9S"))
    attempt = play_all(start, ["K♣ = 2♥+4♣"])
    assert attempt.pending is not None
    with pytest.raises(NotationError, match=re.escape("pending: the attempted capture does not lead")):
        replace(attempt, bonus=(1, 0)).notation()
    with pytest.raises(NotationError, match=re.escape("result: a winner (1) in a game that is not finished")):
        replace(START, winner=1).notation()


# --- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    (changed("rules", "v9"), "rules: unknown rules preset 'v9'; known: standard, s003"),
    (changed("table", "2♥ 4♣ 7♥"), "cards: missing 9♠"),
    (changed("table", "2♥ 4♣ 7♥ 9♠ 5♠"),
     "cards: each card must appear once; repeated: 5♠ in hands[0] and table"),
    (changed("hands", "5♠ A♥ K♣ | 2♦ 3♣ 4♥ | 6♠"),
     "hands: 3 entries in '5♠ A♥ K♣ | 2♦ 3♣ 4♥ | 6♠', but there are 2 players"),
    (changed("hands", "5♠ A♥ ZZ | 2♦ 3♣ 4♥"), "hands[0]: not a card: 'ZZ'"),
    (changed("to_move", "2"), "to_move: '2' is not a player (players are 0..1)"),
    (changed("dealer", "-1"), "dealer: '-1' is not a player (players are 0..1)"),
    (changed("last_capturer", "x"), "last_capturer: 'x' is not a player"),
    (changed("round", "9"), "round: '9' is out of range (1..8)"),
    (changed("round", "2"), "talon: 42 cards, but after round 2 of 8 the talon holds 36"),
    (changed("deal", "first"), "deal: expected a whole number 1..1000000 in ASCII digits, got 'first'"),
    (changed("scores", "0 | x"), "scores[1]: expected a whole number 0..1000000 in ASCII digits, got 'x'"),
    (changed("forced", "twice"), "forced: 'twice' is not one of -, lay, again"),
    (changed("result", "won"), "result: 'won' is not '-', 'draw' or a player 0..1"),
    (changed("pending", "K♣ = 4♣+9♠"), "pending: 'K♣ = 4♣+9♠', but only rules with fals=true (V6)"),
    (changed("pending", "K♣ = 4♣+9♠").replace("rules=standard", "rules=v6").replace("K♣ =", "K♥ ="),
     "pending: illegal move K♥ = 4♣+9♠. Not in the hand of player 1: K♥."),
    (changed("pending", "ausz 0").replace("rules=standard", "rules=v6"),
     "pending: 'ausz 0' is not a capture"),
    ("hello", "'hello' is not 'field=value'; the fields are rules, seed"),
    (START.notation() + "; colour=red", "unknown field 'colour'"),
    (START.notation() + "; seed=6", "seed: given twice"),
    (START.notation().replace("; bonus=0 | 0", "").replace("; pending=-", ""),
     "missing fields: bonus, pending"),
])
def test_bad_notation_names_the_field_and_token(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        GameState.from_notation(text)


def test_a_hand_bigger_than_the_round_deals_is_refused() -> None:
    text = changed("table", "2♥ 4♣ 7♥").replace("hands=5♠ A♥ K♣", "hands=5♠ A♥ K♣ 9♠")
    with pytest.raises(NotationError, match=re.escape("hands[0]: 4 cards, but round 1 deals 3")):
        GameState.from_notation(text)


def test_the_player_to_move_must_hold_cards_while_the_deal_goes_on() -> None:
    after_lay = play_all(START, ["5♠"])
    assert after_lay.to_move == 1
    with pytest.raises(NotationError, match=re.escape("to_move: player 0 holds no cards")):
        GameState.from_notation(changed("to_move", "0", after_lay).replace("hands=A♥ K♣", "hands=-")
                      .replace("table=2♥ 4♣ 7♥ 9♠ 5♠", "table=2♥ 4♣ 7♥ 9♠ 5♠ A♥ K♣"))


DOCS = Path(__file__).parent.parent / "docs" / "notation.md"


def test_the_positions_in_the_docs_read_and_write_back_unchanged() -> None:
    lines = [line for line in DOCS.read_text(encoding="utf-8").splitlines() if line.startswith("rules=")]
    positions = [line for line in lines if "; seed=" in line]
    assert len(positions) == 2
    for line in positions:
        assert GameState.from_notation(line).notation() == line
    for line in lines:
        if line not in positions:
            parse_rules(line.removeprefix("rules="))
