"""The position editor widget, driven in the kernel the way the browser drives it."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_editor import composed

from kaszino.engine.cards import Card
from kaszino.i18n import tr, using_language
from kaszino.jupyter.widgets.editor import PositionEditor
from kaszino.puzzles import editor
from kaszino.puzzles.class_set import load_class_set
from kaszino.puzzles.puzzle import KIND_RULES, PUZZLE_DIR, load_puzzles, puzzle_files


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


def click(widget: PositionEditor, action: str, card: str = "", value: str = "") -> None:
    widget._on_frontend(widget, {"action": action, "card": card, "lang": "", "value": value}, None)


def test_cards_clicked_into_the_chosen_zone_and_taken_away() -> None:
    widget = PositionEditor()
    assert widget.zone == "hands[0]"
    click(widget, "place", card="K♣")
    click(widget, "zone", value="table")
    click(widget, "place", card="K♥")
    click(widget, "place", card="7♦")
    assert widget.draft.hands[0] == (Card.parse("K♣"),)
    assert widget.draft.table == (Card.parse("K♥"), Card.parse("7♦"))
    click(widget, "take", card="K♥", value="table")
    assert widget.draft.table == (Card.parse("7♦"),)
    assert 'data-action="take" data-card="7♦" data-value="table"' in widget.html
    placed = 'class="kaszino-card kaszino-place-card kaszino-placed" data-action="place" data-card="K♣"'
    assert placed in widget.html
    click(widget, "zone", value="talon")
    click(widget, "fill", value="talon")
    assert not editor.unplaced(widget.draft)


def test_the_problems_are_listed_in_words_and_follow_the_language() -> None:
    widget = PositionEditor(composed())
    assert widget.problems == ()
    assert escape(tr("editor.valid")) in widget.html
    click(widget, "zone", value="table")
    click(widget, "place", card="K♣")  # in player 1's hand already
    hungarian = widget.problems
    assert any("K♣" in problem and "két helyen" in problem for problem in hungarian)
    assert all(escape(problem) in widget.html for problem in hungarian)
    assert widget.kinds == () and "kaszino-kind" not in widget.html
    widget.set_language("en")
    try:
        assert any("two places" in problem for problem in widget.problems)
        assert "These cards lie" in widget.html or "This card lies" in widget.html
    finally:
        widget.set_language("hu")
    click(widget, "take", card="K♣", value="table")
    assert widget.problems == ()


def test_menus_and_number_fields_set_the_other_fields() -> None:
    widget = PositionEditor(composed())
    click(widget, "forced", value="lay")
    assert widget.draft.forced == "lay"
    assert any("Tábla után az asztal üres" in problem for problem in widget.problems)
    click(widget, "forced", value="-")
    click(widget, "round", value="1")
    assert widget.draft.round == 1 and widget.problems
    click(widget, "round", value="8")
    click(widget, "scores_1", value="4")
    assert widget.draft.scores == (0, 4)
    assert any("Az első osztás előtt" in problem for problem in widget.problems)
    click(widget, "deal", value="2")
    assert widget.draft.deal == 2 and widget.problems == ()
    click(widget, "rules", value="p3")
    assert len(widget.draft.hands) == 3 and 'data-action="scores_2"' in widget.html


@pytest.mark.parametrize("message", [
    {"action": "to_move", "value": "7"},
    {"action": "round", "value": "x"},
    {"action": "deal", "value": "-1"},
    {"action": "zone", "value": "hands[5]"},
    {"action": "place", "card": "Z♣"},
    {"action": "take", "card": "A♠", "value": "table"},
    {"action": "show", "value": "sweep"},
    {"action": "save", "value": "deal_saving"},
    {"action": "edit", "value": "ac-1"},
    {"action": "scores_3", "value": "1"},
])
def test_a_message_no_page_sends_is_refused_in_words(message: dict[str, str]) -> None:
    widget = PositionEditor(composed())
    before = widget.draft
    widget._on_frontend(widget, message, None)
    assert escape(tr("ui.not_now")) in widget.html
    assert widget.draft == before


def test_the_answers_of_each_fitting_kind_are_shown_in_words() -> None:
    widget = PositionEditor(composed())
    kinds = {fit.kind: fit for fit in widget.kinds}
    assert 'data-kind="all_captures" data-savable="true"' in widget.html
    assert 'data-kind="best_capture" data-savable="false"' in widget.html
    assert escape(tr("editor.not_savable")) in widget.html
    click(widget, "show", value="last_round")
    state = widget.state
    assert state is not None
    assert escape(KIND_RULES["last_round"].solution_text(state, kinds["last_round"].answers)) in widget.html


def test_saving_loading_and_the_notation_line(tmp_path: Path) -> None:
    widget = PositionEditor(composed(), folder=tmp_path)
    click(widget, "save", value="all_captures")
    assert widget.message == tr("editor.no_file_name")
    for name in (str(tmp_path / "8a"), "../8a", ".8a", "a/b"):  # a plain file name only
        click(widget, "file_name", value=name)
        click(widget, "save", value="all_captures")
        assert widget.message == tr("editor.bad_file_name")
    assert not list(tmp_path.iterdir()) and not (tmp_path.parent / "8a.json").exists()
    path = tmp_path / "8a"
    click(widget, "file_name", value="8a")
    click(widget, "save", value="all_captures")
    assert widget.message.startswith("Elmentve") and "ac-1" in widget.message
    click(widget, "save", value="all_captures")
    assert "in the file already" in widget.message
    click(widget, "save", value="best_capture")  # the check would refuse it: nothing written
    assert widget.message.startswith("Nem sikerült menteni")
    assert [p.id for p in load_class_set(tmp_path / "8a.json").puzzles] == ["ac-1"]
    line = widget.notation
    assert f'value="{escape(line)}"' in widget.html
    click(widget, "empty")
    assert not any(widget.draft.hands) and widget.problems
    click(widget, "notation", value="rules=standard; round=x")
    assert widget.message.startswith("Ez a sor nem olvasható be")
    click(widget, "notation", value=line)
    assert widget.draft == composed()
    click(widget, "empty")
    click(widget, "load")
    assert widget.message.startswith(f"{path}.json: 1 feladvány")
    click(widget, "edit", value="ac-1")
    assert widget.draft == composed() and "ac-1" in widget.message


def test_the_game_menu_switches_to_a_scopa_table() -> None:
    widget = PositionEditor(composed())
    click(widget, "game", value="scopa")
    assert editor.family_of(widget.draft).game == "scopa" and not editor.placed(widget.draft)
    assert widget.html.count('data-action="place"') == 40 and 'data-card="10♠"' not in widget.html
    assert 'data-action="scopas_1"' in widget.html and 'data-action="tabla_points_0"' not in widget.html
    assert 'data-action="forced"' not in widget.html
    assert any("40 lapnak" in problem for problem in widget.problems)
    click(widget, "tabla_points_0", value="1")  # no such field in Scopa
    assert escape(tr("ui.not_now")) in widget.html


def test_a_pasted_line_of_the_other_game_switches_the_table() -> None:
    shipped = (p for path in puzzle_files(PUZZLE_DIR) for p in load_puzzles(path))
    puzzle = next(p for p in shipped if p.kind == "scopa_best")
    widget = PositionEditor(composed())
    click(widget, "notation", value=puzzle.state.notation())
    assert widget.state == puzzle.state and widget.message == tr("editor.notation_read")
    fits = {fit.kind: fit for fit in widget.kinds}
    assert fits["scopa_best"].answers == puzzle.answers
    click(widget, "show", value="scopa_best")
    solution = KIND_RULES["scopa_best"].solution_text(puzzle.state, puzzle.answers)
    assert escape(solution) in widget.html
    click(widget, "notation", value=editor.notation(composed()))
    assert widget.draft == composed()


EDITOR_ACTIONS = ["place", "take", "zone", "fill", "empty", "show", "save", "load", "edit", "notation",
                  "file_name", "game", "rules", "to_move", "dealer", "round", "deal", "last_capturer",
                  "forced", "scores_0", "scores_1", "tabla_points_0", "scopas_1", "lang", "nope"]
EDITOR_VALUES = st.one_of(
    st.none(), st.integers(-5, 10**30), st.text(max_size=8), st.lists(st.none()),
    st.sampled_from(["K♣", "10♠", "A♥", "table", "talon", "piles[1]", "hands[0]", "hands[7]", "scopa",
                     "kaszino", "trainer", "p3", "8", "1", "-", "lay", "all_captures", "last_round", "ac-1",
                     "7b", "../x", "hu", "en", "²", editor.notation(composed())]))
EDITOR_MESSAGES = st.fixed_dictionaries(
    {"action": st.sampled_from(EDITOR_ACTIONS)},
    optional={"card": EDITOR_VALUES, "lang": EDITOR_VALUES, "value": EDITOR_VALUES})


@settings(max_examples=60, deadline=None)
@given(st.lists(EDITOR_MESSAGES, max_size=8))
def test_any_message_is_answered_in_words_and_leaves_a_draft(messages: list[dict[str, object]]) -> None:
    """No message raises in the kernel or shows Python's words; the editor always holds a draft."""
    with TemporaryDirectory() as folder:
        widget = PositionEditor(composed(), folder=folder)
        for message in messages:
            widget._on_frontend(widget, message, None)  # nothing is raised
            editor.family_of(widget.draft)
            assert "Traceback" not in widget.html and "Error" not in widget.message, (message, widget.message)
