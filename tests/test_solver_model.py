"""The solver's compact model against the engine: the same sums, the same moves."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kaszino import DECK, Card, parse_cards
from kaszino.engine.moves import Forced
from kaszino.engine.rules import preset
from kaszino.solver.model import RoundModel, signature
from kaszino.solver.positions import last_round_position
from kaszino.solver.search import _Search, playable_moves

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
    """Every move the engine allows is a move of the model (else ``solve`` loses it)."""
    rules = preset(name)
    rng = random.Random(name)
    most = 4 if rules.players == 2 else 3
    for _ in range(600):
        table = rng.randint(0, 6)
        forced: Forced | None = rng.choice([None, "again", "lay"] if table == 0 else [None, "again"])
        hands = (rng.randint(1, most), *(rng.randint(0, most) for _ in range(rules.players - 1)))
        state = last_round_position(rng, rules, table_size=table, hand_sizes=hands,
                                    bias=rng.uniform(0.2, 0.8), forced=forced)
        search = _Search(state)
        generated = set(search.steps(search.root, None, 0))
        missing = [move for move in playable_moves(state) if search.model.of_move(move) not in generated]
        assert not missing, (state.notation(), missing)


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
