"""Hints with odds and annotated games: plain data, exact where every card is known."""

from __future__ import annotations

from play_helpers import open_round_state

from kaszino import Lay, new_game, solve
from kaszino.games.kaszino.players import (
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    play_game,
    table_moves,
)
from kaszino.i18n import using_language
from kaszino.puzzles.kinds import move_words
from kaszino.teach.annotate import annotate
from kaszino.teach.odds import format_margin, odds_hint

QUICK = ExpertPlayer(samples=3)


def test_exact_odds_in_the_open_round_are_the_solvers_values() -> None:
    state = open_round_state(2)
    hint = odds_hint(state, QUICK)
    solution = solve(state)
    assert hint.exact
    exact = {move: float(value) for move, value in solution.move_values.items() if move in table_moves(state)}
    assert {odds.move: odds.margin for odds in hint.moves} == exact
    assert hint.best in solution.best_moves
    assert [odds.margin for odds in hint.moves] == sorted((odds.margin for odds in hint.moves), reverse=True)
    with using_language("en"):
        assert hint.text.startswith(f"The best move: {hint.best}. Every card is known")


def test_sampled_odds_cover_every_legal_move() -> None:
    state = new_game(seed=5)
    hint = odds_hint(state, QUICK)
    assert not hint.exact and hint.worlds == 3
    assert sorted(map(str, (odds.move for odds in hint.moves))) == sorted(map(str, table_moves(state)))
    assert hint.moves[0].margin == max(odds.margin for odds in hint.moves)
    assert "3 lehetséges elosztását" in hint.text_in("hu")


def test_margins_read_with_their_sign() -> None:
    assert [format_margin(x) for x in (2.0, -0.44, 0.0, 1.25)] == ["+2", "−0.4", "±0", "+1.2"]


def test_annotations_say_where_a_move_lost_points_and_what_was_better() -> None:
    exact_notes = 0
    for seed in range(3):
        record = play_game([RandomPlayer(seed=seed), GreedyPlayer()], seed=seed)
        states = list(record.replay())
        notes = annotate(record, seats=[0], expert=QUICK)
        assert notes, "a random player loses points somewhere"
        for note in notes:
            before = states[note.number - 1]
            assert note.player == before.to_move == 0 and record.moves[note.number - 1] == note.move
            assert note.better in table_moves(before) and note.better != note.move
            if note.exact:
                exact_notes += 1
                solution = solve(before)
                assert note.loss == solution.value - solution.move_values[note.move] >= 1
                assert note.better in solution.best_moves
            else:
                assert note.loss >= 0.75
        assert all("was better than" in note.text_in("en", "You") for note in notes)
        for note in notes:  # both moves in words: a lay says so, never the bare card of the record
            for move in (note.move, note.better):
                with using_language("en"):
                    said = f"lay {move.card}" if isinstance(move, Lay) else move_words(move)
                assert said in note.text_in("en", "You")
    assert exact_notes, "the open rounds were annotated by the exact solver"
