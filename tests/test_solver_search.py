"""The exact last-round solver against the plain minimax of tests/minimax_reference.py."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from minimax_reference import best_of, minimax, move_values, own_moves, score_difference, without_claims

from kaszino import DECK, GameState, KaszinoError, Lay, Pass, Rules, new_game, parse_cards
from kaszino.games.kaszino.moves import Forced
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import preset
from kaszino.games.kaszino.solver import solve
from kaszino.games.kaszino.solver.positions import forced_moves, last_round_position
from kaszino.games.kaszino.solver.search import _Search
from kaszino.games.kaszino.state import build, problems

TWO_PLAYER = [preset(name) for name in ("standard", "s003", "v1", "v2", "v3", "v6", "v7", "v8")]
MORE_PLAYERS = [preset("p3"), preset("p4"), preset("p3").with_changes(may_pass_after_tabla=True)]


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    """Small open last rounds: few hand cards, small tables (sweeps are frequent), any variant."""
    rules = draw(st.sampled_from(TWO_PLAYER + MORE_PLAYERS))
    most = 3 if rules.players == 2 else 2
    mover_cards = draw(st.integers(1, most))
    others = draw(st.lists(st.integers(0, most), min_size=rules.players - 1, max_size=rules.players - 1))
    table = draw(st.integers(0, 5 if rules.players == 2 else 3))
    forced: Forced | None = draw(st.sampled_from(forced_moves(table)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return last_round_position(
        rng, rules, table_size=table, hand_sizes=(mover_cards, *others), bias=draw(st.floats(0.2, 0.8)),
        forced=forced, to_move=0,
    )


def _position(rules: Rules, *hands: list[str], table: list[str],
              last_capturer: int | None = None) -> GameState:
    """Player 0 to move in the last round with these hands; the rest of the deck dealt to the piles,
    the last player (or ``last_capturer``) the last to capture."""
    held = tuple(tuple(parse_cards(hand)) for hand in hands)
    on_table = tuple(parse_cards(table))
    rest = [card for card in DECK if card not in on_table + sum(held, ())]
    n = rules.players
    return build(replace(PositionDraft.empty(rules), hands=held, table=on_table,
                         piles=tuple(tuple(rest[p::n]) for p in range(n)), to_move=0,
                         last_capturer=n - 1 if last_capturer is None else last_capturer, round=rules.rounds))


def _reached(draft: PositionDraft) -> GameState:
    """The state of a drawn ``draft``; a draw no game reaches (a pile already holding the target under
    automatic claims) is left out."""
    assume(not problems(draft))
    return build(draft)


def _played_to_last_round(seed: int, rules: Rules, cards_left: int) -> GameState:
    """A real game played at random into its last round until ``cards_left`` hand cards remain."""
    rng = random.Random(seed)
    state = new_game(rules.with_changes(claim="manual"), seed=seed)
    while not state.open_round or sum(map(len, state.hands)) > cards_left:
        state = state.play(rng.choice(own_moves(state)))
    return state


@settings(max_examples=250)
@given(positions())
def test_value_and_optimal_moves_equal_plain_minimax(state: GameState) -> None:
    solution = solve(state)
    values = move_values(state)
    assert solution.move_values == values
    value, best = best_of(values)
    assert solution.value == value
    assert set(solution.best_moves) == best
    assert list(solution.best_moves) == [move for move in own_moves(state) if move in best]
    assert solution.best_move == solution.line[0]
    assert solution.best_move in best



@st.composite
def duels(draw: st.DrawFn) -> GameState:
    """Two-player last rounds with one card in each hand and a small table of small cards, so that
    captures, táblák and tables left for the other's card to sweep are frequent."""
    rules = draw(st.sampled_from(TWO_PLAYER))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    small = [card for card in DECK if card.value <= draw(st.integers(2, 7))]
    table = rng.sample(small, draw(st.integers(0, 5)))
    hands = rng.sample([card for card in DECK if card not in table], 2)
    return _position(rules, [str(hands[0])], [str(hands[1])], table=[str(card) for card in table],
                     last_capturer=draw(st.sampled_from([0, 1])))


