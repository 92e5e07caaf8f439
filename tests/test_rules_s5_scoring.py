"""docs/rules.md §5: scoring a finished deal, one test per row of the table."""

from __future__ import annotations

from collections.abc import Iterable

from reference import finished_deal

from kaszino import DECK, Card, GameState, Rules, Suit, format_cards
from kaszino.games.kaszino.scoring import PileScore, points_available

CLUBS_AND_HEARTS = [c for c in DECK if c.suit in (Suit.CLUBS, Suit.HEARTS)]  # 26 cards, 2 aces, no spade


def deal_end(first_pile: Iterable[Card], tabla: tuple[int, int] = (0, 0)) -> GameState:
    """A finished deal: player 0 took ``first_pile``, player 1 every other card."""
    return finished_deal([first_pile], tabla_points=tabla)


def scores(state: GameState) -> tuple[PileScore, ...]:
    return state.deal_scores()


def test_s5_most_cards_27_of_52_is_worth_3() -> None:
    first, second = scores(deal_end([*CLUBS_AND_HEARTS, Card(13, Suit.DIAMONDS)]))
    assert (first.cards, first.most_cards) == (27, 3)
    assert (second.cards, second.most_cards) == (25, 0)


def test_s5_a_26_26_card_tie_gives_no_card_points() -> None:
    first, second = scores(deal_end(CLUBS_AND_HEARTS))
    assert first.cards == second.cards == 26
    assert first.most_cards == second.most_cards == 0
    assert first.total + second.total == 12 - 3


def test_s5_most_spades_7_of_13_is_worth_2() -> None:
    seven = [Card(v, Suit.SPADES) for v in range(3, 10)]
    first, second = scores(deal_end(seven))
    assert (first.spades, first.most_spades, second.most_spades) == (7, 2, 0)
    first, second = scores(deal_end(seven[:-1]))
    assert (first.spades, first.most_spades, second.most_spades) == (6, 0, 2)


def test_s5_each_ace_is_worth_1() -> None:
    for aces in range(5):
        pile = [Card(1, suit) for suit in list(Suit)[:aces]] + [Card(5, Suit.HEARTS)]
        first, second = scores(deal_end(pile))
        assert (first.aces, second.aces) == (aces, 4 - aces)
        assert first.total == first.card_points == aces  # no majority, no casino in this pile


def test_s5_ten_of_diamonds_nagykaszino_is_worth_2() -> None:
    first, second = scores(deal_end([Card(10, Suit.DIAMONDS)]))
    assert first.big_casino and not second.big_casino
    assert first.total == first.card_points == 2


def test_s5_two_of_spades_kiskaszino_is_worth_1() -> None:
    first, second = scores(deal_end([Card(2, Suit.SPADES)]))
    assert first.little_casino and not second.little_casino
    assert first.total == first.card_points == 1


def test_s5_each_tabla_is_worth_its_points() -> None:
    first, second = scores(deal_end(CLUBS_AND_HEARTS, tabla=(3, 1)))
    assert (first.tabla, second.tabla) == (3, 1)
    assert first.total + second.total == 12 - 3 + 4


def test_s5_without_tablak_a_deal_is_worth_12_points() -> None:
    assert points_available(Rules()) == 12
    for pile in (CLUBS_AND_HEARTS + [Card(13, Suit.SPADES)], DECK[:10], DECK[10:], [], DECK):
        first, second = scores(deal_end(pile))
        assert first.total + second.total == 12, format_cards(pile)


def test_s5_every_item_of_a_mixed_pile() -> None:
    pile = [Card(1, Suit.SPADES), Card(1, Suit.HEARTS), Card(10, Suit.DIAMONDS), Card(2, Suit.SPADES)]
    first, second = scores(deal_end(pile))
    assert (first.aces, first.big_casino, first.little_casino, first.card_points) == (2, True, True, 5)
    assert (second.most_cards, second.most_spades, second.aces, second.total) == (3, 2, 2, 7)
