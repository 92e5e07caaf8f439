"""The one position builder: every problem code is found and named, and reachable states build back."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_notation import play_randomly

from kaszino.engine.cards import Card
from kaszino.engine.positions import PositionError
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import PRESETS
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
