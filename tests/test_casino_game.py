"""Casino in the table and game widgets, driven in the kernel the way the browser drives them: builds
drawn as grouped piles with their value and owner, a build picked whole by a click on any of its
cards, the value of a build chosen by a button, refusals in the engine's words, whole games against
the computer by clicks with every move checked against the engine's next state and shown in words,
and the three tables of §10 (two, three, four in teams) on the setup page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casino_positions import build, cards, position
from play_helpers import assert_step_told
from test_machinery import page_text, two_only

from kaszino.games.casino import BuildMove, Capture, CasinoState, Trail
from kaszino.games.casino.players import GreedyPlayer, RandomPlayer, move_worth
from kaszino.i18n import tr, using_language
from kaszino.jupyter.widgets.game import GameWidget
from kaszino.jupyter.widgets.table import TableWidget
from kaszino.store import open_store
from kaszino.teach.casino_moves import move_message
from kaszino.teach.casino_picks import pick_of
from kaszino.teach.narrate import move_told

PRESS = {"capture": "capture", "build": "build", "trail": "lay"}
"""The button of each intent of a pick."""


@pytest.fixture(autouse=True)
def hungarian() -> object:
    with using_language("hu"):
        yield


def click(widget: TableWidget, action: str, **fields: str) -> None:
    """A click from the browser, as board.js sends it."""
    message = {"action": action, **{name: fields.get(name, "") for name in ("card", "lang", "value")}}
    widget._on_frontend(widget, message, None)


def clicked_move(widget: TableWidget, move: Trail | Capture | BuildMove) -> None:
    """Make ``move`` by clicks: its hand card, a card of each loose group and build (once per build),
    the press, and the move's own button if several are offered."""
    hand, table, intent = pick_of(move)
    click(widget, "toggle", card=str(hand[0]))
    builds = {b.key: b for b in widget.state.builds}
    clicked: set[object] = set()
    for card in table:
        owner = next((key for key in builds if card in key), None)
        if owner is None or owner not in clicked:
            click(widget, "toggle", card=str(card))
            clicked.add(owner)
    assert set(widget.selection[1]) == set(table)
    click(widget, PRESS[intent])
    if widget.choices:
        click(widget, "choose_move", value=str(widget.choices.index(move)))


def test_a_build_is_drawn_as_a_grouped_pile_with_its_value_and_owner_and_picked_whole() -> None:
    state = position("7♦ 5♠ 2♣ K♠", "9♦ K♥ Q♠ Q♦", table="8♥ 3♣",
                     builds=(build("2♥+5♦,7♣=7", 0), build("4♣+5♥=9", 1)))
    widget = TableWidget(state, mode="practice")
    pile = r'<div class="kaszino-build" data-build="([^"]+)" data-value="(\d+)" data-owner="(\d)"'
    piles = re.findall(pile, widget.html)
    assert piles == [("2♥ 5♦ 7♣", "7", "1"), ("4♣ 5♥", "9", "2")]  # the owner named from 1
    assert "7 · 1. játékos" in widget.html and "9 · 2. játékos" in widget.html
    assert widget.html.count('class="kaszino-build-group"') == 3
    click(widget, "toggle", card="7♦")
    click(widget, "toggle", card="5♦")  # one card of the build picks it whole
    assert widget.selection == (cards("7♦"), cards("2♥ 5♦ 7♣"))
    click(widget, "toggle", card="8♥")
    click(widget, "toggle", card="8♥")
    click(widget, "capture")
    assert widget.feedback_tone == "good"
    assert widget.feedback.startswith("Helyes ütés: 7♦ elviszi: a 7 értékű építmény (2♥ 5♦ 7♣).")


def test_a_build_of_two_possible_values_is_chosen_by_a_button() -> None:
    state = position("2♠ 4♦ 8♣ K♠", "K♦ K♥ Q♠ Q♦", table="2♦ 4♥ 9♣")
    widget = TableWidget(state, mode="play")
    for card in ("2♠", "2♦", "4♥"):
        click(widget, "toggle", card=card)
    click(widget, "build")
    assert widget.feedback == tr("ui.choose_move") and widget.feedback_tone == "info"
    labels = re.findall(r'data-action="choose_move" data-value="(\d)">([^<]+)<', widget.html)
    assert labels == [("0", "Építés: 4"), ("1", "Építés: 8")]
    click(widget, "choose_move", value="1")
    assert widget.state.builds[0].value == 8 and widget.state.builds[0].owner == 0
    assert widget.feedback.startswith("Helyes építés: 2♠ és 2♦ 4♥ (együtt 6): építmény, értéke 8.")
    assert "choose_move" not in widget.html
    click(widget, "choose_move", value="0")  # no choice is open any more
    assert widget.feedback == tr("ui.not_now")


