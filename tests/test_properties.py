"""Properties over random positions and random whole games, under every preset.

Random games are played by a seeded random player who mostly makes the mover's moves and now
and then a call ("Ausz!", "Fals!") or, under V6, a false capture. Every transition is checked
against the invariants of docs/rules.md; the capture lists against the brute force of ``reference``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import all_cards, brute_captures, brute_moves, engine_moves, key, subsets

from kaszino import (
    DECK,
    PRESETS,
    STANDARD,
    Capture,
    Card,
    Challenge,
    Claim,
    GameState,
    IllegalMoveError,
    Lay,
    Move,
    NextDeal,
    Pass,
    Rules,
    Suit,
    captures,
    new_game,
)
from kaszino.games.kaszino import captures as captures_module
from kaszino.games.kaszino.captures import hand_groups
from kaszino.games.kaszino.scoring import card_points, points_available

CAPTURE_RULES = [STANDARD, PRESETS["v8"], PRESETS["v2"]]
MAX_MOVES = 110  # more than a whole deal and a bit of the next one
BRUTE_TABLE_LIMIT = 12  # above this the brute force (2^n subsets) is too slow to run at every step

presets = st.sampled_from(sorted(PRESETS))
seeds = st.integers(0, 2**32 - 1)


# --- captures against the brute force ------------------------------------------------------

@settings(max_examples=500)
@given(st.permutations(DECK), st.integers(1, 4), st.integers(0, 12), st.sampled_from(CAPTURE_RULES))
def test_captures_equal_the_brute_force_each_once(
    deck: list[Card], n_hand: int, n_table: int, rules: Rules
) -> None:
    hand, table = deck[:n_hand], deck[n_hand:n_hand + n_table]
    found = captures(hand, table, rules)
    keys = [key(c) for c in found]
    assert len(keys) == len(set(keys)), "a capture is listed twice"
    assert set(keys) == {key(c) for c in brute_captures(hand, table, rules)}


@settings(max_examples=100)
@given(st.lists(st.sampled_from(range(1, 14)), min_size=1, max_size=3),
       st.lists(st.sampled_from(range(1, 14)), max_size=12), st.sampled_from(CAPTURE_RULES))
def test_captures_equal_the_brute_force_with_many_equal_values(
    hand_values: list[int], table_values: list[int], rules: Rules
) -> None:
    # Many cards of one value (four suits each) are where duplicate or missing captures would hide.
    pool = {value: [Card(value, suit) for suit in Suit] for value in range(1, 14)}
    hand = [pool[v].pop() for v in hand_values if pool[v]]
    table = [pool[v].pop() for v in table_values if pool[v]]
    found = [key(c) for c in captures(hand, table, rules)]
    assert Counter(found) == Counter(key(c) for c in brute_captures(hand, table, rules))


def documented_order(hand: list[Card], table: list[Card], rules: Rules) -> list[tuple[tuple[Card, ...], ...]]:
    """The order ``captures`` promises, found the slow way: by hand group (the order of
    ``hand_groups``), then the table subsets of the group's sum, their positions in
    lexicographic order (table order, the subsets taking an earlier card first)."""
    position = {card: i for i, card in enumerate(table)}
    listed: list[tuple[tuple[Card, ...], ...]] = []
    for total, groups in hand_groups(hand, rules).items():
        taken = [t for t in subsets(table) if sum(card.value for card in t) == total]
        taken.sort(key=lambda t: [position[card] for card in t])
        listed += [(h, t) for h in groups for t in taken]
    return listed


@settings(max_examples=300)
@given(st.permutations(DECK), st.integers(0, 4), st.integers(0, 12), st.sampled_from(CAPTURE_RULES))
def test_captures_come_in_the_documented_order_with_the_hand_memo_empty_or_full(
    deck: list[Card], n_hand: int, n_table: int, rules: Rules
) -> None:
    hand, table = deck[:n_hand], deck[n_hand:n_hand + n_table]
    captures_module._HAND_GROUPS.clear()
    first = [(c.hand, c.table) for c in captures(hand, table, rules)]
    again = [(c.hand, c.table) for c in captures(hand, table, rules)]
    assert first == again == documented_order(hand, table, rules)


def test_a_full_memo_is_emptied_and_still_answers() -> None:
    made: list[int] = []

    def square(n: int) -> int:
        made.append(n)
        return n * n

    memo = captures_module._Memo(square, 2)
    assert [memo[n] for n in (3, 4, 5, 3)] == [9, 16, 25, 9]
    assert made == [3, 4, 5, 3] and len(memo) <= 2


@settings(max_examples=100)
@given(st.permutations(DECK), st.integers(1, 4), st.integers(0, 10), st.permutations(list(Suit)))
def test_suits_never_affect_what_may_be_captured(
    deck: list[Card], n_hand: int, n_table: int, relabel: list[Suit]
) -> None:
    def moved(card: Card) -> Card:
        return Card(card.value, relabel[card.suit])

    hand, table = deck[:n_hand], deck[n_hand:n_hand + n_table]
    renamed = {(frozenset(map(moved, c.hand)), frozenset(map(moved, c.table))) for c in captures(hand, table)}
    assert renamed == {key(c) for c in captures([moved(c) for c in hand], [moved(c) for c in table])}


# --- random whole games ---------------------------------------------------------------------

def false_capture(state: GameState, rnd: random.Random) -> Capture | None:
    """A wrong pairing of one hand card with one table card (for V6 attempts), if there is one."""
    hand = state.hands[state.to_move]
    pairs = [(h, t) for h in hand for t in state.table if h.value != t.value]
    if not pairs or state.deal_over:
        return None
    h, t = rnd.choice(pairs)
    return Capture((h,), (t,))


def choose(state: GameState, rnd: random.Random) -> Move:
    """The random player: mostly the mover's moves, sometimes a call or a false capture."""
    legal = state.legal_moves()
    calls = [m for m in legal if not isinstance(m, Capture | Lay | Pass | NextDeal)]
    if calls and rnd.random() < 0.3:
        return rnd.choice(calls)
    if state.rules.fals and rnd.random() < 0.1:
        attempt = false_capture(state, rnd)
        if attempt is not None:
            return attempt
    return rnd.choice([m for m in legal if m not in calls])


