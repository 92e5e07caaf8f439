"""``str()`` of a game state never raises: a reachable state is its notation, and any other value of
the class (built field by field, a pending capture that no longer leads to it, fields of the wrong
kind) says it has no notation, with the reason."""

from __future__ import annotations

from dataclasses import fields, replace

from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import random_walk

from kaszino import PRESETS, GameState

STATES = [state for name in ("standard", "v6", "p4") for state in random_walk(PRESETS[name], 3, 200)[::5]]
PENDING = [state for state in STATES if state.pending is not None]
FIELDS = [field.name for field in fields(GameState)]
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 2**70), st.floats(), st.text(max_size=4),
                   st.tuples(), st.lists(st.integers(0, 3), max_size=3).map(tuple),
                   st.just(((None,),)), st.sampled_from(STATES))


def test_a_reachable_state_is_written_as_its_notation() -> None:
    assert PENDING, "the V6 walk must hold a capture that may still be challenged"
    for state in STATES:
        assert str(state) == state.notation()
        assert GameState.from_notation(str(state)) == state


def test_a_pending_capture_that_no_longer_leads_here_is_named() -> None:
    changed = replace(PENDING[0], bonus=(5, 5))  # the capture from 'before' does not give this bonus
    assert str(changed).startswith("<GameState without a notation: pending: the attempted capture")


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(STATES), st.sampled_from(FIELDS), VALUES)
def test_str_of_any_state_answers(state: GameState, name: str, value: object) -> None:
    changed = replace(state, **{name: value})
    text = str(changed)
    assert text and len(text) < 20_000
    if not text.startswith("<GameState without a notation: "):
        assert text == changed.notation()
