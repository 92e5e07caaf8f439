"""The deal analysis (docs/analysis.md): the search across rounds against the plain minimax,
bounds that always hold, and a whole deal analysed consistently with its replay."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from minimax_reference import move_values, score_difference, without_claims

from kaszino.cli import main
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players import GreedyPlayer, Player, RandomPlayer, computer_move
from kaszino.games.kaszino.record import GameRecord, record_game
from kaszino.games.kaszino.rules import Rules, preset
from kaszino.games.kaszino.solver.analysis import Budget, DealAnalysis, Interval, analyse
from kaszino.games.kaszino.solver.deal import DealSearch, draws_left
from kaszino.games.kaszino.solver.search import playable_moves
from kaszino.games.kaszino.state import GameState, new_game

PRESETS = ("standard", "trainer", "s003", "v1", "v2", "v3", "v7", "v8")
"""The two-player rules the analysis covers (every one but V6, whose Fals! calls it leaves out)."""


def _played(seed: int, rules: Rules, until: Callable[[GameState], bool]) -> tuple[GameState, list[GameState]]:
    """Greedy against random from the start of a game with ``seed`` until ``until`` holds (a target
    nobody reaches, so that no "Ausz!" ends the deal): the state then and every state before it."""
    players: list[Player] = [GreedyPlayer(), RandomPlayer(seed=seed)]
    game = new_game(rules.with_changes(target=1000), seed=seed)
    history = [game]
    while not until(game):
        game = game.play(computer_move(game, players))
        history.append(game)
    return game, history


def _ending(seed: int, name: str, cards: int) -> GameState:
    """A position of round 7 (of 8) with at most ``cards`` hand cards left: two rounds, few cards."""
    state, _ = _played(seed, preset(name), lambda s: s.round == 7 and 0 < sum(map(len, s.hands)) <= cards)
    return state


def _round_start(seed: int, round_number: int) -> GameState:
    """The first position of round ``round_number`` of a standard deal."""
    state, _ = _played(seed, preset("trainer"), lambda s: s.round == round_number)
    return state


def _exact(state: GameState) -> int:
    search = DealSearch(state)
    return search.exact(search.root)


@settings(max_examples=5, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.sampled_from(PRESETS))
def test_deal_search_is_the_plain_minimax_over_two_rounds(seed: int, name: str) -> None:
    """Every move's value across the draw equals the plain minimax on ``GameState.play``."""
    state = _ending(seed, name, 2)
    expected = move_values(state)
    search = DealSearch(state)
    found = {move: search.exact(search.play(search.root, search.model.of_move(move))) for move in expected}
    assert found == expected
    assert search.exact(search.root) == max(expected.values())


@settings(max_examples=6, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(6, 7))
def test_horizon_bounds_hold_the_exact_value(seed: int, round_number: int) -> None:
    """The static bounds and the searches stopped at every horizon, scored low and high there,
    hold the exact value; stopping later never widens them past it."""
    state = _round_start(seed, round_number)
    exact = _exact(state)
    left = draws_left(DealSearch(state).root)
    assert left == 8 - round_number
    low, high = DealSearch(state).static_bounds(DealSearch(state).root)
    assert low <= exact <= high
    for stop in range(left):
        lower, upper = (DealSearch(state, stop=stop, side=side) for side in ("low", "high"))
        assert lower.exact(lower.root) <= exact <= upper.exact(upper.root), stop


@settings(max_examples=20, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.sampled_from(PRESETS))
def test_static_bounds_hold_every_outcome(seed: int, name: str) -> None:
    """The static bounds hold not only the minimax but every way the deal can end: at each
    position of a whole deal played by greedy against random, the deal's real result for each
    player lies within that player's bounds of the position (the talon's cards counted, the
    táblák to come)."""
    final, history = _played(seed, preset(name), lambda s: s.deal_over)
    searches = [DealSearch(history[0], player) for player in (0, 1)]
    for state in history[:-1]:
        for player, search in enumerate(searches):
            low, high = search.static_bounds(search.node(state))
            assert low <= score_difference(final, player) <= high, (state.notation(), player)


def _record(seed: int, name: str = "trainer") -> GameRecord:
    """A whole first deal played by greedy against random, as a record."""
    _, history = _played(seed, preset(name), lambda s: s.deal_over)
    return record_game(history[0], [_move(history, i) for i in range(1, len(history))])


def _move(history: list[GameState], index: int) -> Move:
    before, after = history[index - 1], history[index]
    return next(move for move in playable_moves(before) if before.play(move) == after)


