"""One conformance suite for every registered family of rules (kaszino.games.FAMILIES).

Random whole games, and at every step: the cards are conserved, the notation reads back to the
same state, no illegal move is accepted (``problem()`` refuses random junk and ``play`` raises
``IllegalMoveError`` leaving the state as it was), a player's view does not depend on where the
cards hidden from him lie, and each deal's points add up (Scopa: 4 plus the scopas when nobody ties
on cards, diamonds or primiera; Kaszinó: 12 plus the táblák when nobody ties on cards or spades;
Casino: 11 when nobody ties on cards or spades).
The few rules a test must know of a family (which cards a player cannot see, what a deal hands
out) are in its :class:`Kit`; everything else goes through the seam.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaszino.engine.cards import Suit
from kaszino.engine.view import SeatView
from kaszino.errors import IllegalMoveError, KaszinoError
from kaszino.games import FAMILIES, family

MAX_MOVES = 400


@dataclass(frozen=True)
class Kit:
    """What the suite must know of a family beyond the seam."""

    hidden_known: Callable[[Any], bool]
    """Whether the other hands are known to every player now (nothing hidden but the talon's order)."""
    deal_points: Callable[[Any], tuple[int, int | None]]
    """At a deal's end: the points handed out, and what they must add up to (None: some tie)."""


def _scopa_points(state: Any) -> tuple[int, int | None]:
    report = state.deal_report()
    expected = len(report.comparisons) + sum(state.scopas) if report.nobody_tied else None
    return sum(report.points), expected


def _casino_points(state: Any) -> tuple[int, int | None]:
    report = state.deal_report()
    tied = not report.nobody_tied or state.last_capturer is None
    return sum(report.points), None if tied else 11


def _kaszino_points(state: Any) -> tuple[int, int | None]:
    cards = [len(pile) for pile in state.piles]
    spades = [sum(card.suit is Suit.SPADES for card in pile) for pile in state.piles]
    tied = any(counts.count(max(counts)) > 1 for counts in (cards, spades)) or bool(state.table)
    return sum(score.total for score in state.deal_scores()), None if tied else 12 + sum(state.tabla_points)


KITS = {
    "scopa": Kit(lambda state: state.last_round or state.deal_over, _scopa_points),
    "kaszino": Kit(lambda state: state.open_round or state.deal_over, _kaszino_points),
    "casino": Kit(lambda state: state.deal_over or (state.last_round and state.players == 2), _casino_points),
}

FAMILY_NAMES = list(FAMILIES)


def test_every_family_has_a_kit() -> None:
    assert set(KITS) == set(FAMILIES)


def test_family_by_name() -> None:
    assert family("scopa").name == "scopa" and len(family("scopa").deck) == 40
    assert family("kaszino").name == "kaszino" and len(family("kaszino").deck) == 52
    assert family("casino").name == "casino" and len(family("casino").deck) == 52
    with pytest.raises(KaszinoError, match="no game family 'bridge'; known: kaszino, scopa, casino"):
        family("bridge")


def all_cards(state: Any) -> list[Any]:
    builds = getattr(state, "builds", ())
    return [*(card for hand in state.hands for card in hand), *state.table, *state.talon,
            *(card for build in builds for card in build.cards),
            *(card for pile in state.piles for card in pile)]


def junk(name: str, state: Any, rnd: random.Random) -> list[object]:
    """Random candidate moves: values that are no move at all, and random cards written as moves."""
    deck = family(name).deck
    candidates: list[object] = [None, 42, "7♦", (), object()]
    for _ in range(6):
        card, *taken = rnd.sample(deck, rnd.randrange(1, 4))
        text = f"{card}={'+'.join(map(str, taken))}" if taken else str(card)
        candidates.append(family(name).parse_move(text))
    return candidates


def refuses_what_is_not_legal(name: str, state: Any, rnd: random.Random) -> None:
    legal = state.legal_moves()
    before = state.notation()
    for move in junk(name, state, rnd):
        if move in legal:
            assert state.problem(move) is None
            continue
        assert state.problem(move) is not None, f"{move!r} accepted in {before}"
        with pytest.raises(IllegalMoveError):
            state.play(move)
        assert state.notation() == before


def shuffled_hidden(state: Any, viewer: int, rnd: random.Random) -> Any:
    """The same position with the cards ``viewer`` cannot see (the other hands, the talon) dealt anew."""
    others = [player for player in range(len(state.hands)) if player != viewer]
    hidden = [*(card for other in others for card in state.hands[other]), *state.talon]
    rnd.shuffle(hidden)
    hands = list(state.hands)
    for other in others:
        size = len(hands[other])
        hands[other], hidden = tuple(hidden[:size]), hidden[size:]
    return replace(state, hands=tuple(hands), talon=tuple(hidden))


def check_step(name: str, state: Any, rnd: random.Random) -> None:
    fam = family(name)
    kit = KITS[name]
    assert sorted(all_cards(state)) == sorted(fam.deck)
    assert fam.from_notation(state.notation()) == state
    if rnd.random() < 0.2:
        refuses_what_is_not_legal(name, state, rnd)
    for viewer in range(state.players):
        view = state.view(viewer)
        check_seat_view(state, viewer, view)
        if not kit.hidden_known(state):
            assert shuffled_hidden(state, viewer, rnd).view(viewer) == view
    if state.deal_over:
        handed_out, expected = kit.deal_points(state)
        if expected is not None:
            assert handed_out == expected


def check_seat_view(state: Any, viewer: int, view: SeatView) -> None:
    """The part of the view every family shares: the viewer's own hand, every hand's size, and each
    card of the game either seen (a known hand, the table, a pile) or listed as unseen."""
    assert isinstance(view, SeatView) and view.player == viewer and view.hand == state.hands[viewer]
    assert view.hand_sizes == tuple(map(len, state.hands)) and view.talon_count == len(state.talon)
    seen = [card for hand in view.hands if hand is not None for card in hand]
    hidden = [card for hand in state.hands for card in hand] + list(state.talon)
    assert sorted(seen + list(view.unseen)) == sorted(hidden)
    assert (view.table, view.piles, view.to_move) == (state.table, state.piles, state.to_move)


@pytest.mark.parametrize("name", FAMILY_NAMES)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_random_whole_games(name: str, seed: int, choices: int) -> None:
    rnd = random.Random(choices)
    state = family(name).new_game(seed)
    moves = 0
    while not state.finished and moves < MAX_MOVES:
        check_step(name, state, rnd)
        move = rnd.choice(state.legal_moves())
        step = state.step(move)
        assert step.state == state.play(move) and step.events
        state = step.state
        moves += 1
    check_step(name, state, rnd)
    assert state.finished or moves == MAX_MOVES


@pytest.mark.parametrize("name", FAMILY_NAMES)
def test_a_view_shows_the_other_hand_once_it_is_known(name: str) -> None:
    """The view check above is not empty: where the other hand is known, dealing it anew shows."""
    state = family(name).new_game(3)
    while not KITS[name].hidden_known(state):
        state = state.play(state.legal_moves()[0])
    changed = shuffled_hidden(state, 0, random.Random(1))
    assert changed.hands != state.hands and changed.view(0) != state.view(0)
