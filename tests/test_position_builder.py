"""The one position builder: every problem code is found and named, and reachable states build back."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_notation import play_randomly

from kaszino.engine.cards import Card
from kaszino.engine.positions import PositionError
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Forced
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.solver.positions import _draw, last_round_position
from kaszino.games.kaszino.state import GameState, build, new_game, problems
from kaszino.i18n import catalogue

START = new_game(seed=5)
DRAFT = START.draft()
C = Card.parse


def _codes(draft: PositionDraft) -> set[str]:
    return {problem.code for problem in problems(draft)}


CASES = {
    "wrong_type": replace(DRAFT, scores=5),
    "per_player": replace(DRAFT, hands=DRAFT.hands[:1]),
    "out_of_range": replace(DRAFT, round=0),
    "card_twice": replace(DRAFT, table=(*DRAFT.table, DRAFT.hands[0][0])),
    "cards_missing": replace(DRAFT, table=DRAFT.table[:-1]),
    "hand_too_big": replace(DRAFT, hands=(DRAFT.hands[0] + DRAFT.table[:1], DRAFT.hands[1]),
                            table=DRAFT.table[1:]),
    "talon_size": replace(DRAFT, round=2),
    "piles_too_big": replace(DRAFT, piles=(DRAFT.talon[:27], ()), talon=DRAFT.talon[27:], last_capturer=0),
    "mover_empty": replace(DRAFT, hands=((), DRAFT.hands[1]), table=DRAFT.table + DRAFT.hands[0]),
    "forced_lay_table": replace(DRAFT, forced="lay", last_capturer=1),
    "scores_first_deal": replace(DRAFT, scores=(3, 0)),
    "first_mover": replace(DRAFT, to_move=1),
    "piles_no_capturer": replace(DRAFT, piles=(DRAFT.talon[:2], ()), talon=DRAFT.talon[2:]),
    "capturer_no_pile": replace(DRAFT, last_capturer=1),
    "tabla_too_many": replace(DRAFT, tabla_points=(0, 1)),
    "bonus_without_fals": replace(DRAFT, bonus=(1, 0)),
    "winner_below_target": replace(DRAFT, finished=True, winner=0),
    "race_draw": replace(DRAFT, finished=True),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_problem_is_found_named_and_put_into_words(code: str) -> None:
    draft = CASES[code]
    assert code in _codes(draft)
    with pytest.raises(PositionError) as raised:
        build(draft)
    assert code in {problem.code for problem in raised.value.problems}
    for problem in raised.value.problems:
        assert problem.message in str(raised.value)
        assert problem.text("hu") and problem.text("en") != problem.text("hu")


def test_the_cases_here_are_codes_of_the_catalogue() -> None:
    keys = catalogue("positions")
    stems = {key.rpartition("_")[0] if key.endswith(("_one", "_other")) else key for key in keys}
    assert set(CASES) <= stems


def test_all_problems_are_listed_at_once() -> None:
    draft = replace(DRAFT, table=(*DRAFT.table[:-1], DRAFT.hands[0][0]), scores=(3, 0))
    assert {"card_twice", "cards_missing", "scores_first_deal"} <= _codes(draft)


def test_a_whole_deal_and_the_start_build_without_problems() -> None:
    assert problems(DRAFT) == ()
    assert build(DRAFT) == START


@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**16))
def test_every_reachable_state_builds_back_from_its_draft(name: str, seed: int) -> None:
    _, _, states = play_randomly(PRESETS[name], seed=seed, steps=300, rng=random.Random(seed))
    for state in states:
        assert build(state.draft()) == state
        assert GameState.from_notation(state.notation()) == state


# --- the one builder: nothing else makes a position ------------------------------------------------------
ROOT = Path(__file__).resolve().parent.parent
MADE = re.compile(r"(?<![\w.])GameState\(")
"""A ``GameState`` made field by field (not its class line, not a Protocol of the same name)."""


def test_only_the_builder_makes_a_kaszino_state() -> None:
    """Every position of the package, the tests and the benchmarks comes from ``build`` (its
    ``_state_of``) or from a new deal (``deal_state``): no other line calls the class."""
    found = [f"{path.relative_to(ROOT).as_posix()}:{number}"
             for folder in ("kaszino", "tests", "benchmarks", "scripts")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if MADE.search(line) and not line.lstrip().startswith(("class ", "#"))]
    state_py = "kaszino/games/kaszino/state.py"
    assert [place.rpartition(":")[0] for place in found] == [state_py, state_py], found
    lines = (ROOT / state_py).read_text(encoding="utf-8").splitlines()
    owners = {_function_around(lines, int(place.rpartition(":")[2])) for place in found}
    assert owners == {"_state_of", "deal_state"}


def _function_around(lines: list[str], number: int) -> str:
    """The name of the top-level function whose body holds line ``number`` (1-based)."""
    for line in reversed(lines[:number]):
        if line.startswith("def "):
            return line[4:].partition("(")[0]
    raise AssertionError(f"line {number} is in no function")


@pytest.mark.parametrize("seed", [136, 138, 157, 340, 543, 556, 591])
def test_a_random_last_round_no_game_reaches_is_drawn_again(seed: int) -> None:
    """These seeds once dealt a pile already holding the target under automatic claims."""
    rules = PRESETS["standard"]
    first = _draw(random.Random(seed), rules, 4, (3, 3), 0.5, None, None)
    assert "unclaimed" in _codes(first)
    state = last_round_position(random.Random(seed), rules, table_size=4, hand_sizes=(3, 3))
    assert problems(state.draft()) == () and state.draft() != first


@pytest.mark.parametrize(("forced", "table"), [("lay", 0), ("again", 1)])
def test_a_random_last_round_after_a_tabla_is_one_a_game_reaches(forced: Forced, table: int) -> None:
    rules = PRESETS["p3"]
    for seed in range(30):
        state = last_round_position(random.Random(seed), rules, table_size=table, hand_sizes=(2, 1, 2),
                                    forced=forced, to_move=2)
        assert (state.forced, state.to_move, state.last_capturer) == (forced, 2, 1)
        assert problems(state.draft()) == ()


@pytest.mark.parametrize(("forced", "table"), [("lay", 1), ("again", 0), ("again", 3)])
def test_a_tabla_with_a_table_no_tabla_leaves_is_refused(forced: Forced, table: int) -> None:
    with pytest.raises(KaszinoError, match=f"forced='{forced}'.*not {table}"):
        last_round_position(random.Random(0), PRESETS["standard"], table_size=table, hand_sizes=(3, 3),
                            forced=forced)