def _check_consistent(analysis: DealAnalysis, record: GameRecord) -> None:
    """Each move's result after it is the next position's best value (as its mover sees it); the
    best is at least what was played; exact moves carry their best moves and a perfect line."""
    states = list(record.replay())
    moves = analysis.moves
    assert [m.number for m in moves] == list(range(1, len(record.moves) + 1))
    for this, after in pairwise(moves):
        seen = after.best if after.player == this.player else after.best.negated()
        assert this.played == seen, this.number
    final = states[-1]
    assert moves[-1].played == Interval(*(score_difference(final, moves[-1].player),) * 2)
    for analysed in moves:
        assert analysed.best.low <= analysed.best.high and analysed.played.high <= analysed.best.high
        assert analysed.cost.low >= 0
        if analysed.exact:
            assert analysed.best_moves is not None and analysed.line is not None
            assert (analysed.move in analysed.best_moves) == (analysed.cost.low == 0)
            state = without_claims(states[analysed.number - 1])
            for move in analysed.line:
                state = state.play(move)
            assert state.deal_over and score_difference(state, analysed.player) == analysed.best.low
        else:
            assert analysed.best_moves is None and analysed.line is None


def test_a_whole_deal_is_analysed_consistently_with_its_replay() -> None:
    """One deal analysed twice: on a small budget (its early moves bounded) and on a larger one;
    both consistent with the replay, the larger's values inside the smaller's bounds."""
    record = _record(3)
    small = analyse(record, budget=Budget(seconds=None, positions=3_000))
    large = analyse(record, budget=Budget(seconds=None, positions=20_000))
    for analysis in (small, large):
        _check_consistent(analysis, record)
    assert small.exact_from is not None and large.exact_from is not None
    assert large.exact_from < small.exact_from  # more budget, more exact moves
    assert not small.moves[0].exact
    for rough, fine in zip(small.moves, large.moves, strict=True):
        assert rough.best.low <= fine.best.low <= fine.best.high <= rough.best.high, rough.number
        assert rough.cost.low <= fine.cost.low <= fine.cost.high <= rough.cost.high, rough.number


def test_the_last_round_agrees_with_the_minimax_move_by_move() -> None:
    """In the open last round the analysis's best value, played value and best moves are the
    plain minimax's."""
    record = _record(5)
    states = list(record.replay())
    analysis = analyse(record, budget=Budget(seconds=None, positions=20_000))
    for analysed in analysis.moves:
        if analysed.round == 8:
            values = move_values(states[analysed.number - 1])
            best = max(values.values())
            assert analysed.best == Interval(best, best)
            assert analysed.played == Interval(values[analysed.move], values[analysed.move])
            assert set(analysed.best_moves or ()) == {m for m, v in values.items() if v == best}


def test_progress_counts_every_position() -> None:
    record = _record(7)
    seen: list[tuple[int, int]] = []
    analyse(record, budget=Budget(seconds=None, positions=2_000), progress=lambda d, t: seen.append((d, t)))
    total = len(record.moves) + 1
    assert seen == [(done, total) for done in range(1, total + 1)]


@pytest.mark.parametrize(("rules", "message"), [
    (preset("p3"), "two players, not 3"),
    (preset("v6"), "Fals!"),
])
def test_other_rules_are_refused(rules: Rules, message: str) -> None:
    record = GameRecord(rules, 1, None, rules.players - 1, ())
    with pytest.raises(KaszinoError, match=message):
        analyse(record)


def test_an_unfinished_deal_is_refused() -> None:
    game = new_game(preset("trainer"), seed=2)
    move = playable_moves(game)[0]
    record = record_game(game, [move])
    with pytest.raises(KaszinoError, match="not finished"):
        analyse(record)
    with pytest.raises(KaszinoError, match="deal 2 of the record has no move"):
        analyse(record, deal=2)


def test_the_command_prints_the_record_annotated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``kaszino analyse RECORD``: the record with one comment per move, which still loads as the
    same game; the last move exact, its values those of the analysis."""
    record = _record(9)
    path = tmp_path / "game.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    assert main(["analyse", str(path), "--seconds", "1", "--quiet", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert GameRecord.from_text(out) == record
    notes = [line for line in out.splitlines() if line[:1].isdigit()]
    assert len(notes) == len(record.moves) and all("  # player " in line for line in notes)
    assert "From move " in out and "on every value is exact" in out
    last = analyse(record, budget=Budget(seconds=None, positions=1_000)).moves[-1]
    assert notes[-1].endswith(f"best {last.best}, after the move {last.played}, cost {last.cost}")


def test_the_command_names_a_missing_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(tmp_path / "none.txt")]) == 2
    assert "none.txt: no such record file" in capsys.readouterr().err
