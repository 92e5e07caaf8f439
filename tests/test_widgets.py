"""The clickable table, driven in the kernel the way the browser drives it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from html import escape

import pytest

from kaszino.engine.cards import parse_cards
from kaszino.errors import IllegalMoveError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.games.kaszino.rules import preset
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.i18n import tr, using_language
from kaszino.jupyter.tutorial import LessonText
from kaszino.jupyter.widgets import TableWidget
from kaszino.jupyter.widgets.base import board_code

# The worked example of docs/rules.md §2: hand 5, A, K; table 2, 4, 7, 9.
HAND, TABLE = "5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠"
HAND_CARDS = parse_cards(HAND)


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


def position(hand: str = HAND, table: str = TABLE, other: str = "3♦ 8♣ Q♥") -> GameState:
    """Player 0 to move in round 2 (so no capture is a first-move tábla)."""
    return replace(new_game(seed=1), hands=(parse_cards(hand), parse_cards(other)), table=parse_cards(table),
                   round=2)


def picked(widget: TableWidget, cards: str) -> TableWidget:
    for token in cards.split():
        widget.select(token)
    return widget


def capture(text: str) -> Capture:
    hand, _, table = text.partition("=")
    return Capture(parse_cards(hand.split("+")), parse_cards(table.split("+")))


def test_selecting_cards_updates_both_running_sums() -> None:
    widget = TableWidget(position())
    assert widget.sums == (0, 0)
    picked(widget, "5♠ A♥ 2♦ 4♣")
    assert widget.sums == (6, 6)
    assert "Kéz: 6 · Asztal: 6" in widget.html
    assert 'data-hand-sum="6" data-table-sum="6"' in widget.html
    widget.select("5♠")  # a second click deselects
    assert widget.sums == (1, 6)
    assert widget.selection == (parse_cards("A♥"), parse_cards("2♦ 4♣"))


def test_a_legal_capture_is_praised_and_played_in_play_mode() -> None:
    before = position()
    widget = picked(TableWidget(before), "A♥ 5♠ 4♣ 2♦")
    widget.press_capture()
    assert widget.feedback_tone == "good"
    assert "Helyes ütés: 5♠ A♥ elviszi: 2♦ 4♣ (6)" in widget.feedback
    assert widget.state.piles[0] == parse_cards("5♠ A♥ 2♦ 4♣")
    assert widget.state.table == parse_cards("7♥ 9♠")
    assert widget.state.to_move == 1
    assert widget.sums == (0, 0)
    assert before.table == parse_cards(TABLE)


def test_practice_mode_praises_a_legal_capture_but_keeps_the_position() -> None:
    before = position()
    widget = picked(TableWidget(before, mode="practice"), "K♣ 4♣ 9♠")
    widget.press_capture()
    assert widget.feedback_tone == "good"
    assert "K♣ elviszi: 4♣ 9♠ (13)" in widget.feedback
    assert widget.state is before
    assert widget.sums == (0, 0)


def test_an_illegal_capture_is_refused_with_its_numbers() -> None:
    before = position()
    widget = picked(TableWidget(before), "5♠ K♣ 2♦ 9♠ 7♥")
    assert widget.sums == (18, 18)
    widget.press_capture()
    assert widget.feedback_tone == "bad"
    assert "18" in widget.feedback and "13" in widget.feedback
    assert widget.state is before
    assert 'data-tone="bad"' in widget.html and "18 &gt; 13" in widget.html


def test_unequal_sums_and_empty_sides_are_refused() -> None:
    widget = picked(TableWidget(position()), "K♣ 2♦")
    widget.press_capture()
    assert widget.feedback_tone == "bad" and "13 ≠ 2" in widget.feedback
    widget.clear()
    assert widget.feedback == ""
    picked(widget, "K♣").press_capture()
    assert widget.feedback_tone == "bad" and "az asztalról" in widget.feedback
    assert widget.state == position()


def test_laying_needs_exactly_one_hand_card() -> None:
    widget = picked(TableWidget(position()), "5♠ A♥")
    widget.press_lay()
    assert widget.feedback_tone == "bad"
    widget.select("5♠")
    widget.press_lay()
    assert widget.feedback_tone == "good"
    assert widget.state.table == parse_cards(TABLE + " A♥")


def test_all_correct_answers_are_the_three_of_the_worked_example() -> None:
    widget = TableWidget(position())
    widget.show_answers()
    lines = widget.feedback.splitlines()
    assert lines[0] == "Helyes ütések itt: 3."
    assert set(lines[1:4]) == {"• K♣ elviszi: 2♦ 4♣ 7♥ (13)", "• K♣ elviszi: 4♣ 9♠ (13)",
                               "• 5♠ A♥ elviszi: 2♦ 4♣ (6)"}
    assert len(lines) == 5  # and a line saying that laying is allowed


def test_the_language_switch_redraws_every_text() -> None:
    widget = picked(TableWidget(position()), "K♣ 2♦")
    widget.press_capture()
    widget.set_language("en")
    # the move in English words too, without a sum its two sides do not share
    assert widget.feedback.startswith("Not allowed: K♣ taking 2♦.")
    assert "Hand: 13 · Table: 2" in widget.html and "Capture!" in widget.html
    assert 'data-lang="en" aria-pressed="true"' in widget.html


def test_clicks_from_the_browser_reach_the_same_methods() -> None:
    widget = TableWidget(position())
    for token in ("5♠", "A♥", "2♦", "4♣"):
        widget._handle_custom_msg({"action": "toggle", "card": token}, [])
    assert widget.sums == (6, 6)
    widget._handle_custom_msg({"action": "capture"}, [])
    assert widget.feedback_tone == "good" and widget.state.to_move == 1
    widget._handle_custom_msg({"action": "toggle", "card": "K♠"}, [])
    assert widget.feedback_tone == "bad" and widget.feedback == tr("ui.not_now")  # K♠ is not shown
    widget._handle_custom_msg({"action": "lang", "lang": "en"}, [])
    assert 'data-language="en"' in widget.html


def test_selecting_a_card_out_of_reach_is_an_error() -> None:
    widget = TableWidget(position())
    with pytest.raises(IllegalMoveError, match="8♣"):
        widget.select("8♣")  # in the other player's hand


def test_buttons_carry_stable_hooks_for_browser_tests() -> None:
    html = TableWidget(position()).html
    for action in ("capture", "lay", "answers", "clear"):
        assert f'kaszino-{action}-btn' in html and f'data-action="{action}"' in html
    assert 'data-card="10♦"' not in html and 'data-card="9♠"' in html


def test_the_feedback_bar_appears_only_with_the_first_press() -> None:
    widget = TableWidget(position())
    assert "kaszino-feedback" not in widget.html
    widget.press_capture()
    assert 'class="kaszino-feedback" data-tone="bad"' in widget.html
    widget.clear()
    assert "kaszino-feedback" not in widget.html


def test_an_opponent_answers_until_the_learner_moves_again() -> None:
    def lay_first(state: GameState) -> Lay:
        return Lay(state.hands[state.to_move][0])

    widget = picked(TableWidget(position(), opponent=lay_first), "5♠")
    widget.press_lay()
    assert widget.state.to_move == 0
    assert widget.state.table == parse_cards(TABLE + " 5♠ 3♦")
    assert "Az ellenfél lépése: 3♦" in widget.feedback
    assert "8♣" not in widget.html  # the opponent's hand stays hidden


def test_after_the_last_round_the_next_deal_is_dealt_on_request() -> None:
    last = replace(position(hand="5♠", table="5♦", other=""), round=8, talon=())
    widget = picked(TableWidget(last), "5♠ 5♦")
    widget.press_capture()
    assert widget.state.deal_over
    assert "kaszino-next-deal-btn" in widget.html
    widget.next_deal()
    assert widget.state.deal == 2 and not widget.state.deal_over


def claim_button(widget: TableWidget) -> str:
    """The "Ausz!" button's tag as drawn."""
    start = widget.html.index('data-action="claim"')
    return widget.html[widget.html.rindex("<button", 0, start):widget.html.index(">", start) + 1]


