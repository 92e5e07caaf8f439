"""Computer players and whole games between them: seeded matches of every preset.

Each match is replayed state by state: every move is one the engine accepts (a false capture only
under V6, as an attempt), all 52 cards are somewhere in every state, the totals carried into a new
deal are the totals the last deal ended with, and the same seed plays the same game.
"""

from __future__ import annotations

from collections import Counter

import pytest
from reference import all_cards

from kaszino import DECK, PRESETS, Capture, Lay, NextDeal, new_game
from kaszino.errors import IllegalMoveError, KaszinoError
from kaszino.games.kaszino.players import (
    GreedyPlayer,
    Player,
    RandomPlayer,
    computer_call,
    play_game,
    table_moves,
)
from kaszino.games.kaszino.players.simple import lay_cost
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.solver.value import capture_values


def lineup(kinds: str, players: int, seed: int) -> list[Player]:
    """Players for ``players`` seats from a pattern like ``"gr"`` (greedy, random), repeated."""
    made: list[Player] = []
    for seat in range(players):
        kind = kinds[seat % len(kinds)]
        made.append(GreedyPlayer() if kind == "g" else RandomPlayer(seed=seed + seat))
    return made


def check_record(record: GameRecord) -> None:
    """The invariants of a whole game along its replay."""
    states = list(record.replay())
    for before, move, after in zip(states[:-1], record.moves, states[1:], strict=True):
        counts = Counter(all_cards(after))
        assert sorted(counts) == sorted(DECK) and set(counts.values()) == {1}, f"cards lost after {move}"
        assert before.problem(move) is None, f"{move}: {before.problem(move)}"
        if isinstance(move, NextDeal):
            assert after.scores == before.totals(), "the totals carried over differ from the deal's"
            assert after.deal == before.deal + 1
        else:
            assert after.scores == before.scores
    final = states[-1]
    assert final.finished
    assert all(total >= 0 for total in final.totals())


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("kinds", ["gr", "rg", "rr"])
def test_seeded_matches_keep_every_invariant(name: str, kinds: str) -> None:
    rules = PRESETS[name]
    for seed in range(2):
        record = play_game(lineup(kinds, rules.players, seed), rules, seed=seed)
        check_record(record)


def test_the_same_seed_plays_the_same_game() -> None:
    rules = PRESETS["p3"]
    first = play_game(lineup("rg", 3, 5), rules, seed=11)
    again = play_game(lineup("rg", 3, 5), rules, seed=11)
    other = play_game(lineup("rg", 3, 5), rules, seed=12)
    assert first == again
    assert first.moves != other.moves


def test_the_record_text_reads_back() -> None:
    record = play_game(lineup("gr", 2, 0), PRESETS["standard"], seed=4)
    assert GameRecord.from_text(record.to_text()) == record


def test_greedy_takes_the_most_valuable_capture() -> None:
    for seed in range(30):
        state = new_game(seed=seed)
        for _ in range(12):
            move = GreedyPlayer().choose(state)
            valued = capture_values(state)
            if valued:
                assert isinstance(move, Capture)
                assert dict(valued)[move] == valued[0][1]
            else:
                hand = state.hands[state.to_move]
                assert isinstance(move, Lay)
                assert lay_cost(move.card, state) == min(lay_cost(card, state) for card in hand)
            state = state.play(move)
            if state.deal_over or state.finished:
                break


def test_random_player_picks_only_table_moves() -> None:
    state = new_game(seed=1)
    seen = {RandomPlayer(seed=s).choose(state) for s in range(60)}
    assert seen <= set(table_moves(state))
    assert len(seen) > 1


def test_the_computer_calls_a_false_capture_and_claims() -> None:
    rules = PRESETS["v6"]
    state = new_game(rules, seed=2)
    hand, table = state.hands[0], state.table
    false = Capture((hand[0],), (table[0],)) if hand[0].value != table[0].value else Capture(
        (hand[0],), (table[1],))
    attempted = state.play(false)
    assert attempted.pending is not None and attempted.pending.false
    call = computer_call(attempted, [1])
    assert call is not None and str(call) == "fals 1"
    assert computer_call(attempted, [0]) is None  # the capturer does not challenge himself


def test_play_game_refuses_a_wrong_number_of_players() -> None:
    with pytest.raises(KaszinoError, match="need 2 players"):
        play_game([GreedyPlayer()], seed=0)


def test_an_illegal_move_names_the_player() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, state: object) -> Lay:
            return Lay(next(card for card in DECK if card not in state.hands[0]))  # type: ignore[attr-defined]

    with pytest.raises(IllegalMoveError, match="cheat"):
        play_game([Cheat(), GreedyPlayer()], seed=0)
