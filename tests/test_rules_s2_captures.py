"""docs/rules.md §2: what a capture is — the worked example, the limit, suits, and that it is optional."""

from __future__ import annotations

import pytest
from reference import cards, key, position

from kaszino import STANDARD, Capture, IllegalMoveError, Lay, Pass, Rules, captures, parse_cards
from kaszino.engine.refusals import Refusal
from kaszino.games.kaszino.captures import capture_problem


def keys(found: list[Capture]) -> set[object]:
    return {key(c) for c in found}


def capture(hand: str, table: str) -> Capture:
    return Capture(cards(hand), cards(table))


def test_s2_worked_example_has_exactly_three_captures() -> None:
    found = captures(parse_cards("5♠ A♥ K♣"), parse_cards("2♦ 4♣ 7♥ 9♠"))
    assert len(found) == 3
    assert keys(found) == keys([capture("5♠ A♥", "2♦ 4♣"), capture("K♣", "4♣ 9♠"), capture("K♣", "2♦ 4♣ 7♥")])


def test_s2_worked_example_the_18_capture_is_illegal() -> None:
    assert capture_problem(cards("5♠ K♣"), cards("2♦ 9♠ 7♥")) == Refusal.of(
        "over_limit", hand=cards("5♠ K♣"), total=18, limit=13)


def test_s2_sums_of_both_sides_must_match() -> None:
    assert capture_problem(cards("5♠"), cards("2♦ 4♣")) == Refusal.of(
        "sums_differ", hand=cards("5♠"), table=cards("2♦ 4♣"), hand_total=5, table_total=6)
    assert capture_problem(cards("5♠"), cards("2♦ 3♣")) is None


def test_s2_both_sides_must_be_non_empty() -> None:
    assert capture_problem((), cards("5♦")) is not None
    assert capture_problem(cards("5♦"), ()) is not None
    assert captures(cards("5♠"), ()) == []
    assert captures((), cards("5♠")) == []


def test_s2_limit_13_counts_and_14_does_not() -> None:
    assert keys(captures(cards("K♠"), cards("6♦ 7♣"))) == keys([capture("K♠", "6♦ 7♣")])
    assert captures(cards("K♠ A♥"), cards("7♦ 7♣")) == []
    too_high = capture_problem(cards("K♠ A♥"), cards("7♦ 7♣"))
    assert str(too_high).startswith("The sum is too high: K+A = 14 > 13.")


def test_s2_each_capture_is_one_hand_group_and_one_table_group() -> None:
    # Hand 3, 4 against table 3, 4: "3=3" and "4=4" are separate captures, one per move;
    # both groups together make one capture only as 3+4 = 3+4 (one H, one T, one sum).
    found = keys(captures(cards("3♠ 4♠"), cards("3♥ 4♥")))
    assert found == keys([capture("3♠", "3♥"), capture("4♠", "4♥"), capture("3♠ 4♠", "3♥ 4♥")])


def test_s2_suits_are_distinct_captures_of_equal_values() -> None:
    assert len(captures(cards("5♠"), cards("5♥ 5♦"))) == 2
    assert len(captures(cards("5♠ 5♣"), cards("5♥"))) == 2
    assert len(captures(cards("5♠ 5♣"), cards("5♥ 5♦"))) == 5  # 4 singles + both against both


def test_s2_captured_cards_all_go_to_the_movers_pile() -> None:
    state = position(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], "2♦ 4♣ 7♥ 9♠", round=2)
    after = state.play(capture("K♣", "4♣ 9♠"))
    assert set(after.piles[0]) == set(cards("K♣ 4♣ 9♠"))
    assert after.table == cards("2♦ 7♥")
    assert after.hands[0] == cards("5♠ A♥")
    assert after.piles[1] == ()


def test_s2_capturing_is_optional_every_hand_card_may_be_laid() -> None:
    state = position(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], "2♦ 4♣ 7♥ 9♠", round=2)
    legal = state.legal_moves()
    assert all(Lay(card) in legal for card in state.hands[0])
    after = state.play(Lay(cards("K♣")[0]))
    assert after.table == cards("2♦ 4♣ 7♥ 9♠ K♣")
    assert after.to_move == 1


def test_s2_passing_is_not_allowed() -> None:
    state = position(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], "2♦ 4♣ 7♥ 9♠", round=2)
    assert Pass() not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="V3"):
        state.play(Pass())


def test_s2_a_wrong_capture_is_refused_with_its_reason() -> None:
    state = position(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], "2♦ 4♣ 7♥ 9♠", round=2)
    with pytest.raises(IllegalMoveError, match="18 > 13"):
        state.play(capture("5♠ K♣", "2♦ 9♠ 7♥"))
    with pytest.raises(IllegalMoveError, match="Not in the hand of player 1: 2♥"):
        state.play(capture("2♥", "2♦"))


def test_s2_standard_rules_keep_the_limit() -> None:
    assert STANDARD.capture_limit == 13
    assert Rules().max_hand_cards is None


def test_s2_a_card_cannot_be_in_the_hand_and_on_the_table_at_once() -> None:
    with pytest.raises(ValueError, match="both in the hand and on the table: 5♠"):
        captures(parse_cards("5♠ 3♦"), parse_cards("5♠ 2♣"))
