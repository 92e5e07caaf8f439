"""Casino in the position editor: builds composed card by card (groups, value, owner), every
reachability check of Casino a problem named in both languages, a valid position built by the one
builder, Casino's puzzle kinds with their own solvers' answers, saved and loaded back; the widget
driven as the browser drives it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from casino_positions import build as casino_build
from casino_positions import position
from test_editor import assert_named
from test_editor_widget import click

from kaszino.engine.cards import Card
from kaszino.errors import KaszinoError
from kaszino.games.casino import CasinoState, new_game
from kaszino.games.casino.notation import Position
from kaszino.games.casino.state import build, problems
from kaszino.i18n import catalogue, tr, using_language
from kaszino.jupyter.widgets.editor import PositionEditor
from kaszino.puzzles import editor
from kaszino.puzzles.puzzle import KIND_RULES

C = Card.parse
START = new_game(seed=3).position()
LAST = position("7♠ 9♠ 6♥", "8♦ 3♥ A♣", table="2♣ 6♦", builds=(casino_build("5♥+3♣=8", 1),),
                to_move=1).position()
"""The last hand of a deal with a build of 8 owned by player 1 (who holds 8♦)."""


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


CASES = {
    "wrong_type": replace(START, scores=5),
    "card_twice": replace(START, table=(*START.table, START.hands[0][0])),
    "cards_missing": replace(START, table=START.table[:-1]),
    "talon_size": replace(START, round=2),
    "hands_turn": replace(START, hands=(START.hands[0], START.hands[1][1:]),
                          table=(*START.table, START.hands[1][0])),
    "hands_empty": replace(START, hands=((), ()), table=(*START.table, *START.hands[0], *START.hands[1])),
    "to_move": replace(START, to_move=1),
    "build_value": replace(LAST, builds=(replace(LAST.builds[0], value=11),)),
    "build_groups": replace(LAST, builds=(replace(LAST.builds[0], value=9),)),
    "build_seat": replace(LAST, builds=(replace(LAST.builds[0], owner=3),)),
    "build_owner": replace(LAST, builds=(replace(LAST.builds[0], owner=0),)),
    "capturer_piles": replace(LAST, last_capturer=None),
    "capturer_no_pile": replace(LAST, last_capturer=0),
    "leftovers": replace(LAST, hands=((), ()), table=(*LAST.table, *LAST.hands[0], *LAST.hands[1])),
    "single_card_pile": replace(START, piles=(START.talon[:1], ()), talon=START.talon[1:], last_capturer=0),
    "scores_first_deal": replace(START, scores=(3, 0)),
    "scores_game_over": replace(START, deal=2, scores=(21, 0)),
    "wrong_result": replace(START, finished=True, winner=0),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_casino_problem_is_found_and_named_in_both_languages(code: str) -> None:
    assert_named(CASES[code], code)


def test_every_casino_problem_code_has_a_case_and_the_notation_refuses_the_same() -> None:
    keys = catalogue("casino_positions")
    stems = {key.rpartition("_")[0] if key.endswith(("_one", "_other")) else key for key in keys}
    assert stems == set(CASES)
    for code, draft in CASES.items():
        if code in ("wrong_type", "build_seat"):  # no line of notation holds them
            continue
        with pytest.raises(KaszinoError, match="no game reaches this position"):
            CasinoState.from_notation(editor.notation(draft))


def test_a_junk_build_field_is_named_by_its_place() -> None:
    junk = replace(LAST, builds=(replace(LAST.builds[0], groups=(("5♥", "3♣"),)),))
    assert [problem.message for problem in problems(junk)] == [
        "builds[0].groups: (('5♥', '3♣'),) is not of the type tuple[tuple[Card, ...], ...]"]


def test_a_build_is_composed_group_by_group_and_built_by_the_one_builder() -> None:
    draft = editor.change(editor.empty("casino"), round=6, dealer=0, to_move=1, last_capturer=1)
    assert editor.zone_names(draft) == ("hands[0]", "hands[1]", "table", "talon", "piles[0]", "piles[1]")
    draft = editor.add_build(draft, 8)
    assert "builds[0]" in editor.zone_names(draft) and editor.zone_build(draft, "builds[0]").owner == 1
    for zone, cards in (("builds[0]", "5♥ 3♣"), ("hands[0]", "7♠ 9♠ 6♥"), ("hands[1]", "8♦ 3♥ A♣"),
                        ("table", "2♣ 6♦")):
        for card in cards.split():
            draft = editor.place(draft, zone, card)
    draft = editor.fill(draft, "piles[1]")
    assert editor.build(draft) == build(LAST) == CasinoState.from_notation(editor.notation(draft))
    started = editor.new_group(editor.take(draft, "piles[1]", "8♥"), "builds[0]")
    assert editor.zone_build(started, "builds[0]").groups == ((C("5♥"), C("3♣")), ())
    assert "build_groups" in {problem.code for problem in editor.position_problems(started)}, "a group empty"
    grouped = editor.place(started, "builds[0]", "8♥")
    assert editor.zone_build(grouped, "builds[0]").groups == ((C("5♥"), C("3♣")), (C("8♥"),))
    assert editor.position_problems(grouped) == ()
    wrong = editor.set_build(grouped, "builds[0]", value=9, owner=0)
    assert {problem.code for problem in editor.position_problems(wrong)} == {"build_groups"}
    taken = editor.take(grouped, "builds[0]", "8♥")
    assert editor.zone_build(taken, "builds[0]").groups == ((C("5♥"), C("3♣")), ())
    gone = editor.remove_build(draft, "builds[0]")
    assert gone.builds == () and {C("5♥"), C("3♣")} <= set(editor.unplaced(gone))
    with pytest.raises(KaszinoError, match="only a Casino table has builds"):
        editor.add_build(editor.empty("scopa"))
    with pytest.raises(KaszinoError, match="no zone 'builds\\[3\\]'"):
        editor.new_group(draft, "builds[3]")
    with pytest.raises(KaszinoError, match="owner"):
        editor.set_build(draft, "builds[0]", owner=2)


def test_casinos_kinds_show_the_answers_their_own_solver_finds_and_save(tmp_path: Path) -> None:
    state = new_game(seed=3)
    judged = editor.judge(START)
    assert judged.problems == () and judged.state == state
    found = {fit.kind: fit for fit in judged.kinds}
    assert found and set(found) <= set(editor.FAMILIES["casino"].kinds)
    for kind, fit in found.items():
        assert fit.answers == KIND_RULES[kind].solve(state)
    widget = PositionEditor(START)
    assert all(f'data-kind="{kind}"' in widget.html for kind in found)
    savable = next(kind for kind, fit in found.items() if fit.savable)
    path = tmp_path / "7b.json"
    puzzle = editor.save_to_collection(path, START, savable)
    (loaded,) = editor.collection(path)
    assert loaded.id == puzzle.id and editor.draft_of(loaded) == START


def test_new_rules_for_other_players_reseat_a_casino_draft() -> None:
    teams = editor.change(editor.add_build(START, 8, 1), rules="teams")
    assert len(teams.hands) == 4 and teams.scores == (0, 0) and teams.builds[0].owner == 1
    back = editor.change(editor.add_build(editor.change(START, rules="three"), 8, 2), rules="standard")
    assert len(back.hands) == 2 and back.builds[0].owner == 1 and isinstance(back, Position)


def test_the_widget_composes_a_build_by_clicks() -> None:
    widget = PositionEditor(game="casino")
    click(widget, "game", value="casino")
    assert 'data-action="add_build"' in widget.html
    click(widget, "add_build")
    assert widget.zone == "builds[0]"
    click(widget, "place", card="5♥")
    click(widget, "place", card="3♣")
    click(widget, "new_group", value="builds[0]")
    click(widget, "place", card="8♥")
    click(widget, "build_value_0", value="8")
    click(widget, "build_owner_0", value="1")
    chosen = editor.zone_build(widget.draft, "builds[0]")
    assert chosen.groups == ((C("5♥"), C("3♣")), (C("8♥"),)) and chosen.value == 8 and chosen.owner == 1
    assert "[5♥+3♣,8♥]=8@1" in widget.notation
    assert tr("editor.zone_build", n=1) in widget.html and 'class="kaszino-build-group"' in widget.html
    click(widget, "take", card="8♥", value="builds[0]")
    click(widget, "remove_build", value="builds[0]")
    assert widget.draft.builds == () and widget.zone == "hands[0]"
    click(widget, "notation", value=editor.notation(LAST))
    assert widget.draft == LAST and widget.problems == ()
    click(widget, "scores_1", value="0")
    assert widget.draft.scores == (0, 0)
