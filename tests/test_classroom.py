"""The classroom's counting side by side, the limit in numbers, exercises and the self-play statistics."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaszino import DECK, KaszinoError, parse_cards
from kaszino.classroom import (
    deck_subsets_within,
    dp_rows,
    limit_effect,
    listed_subsets,
    polynomial_coefficients,
    size_sum_counts,
    sum_ways,
)
from kaszino.classroom.exercises import AnswerError, exercise, exercises, read_answer
from kaszino.classroom.montecarlo import mean_interval
from kaszino.classroom.simulation import DealStats, play_deal, simulate, summarize
from kaszino.engine.cards import Card
from kaszino.games.kaszino.players import GreedyPlayer
from kaszino.games.kaszino.solver.counting import subset_sum_counts
from kaszino.i18n import using_language
from kaszino.lessons import lesson_source


def brute_subset_sums(cards: list[Card]) -> Counter[int]:
    return Counter(sum(c.value for c in s) for k in range(1, len(cards) + 1) for s in combinations(cards, k))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True), st.integers(1, 30))
def test_three_ways_and_the_engine_agree(table: list[Card], total: int) -> None:
    ways = sum_ways(table, total)
    expected = brute_subset_sums(table)[total]
    assert len(ways.listed) == ways.by_dp == ways.by_polynomial == expected
    assert ways.agree
    spare = [c for c in DECK if c.value == total and c not in table]
    if total <= 13 and spare:
        assert ways.by_engine == expected  # a lone hand card of that value captures each subset
    else:
        assert ways.by_engine == 0  # over the limit (or no card of that value left)


def test_worked_table() -> None:
    table = parse_cards("2♦ 4♣ 7♥ 9♠ 3♣")
    assert [set(s) for s in listed_subsets(table, 13)] == [set(parse_cards("4♣ 9♠")),
                                                            set(parse_cards("2♦ 4♣ 7♥"))]
    rows = dp_rows(table)
    assert len(rows) == 6 and all(len(row) == 14 for row in rows)
    assert rows[0] == (1,) + (0,) * 13
    assert rows[-1][1:] == tuple(subset_sum_counts(table, 13).get(s, 0) for s in range(1, 14))
    assert polynomial_coefficients(table) == {0: 1, **brute_subset_sums(list(table))}


@given(st.lists(st.sampled_from(DECK), max_size=9, unique=True))
def test_dp_rows_add_one_card_at_a_time(table: list[Card]) -> None:
    rows = dp_rows(table)
    for i, card in enumerate(table):
        shifted = (0,) * card.value + rows[i]
        assert rows[i + 1] == tuple(a + b for a, b in zip(rows[i], shifted, strict=False))


@given(st.lists(st.sampled_from(DECK), max_size=9, unique=True), st.one_of(st.none(), st.integers(0, 30)))
def test_size_sum_counts_equal_enumeration(cards: list[Card], limit: int | None) -> None:
    expected = Counter((k, sum(c.value for c in s)) for k in range(len(cards) + 1)
                       for s in combinations(cards, k))
    kept = {key: n for key, n in expected.items() if limit is None or key[1] <= limit}
    assert size_sum_counts(cards, limit) == kept


def test_limit_effect_equals_enumeration_on_a_small_deck() -> None:
    deck = [c for c in DECK if c.value <= 7 and c.suit < 2]  # 14 cards
    for row in limit_effect((3, 5), limit=9, deck=deck):
        tables = list(combinations(deck, row.size))
        within = sum(sum(1 for k in range(1, row.size + 1) for s in combinations(t, k)
                         if sum(c.value for c in s) <= 9) for t in tables)
        assert row.within_limit == Fraction(within, len(tables))
        assert row.subsets == 2**row.size - 1
        assert row.share == row.within_limit / row.subsets


def test_the_limit_in_numbers() -> None:
    rows = {row.size: row for row in limit_effect()}
    assert rows[12].subsets == 4095 and 80 < rows[12].within_limit < 85
    assert deck_subsets_within() == 18_188
    assert max(k for (k, s) in size_sum_counts(DECK, 13)) == 8  # four aces and four twos


@pytest.mark.parametrize(("text", "value"), [
    ("12", Fraction(12)), (" 3/8 ", Fraction(3, 8)), ("3 / 51", Fraction(1, 17)), ("0.375", Fraction(3, 8)),
    ("0,375", Fraction(3, 8)), ("-2", Fraction(-2)),
])
def test_read_answer(text: str, value: Fraction) -> None:
    assert read_answer(text) == value


@pytest.mark.parametrize(("text", "lang", "value"), [
    ("270,725", "en", Fraction(270_725)), ("1/270,725", "en", Fraction(1, 270_725)),
    ("12,345,678", "en", Fraction(12_345_678)), ("0,375", "en", Fraction(3, 8)),
    ("270,725", "hu", Fraction(270_725, 1000)), ("270 725", "hu", Fraction(270_725)),
    ("1/270\u00a0725", "hu", Fraction(1, 270_725)),
])
def test_thousands_are_read_as_the_pages_language_writes_them(text: str, lang: str, value: Fraction) -> None:
    """The English texts write 270,725 and the Hungarian ones 270 725: typed back as shown, each is
    the same number; a Hungarian comma is a decimal comma."""
    assert read_answer(text, lang) == value


def test_the_answers_the_solutions_write_are_accepted_as_written() -> None:
    for key in ("tables", "four_aces"):
        for lang in ("hu", "en"):
            solution = lesson_source(f"classroom.exercise.{key}.solution", lang)
            answer = re.findall(r"\*\*(.*?)\*\*", solution)[-1]
            written = re.search(r"([\d/][\d/ ,]*\d)\.?$", answer)  # the bold answer's last number
            assert written is not None, answer
            with using_language(lang):
                assert exercise(key).check(written.group(1).strip()).correct, (key, lang, written.group(1))


@pytest.mark.parametrize("text", ["", "abc", "1/0", "²", "1e3", "3/", "½", "0x10"])
def test_unreadable_answers_are_refused_by_name(text: str) -> None:
    with pytest.raises(AnswerError) as refused:
        read_answer(text)
    assert "Írj egész számot (12), törtet (3/8)" in refused.value.words.render("hu")
    with pytest.raises(AnswerError):
        exercises()[0].check(text)  # an unreadable text is never judged


def test_no_exercise_asks_what_the_worked_example_above_it_shows() -> None:
    """Exercises 1 and 3 ask about positions of their own: the chapter's views work out the
    2♦ 4♣ 7♥ 9♠ 3♣ table and the 5♠ A♥ K♣ hand just above them."""
    for key in ("subsets", "captures"):
        for lang in ("hu", "en"):
            question = lesson_source(f"classroom.exercise.{key}.question", lang)
            assert "2, 4, 7" not in question and "9" not in question, question


def test_exercise_answers_from_first_principles() -> None:
    answers = {e.key: e.answer for e in exercises()}
    assert answers == {"subsets": 3, "polynomial": 2, "captures": 4, "tables": comb(52, 4),
                       "four_aces": Fraction(1, 270_725), "seven": Fraction(1, 17)}
    assert exercise("seven").check("3/51").correct and not exercise("seven").check("1/13").correct
    with pytest.raises(KaszinoError, match="known"):
        exercise("nope")


def test_a_deal_is_played_to_its_end_and_scored() -> None:
    players = [GreedyPlayer(), GreedyPlayer()]
    deal = play_deal(players, seed=5)
    assert sum(deal.cards) == 52
    assert deal == play_deal(players, seed=5)  # seeded: the same deal again
    assert sum(deal.points) >= 12 - 3 * (deal.cards[0] == 26)  # 12 points a deal (no majority on a tie)
    assert deal.points[0] - deal.points[1] == deal.first_mover_margin


def test_majority_decides() -> None:
    close = DealStats(0, 0, (7, 5), (30, 22), (3, 0))  # without the 3 points: 4 against 5
    clear = DealStats(0, 0, (10, 2), (30, 22), (3, 0))
    lost = DealStats(0, 0, (5, 7), (30, 22), (3, 0))
    tie = DealStats(0, 0, (6, 6), (26, 26), (0, 0))
    assert close.majority_decides and not clear.majority_decides and not lost.majority_decides
    assert tie.winner is None and tie.majority_holder is None and not tie.majority_decides


def test_simulation_summary() -> None:
    deals = simulate("greedy", 12, seed=1)
    assert [d.seed for d in deals] == list(range(1, 13))
    summary = summarize(deals)
    assert summary.deals == 12
    assert sum(n for _k, n in summary.tablas) == 12
    assert summary.tablas_per_deal.mean == pytest.approx(sum(d.tablas for d in deals) / 12)
    assert summary.any_tabla.hits == sum(d.tablas > 0 for d in deals)
    assert summary.first_mover_wins.hits + summary.first_mover_loses.hits <= 12
    seen: list[int] = []
    simulate("random", 3, seed=7, progress=lambda seeds: (seen.append(s) or s for s in seeds))
    assert seen == [7, 8, 9]
    with pytest.raises(KaszinoError, match="unknown player"):
        simulate("nobody", 3)
    with pytest.raises(KaszinoError, match="positive"):
        simulate("greedy", 0)
    with pytest.raises(KaszinoError, match="two values"):
        mean_interval([1.0])
