"""docs/rules.md §7: every variant V1–V8, three and four players (P3, P4) and the scoring table S003."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from reference import cards, engine_moves, finished_deal, key, lay_until, position, stacked_deck

from kaszino import (
    DECK,
    PRESETS,
    Capture,
    Card,
    Challenge,
    Claim,
    GameState,
    IllegalMoveError,
    Lay,
    NextDeal,
    Pass,
    Rules,
    Suit,
    captures,
    new_game,
)
from kaszino.games.kaszino.scoring import points_available

TAKE_BIG_CASINO = Capture(cards("10♠"), cards("10♦"))
SWEEP = Capture(cards("K♠"), cards("6♦ 7♣"))
SPADES = [c for c in DECK if c.suit is Suit.SPADES]
HEARTS = [c for c in DECK if c.suit is Suit.HEARTS]
PILE27 = [*SPADES, *HEARTS, Card(13, Suit.DIAMONDS)]  # most cards, all spades, A♠ A♥ 2♠: 8 points


def mid_deal(rules: Rules, scores: tuple[int, ...] = (0, 0)) -> GameState:
    """Round 3: player 0 can take the 10♦ (2 points) with his 10♠; the talon is not empty."""
    return position(["10♠ 3♠", "10♥ 4♥"], "10♦ 9♣", "5♣ 6♣ 7♣ 8♣ 5♦ 6♦", rules=rules, scores=scores,
                    round=3, last_capturer=0)


def last_lay(rules: Rules, first_pile: Sequence[Card], scores: tuple[int, int], deal: int) -> GameState:
    """The last move of a deal: player 0 lays ``first_pile[0]``, which goes back to him as leftover."""
    named = " ".join(str(c) for c in first_pile[1:])
    state = position([str(first_pile[0]), ""], "", rules=rules, piles=[named, ""], rest_to=1,
                     round=rules.rounds, last_capturer=0, scores=scores, deal=deal)
    return state.play(Lay(first_pile[0]))


def test_v1_most_cards_2_points_most_spades_1_point() -> None:
    first, second = finished_deal([PILE27], PRESETS["v1"]).deal_scores()
    assert (first.most_cards, first.most_spades) == (2, 1)
    assert first.total + second.total == points_available(PRESETS["v1"]) == 10


def test_v2_at_most_two_hand_cards_in_one_capture() -> None:
    hand, table = cards("A♠ 2♠ 3♠"), cards("6♦ 3♦")
    three = Capture(hand, cards("6♦"))
    assert three in captures(hand, table)
    limited = captures(hand, table, PRESETS["v2"])
    assert three not in limited and all(len(c.hand) <= 2 for c in limited)
    pairs = {key(Capture(cards("A♠ 2♠"), cards("3♦"))), key(Capture(cards("3♠"), cards("3♦")))}
    assert {key(c) for c in limited} == pairs
    state = position([" ".join(map(str, hand)), "4♥"], "6♦ 3♦", rules=PRESETS["v2"], round=2)
    with pytest.raises(IllegalMoveError, match="a capture uses at most 2 hand cards; this one uses 3"):
        state.play(three)


def test_v3_the_forced_second_move_may_be_passed() -> None:
    state = position(["K♠ 2♠", "2♥ 5♥"], "6♦ 7♣", "8♣ 9♣ 10♣ J♣ Q♣ K♣", rules=PRESETS["v3"], round=2)
    forced_lay = state.play(SWEEP)
    assert Pass() not in forced_lay.legal_moves()  # the lay itself stays compulsory
    again = forced_lay.play(Lay(cards("5♥")[0]))
    assert again.forced == "again" and Pass() in again.legal_moves()
    passed = again.play(Pass())
    assert passed.to_move == 0 and passed.forced is None and passed.hands[1] == cards("2♥")
    standard = position(["K♠ 2♠", "2♥ 5♥"], "6♦ 7♣", round=2).play(SWEEP).play(Lay(cards("5♥")[0]))
    assert Pass() not in standard.legal_moves()


def test_v4_a_fixed_number_of_deals_highest_total_wins() -> None:
    v4 = PRESETS["v4"]
    assert v4.fixed_deals == 2
    first = last_lay(v4, PILE27, scores=(0, 0), deal=1)
    assert first.deal_over and not first.finished  # 8 points, but the game is not a race
    assert first.problem(Claim(0)) is not None and Claim(0) not in first.legal_moves()
    assert first.legal_moves() == [NextDeal()]
    second = last_lay(v4, PILE27, scores=(3, 20), deal=2)
    assert second.finished and second.totals() == (3 + 8, 20 + 4) and second.winner == 1
    assert second.stake == 1.0


def test_v4_equal_totals_after_the_last_deal_is_a_draw() -> None:
    clubs_and_hearts = [c for c in DECK if c.suit in (Suit.CLUBS, Suit.HEARTS)]  # 26-26: 2 points to 7
    ended = last_lay(PRESETS["v4"], clubs_and_hearts, scores=(5, 0), deal=2)
    assert ended.totals() == (7, 7)
    assert ended.finished and ended.winner is None


def test_v5_another_target_checked_continuously() -> None:
    to21 = Rules(target=21, name="v5-continuous")
    assert not mid_deal(to21, scores=(9, 0)).play(TAKE_BIG_CASINO).finished
    won = mid_deal(to21, scores=(19, 0)).play(TAKE_BIG_CASINO)
    assert won.finished and won.winner == 0


def test_v5_target_checked_only_after_each_deal() -> None:
    v5 = PRESETS["v5"]
    assert (v5.target, v5.target_check) == (21, "after_deal")
    during = mid_deal(v5, scores=(19, 0)).play(TAKE_BIG_CASINO)
    assert during.totals()[0] == 21 and not during.finished
    assert "after a deal" in str(during.problem(Claim(0)))
    ended = last_lay(v5, PILE27, scores=(13, 0), deal=2)
    assert ended.finished and ended.winner == 0 and ended.totals() == (21, 4)
    below = last_lay(v5, PILE27, scores=(12, 0), deal=2)
    assert not below.finished and below.legal_moves() == [NextDeal()]


def test_v5_after_deal_a_tie_at_the_target_plays_another_deal() -> None:
    clubs_and_hearts = [c for c in DECK if c.suit in (Suit.CLUBS, Suit.HEARTS)]
    tied = last_lay(PRESETS["v5"], clubs_and_hearts, scores=(19, 14), deal=2)
    assert tied.totals() == (21, 21)
    assert not tied.finished and tied.legal_moves() == [NextDeal()]


FALS_POSITION = (["5♠ 6♠", "4♥ 7♥"], "2♦ 4♣ 9♠", "8♣ 9♣ 10♣ J♣ Q♣ K♣")
FALSE_CAPTURE = Capture(cards("5♠"), cards("2♦ 4♣"))  # 5 ≠ 6


def test_v6_a_false_capture_may_be_attempted_only_with_fals() -> None:
    with pytest.raises(IllegalMoveError, match="5 ≠ 6 = 2\\+4"):
        position(*FALS_POSITION, round=2).play(FALSE_CAPTURE)
    state = position(*FALS_POSITION, rules=PRESETS["v6"], round=2)
    assert FALSE_CAPTURE not in state.legal_moves()  # listed moves stay correct
    attempted = state.play(FALSE_CAPTURE)
    assert attempted.pending is not None and attempted.pending.false
    assert Challenge(1) in attempted.legal_moves() and Challenge(0) not in attempted.legal_moves()


def test_v6_a_right_challenge_gives_2_restores_and_the_faulty_player_moves_again() -> None:
    state = position(*FALS_POSITION, rules=PRESETS["v6"], round=2)
    challenged = state.play(FALSE_CAPTURE).play(Challenge(1))
    assert challenged.bonus == (0, 2)
    assert challenged.to_move == 0
    assert (challenged.hands, challenged.table, challenged.piles) == (state.hands, state.table, state.piles)
    assert challenged.deal_scores()[1].total == 2


def test_v6_a_wrong_challenge_gives_the_capturer_1() -> None:
    state = position(*FALS_POSITION, rules=PRESETS["v6"], round=2)
    correct = Capture(cards("6♠"), cards("2♦ 4♣"))
    captured = state.play(correct)
    challenged = captured.play(Challenge(1))
    assert challenged.bonus == (1, 0)
    assert challenged.piles == captured.piles and challenged.to_move == 1


def test_v6_the_challenge_must_come_before_the_next_move() -> None:
    state = position(*FALS_POSITION, rules=PRESETS["v6"], round=2)
    moved_on = state.play(FALSE_CAPTURE).play(Lay(cards("4♥")[0]))
    assert moved_on.pending is None
    with pytest.raises(IllegalMoveError, match="There is no capture to challenge"):
        moved_on.play(Challenge(1))
    assert set(moved_on.piles[0]) == set(cards("5♠ 2♦ 4♣"))  # an unchallenged false capture stands


def test_v6_no_claim_rests_on_a_capture_that_may_be_challenged() -> None:
    after = mid_deal(PRESETS["v6"], scores=(9, 0)).play(TAKE_BIG_CASINO)
    assert after.totals()[0] == 11 and not after.finished
    assert after.play(Lay(cards("4♥")[0])).winner == 0


def test_v6_a_claim_resting_on_the_last_capture_of_a_deal_wins_that_deal() -> None:
    last_move = position(["10♦", ""], "10♥", rules=PRESETS["v6"], rest_to=1, round=8, scores=(9, 0), deal=2,
                         last_capturer=1)
    deal_over = last_move.play(Capture(cards("10♦"), cards("10♥")))
    assert deal_over.deal_over and deal_over.pending is not None and not deal_over.finished
    won = deal_over.play(NextDeal())  # nobody called Fals!: the window closes, the claim comes first
    # deal 2, since scores before deal 1 are 0: a later deal's winner takes half the stake
    assert (won.finished, won.winner, won.deal, won.stake) == (True, 0, 2, 0.5)


ONE_CAPTURE_DECK = stacked_deck("7♠ 8♠ 9♠", "A♥ 2♥ 3♥", "6♦ K♣ Q♣ J♣", "2♣ 3♣ 4♣ 5♣ 6♣ 7♣")


@pytest.mark.parametrize(("rules", "starter"), [(PRESETS["standard"], 1), (PRESETS["v7"], 0)])
def test_v7_after_a_draw_the_opponent_of_the_last_capturer_starts(rules: Rules, starter: int) -> None:
    state = new_game(rules, deck=ONE_CAPTURE_DECK).play(Lay(cards("7♠")[0]))
    state = lay_until(state.play(Capture(cards("A♥ 2♥ 3♥"), cards("6♦"))), lambda s: s.round == 2)
    assert state.last_capturer == 1
    assert state.hands[1] == cards("2♣ 3♣ 4♣")  # the last capturer still draws first
    assert state.to_move == starter


def test_v7_nobody_captured_the_player_after_the_first_drawer_starts() -> None:
    deck = stacked_deck("7♠ 8♠ 9♠", "J♥ Q♥ K♥", "6♦ K♣ Q♣ J♣", "2♣ 3♣ 4♣ 5♣ 6♣ 7♣")
    state = lay_until(new_game(PRESETS["v7"], deck=deck), lambda s: s.round == 2)
    assert state.last_capturer is None and state.hands[0] == cards("2♣ 3♣ 4♣")
    assert state.to_move == 1


def test_v8_no_limit_on_the_sum_of_a_capture() -> None:
    hand, table = cards("5♠ A♥ K♣"), cards("2♦ 4♣ 7♥ 9♠")
    big = Capture(cards("5♠ K♣"), cards("2♦ 7♥ 9♠"))
    found = captures(hand, table, PRESETS["v8"])
    assert len(found) == 4 and key(big) in {key(c) for c in found}
    state = position([" ".join(map(str, hand)), "3♥"], "2♦ 4♣ 7♥ 9♠", rules=PRESETS["v8"], round=2)
    assert set(state.play(big).piles[0]) == set(big.cards)
    assert len(captures(cards("K♠ Q♠"), cards("K♥ Q♥"), PRESETS["v8"])) == 3


def test_p3_five_rounds_the_last_of_4_cards_turns_clockwise() -> None:
    state = new_game(PRESETS["p3"], seed=4)
    assert [len(h) for h in state.hands] == [3, 3, 3] and len(state.table) == 4 and len(state.talon) == 39
    rounds: dict[int, list[int]] = {}
    order: list[int] = []
    while not state.deal_over:
        rounds.setdefault(state.round, [len(h) for h in state.hands])
        if state.round == 1:
            order.append(state.to_move)
        assert state.open_round == (state.round == 5)
        state = state.play(Lay(state.hands[state.to_move][0]))
    assert rounds == {1: [3, 3, 3], 2: [3, 3, 3], 3: [3, 3, 3], 4: [3, 3, 3], 5: [4, 4, 4]}
    assert order == [0, 1, 2] * 3


def test_p3_last_capturer_draws_first_then_clockwise() -> None:
    rules = PRESETS["p3"]
    talon = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣"
    state = position(["", "5♥", ""], "K♦", talon, rules=rules, to_move=1, last_capturer=2)
    state = state.play(Lay(cards("5♥")[0]))
    assert state.round == 2 and state.to_move == 2
    assert state.hands == (cards("5♣ 6♣ 7♣"), cards("8♣ 9♣ 10♣"), cards("2♣ 3♣ 4♣"))


def test_p3_after_a_tabla_the_next_player_lays_and_moves_again() -> None:
    state = position(["K♠ 2♠", "2♥ 5♥", "3♦ 4♦"], "6♦ 7♣", rules=PRESETS["p3"], round=2).play(SWEEP)
    assert state.to_move == 1 and state.forced == "lay"
    state = state.play(Lay(cards("5♥")[0]))
    assert state.to_move == 1 and state.forced == "again"
    assert state.play(Lay(cards("2♥")[0])).to_move == 2


@pytest.mark.parametrize("preset", ["p3", "p4"])
def test_p3_p4_the_player_after_the_dealer_starts_each_deal(preset: str) -> None:
    rules = PRESETS[preset]
    for dealer in range(rules.players):
        assert new_game(rules, seed=2, dealer=dealer).to_move == (dealer + 1) % rules.players


def test_p3_the_last_round_may_use_all_four_hand_cards_in_one_capture_within_13() -> None:
    state = position(["A♠ 2♥ 3♦ 4♣", "5♠ 6♥ 7♦ 8♣", "9♠ 10♥ J♦ Q♣"], "10♦", rules=PRESETS["p3"], round=5)
    four = Capture(cards("A♠ 2♥ 3♦ 4♣"), cards("10♦"))
    assert key(four) in {key(c) for c in captures(state.hands[0], state.table, PRESETS["p3"])}
    assert set(state.play(four).piles[0]) == set(four.cards)
    over = captures(cards("5♠ 6♥ 7♦ 8♣"), cards("K♦ A♣"), PRESETS["p3"])
    assert over and all(len(c.hand) < 4 for c in over)  # all four make 26: over the limit


def test_p4_four_rounds_of_3_cards() -> None:
    state = new_game(PRESETS["p4"], seed=9)
    assert [len(h) for h in state.hands] == [3] * 4 and len(state.talon) == 36
    rounds: dict[int, list[int]] = {}
    while not state.deal_over:
        rounds.setdefault(state.round, [len(h) for h in state.hands])
        state = state.play(Lay(state.hands[state.to_move][0]))
    assert rounds == {r: [3, 3, 3, 3] for r in range(1, 5)}


def piles_of(counts: Sequence[int], spade_counts: Sequence[int]) -> list[list[Card]]:
    """Piles with these card and spade counts; the last player's pile is the rest of the deck."""
    spades, others = list(SPADES), [c for c in DECK if c.suit is not Suit.SPADES]
    return [
        [spades.pop() for _ in range(n_spades)] + [others.pop() for _ in range(n - n_spades)]
        for n, n_spades in zip(counts[:-1], spade_counts[:-1], strict=True)
    ]


