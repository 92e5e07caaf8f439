"""The error contract, case by case: each bad input the hardening issue found, and its neighbours.

Every case must raise ``KaszinoError`` (or a subclass) whose message names the field or token;
tests/test_fuzz.py checks the same contract on generated inputs.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from progress_reading import read_everything
from shipped import SHIPPED
from work import at_most

from kaszino import (
    DECK,
    STANDARD,
    Capture,
    Card,
    Challenge,
    Claim,
    GameRecord,
    GameState,
    KaszinoError,
    Lay,
    Pass,
    Rules,
    Suit,
    best_captures,
    capture_problem,
    captures,
    count_captures,
    count_sweeps,
    distinct_capture_sums,
    explain_move,
    format_cards,
    hint_ladder,
    new_game,
    parse_cards,
    parse_move,
    solve,
    subset_sum_counts,
    sweeps,
    tr,
)
from kaszino.classroom import (
    chance_of_capture,
    chance_of_sweep,
    dp_rows,
    estimate,
    first_move_captures,
    first_move_distribution,
    limit_effect,
    listed_subsets,
    sample_first_moves,
    size_sum_counts,
    sum_ways,
    table_sum_distribution,
)
from kaszino.cli import main
from kaszino.errors import MESSAGE_LIMIT, CardParseError, IllegalMoveError, NotationError, PuzzleFormatError
from kaszino.games.kaszino.dealing import shuffled_deck
from kaszino.games.kaszino.notation import parse_rules
from kaszino.games.kaszino.players import GreedyPlayer, computer_call, computer_move, seen_key, table_moves
from kaszino.i18n import seat_name, set_language
from kaszino.inputs import read_whole
from kaszino.players.session import Session, make_session
from kaszino.puzzles.puzzle import THEMES, load_all, load_puzzles, parse_puzzles, recheck
from kaszino.teach.annotate import annotate
from kaszino.teach.exercises import read_number
from kaszino.teach.odds import format_margin

GOOD = SHIPPED[0].to_record()
START = new_game(seed=7)


def wrong(value: object) -> Any:
    """``value`` typed as anything: the argument of the wrong type a test passes on purpose."""
    return value


def refused(call: Callable[[], object], *names: str, error: type[KaszinoError] = KaszinoError) -> str:
    """Run ``call``; it must raise ``error`` whose message holds every one of ``names``."""
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert 0 < len(message) <= MESSAGE_LIMIT
    for name in names:
        assert name in message, f"{name!r} not in {message!r}"
    return message


def field(name: str, value: str, state: GameState = START) -> str:
    """The notation of ``state`` with one field's value replaced."""
    return re.sub(rf"(^|; ){name}=[^;]*", lambda m: f"{m.group(1)}{name}={value}", state.notation())


# --- numbers: ASCII digits only, within bounds, one reader --------------------------------------
@pytest.mark.parametrize("token", ["²", "¹", "٣", "1_000", "+5", " 5", "5 ", "", "-1", "0x10", "5" * 4301])
def test_the_number_reader_takes_ascii_digits_within_bounds_only(token: str) -> None:
    refused(lambda: read_whole("count", token, 0, 100), "count")


def test_the_number_reader_reads_plain_numbers() -> None:
    assert read_whole("n", "42", 0, 100) == 42
    assert read_whole("n", "-3", -5, 5) == -3
    assert read_whole("n", "007", 0, 100) == 7


@pytest.mark.parametrize(("text", "names"), [
    ("ausz ²", ["ausz: player", "'²'"]),
    ("fals ¹", ["fals: player", "'¹'"]),
    ("ausz " + "9" * 900, ["ausz: player"]),
    ("ausz " + "9" * 4301, ["at most 1000 characters"]),
    ("ausz 4", ["ausz: player"]),
])
def test_calls_name_their_player_token(text: str, names: list[str]) -> None:
    refused(lambda: parse_move(text), *names, error=NotationError)


@pytest.mark.parametrize(("name", "value", "names"), [
    ("to_move", "²", ["to_move", "'²'"]),
    ("seed", "9" * 4301, ["seed"]),
    ("seed", "-1", ["seed", "'-1'"]),
    ("deal", "٣", ["deal", "'٣'"]),
    ("round", "¹", ["round"]),
    ("scores", "0 | -1", ["scores[1]", "'-1'"]),
    ("tabla_points", "-2 | 0", ["tabla_points[0]"]),
    ("bonus", "0 | -1", ["bonus[1]"]),
    ("rules", "standard,target=" + "1" * 4301, ["target"]),
    ("rules", "standard,target=²", ["target"]),
])
def test_notation_numbers_are_ascii_digits_within_bounds(name: str, value: str, names: list[str]) -> None:
    refused(lambda: GameState.from_notation(field(name, value)), *names, error=NotationError)


@pytest.mark.parametrize(("name", "value"), [("table", ""), ("talon", ""), ("hands", " | "),
                                           ("piles", "- |")])
def test_an_empty_card_list_is_written_as_a_dash(name: str, value: str) -> None:
    refused(lambda: GameState.from_notation(field(name, value)), name, "'-'", error=NotationError)


def test_record_numbers_are_ascii_digits_within_bounds() -> None:
    text = GameRecord(STANDARD, 7, None, 1, (START.legal_moves()[-1],)).to_text()
    arabic_seven = text.replace("Seed: 7", "Seed: ٧")
    refused(lambda: GameRecord.from_text(arabic_seven), "line 2", "Seed", error=NotationError)
    refused(lambda: GameRecord.from_text(text.replace("Seed: 7", "Seed: " + "7" * 4301)), "Seed")
    refused(lambda: GameRecord.from_text(text.replace("1. ", "¹. ")), "line 6")
    refused(lambda: GameRecord.from_text(text.replace("1. ", "1" * 5000 + ". ")), "move number")


