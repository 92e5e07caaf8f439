"""Scopa, rule by rule (docs/scopa.md): one small position per rule, with the numbers worked out by hand.

The cases cover what public Scopa engines test too: an equal card taken alone and first, a sum only
without one, wrong sums and cards not on the table refused, laying only when nothing can be taken,
the scopa and when it does not count, the leftovers, every point of a deal with its ties, the
primiera's table suit by suit, and the game to 11.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from scopa_positions import cards, moves, position

from kaszino.engine.cards import Card, Suit
from kaszino.engine.events import Drew, LastRound, Leftovers, Redealt, Swept
from kaszino.errors import IllegalMoveError
from kaszino.games.scopa import NextDeal, ScopaMove, ScopaRules, ScopaState, new_game, parse_move
from kaszino.games.scopa.deck import DECK, PRIMIERA_POINTS, capture_value, shuffled_deck
from kaszino.games.scopa.scoring import deal_report, game_winner, primiera

# --- §9.1 the deck --------------------------------------------------------------------------


def test_the_deck_has_forty_cards_without_eights_nines_and_tens() -> None:
    assert len(DECK) == len(set(DECK)) == 40
    assert {card.value for card in DECK} == {1, 2, 3, 4, 5, 6, 7, 11, 12, 13}


@pytest.mark.parametrize(("card", "value"), [("A♠", 1), ("7♦", 7), ("J♣", 8), ("Q♥", 9), ("K♠", 10)])
def test_capture_values(card: str, value: int) -> None:
    assert capture_value(Card.parse(card)) == value


# --- §9.2 the deal --------------------------------------------------------------------------


def test_the_deal_gives_three_each_and_four_to_the_table() -> None:
    state = new_game(seed=11)
    assert [len(hand) for hand in state.hands] == [3, 3]
    assert len(state.table) == 4 and len(state.talon) == 30
    assert state.dealer == 1 and state.to_move == 0


def test_the_dealers_opponent_moves_first_and_dealers_alternate() -> None:
    state = new_game(seed=3, dealer=0)
    assert state.to_move == 1
    while not state.deal_over:
        state = state.play(state.legal_moves()[0])
    assert not state.finished
    state = state.play(NextDeal())
    assert state.dealer == 1 and state.to_move == 0 and state.deal == 2


def test_the_dealers_opponent_draws_first_and_starts_whoever_captured_last() -> None:
    named = cards("5♦ 5♥ 3♣")
    talon_cards = tuple(card for card in DECK if card not in named)[:30]
    state = position("", "5♦", "5♥ 3♣", to_move=1, round=1, talon=" ".join(map(str, talon_cards)))
    step = state.step(parse_move("5♦=5♥"))
    assert step.state.last_capturer == 1
    assert Drew((0, 1), 3, "deal_order") in step.events
    assert step.state.to_move == 0 and step.state.round == 2
    assert step.state.hands == (talon_cards[:3], talon_cards[3:6])


def test_six_rounds_and_the_last_is_known_by_elimination() -> None:
    game = new_game(seed=8)
    rounds = {game.round}
    last = []
    while not game.deal_over:
        step = game.step(game.legal_moves()[0])
        last += [event for event in step.events if isinstance(event, LastRound)]
        game = step.state
        rounds.add(game.round)
    assert rounds == {1, 2, 3, 4, 5, 6}
    assert last == [LastRound(6, open=False)]


# --- §9.3 a move: the single-card priority and the compulsory capture ------------------------


def test_an_equal_card_must_be_taken_alone_before_any_sum() -> None:
    state = position("3♠", "K♦", "A♦ 2♦ 3♣")
    assert moves(state) == {"3♠=3♣"}
    refusal = state.problem(parse_move("3♠=A♦+2♦"))
    assert refusal is not None and refusal.code == "single_first"
    assert refusal.field("equal") == cards("3♣")
    with pytest.raises(IllegalMoveError, match="must take one such card"):
        state.play(parse_move("3♠=A♦+2♦"))


def test_an_equal_card_plus_more_is_refused() -> None:
    refusal = position("3♠", "K♦", "A♦ 2♦ 3♣").problem(parse_move("3♠=3♣+A♦"))
    assert refusal is not None and refusal.code == "single_first"


def test_of_several_equal_cards_the_player_chooses_one() -> None:
    assert moves(position("5♠", "K♦", "5♥ 5♣ 2♦ 3♦")) == {"5♠=5♥", "5♠=5♣"}


def test_without_an_equal_card_any_set_of_two_or_more_with_the_sum() -> None:
    state = position("K♠", "A♣", "3♥ 7♦ A♦ 2♦ 4♣")
    expected = {frozenset(cards(group)) for group in ("3♥ 7♦", "A♦ 2♦ 7♦", "3♥ A♦ 2♦ 4♣")}
    assert {frozenset(move.taken) for move in state.legal_moves() if isinstance(move, ScopaMove)} == expected


def test_a_wrong_sum_is_refused_with_its_numbers() -> None:
    refusal = position("3♠", "K♦", "2♥ 5♦").problem(parse_move("3♠=2♥+5♦"))
    assert refusal is not None and refusal.code == "sums_differ"
    assert (refusal.field("value"), refusal.field("total")) == (3, 7)


def test_a_card_named_twice_is_refused_by_name() -> None:
    twice = ScopaMove(Card.parse("K♠"), (*cards("3♥ 7♦"), Card.parse("3♥")))
    refusal = position("K♠", "A♣", "3♥ 7♦").problem(twice)
    assert refusal is not None and refusal.code == "taken_twice" and refusal.field("cards") == cards("3♥")


def test_a_single_card_of_another_value_is_refused() -> None:
    refusal = position("A♠", "K♦", "6♦ 5♣").problem(parse_move("A♠=6♦"))
    assert refusal is not None and refusal.code == "sums_differ"


def test_cards_not_on_the_table_or_not_in_the_hand_are_refused() -> None:
    state = position("3♠", "K♦", "A♦ 2♦")
    not_there = state.problem(parse_move("3♠=A♦+2♣"))
    assert not_there is not None and not_there.code == "not_on_table"
    assert not_there.field("cards") == cards("2♣")
    other_hand = state.problem(parse_move("K♦"))
    assert other_hand is not None and other_hand.code == "not_in_hand" and other_hand.field("player") == 0


def test_a_card_that_can_capture_must_capture() -> None:
    for table, card in (("3♣ 4♦", "3♠"), ("A♦ 2♦", "3♠")):
        state = position(card, "K♦", table)
        refusal = state.problem(ScopaMove(Card.parse(card)))
        assert refusal is not None and refusal.code == "must_capture"
        assert card not in moves(state)


def test_a_card_that_cannot_capture_is_laid_and_any_hand_card_may_be_played() -> None:
    state = position("K♠ 3♠", "K♦ Q♦", "3♣ 6♥")
    assert moves(state) == {"K♠", "3♠=3♣"}
    after = state.play(parse_move("K♠"))
    assert after.table == cards("3♣ 6♥ K♠") and after.to_move == 1


# --- §9.5 the scopa and the leftovers -------------------------------------------------------


def test_clearing_the_table_is_a_scopa() -> None:
    state = position("K♠ 2♠", "Q♦ 2♣", "3♥ 7♦")
    step = state.step(parse_move("K♠=3♥+7♦"))
    assert Swept(0, 1) in step.events and step.state.scopas == (1, 0) and step.state.table == ()


def test_a_scopa_on_the_deals_first_move_counts() -> None:
    named = cards("K♦ 5♣ 6♣ Q♣ J♣ K♣ A♠ 2♠ 3♠ 4♠")
    talon = " ".join(str(card) for card in DECK if card not in named)
    first = position("K♦ 5♣ 6♣", "Q♣ J♣ K♣", "A♠ 2♠ 3♠ 4♠", round=1, talon=talon, last_capturer=None)
    assert ScopaState.from_notation(first.notation()) == first  # a real first position
    step = first.step(parse_move("K♦=A♠+2♠+3♠+4♠"))
    assert Swept(0, 1) in step.events and step.state.scopas == (1, 0)


def test_no_scopa_on_the_deals_last_move() -> None:
    last = position("Q♠", "2♣", "3♥ 4♦", to_move=1, dealer=0).play(parse_move("2♣"))
    final = last.step(parse_move("Q♠=3♥+4♦+2♣"))
    assert Swept(0, 0) in final.events
    assert final.state.scopas == (0, 0) and final.state.deal_over


def test_the_scopa_switch_turns_the_point_off() -> None:
    state = position("K♠ 2♠", "Q♦ 2♣", "3♥ 7♦", rules=ScopaRules(scopa=False))
    step = state.step(parse_move("K♠=3♥+7♦"))
    assert Swept(0, 0) in step.events and step.state.scopas == (0, 0)


def test_the_leftovers_go_to_the_last_capturer_and_are_no_scopa() -> None:
    state = position("5♠", "K♦", "5♥ 2♦", to_move=1, dealer=0, pile0="A♣ A♥")
    state = state.play(parse_move("K♦"))  # player 1 lays; player 0 takes the five last
    step = state.step(parse_move("5♠=5♥"))
    assert Leftovers(cards("2♦ K♦"), 0) in step.events
    assert step.state.table == () and step.state.scopas == (0, 0)
    assert set(cards("2♦ K♦ 5♠ 5♥")) <= set(step.state.piles[0])


def test_leftovers_go_to_nobody_when_nobody_captured() -> None:
    state = position("K♠", "Q♦", "", last_capturer=None, checked=False)  # the rest lies nowhere
    step = state.play(parse_move("K♠")).step(parse_move("Q♦"))
    assert Leftovers(cards("K♠ Q♦"), None) in step.events


# --- §9.6 scoring a deal --------------------------------------------------------------------


def _pile(text: str) -> tuple[Card, ...]:
    return cards(text)


def test_primiera_counts_the_best_card_of_each_suit() -> None:
    count = primiera(_pile("7♠ 6♠ 6♥ A♥ A♦ 5♣ K♣"))
    assert [best.card for best in count.suits] == list(cards("7♠ 6♥ A♦ 5♣"))
    assert [best.points for best in count.suits] == [21, 18, 16, 15]
    assert count.total == 70


def test_the_primiera_table() -> None:
    table = {rank: PRIMIERA_POINTS[rank] for rank in (7, 6, 1, 5, 4, 3, 2, 11, 12, 13)}
    assert table == {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 11: 10, 12: 10, 13: 10}
    assert primiera(_pile("A♠ 5♠ J♥ Q♦ K♣")).total == 16 + 10 + 10 + 10


def test_a_missing_suit_cannot_win_the_primiera() -> None:
    assert primiera(_pile("7♠ 7♥ 7♦")).total is None
    report = deal_report((_pile("7♠ 7♥ 7♦"), _pile("2♠ 2♥ 2♦ 2♣")), (0, 0), ScopaRules())
    assert report.comparisons[3].winner == 1
    nobody = deal_report((_pile("7♠ 7♥ 7♦"), _pile("2♠ 2♥ 2♦")), (0, 0), ScopaRules())
    assert nobody.comparisons[3].winner is None


@pytest.mark.parametrize(("mine", "theirs", "winner"), [
    ("7♣ 7♦ 6♠ 6♥", "6♣ 6♦ 7♠ 7♥", None),  # 78 against 78
    ("7♣ 7♦ 6♠ 6♥", "6♣ 6♦ 7♠ 5♥", 0),  # 78 against 75
    ("2♣ 2♦ 2♠ 2♥", "K♣ K♦ K♠ A♥", 0),  # 48 against 46
])
def test_the_higher_primiera_wins_and_a_tie_gives_nobody(mine: str, theirs: str, winner: int | None) -> None:
    report = deal_report((_pile(mine), _pile(theirs)), (0, 0), ScopaRules())
    assert report.comparisons[3].point == "primiera" and report.comparisons[3].winner == winner


def test_cards_diamonds_and_the_settebello() -> None:
    mine = tuple(card for card in DECK if card.suit in (Suit.DIAMONDS, Suit.SPADES)) + cards("A♥")
    theirs = tuple(card for card in DECK if card not in mine)
    report = deal_report((mine, theirs), (2, 1), ScopaRules())
    points = {comparison.point: (comparison.counts, comparison.winner) for comparison in report.comparisons}
    assert points["cards"] == ((21, 19), 0)
    assert points["diamonds"] == ((10, 0), 0)
    assert points["settebello"] == ((1, 0), 0)
    # no clubs on one side, neither spades nor diamonds on the other: nobody wins the primiera
    assert points["primiera"] == ((None, None), None)
    assert report.points == (2 + 3, 1)


def test_ties_on_cards_give_nobody() -> None:
    red_ace = Card.parse("A♥")
    mine = tuple(card for card in DECK if card.suit in (Suit.SPADES, Suit.HEARTS) and card != red_ace)
    mine += cards("A♦")
    theirs = tuple(card for card in DECK if card not in mine)
    report = deal_report((mine, theirs), (0, 0), ScopaRules())
    counts = {comparison.point: (comparison.counts, comparison.winner) for comparison in report.comparisons}
    assert counts["cards"] == ((20, 20), None)
    assert counts["diamonds"] == ((1, 9), 1)


def test_a_tie_on_diamonds_gives_nobody() -> None:
    mine = cards("A♦ 2♦ 3♦ 4♦ 5♦")
    theirs = cards("6♦ 7♦ J♦ Q♦ K♦")
    report = deal_report((mine, theirs), (0, 0), ScopaRules())
    assert report.comparisons[1].counts == (5, 5) and report.comparisons[1].winner is None
    assert not report.nobody_tied


def test_the_primiera_switch() -> None:
    report = deal_report((_pile("7♠ 7♥ 7♦ 7♣"), _pile("2♠")), (0, 0), ScopaRules(primiera=False))
    assert [comparison.point for comparison in report.comparisons] == ["cards", "diamonds", "settebello"]


# --- §9.7 the game to 11 ----------------------------------------------------------------------


@pytest.mark.parametrize(("totals", "winner"), [
    ((10, 9), None), ((11, 9), 0), ((9, 12), 1), ((12, 11), 0), ((11, 13), 1),
    ((11, 11), None), ((14, 14), None),
])
def test_the_game_to_eleven(totals: tuple[int, int], winner: int | None) -> None:
    assert game_winner(totals, 11) == winner


def _deal_giving_two_each(scores: tuple[int, int]) -> ScopaState:
    """The last two moves of a deal that gives 2 | 2: player 0 gets the cards and the primiera
    (68 against a pile of two suits), player 1 the diamonds (9 to 1) and the settebello."""
    spades_hearts = " ".join(str(card) for card in DECK if card.suit in (Suit.SPADES, Suit.HEARTS)
                             and card not in cards("K♠ 3♥"))
    state = position("K♠", "2♣", "3♥ 4♦", to_move=1, dealer=0, pile0=spades_hearts, last_capturer=0,
                     scores=scores)
    return state.play(parse_move("2♣")).play(parse_move("K♠"))


def test_a_tie_at_the_top_plays_another_deal() -> None:
    over = _deal_giving_two_each((9, 9))
    assert over.deal_scores() == (2, 2) and over.totals() == (11, 11)
    assert over.deal_over and not over.finished and over.legal_moves() == [NextDeal()]
    assert over.play(NextDeal()).scores == (11, 11)


def test_both_over_eleven_the_higher_total_wins() -> None:
    over = _deal_giving_two_each((10, 9))
    assert over.totals() == (12, 11) and over.finished and over.winner == 0


def test_the_game_ends_after_the_deal_that_reaches_the_target() -> None:
    state = position("5♠", "K♦", "5♥", to_move=1, dealer=0, scores=(10, 3), checked=False, pile0=" ".join(
        str(card) for card in DECK if card.suit is Suit.DIAMONDS and card.value != 5))  # K♦ twice
    final = state.play(parse_move("K♦")).play(parse_move("5♠=5♥"))
    assert final.deal_over and final.totals()[0] > 11 and final.finished and final.winner == 0
    assert final.legal_moves() == []
    refusal = final.problem(NextDeal())
    assert refusal is not None and refusal.code == "game_over"


# --- the redeal switch ------------------------------------------------------------------------


def _seed_with_kings_on_the_table() -> int:
    return next(seed for seed in range(100_000)
                if sum(card.value == 13 for card in shuffled_deck(seed, 1)[6:10]) >= 3)


def test_without_the_switch_three_kings_stay() -> None:
    seed = _seed_with_kings_on_the_table()
    assert sum(card.value == 13 for card in new_game(seed=seed).table) >= 3


def test_with_the_switch_three_kings_call_a_redeal() -> None:
    seed = _seed_with_kings_on_the_table()
    state = new_game(seed=seed, rules=ScopaRules(kings_redeal=True))
    assert sum(card.value == 13 for card in state.table) < 3
    assert state.table != shuffled_deck(seed, 1)[6:10]


def test_the_redeal_is_reported_as_an_event() -> None:
    rules = ScopaRules(kings_redeal=True)
    seed = next(seed for seed in range(100_000)
                if sum(card.value == 13 for card in shuffled_deck(seed, 2)[6:10]) >= 3)
    state = replace(position("K♠", "2♣", "3♥ 4♦", to_move=1, dealer=0, rules=rules), seed=seed)
    over = state.play(parse_move("2♣")).play(parse_move("K♠"))
    assert over.deal_over and not over.finished
    step = over.step(NextDeal())
    assert isinstance(step.events[0], Redealt) and step.events[0].kings >= 3
    assert sum(card.value == 13 for card in step.state.table) < 3