def walk(rules: Rules, seed: int, rnd: random.Random) -> Iterator[tuple[GameState, Move, GameState]]:
    """The transitions (before, move, after) of one random game, at most ``MAX_MOVES`` long."""
    state = new_game(rules, seed=seed, dealer=rnd.randrange(rules.players))
    for _ in range(MAX_MOVES):
        if state.finished:
            return
        move = choose(state, rnd)
        after = state.play(move)
        yield state, move, after
        state = after


def check_cards_conserved(state: GameState) -> None:
    cards = all_cards(state)
    assert len(cards) == 52 and set(cards) == set(DECK)


def check_moves(state: GameState) -> None:
    legal = state.legal_moves()
    keys = [key(m) for m in legal]
    assert len(keys) == len(set(keys)), "legal_moves() lists a move twice"
    mover = [key(m) for m in engine_moves(state)]
    if len(state.table) <= BRUTE_TABLE_LIMIT:
        assert Counter(mover) == Counter(key(m) for m in brute_moves(state))
    else:  # too many subsets for the brute force: check each listed capture by itself
        for move in engine_moves(state):
            if isinstance(move, Capture):
                check_capture(state, move)


def check_capture(state: GameState, move: Capture) -> None:
    """A played (correct) capture: sums match, respect the limit and V2, cards come from the right places."""
    rules = state.rules
    assert move.hand and move.table
    assert sum(c.value for c in move.hand) == sum(c.value for c in move.table)
    if rules.capture_limit is not None:
        assert move.total <= rules.capture_limit
    if rules.max_hand_cards is not None:
        assert len(move.hand) <= rules.max_hand_cards
    assert set(move.hand) <= set(state.hands[state.to_move]) and set(move.table) <= set(state.table)


