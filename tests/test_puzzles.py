"""Puzzles as data: the shipped collection, judging the capture kinds, malformed files, the generator.

The other kinds' checkers are tested against brute force in test_puzzle_kinds.py, the themes in
test_puzzle_themes.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from depth import sampled
from reference import brute_captures, play_all, position
from shipped import SHIPPED

import kaszino.puzzles.puzzle as puzzle_module
from kaszino import Capture, GameState, KaszinoError, PuzzleFormatError, new_game, parse_move
from kaszino.i18n import using_language
from kaszino.puzzles.kinds import move_words
from kaszino.puzzles.mining import (
    Candidate,
    generate,
    mine_all_captures,
    mine_best_capture,
    mine_sweep,
    rated,
    rebuild,
    spread,
    task_key,
)
from kaszino.puzzles.puzzle import (
    BANDS,
    KINDS,
    Kind,
    Puzzle,
    Rating,
    canonical,
    capture_key,
    dumps_puzzles,
    first_puzzles,
    kind_file,
    load_all,
    load_puzzles,
    parse_puzzles,
    puzzle_files,
    recheck,
    save_puzzles,
    solve,
)
from kaszino.puzzles.simulate import RULES, positions
from kaszino.puzzles.themes import themes


def cap(text: str) -> Capture:
    move = parse_move(text)
    assert isinstance(move, Capture)
    return move


def reversed_sides(capture: Capture) -> Capture:
    """The same capture with the cards of each side listed the other way round."""
    return Capture(capture.hand[::-1], capture.table[::-1])


def dealt(hand: str, table: str, other: str = "") -> GameState:
    """Player 0 to move on his first move of the deal with ``hand``; the opponent holds ``other``."""
    return position([hand, other], table)


def puzzle(kind: Kind, state: GameState) -> Puzzle:
    return Puzzle(id="t-1", kind=kind, state=state, answers=solve(kind, state))


WORKED = dealt("5S AH KC", "2D 4C 7H 9S")  # docs/rules.md §2: exactly three captures
AFTER_TABLA = play_all(dealt("6S 7C 3S", "AS AD 8H 3D", other="5H 3H 8D"), ["6S+7C=AS+AD+8H+3D", "8D"])


# --- the shipped collection ----------------------------------------------------------------------------
SAMPLE = SHIPPED[::13]
"""Every 13th shipped puzzle (all kinds): rebuilt from its source, which replays a whole game."""


def test_the_collection_holds_a_thousand_puzzles_in_three_bands_of_every_kind() -> None:
    assert len(SHIPPED) >= 1000
    assert len({p.id for p in SHIPPED}) == len(SHIPPED)
    per_kind = Counter(p.kind for p in SHIPPED)
    assert all(per_kind[kind] >= 80 for kind in KINDS), per_kind
    bands = Counter((p.kind, p.band) for p in SHIPPED)
    assert all(bands[kind, band] >= 15 for kind in KINDS for band in BANDS), bands


@pytest.mark.parametrize("path", puzzle_files(), ids=lambda p: p.name)
def test_each_shipped_file_holds_one_kind_from_easy_to_hard(path: Path) -> None:
    puzzles = load_puzzles(path)
    assert {p.kind for p in puzzles} == {path.stem}
    ratings = [p.rating.value for p in puzzles]
    assert ratings == sorted(ratings)
    assert ratings[-1] - ratings[0] >= 800


def test_a_kinds_first_puzzles_are_its_easiest_read_alone_or_from_the_file_read_before(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert [path.stem for path in puzzle_files()] == sorted(KINDS)
    whole = load_puzzles(kind_file("sweep"))
    assert first_puzzles("sweep", 3) == whole[:3]
    ratings = sorted(p.rating.value for p in SHIPPED if p.kind == "sweep")
    assert [p.rating.value for p in first_puzzles("sweep", 3)] == ratings[:3]
    monkeypatch.setattr(puzzle_module, "_READ", {})  # this process has read no file
    checked: list[object] = []
    read = puzzle_module.puzzle_from_record
    monkeypatch.setattr(puzzle_module, "puzzle_from_record",
                        lambda record, where: checked.append(record) or read(record, where))
    assert first_puzzles("fals", 2) == tuple(p for p in SHIPPED if p.kind == "fals")[:2]
    assert len(checked) == 2, "the file's other puzzles are not read"


@pytest.mark.parametrize("stored", sampled(SAMPLE), ids=lambda p: p.id)
def test_shipped_puzzle_is_rebuilt_from_its_source(stored: Puzzle) -> None:
    """The source replays to the position, the miner keeps it again with the same answers and themes."""
    found = rebuild(stored)
    assert found is not None
    assert replace(found.puzzle, rating=stored.rating) == stored
    assert stored.themes == themes(stored.kind, stored.state, stored.answers)


@pytest.mark.parametrize("stored", [p for p in SAMPLE if p.kind in ("all_captures", "best_capture", "sweep")],
                         ids=lambda p: p.id)
def test_check_accepts_exactly_the_answers_of_each_shipped_capture_puzzle(stored: Puzzle) -> None:
    every = brute_captures(stored.state.hands[stored.player], stored.state.table)
    if stored.kind == "all_captures":
        assert stored.check(every).correct
        assert not any(stored.check([c for c in every if c != left_out]).correct for left_out in every)
    else:
        assert {capture_key(c) for c in every if stored.check(c).correct} == stored.answer_keys
        assert all(stored.check(c).text for c in every)


def test_shipped_files_are_written_exactly_as_the_format_writes_them() -> None:
    for path in puzzle_files():
        assert dumps_puzzles(load_puzzles(path)) == path.read_text(encoding="utf-8")


# --- judging answers ------------------------------------------------------------------------------------
def test_all_captures_accepts_exactly_the_full_set_in_any_order() -> None:
    p = puzzle("all_captures", WORKED)
    expected = {capture_key(c) for c in brute_captures(WORKED.hands[0], WORKED.table)}
    assert p.answer_keys == expected and len(expected) == 3
    verdict = p.check([reversed_sides(a) for a in reversed(p.answers)])
    assert verdict.correct and not verdict.missing and not verdict.wrong
    for left_out in p.answers:
        partial = p.check([a for a in p.answers if a != left_out])
        assert not partial.correct
        assert partial.missing == (left_out,)
        with using_language("en"):
            assert "2 of the 3" in p.check([a for a in p.answers if a != left_out]).text


def test_all_captures_refuses_an_illegal_capture_with_the_reason() -> None:
    p = puzzle("all_captures", WORKED)
    too_big = cap("5S+KC=2D+9S+7H")  # docs/rules.md §2: sum 18 > 13
    verdict = p.check([*p.answers, too_big])
    assert not verdict.correct and verdict.wrong == (too_big,)
    with using_language("en"):
        assert "18" in p.check([*p.answers, too_big]).text
    with using_language("hu"):
        assert "legfeljebb 13" in p.check([*p.answers, too_big]).text


def test_best_capture_accepts_the_best_and_explains_why_another_is_worse() -> None:
    p = puzzle("best_capture", WORKED)
    assert [str(a) for a in p.answers] == ["5♠+A♥ = 2♦+4♣"]  # the only capture taking an ace
    assert p.check(reversed_sides(p.answers[0])).correct
    worse = p.check(cap("KC=4C+9S"))
    assert not worse.correct and worse.extra == (cap("KC=4C+9S"),)
    with using_language("en"):
        text = p.check(cap("KC=4C+9S")).text
        solution = p.solution_text()
    assert "5♠ A♥ taking 2♦ 4♣" not in text and "1 point more" in text  # refuted, the best not named
    assert "5♠ A♥ taking 2♦ 4♣" in solution and "K♣ taking 4♣ 9♠" in solution  # the solution explains both


def test_best_capture_accepts_every_tied_best() -> None:
    state = dealt("8H 8D 6H", "8C KH QH JH")
    p = puzzle("best_capture", state)
    assert p.answer_keys == {capture_key(cap("8H=8C")), capture_key(cap("8D=8C"))}
    assert p.check(cap("8H=8C")).correct and p.check(cap("8D=8C")).correct
    assert "tied_best" in themes("best_capture", state, p.answers)


def test_single_answer_kinds_refuse_illegal_selections() -> None:
    p = puzzle("best_capture", WORKED)
    for bad in ("5S=9S", "QS=2D+4C", "5S+AH=7H"):
        verdict = p.check(cap(bad))
        assert not verdict.correct and verdict.wrong == (cap(bad),) and verdict.text


def test_sweep_accepts_any_sweep_and_refuses_a_capture_that_leaves_cards() -> None:
    state = dealt("QS 8C QH", "2C 6H 4S")
    p = puzzle("sweep", state)
    assert p.answer_keys == {capture_key(cap("QS=2C+6H+4S")), capture_key(cap("QH=2C+6H+4S"))}
    assert state.is_first_move(0)
    with using_language("en"):
        assert all("2 point" in p.check(reversed_sides(a)).text for a in p.answers)  # the first move
        partial = p.check(cap("8C=2C+6H"))
    assert not partial.correct and partial.extra == (cap("8C=2C+6H"),)
    assert "leaves 4♠" in partial.text_in("en")
    assert "az asztalon marad: 4♠" in partial.text  # the verdict's words follow the language


def test_sweep_on_the_forced_second_move() -> None:
    assert AFTER_TABLA.forced == "again" and AFTER_TABLA.to_move == 1
    p = puzzle("sweep", AFTER_TABLA)
    assert p.answer_keys == {capture_key(cap("5H+3H=8D"))}
    assert themes("sweep", AFTER_TABLA, p.answers) == ("multi_card", "forced_second_move")
    assert mine_sweep(AFTER_TABLA, random.Random(0)) is not None


def test_a_set_is_not_an_answer_to_a_single_answer_kind() -> None:
    with pytest.raises(KaszinoError, match="one move"):
        puzzle("sweep", WORKED).check([cap("KC=2D+4C+7H")])


def test_texts_hints_and_solution() -> None:
    p = puzzle("all_captures", WORKED)
    with using_language("hu"):
        assert "összes" in p.task_text()
    with using_language("en"):
        assert "every capture" in p.task_text()
        solution = p.solution_text()
        assert all(move_words(a) in solution for a in p.answers if isinstance(a, Capture))
    hints = p.hints()
    assert hints and all(isinstance(h, str) and h for h in hints)


# --- the miners and the generator ---------------------------------------------------------------------
def test_miners_keep_only_instructive_positions() -> None:
    rng = random.Random(0)
    assert mine_all_captures(WORKED, rng) is not None
    single = dealt("5S 9H 10C", "5D QC KD JD")
    assert len(solve("all_captures", single)) == 1 and mine_all_captures(single, rng) is None
    assert mine_best_capture(single, rng) is None  # no choice to make
    assert mine_best_capture(WORKED, rng) is not None  # the ace capture beats the others by a point
    equal = dealt("8H 8D", "8C")  # two captures worth the same: nothing to learn
    assert mine_best_capture(equal, rng) is None
    one_for_one = dealt("7S 2H 4C", "7D")
    assert solve("sweep", one_for_one) and mine_sweep(one_for_one, rng) is None


def test_canonical_order_is_independent_of_the_input_order() -> None:
    answers = [a for a in solve("all_captures", WORKED) if isinstance(a, Capture)]
    assert canonical(WORKED, [reversed_sides(a) for a in reversed(answers)]) == tuple(answers)


def test_generator_is_deterministic_for_a_seed_whatever_the_number_of_workers() -> None:
    kinds: tuple[Kind, ...] = ("all_captures", "fals", "defend")
    first = generate(kinds, seed=7, count=3, workers=1)
    assert dumps_puzzles(first) == dumps_puzzles(generate(kinds, seed=7, count=3, workers=2))
    assert dumps_puzzles(first) == dumps_puzzles(generate(kinds, seed=7, count=3, workers=3))
    assert Counter(p.kind for p in first) == {"all_captures": 3, "fals": 3, "defend": 3}
    assert [p.kind for p in first] == sorted((p.kind for p in first), key=KINDS.index)
    assert len({task_key(p.kind, p.state) for p in first}) == 9
    assert dumps_puzzles(generate(("all_captures",), seed=8, count=3, workers=1)) != dumps_puzzles(first[:3])


def test_generator_reports_progress_and_refuses_bad_counts() -> None:
    seen: list[tuple[int, int]] = []
    generate(("sweep",), seed=2, count=2, workers=1,
             progress=lambda done, wanted: seen.append((done, wanted)))
    assert seen[-1] == (4, 4) and [done for done, _ in seen] == sorted(done for done, _ in seen)
    with pytest.raises(KaszinoError, match="count must be at least 1"):
        generate(seed=1, count=0)
    with pytest.raises(KaszinoError, match="fewer than 50 puzzles of defend"):
        generate(("defend",), seed=1, count=50, workers=1, max_games=3)


def test_simulated_games_replay_from_their_seed() -> None:
    moves = list(positions(3))
    assert [n for n, _ in moves] == list(range(len(moves))) and len(moves) >= 48
    assert moves[0][1] == new_game(RULES, seed=3)
    assert sum(state.deal_over for _, state in moves) == 2  # two deals, each seen once it is over


def candidates(*difficulties: float) -> list[Candidate]:
    return [Candidate(Puzzle(id=f"x{i}", kind="sweep", state=WORKED, answers=()), f"k{i}", d)
            for i, d in enumerate(difficulties)]


def test_spread_keeps_both_ends() -> None:
    chosen = spread(candidates(*range(10)), 4)
    assert [c.puzzle.id for c in chosen] == ["x0", "x3", "x6", "x9"]


def test_ratings_follow_the_difficulty_and_ties_share_the_middle() -> None:
    puzzles = rated(candidates(1.0, 2.0, 2.0, 3.0, 9.0))
    assert [p.rating.value for p in puzzles] == [800, 1250, 1250, 1700, 2000]
    assert [p.band for p in puzzles] == ["easy", "medium", "medium", "hard", "hard"]


# --- malformed files ----------------------------------------------------------------------------------
GOOD = SHIPPED[0].to_record()


def write(tmp_path: Path, document: object) -> Path:
    path = tmp_path / "broken.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return path


def one(**changes: object) -> dict[str, object]:
    record = {**GOOD, **changes}
    return {"format": 2, "puzzles": [{k: v for k, v in record.items() if v is not None}]}


FALS_RECORD = next(p for p in SHIPPED if p.kind == "fals").to_record()
SCORE_RECORD = next(p for p in SHIPPED if p.kind == "score_deal").to_record()
FIRST_STATE = SHIPPED[0].state
FIRST_CAPTURES = brute_captures(FIRST_STATE.hands[FIRST_STATE.to_move], FIRST_STATE.table)
LEGAL_BUT_WRONG = next(str(c) for c in FIRST_CAPTURES if c not in solve("best_capture", FIRST_STATE))
ILLEGAL = f"{FIRST_STATE.hands[FIRST_STATE.to_move][0]} = {FIRST_STATE.hands[1 - FIRST_STATE.to_move][0]}"

MALFORMED = {
    "bad json": ('{"format": 1,\n "puzzles": [\n  {"id": "a",}\n ]}', r"broken\.json: line 3, column \d+"),
    "not an object": ("[]", r"broken\.json: a puzzle file is a JSON object"),
    "format": ({"format": 3, "puzzles": []}, r"field 'format': unknown format 3; this version reads 1 and 2"),
    "kind's position": (one(kind="score_deal"), r"field 'position': not a score_deal position"),
    "choice": (one(**{**FALS_RECORD, "answers": ["maybe"]}),
               r"field 'answers': 'maybe' is not one of correct, sums_differ, over_limit"),
    "score": (one(**{**SCORE_RECORD, "answers": [True]}), r"field 'answers': True is not a whole number"),
    "unknown kind": (one(kind="mate_in_two"), r"puzzle '[\w-]+': field 'kind': unknown kind 'mate_in_two'"),
    "bad notation": (one(position="rules=standard; seed=x"),
                     r"puzzle '[\w-]+': field 'position': bad notation"),
    "not a move": (one(answers=["5♠ = = 2"]), r"field 'answers': '5♠ = = 2' is not a move"),
    "not legal": (one(answers=[ILLEGAL]), rf"field 'answers': '{ILLEGAL}' is not a legal move here\. [A-Z]"),
    "lay": (one(answers=["A♠"]), r"field 'answers': 'A♠' is not a capture"),
    "twice": (one(answers=[LEGAL_BUT_WRONG, LEGAL_BUT_WRONG]), r"field 'answers': .* is listed twice"),
    "no answers": (one(answers=[]), r"field 'answers': answers must be a non-empty list"),
    "number": (one(answers=[3]), r"field 'answers': 3 is not a move text"),
    "missing field": (one(position=None), r"puzzle #1: missing field\(s\) 'position'"),
    "unknown field": (one(solution="x"), r"puzzle #1: unknown field\(s\) 'solution'"),
    "bad id": (one(id="a b"), r"puzzle #1: field 'id'"),
    "unknown theme": (one(themes=["mate"]), r"field 'themes': unknown theme\(s\) 'mate'"),
    "bad rating": (one(rating={"value": "hard"}), r"field 'rating\.value': value must be a number"),
    "bad source": (one(source={"seed": 1}), r"field 'source'"),
    "duplicate ids": ({"format": 2, "puzzles": [GOOD, GOOD]},
                      rf"puzzle '{GOOD['id']}': field 'id': duplicate id"),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_malformed_files_name_the_file_puzzle_and_field(tmp_path: Path, name: str) -> None:
    document, message = MALFORMED[name]
    path = write(tmp_path, document)
    before = path.read_bytes()
    with pytest.raises(PuzzleFormatError, match=message):
        load_puzzles(path)
    assert path.read_bytes() == before  # reading never changes a file


def test_ids_must_be_unique_across_files(tmp_path: Path) -> None:
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text(json.dumps(one()), encoding="utf-8")
    with pytest.raises(PuzzleFormatError, match="duplicate id"):
        load_all(sorted(tmp_path.glob("*.json")))


def test_a_stored_answer_that_is_legal_but_wrong_loads_and_is_caught_by_recheck(tmp_path: Path) -> None:
    stored = parse_puzzles(json.dumps(one(kind="best_capture", answers=[LEGAL_BUT_WRONG])))[0]
    discrepancy = recheck(stored)
    assert discrepancy is not None and LEGAL_BUT_WRONG in str(discrepancy)


def test_rating_fields_may_be_left_to_their_glicko_defaults() -> None:
    stored = parse_puzzles(json.dumps(one(rating={"value": 1234})))[0]
    assert stored.rating == Rating(value=1234.0, deviation=350.0, volatility=0.06)


def test_save_round_trips_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    save_puzzles(SHIPPED[:3], path)
    assert load_puzzles(path) == SHIPPED[:3]
    assert [p.name for p in tmp_path.iterdir()] == ["saved.json"]


def test_a_file_read_again_unchanged_is_not_parsed_again_but_a_changed_one_is(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    save_puzzles(SHIPPED[:3], path)
    first = load_puzzles(path)
    assert load_puzzles(path) is first, "the same file, unchanged: the puzzles read before"
    save_puzzles(SHIPPED[3:6], path)
    assert load_puzzles(path) == SHIPPED[3:6]
    path.write_text("{", encoding="utf-8")
    with pytest.raises(PuzzleFormatError):
        load_puzzles(path)


def test_a_format_1_file_still_reads(tmp_path: Path) -> None:
    path = write(tmp_path, {"format": 1, "puzzles": [GOOD]})
    assert load_puzzles(path)[0].id == GOOD["id"]


def test_answers_of_every_form_round_trip(tmp_path: Path) -> None:
    one_of_each = [next(p for p in SHIPPED if p.kind == kind) for kind in KINDS]
    path = tmp_path / "mixed.json"
    save_puzzles(one_of_each, path)
    assert load_puzzles(path) == tuple(one_of_each)
    assert oct(path.stat().st_mode & 0o777) == "0o644"
    records = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    forms = {p.kind: type(record["answers"][0]).__name__
             for p, record in zip(one_of_each, records, strict=True)}
    assert forms["score_deal"] == "int" and forms["fals"] == "str" and forms["defend"] == "str"
