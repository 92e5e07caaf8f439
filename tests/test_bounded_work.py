"""Work bounded before it starts (issue 19, item 5): listing captures and solving exactly have stated
budgets, refused with ``TooLargeError`` naming the count and the budget, before the work is done;
``kaszino puzzles check`` names a puzzle past the budget and goes on with the rest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from work import at_most

from kaszino import DECK, Card, GameState, Rules, captures, count_captures, format_cards, parse_cards, solve
from kaszino.cli import main
from kaszino.errors import TooLargeError
from kaszino.games.kaszino.captures import MAX_CAPTURES
from kaszino.games.kaszino.solver import search
from kaszino.puzzles.mining import candidate
from kaszino.puzzles.play_kinds import solution
from kaszino.puzzles.puzzle import load_all, recheck

V8 = Rules(capture_limit=None, name="V8")
SMALL = [card for card in DECK if card.value <= 5]


def last_round(hand0: str, hand1: str, table: list[Card], rules: str = "v8") -> GameState:
    """An open last round of two players, the cards not in play split between the piles."""
    hands = parse_cards(hand0), parse_cards(hand1)
    rest = [card for card in DECK if card not in hands[0] + hands[1] + tuple(table)]
    return GameState.from_notation(
        f"rules={rules}; seed=0; deal=1; dealer=1; scores=0 | 0; round=8; to_move=0; forced=-;"
        f" last_capturer=0; hands={format_cards(hands[0])} | {format_cards(hands[1])};"
        f" table={format_cards(table)}; talon=-;"
        f" piles={format_cards(rest[:20])} | {format_cards(rest[20:])}; tabla_points=0 | 0; bonus=0 | 0;"
        f" result=-; pending=-")


def refused_quickly(call: object, *names: str, lines: int = 20_000) -> str:
    """The ``TooLargeError`` of ``call``, raised before the work: after a count, not a listing of
    millions of captures (a few thousand lines of Python, where making them would run millions)."""
    with at_most(lines), pytest.raises(TooLargeError) as caught:
        call()  # type: ignore[operator]
    message = str(caught.value)
    for name in names:
        assert name in message
    return message


def test_captures_past_the_budget_are_refused_before_any_is_made() -> None:
    hand = [card for card in DECK if card.value >= 10][:4]
    table = [card for card in DECK if card.value <= 8 and card not in hand][:30]
    count = count_captures(hand, table, V8)  # counting stays at once
    assert count > 10**7
    refused_quickly(lambda: captures(hand, table, V8), str(count), str(MAX_CAPTURES), "count_captures")


def test_legal_moves_of_such_a_position_are_refused_too() -> None:
    state = last_round("K♠ Q♠ J♠", "K♥ Q♥ J♥", SMALL[:20])
    refused_quickly(state.legal_moves, str(MAX_CAPTURES))


def test_a_position_within_the_budget_lists_every_capture() -> None:
    hand, table = parse_cards("K♠ Q♠ J♠"), SMALL[:16]
    count = count_captures(hand, table, V8)
    assert 1000 < count <= MAX_CAPTURES
    listed = captures(hand, table, V8)
    assert len(listed) == len({(c.hand, c.table) for c in listed}) == count


def test_under_the_limit_13_no_table_reaches_the_budget() -> None:
    hand = parse_cards("A♠ A♥ 2♠ 2♥")  # the hand with the most groups of small sums
    table = [card for card in DECK if card not in hand]
    assert len(captures(hand, table)) == count_captures(hand, table) < MAX_CAPTURES


def test_solving_a_v8_table_of_small_cards_is_refused_at_once() -> None:
    state = last_round("K♠ Q♠ J♠", "K♥ Q♥ J♥", SMALL[:20])
    refused_quickly(lambda: solve(state), "captures", str(MAX_CAPTURES))


def test_a_solve_past_its_work_budget_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = last_round("K♠ Q♠ J♠", "K♥ Q♥ J♥", SMALL[:12])
    assert solve(state).nodes > 20
    monkeypatch.setattr(search, "MAX_WORK", 20)
    # 20 units of work run about 34,000 lines; the whole solve (107 positions) about 126,000
    refused_quickly(lambda: solve(state), "too large to solve exactly", "20", lines=60_000)


class Searches:
    """Every search started while it is installed; ``most()``: the most work one of them has done."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started: list[search._Search] = []
        start = search._Search.__init__

        def recorded(inner: search._Search, state: GameState) -> None:
            start(inner, state)
            self.started.append(inner)

        monkeypatch.setattr(search._Search, "__init__", recorded)

    def most(self) -> int:
        work = [s.nodes + s.model.made + search.MAX_WORK - s.budget for s in self.started]
        self.started.clear()
        return max(work)


def test_reading_every_move_value_shares_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    state = last_round("K♠ Q♠ J♠", "K♥ Q♥ J♥", SMALL[:12])
    searches = Searches(monkeypatch)
    solve(state)
    monkeypatch.setattr(search, "MAX_WORK", searches.most())
    solved = solve(state)  # the value and the line fit in the budget ...
    with pytest.raises(TooLargeError):  # ... every move's value does not
        dict(solved.move_values)


def test_the_check_names_a_puzzle_past_the_budget_and_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    searches = Searches(monkeypatch)
    work = {}
    for puzzle in [p for p in load_all() if p.kind == "last_round"][:40]:
        solution.cache_clear()
        assert recheck(puzzle) is None
        work[puzzle.id] = (searches.most(), puzzle)
    (_, big), (_, small) = max(work.values(), key=lambda w: w[0]), min(work.values(), key=lambda w: w[0])
    path = tmp_path / "two.json"
    records = [big.to_record(), small.to_record()]
    path.write_text(json.dumps({"format": 2, "puzzles": records}), encoding="utf-8")
    monkeypatch.setattr(search, "MAX_WORK", work[small.id][0])
    solution.cache_clear()  # solve again, as a new process would
    status = main(["puzzles", "check", "--workers", "1", str(path)])
    out = capsys.readouterr().out
    assert status == 1
    assert f"FAIL {path}: puzzle '{big.id}' (last_round): refused, too large to check" in out
    assert small.id not in out
    assert "1 problem in 1 file:" in out


def test_mining_passes_over_a_position_past_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(p for p in load_all() if p.kind == "last_round").state
    monkeypatch.setattr(search, "MAX_WORK", 1)
    solution.cache_clear()
    assert candidate("last_round", 0, 0, state) is None
