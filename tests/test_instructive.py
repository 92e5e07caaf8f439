"""The "is it instructive" predicates of Kaszinó's kinds (kaszino/puzzles/instructive.py) and of
Scopa's (kaszino/puzzles/instructive_scopa.py), on fixture positions, and the whole shipped
collection scanned for positions already won or teaching nothing.

Every fixture is a position of deal 2 of a simulated game (from the collection before the
predicates): asked as it is, it makes a puzzle; with the earlier deals' score raised so that the
player asked has secured 11, it does not — he would call "Ausz!" instead (for ``ausz`` that claim
is the question, and earlier deals that decide alone leave nothing to count).
"""

from __future__ import annotations

import random
import re

import pytest
from reference import position
from scopa_positions import last_round as scopa_last_round
from shipped import SHIPPED
from test_scopa_puzzles import PRIORITY, finished, mid_deal

from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Claim, parse_move
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa.state import ScopaState
from kaszino.puzzles.instructive import PREDICATES, WON, instructive_problem, looks_right
from kaszino.puzzles.instructive_scopa import SCOPA_PREDICATES
from kaszino.puzzles.kinds import KASZINO_KINDS, SCOPA_KINDS, Kind, may_claim
from kaszino.puzzles.mining_scopa import SCOPA_MINERS
from kaszino.puzzles.puzzle import KIND_RULES, Puzzle, recheck, solve