def check_transition(before: GameState, move: Move, after: GameState) -> None:
    mover = before.to_move
    if isinstance(move, Capture | Lay):
        played = move.hand if isinstance(move, Capture) else (move.card,)
        left = tuple(c for c in before.hands[mover] if c not in played)
        assert len(left) == len(before.hands[mover]) - len(played)
        if (after.deal, after.round) == (before.deal, before.round):
            assert after.hands[mover] == left, "the mover's hand did not shrink by the played cards"
        else:
            assert left == (), "a new round began while the mover still held cards"
    if isinstance(move, Capture) and not (before.rules.fals and after.pending and after.pending.false):
        check_capture(before, move)
        assert set(move.cards) <= set(after.piles[mover])


def check_deal_points(state: GameState) -> None:
    """At the end of a deal the points add up to what the deal hands out."""
    rules, scores = state.rules, state.deal_scores()
    expected = points_available(rules) + sum(state.tabla_points) + sum(state.bonus)
    cards = [len(pile) for pile in state.piles]
    spades = [sum(card.suit is Suit.SPADES for card in pile) for pile in state.piles]
    for counts, points in ((cards, rules.most_cards_points), (spades, rules.most_spades_points)):
        if counts.count(max(counts)) > 1:
            expected -= points  # a tied majority goes to nobody
    expected -= card_points(state.table, rules)  # leftovers of a deal nobody captured in
    assert sum(s.total for s in scores) == expected


@settings(max_examples=100)
@given(presets, seeds, st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant(name: str, seed: int, rnd: random.Random) -> None:
    for before, move, after in walk(PRESETS[name], seed, rnd):
        check_moves(before)
        check_transition(before, move, after)
        check_cards_conserved(after)
        if after.deal_over:
            check_deal_points(after)


def illegal_moves(state: GameState, rnd: random.Random) -> list[Move]:
    """Moves that docs/rules.md forbids here, whatever the engine says."""
    rules, n = state.rules, state.players
    hand = state.hands[state.to_move]
    elsewhere = [c for c in DECK if c not in hand]
    moves: list[Move] = [Lay(rnd.choice(elsewhere)), Claim(n), Challenge(n)]
    if state.talon or any(state.hands):
        moves.append(NextDeal())
    if not (state.forced == "again" and rules.may_pass_after_tabla):
        moves.append(Pass())
    if not rules.fals:
        moves.append(Challenge(rnd.randrange(n)))
        wrong = [(h, t) for h in hand for t in state.table if h.value != t.value]
        if wrong:
            h, t = rnd.choice(wrong)
            moves.append(Capture((h,), (t,)))
    off_table = [c for c in DECK if c not in state.table and c not in hand]
    if hand:
        moves.append(Capture((hand[0],), (rnd.choice(off_table),)))
    over_limit = [(a, b) for a, b in combinations(hand, 2) if a.value + b.value > 13]
    if rules.capture_limit == 13 and not rules.fals and over_limit:
        a, b = over_limit[0]
        moves.append(Capture((a, b), tuple(c for c in state.table)[:1]))
    return moves


@settings(max_examples=50)
@given(presets, seeds, st.randoms(use_true_random=False))
def test_illegal_moves_raise_and_leave_the_state_unchanged(name: str, seed: int, rnd: random.Random) -> None:
    for before, _, _ in walk(PRESETS[name], seed, rnd):
        if rnd.random() < 0.25:
            snapshot = copy.deepcopy(before)
            for move in illegal_moves(before, rnd):
                with pytest.raises(IllegalMoveError):
                    before.play(move)
                assert before == snapshot


@settings(max_examples=50)
@given(presets, seeds, st.randoms(use_true_random=False))
def test_notation_round_trips(name: str, seed: int, rnd: random.Random) -> None:
    for _, _, after in walk(PRESETS[name], seed, rnd):
        text = after.notation()
        back = GameState.from_notation(text)
        assert back.notation() == text
        assert back == after
