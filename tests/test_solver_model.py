"""The solver's compact model against the engine: the same sums, the same moves."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kaszino import DECK, Card, parse_cards
from kaszino.games.kaszino.moves import Forced
from kaszino.games.kaszino.rules import preset
from kaszino.games.kaszino.solver.model import RoundModel, Step, signature
from kaszino.games.kaszino.solver.positions import forced_moves, last_round_position
from kaszino.games.kaszino.solver.search import _Search, playable_moves

PRESETS = ("standard", "s003", "v1", "v2", "v3", "v6", "v7", "v8", "p3", "p4")


@given(st.lists(st.sampled_from(DECK), max_size=10, unique=True))
def test_table_sums_are_the_sums_of_the_table_subsets(table: list[Card]) -> None:
    model = RoundModel(preset("standard"))
    values = [card.value for card in table]
    expected = {sum(pick) for k in range(1, len(values) + 1) for pick in combinations(values, k)}
    reach = model.table_sums(signature(table))
    assert {s for s in range(reach.bit_length()) if reach >> s & 1} == expected


def test_equal_cards_do_not_carry_into_a_wrong_sum() -> None:
    """Two nines beside a four and a five: 18 is reachable (9+9), 19 is not."""
    reach = RoundModel(preset("v8")).table_sums(signature(parse_cards("9♥ 9♦ 5♦ 4♦")))
    assert reach >> 18 & 1 and not reach >> 19 & 1


@pytest.mark.parametrize("name", PRESETS)
def test_the_search_generates_every_legal_move(name: str) -> None:
    """Every move the engine allows is a move of the model, or one of those stands for it (else
    ``solve`` loses it). Once the spades are settled a move that folds alike stands for it, and no
    two moves fold alike. With two players and the spades open, a capture that leaves a spade for
    a card of its value and points is left out for the capture taking the spade, and only then."""
    rules = preset(name)
    rng = random.Random(name)
    most = 3  # the last round deals three cards
    stood_for = {"settled": 0, "dominated": 0}
    for _ in range(600):
        table = rng.randint(0, 6)
        forced: Forced | None = rng.choice(forced_moves(table))
        hands = (rng.randint(1, most), *(rng.randint(0, most) for _ in range(rules.players - 1)))
        state = last_round_position(rng, rules, table_size=table, hand_sizes=hands,
                                    bias=rng.uniform(0.2, 0.8), forced=forced)
        search = _Search(state)
        model, root = search.model, search.root
        held, on_table = root[0][root[2]], root[1]
        generated = list(search.steps(root, None, 0))
        settled = model.spades_settled(root[6])
        forms = [_form(model, step) for step in generated]
        if settled:
            assert len(set(forms)) == len(forms), state.notation()
        elif rules.players == 2:
            assert not any(model.dominator(step, held, on_table) != step for step in generated), \
                state.notation()
        for move in playable_moves(state):
            step = model.of_move(move)
            if step in generated:
                continue
            reason = "settled" if settled else "dominated"
            dominated = model.dominator(step, held, on_table) != step
            assert settled or (rules.players == 2 and dominated), (state.notation(), move)
            assert _form(model, step) in forms, (state.notation(), move)
            stood_for[reason] += 1
    assert stood_for["settled"] >= 10, "too few moves folded into others to try the folding"
    assert rules.players != 2 or stood_for["dominated"] >= 10, "too few dominated captures to try them"


def _form(model: RoundModel, step: Step) -> tuple[int, int, int]:
    """What is left of ``step`` once spades are counted as the cards of their value and points."""
    return step.kind, model.fold(step.hand), model.fold(step.table)


@given(st.sampled_from(PRESETS), st.lists(st.sampled_from(DECK), max_size=20, unique=True))
def test_stats_count_the_cards_spades_points_and_values(name: str, cards: list[Card]) -> None:
    model = RoundModel(preset(name))
    rules = model.rules
    stats = model.stats(signature(cards))
    worth = {"10♦": rules.big_casino_points, "2♠": rules.little_casino_points}
    points = sum(rules.ace_points if card.value == 1 else worth.get(str(card), 0) for card in cards)
    spades = sum(card.suit.name == "SPADES" for card in cards)
    expected = (len(cards), spades, points, sum(card.value for card in cards))
    assert (stats.cards, stats.spades, stats.points, stats.total) == expected


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=14, unique=True), st.data())
def test_the_quick_pick_is_a_table_subset_of_its_sum(table: list[Card], data: st.DataObject) -> None:
    """The pick tried first at a node (made without listing them all) is a real sub-multiset of
    the table with the wanted sum."""
    model = RoundModel(preset("standard"))
    sig = signature(table)
    reach = model.table_sums(sig)
    total = data.draw(st.sampled_from([s for s in range(1, reach.bit_length()) if reach >> s & 1]))
    assert model.good_subset(sig, total) in model.table_subsets(sig, total)


def test_fold_merges_only_cards_that_no_score_tells_apart() -> None:
    """Once the spades are settled a spade is worth what the same card of another suit is worth,
    unless its points differ: 2♠ (kiskaszinó) and 10♦ (nagykaszinó) keep their own class."""
    model = RoundModel(preset("standard"))

    def fold(cards: str) -> int:
        return model.fold(signature(parse_cards(cards)))

    assert fold("3♠") == fold("3♥") == fold("3♣")
    assert fold("A♠") == fold("A♦")
    assert fold("10♠") == fold("10♥") != fold("10♦")
    assert fold("2♠") != fold("2♥")
    assert fold("3♠ 3♥ 3♦ 3♣") != fold("3♥ 3♦ 3♣") != fold("3♥ 3♦")  # four of a value fit
    assert fold("3♠ 5♥") == fold("3♣ 5♠")


def test_the_spades_are_settled_only_once_the_majority_is_decided() -> None:
    two = RoundModel(preset("standard"))
    assert not two.spades_settled((20, 6, 0, 20, 6, 0))  # the last spade decides
    assert two.spades_settled((20, 7, 0, 20, 0, 0))
    assert two.spades_settled((20, 0, 0, 20, 7, 0))
    three = RoundModel(preset("p3"))
    assert not three.spades_settled((10, 5, 0, 10, 4, 0, 10, 0, 0))  # 4 still in play: 9 could beat 5
    assert three.spades_settled((10, 7, 0, 10, 4, 0, 10, 0, 0))  # 2 in play: 6 stays below 7