def test_ausz_is_disabled_with_its_reason_while_nothing_is_secured() -> None:
    """At 0 secured points no claim can be right: the button says why instead of being pressable."""
    state = replace(position(), rules=preset("trainer"))
    assert state.totals()[0] == 0
    button = claim_button(TableWidget(state))
    reason = escape(tr("ui.claim_nothing_secured", count=state.rules.target))
    assert " disabled" in button and f'title="{reason}"' in button
    assert f'aria-description="{reason}"' in button
    with using_language("en"):
        assert "(11 points)" in TableWidget(state).html
    button = claim_button(TableWidget(replace(state, scores=(1, 0))))
    assert " disabled" not in button and "title=" not in button


def test_a_claim_in_manual_mode_is_refused_until_secured_and_then_wins() -> None:
    state = replace(position(), rules=preset("trainer"), scores=(3, 0))
    widget = TableWidget(state)
    assert "kaszino-claim-btn" in widget.html and "kaszino-pass-btn" not in widget.html
    widget.press_claim()
    assert widget.feedback_tone == "bad" and widget.state is state
    widget = TableWidget(replace(state, scores=(11, 0)))
    widget.press_claim()
    assert widget.feedback_tone == "good" and widget.state.finished and widget.state.winner == 0
    assert 'data-action="capture" disabled' in widget.html