def holders(flags: Sequence[int]) -> list[int]:
    return [player for player, points in enumerate(flags) if points]


@pytest.mark.parametrize(
    ("name", "counts", "spades", "most_cards", "most_spades"),
    [
        ("p3", (18, 17, 17), (5, 4, 4), [0], [0]),
        ("p3", (18, 18, 16), (5, 5, 3), [], []),
        ("p3", (16, 17, 19), (3, 4, 6), [2], [2]),
        ("p4", (13, 13, 13, 13), (4, 3, 3, 3), [], [0]),
        ("p4", (14, 13, 13, 12), (4, 4, 3, 2), [0], []),
    ],
)
def test_p3_p4_card_and_spade_points_to_the_unique_maximum_ties_nobody(
    name: str, counts: tuple[int, ...], spades: tuple[int, ...], most_cards: list[int], most_spades: list[int]
) -> None:
    scores = finished_deal(piles_of(counts, spades), PRESETS[name]).deal_scores()
    assert tuple(s.cards for s in scores) == counts and tuple(s.spades for s in scores) == spades
    assert holders([s.most_cards for s in scores]) == most_cards
    assert holders([s.most_spades for s in scores]) == most_spades


def test_s003_scoring_table() -> None:
    s003 = PRESETS["s003"]
    pile = SPADES + HEARTS + [Card(10, Suit.DIAMONDS)]
    first, second = finished_deal([pile], s003, tabla_points=(1, 1)).deal_scores()
    assert (first.most_cards, first.most_spades, first.card_points, first.tabla) == (1, 1, 2 + 1 + 2, 1)
    assert (second.most_cards, second.most_spades, second.card_points) == (0, 0, 2)
    assert points_available(s003) == 9 and first.total + second.total == 9 + 2


def test_s003_no_double_tabla_on_the_first_move() -> None:
    deck = stacked_deck("K♠ 2♥ 3♥", "4♥ 5♥ 6♥", "A♦ 2♦ 3♦ 7♦")
    state = new_game(PRESETS["s003"], deck=deck, dealer=1)
    assert state.to_move == 0  # the dealer's opponent starts
    assert state.play(Capture(cards("K♠"), cards("A♦ 2♦ 3♦ 7♦"))).tabla_points == (1, 0)


def test_s003_the_game_ends_as_soon_as_someone_reaches_11() -> None:
    won = mid_deal(PRESETS["s003"], scores=(9, 0)).play(TAKE_BIG_CASINO)
    assert won.finished and won.winner == 0 and won.talon


def test_every_preset_is_a_rules_value_with_its_name() -> None:
    assert all(isinstance(r, Rules) and r.name == name for name, r in PRESETS.items())
    assert all(engine_moves(new_game(r, seed=1)) for r in PRESETS.values())
