"""Each kind's checker against a brute force written here from docs/rules.md, and the honesty of refutations.

- ``last_round``: the accepted moves are exactly the plain minimax's optimal moves
  (tests/minimax_reference.py).
- ``defend``: the accepted lays are exactly those after which the opponent's best capture — every pair
  of subsets tried, its points counted here — is least, a tábla counting worst.
- ``fals``: the verdict follows from the two sums and the limit, added up here.
- ``ausz``: "yes" exactly when the secured points counted here item by item (docs/rules.md §6) reach 11.
- ``score_deal``: the number counted here item by item (docs/rules.md §5).
A wrong attempt's text never names a correct answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from minimax_reference import minimax, own_moves, without_claims
from reference import brute_captures, finished_deal, position
from shipped import SHIPPED

from kaszino import DECK, Capture, Card, GameState, KaszinoError, Lay, Move, new_game
from kaszino.engine.cards import Suit
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.solver.positions import last_round_position
from kaszino.games.kaszino.state import build, problems
from kaszino.i18n import using_language
from kaszino.puzzles.kinds import Kind, answer_key, move_words
from kaszino.puzzles.puzzle import KIND_RULES, Puzzle, solve

TRAINER = PRESETS["trainer"]
FALS = PRESETS["v6"].with_changes(claim="manual")
TEN_OF_DIAMONDS, TWO_OF_SPADES = Card(10, Suit.DIAMONDS), Card(2, Suit.SPADES)
SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


def puzzle(kind: Kind, state: GameState) -> Puzzle:
    assert KIND_RULES[kind].position_problem(state) is None
    return Puzzle(id="t-1", kind=kind, state=state, answers=solve(kind, state))


@st.composite
def open_rounds(draw: st.DrawFn, most_table: int = 5) -> GameState:
    """Small open last rounds of the standard game (manual claims), player 0 to move."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    hands = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    return last_round_position(rng, TRAINER, table_size=draw(st.integers(0, most_table)), hand_sizes=hands,
                               bias=draw(st.floats(0.3, 0.7)), to_move=0)


def points_of(cards: Sequence[Card]) -> int:
    """Aces 1, 10♦ 2, 2♠ 1 (docs/rules.md §5)."""
    return sum(card.value == 1 for card in cards) + 2 * (TEN_OF_DIAMONDS in cards) + (TWO_OF_SPADES in cards)


def spades(cards: Sequence[Card]) -> int:
    return sum(card.suit is Suit.SPADES for card in cards)


# --- last_round: the plain minimax ---------------------------------------------------------------------
@given(open_rounds())
@SLOW
def test_last_round_accepts_exactly_the_minimax_optimal_moves(state: GameState) -> None:
    assume(KIND_RULES["last_round"].position_problem(state) is None)
    p = puzzle("last_round", state)
    _, optimal = minimax(state)
    with using_language("en"):
        for move in own_moves(state):
            verdict = p.check(move)
            assert verdict.correct == (move in optimal), move
            if not verdict.correct:
                said, after = verdict.text.splitlines()
                assert not any(move_words(answer) in said for answer in p.answers if isinstance(answer, Move))
                assert after.startswith(f"After {move_words(move)}:")


OPEN_ROUND_SAMPLE = [p for p in SHIPPED if p.kind in ("last_round", "defend")][::20]


@pytest.mark.parametrize("stored", OPEN_ROUND_SAMPLE, ids=lambda p: p.id)
def test_shipped_open_round_puzzles_agree_with_the_plain_minimax(stored: Puzzle) -> None:
    """Every 20th shipped last-round and defend puzzle, re-solved without the solver's search."""
    _, optimal = minimax(stored.state)
    keys = {answer_key(move) for move in optimal}
    if stored.kind == "last_round":
        assert keys == stored.answer_keys
    else:  # the lays that give least are among the exact optimum (the miner keeps only those)
        assert stored.answer_keys <= keys


# --- defend: the opponent's best reply by brute force -------------------------------------------------
def brute_threat(state: GameState, card: Card) -> tuple[bool, int, int, int]:
    """(tábla?, points, spades, cards) of the opponent's best capture after laying ``card``; zeros if none."""
    after = without_claims(state).play(Lay(card))
    opponent = after.to_move
    pile = after.piles[opponent]
    best = (False, 0, 0, 0)
    for capture in brute_captures(after.hands[opponent], after.table):
        taken = capture.hand + capture.table
        sweep = len(capture.table) == len(after.table)
        grown = pile + taken
        points = (points_of(taken) + sweep + 3 * (len(pile) < 27 <= len(grown))
                  + 2 * (spades(pile) < 7 <= spades(grown)))
        best = max(best, (sweep, points, spades(taken), len(taken)))
    return best