def test_a_refused_pick_is_answered_with_the_engines_refusal_in_words() -> None:
    state = position("8♦ 5♠ K♣ Q♣", "K♦ K♥ Q♠ Q♦", table="8♥ 5♥", builds=(build("5♣+3♥=8", 0),))
    widget = TableWidget(state, mode="play")
    click(widget, "toggle", card="5♠")
    click(widget, "lay")
    assert widget.feedback_tone == "bad"
    assert widget.feedback == f"{tr('casino_ui.refused')}\n{state.problem(Trail(cards('5♠')[0])).text('hu')}"
    assert "nem tehetsz le lapot üresen" in widget.feedback
    with using_language("en"):
        assert "you may not trail" in widget.feedback
    click(widget, "clear")
    click(widget, "toggle", card="8♦")
    click(widget, "toggle", card="8♥")
    click(widget, "capture")
    assert "az utolsó ilyen értékű lapod" in widget.feedback and widget.state == state


def check_step(widget: GameWidget, before: CasinoState, heading: int, *, learner: bool = True) -> None:
    """The widget shows the engine's next state and its events' words after the heading lines (the
    learner's move is said in words; a computer's is told by its event, in the third person)."""
    move = widget.session.moves[-1]
    step = before.step(move)
    assert widget.state == step.state
    lines = widget.feedback.splitlines()
    assert_step_told(lines, heading, step.events, "casino")
    if isinstance(move, Capture | BuildMove):
        assert str(move) not in widget.feedback  # words, never the notation
        if learner:
            assert move_message(move).render("hu") in widget.feedback
    if not learner:
        moved = [message.render("hu") for message in move_told(step.events, "casino")]
        assert lines[:heading] == moved and f" {before.to_move + 1}. játékos " in moved[0]


@pytest.mark.parametrize(("rules", "seed"), [("standard", 3), ("three", 4), ("teams", 5)])
def test_whole_games_against_the_computer_by_clicks(rules: str, seed: int, tmp_path: Path) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    widget = GameWidget(game="casino", rules=rules, level="greedy", seed=seed, store=store, setup=False)
    players = widget.state.players
    assert players == {"standard": 2, "three": 3, "teams": 4}[rules]
    assert all(isinstance(computer, GreedyPlayer) for computer in widget.session.computers)
    me = RandomPlayer(seed=seed)
    made = {Capture: 0, BuildMove: 0, Trail: 0}
    for _ in range(3000):
        state = widget.state
        if state.finished:
            break
        if widget.session.computer_due():
            click(widget, "computer_move")
            check_step(widget, state, 1, learner=False)
        elif state.deal_over:
            click(widget, "next_deal")
            check_step(widget, state, 1)
        else:
            move = me.choose(state)
            assert isinstance(move, Capture | BuildMove | Trail)
            clicked_move(widget, move)
            assert widget.feedback_tone == "good", widget.feedback
            assert widget.session.moves[-1] == move
            made[type(move)] += 1
            check_step(widget, state, 2)
        if players > 2:  # three or four at the table: no words that count them as two
            assert two_only(page_text(widget), "hu") == [], page_text(widget)
    final = widget.state
    assert final.finished and max(final.totals()) >= 21
    assert all(made.values()), made
    assert "elmentettük" in widget.feedback
    sheets = widget.session.sheets
    assert [sheet.deal for sheet in sheets] == list(range(1, final.deal + 1))
    assert sum(sheet.scores.points[0] for sheet in sheets) == final.totals()[0]
    if rules == "teams":  # partners opposite: players 1 and 3 against 2 and 4
        assert final.totals()[0] == final.totals()[2] and final.totals()[1] == final.totals()[3]
        assert "csapat: 1. és 3. játékos" in widget.html and "csapat: 2. és 4. játékos" in widget.html
        assert "Te (1. játékos) és a 3. játékos" in widget.html
        assert "Gép (2. játékos) és a 4. játékos" in widget.html


def test_the_setup_page_offers_casinos_tables_and_computers() -> None:
    widget = GameWidget(seed=1)
    click(widget, "choose", value="game:casino")
    assert widget.game == "casino"
    for name in ("standard", "three", "teams"):
        assert f'data-value="rules:{name}"' in widget.html
    assert 'data-value="level:greedy"' in widget.html and 'data-value="level:random"' in widget.html
    click(widget, "choose", value="rules:teams")
    click(widget, "start")
    assert isinstance(widget.state, CasinoState) and widget.state.players == 4
    assert "Casino: négyen, két csapatban" in widget.feedback
    assert widget.html.count('class="kaszino-player"') == 4
    assert 'data-action="build"' in widget.html


def test_the_hint_counts_the_moves_then_names_the_one_worth_most() -> None:
    widget = GameWidget(game="casino", level="greedy", seed=11, setup=False)
    while widget.session.computer_due():
        click(widget, "computer_move")
    state = widget.state
    moves = state.legal_moves()
    click(widget, "hint")
    kinds = [(sum(isinstance(move, kind) for move in moves), words)
             for kind, words in ((Capture, "ütés"), (BuildMove, "építés"), (Trail, "üres lerakás"))]
    assert widget.feedback == f"Szabályos lépéseid: {', '.join(f'{n} {w}' for n, w in kinds if n)}."
    click(widget, "hint")
    plays = [move for move in moves if isinstance(move, Capture | BuildMove | Trail)]
    most = max(map(move_worth, plays))
    named = {tr("casino_ui.hint_greedy", move=move_message(move).render("hu"))
             for move in plays if move_worth(move) == most}
    assert widget.feedback.splitlines()[1] in named
    with using_language("en"):
        assert widget.feedback.splitlines()[1].startswith("What is worth most right now: ")