FIXTURES: dict[Kind, str] = {
    "all_captures": "rules=trainer; seed=82; deal=2; dealer=0; scores=2 | 7; round=2; to_move=1; forced=-; last_capturer=0; hands=2♦ 8♦ | 5♥ 4♦ 7♥; table=7♣ J♦; talon=4♠ 8♣ A♥ 9♠ J♠ 10♣ A♦ 4♣ A♠ K♥ 8♥ 10♦ 6♦ Q♥ Q♠ 2♣ 3♥ Q♦ 9♦ A♣ K♠ 5♦ 10♥ 5♠ K♦ 2♥ 8♠ J♣ J♥ Q♣ 2♠ 5♣ 3♦ 6♥ 10♠ 9♣; piles=3♠ 3♣ K♣ 6♣ 7♦ | 4♥ 9♥ 7♠ 6♠; tabla_points=1 | 0; bonus=0 | 0; result=-; pending=-",  # noqa: E501
    "best_capture": "rules=trainer; seed=4; deal=2; dealer=0; scores=4 | 8; round=2; to_move=0; forced=-; last_capturer=0; hands=5♠ 3♠ 8♦ | K♠ 4♣ 2♦; table=8♣ 5♣ 2♣; talon=Q♠ 8♥ 6♥ 9♣ 3♥ 10♥ 9♠ 7♦ 6♣ K♦ A♦ Q♣ 10♣ A♥ 2♠ J♣ K♥ Q♦ 5♦ 6♠ 5♥ 4♥ 4♠ 6♦ J♥ 7♣ 3♦ 7♥ A♣ J♦ 10♠ 4♦ Q♥ 9♥ K♣ 7♠; piles=J♠ A♠ 9♦ 3♣ | 10♦ 2♥ 8♠; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-",  # noqa: E501
    "sweep": "rules=trainer; seed=43; deal=2; dealer=0; scores=7 | 5; round=2; to_move=1; forced=-; last_capturer=0; hands=5♥ | 9♦ 10♣ 4♥; table=K♣; talon=3♣ 9♣ 3♠ K♠ 6♠ A♥ 6♥ 4♦ 6♣ 6♦ 8♠ 10♥ 9♥ 8♦ K♥ 5♠ A♣ 2♣ 10♦ J♣ Q♠ Q♦ 7♣ 7♦ J♦ 2♠ Q♣ 5♣ 4♣ 8♥ A♠ K♦ J♠ J♥ 5♦ 2♦; piles=Q♥ 7♠ 4♠ A♦ 3♦ 8♣ 2♥ 9♠ | 7♥ 3♥ 10♠; tabla_points=2 | 0; bonus=0 | 0; result=-; pending=-",  # noqa: E501
    "last_round": "rules=trainer; seed=42; deal=2; dealer=0; scores=8 | 5; round=8; to_move=1; forced=-; last_capturer=0; hands=K♦ | A♦ 10♠; table=K♣ J♠ Q♣; talon=-; piles=5♦ 5♣ Q♠ Q♦ J♦ J♥ 6♠ 7♦ 8♣ 5♥ 3♥ 8♠ 7♥ 4♣ 7♠ 4♦ J♣ 8♥ 7♣ A♠ 10♣ 10♥ 4♥ 5♠ 9♣ | K♠ K♥ 2♦ 2♥ 9♥ 3♠ Q♥ 8♦ 2♣ 9♠ A♥ 4♠ 2♠ 6♣ 9♦ A♣ 10♦ 3♦ 3♣ 6♦ 6♥; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-",  # noqa: E501
    "defend": "rules=trainer; seed=70; deal=2; dealer=0; scores=5 | 5; round=8; to_move=1; forced=-; last_capturer=0; hands=2♣ Q♦ | 7♦ 3♠; table=J♦ 5♣ 6♣; talon=-; piles=8♣ 8♥ 4♠ 3♣ A♦ J♥ J♠ 10♦ 4♥ 6♦ A♥ A♠ 5♥ 5♦ 7♠ 6♠ A♣ 6♥ 3♦ 9♥ 10♣ 10♥ | 5♠ 3♥ 2♠ 4♣ 8♦ Q♣ 4♦ 9♦ K♥ 2♥ 8♠ 10♠ 9♣ 9♠ 2♦ J♣ K♠ 7♣ 7♥ Q♠ Q♥ K♦ K♣; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-",  # noqa: E501
    "fals": "rules=v6,claim=manual; seed=72; deal=2; dealer=0; scores=5 | 8; round=4; to_move=0; forced=-; last_capturer=1; hands=7♥ J♦ A♣ | 5♥ J♠; table=2♦ 7♣ 8♥; talon=2♠ 6♣ 2♥ 6♦ J♣ 9♠ K♣ A♥ 10♠ J♥ Q♠ 10♥ 7♦ 6♥ 10♣ 4♦ 9♥ 6♠ Q♣ Q♥ A♠ 7♠ Q♦ 5♦; piles=5♣ 5♠ 10♦ 9♦ 4♠ 8♦ 3♣ 2♣ K♠ 9♣ 4♣ | 3♠ 3♥ 3♦ A♦ 4♥ 8♠ 8♣ K♥ K♦; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=7♥+A♣ = 8♥",  # noqa: E501
    "ausz": "rules=trainer; seed=1; deal=2; dealer=0; scores=8 | 5; round=1; to_move=1; forced=-; last_capturer=0; hands=9♥ | A♦; table=3♥ Q♠ A♥; talon=6♠ 10♠ 4♠ 10♥ 2♥ 8♠ 2♣ 4♣ A♣ 5♥ 7♥ 7♣ 9♠ J♦ 2♠ 6♦ 6♣ Q♥ 8♦ 3♣ 5♦ J♠ J♣ K♣ 8♥ 3♦ 10♣ 5♣ 7♠ 4♦ K♠ Q♣ 9♦ Q♦ 7♦ 8♣ 4♥ 6♥ 5♠ 3♠ J♥ 2♦; piles=K♥ K♦ | 10♦ A♠ 9♣; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-",  # noqa: E501
    "score_deal": "rules=trainer; seed=43; deal=2; dealer=0; scores=7 | 5; round=8; to_move=1; forced=-; last_capturer=0; hands=- | -; table=-; talon=-; piles=Q♥ 7♠ 4♠ A♦ 3♦ 8♣ 2♥ 9♠ K♠ 10♣ 3♣ 6♥ 4♦ 6♠ 3♠ A♥ 5♠ A♣ 2♣ 8♠ 7♦ 7♣ Q♣ Q♠ J♦ J♣ J♥ 2♦ K♦ 9♥ 10♦ Q♦ 5♦ | 7♥ 3♥ 10♠ 9♦ 4♥ 5♥ 6♦ 6♣ K♥ K♣ 8♥ 8♦ 5♣ 4♣ 9♣ A♠ J♠ 10♥ 2♠; tabla_points=2 | 0; bonus=0 | 0; result=-; pending=-",  # noqa: E501
}
"""One instructive position of each kind but ``deal_saving`` (tested in test_deal_saving.py)."""


