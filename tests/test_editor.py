"""The position editor's model: cards into zones, the builder's problems named, every kind's
answers from the kinds' own code, puzzles saved into a teacher's collection and read back."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from kaszino.cli import main
from kaszino.engine.cards import DECK, Card
from kaszino.engine.positions import PositionError
from kaszino.errors import KaszinoError, NotationError
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.state import build, new_game
from kaszino.games.scopa.state import new_game as scopa_new_game
from kaszino.puzzles import editor
from kaszino.puzzles.class_set import load_class_set
from kaszino.puzzles.puzzle import PUZZLE_DIR, load_puzzles, puzzle_files, recheck, solve

C = Card.parse


def composed() -> PositionDraft:
    """The last round: 3 cards against 2, three on the table, the rest in player 1's pile."""
    draft = editor.change(PositionDraft.empty(PRESETS["trainer"]), round=8, last_capturer=1)
    for zone, cards in (("hands[0]", "K♣ 10♠ 3♥"), ("hands[1]", "K♠ 5♣"), ("table", "K♥ 7♦ 6♦")):
        for card in cards.split():
            draft = editor.place(draft, zone, card)
    return editor.fill(draft, "piles[1]")


def codes(draft: PositionDraft) -> set[str]:
    return {problem.code for problem in editor.position_problems(draft)}


def test_zones_are_named_as_the_notation_names_its_fields() -> None:
    assert editor.zone_names(PositionDraft.empty()) == ("hands[0]", "hands[1]", "table", "talon", "piles[0]",
                                                         "piles[1]")
    assert len(editor.zone_names(PositionDraft.empty(PRESETS["p3"]))) == 8
    with pytest.raises(KaszinoError, match="no zone 'hands\\[2\\]'"):
        editor.place(PositionDraft.empty(), "hands[2]", "A♠")


def test_cards_are_placed_in_order_taken_away_and_the_rest_filled_in() -> None:
    draft = editor.place(editor.place(PositionDraft.empty(), "table", "7♦"), "table", C("A♠"))
    assert editor.zone_cards(draft, "table") == (C("7♦"), C("A♠"))
    assert editor.place(draft, "table", "7♦") == draft
    assert editor.zone_cards(editor.take(draft, "table", "7♦"), "table") == (C("A♠"),)
    with pytest.raises(KaszinoError, match="K♣ is not in table"):
        editor.take(draft, "table", "K♣")
    assert len(editor.unplaced(draft)) == 50
    filled = editor.fill(draft, "talon")
    assert not editor.unplaced(filled)
    assert set(editor.zone_cards(filled, "talon")) == set(DECK) - {C("7♦"), C("A♠")}


def test_a_composed_position_is_built_by_the_engine() -> None:
    draft = composed()
    assert editor.position_problems(draft) == ()
    assert build(draft).hands[0] == (C("K♣"), C("10♠"), C("3♥"))


def test_the_problems_of_the_issue_are_named_in_both_languages() -> None:
    twice = editor.place(composed(), "table", "K♣")  # also in player 0's hand
    round_one = editor.change(composed(), round=1)
    start = new_game(seed=3).draft()
    piles = replace(start, piles=(start.talon[:27], ()), talon=start.talon[27:], last_capturer=0)
    forced = editor.change(composed(), forced="lay", last_capturer=1, to_move=0)
    assert "card_twice" in codes(twice)
    assert "piles_too_big" in codes(piles)
    assert "forced_lay_table" in codes(forced)
    for draft in (twice, round_one, piles, forced):
        for problem in editor.position_problems(draft):
            assert problem.text("hu") != problem.text("en")
    problem = next(p for p in editor.position_problems(twice) if p.code == "card_twice")
    assert "K♣" in problem.text("hu") and "K♣" in problem.text("en")


def test_new_rules_for_other_players_reseat_the_draft() -> None:
    draft = editor.change(composed(), rules="p3", to_move=1)
    assert len(draft.hands) == len(draft.piles) == len(draft.scores) == 3
    assert draft.round == PRESETS["p3"].rounds == 5  # round 8 of 8 became the last of p3's 5
    assert draft.hands[:2] == composed().hands
    back = editor.change(draft, rules=PRESETS["standard"])
    assert len(back.hands) == 2
    with pytest.raises(KaszinoError, match=r"rules must be one of standard, .*not 'nope'"):
        editor.change(draft, rules="nope")
    with pytest.raises(KaszinoError, match="no field 'hands'"):
        editor.change(draft, hands=())


def test_every_fitting_kind_has_the_answers_its_own_solver_finds() -> None:
    state = build(composed())
    found = {fit.kind: fit for fit in editor.kind_answers(state)}
    assert {"all_captures", "best_capture", "last_round"} <= set(found)
    assert "deal_saving" not in found and "score_deal" not in found
    for kind, fit in found.items():
        assert fit.answers == solve(kind, state)
    assert found["all_captures"].savable
    assert not found["best_capture"].savable  # the check of stored puzzles: it would teach nothing
    assert "best capture wins no point more" in str(found["best_capture"].refusal)


