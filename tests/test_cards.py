"""Cards exist once each: every way of making or copying one gives the deck's own card, so that
equality, which is identity, agrees with the value and suit (docs/design.md, "Cards")."""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kaszino.engine.cards import DECK, Card, Suit
from kaszino.errors import CardParseError

cards = st.sampled_from(DECK)


@given(cards)
def test_every_way_of_making_a_card_gives_the_decks_own(card: Card) -> None:
    made = [
        Card(card.value, card.suit),
        Card(value=card.value, suit=Suit(int(card.suit))),
        Card.parse(str(card)),
        Card.parse(card.ascii()),
        pickle.loads(pickle.dumps(card)),
        copy.copy(card),
        copy.deepcopy([card])[0],
        replace(card),
    ]
    assert all(other is DECK[card.index] for other in made)


@given(cards, cards)
def test_cards_are_equal_only_with_the_same_value_and_suit_and_ordered_by_value_then_suit(
    first: Card, second: Card
) -> None:
    same = (first.value, first.suit) == (second.value, second.suit)
    assert (first == second) is same and (first != second) is not same
    key = (first.value, first.suit), (second.value, second.suit)
    assert (first < second) is (key[0] < key[1])
    assert (first <= second) is (key[0] <= key[1])
    assert (first > second) is (key[0] > key[1])
    assert (first >= second) is (key[0] >= key[1])


def test_the_hash_is_that_of_value_and_suit_so_the_order_of_sets_is_the_same_in_every_run() -> None:
    assert [hash(card) for card in DECK] == [hash((card.value, card.suit)) for card in DECK]


def test_a_card_is_no_number_and_cannot_be_changed() -> None:
    ace = Card(1, Suit.SPADES)
    assert ace != 1 and ace != (1, Suit.SPADES)  # type: ignore[comparison-overlap]
    with pytest.raises(TypeError):
        _ = ace < 2  # type: ignore[operator]
    with pytest.raises(AttributeError):
        ace.value = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("value", "suit", "named"),
    [(0, Suit.SPADES, "value"), (14, Suit.HEARTS, "value"), (True, Suit.CLUBS, "value"),
     (2.0, Suit.CLUBS, "value"), (5, 0, "suit"), (5, "S", "suit")],
)
def test_a_card_that_does_not_exist_is_refused_by_name(value: object, suit: object, named: str) -> None:
    with pytest.raises(CardParseError, match=f"card {named}"):
        Card(value, suit)  # type: ignore[arg-type]