# --- play() takes moves only -------------------------------------------------------------------
@pytest.mark.parametrize("move", [None, 5, "5♠", Claim("0"), Claim(True), Lay("5♠"),  # type: ignore[arg-type]
                                  Capture(["5♠"], ["5♣"]), Capture((Card.parse("5♠"),), None),  # type: ignore
                                  Claim(10**5000), Challenge(-10**5000),
                                  Capture(START.hands[0][:1] * 2, START.table[:1]),
                                  Capture(START.hands[0][:1], START.table[:1] * 10**6)],
                         ids=lambda move: type(move).__name__)
def test_play_refuses_values_that_are_not_moves(move: object) -> None:
    refused(lambda: START.play(move), "illegal move", error=IllegalMoveError)  # type: ignore[arg-type]
    assert not START.is_legal(move)  # type: ignore[arg-type]


def test_an_opponent_that_returns_no_move_cannot_pass_the_turn() -> None:
    from kaszino.jupyter.widgets.table import TableWidget

    refused(lambda: TableWidget(START, learner=1, opponent=lambda state: None), "opponent", "None")  # type: ignore


# --- notation: values that cannot be written back, positions no game reaches ---------------------
@pytest.mark.parametrize("name", ["x=y", "a|b", "a\u200bb", "a;b", "a#b", "x" * 41, "", " padded"])
def test_unwritable_rule_names_are_refused(name: str) -> None:
    refused(lambda: Rules(name=name), "name")
    if name.strip() == name:  # the notation reader drops outer spaces
        refused(lambda: parse_rules(f"standard,name={name}"), "name")


@pytest.mark.parametrize(("changes", "names"), [
    ({"players": "2"}, ["players", "'2'"]),
    ({"capture_limit": True}, ["capture_limit"]),
    ({"capture_limit": 2.5}, ["capture_limit"]),
    ({"fals": 1}, ["fals"]),
    ({"claim": "sometimes"}, ["claim"]),
    ({"target": 10**100}, ["target"]),
    ({"tabla_points": -1}, ["tabla_points"]),
    ({"name": None}, ["name"]),
])
def test_rules_fields_are_checked_by_type_and_range(changes: dict[str, object], names: list[str]) -> None:
    refused(lambda: Rules(**changes), *names)  # type: ignore[arg-type]
    refused(lambda: STANDARD.with_changes(**changes), *names)


def test_unknown_rules_fields_and_presets_are_named() -> None:
    refused(lambda: STANDARD.with_changes(colour="red"), "colour")
    refused(lambda: Rules(colour="red"), "no field named 'colour'")  # type: ignore[call-arg]
    refused(lambda: Rules(*range(25)), "25 values")
    refused(lambda: Rules(3, players=4), "'players' given twice")  # type: ignore[misc]
    refused(lambda: Rules.preset(5), "5")  # type: ignore[arg-type]
    refused(lambda: Rules.preset("v9"), "v9")


def _after(state: GameState, *moves: str) -> GameState:
    for move in moves:
        state = state.play(parse_move(move))
    return state


def test_positions_no_game_reaches_are_refused() -> None:
    won = replace(START, piles=(START.table, ()), table=(), last_capturer=0)
    cases = {
        "forced: lay": field("forced", "lay").replace("last_capturer=-", "last_capturer=1"),
        "forced: again": field("forced", "again").replace("last_capturer=-", "last_capturer=1"),
        "piles: cards in the piles": won.notation().replace("last_capturer=0", "last_capturer=-"),
        "last_capturer: player 1 has an empty pile": field("last_capturer", "1"),
        "result: player 0 wins with 0 points": field("result", "0"),
        "scores: 3 | 0 before deal 1": field("scores", "3 | 0"),
        "bonus[0]": field("bonus", "1 | 0"),
        "tabla_points[1]": field("tabla_points", "0 | 1"),
        "result: draw": field("result", "draw"),
    }
    for names, text in cases.items():
        refused(partial(GameState.from_notation, text), names, "no game reaches", error=NotationError)


def test_an_unfinished_game_over_the_target_is_refused_under_automatic_claims() -> None:
    state = replace(START, scores=(11, 0), deal=2)
    refused(lambda: GameState.from_notation(state.notation()), "player 0 holds 11 points",
            error=NotationError)
    manual = replace(state, rules=STANDARD.with_changes(claim="manual"))
    assert GameState.from_notation(manual.notation()) == manual  # the trainer's claims wait for the learner

    fals = Rules.preset("v6")
    waiting = _reached(fals, lambda s: s.pending is not None and s.round > 1)
    assert waiting.pending is not None
    over = replace(waiting.pending.before, scores=(11, 0), deal=2)  # no capture waits: he would have claimed
    refused(lambda: GameState.from_notation(over.notation()), "player 0 holds", error=NotationError)
    pending_over = field("deal", "2", waiting).replace("scores=0 | 0", "scores=11 | 0")
    assert GameState.from_notation(pending_over).pending is not None  # the claim waits for the window


def _reached(rules: Rules, wanted: Callable[[GameState], bool]) -> GameState:
    """The first state of randomly played games of ``rules`` that is ``wanted``."""
    for seed in range(100):
        rng, state = random.Random(seed), new_game(rules, seed=seed)
        while not state.finished:
            if wanted(state):
                return state
            state = state.play(rng.choice(state.legal_moves()))
    raise AssertionError("no game reached the state wanted")


