"""The lesson helpers: texts and widgets that follow the language, teaching positions, the legality quiz."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from shipped import SHIPPED

import kaszino.puzzles.puzzle as puzzle_module
from kaszino.engine.cards import DECK, parse_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture
from kaszino.i18n import catalogue, language, using_language
from kaszino.jupyter.lesson_tables import scene_table
from kaszino.jupyter.tutorial import (
    language_switch,
    lesson,
    live_table,
    pick,
    position,
    puzzle_trainer,
    switch_language,
)
from kaszino.jupyter.widgets.base import HtmlWidget

HAND, TABLE = "5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠"


@pytest.fixture(autouse=True)
def hungarian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))  # no language chosen yet
    with using_language("hu"):
        yield


def test_every_tutorial_text_is_translated() -> None:
    untranslated = [key for key, text in catalogue("tutorial").items() if text["hu"] == text["en"]]
    assert untranslated == []


def test_a_lesson_shows_its_markdown_and_redraws_in_english() -> None:
    text = lesson("capture.limit")
    assert text.text.startswith("### A 13-as határ")
    assert "<h3>A 13-as határ</h3>" in text.html and 'class="jp-RenderedHTMLCommon' in text.html
    switch_language("en")
    assert "<h3>The limit of 13</h3>" in text.html
    bundle = text._repr_mimebundle_()
    assert bundle is not None and bundle[0]["text/markdown"].startswith("### The limit of 13")


def test_a_language_switch_sends_the_page_in_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    text, table, switch = lesson("capture.limit"), live_table(HAND, TABLE), language_switch()
    table.select("5♠")
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(HtmlWidget, "_send",
                        lambda self, msg, buffers=None: sent.append((self.model_id, msg)))
    switch.choose("en")
    assert len(sent) == 1 and sent[0][1]["method"] == "custom"  # not a message per widget
    views = sent[0][1]["content"]["redraw"]
    assert views[text.model_id]["html"] == text.html and "<h3>The limit of 13</h3>" in text.html
    assert views[table.model_id]["html"] == table.html and "Capture!" in table.html
    assert 'aria-pressed="true"' in table.html  # the selection kept
    assert "faces" not in views[table.model_id]  # the same cards: their faces are not sent again
    assert table.faces.keys() == {"kaszino-face-5S", "kaszino-face-1H", "kaszino-face-13C", "kaszino-face-2D",
                                  "kaszino-face-4C", "kaszino-face-7H", "kaszino-face-9S"}
    sent.clear()
    table.select("A♥")  # a click outside a page redraw: one message of its own, with the new picture
    assert [msg["method"] for _, msg in sent] == ["update"] and "html" in sent[0][1]["state"]


def test_an_unknown_lesson_is_refused() -> None:
    with pytest.raises(KaszinoError, match=r"tutorial\.capture\.nonsense"):
        lesson("capture.nonsense")


def test_the_switch_turns_every_live_text_and_table() -> None:
    switch, text, table = language_switch(), lesson("capture.what"), live_table(HAND, TABLE)
    pick(table, "5♠ A♥ 2♦ 4♣")
    table.press_capture()
    assert "Helyes ütés" in table.feedback
    switch.choose("en")
    assert language() == "en"
    assert switch.description == "Language:"
    assert "<h3>What is a capture?</h3>" in text.html
    assert "Capture!" in table.html and "A correct capture" in table.html


def test_the_opponents_move_is_told_in_the_language_switched_to() -> None:
    """The line about the opponent's answer is drawn from the moves at each redraw, not kept as
    the string it first was (a Hungarian move in an English sentence)."""
    table = scene_table(position("K♦ 6♠", "3♣ 10♥", opponent="9♣ 2♣"), mode="play", opponent=True)
    pick(table, "6♠")
    table.press_lay()
    assert "Az ellenfél lépése: 9♣ elviszi: " in table.feedback
    switch_language("en")
    assert "The opponent played: 9♣ taking " in table.feedback and "elviszi" not in table.html


def test_the_hu_en_buttons_of_a_table_turn_the_whole_page() -> None:
    switch, text, table = language_switch(), lesson("capture.what"), live_table(HAND, TABLE)
    table._handle_custom_msg({"action": "lang", "lang": "en", "card": None}, [])  # what the browser sends
    assert language() == "en"
    assert switch.value == "en"
    assert "<h3>What is a capture?</h3>" in text.html


def test_a_teaching_position_puts_the_named_cards_where_asked() -> None:
    state = position(HAND, TABLE, opponent="3♦ 8♣ Q♥")
    assert state.hands == (parse_cards(HAND), parse_cards("3♦ 8♣ Q♥"))
    assert state.table == parse_cards(TABLE)
    assert state.to_move == 0 and state.round == 2
    assert len(state.talon) == 6 * 6  # rounds 3 to 8
    every = state.hands[0] + state.hands[1] + state.table + state.talon
    assert len(set(every)) == len(every)
    assert set(every) <= set(DECK)


def test_the_default_opponent_and_talon_avoid_the_named_cards() -> None:
    state = position(HAND, TABLE, first_move=True)
    assert len(state.hands[1]) == 3 and len(state.talon) == 42
    assert not set(state.hands[1] + state.talon) & set(parse_cards(HAND + " " + TABLE))


def test_a_first_move_tabla_in_a_teaching_position_is_worth_two() -> None:
    sweep = Capture(parse_cards("K♦"), parse_cards("3♣ 10♥"))
    first = position("K♦ 6♠ 2♥", "3♣ 10♥", first_move=True).play(sweep)
    later = position("K♦ 6♠ 2♥", "3♣ 10♥").play(sweep)
    assert (first.tabla_points, later.tabla_points) == ((2, 0), (1, 0))
    assert later.forced == "lay" and later.to_move == 1


def test_a_card_named_twice_is_refused() -> None:
    with pytest.raises(KaszinoError, match="appears twice"):
        position(HAND, "5♠ 3♦")


def test_the_trainer_holds_the_lowest_rated_puzzles_of_each_kind_in_turn(monkeypatch: pytest.MonkeyPatch
                                                                         ) -> None:
    monkeypatch.setattr(puzzle_module, "_READ", {})  # in a kernel that has read no puzzle file
    read: list[object] = []
    check = puzzle_module.puzzle_from_record
    monkeypatch.setattr(puzzle_module, "puzzle_from_record",
                        lambda record, where: read.append(record) or check(record, where))
    trainer = puzzle_trainer(("sweep", "all_captures"), per_kind=2)
    assert len(read) == 4, "the puzzles it shows alone, not the whole collection"
    chosen = [trainer.puzzle]
    while trainer.index + 1 < 4:
        trainer.next_puzzle()
        chosen.append(trainer.puzzle)
    assert [p.kind for p in chosen] == ["sweep", "sweep", "all_captures", "all_captures"]
    for kind, pair in (("sweep", chosen[:2]), ("all_captures", chosen[2:])):
        ratings = sorted(p.rating.value for p in SHIPPED if p.kind == kind)
        assert [p.rating.value for p in pair] == ratings[:2]
