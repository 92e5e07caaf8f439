"""Game records: save, load and replay reach the same states; bad records name the line and move."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from reference import play_all, stacked_deck
from test_notation import DOCS, History, histories, play_randomly

from kaszino import PRESETS, IllegalMoveError, KaszinoError, Lay, NotationError, Rules, new_game, parse_move
from kaszino.games.kaszino.record import GameRecord, record_game


@given(histories())
def test_save_load_replay_reaches_every_state_again(history: History) -> None:
    start, moves, states = history
    record = record_game(start, moves)
    loaded = GameRecord.from_text(record.to_text())
    assert loaded == record
    assert list(loaded.replay()) == states
    assert loaded.final_state() == states[-1]


@given(histories())
def test_a_record_from_the_states_replays_them(history: History) -> None:
    _, _, states = history
    assert list(record_game(states).replay()) == states


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_whole_games_under_every_preset_survive_the_text(name: str) -> None:
    start, moves, states = play_randomly(PRESETS[name], seed=11, steps=2000, rng=random.Random(name))
    loaded = GameRecord.from_text(record_game(start, moves).to_text())
    assert loaded.final_state() == states[-1]
    assert loaded.final_state().finished


DECK = stacked_deck("5S AH KC", "2D 3C 4H", "2H 4C 7H 9S")
OPENING = ["5♠+A♥ = 2♥+4♣", "4♥", "K♣ = 4♥+9♠"]


def test_the_text_format() -> None:
    record = record_game(new_game(seed=42, deck=DECK), [parse_move(m) for m in OPENING])
    assert record.deck == DECK
    assert record.to_text() == (
        "Rules: standard\nSeed: 42\nDealer: 1\n"
        f"Deck: {' '.join(map(str, DECK))}\n"
        "Result: -\n\n"
        "1. 5♠+A♥ = 2♥+4♣\n2. 4♥\n3. K♣ = 4♥+9♠\n"
    )


def test_a_shuffled_first_deal_needs_no_deck_line() -> None:
    record = record_game(new_game(PRESETS["p3"], seed=9, dealer=0), [])
    assert record.deck is None
    assert record.to_text() == "Rules: p3\nSeed: 9\nDealer: 0\nResult: -\n\n"


def test_comments_blank_lines_lower_case_headers_and_unnumbered_moves_are_read() -> None:
    text = f"""# a game from the rules tutorial
rules: standard   # the main description
SEED: 42
Deck: {" ".join(card.ascii() for card in DECK)}

5S+AH = 2H+4C     # 6 = 6
2. 4H
K♣ = 4♥+9♠
"""
    record = GameRecord.from_text(text)
    assert record.dealer == 1  # the last player deals by default
    assert record.final_state() == play_all(new_game(seed=42, deck=DECK), OPENING)


HEAD = f"Rules: standard\nSeed: 42\nDeck: {' '.join(map(str, DECK))}\n"


@pytest.mark.parametrize(("text", "message"), [
    (HEAD + "1. 5♠+A♥ = 2♥+4♣\n2. K♠\n",
     "line 5: move 2: illegal move K♠. Not in the hand of player 2: K♠."),
    (HEAD + "1. 5♠+K♣ = 9♠+7♥+2♥\n", "line 4: move 1: illegal move 5♠+K♣ = 9♠+7♥+2♥. The sum is too "
         "high: 5+K = 18 > 13."),
    (HEAD + "1. 5♠\n2. jump\n", "line 5, move 2: not a card: 'jump'"),
    (HEAD + "1. 5♠\n3. 2♦\n", "line 5: numbered 3, but this is move 2"),
    (HEAD + "1. 5♠\nSeed: 43\n", "line 5: header 'Seed' after the moves"),
    (HEAD + "Colour: red\n", "line 4: unknown header 'Colour'; known: Rules, Seed, Dealer, Deck, Result"),
    (HEAD + "Seed: 43\n", "line 4: second 'Seed' line"),
    (HEAD + "Result: 0\n1. 5♠\n", "line 4: Result: '0', but the moves end with '-'"),
    (HEAD.replace("Seed: 42", "Seed: forty-two"),
     "line 2: Seed: expected a whole number 0..18446744073709551615 in ASCII digits, got 'forty-two'"),
    (HEAD.replace("Rules: standard", "Rules: v9"), "line 1: Rules: unknown rules preset 'v9'"),
    (HEAD.replace("Deck: 5♠", "Deck: "),
     "line 3: Deck: a deck must hold each of the 52 cards once; got 51 cards, missing 5♠"),
    (HEAD + "Dealer: 2\n", "the game cannot start: dealer must be 0..1, not 2"),
    ("Seed: 1\n", "the record has no 'Rules:' line"),
])
def test_bad_records_name_the_line_and_the_move(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        GameRecord.from_text(text)


def test_replaying_an_illegal_move_names_its_number_and_the_reason() -> None:
    record = GameRecord(Rules(), 42, DECK, 1, (Lay(DECK[0]), Lay(DECK[0])))
    states = record.replay()
    assert next(states) == new_game(seed=42, deck=DECK)
    next(states)
    reason = "move 2: illegal move 5♠. Not in the hand of player 2: 5♠."
    with pytest.raises(IllegalMoveError, match=re.escape(reason)):
        next(states)


def test_record_game_checks_its_input() -> None:
    start = new_game(seed=42, deck=DECK)
    with pytest.raises(IllegalMoveError, match=re.escape("move 1: illegal move 2♦")):
        record_game(start, [Lay(DECK[3])])
    with pytest.raises(KaszinoError, match=re.escape("a record begins at the start of a game")):
        record_game(play_all(start, ["5♠"]), [])
    with pytest.raises(KaszinoError, match=re.escape("or a non-empty list of states")):
        record_game([])
    after = play_all(start, ["5♠"])
    with pytest.raises(KaszinoError, match=re.escape("state 1 does not follow from state 0 by any move")):
        record_game([start, play_all(after, ["2♦"])])


def docs_block(starting: str) -> str:
    """The fenced block of docs/notation.md whose first line starts with ``starting``."""
    blocks: list[str] = re.findall(r"```\w*\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.DOTALL)
    return next(block for block in blocks if block.startswith(starting))


def test_the_record_in_the_docs_reads() -> None:
    record = GameRecord.from_text(docs_block("# Opening"))
    assert record.final_state() == play_all(new_game(seed=42), ["4♣ = 2♥+2♠", "K♠", "2♦", "10♦+3♥ = K♠"])


def test_the_python_example_in_the_docs_runs() -> None:
    exec(docs_block("from kaszino import new_game"), {})