def test_positions_the_flow_of_a_deal_cannot_reach_are_refused() -> None:
    over = _reached(STANDARD, lambda s: s.deal_over and s.last_capturer is not None)
    sweeper = _reached(Rules.preset("v4"), lambda s: s.forced == "lay")
    capturer = over.last_capturer
    assert capturer is not None
    left = replace(over, table=over.piles[capturer][-2:],
                   piles=tuple(pile[:-2] if p == capturer else pile for p, pile in enumerate(over.piles)))
    v6 = _reached(Rules.preset("v6"), lambda s: s.pending is None and s.round > 1 and not any(s.piles[1]))
    v5 = _reached(Rules.preset("v5"), lambda s: s.round > 1 and not s.finished)
    cases = {
        "forced: lay, but the deal is over": field("forced", "lay", over).replace(
            f"to_move={over.to_move}", f"to_move={(capturer + 1) % 2}"),
        "table: cards left on the table": left.notation(),
        "to_move: 1, but nobody has moved yet": field("to_move", "1"),
        "tabla_points[0]: 999": field("tabla_points", "999 | 999" if all(sweeper.piles) else "999 | 0",
                                      sweeper),
        "bonus[1]: 1": field("bonus", "0 | 1", v6),
        "scores: 30 | 0 after deal 1": field("deal", "2", v5).replace("scores=0 | 0", "scores=30 | 0"),
        "scores: 900 | 0, more than 1 deal(s) hand out": field("deal", "2", v5).replace(
            "scores=0 | 0", "scores=900 | 0").replace("rules=v5", "rules=v5,target=1000"),
    }
    for names, text in cases.items():
        refused(partial(GameState.from_notation, text), names, "no game reaches", error=NotationError)

# --- cards and moves ---------------------------------------------------------------------------
@pytest.mark.parametrize("token", ["5ſ", "5ｓ", "Ｋ♠", "5\u212a", "5♠\u200b", "۵♠", "5♠♠", "1O♦"])
def test_look_alike_letters_are_not_suits_or_ranks(token: str) -> None:
    refused(lambda: Card.parse(token), repr(token)[:6], error=CardParseError)


@pytest.mark.parametrize("text", ["5♣=5♣", "5♣+A♠=5♣", "K♣=A♠+A♠"])
def test_a_capture_names_each_card_once(text: str) -> None:
    refused(lambda: parse_move(text), "appears twice", error=CardParseError)


@pytest.mark.parametrize(("call", "names"), [
    (lambda: Card.parse(wrong(None)), ["None"]),
    (lambda: Card(14, Card.parse("5♠").suit), ["14"]),
    (lambda: Card(5, wrong(2)), ["suit"]),
    (lambda: parse_cards(wrong(5)), ["5"]),
    (lambda: Suit(7), ["suit", "7"]),
    (lambda: shuffled_deck(wrong(None), 1), ["seed", "None"]),
    (lambda: shuffled_deck(1, 0), ["deal", "0"]),
    (lambda: format_cards(wrong([5])), ["cards", "int"]),
    (lambda: parse_move(wrong(None)), ["None"]),
    (lambda: captures(wrong("5♠"), parse_cards("5♣")), ["hand"]),
    (lambda: captures(parse_cards("5♠"), wrong([5])), ["table", "int"]),
    (lambda: captures(parse_cards("5♠"), parse_cards("5♣"), wrong("standard")), ["rules"]),
    (lambda: count_captures(wrong(None), parse_cards("5♣")), ["hand"]),
    (lambda: subset_sum_counts(parse_cards("5♣"), limit=wrong("13")), ["limit"]),
])
def test_wrong_types_of_arguments_are_named(call: Callable[[], object], names: list[str]) -> None:
    refused(call, *names)


FIVE = Card.parse("5♠")


@pytest.mark.parametrize(("call", "names"), [
    (lambda: parse_cards("5♠ " * 16_000_000), ["at most 10000 characters"]),
    (lambda: parse_cards(["5♠"] * 5_000_000), ["cards", "5♠ appears twice"]),
    (lambda: parse_cards(iter(lambda: "5♠", None)), ["cards", "appears twice"]),  # an endless iterator
    (lambda: parse_cards(wrong(b"5S")), ["b'5S'"]),
    (lambda: captures([FIVE] * 10_000_000, parse_cards("5♣")), ["hand", "appears twice"]),
    (lambda: count_captures(parse_cards("5♣"), wrong(iter(lambda: FIVE, None))), ["table", "appears twice"]),
    (lambda: new_game(deck=[FIVE] * 10_000_000), ["deck", "appears twice"]),
    (lambda: GameRecord.from_text("Rules: standard\nSeed: 1\n" + "next\n" * 5_000_000), ["at most 1000000"]),
])
def test_huge_card_lists_and_records_are_refused_at_once(call: Callable[[], object],
                                                         names: list[str]) -> None:
    """Refused after looking at a deck's worth of cards at most: a few hundred lines of Python run,
    where reading the whole input would run millions."""
    with at_most(2_000):
        refused(call, *names)


@pytest.mark.parametrize("call", [captures, capture_problem, count_captures, count_sweeps,
                                  lambda hand, table: distinct_capture_sums(table, hand=hand)])
def test_a_card_in_both_the_hand_and_the_table_is_refused(call: Callable[..., object]) -> None:
    refused(lambda: call(parse_cards("5♠ A♥"), parse_cards("6♣ 5♠")), "both in the hand and on the table",
            "5♠")