def fixture(kind: Kind, **changes: str) -> GameState:
    notation = FIXTURES[kind]
    for name, value in changes.items():
        notation = re.sub(rf"\b{name}=[^;]*", f"{name}={value}", notation)
    return GameState.from_notation(notation)


def problem(kind: Kind, state: GameState | ScopaState) -> str | None:
    return instructive_problem(kind, state, solve(kind, state))


def secured_for_mover(kind: Kind) -> str:
    """Earlier deals' scores that give the player asked the target at once."""
    return "0 | 11" if fixture(kind).to_move == 1 else "11 | 0"


def test_every_kaszino_kind_has_a_predicate() -> None:
    assert set(PREDICATES) == set(KASZINO_KINDS)


@pytest.mark.parametrize("kind", list(FIXTURES))
def test_a_fixture_makes_an_instructive_puzzle(kind: Kind) -> None:
    state = fixture(kind)
    assert not may_claim(state)
    assert problem(kind, state) is None


@pytest.mark.parametrize("kind", [kind for kind in FIXTURES if kind != "ausz"])
def test_a_player_who_may_claim_the_game_is_asked_nothing(kind: Kind) -> None:
    state = fixture(kind, scores=secured_for_mover(kind))
    assert may_claim(state)
    assert problem(kind, state) == WON
    puzzle = Puzzle(id="t-1", kind=kind, state=state, answers=solve(kind, state))
    found = recheck(puzzle)  # `kaszino puzzles check` names it
    assert found is not None and WON in str(found)


def test_the_fals_challenger_who_has_secured_the_game_may_claim_once_the_window_closes() -> None:
    state = fixture("fals", scores="5 | 11")
    assert Claim(state.to_move) not in state.legal_moves()  # no claim while a capture waits for Fals!
    assert may_claim(state) and problem("fals", state) == WON


def test_the_other_players_points_do_not_count() -> None:
    kind: Kind = "last_round"
    state = fixture(kind, scores="11 | 5")  # the opponent of the mover, player 2, has secured 11
    assert state.to_move == 1 and not may_claim(state) and problem(kind, state) is None


def test_ausz_asks_the_claim_but_not_when_earlier_deals_decide_alone() -> None:
    assert problem("ausz", fixture("ausz")) is None
    assert problem("ausz", fixture("ausz", scores="0 | 11")) == "the earlier deals alone decide the claim"
    far = fixture("ausz", scores="8 | 0")  # 3 secured points, far from 11
    assert problem("ausz", far) is not None


def test_kind_rules_beyond_the_claim() -> None:
    single = position(["5S 9H 10C", ""], "5D QC KD JD")
    assert problem("all_captures", single) is not None  # one capture: nothing to find
    assert problem("best_capture", position(["8H 8D", ""], "8C")) is not None  # two equal captures
    assert problem("sweep", position(["7S 2H 4C", ""], "7D")) is not None  # a lone card for a lone card


def test_a_false_capture_looks_right_when_the_sums_are_one_apart_or_just_over_the_limit() -> None:
    def capture(text: str) -> Capture:
        move = parse_move(text)
        assert isinstance(move, Capture)
        return move

    assert looks_right(capture("7♥+A♣ = 9♥"), 13)  # 8 against 9
    assert looks_right(capture("K♠+2♥ = 8♣+7♦"), 13)  # 15 = 15, over 13
    assert not looks_right(capture("7♥+A♣ = K♥"), 13)  # 8 against 13: plainly false
    assert not looks_right(capture("7♥ = 8♥"), 13)  # two cards: no sum to do


