"""docs/rules.md §3: a deal for two players — dealing, turns, drawing, eight rounds, leftovers."""

from __future__ import annotations

from reference import all_cards, cards, lay_until, position, stacked_deck

from kaszino import DECK, Capture, Lay, NextDeal, new_game

# Player 0 lays 7♠; player 1 takes 6♦ with all three hand cards; player 0 then plays alone.
ONE_CAPTURE_DECK = stacked_deck("7♠ 8♠ 9♠", "A♥ 2♥ 3♥", "6♦ K♣ Q♣ J♣", "2♣ 3♣ 4♣ 5♣ 6♣ 7♣")
TAKE_SIX = Capture(cards("A♥ 2♥ 3♥"), cards("6♦"))


def test_s3_1_deal_three_cards_each_four_to_the_table_rest_is_talon() -> None:
    state = new_game(seed=7)
    assert [len(h) for h in state.hands] == [3, 3]
    assert len(state.table) == 4
    assert len(state.talon) == 52 - 10
    assert sorted(all_cards(state)) == sorted(DECK)


def test_s3_1_a_given_deck_is_dealt_hands_first_then_table_then_talon() -> None:
    state = new_game(deck=stacked_deck("2♠ 3♠ 4♠", "2♥ 3♥ 4♥", "2♦ 3♦ 4♦ 5♦", "6♦ 7♦"))
    assert state.hands == (cards("2♠ 3♠ 4♠"), cards("2♥ 3♥ 4♥"))
    assert state.table == cards("2♦ 3♦ 4♦ 5♦")
    assert state.talon[:2] == cards("6♦ 7♦")
    assert state.piles == ((), ())


def test_s3_2_the_dealers_opponent_moves_first() -> None:
    default = new_game(seed=1)  # by default the last player deals
    assert (default.dealer, default.to_move) == (1, 0)
    state = new_game(deck=stacked_deck("2♠ 3♠ 4♠", "2♥ 3♥ 4♥"), dealer=0)
    assert state.to_move == 1
    assert state.hands[1] == cards("2♠ 3♠ 4♠")  # the first mover is dealt first


def test_s3_2_dealers_alternate_between_deals() -> None:
    state = new_game(seed=3)
    dealers = []
    for _ in range(3):
        dealers.append((state.deal, state.dealer, state.to_move))
        state = lay_until(state, lambda s: False).play(NextDeal())  # nobody captures: 0 points each
    assert dealers == [(1, 1, 0), (2, 0, 1), (3, 1, 0)]


def test_s3_3_a_move_is_a_capture_or_a_lay() -> None:
    state = new_game(deck=ONE_CAPTURE_DECK)
    assert all(isinstance(m, Capture | Lay) for m in state.legal_moves())
    assert {m for m in state.legal_moves() if isinstance(m, Lay)} == {Lay(c) for c in state.hands[0]}


def test_s3_4_after_a_move_the_turn_passes_to_the_opponent() -> None:
    state = new_game(deck=ONE_CAPTURE_DECK).play(Lay(cards("7♠")[0]))
    assert state.to_move == 1


def test_s3_4_with_the_opponents_hand_empty_the_same_player_moves_again() -> None:
    state = new_game(deck=ONE_CAPTURE_DECK).play(Lay(cards("7♠")[0])).play(TAKE_SIX)
    assert state.hands == (cards("8♠ 9♠"), ())
    assert state.to_move == 0
    state = state.play(Lay(cards("8♠")[0]))
    assert state.to_move == 0 and state.round == 1


def test_s3_5_last_capturer_draws_first_and_starts() -> None:
    state = new_game(deck=ONE_CAPTURE_DECK).play(Lay(cards("7♠")[0])).play(TAKE_SIX)
    state = state.play(Lay(cards("8♠")[0])).play(Lay(cards("9♠")[0]))
    assert state.round == 2
    assert state.last_capturer == 1
    assert state.hands == (cards("5♣ 6♣ 7♣"), cards("2♣ 3♣ 4♣"))
    assert state.to_move == 1
    assert state.table == cards("K♣ Q♣ J♣ 7♠ 8♠ 9♠")  # the draw leaves the table as it was