@st.composite
def settled_spades(draw: st.DrawFn) -> GameState:
    """Last rounds in which one pile already holds seven spades, so the spade majority is settled,
    with small cards of every suit in the hands and on the table: spades and cards of the same
    value in other suits are then interchangeable, and the search folds them together."""
    rules = draw(st.sampled_from(TWO_PLAYER + MORE_PLAYERS))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    n = rules.players
    owner = draw(st.integers(0, n - 1))
    kept = rng.sample([card for card in DECK if card.suit.name == "SPADES"], 7)
    small = [card for card in DECK if card.value <= 5 and card not in kept]
    most = 3 if n == 2 else 2
    sizes = [draw(st.integers(1, most))] + [draw(st.integers(0, most)) for _ in range(n - 1)]
    dealt = rng.sample(small, sum(sizes) + draw(st.integers(1, 5 if n == 2 else 3)))
    hands = tuple(tuple(dealt[sum(sizes[:p]):sum(sizes[:p + 1])]) for p in range(n))
    table = tuple(dealt[sum(sizes):])
    rest = [card for card in DECK if card not in dealt and card not in kept]
    piles = [list(rest[p::n]) for p in range(n)]
    piles[owner] += kept
    return _reached(replace(PositionDraft.empty(rules), hands=hands, table=table,
                            piles=tuple(map(tuple, piles)), to_move=0,
                            last_capturer=draw(st.integers(0, n - 1)), round=rules.rounds))


@st.composite
def open_spades(draw: st.DrawFn) -> GameState:
    """Two-player last rounds with the spade majority still open and small cards of every suit in
    the hands and on the table, so that captures often leave a spade for a card of its value (the
    search skips those, for the capture that takes the spade)."""
    rules = draw(st.sampled_from(TWO_PLAYER))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    sizes = [draw(st.integers(1, 3)), draw(st.integers(0, 3))]
    small = [card for card in DECK if card.value <= 5]
    spade = rng.choice([card for card in small if card.suit.name == "SPADES"])  # twelve left: six each
    others = [card for card in small if card != spade]
    dealt = [spade, *rng.sample(others, sum(sizes) + draw(st.integers(0, 4)))]
    rng.shuffle(dealt)
    hands = (tuple(dealt[:sizes[0]]), tuple(dealt[sizes[0]:sum(sizes)]))
    rest = [card for card in DECK if card not in dealt]
    spades = [card for card in rest if card.suit.name == "SPADES"]
    plain = [card for card in rest if card.suit.name != "SPADES"]
    piles = (tuple(spades[0::2] + plain[0::2]), tuple(spades[1::2] + plain[1::2]))  # six spades at most
    return _reached(replace(PositionDraft.empty(rules), hands=hands, table=tuple(dealt[sum(sizes):]),
                            piles=piles, to_move=0, last_capturer=draw(st.sampled_from([0, 1])),
                            round=rules.rounds))


def _agrees_with_the_minimax(state: GameState) -> None:
    """``solve`` finds the plain minimax's value, best moves and the value of every move."""
    solution = solve(state)
    values = move_values(state)
    value, best = best_of(values)
    assert solution.value == value
    assert set(solution.best_moves) == best
    assert solution.move_values == values


@settings(max_examples=150)
@given(open_spades())
def test_leaving_out_captures_that_leave_a_spade_keeps_the_exact_value(state: GameState) -> None:
    search = _Search(state)
    assert not search.model.spades_settled(search.root[6])
    _agrees_with_the_minimax(state)


@settings(max_examples=120)
@given(settled_spades())
def test_once_the_spades_are_settled_folding_them_keeps_the_exact_value(state: GameState) -> None:
    search = _Search(state)
    assert search.model.spades_settled(search.root[6])
    _agrees_with_the_minimax(state)


@settings(max_examples=400)
@given(duels(), st.integers(-14, 14), st.integers(1, 8))
def test_a_duel_is_valued_as_the_plain_minimax_within_any_window(state: GameState, alpha: int,
                                                                  width: int) -> None:
    # one card each: the search values the node from its plan, without a move of its own
    search = _Search(state)
    assert search.duels is not None
    exact, _ = minimax(state)
    beta = alpha + width
    found = search.duels.value(search.root, search.player, alpha, beta)
    if alpha < exact < beta:
        assert found == exact
    elif exact <= alpha:
        assert exact <= found <= alpha  # fail-soft: a bound at or past the window
    else:
        assert beta <= found <= exact