SEARCHED: frozenset[Kind] = frozenset({"deal_saving"})
"""The kinds whose predicate is the whole deal's search: the check command applies every kind's
predicate to every shipped puzzle once a run (``test_shipped_collection.py``), and these are left
to it (the scan below took 12 CPU s for them, under one for the rest together)."""


@pytest.mark.parametrize("kind", [kind for kind in KASZINO_KINDS if kind != "ausz"])
def test_no_shipped_puzzle_of_a_kaszino_kind_is_already_won(kind: Kind) -> None:
    """The collection scanned: no player asked has secured the game (he would call "Ausz!"), and
    every puzzle passes its kind's predicate."""
    own = [p for p in SHIPPED if p.kind == kind]
    assert len(own) >= 130
    won = [p.id for p in own if may_claim(p.state)]
    assert not won, won
    if kind not in SEARCHED:
        assert all(instructive_problem(kind, p.state, p.answers, p.played) is None for p in own)


# --- Scopa's kinds (kaszino/puzzles/instructive_scopa.py) -------------------------------------------
SCOPA_FIXTURES: dict[Kind, tuple[ScopaState, ScopaState, str]] = {
    "scopa_captures": (PRIORITY, mid_deal("KS 2C", "KD 2H 6S"), "the priority forbids no sum"),
    "scopa_best": (mid_deal("6C QH", "6D 2H 4S 5S"), mid_deal("6C 4H", "6D 2H 4S"),
                   "the best capture takes the most cards"),
    "scopa_primiera": (finished("7S KS 6H AH 5D KD 2C QC JC"), finished("7S 6H 7D 7C"),
                       "every suit's best card is its highest"),
    "scopa_last_round": (scopa_last_round(4), scopa_last_round(3), "the greedy move is best"),
}
"""Per Scopa kind: an instructive position, one its kind accepts but that teaches nothing, and why."""


def test_every_scopa_kind_has_a_predicate_and_a_fixture() -> None:
    assert set(SCOPA_PREDICATES) == set(SCOPA_FIXTURES) == set(SCOPA_KINDS)


@pytest.mark.parametrize("kind", SCOPA_KINDS)
def test_a_scopa_predicate_keeps_its_fixture_and_refuses_the_dull_one(kind: Kind) -> None:
    good, dull, why = SCOPA_FIXTURES[kind]
    assert KIND_RULES[kind].position_problem(good) is None and KIND_RULES[kind].position_problem(dull) is None
    assert problem(kind, good) is None and SCOPA_MINERS[kind](good, random.Random(0)) is not None
    assert why in (problem(kind, dull) or "") and SCOPA_MINERS[kind](dull, random.Random(0)) is None
    found = recheck(Puzzle(id="t-1", kind=kind, state=dull, answers=solve(kind, dull)))
    assert found is not None and why in str(found)  # `kaszino puzzles check` names it


def test_scopa_predicates_beyond_their_fixtures() -> None:
    lone = mid_deal("KS 2C 4D", "KD 6S")
    assert problem("scopa_captures", lone) == "captures: 1, not 2–10"
    lay_better = scopa_last_round(309)  # the known last round where laying beats every capture
    assert "a lay does better" in (problem("scopa_best", lay_better) or "")
    assert problem("scopa_last_round", scopa_last_round(2)) == (
        "fewer than three moves or two results, or most moves are best")


@pytest.mark.parametrize("kind", SCOPA_KINDS)
def test_every_shipped_scopa_puzzle_passes_its_predicate(kind: Kind) -> None:
    own = [p for p in SHIPPED if p.kind == kind]
    assert len(own) >= 80
    assert [p.id for p in own if instructive_problem(kind, p.state, p.answers) is not None] == []