@pytest.mark.parametrize(("call", "names"), [
    (lambda: computer_move(new_game(seed=1), wrong("xx")), ["players", "'xx'"]),
    (lambda: computer_move(new_game(seed=1), [GreedyPlayer()]), ["2 players"]),
    (lambda: computer_move(wrong(None), [GreedyPlayer()] * 2), ["state", "None"]),
    (lambda: computer_call(new_game(seed=1), wrong(None)), ["seats", "None"]),
    (lambda: computer_call(new_game(seed=1), [5]), ["seat", "5"]),
    (lambda: seen_key(new_game(seed=1), wrong("0")), ["player", "'0'"]),
    (lambda: table_moves(wrong(None)), ["state", "None"]),
])
def test_player_arguments_are_named(call: Callable[[], object], names: list[str]) -> None:
    refused(call, *names)


@pytest.mark.parametrize(("call", "names"), [
    (lambda: listed_subsets(wrong("x"), 13), ["table"]),
    (lambda: listed_subsets(parse_cards("5♣"), wrong(None)), ["total", "None"]),
    (lambda: listed_subsets(DECK[:21], 13), ["at most 20", "21"]),
    (lambda: dp_rows(parse_cards("5♣"), limit=-1), ["limit", "-1"]),
    (lambda: sum_ways(parse_cards("5♣"), 5, wrong("standard")), ["rules"]),
    (lambda: size_sum_counts(wrong(None)), ["cards", "None"]),
    (lambda: size_sum_counts(parse_cards("5♣"), limit=wrong("")), ["limit"]),
    (lambda: size_sum_counts(parse_cards("5♣"), max_size=wrong(1.5)), ["max_size", "1.5"]),
    (lambda: limit_effect(sizes=wrong(b"5C")), ["sizes"]),
    (lambda: limit_effect(sizes=[60]), ["table size", "60"]),
    (lambda: sample_first_moves(wrong(None), 1), ["trials", "None"]),
    (lambda: sample_first_moves(10, wrong(-1)), ["seed", "-1"]),
    (lambda: estimate(wrong(None), 10), ["hits", "None"]),
    (lambda: estimate(11, 10), ["hits", "11"]),
    (lambda: estimate(1, 10, wrong(None)), ["confidence", "None"]),
    (lambda: chance_of_capture(wrong(None)), ["rules", "None"]),
    (lambda: chance_of_sweep(deck=wrong("x")), ["deck"]),
    (lambda: first_move_captures(deck=DECK[:6]), ["deck", "6 cards"]),
    (lambda: first_move_distribution(wrong(len)), ["table_vector"]),
    (lambda: table_sum_distribution(wrong(None)), ["size", "None"]),
    (lambda: table_sum_distribution(53), ["size", "53"]),
])
def test_classroom_arguments_are_named(call: Callable[[], object], names: list[str]) -> None:
    refused(call, *names)


# --- new_game, records ----------------------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "names"), [
    ({"rules": "standard"}, ["rules", "str"]),
    ({"seed": 2**70}, ["seed"]),
    ({"seed": -1}, ["seed"]),
    ({"seed": 1.5}, ["seed"]),
    ({"dealer": "1"}, ["dealer"]),
    ({"dealer": 2}, ["dealer"]),
    ({"deck": "5♠"}, ["deck"]),
    ({"deck": [1, 2]}, ["deck"]),
])
def test_new_game_names_a_bad_argument(kwargs: dict[str, object], names: list[str]) -> None:
    refused(lambda: new_game(**kwargs), *names)  # type: ignore[arg-type]


def test_records_check_their_fields() -> None:
    refused(lambda: GameRecord(STANDARD, 1, None, 1, [None]), "moves")  # type: ignore[arg-type]
    refused(lambda: GameRecord(STANDARD, 1, None, 1, (None,)), "move 1")  # type: ignore[arg-type]
    refused(lambda: GameRecord("standard", 1, None, 1), "rules")  # type: ignore[arg-type]
    refused(lambda: GameRecord.from_text(None), "None")  # type: ignore[arg-type]


# --- the solver and the teaching functions ----------------------------------------------------------
def test_solve_refuses_a_finished_game_and_non_states() -> None:
    finished = replace(START, finished=True, winner=0)
    refused(lambda: solve(finished), "the game is over")
    for call in (solve, sweeps, best_captures):
        refused(partial(call, wrong(None)), "state", "NoneType")
    refused(lambda: hint_ladder(None, "best"), "state")  # type: ignore[arg-type]
    refused(lambda: hint_ladder(START, "best", lang="fr"), "'fr'")
    refused(lambda: explain_move(START, None), "move", "None")  # type: ignore[arg-type]


# --- texts ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("call", "names"), [
    (lambda: tr("nodot"), ["nodot"]),
    (lambda: tr("../x.y"), ["../x"]),
    (lambda: tr(wrong(5)), ["5"]),
    (lambda: tr("ui.illegal"), ["ui.illegal", "move"]),
    (lambda: tr("ui.illegal", lang="fr", move="x"), ["'fr'"]),
    (lambda: set_language(wrong(None)), ["None"]),
])
def test_text_keys_languages_and_fields_are_checked(call: Callable[[], object], names: list[str]) -> None:
    refused(call, *names)


# --- puzzle files -------------------------------------------------------------------------------
def _file(**changes: object) -> str:
    return json.dumps({"format": 1, "puzzles": [{**GOOD, **changes}]})


