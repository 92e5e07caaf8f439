"""The pictures: cards show rank, suit and colour; hidden cards show nothing; positions show everything."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from kaszino.engine.cards import DECK, Card, parse_cards
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.i18n import using_language
from kaszino.jupyter.render import BLACK, NO_POINTS, RED, SELECTED, card_svg, cards_html, position_html


def position(hand: str, table: str, other: str = "3♦ 8♣ Q♥", **fields: object) -> GameState:
    """Player 0 to move with ``hand``; player 1 holds ``other``."""
    return replace(new_game(seed=1), hands=(parse_cards(hand), parse_cards(other)), table=parse_cards(table),
                   **fields)  # type: ignore[arg-type]


def test_every_card_is_well_formed_svg_naming_itself() -> None:
    for card in DECK:
        root = ET.fromstring(card_svg(card))
        assert root.get("aria-label") == str(card)
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert texts.count(card.rank_name) >= 2  # both corners


@pytest.mark.parametrize("token, colour, other", [("10♦", RED, BLACK), ("7♥", RED, BLACK),
                                                  ("K♣", BLACK, RED), ("A♠", BLACK, RED)])
def test_suits_are_red_or_black(token: str, colour: str, other: str) -> None:
    svg = card_svg(Card.parse(token))
    assert colour in svg
    assert other not in svg


@pytest.mark.parametrize("value", range(2, 11))
def test_number_cards_carry_their_count_of_pips(value: int) -> None:
    svg = card_svg(Card(value, Card.parse("2♥").suit))
    assert svg.count(f'fill="{RED}"/>') == value + 2  # the pips and one small pip per corner


def test_a_hidden_card_shows_no_rank_or_suit() -> None:
    for card in parse_cards("10♦ A♠ K♣ 7♥"):
        svg = card_svg(card, face_up=False)
        assert "<text" not in svg
        assert str(card) not in svg
        assert RED not in svg and BLACK not in svg
    assert card_svg(Card.parse("10♦"), face_up=False) == card_svg(None)


def test_selection_outlines_the_card() -> None:
    card = Card.parse("5♠")
    assert SELECTED in card_svg(card, selected=True)
    assert SELECTED not in card_svg(card)


def test_a_row_of_cards_shows_each_card_once() -> None:
    cards = parse_cards("5♠ A♥ K♣")
    html = cards_html(cards)
    assert [m for m in re.findall(r'aria-label="([^"]+)"', html)] == [str(c) for c in cards]
    with using_language("en"):
        assert "no cards" in cards_html(())


def test_position_hides_the_other_hand_from_the_viewer() -> None:
    state = position("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠")
    html = position_html(state, viewer=0)
    ET.fromstring(html)  # well-formed markup
    labels = re.findall(r'aria-label="([^"]+)"', html)
    assert {"5♠", "A♥", "K♣", "2♦", "4♣", "7♥", "9♠"} <= set(labels)
    assert not {"3♦", "8♣", "Q♥"} & set(labels)
    assert "8♣" not in html


def test_open_hands_and_the_open_last_round_show_every_hand() -> None:
    state = position("5♠ A♥ K♣", "2♦ 4♣")
    for html in (position_html(state, open_hands=True), position_html(replace(state, round=8))):
        assert {"3♦", "8♣", "Q♥", "5♠"} <= set(re.findall(r'aria-label="([^"]+)"', html))
    assert "8♣" not in position_html(state) and "5♠" in position_html(state)  # by default the mover's view


def test_position_states_talon_piles_points_and_turn() -> None:
    state = position("5♠ A♥ K♣", "2♦ 4♣", piles=(parse_cards("10♦ 2♠ 9♠"), ()), tabla_points=(1, 0),
                     talon=DECK[:6], round=3)
    with using_language("en"):
        html = position_html(state, viewer=0)
    assert "Talon: 6" in html
    assert "Captured: 3 cards, 2 ♠" in html
    assert "Tábla: 1" in html
    assert "Secured points: 4" in html  # 10♦ 2, 2♠ 1, one tábla
    assert "Round 3/8" in html and "To move: player 1" in html
    with using_language("hu"):
        assert "Talon: 6" in position_html(state) and "3/8. menet" in position_html(state)
    with using_language("en"):  # before chapter 05 teaches them, a table leaves the secured points out
        html = position_html(state, viewer=0, view=NO_POINTS)
    assert "Captured: 3 cards, 2 ♠ · Tábla: 1<" in html and "Secured points" not in html


def test_labels_follow_the_page_colour_while_cards_keep_their_face() -> None:
    html = position_html(position("5♠", "2♦"))
    assert "var(--jp-ui-font-color1, currentColor)" in html
    assert 'fill="#fffdf7"' in html


def test_interactive_position_makes_only_the_movers_cards_and_the_table_clickable() -> None:
    state = position("5♠ A♥ K♣", "2♦ 4♣")
    html = position_html(state, viewer=0, interactive=True, selected=parse_cards("A♥ 4♣"))
    zones = re.findall(r'data-zone="(\w+)" data-card="([^"]+)"', html)
    assert sorted(zones) == [("hand", "5♠"), ("hand", "A♥"), ("hand", "K♣"), ("table", "2♦"), ("table", "4♣")]
    pressed = re.findall(r'data-card="([^"]+)" aria-pressed="true"', html)
    assert sorted(pressed) == ["4♣", "A♥"]
    assert "data-card" not in position_html(state, viewer=0)


def test_a_finished_deal_shows_its_points_item_by_item() -> None:
    import random

    from kaszino import Capture, Lay, new_game

    state, rng = new_game(seed=2026), random.Random(1)
    assert "kaszino-score" not in position_html(state)
    while not state.deal_over:
        state = state.play(rng.choice([m for m in state.legal_moves() if isinstance(m, Capture | Lay)]))
    html = position_html(state)
    assert "Az osztás véget ért" in html and "kaszino-to-move" not in html
    row = re.search(r'<tr data-row="deal_total">(.*?)</tr>', html)
    assert row is not None and "az osztásban" in row.group(1)
    shown = [int(value) for value in re.findall(r">(\d+)</td>", row.group(1))]
    assert shown == [score.total for score in state.deal_scores()] and sum(shown) > 0
