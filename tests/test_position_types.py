"""The one position builder names a field of the wrong type as a problem, for Kaszinó, Scopa and Casino:
junk in any field (``scores=5``, a hand of strings, a float for the round) is a ``wrong_type``
problem naming that field, in words in both languages, never a ``TypeError`` from deeper in."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kaszino.engine.positions import PositionError, conforms, type_name
from kaszino.games.casino.state import build as casino_build
from kaszino.games.casino.state import new_game as casino_new_game
from kaszino.games.casino.state import problems as casino_problems
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.state import build, new_game, problems
from kaszino.games.scopa.notation import Position
from kaszino.games.scopa.state import build as scopa_build
from kaszino.games.scopa.state import new_game as scopa_new_game
from kaszino.games.scopa.state import problems as scopa_problems

KASZINO = new_game(seed=5).draft()
SCOPA = scopa_new_game(seed=3).position()
CASINO = casino_new_game(seed=7).position()
FAMILIES = {"kaszino": (KASZINO, problems, build), "scopa": (SCOPA, scopa_problems, scopa_build),
            "casino": (CASINO, casino_problems, casino_build)}

NEVER_A_FIELD = st.one_of(st.floats(), st.text(max_size=4), st.lists(st.integers(), max_size=3),
                          st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
                          st.tuples(st.text(max_size=2)).filter(lambda t: t != ("lay",)))
"""Values no field of either draft takes: no field holds a float, a str, a list, a dict or a
tuple of strings."""


@pytest.mark.parametrize("family", sorted(FAMILIES))
@given(data=st.data(), junk=NEVER_A_FIELD)
def test_junk_in_any_field_is_named_as_that_fields_problem(family: str, data: st.DataObject,
                                                           junk: object) -> None:
    start, find, make = FAMILIES[family]
    field = data.draw(st.sampled_from([each.name for each in fields(start)]))
    draft = replace(start, **{field: junk})
    found = find(draft)
    assert [(problem.code, dict(problem.fields)["name"]) for problem in found] == [("wrong_type", field)]
    problem = found[0]
    hu, en = problem.text("hu"), problem.text("en")
    assert field in hu and field in en and hu != en
    with pytest.raises(PositionError) as raised:
        make(draft)
    assert raised.value.problems == found


@given(score=st.one_of(st.booleans(), st.none(), st.integers()))
def test_a_number_where_a_row_of_numbers_goes_is_named(score: object) -> None:
    for start, find in ((KASZINO, problems), (SCOPA, scopa_problems), (CASINO, casino_problems)):
        found = find(replace(start, scores=score, to_move=True))
        named = {dict(problem.fields)["name"] for problem in found}
        assert named == {"scores", "to_move"}, "a bool is no player"


def test_the_issues_example_and_nested_junk_are_named_with_the_type_they_take() -> None:
    (problem,) = problems(PositionDraft(scores=5))  # type: ignore[arg-type]
    assert problem.message == "scores: 5 is not of the type tuple[int, ...]"
    assert problem.text("en") == "The field scores holds 5, but it takes a value of the type tuple[int, ...]."
    assert problem.text("hu").startswith("A scores mezőben 5 áll")
    hands = problems(replace(KASZINO, hands=(("7♠",), ())))
    assert [problem.message for problem in hands] == [
        "hands: (('7♠',), ()) is not of the type tuple[tuple[Card, ...], ...]"]
    forced = scopa_problems(replace(SCOPA, winner="x"))
    assert [problem.message for problem in forced] == ["winner: 'x' is not of the type int | None"]
    assert problems(replace(KASZINO, forced="again", last_capturer=0)) != (), "a forced move is checked on"
    assert all(problem.code != "wrong_type" for problem in problems(replace(KASZINO, forced="again")))


def test_valid_drafts_have_no_type_problem_and_bools_are_no_numbers() -> None:
    for start, find in ((KASZINO, problems), (SCOPA, scopa_problems), (PositionDraft.empty(), problems),
                        (Position.empty(), scopa_problems)):
        assert all(problem.code != "wrong_type" for problem in find(start))
    assert problems(KASZINO) == () and scopa_problems(SCOPA) == ()
    assert type_name(tuple[int, ...] | None) == "tuple[int, ...] | None"
    assert not conforms(True, int) and conforms(True, bool) and not conforms(1, bool)
    assert conforms((1, None), tuple[int, None]) and not conforms((1,), tuple[int, None])