@pytest.mark.parametrize(("text", "names"), [
    (_file(rating={"value": 10**400}), ["number"]),
    (_file(rating={"value": 1e308 * 10}), ["Infinity"]),
    ('{"format": 1, "puzzles": [' + json.dumps(GOOD).replace('"rating": {', '"rating": {"value": 1e999, '),
     ["1e999"]),
    (_file(rating={"value": 99999}), ["rating.value"]),
    (_file(rating={"value": 1500, "deviation": 350, "volatility": 0}), ["rating.volatility", "0.01..0.2"]),
    ("[" * 100000, ["nested too deeply"]),
    (_file(id=f"{GOOD['id']}\n"), ["field 'id'"]),
    (_file(id="x" * 65), ["field 'id'"]),
    (json.dumps({"format": True, "puzzles": []}), ["field 'format'", "True"]),
    (json.dumps({"format": 1.0, "puzzles": []}), ["field 'format'"]),
    ('{"format": 1, "format": 1, "puzzles": []}', ["'format' appears twice"]),
    (_file(themes=["ace", "ace"]), ["field 'themes'", "'ace'"]),
    (_file(source={"seed": 2**70, "move": 1}), [str(2**70)]),
    (_file(source={"seed": 2**64, "move": 1}), ["field 'source'"]),
    (_file(kind=["sweep"]), ["field 'kind'"]),
    (_file(position=SHIPPED[0].state.notation().replace("seed=", "seed=" + "9" * 50_000_000)),
     ["field 'position'", "at most 10000 characters"]),
])
def test_bad_puzzle_files_are_refused_naming_the_field(text: str, names: list[str]) -> None:
    message = refused(lambda: parse_puzzles(text, "p.json"), "p.json", *names, error=PuzzleFormatError)
    assert len(message) < 1000


def test_a_stored_theme_that_does_not_hold_fails_the_check() -> None:
    wrong = next(theme for theme in THEMES if theme not in SHIPPED[0].themes)
    stored = parse_puzzles(_file(themes=[*SHIPPED[0].themes, wrong]), "p.json")[0]
    assert wrong in str(recheck(stored)) and recheck(SHIPPED[0]) is None


def test_puzzle_files_as_paths(tmp_path: Path) -> None:
    refused(lambda: load_puzzles(None), "None", error=PuzzleFormatError)  # type: ignore[arg-type]
    refused(lambda: load_puzzles(tmp_path), str(tmp_path), "is a folder", error=PuzzleFormatError)
    latin = tmp_path / "latin.json"
    latin.write_bytes(_file().replace('"format"', '"f\u00f6rmat"').encode("latin-1"))
    refused(lambda: load_puzzles(latin), "not UTF-8 text", "0xf6", error=PuzzleFormatError)


def test_a_puzzle_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    # some editors (Windows Notepad) start UTF-8 files with one
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + _file().encode("utf-8"))
    assert load_puzzles(marked) == parse_puzzles(_file(), "plain.json")


def test_ids_repeated_across_files_fail_the_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        path.write_text(_file(), encoding="utf-8")
    assert main(["puzzles", "check", str(first), str(second)]) == 1
    assert f"puzzle {GOOD['id']!r}: field 'id': duplicate id" in capsys.readouterr().out


# --- the command line ------------------------------------------------------------------------------

def _contents(folder: Path) -> dict[str, bytes | None]:
    """Every entry of ``folder`` by name: a file's bytes, None for a folder."""
    return {path.name: path.read_bytes() if path.is_file() else None for path in folder.iterdir()}

@pytest.mark.parametrize(("argv", "names"), [
    (["puzzles", "generate", "--seed", "1", "--count", "1", "--out", "missing/x.json"],
     ["no folder", "missing"]),
    (["puzzles", "generate", "--seed", "²", "--count", "1", "--out", "x.json"], ["--seed", "'²'"]),
    (["puzzles", "generate", "--seed", "9" * 5000, "--count", "1", "--out", "x.json"], ["--seed"]),
    (["puzzles", "generate", "--seed", "1", "--count", "0", "--out", "x.json"], ["--count", "'0'"]),
    (["puzzles", "generate", "--seed", "1", "--count", "10000000", "--out", "x.json"], ["--count"]),
    (["puzzles", "list", "--kind", "chess"], ["--kind", "'chess'"]),
    (["puzzles", "frobnicate"], ["frobnicate"]),
    ([], ["command"]),
    (["puzzles", "list", "--colour"], ["--colour"]),
    (["play", "--seed", "٣"], ["--seed", "'٣'"]),  # int() took it as 3
    (["play", "--seed", "1_000"], ["--seed", "'1_000'"]),
    (["play", "--fals-rate", "0_0"], ["--fals-rate", "'0_0'"]),  # float() took it as 0.0
    (["play", "--fals-rate", "nan"], ["--fals-rate", "'nan'"]),
    (["app", "--port", "٣"], ["--port", "'٣'"]),
    (["app", "--notebooks", "\0"], ["--notebooks", "not a file name"]),  # was a raw ValueError
    (["app", "--notebooks", "x" * 5000], ["--notebooks", "cannot be used"]),  # was a raw OSError
    (["classroom", "teacher", "--student", ".", "--out", "t.ipynb", "--no-execute"], ["'.'", "is a folder"]),
    (["classroom", "teacher", "--student", "list.ipynb", "--out", "t.ipynb", "--no-execute"],
     ["no list of cells"]),
    (["classroom", "teacher", "--student", "binary.ipynb", "--out", "t.ipynb", "--no-execute"],
     ["not UTF-8"]),
    (["classroom", "teacher", "--student", "list.ipynb", "--out", "./list.ipynb"], ["students' notebook"]),
    (["site", "build", "--out", "."], ["--out", "holds the folder you are working in"]),  # it was deleted
    (["site", "build", "--out", "list.ipynb"], ["--out", "is a file"]),
    (["site", "build", "--out", "\0"], ["--out", "not a file name"]),
    (["puzzles", "generate", "--seed", "1", "--count", "1", "--out", "folder", "--force"],
     ["folder", "a folder"]),
    (["puzzles", "generate", "--seed", "1", "--count", "1", "--out", "new/"], ["new/", "names a folder"]),
])
def test_bad_command_lines_exit_2_naming_the_argument(argv: list[str], names: list[str], tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "list.ipynb").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "binary.ipynb").write_bytes(b"\xff\xfe junk")
    (tmp_path / "folder").mkdir()
    before = _contents(tmp_path)
    assert main(argv) == 2
    assert _contents(tmp_path) == before  # nothing written or lost
    err = capsys.readouterr().err
    assert err.startswith("kaszino: error: ")
    for name in names:
        assert name in err