def test_one_line_of_notation_both_ways_even_with_problems() -> None:
    for draft in (composed(), editor.place(composed(), "table", "K♣")):
        assert editor.from_notation(editor.notation(draft)) == draft
    with pytest.raises(NotationError, match="round"):
        editor.from_notation(editor.notation(composed()).replace("round=8", "round=x"))


def test_puzzles_are_saved_into_a_collection_that_loads_as_a_class_set(tmp_path: Path) -> None:
    path = tmp_path / "7b.json"
    first = editor.save_to_collection(path, composed(), "all_captures")
    second = editor.save_to_collection(path, composed(), "last_round")
    other = editor.take(editor.place(composed(), "hands[1]", "K♥"), "table", "K♥")
    third = editor.save_to_collection(path, other, "all_captures")
    assert (first.id, second.id, third.id) == ("ac-1", "lr-1", "ac-2")
    loaded = load_class_set(path)
    assert loaded.name == "7b" and loaded.puzzles == (first, second, third)
    assert all(recheck(puzzle) is None for puzzle in loaded.puzzles)
    assert editor.draft_of(loaded.puzzles[0]) == composed()
    assert main(["puzzles", "check", str(path)]) == 0  # themes and all, as every puzzle file is checked
    with pytest.raises(KaszinoError, match="in the file already \\(id ac-1\\)"):
        editor.save_to_collection(path, composed(), "all_captures")


def test_nothing_is_written_that_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    with pytest.raises(PositionError, match="card"):
        editor.save_to_collection(path, editor.place(composed(), "table", "K♣"), "all_captures")
    with pytest.raises(KaszinoError, match=r"would be refused: .*no point more"):
        editor.save_to_collection(path, composed(), "best_capture")
    with pytest.raises(KaszinoError, match="holds no 'sweep' puzzle"):
        editor.save_to_collection(path, composed(), "sweep")
    assert not path.exists()
    notes = tmp_path / "notes.json"
    notes.write_text('{"my": "notes"}', encoding="utf-8")
    with pytest.raises(KaszinoError, match="not a puzzle collection, so it is not changed"):
        editor.save_to_collection(notes, composed(), "all_captures")
    assert notes.read_text(encoding="utf-8") == '{"my": "notes"}'
    shipped = puzzle_files(PUZZLE_DIR)[0]
    before = shipped.read_bytes()
    with pytest.raises(KaszinoError, match="a shipped puzzle collection"):
        editor.save_to_collection(shipped, composed(), "all_captures")
    assert shipped.read_bytes() == before


def test_a_puzzle_of_a_collection_loads_back_for_editing() -> None:
    puzzle = load_puzzles(puzzle_files(PUZZLE_DIR)[0])[0]
    draft = editor.draft_of(puzzle)
    assert build(draft) == puzzle.state


# --- Scopa ------------------------------------------------------------------------------------------
SCOPA_START = scopa_new_game(seed=3).position()
SCOPA_CASES = {
    "wrong_type": replace(SCOPA_START, scores=5),
    "outside": replace(SCOPA_START, table=(*SCOPA_START.table, C("10♠"))),
    "card_twice": replace(SCOPA_START, table=(*SCOPA_START.table, SCOPA_START.hands[0][0])),
    "cards_missing": replace(SCOPA_START, table=SCOPA_START.table[:-1]),
    "talon_size": replace(SCOPA_START, round=2),
    "hands_alternate": replace(SCOPA_START, hands=(SCOPA_START.hands[0], SCOPA_START.hands[1][1:]),
                               table=(*SCOPA_START.table, SCOPA_START.hands[1][0])),
    "to_move": replace(SCOPA_START, to_move=1),
    "capturer_piles": replace(SCOPA_START, last_capturer=0),
    "capturer_no_pile": replace(SCOPA_START, piles=(SCOPA_START.talon[:2], ()), talon=SCOPA_START.talon[2:],
                                last_capturer=1),
    "single_card_pile": replace(SCOPA_START, piles=(SCOPA_START.talon[:1], ()), talon=SCOPA_START.talon[1:],
                                last_capturer=0),
    "scopas_impossible": replace(SCOPA_START, scopas=(1, 0)),
    "scores_first_deal": replace(SCOPA_START, scores=(3, 0)),
    "scores_game_over": replace(SCOPA_START, deal=2, scores=(11, 0)),
    "wrong_result": replace(SCOPA_START, finished=True, winner=0),
}


def assert_named(draft: editor.Draft, code: str) -> None:
    """The editor finds the problem ``code`` in ``draft``, says every problem in both languages,
    and the builder refuses the draft with the same problems."""
    found = editor.position_problems(draft)
    assert code in {problem.code for problem in found}
    for problem in found:
        assert problem.text("hu") and problem.text("en") != problem.text("hu")
    with pytest.raises(PositionError) as raised:
        editor.build(draft)
    assert raised.value.problems == found


