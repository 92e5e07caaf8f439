"""The hint ladder: four steps (objective, hand cards, one table card, answer), each telling more."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kaszino import STANDARD, Capture, GameState, KaszinoError, Lay, new_game, parse_cards, parse_move
from kaszino.games.kaszino.solver.positions import last_round_position
from kaszino.i18n import LANGUAGES, using_language
from kaszino.teach.explain import move_message
from kaszino.teach.hints import OBJECTIVES, hint_ladder


def at(hand: str, table: str, **fields: object) -> GameState:
    """Player 0 to move with ``hand`` against ``table`` in round 2; the opponent holds 3♥."""
    cards = {"hands": (parse_cards(hand), parse_cards("3H")), "table": parse_cards(table)}
    return replace(new_game(seed=3), **{**cards, "round": 2, "to_move": 0, **fields})  # type: ignore[arg-type]


WORKED = at("5S AH KC", "2D 4C 7H 9S")


def told(move: str, lang: str) -> str:
    """A move as a hint tells it: in words (``explain.move_message``), never in notation."""
    return move_message(parse_move(move)).render(lang)


def reveals_step_by_step(ladder: list[str], hand: list[str], table: str, answer: str) -> None:
    """Step 1 names no card of the answer; step 2 the hand cards; step 3 a table card; step 4 all."""
    assert len(ladder) == 4
    goal, hand_step, table_step, full = ladder
    assert not any(card in goal for card in hand + [table])
    assert all(card in hand_step for card in hand) and table not in hand_step
    assert table in table_step and answer not in table_step
    assert answer in full
    assert len(set(ladder)) == 4


@pytest.mark.parametrize("lang", LANGUAGES)
def test_best_ladder(lang: str) -> None:
    ladder = hint_ladder(WORKED, "best", lang)
    reveals_step_by_step(ladder, ["5♠", "A♥"], "4♣", told("5♠+A♥=2♦+4♣", lang))
    assert "1" in ladder[3]  # the point of the ace


def test_best_ladder_lists_the_ties_in_the_answer_only() -> None:
    ladder = hint_ladder(at("7H 7C", "3D 4D"), "best", "en")
    reveals_step_by_step(ladder, ["7♥"], "4♦", "7♥ taking 3♦ 4♦")
    assert "7♣ taking 3♦ 4♦" in ladder[3] and all("7♣" not in step for step in ladder[:3])


def test_all_ladder_counts_then_reveals_every_capture() -> None:
    ladder = hint_ladder(WORKED, "all", "hu")
    assert "3" in ladder[0]
    assert "K♣" in ladder[1] and "5♠ A♥" in ladder[1]
    assert "4♣" in ladder[2]
    for capture in ("K♣ elviszi: 2♦ 4♣ 7♥", "K♣ elviszi: 4♣ 9♠", "5♠ A♥ elviszi: 2♦ 4♣"):
        assert capture in ladder[3] and all(capture not in step for step in ladder[:3])


def test_sweep_ladder() -> None:
    ladder = hint_ladder(at("6D 2C 4S", "2H 4C"), "sweep", "en")
    assert "6" in ladder[0]  # the table's sum
    reveals_step_by_step(ladder, ["6♦"], "4♣", "6♦ taking 2♥ 4♣")


def test_sweep_ladder_after_an_opponent_tabla_plans_the_lay() -> None:
    ladder = hint_ladder(at("3H 4S 7C", "", forced="lay"), "sweep", "hu")
    assert "7♣" not in ladder[0] and "7♣" in ladder[1]
    assert "3♥" in ladder[2] and "3♥" not in ladder[1]
    assert "3♥ 4♠ elviszi: 7♣" in ladder[3]


def test_text_follows_the_current_language() -> None:
    for lang in LANGUAGES:
        with using_language(lang):
            assert hint_ladder(WORKED, "best") == hint_ladder(WORKED, "best", lang)
    assert hint_ladder(WORKED, "best", "hu") != hint_ladder(WORKED, "best", "en")


def test_impossible_objectives_are_refused_with_the_reason() -> None:
    with pytest.raises(KaszinoError, match="no capture"):
        hint_ladder(at("KH", "2D 3C"), "best")
    with pytest.raises(KaszinoError, match="no tábla"):
        hint_ladder(WORKED, "sweep")
    with pytest.raises(KaszinoError, match="open last round"):
        hint_ladder(WORKED, "last_round")
    with pytest.raises(KaszinoError, match="unknown hint objective"):
        hint_ladder(WORKED, "everything")  # type: ignore[arg-type]
    assert OBJECTIVES == ("best", "all", "sweep", "last_round")



@pytest.mark.parametrize("seed", range(12))
def test_last_round_ladder_follows_the_solver(seed: int) -> None:
    from kaszino.games.kaszino.solver import solve

    state = last_round_position(random.Random(seed), STANDARD, table_size=4, hand_sizes=(3, 3))
    solution = solve(state)
    move = solution.best_move
    ladder = hint_ladder(state, "last_round", "en")
    if isinstance(move, Capture):
        hand = [str(card) for card in move.hand]
        reveals_step_by_step(ladder, hand, str(max(move.table)), move_message(move).render("en"))
    else:
        assert isinstance(move, Lay)
        assert str(move.card) not in ladder[0] and str(move.card) in ladder[1]
        assert "not a capture" in ladder[2] and f"lay {move.card}" in ladder[3]
    if not solution.line[1:]:  # the move ends the deal: nothing is said to follow it
        assert "Best play" not in ladder[3]
        return
    continuation = ladder[3].split("Best play from there:")[1].split("→")
    told = [move_message(m).render("en") for m in solution.line[1:]]
    assert all(said in step for said, step in zip(told, continuation, strict=True))


def test_last_round_ladders_cover_captures_and_lays() -> None:
    from kaszino.games.kaszino.solver import solve

    kinds = {type(solve(last_round_position(random.Random(seed), STANDARD, table_size=4, hand_sizes=(3, 3)))
                   .best_moves[0]) for seed in range(12)}
    assert kinds == {Capture, Lay}
