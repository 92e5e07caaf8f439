"""docs/rules.md §6: the game to 11, secured points, "Ausz!" claims (automatic and manual), the stake."""

from __future__ import annotations

from dataclasses import replace

import pytest
from reference import cards, lay_until, position

from kaszino import (
    PRESETS,
    STANDARD,
    Capture,
    Claim,
    GameState,
    IllegalMoveError,
    Lay,
    NextDeal,
    Rules,
    new_game,
)

TRAINER = PRESETS["trainer"]
TAKE_BIG_CASINO = Capture(cards("10♠"), cards("10♦"))


def mid_deal(rules: Rules = STANDARD, *, scores: tuple[int, int] = (0, 0), first_pile: str = "",
             second_pile: str = "", to_move: int = 0) -> GameState:
    """Round 3 of deal 2: both players can take the 10♦ with their 10; the talon is not empty."""
    return position(["10♠ 3♠", "10♥ 4♥"], "10♦ 9♣", "5♣ 6♣ 7♣ 8♣ 5♦ 6♦", rules=rules,
                    piles=[first_pile, second_pile], scores=scores, round=3, deal=2, last_capturer=0,
                    to_move=to_move)


def test_s6_points_add_up_over_deals() -> None:
    state = mid_deal(scores=(4, 6), first_pile="A♥ 2♠", second_pile="A♦")
    assert state.totals() == (4 + 2, 6 + 1)


def test_s6_secured_points_count_aces_casinos_and_tablak_at_once() -> None:
    state = replace(mid_deal(first_pile="A♥ A♣ 2♠ 5♥"), tabla_points=(2, 0))
    assert state.deal_scores()[0].total == 2 + 1 + 2
    assert state.play(TAKE_BIG_CASINO).deal_scores()[0].total == 2 + 1 + 2 + 2


def test_s6_secured_most_cards_only_from_27_cards_on() -> None:
    pile26 = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ 2♦ 3♦"
    assert position(["", ""], "", piles=[pile26, ""]).deal_scores()[0].most_cards == 0
    assert position(["", ""], "", piles=[pile26 + " 4♦", ""]).deal_scores()[0].most_cards == 3


def test_s6_secured_most_spades_only_from_7_spades_on() -> None:
    six = "3♠ 4♠ 5♠ 6♠ 7♠ 8♠"
    assert position(["", ""], "", piles=[six, ""]).deal_scores()[0].most_spades == 0
    assert position(["", ""], "", piles=[six + " 9♠", ""]).deal_scores()[0].most_spades == 2


def test_s6_auto_reaching_11_wins_at_once_even_in_the_middle_of_a_deal() -> None:
    state = mid_deal(scores=(8, 0), first_pile="A♥")
    assert state.totals()[0] == 9 and not state.finished
    after = state.play(TAKE_BIG_CASINO)
    assert after.finished and after.winner == 0
    assert not after.deal_over and after.talon  # the deal was not played out
    assert after.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        after.play(Lay(cards("3♠")[0]))


def test_s6_auto_the_mover_claims_first() -> None:
    # A position where both players hold 11 secured points only arises when built by hand;
    # it shows the order of automatic claims: after a move, the mover first.
    state = mid_deal(scores=(9, 11))
    assert state.play(TAKE_BIG_CASINO).winner == 0
    assert state.play(Lay(cards("3♠")[0])).winner == 1


def test_s6_auto_below_11_the_game_goes_on() -> None:
    after = mid_deal(scores=(8, 0)).play(TAKE_BIG_CASINO)
    assert after.totals()[0] == 10
    assert not after.finished and after.winner is None


def test_s6_manual_the_learner_must_claim() -> None:
    after = mid_deal(TRAINER, scores=(9, 0)).play(TAKE_BIG_CASINO)
    assert not after.finished
    assert Claim(0) in after.legal_moves() and Claim(1) not in after.legal_moves()
    won = after.play(Claim(0))
    assert won.finished and won.winner == 0


def test_s6_manual_a_wrong_claim_is_refused_with_the_reason_and_changes_nothing() -> None:
    state = mid_deal(TRAINER, scores=(9, 3))
    copy = mid_deal(TRAINER, scores=(9, 3))
    reason = state.problem(Claim(0))
    assert reason is not None and reason.code == "claim_short"
    assert dict(reason.fields) == {"player": 0, "secured": 9, "target": 11}
    with pytest.raises(IllegalMoveError, match="player 1 has secured 9 of the 11 points needed"):
        state.play(Claim(0))
    assert state == copy and not state.finished
    after = state.play(TAKE_BIG_CASINO)  # the game simply goes on; the claim cost nothing
    assert after.totals() == (11, 3) and after.play(Claim(0)).winner == 0


def test_s6_manual_a_later_claim_by_the_opponent_wins() -> None:
    state = mid_deal(TRAINER, scores=(11, 9), to_move=1)
    assert Claim(0) in state.legal_moves()  # player 0 has reached 11 but does not claim
    after = state.play(Capture(cards("10♥"), cards("10♦")))
    assert {Claim(0), Claim(1)} <= set(after.legal_moves())
    won = after.play(Claim(1))
    assert won.finished and won.winner == 1


def test_s6_a_claim_for_a_player_who_does_not_exist_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="no player 3: this game has 2 players"):  # numbered from 1
        mid_deal(TRAINER).play(Claim(2))


def test_s6_win_in_the_first_deal_takes_the_full_stake() -> None:
    state = new_game(seed=2)
    assert state.deal == 1 and state.stake == 1.0


def test_s6_win_in_a_later_deal_takes_half_the_stake() -> None:
    second = lay_until(new_game(seed=2), lambda s: False).play(NextDeal())
    assert second.deal == 2 and second.stake == 0.5
    won = mid_deal(scores=(10, 0)).play(TAKE_BIG_CASINO)
    assert won.winner == 0 and won.deal == 2 and won.stake == 0.5
