"""docs/rules.md §1: the deck, the values and the card notation."""

from __future__ import annotations

import pytest

from kaszino import DECK, Card, CardParseError, KaszinoError, Suit, format_cards, parse_cards

RANK_SPELLINGS = {
    1: ["A", "Á", "a", "á"], 2: ["2"], 3: ["3"], 4: ["4"], 5: ["5"], 6: ["6"], 7: ["7"], 8: ["8"], 9: ["9"],
    10: ["10", "T", "t"], 11: ["J", "B", "j", "b"], 12: ["Q", "D", "q", "d"], 13: ["K", "k"],
}
SUIT_SPELLINGS = {
    Suit.SPADES: ["♠", "S", "s", "/P", "/p"],
    Suit.HEARTS: ["♥", "H", "h", "/K", "/k"],
    Suit.DIAMONDS: ["♦", "D", "d", "/R", "/r"],
    Suit.CLUBS: ["♣", "C", "c", "/T", "/t"],
}


def test_s1_deck_has_52_distinct_cards_13_per_suit_no_jokers() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    for suit in Suit:
        assert sorted(c.value for c in DECK if c.suit is suit) == list(range(1, 14))
    assert sorted(c.index for c in DECK) == list(range(52))


def test_s1_suits_are_pikk_kor_karo_treff() -> None:
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.letter for s in Suit] == ["S", "H", "D", "C"]


def test_s1_values_ace_1_pips_as_printed_faces_11_12_13() -> None:
    values = {"A": 1, "2": 2, "7": 7, "10": 10, "J": 11, "B": 11, "Q": 12, "D": 12, "K": 13}
    for rank, value in values.items():
        assert Card.parse(rank + "♣").value == value


@pytest.mark.parametrize("value", range(1, 14))
@pytest.mark.parametrize("suit", list(Suit))
def test_s1_every_rank_and_suit_spelling_reads_the_same_card(value: int, suit: Suit) -> None:
    expected = Card(value, suit)
    for rank in RANK_SPELLINGS[value]:
        for suit_text in SUIT_SPELLINGS[suit]:
            assert Card.parse(rank + suit_text) == expected, rank + suit_text


def test_s1_str_prints_value_and_suit_symbol() -> None:
    assert str(Card(10, Suit.DIAMONDS)) == "10♦"
    assert str(Card(1, Suit.SPADES)) == "A♠"
    assert str(Card(13, Suit.CLUBS)) == "K♣"
    assert [str(Card(v, Suit.HEARTS)) for v in (11, 12)] == ["J♥", "Q♥"]


def test_s1_str_reads_back_for_every_card() -> None:
    assert all(Card.parse(str(card)) == card for card in DECK)
    assert parse_cards(format_cards(DECK)) == DECK


def test_s1_hungarian_suit_letters_never_make_a_string_ambiguous() -> None:
    # K and T are ranks too, so the Hungarian suit letters count only after a slash:
    # "KK" or "TT" could be read two ways and must be refused, not guessed.
    for text in ("KK", "TT", "AP", "10R", "DK", "BT"):
        with pytest.raises(CardParseError):
            Card.parse(text)
    # Every spelling the engine accepts reads as exactly the card its parts say.
    accepted = {
        rank + suit_text: Card(value, suit)
        for value, ranks in RANK_SPELLINGS.items() for rank in ranks
        for suit, spellings in SUIT_SPELLINGS.items() for suit_text in spellings
    }
    assert all(Card.parse(text) == card for text, card in accepted.items())


@pytest.mark.parametrize("text", ["", "10", "S", "1S", "11S", "0D", "X♠", "A♠♠", "10 ♦", "♠A", "joker", "KX"])
def test_s1_bad_card_spelling_raises_an_error_naming_the_token(text: str) -> None:
    with pytest.raises(CardParseError, match="not a card") as raised:
        Card.parse(text)
    assert isinstance(raised.value, KaszinoError)
    assert repr(text) in str(raised.value)


def test_s1_card_value_out_of_range_is_refused() -> None:
    for value in (0, 14):
        with pytest.raises(KaszinoError, match=str(value)):
            Card(value, Suit.SPADES)


def test_s1_card_lists_read_with_spaces_or_commas_and_refuse_duplicates() -> None:
    assert parse_cards("5♠ A♥, K♣;TD") == (Card(5, Suit.SPADES), Card(1, Suit.HEARTS),
                                            Card(13, Suit.CLUBS), Card(10, Suit.DIAMONDS))
    with pytest.raises(CardParseError, match="twice"):
        parse_cards("A♠ as")


def test_s1_suits_have_no_order_in_play_only_for_sorting() -> None:
    # Equal values of different suits are different cards, but none "beats" another in play:
    # the order exists only to sort and display (captures are tested in §2).
    assert Card(5, Suit.SPADES) != Card(5, Suit.HEARTS)
    assert len({Card(5, s) for s in Suit}) == 4