def test_v3_offers_a_pass_only_for_the_second_move_after_a_tabla() -> None:
    state = replace(position(), rules=preset("v3"))
    assert 'data-action="pass" disabled' in TableWidget(state).html
    widget = TableWidget(replace(state, forced="again"))
    widget.press_pass()
    assert widget.feedback_tone == "good" and widget.state.to_move == 1 and widget.state.forced is None


def test_v6_lets_the_next_player_challenge_a_false_capture() -> None:
    attempted = replace(position(), rules=preset("v6")).play(capture("5♠=2♦"))
    widget = TableWidget(attempted)
    assert widget.state.to_move == 1
    widget._handle_custom_msg({"action": "challenge"}, [])
    assert widget.feedback_tone == "good"
    assert widget.state.bonus == (0, 2) and widget.state.table == parse_cards(TABLE)


def test_mode_must_be_known() -> None:
    with pytest.raises(ValueError, match="mode"):
        TableWidget(position(), mode="replay")  # type: ignore[arg-type]


def test_a_widget_is_of_its_own_kind_with_anywidgets_traits_not_of_a_class_made_for_it() -> None:
    """anywidget's own ``__init__`` made a class for every widget it made (most of the time a
    lesson's text took to make); the widgets declare anywidget's traits themselves."""
    table = TableWidget(new_game(seed=1))
    text = LessonText("capture.intro")
    assert type(table) is TableWidget and type(text) is LessonText
    for widget in (table, text):
        state = widget.get_state()
        assert "export default" in state["_esm"] and state["_anywidget_id"] == "kaszino.board"


def test_the_widgets_script_and_stylesheet_are_sent_once_per_kernel_not_with_each_widget() -> None:
    """Every widget names the kernel's one BoardCode, which holds board.js and board.css; its own
    script is the small loader."""
    table, text = TableWidget(new_game(seed=1)), LessonText("capture.intro")
    code = board_code()
    assert table._board is code and text._board is code
    assert "function render" in code.esm and ".kaszino-card" in code.css
    for widget in (table, text):
        state = widget.get_state()
        assert state["_board"] == f"IPY_MODEL_{code.model_id}" and "_css" not in state
        assert len(json.dumps(state["_esm"])) < len(code.esm) // 5
    code.close()  # a closed one (a kernel's widgets all closed) is made again for the next widget
    assert TableWidget(new_game(seed=1))._board is board_code() is not code