@settings(max_examples=100)
@given(positions(), st.booleans())
def test_move_values_are_exact_whatever_order_they_are_read_in(state: GameState, backwards: bool) -> None:
    # solve proves only the best moves; every other value is searched when it is first read
    solution = solve(state)
    expected = move_values(state)
    moves = list(expected)[::-1] if backwards else list(expected)
    assert [solution.move_values[move] for move in moves] == [expected[move] for move in moves]
    assert list(solution.move_values) == list(expected)
    assert len(solution.move_values) == len(expected)


@settings(max_examples=150)
@given(positions())
def test_line_ends_the_deal_with_the_value(state: GameState) -> None:
    solution = solve(state)
    assert solution.line[0] in solution.best_moves
    end = without_claims(state)
    for move in solution.line:
        end = end.play(move)
    assert end.deal_over
    assert score_difference(end, state.to_move) == solution.value


@pytest.mark.parametrize("seed", range(12))
def test_positions_from_real_games(seed: int) -> None:
    state = _played_to_last_round(seed, Rules(), cards_left=4 + seed % 2)
    value, best = minimax(state)
    solution = solve(state)
    assert (solution.value, set(solution.best_moves)) == (value, best)


def test_forced_double_move_and_pass_after_a_tabla() -> None:
    """Player 0 sweeps; player 1 must lay and move again, or (V3) may pass the second move."""
    for rules, passes in ((Rules(), False), (preset("v3"), True)):
        state = _position(rules, ["5♣", "9♦"], ["3♥", "K♣"], table=["5♥"])
        after_sweep = without_claims(state).play(own_moves(state)[0])
        assert after_sweep.forced == "lay"
        second = after_sweep.play(Lay(after_sweep.hands[1][0]))
        assert second.forced == "again" and second.to_move == 1
        assert (Pass() in own_moves(second)) is passes
        solution = solve(second)
        assert (solution.value, set(solution.best_moves)) == minimax(second)


def test_a_sweep_that_decides_the_card_majority() -> None:
    """Hand-counted: 25 + 25 cards in the piles; whoever gets the two kings reaches 27 cards."""
    state = _position(Rules(), ["K♣"], [], table=["K♥"])
    assert [len(pile) for pile in state.piles] == [25, 25]
    sweep, lay = own_moves(state)
    solution = solve(state)
    # the sweep: +1 tábla and +3 for the cards; the lay leaves both kings to player 1, the last capturer
    assert solution.move_values[sweep] - solution.move_values[lay] == 1 + 3 + 3
    assert solution.best_moves == (sweep,) and solution.line == (sweep,)


def test_three_players_forced_move_only_on_the_next_seat() -> None:
    """After player 0's tábla the next seat is empty: player 2 moves normally, no double move."""
    state = _position(preset("p3"), ["6♣", "4♥"], [], ["8♣", "8♠"], table=["4♠"])
    solution = solve(state)
    assert (solution.value, set(solution.best_moves)) == minimax(state)
    end = without_claims(state)
    for move in solution.line:
        end = end.play(move)
    assert score_difference(end, 0) == solution.value


def test_move_values_hold_only_the_legal_moves() -> None:
    """The lazy mapping answers like a dict: a move that is not legal here is a KeyError."""
    state = _position(Rules(), ["K♣"], [], table=["K♥"])
    solution = solve(state)
    assert set(solution.move_values) == set(own_moves(state)) and len(solution.move_values) == 2
    with pytest.raises(KeyError):
        solution.move_values[Lay(parse_cards("2♠")[0])]
    assert Lay(parse_cards("2♠")[0]) not in solution.move_values
    assert solution.move_values.get(Lay(parse_cards("2♠")[0])) is None


def test_counts_the_positions_it_searched() -> None:
    state = last_round_position(random.Random(3), Rules(), table_size=8, hand_sizes=(3, 3))
    assert solve(state).nodes > 0


def test_refuses_positions_outside_the_open_last_round() -> None:
    with pytest.raises(KaszinoError, match="not the open last round"):
        solve(new_game(seed=1))
    state = _played_to_last_round(2, Rules(), cards_left=0)
    assert state.deal_over
    with pytest.raises(KaszinoError, match="deal is over"):
        solve(state)