@given(open_rounds(most_table=4))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
def test_defend_accepts_exactly_the_lays_that_give_least(state: GameState) -> None:
    assume(KIND_RULES["defend"].position_problem(state) is None)
    p = puzzle("defend", state)
    hand = state.hands[0]
    threats = {card: brute_threat(state, card) for card in hand}
    least = min(threats.values())
    with using_language("en"):
        for card in hand:
            verdict = p.check(Lay(card))
            assert verdict.correct == (threats[card] == least), card
            if not verdict.correct:
                assert not any(f"lay {answer}" in verdict.text.lower() for answer in p.answers
                               if isinstance(answer, Lay) and answer.card != card)


def test_defend_fixture_avoids_the_tabla() -> None:
    """Laying 4♠ lets 10♣ take 6♠+4♠, the whole table; 3♠ leaves no capture at all."""
    state = position(["3S 4S", "10C JS"], "6S", rules=TRAINER, rest_to=1, round=8, last_capturer=1)
    p = puzzle("defend", state)
    assert [str(a) for a in p.answers] == ["3♠"]
    with using_language("en"):
        assert "whole table" in p.check(Lay(Card(4, Suit.SPADES))).text


# --- fals: the sums and the limit ---------------------------------------------------------------------
@given(st.integers(0, 10_000), st.data())
@settings(max_examples=80, deadline=None)
def test_fals_verdict_follows_the_sums_and_the_limit(seed: int, data: st.DataObject) -> None:
    state = new_fals_game(seed)
    hand = data.draw(st.lists(st.sampled_from(state.hands[0]), min_size=1, max_size=3, unique=True))
    table = data.draw(st.lists(st.sampled_from(state.table), min_size=1, max_size=4, unique=True))
    shown = state.play(Capture(tuple(hand), tuple(table)))
    p = puzzle("fals", shown)
    mine, theirs = sum(c.value for c in hand), sum(c.value for c in table)
    expected = {"sums_differ"} if mine != theirs else set()
    if max(mine, theirs) > 13:
        expected.add("over_limit")
    assert set(p.answers) == (expected or {"correct"})
    assert {choice for choice in p.choices() if p.check(choice).correct} == set(p.answers)


def new_fals_game(seed: int) -> GameState:
    return new_game(FALS, seed=seed)


def test_fals_takes_one_of_its_choices() -> None:
    state = new_fals_game(3)
    p = puzzle("fals", state.play(Capture(state.hands[0][:1], state.table[:1])))
    with pytest.raises(KaszinoError, match="one of correct, sums_differ, over_limit"):
        p.check("maybe")
    assert all(p.choice_text(choice) for choice in p.choices())


# --- ausz: secured points counted item by item --------------------------------------------------------
@st.composite
def deals_in_progress(draw: st.DrawFn) -> GameState:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = last_round_position(rng, TRAINER, table_size=draw(st.integers(0, 6)),
                                hand_sizes=(draw(st.integers(1, 3)), draw(st.integers(0, 3))),
                                bias=draw(st.floats(0.2, 0.8)), to_move=0)
    scores = (draw(st.integers(0, 10)), draw(st.integers(0, 10)))
    return reached(replace(state.draft(), scores=scores, deal=2 if any(scores) else 1,
                           tabla_points=(draw(st.integers(0, 3)), draw(st.integers(0, 3)))))


def reached(draft: PositionDraft) -> GameState:
    """The state of a drawn ``draft``; a draw no game reaches is left out (the one builder decides)."""
    assume(not problems(draft))
    return build(draft)


def counted(state: GameState, player: int) -> int:
    """Points of ``player`` that nobody can take away (docs/rules.md §5, §6), counted from the pile."""
    pile = state.piles[player]
    return (points_of(pile) + state.tabla_points[player] + 3 * (len(pile) >= 27)
            + 2 * (spades(pile) >= 7))


@given(deals_in_progress())
@settings(max_examples=150, deadline=None)
def test_ausz_says_yes_exactly_when_the_secured_points_reach_eleven(state: GameState) -> None:
    p = puzzle("ausz", state)
    secured = state.scores[0] + counted(state, 0)
    assert p.answers == (("yes",) if secured >= 11 else ("no",))
    assert p.check("yes").correct == (secured >= 11) and p.check("no").correct == (secured < 11)
    with using_language("en"):
        assert f"Your secured points: {secured} " in p.solution_text()