def test_s3_5_last_capture_of_the_deal_so_far_not_only_of_this_round() -> None:
    state = new_game(deck=ONE_CAPTURE_DECK).play(Lay(cards("7♠")[0])).play(TAKE_SIX)
    state = lay_until(state, lambda s: s.round == 2)
    state = lay_until(state, lambda s: s.round == 3)  # round 2: nobody captures
    assert state.last_capturer == 1
    assert state.to_move == 1
    assert state.hands[1] == ONE_CAPTURE_DECK[16:19]  # talon after round 2 draws: 1 draws first again


def test_s3_5_nobody_captured_the_first_mover_of_the_deal_draws_first() -> None:
    deck = stacked_deck("7♠ 8♠ 9♠", "J♥ Q♥ K♥", "6♦ K♣ Q♣ J♣", "2♣ 3♣ 4♣ 5♣ 6♣ 7♣")
    for dealer, first in ((1, 0), (0, 1)):
        state = lay_until(new_game(deck=deck, dealer=dealer), lambda s: s.round == 2)
        assert state.last_capturer is None
        assert state.to_move == first
        assert state.hands[first] == cards("2♣ 3♣ 4♣")
        assert state.hands[1 - first] == cards("5♣ 6♣ 7♣")


def test_s3_6_a_deal_has_8_rounds_of_3_cards_each() -> None:
    state = new_game(seed=11)
    seen: list[tuple[int, list[int], int]] = []
    while not state.deal_over:
        if not seen or seen[-1][0] != state.round:
            seen.append((state.round, [len(h) for h in state.hands], len(state.talon)))
        state = state.play(Lay(state.hands[state.to_move][0]))
    assert [r for r, _, _ in seen] == list(range(1, 9))
    assert all(sizes == [3, 3] for _, sizes, _ in seen)
    assert [talon for _, _, talon in seen] == [42 - 6 * i for i in range(8)]
    assert len(state.table) == 4 + 48


def test_s3_6_the_8th_round_is_played_open() -> None:
    state = new_game(seed=12)
    while state.round < 8:
        assert not state.open_round
        state = state.play(Lay(state.hands[state.to_move][0]))
    assert state.open_round and not state.talon


def test_s3_7_leftovers_go_to_the_last_capturer_and_are_not_a_tabla() -> None:
    state = position(["5♠", ""], "5♥ 9♣ Q♦", round=8, last_capturer=1)
    after = state.play(Capture(cards("5♠"), cards("5♥")))
    assert after.deal_over and after.table == ()
    assert set(after.piles[0]) == set(cards("5♠ 5♥ 9♣ Q♦"))
    assert after.tabla_points == (0, 0)


def test_s3_7_leftovers_go_to_an_earlier_capturer_when_the_last_move_is_a_lay() -> None:
    after = position(["5♠", ""], "5♥ 9♣ Q♦", round=8, last_capturer=1).play(Lay(cards("5♠")[0]))
    assert after.deal_over
    assert after.piles == ((), cards("5♥ 9♣ Q♦ 5♠"))
    assert after.tabla_points == (0, 0)


def test_s3_7_with_no_capture_in_the_whole_deal_leftovers_go_to_nobody() -> None:
    state = lay_until(new_game(seed=5), lambda s: False)
    assert state.deal_over and state.last_capturer is None
    assert state.piles == ((), ()) and len(state.table) == 52
    assert [d.total for d in state.deal_scores()] == [0, 0]


def test_s3_1_a_seed_must_be_a_whole_number() -> None:
    import pytest

    with pytest.raises(ValueError, match=r"seed must be a whole number 0\.\.\d+, not 'x'"):
        new_game(seed="x")  # type: ignore[arg-type]
    assert new_game(seed=5) == new_game(seed=5)
