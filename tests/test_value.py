"""The value of a capture now (points, then spades, then cards) and táblák, incl. the forced second move."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reported_positions import LAST_CAPTURE

from kaszino import (
    DECK,
    PRESETS,
    S003,
    Capture,
    GameState,
    IllegalMoveError,
    Lay,
    captures,
    new_game,
    parse_cards,
)
from kaszino.games.kaszino.players import table_moves
from kaszino.games.kaszino.scoring import count_spades
from kaszino.games.kaszino.solver.sweeps import sweep_plans, sweeps
from kaszino.games.kaszino.solver.value import (
    CaptureValue,
    PointItem,
    best_captures,
    capture_value,
    capture_values,
)


def position(hand: str, table: str, *, pile: str = "", other: str = "", round: int = 2) -> GameState:
    """Player 0 to move with ``hand``; the opponent holds ``other``; player 0 has captured ``pile``."""
    return replace(new_game(seed=1), hands=(parse_cards(hand), parse_cards(other)), table=parse_cards(table),
                   piles=(parse_cards(pile), ()), round=round, to_move=0)


def cap(text: str) -> Capture:
    hand, table = text.split("=")
    return Capture(parse_cards(hand.split("+")), parse_cards(table.split("+")))


WORKED = position("5S AH KC", "2D 4C 7H 9S")  # docs/rules.md §2


def test_big_casino_beats_two_spades() -> None:
    state = position("10H 9C", "10D 4S 5S")
    casino, spades = capture_value(state, cap("10H=10D")), capture_value(state, cap("9C=4S+5S"))
    assert (casino.points, casino.spades, casino.cards) == (2, 0, 2)
    assert (spades.points, spades.spades, spades.cards) == (0, 2, 3)
    assert casino > spades
    assert best_captures(state) == [(cap("10H=10D"), casino)]


def test_order_is_points_then_spades_then_cards() -> None:
    assert CaptureValue(1, 0, 2) > CaptureValue(0, 5, 9)
    assert CaptureValue(0, 2, 2) > CaptureValue(0, 1, 9)
    assert CaptureValue(0, 1, 3) > CaptureValue(0, 1, 2)
    assert CaptureValue(1, 0, 2, (PointItem("ace", 1),)) == CaptureValue(1, 0, 2)


def test_worked_example_values() -> None:
    values = dict(capture_values(WORKED))
    assert set(values) == set(captures(WORKED.hands[0], WORKED.table))
    ace = values[cap("5S+AH=2D+4C")]
    assert (ace.points, ace.spades, ace.cards) == (1, 1, 4)
    assert ace.breakdown == (PointItem("ace", 1, parse_cards("AH")[0]),)
    assert values[cap("KC=4C+9S")] == CaptureValue(0, 1, 3)
    assert values[cap("KC=2D+4C+7H")] == CaptureValue(0, 0, 4)
    assert best_captures(WORKED) == [(cap("5S+AH=2D+4C"), ace)]


def test_ties_are_all_returned() -> None:
    state = position("7H 7C", "3D 4D 2H 5H")
    best = best_captures(state)
    assert [c for c, _ in best] == [cap("7H=3D+4D"), cap("7H=2H+5H"), cap("7C=3D+4D"), cap("7C=2H+5H")]
    assert {v for _, v in best} == {CaptureValue(0, 0, 3)}


def test_securing_27_cards_earns_the_card_points() -> None:
    pile = " ".join(str(c) for c in [c for c in DECK if c.value in (3, 4, 5, 6, 7, 8, 9)][:25])
    state = position("JH QH", "JD QC", pile=pile)
    value = capture_value(state, cap("JH=JD"))
    assert PointItem("most_cards", 3) in value.breakdown
    assert value.points == 3
    # with 24 cards in the pile the same capture secures nothing yet
    smaller = replace(state, piles=(state.piles[0][1:], ()))
    assert capture_value(smaller, cap("JH=JD")).points == 0


def test_securing_seven_spades_earns_the_spade_points_once() -> None:
    state = position("2H 3H", "2C 3S", pile="4S 5S 6S 7S 8S 9S")
    assert capture_value(state, cap("3H=3S")).breakdown == (PointItem("most_spades", 2),)
    secured = replace(state, piles=(state.piles[0] + parse_cards("10S"), ()))
    assert capture_value(secured, cap("3H=3S")).points == 0


def test_tabla_doubles_on_the_first_move_only() -> None:
    first = position("6D 8C 9C", "2H 4C", round=1)
    assert first.is_first_move(0)
    assert capture_value(first, cap("6D=2H+4C")).breakdown == (PointItem("first_move_tabla", 2),)
    later = replace(first, round=2)
    assert capture_value(later, cap("6D=2H+4C")).breakdown == (PointItem("tabla", 1),)
    s003 = replace(first, rules=S003)
    assert capture_value(s003, cap("6D=2H+4C")).breakdown == (PointItem("tabla", 1),)


def test_value_matches_the_points_the_engine_secures() -> None:
    state = position("AS 10C", "AD 10D 9H", pile="2S")
    for capture, value in capture_values(state):
        before, after = state.totals()[0], state.play(capture).totals()[0]
        assert value.points == after - before


def test_illegal_capture_has_no_value() -> None:
    with pytest.raises(IllegalMoveError, match="18 > 13"):
        capture_value(WORKED, cap("5S+KC=2D+9S+7H"))
    with pytest.raises(IllegalMoveError):
        capture_value(WORKED, cap("5S=5D"))


def test_no_capture_no_best() -> None:
    assert best_captures(position("KH", "2D 3C")) == []


@given(st.permutations(DECK), st.integers(0, 40), st.sampled_from(["standard", "s003", "v1", "v2", "p3"]))
def test_best_is_the_maximum_and_values_match_the_engine(deck: list, moves: int, preset: str) -> None:
    state = new_game(PRESETS[preset], deck=deck, seed=0)
    for _ in range(moves):
        if state.deal_over or state.finished:
            break
        state = state.play(state.legal_moves()[0])
    valued = capture_values(state)
    best = best_captures(state)
    if valued:
        top = max(v for _, v in valued)
        assert best and all(v == top for _, v in best)
        assert len(best) == sum(1 for _, v in valued if v == top)
    for capture, value in valued:
        assert_engine_gives(state, capture, value)


def assert_engine_gives(state: GameState, capture: Capture, value: CaptureValue) -> None:
    """``value`` is what the engine's next state gives the mover: the points it secures, and the
    cards and spades added to his pile (the leftovers too when the capture ends the deal)."""
    mover, after = state.to_move, state.play(capture)
    won = after.piles[mover][len(state.piles[mover]):]
    assert value.points == after.totals()[mover] - state.totals()[mover]
    assert (value.spades, value.cards) == (count_spades(won), len(won))
    assert set(value.leftovers) == set(won) - set(capture.cards)
    assert set(value.leftovers) == (set(state.table) - set(capture.table) if after.deal_over else set())


def test_a_capture_that_ends_the_deal_wins_the_leftovers() -> None:
    valued = capture_values(LAST_CAPTURE)
    assert len(valued) == 3 and all(LAST_CAPTURE.play(capture).deal_over for capture, _ in valued)
    for capture, value in valued:
        assert_engine_gives(LAST_CAPTURE, capture, value)
        assert value.cards == 8 and value.leftovers
    assert len(best_captures(LAST_CAPTURE)) == 3  # each leaves the mover the same cards: none is ahead


@pytest.mark.parametrize("preset", ["standard", "v3", "v5", "s003", "p3", "p4"])
def test_every_last_capture_of_a_deal_is_valued_as_the_engine_plays_it(preset: str) -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(PRESETS[preset], seed=seed)
        while not state.deal_over and not state.finished:
            for capture, value in capture_values(state):
                if state.play(capture).deal_over:
                    assert_engine_gives(state, capture, value)
                    checked += 1
            state = state.play(rng.choice(table_moves(state)))
    assert checked


# --- táblák -------------------------------------------------------------------------------------

def test_sweeps_take_the_whole_table() -> None:
    state = position("6D 2C 4S", "2H 4C")
    assert sweeps(state) == [cap("6D=2H+4C"), cap("2C+4S=2H+4C")]
    assert all(set(c.table) == set(state.table) for c in sweeps(state))
    assert sweeps(position("KH QH", "9D 5C")) == []  # 14 > 13


def test_sweeps_agree_with_captures() -> None:
    for state in (WORKED, position("AH 2C 3S", "AD 2H 3C"), position("7H", "")):
        expected = [c for c in captures(state.hands[0], state.table) if len(c.table) == len(state.table)]
        assert sweeps(state) == expected


def test_sweep_plans_after_an_opponent_tabla() -> None:
    # player 1 sweeps 6♦ with 6♣; player 0 must lay, then moves again and may sweep
    before = position("3H 4S 7C", "6D", other="6C 9H")
    before = replace(before, to_move=1)
    forced = before.play(cap("6C=6D"))
    assert (forced.to_move, forced.forced, forced.table) == (0, "lay", ())
    plans = sweep_plans(forced)
    assert plans == [(parse_cards("7C")[0], cap("3H+4S=7C"))]
    lay, capture = plans[0]
    after = forced.play(Lay(lay))
    assert after.forced == "again" and capture in sweeps(after)
    assert after.play(capture).tabla_points[0] == 1


def test_no_plan_when_the_last_card_is_laid_or_nothing_is_forced() -> None:
    state = replace(position("7C", "", other="9H"), forced="lay")
    assert sweep_plans(state) == []
    assert sweep_plans(position("3H 4S 7C", "2D")) == []