# --- score_deal: a finished deal counted item by item ------------------------------------------------
@given(st.integers(0, 2**32 - 1), st.integers(0, 3), st.integers(0, 3), st.integers(0, 1))
@settings(max_examples=150, deadline=None)
def test_score_deal_is_the_item_by_item_count(seed: int, tabla0: int, tabla1: int, asked: int) -> None:
    rng = random.Random(seed)
    pile = rng.sample(DECK, rng.randint(10, 42))
    state = finished_deal([pile], rules=TRAINER, tabla_points=(tabla0, tabla1), to_move=asked)
    p = puzzle("score_deal", state)
    count = counted(state, asked)
    assert p.answers == (count,)
    assert p.check(count).correct and not p.check(count + 1).correct
    with using_language("en"):
        assert "too few" in p.check(count - 1).text and "too many" in p.check(count + 1).text


def test_score_deal_needs_a_number() -> None:
    state = finished_deal([[]], rules=TRAINER)
    p = puzzle("score_deal", state)
    with pytest.raises(KaszinoError, match="whole number"):
        p.check("7")


# --- refutations never name a correct answer -------------------------------------------------------------
def test_best_capture_refutation_does_not_name_the_best() -> None:
    state = position(["5S AH KC", ""], "2D 4C 7H 9S")  # docs/rules.md §2: 5♠+A♥ = 2♦+4♣ is the best
    p = puzzle("best_capture", state)
    best = str(p.answers[0])
    worse = [c for c in brute_captures(state.hands[0], state.table) if not p.is_answer(c)]
    assert len(worse) == 2
    with using_language("en"):
        texts = [p.check(c).text for c in worse]
    assert all(best not in text and "more" in text for text in texts)


def test_forms_are_checked() -> None:
    state = position(["5S AH KC", ""], "2D 4C 7H 9S")
    with pytest.raises(KaszinoError, match="set of captures"):
        puzzle("all_captures", state).check("yes")
    with pytest.raises(KaszinoError, match="one move"):
        puzzle("best_capture", state).check(3)
    assert puzzle("best_capture", state).answer_form == "move"
    assert puzzle("all_captures", state).answer_form == "captures"


# --- the capture kinds: every pair of subsets ------------------------------------------------------------
@st.composite
def tables(draw: st.DrawFn) -> GameState:
    """Positions with a free move and a table of up to eight cards (any round, player 0 to move)."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = last_round_position(rng, TRAINER, table_size=draw(st.integers(1, 8)), hand_sizes=(3, 3),
                                bias=draw(st.floats(0.3, 0.7)), to_move=0)
    number = draw(st.integers(2, 8))
    left = TRAINER.talon_after(number)  # the talon of the rounds to come, from the piles' cards
    taken = (state.piles[0] + state.piles[1])[:left]
    piles = tuple(tuple(card for card in pile if card not in taken) for pile in state.piles)
    return reached(replace(state.draft(), round=number, talon=taken, piles=piles))


def brute_value(state: GameState, capture: Capture) -> tuple[int, int, int]:
    """(points, spades, cards) the capture wins now, counted here (docs/rules.md §4, §5)."""
    taken = capture.hand + capture.table
    pile = state.piles[0]
    grown = pile + taken
    sweep = len(capture.table) == len(state.table)
    points = (points_of(taken) + sweep + 3 * (len(pile) < 27 <= len(grown))
              + 2 * (spades(pile) < 7 <= spades(grown)))
    return points, spades(taken), len(taken)


@given(tables())
@settings(max_examples=100, deadline=None)
def test_capture_kinds_accept_exactly_what_brute_force_finds(state: GameState) -> None:
    every = brute_captures(state.hands[0], state.table)
    assume(every)
    all_captures = puzzle("all_captures", state)
    assert all_captures.check(every).correct
    assert not any(all_captures.check([c for c in every if c != left_out]).correct for left_out in every)
    best = max(brute_value(state, c) for c in every)
    best_capture = puzzle("best_capture", state)
    assert {str(c) for c in every if best_capture.check(c).correct} == {
        str(c) for c in every if brute_value(state, c) == best}
    with using_language("en"):
        for wrong in (c for c in every if brute_value(state, c) != best):
            text = best_capture.check(wrong).text
            assert not any(str(answer) in text for answer in best_capture.answers)
    sweeps = {str(c) for c in every if len(c.table) == len(state.table)}
    if sweeps:
        sweep = puzzle("sweep", state)
        assert {str(c) for c in every if sweep.check(c).correct} == sweeps


def test_fals_task_names_the_capturer_from_one() -> None:
    """The engine's player 0 made the capture; the task calls him the 1st player, as the tables do."""
    state = new_fals_game(3)
    p = puzzle("fals", state.play(Capture(state.hands[0][:1], state.table[:1])))
    with using_language("hu"):
        assert "(1. játékos)" in p.task_text()
    with using_language("en"):
        assert "(player 1)" in p.task_text()