@pytest.mark.parametrize("code", sorted(SCOPA_CASES))
def test_scopas_problems_are_named_in_both_languages(code: str) -> None:
    assert_named(SCOPA_CASES[code], code)


def test_a_scopa_table_has_its_own_deck_rules_and_fields() -> None:
    draft = editor.empty("scopa")
    assert editor.zone_names(draft) == editor.zone_names(PositionDraft.empty())
    assert len(editor.unplaced(draft)) == 40 and C("10♠") not in editor.unplaced(draft)
    assert editor.change(draft, rules="no_scopa", scopas=(0, 0)).rules.name == "no_scopa"
    with pytest.raises(KaszinoError, match="no field 'forced'"):
        editor.change(draft, forced="lay")
    assert editor.position_problems(SCOPA_START) == ()
    assert editor.from_notation(editor.notation(SCOPA_START), "scopa") == SCOPA_START


def test_a_scopa_puzzle_is_edited_solved_and_saved_again(tmp_path: Path) -> None:
    for puzzle in (p for path in puzzle_files(PUZZLE_DIR) for p in load_puzzles(path) if p.game == "scopa"):
        draft = editor.draft_of(puzzle)
        assert editor.build(draft) == puzzle.state
        fit = next(fit for fit in editor.kind_answers(puzzle.state) if fit.kind == puzzle.kind)
        assert fit.answers == solve(puzzle.kind, puzzle.state) and fit.savable
    path = tmp_path / "scopa.json"
    saved = editor.save_to_collection(path, draft, puzzle.kind)
    assert load_class_set(path).puzzles == (saved,) and recheck(saved) is None
    assert {fit.kind for fit in editor.kind_answers(saved.state)} <= set(editor.FAMILIES["scopa"].kinds)


def test_the_pages_collections_are_plain_names_in_one_folder(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    assert editor.collection_path("7b hétfő", tmp_path) == tmp_path / "7b hétfő.json"
    assert editor.collection_path("8a.JSON", tmp_path) == tmp_path / "8a.JSON"
    for name in ("", "../x", "a/b", "a\\b", ".hidden", "x" * 101, "a..b", None):
        with pytest.raises(KaszinoError, match="a plain file name"):
            editor.collection_path(name, tmp_path)  # type: ignore[arg-type]
    monkeypatch.setenv(editor.COLLECTIONS_VARIABLE, str(tmp_path / "sets"))
    assert editor.collections_folder() == tmp_path / "sets"
    monkeypatch.delenv(editor.COLLECTIONS_VARIABLE)
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "class" / "anna.sqlite3"))
    assert editor.collections_folder() == tmp_path / "class" and (tmp_path / "class").is_dir()


def test_a_folder_a_pipe_or_a_name_too_long_is_named_not_written(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    for path in (tmp_path, pipe, tmp_path / ("x" * 300 + ".json"), tmp_path / "nowhere" / "x.json"):
        with pytest.raises(KaszinoError):  # named at once (a pipe is never opened to block)
            editor.save_to_collection(path, composed(), "all_captures")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.json"]


def test_judge_says_the_problems_or_the_state_and_its_kinds() -> None:
    valid = editor.judge(composed())
    assert valid.problems == () and valid.state == build(composed())
    assert valid.kinds == editor.kind_answers(build(composed()))
    wrong = editor.judge(editor.place(composed(), "table", "K♣"))
    assert wrong.problems and wrong.state is None and wrong.kinds == ()


@pytest.mark.parametrize(("field", "value", "named"), [
    ("to_move", "x", "to_move"), ("to_move", 5, "to_move"), ("round", 99, "round"),
    ("scopas", (1,), "scopas"), ("scores", 5, "fields its notation reads"),
])
def test_a_scopa_field_of_the_wrong_form_is_named_at_once(field: str, value: object, named: str) -> None:
    with pytest.raises(KaszinoError, match=named):
        editor.change(editor.empty("scopa"), **{field: value})


@pytest.mark.parametrize(("field", "value", "named"), [
    ("to_move", "x", "to_move"), ("round", 99, "round"), ("scores", (1,), "scores"),
    ("forced", "zz", "forced"), ("last_capturer", 2, "last_capturer"),
    ("scores", 5, "fields its notation reads"),
])
def test_a_kaszino_field_of_the_wrong_form_is_named_at_once(field: str, value: object, named: str) -> None:
    with pytest.raises(KaszinoError, match=named):
        editor.change(composed(), **{field: value})


def test_what_is_no_position_of_the_editors_games_is_named() -> None:
    with pytest.raises(KaszinoError, match="the editor knows the positions of kaszino, scopa, casino"):
        editor.kind_answers("rules=standard")  # type: ignore[arg-type]
    with pytest.raises(KaszinoError, match="a draft is a Kaszinó PositionDraft, a Scopa Position or a"):
        editor.zone_names(build(composed()))  # type: ignore[arg-type]
