"""The Casino table's clicking protocol (kaszino.teach.casino_picks): a pick of one hand card, table
cards and a press is read into the engine's moves. Over random positions of 2, 3 and 4 players every
legal move is named by its pick, a pick names exactly the legal moves that use those cards in that
way, and a pick naming none is answered with the engine's own refusal; then the rules' examples."""

from __future__ import annotations

import random

import pytest
from casino_positions import build, cards, position
from depth import sampled

from kaszino.engine.cards import Card
from kaszino.games.casino import BuildMove, Capture, CasinoRules, CasinoState, NextDeal, Trail, new_game
from kaszino.games.casino.moves import Play
from kaszino.teach.casino_picks import INTENTS, Intent, pick_of, read_pick

GAMES = 8


def random_positions(games: int) -> list[CasinoState]:
    """Every position of ``games`` random games (2, 3 and 4 players in turn) where a card is played."""
    found = []
    for seed in range(games):
        state = new_game(seed, CasinoRules(players=2 + seed % 3))
        rng = random.Random(seed)
        while not state.finished:
            moves = state.legal_moves()
            if not state.deal_over:
                found.append(state)
            state = state.play(rng.choice(moves))
    return found


POSITIONS = random_positions(GAMES)


def plays(state: CasinoState) -> list[Play]:
    return [move for move in state.legal_moves() if not isinstance(move, NextDeal)]


def named_by(state: CasinoState, hand: tuple[Card, ...], table: frozenset[Card], intent: Intent) -> set[Play]:
    """The legal moves whose pick is this one (found by listing every move)."""
    found = set()
    for move in plays(state):
        picked_hand, picked_table, pressed = pick_of(move)
        if (picked_hand, frozenset(picked_table), pressed) == (hand, table, intent):
            found.add(move)
    return found


def test_every_legal_move_is_named_by_its_pick_and_a_pick_names_exactly_its_moves() -> None:
    checked = 0
    positions = sampled(POSITIONS)
    for state in positions:
        for move in plays(state):
            hand, table, intent = pick_of(move)
            reading = read_pick(state, hand, table, intent)
            assert move in reading.moves, (state.notation(), str(move))
            assert set(reading.moves) == named_by(state, hand, frozenset(table), intent)
            assert len(set(reading.moves)) == len(reading.moves) and reading.refusal is None
            checked += 1
    assert len(POSITIONS) > 1000 and checked > 5 * len(positions)  # 9,390 moves in a full run


def test_a_random_pick_names_the_legal_moves_it_can_or_the_engines_refusal() -> None:
    rng = random.Random(5)
    refused: set[str] = set()
    for state in POSITIONS[::3]:
        items = [(card,) for card in state.table] + [b.cards for b in state.builds]
        for _ in range(4):
            hand = (rng.choice(state.hands[state.to_move]),)
            table = frozenset(c for item in items if rng.random() < 0.4 for c in item)
            intent = rng.choice(INTENTS)
            reading = read_pick(state, hand, table, intent)
            expected = named_by(state, hand, table, intent)
            assert set(reading.moves) == expected
            if reading.slip is not None:  # a trail with table cards, a build move on two builds
                assert not expected and reading.slip == ("trail_alone" if intent == "trail" else "one_build")
            elif not expected:
                refusal = reading.refusal
                assert refusal is not None and refusal.domain == "refusals_casino"
                refused.add(refusal.code)
    # the picks that go wrong meet the rules a learner breaks most
    assert {"owner_trails", "nothing_taken", "group_sum", "keeps_no_card", "build_value"} <= refused


def test_a_capture_of_several_groups_at_once_is_one_pick() -> None:
    state = position("8♠ 9♦ J♣ Q♣", "K♦ K♥ K♠ Q♦", table="A♣ 2♦ 3♥ 5♣ 6♠ 8♥")
    reading = read_pick(state, cards("8♠"), cards("8♥ 6♠ 2♦ 5♣ 3♥"), "capture")
    assert reading.moves == (Capture(Card.parse("8♠"), (cards("8♥"), cards("6♠ 2♦"), cards("5♣ 3♥"))),)
    # all six cards cannot be taken: no cutting of them into groups of 8 exists
    assert read_pick(state, cards("8♠"), cards("A♣ 2♦ 3♥ 5♣ 6♠ 8♥"), "capture").refusal.code == "group_sum"