def test_output_the_terminal_cannot_show_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii"))
    assert main(["puzzles", "list", "--kind", "sweep"]) == 0
    sys.stdout.flush()
    assert b"\\u2660" in raw.getvalue() or b"\\u2663" in raw.getvalue()


def test_the_command_line_takes_strings_only(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([5], iter(["puzzles", "list"])):
        assert main(wrong(argv)) == 2
        assert "list of strings" in capsys.readouterr().err


# --- widgets -------------------------------------------------------------------------------------
def test_widget_arguments_are_checked() -> None:
    from kaszino.jupyter.widgets.puzzle import PuzzleWidget
    from kaszino.jupyter.widgets.table import TableWidget

    first = START.legal_moves()[-1]
    refused(lambda: TableWidget(START, learner=5, opponent=lambda state: first), "learner", "5")
    refused(lambda: TableWidget(START, learner="0"), "learner")  # type: ignore[arg-type]
    refused(lambda: TableWidget(None), "state")  # type: ignore[arg-type]
    refused(lambda: TableWidget(START, opponent=5), "opponent")  # type: ignore[arg-type]
    refused(lambda: TableWidget(START).select(5), "card")  # type: ignore[arg-type]
    refused(lambda: PuzzleWidget(SHIPPED[:1], start=1), "start")
    refused(lambda: PuzzleWidget(iter(SHIPPED)), "puzzles")  # type: ignore[arg-type]
    refused(lambda: PuzzleWidget([None]), "puzzles[0]")  # type: ignore[list-item]


def test_a_sweep_puzzle_answers_done_in_words_not_python() -> None:
    from kaszino.jupyter.widgets.puzzle import PuzzleWidget

    sweep = next(p for p in SHIPPED if p.kind == "sweep")
    widget = PuzzleWidget([sweep])
    for action in ("done", "add"):
        widget._on_frontend(widget, {"action": action}, None)
        assert widget.feedback == tr("ui.not_now")
        assert widget.feedback_tone == "bad"
    widget._on_frontend(widget, wrong("not a message"), None)
    assert widget.feedback == tr("ui.not_now")  # in words, not Python's
    widget.press_done()
    assert widget.feedback == tr("ui.not_now")


def test_teaching_positions_read_back_from_their_notation() -> None:
    from kaszino.jupyter.tutorial import position

    for state in (position("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠"), position("5♠ A♥", "2♦", first_move=True)):
        assert GameState.from_notation(state.notation()) == state


def test_puzzle_answers_and_paths_of_the_wrong_type_are_named(tmp_path: Path) -> None:
    from kaszino.puzzles.puzzle import save_puzzles

    find_all = next(p for p in SHIPPED if p.kind == "all_captures")
    refused(lambda: find_all.check(wrong(None)), "captures", "None")
    refused(lambda: find_all.check(wrong([None])), "captures")
    assert find_all.check(iter(find_all.answers)).correct  # any iterable of captures will do
    one = next(p for p in SHIPPED if p.kind == "best_capture")
    refused(lambda: one.check(wrong("5♠=5♣")), "one move", "5♠=5♣")
    refused(lambda: load_all(wrong("puzzles")), "list of paths", error=PuzzleFormatError)
    refused(lambda: load_all(wrong([None])), "path", error=PuzzleFormatError)
    refused(lambda: save_puzzles(SHIPPED[:1], tmp_path / "missing" / "x.json"), "missing", "no folder")
    refused(lambda: save_puzzles(SHIPPED[:1], tmp_path), str(tmp_path), "a folder")
    refused(lambda: save_puzzles(wrong([None]), tmp_path / "x.json"), "Puzzle")
    assert not (tmp_path / "x.json").exists()


# --- the progress file ----------------------------------------------------------------------------
def _progress_file(path: Path) -> Path:
    """A progress file with a row in every table: setting, chapter, game, attempt, ratings, card."""
    from datetime import UTC, datetime

    from kaszino.puzzles.trainer import Trainer
    from kaszino.store import open_store

    with open_store(path) as store:
        store.set_setting("language", "en")
        store.record_chapter("chapter01", score=3, total=5)
        store.save_game("record", opponent="greedy", result="1:0")
        trainer = Trainer(SHIPPED[:2], store, clock=lambda: datetime(2024, 1, 1, tzinfo=UTC))
        trainer.next()
        trainer.show_solution()  # a failed first attempt: rated, and a review card
    return path


def _damage(path: Path, *statements: str) -> bytes:
    import sqlite3

    with sqlite3.connect(path) as connection:
        for statement in ("PRAGMA ignore_check_constraints = 1", *statements):
            connection.execute(statement)
    connection.close()
    return path.read_bytes()


@pytest.mark.parametrize(("statement", "names"), [
    ("UPDATE ratings SET value = 'abc'", ["ratings.value", "'abc'"]),
    ("UPDATE ratings SET value = 1e999", ["ratings.value", "inf"]),
    ("UPDATE ratings SET deviation = x'00'", ["ratings.deviation"]),
    ("UPDATE ratings SET games = 'x'", ["ratings.games"]),
    ("UPDATE review_cards SET due = 'tomorrow'", ["review_cards.due", "'tomorrow'"]),
    ("UPDATE settings SET value = 'fr'", ["settings.value", "'fr'", "hu, en"]),
    ("UPDATE chapters SET best = 'lots'", ["chapters.best", "'lots'"]),
    ("UPDATE chapters SET last = -3", ["chapters.last", "-3"]),
    ("UPDATE chapters SET total = 0, best = 0, last = 0", ["chapter 'chapter01'"]),
    ("UPDATE chapters SET updated = 'x'", ["chapters.updated"]),
    ("UPDATE games SET played_at = 'x'", ["games.played_at"]),
    ("UPDATE games SET record = x'00ff'", ["games.record"]),
    ("UPDATE puzzle_attempts SET hints = 'x'", ["puzzle_attempts.hints"]),
    ("UPDATE puzzle_attempts SET learner_before = 'x'", ["puzzle_attempts.learner_before"]),
])
def test_junk_in_a_progress_file_is_named_and_the_file_left_untouched(statement: str, names: list[str],
                                                                        tmp_path: Path) -> None:
    from kaszino.errors import StoreError

    path = _progress_file(tmp_path / "p.sqlite3")
    before = _damage(path, statement)
    refused(lambda: read_everything(path, SHIPPED[:2]), str(path), "damaged", *names, error=StoreError)
    assert path.read_bytes() == before


def test_a_damaged_review_card_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    path = _progress_file(tmp_path / "p.sqlite3")
    for card in ("not json", "[1]", '{"state": "x"}'):
        before = _damage(path, f"UPDATE review_cards SET card = '{card}'")
        refused(lambda: read_everything(path, SHIPPED[:2]), "review card of puzzle", "damaged")
        assert path.read_bytes() == before


def test_a_chapter_result_is_not_written_over_a_damaged_one(tmp_path: Path) -> None:
    from kaszino.store import open_store

    path = _progress_file(tmp_path / "p.sqlite3")
    before = _damage(path, "UPDATE chapters SET best = 99, last = -3")
    with open_store(path) as store:
        refused(lambda: store.record_chapter("chapter01", score=1, total=5), "chapters.last")
    assert path.read_bytes() == before


@pytest.mark.parametrize(("extra", "names"), [
    (["{file}", "--out", "{file}", "--force"], ["--out", "one of the progress files"]),
    (["{file}", "./{file}", "--out", "x.csv"], ["given twice"]),
    (["{file}", "--out", ".", "--force"], ["--out", "is a folder"]),
    (["{file}", "--out", "\0"], ["--out", "not a file name"]),
    (["{file}", "--out", "x" * 5000 + ".csv"], ["cannot be used"]),
])
def test_export_never_replaces_or_repeats_a_progress_file(extra: list[str], names: list[str], tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = _progress_file(tmp_path / "anna.sqlite3")
    before = path.read_bytes()
    assert main(["progress", "export", *(word.format(file=path.name) for word in extra)]) == 2
    err = capsys.readouterr().err
    for name in names:
        assert name in err
    assert path.read_bytes() == before
    assert not (tmp_path / "x.csv").exists()


# --- the trainer, the players and the teaching functions ----------------------------------------------
def _session_call(call: Callable[[Any], object]) -> Callable[[], object]:
    return lambda: call(make_session("greedy", "standard", 1))


@pytest.mark.parametrize(("call", "names"), [
    (lambda: make_session(wrong([]), "standard", 1), ["level", "[]"]),
    (lambda: make_session("greedy", wrong(None), 1), ["rules", "None"]),
    (lambda: make_session("greedy", "standard", wrong(None)), ["seed", "None"]),
    (lambda: make_session("greedy", "v6", 1, wrong("x")), ["fals_rate"]),
    (lambda: Session(wrong(None), []), ["rules", "None"]),
    (lambda: Session(STANDARD, wrong(None)), ["computers", "None"]),
    (_session_call(lambda session: session.player_at(None)), ["seat", "None"]),
    (lambda: seat_name(wrong(None), 0), ["player", "None"]),
    (lambda: format_margin(float("nan")), ["margin", "nan"]),
    (lambda: format_margin(wrong(None)), ["margin", "None"]),
    (lambda: annotate(wrong(None)), ["record", "None"]),
    (lambda: annotate(GameRecord(STANDARD, 1, None, 1), wrong(True)), ["seats", "True"]),
    (lambda: read_number("²"), ["answer", "'²'"]),
    (lambda: read_number("9" * 5000), ["answer"]),
    (lambda: tr("9" * 5000 + ".x"), ["no text catalogue"]),
])
def test_player_and_teaching_arguments_are_named(call: Callable[[], object], names: list[str]) -> None:
    refused(call, *names)


def test_trainer_arguments_are_named() -> None:
    from datetime import UTC, datetime

    from kaszino.puzzles.rating import rate
    from kaszino.puzzles.review import schedule
    from kaszino.puzzles.trainer import Filters, Trainer, streaks

    rating = SHIPPED[0].rating
    refused(lambda: rate(wrong(None), rating, 1.0), "learner", "None")
    refused(lambda: rate(rating, replace(rating, volatility=0.0), 1.0), "puzzle.volatility", "0.0")
    refused(lambda: rate(rating, rating, wrong(None)), "score", "None")
    refused(lambda: schedule("p", None, wrong(None), datetime.now(UTC)), "outcome", "None")
    refused(lambda: schedule("p", None, "failed", wrong(None)), "now", "None")
    refused(lambda: Filters(themes=wrong(None)), "themes", "None")
    refused(lambda: Filters(kinds=("chess",)), "kinds", "'chess'")  # was accepted, and served nothing
    refused(lambda: Trainer(wrong("x")), "puzzles", "'x'")
    refused(lambda: Trainer(SHIPPED, wrong("store.sqlite3")), "store", "str")
    refused(lambda: Trainer(SHIPPED, mode=wrong(["rated"])), "mode", "['rated']")
    refused(lambda: Trainer(SHIPPED).puzzle_rating(wrong(None)), "puzzle", "None")
    refused(lambda: streaks(wrong(None)), "outcomes", "None")


def test_widget_arguments_are_checked_not_silently_used() -> None:
    from kaszino.games.kaszino.players import play_game
    from kaszino.jupyter.widgets.exercise import ChoiceWidget
    from kaszino.jupyter.widgets.game import GameWidget
    from kaszino.jupyter.widgets.viewer import DealViewer
    from kaszino.teach.exercises import legality_choice

    refused(lambda: GameWidget(seed=wrong("x")), "seed", "'x'")  # random.Random took any text
    refused(lambda: GameWidget(level=wrong(["expert"])), "level")
    refused(lambda: GameWidget(setup=wrong("no")), "setup")
    viewer = DealViewer(play_game([GreedyPlayer(), GreedyPlayer()], seed=3))
    refused(lambda: viewer.go(wrong(1.9)), "step", "1.9")  # was cut to step 1
    refused(lambda: viewer.go("٣"), "step", "'٣'")  # was read as 3
    refused(lambda: viewer.go(wrong(None)), "step", "None")
    choice = ChoiceWidget(legality_choice("3♦", "2♠"))
    refused(lambda: choice.choose("no such option"), "option", "'no such option'")  # was judged wrong
    assert choice.verdict is None


# --- messages from the browser ---------------------------------------------------------------------
def _widgets() -> dict[str, Callable[[], Any]]:
    from kaszino.games.kaszino.players import play_game
    from kaszino.jupyter.widgets.exercise import ChoiceWidget, NumberWidget
    from kaszino.jupyter.widgets.game import GameWidget
    from kaszino.jupyter.widgets.puzzle import PuzzleWidget
    from kaszino.jupyter.widgets.table import TableWidget
    from kaszino.jupyter.widgets.viewer import DealViewer
    from kaszino.teach.exercises import card_sum_question, legality_choice

    number = next(p for p in SHIPPED if p.answer_form == "number")
    return {
        "table": lambda: TableWidget(START),
        "puzzle": lambda: PuzzleWidget([number]),
        "game": lambda: GameWidget(seed=1, level="greedy", store=None),
        "viewer": lambda: DealViewer(play_game([GreedyPlayer(), GreedyPlayer()], seed=3)),
        "choice": lambda: ChoiceWidget(legality_choice("3♦", "2♠")),
        "number": lambda: NumberWidget(card_sum_question("5♠ A♥")),
    }


MALFORMED: list[object] = [None, "x", 5, [], {"action": None}, {"action": ["toggle"]}, {"action": "nope"},
                           {"action": "__init__"}, {"action": "toggle", "card": "ZZ"},
                           {"action": "toggle", "card": {"a": 1}}, {"action": "lang", "lang": "fr"}]
"""Messages no page sends: each is answered with ``ui.not_now``."""
OUT_OF_REACH: list[object] = [{"action": action, "value": value} for action, value in [
    ("choose", "²"), ("choose", "9" * 5000), ("choose", 7), ("choose", "rules:v9"), ("number", "²"),
    ("number", "--5"), ("submit", "²"), ("goto", "٣"), ("goto", "99999"), ("open_saved", "²"),
    ("replay_to", "x"), ("mode", "blitz"), ("band", "zz"),
]]
"""Actions some page sends, with values it never sends (some widgets answer them with their own words)."""


@pytest.mark.parametrize("name", ["table", "puzzle", "game", "viewer", "choice", "number"])
def test_messages_the_page_could_not_send_are_answered_in_words(name: str) -> None:
    from html import escape

    make = _widgets()[name]
    for message in MALFORMED + OUT_OF_REACH:
        widget = make()
        widget._on_frontend(widget, message, None)  # nothing is raised in the kernel
        shown = getattr(widget, "feedback", "") or widget.html
        for python in ("Error", "int()", "'", "{", "["):  # no exception's words, no repr
            assert python not in shown.replace("&#x27;", ""), (message, python, shown[-300:])
        if message in MALFORMED:
            assert escape(tr("ui.not_now")) in widget.html, message


@pytest.mark.parametrize("junk", [None, 10**5000, -5, 2**70, True, 1.5, "x", b"5S", [None], Lay(wrong(None)),
                                  Capture(wrong(["5♠"]), wrong(["5♣"])), Claim(0), Pass(),
                                  iter(range(10**9)), [Capture(wrong(("5♠",)), ())]],
                         ids=lambda junk: type(junk).__name__)
def test_junk_attempts_at_every_puzzle_kind_are_named(junk: object) -> None:
    for puzzle in {p.kind: p for p in SHIPPED}.values():
        try:
            verdict = puzzle.check(wrong(junk))
        except KaszinoError as error:
            assert 0 < len(str(error)) <= MESSAGE_LIMIT
        else:  # an accepted attempt is one of the kind's form, judged wrong
            assert not verdict.correct, (puzzle.kind, junk)


def test_messages_quote_tokens_rather_than_repr_them() -> None:
    """A token in a message goes through ``errors.quote``, which cuts a long one in the middle;
    with ``!r`` a long token would fill the whole message up to its cap, and what the message
    says after the token (what is expected instead) would be cut off."""
    package = Path(__file__).resolve().parent.parent / "kaszino"
    found = [f"{path.relative_to(package)}:{number}"
             for path in sorted(package.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if ("raise " in line or "Error(" in line) and "!r}" in line]
    assert not found, found
