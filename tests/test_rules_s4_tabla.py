"""docs/rules.md §4: the tábla (sweep), its points, and the forced double move that follows it."""

from __future__ import annotations

from typing import Any

import pytest
from reference import cards, engine_moves, position, stacked_deck

from kaszino import PRESETS, Capture, GameState, IllegalMoveError, Lay, new_game


def card(text: str) -> Lay:
    return Lay(cards(text)[0])


def sweep_position(second_hand: str = "2♥ 3♥ 5♥", **fields: Any) -> GameState:
    """Round 2: player 0 can take the whole table with K♠ = 6♦ + 7♣."""
    return position(["K♠ 2♠", second_hand], "6♦ 7♣", "8♣ 9♣ 10♣ J♣ Q♣ K♣", round=2, **fields)


SWEEP = Capture(cards("K♠"), cards("6♦ 7♣"))


def test_s4_a_capture_of_every_table_card_is_a_tabla_worth_1() -> None:
    after = sweep_position().play(SWEEP)
    assert after.table == ()
    assert after.tabla_points == (1, 0)
    assert after.deal_scores()[0].tabla == 1


def test_s4_a_capture_leaving_a_card_is_no_tabla() -> None:
    after = position(["K♠ 2♠", "3♥"], "6♦ 7♣ 9♦", round=2).play(SWEEP)
    assert after.tabla_points == (0, 0) and after.forced is None


def test_s4_tabla_on_the_players_very_first_move_of_the_deal_is_worth_2() -> None:
    state = new_game(deck=stacked_deck("K♠ 2♥ 3♥", "4♥ 5♥ 6♥", "A♦ 2♦ 3♦ 7♦"))
    assert state.play(Capture(cards("K♠"), cards("A♦ 2♦ 3♦ 7♦"))).tabla_points == (2, 0)


def test_s4_first_move_of_the_second_player_also_counts_2() -> None:
    state = new_game(deck=stacked_deck("2♣ 9♠ 10♠", "Q♥ 5♥ 6♥", "A♦ 2♦ 3♦ 4♦")).play(card("2♣"))
    assert state.is_first_move(1)
    assert state.play(Capture(cards("Q♥"), cards("A♦ 2♦ 3♦ 4♦ 2♣"))).tabla_points == (0, 2)


def test_s4_tabla_later_in_the_first_round_is_worth_1() -> None:
    state = new_game(deck=stacked_deck("A♠ 8♠ K♠", "A♥ 5♥ 6♥", "A♦ A♣ 2♦ 2♣"))
    state = state.play(card("A♠")).play(card("A♥"))
    assert state.round == 1 and not state.is_first_move(0)
    after = state.play(Capture(cards("8♠"), cards("A♦ A♣ 2♦ 2♣ A♠ A♥")))
    assert after.tabla_points == (1, 0)


def test_s4_after_a_tabla_the_opponent_must_lay_a_card() -> None:
    after = sweep_position().play(SWEEP)
    assert after.to_move == 1 and after.forced == "lay"
    assert set(engine_moves(after)) == {card("2♥"), card("3♥"), card("5♥")}
    with pytest.raises(IllegalMoveError):
        after.play(Capture(cards("2♥"), cards("2♠")))


def test_s4_after_the_forced_lay_the_same_player_moves_again() -> None:
    after = sweep_position().play(SWEEP).play(card("5♥"))
    assert after.to_move == 1 and after.forced == "again"
    assert after.table == cards("5♥")
    assert Capture(cards("2♥ 3♥"), cards("5♥")) in after.legal_moves()
    normal = after.play(card("2♥"))  # the second move may be an ordinary lay
    assert normal.to_move == 0 and normal.forced is None


def test_s4_the_second_move_may_be_a_tabla_and_forces_the_next_player() -> None:
    after = sweep_position().play(SWEEP).play(card("5♥")).play(Capture(cards("2♥ 3♥"), cards("5♥")))
    assert after.tabla_points == (1, 1)  # not player 1's first move any more: 1 point
    assert after.table == ()
    assert after.to_move == 0 and after.forced == "lay"


def test_s4_opponent_without_cards_play_continues_in_normal_order() -> None:
    after = sweep_position(second_hand="").play(SWEEP)
    assert after.tabla_points == (1, 0)
    assert after.to_move == 0 and after.forced is None


def test_s4_opponent_laying_his_last_card_ends_the_compulsion() -> None:
    after = sweep_position(second_hand="5♥").play(SWEEP).play(card("5♥"))
    assert after.hands[1] == ()
    assert after.to_move == 0 and after.forced is None


def test_s4_the_compulsion_never_reaches_past_the_end_of_the_round() -> None:
    state = position(["K♠", ""], "6♦ 7♣", "8♣ 9♣ 10♣ J♣ Q♣ K♣", round=2)
    after = state.play(SWEEP)
    assert after.round == 3 and after.tabla_points == (1, 0)
    assert after.forced is None
    assert after.to_move == 0  # the last capturer starts the new round as usual


def test_s4_a_tabla_with_the_last_card_of_the_deal_counts_and_ends_the_deal() -> None:
    after = position(["K♠", ""], "6♦ 7♣", round=8).play(SWEEP)
    assert after.deal_over and after.forced is None
    assert after.tabla_points == (1, 0)


def test_s4_p3_opponent_without_cards_play_continues_in_normal_order() -> None:
    state = position(["K♠ 2♠", "", "3♦ 4♦"], "6♦ 7♣", rules=PRESETS["p3"], round=2).play(SWEEP)
    assert state.to_move == 2 and state.forced is None
    assert state.play(card("3♦")).to_move == 0