def test_a_build_whose_value_is_open_offers_each_value() -> None:
    state = position("2♠ 4♦ 8♣ K♠", "K♦ K♥ Q♠ Q♦", table="2♦ 4♥ 9♣")
    reading = read_pick(state, cards("2♠"), cards("2♦ 4♥"), "build")
    assert sorted(move.value for move in reading.moves if isinstance(move, BuildMove)) == [4, 8]
    assert len(reading.moves) == 2


OWNER = position("8♦ 5♠", "K♦ K♥", table="8♥ 5♥", builds=(build("5♣+3♥=8", 0),))
"""Player 1 owns the build 5♣+3♥ of 8 and keeps one 8 (8♦)."""
SEVEN = position("8♦ 2♠ 9♦ K♦", "7♠ Q♦ Q♥ Q♠", table="A♥ 5♥ K♥",
                 builds=(build("3♣+4♦=7", 1), build("2♥+5♦,7♣=7", 1)))
"""Two builds of 7 owned by player 2: a single one (3♣+4♦) and a multiple one."""


@pytest.mark.parametrize(("state", "hand", "picked", "intent", "code"), [
    (OWNER, "5♠", "", "trail", "owner_trails"),
    (OWNER, "8♦", "8♥", "capture", "leaves_build"),  # his last 8 goes, his build stays
    (OWNER, "5♠", "5♥", "build", "keeps_no_card"),  # 5♠ on 5♥ builds 10 (or 5): he keeps neither
    (SEVEN, "8♦", "A♥ 3♣ 4♦", "capture", "build_split"),  # A+3+4 = 8: the build of 7 regrouped
    (SEVEN, "8♦", "3♣ 4♦", "capture", "build_value"),  # an 8 does not take a build of 7
    (SEVEN, "2♠", "2♥ 5♦ 7♣", "build", "multiple_fixed"),  # 7 + 2 = 9: a multiple build is not raised
    (SEVEN, "9♦", "5♥", "capture", "group_sum"),
    (SEVEN, "8♦", "5♥", "build", "build_range"),  # 8 + 5 = 13: no build is worth more than 10
    (SEVEN, "K♦", "K♥", "build", "face_cannot_build"),
])
def test_a_refused_pick_is_answered_with_the_engines_refusal(state: CasinoState, hand: str, picked: str,
                                                              intent: Intent, code: str) -> None:
    reading = read_pick(state, cards(hand), cards(picked), intent)
    assert reading.moves == () and reading.slip is None
    assert reading.refusal is not None and reading.refusal.code == code, reading


def test_the_owner_may_take_his_build_with_the_loose_card() -> None:
    reading = read_pick(OWNER, cards("8♦"), cards("8♥ 5♣ 3♥"), "capture")
    assert reading.moves == (Capture(Card.parse("8♦"), (cards("8♥"),), (cards("3♥ 5♣"),)),)


def test_picks_that_name_no_move_at_all() -> None:
    state = position("8♦ 5♠", "8♣ K♥", table="5♥ 3♣", builds=(build("4♣+4♥=8", 1), build("2♣+6♥=8", 1)))
    assert read_pick(state, (), cards("5♥"), "capture").slip == "one_hand_card"
    assert read_pick(state, cards("8♦ 5♠"), cards("5♥"), "capture").slip == "one_hand_card"
    assert read_pick(state, cards("5♠"), cards("5♥"), "trail").slip == "trail_alone"
    assert read_pick(state, cards("5♠"), cards("4♣ 4♥ 2♣ 6♥"), "build").slip == "one_build"
    assert read_pick(state, cards("8♦"), (), "capture").refusal.code == "nothing_taken"
    assert read_pick(state, cards("8♦"), cards("4♣ 4♥ 2♣ 6♥ 5♥ 3♣"), "capture").moves  # two builds and 5+3
    assert isinstance(read_pick(state, cards("5♠"), (), "trail").moves[0], Trail)
