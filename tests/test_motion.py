"""The table's animation: the cards a step moved, read from the engine's events, and the widgets
that put them into their markup (``kaszino.jupyter.motion``; the browser half is tested in
``tests/browser/test_capture_chapter.py``, the cards flying, and ``test_looks.py``, kept still on
request)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from test_puzzle_widget import real
from test_widgets import picked, position

from kaszino.engine.cards import Card, parse_cards
from kaszino.engine.events import Added, Built, Captured, Laid, Leftovers, Swept
from kaszino.games import family
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.i18n import using_language
from kaszino.jupyter.motion import Flight, Stage, motion_html, stages
from kaszino.jupyter.widgets import PuzzleWidget, TableWidget
from kaszino.jupyter.widgets.game import GameWidget

SEVEN, KING = Card.parse("7♥"), Card.parse("K♣")


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


def flights(html: str) -> list[tuple[str, str, str, str]]:
    """(player, card, from, to) of every flight in a widget's markup, in order."""
    found = []
    for player, body in re.findall(r'<div class="kaszino-stage" data-player="(\d+)">(.*?)</div>', html):
        found += [
            (player, *flight)
            for flight in re.findall(r'data-flight="([^"]+)" data-from="(\w+)" data-to="(\w+)"', body)
        ]
    return found


def seq(html: str) -> str | None:
    found = re.search(r'<template class="kaszino-motion" data-seq="(\d+)">', html)
    return None if found is None else found.group(1)


def test_a_capture_flies_from_hand_and_table_to_the_pile_and_a_lay_to_the_table() -> None:
    events = (Captured(1, (KING,), parse_cards("4♣ 9♠")), Swept(1, 1), Laid(0, SEVEN))
    assert stages(events) == (
        Stage(
            1,
            (
                Flight(KING, "hand", "pile"),
                Flight(Card.parse("4♣"), "table", "pile"),
                Flight(Card.parse("9♠"), "table", "pile"),
            ),
        ),
        Stage(0, (Flight(SEVEN, "hand", "table"),)),
    )


def test_builds_fly_to_the_table_and_leftovers_to_whoever_gets_them() -> None:
    events = (
        Built(0, SEVEN, 9, parse_cards("7♥ 2♦")),
        Added(1, KING, 9, parse_cards("7♥ 2♦ 9♣")),
        Leftovers(parse_cards("3♦"), 1),
        Leftovers(parse_cards("4♦"), None),
        Leftovers((), 0),
    )
    assert stages(events) == (
        Stage(0, (Flight(SEVEN, "hand", "table"),)),
        Stage(1, (Flight(KING, "hand", "table"),)),
        Stage(1, (Flight(Card.parse("3♦"), "table", "pile"),)),
    )


def test_nothing_moved_writes_no_template() -> None:
    assert motion_html((), 3) == ""
    html = motion_html(stages([Laid(0, SEVEN)]), 3)
    assert html.startswith('<template class="kaszino-motion" data-seq="3">') and 'aria-label="7♥"' in html


@pytest.mark.parametrize("name", ["kaszino", "scopa", "casino"])
def test_the_stages_of_random_deals_are_what_entered_the_piles_and_the_table(name: str) -> None:
    """Every step of random deals of each family: the cards flying to a player's pile are exactly
    those his pile gained, and a card flying to the table left the mover's hand for no pile (but
    for one a later stage of the step takes on, such as the leftovers at a deal's end)."""
    rules_family = family(name)
    for seed in range(12):
        rules = list(rules_family.presets.values())[seed % len(rules_family.presets)]
        state, rnd = rules_family.new_game(seed, rules), random.Random(seed)
        while not state.deal_over:
            step = state.step(rnd.choice(state.legal_moves()))
            moved = stages(step.events)
            for player in range(state.players):
                gained = set(step.state.piles[player]) - set(state.piles[player])
                assert gained == {
                    f.card for s in moved if s.player == player for f in s.flights if f.target == "pile"
                }
            for index, stage in enumerate(moved):
                later = {f.card for s in moved[index + 1 :] for f in s.flights if f.target == "pile"}
                for flight in stage.flights:
                    if flight.source == "hand":
                        assert flight.card in state.hands[stage.player]
                    if flight.target == "table":  # on the table, unless a later stage takes it on
                        assert flight.card in later or not any(flight.card in p for p in step.state.piles)
            state = step.state


def test_the_learners_move_and_the_opponents_answer_are_two_stages_of_one_new_move() -> None:
    widget = TableWidget(position(), opponent=lambda state: state.legal_moves()[0])
    assert seq(widget.html) is None  # nothing has moved yet
    picked(widget, "5♠ A♥ 2♦ 4♣").press_capture()
    shown = flights(widget.html)
    assert shown[:4] == [
        ("0", "5♠", "hand", "pile"),
        ("0", "A♥", "hand", "pile"),
        ("0", "2♦", "table", "pile"),
        ("0", "4♣", "table", "pile"),
    ]
    assert {player for player, *_ in shown[4:]} == {"1"}  # then the computer's move
    first = seq(widget.html)
    widget.set_language("en")
    assert seq(widget.html) == first  # a redraw without a move: nothing to play again
    widget.select("K♣")
    assert seq(widget.html) is None  # a new pick: the move has been seen


def test_a_practice_table_shows_the_move_though_the_position_stays() -> None:
    widget = TableWidget(position(), mode="practice")
    picked(widget, "5♠ A♥ 2♦ 4♣").press_capture()
    assert [card for _, card, _, to in flights(widget.html) if to == "pile"] == ["5♠", "A♥", "2♦", "4♣"]
    assert widget.state == position()
    laying = TableWidget(position("3♣", "K♦ Q♥"), mode="practice")
    picked(laying, "3♣").press_lay()
    assert flights(laying.html) == [("0", "3♣", "hand", "table")]


def test_the_trainer_shows_a_right_move_played_and_a_wrong_one_not() -> None:
    widget = PuzzleWidget([real("best_capture")])
    picked(widget, "K♣ 4♣ 9♠").press_capture()
    assert seq(widget.html) is None
    picked(widget, "5♠ A♥ 2♦ 4♣").press_capture()
    assert [card for _, card, _, _ in flights(widget.html)] == ["5♠", "A♥", "2♦", "4♣"]


def test_the_game_shows_the_learners_move_and_then_the_computers() -> None:
    widget = GameWidget(level="greedy", seed=1, setup=False)
    move = next(move for move in widget.state.legal_moves() if isinstance(move, Capture | Lay))
    if isinstance(move, Capture):
        picked(widget, " ".join(map(str, (*move.hand, *move.table)))).press_capture()
    else:
        picked(widget, str(move.card)).press_lay()
    mine = flights(widget.html)
    assert mine and {player for player, *_ in mine} == {"0"}
    widget.computer_move()
    assert flights(widget.html) and {player for player, *_ in flights(widget.html)} == {"1"}
