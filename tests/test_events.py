"""The engine's account of every step, checked against the engine's next state, in both languages.

Random deals of every Kaszinó preset are played with a cheap random policy (captures, lays, V3
passes, V6 false captures and challenges, manual claims, next deals), and of every Scopa preset
with uniformly random legal moves; every event of every step must agree with the state the step
produced (who drew first is the last capturer after the move, who starts, where the leftovers
went, who moves again, what a sweep scored, who won), and every event must render in Hungarian
and English with every field filled and every player numbered from 1. The fast variant plays 100
deals a preset (2 to 4 s of one core each); the slow one (``make test-long``) the 10,000 of
issue 20: about 95 s of one core a Scopa preset, 3 to 7 minutes a Kaszinó preset.
"""

from __future__ import annotations

import random
import re

import pytest
from depth import scaled

from kaszino.engine.cards import parse_cards
from kaszino.engine.events import (
    EVENT_KINDS,
    PLAYER_FIELDS,
    Added,
    Built,
    Captured,
    Challenged,
    Claimed,
    DealOver,
    Dealt,
    Drew,
    Event,
    GameOver,
    Laid,
    LastRound,
    Leftovers,
    MovesAgain,
    MustLay,
    Passed,
    Raised,
    Redealt,
    RoundOver,
    Starts,
    Swept,
)
from kaszino.games import family
from kaszino.games.kaszino.captures import Capture, captures
from kaszino.games.kaszino.moves import Challenge, Claim, Lay, Move, NextDeal, Pass
from kaszino.games.kaszino.rules import PRESETS, Rules
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.games.scopa.moves import NextDeal as ScopaNextDeal
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.rules import PRESETS as SCOPA_PRESETS
from kaszino.games.scopa.rules import ScopaRules
from kaszino.games.scopa.state import ScopaState
from kaszino.games.scopa.state import new_game as scopa_game
from kaszino.i18n import LANGUAGES, text_names
from kaszino.teach.narrate import event_message, event_name, narrate

FAST_DEALS = 100
SLOW_DEALS = 10_000


def choose(state: GameState, rng: random.Random) -> Move:
    """A random move, cheap to find: mostly a capture or a lay; now and then a call."""
    rules, n = state.rules, state.players
    if state.deal_over:
        return NextDeal()
    if state.pending is not None and rng.random() < 0.3:
        return Challenge(rng.choice([p for p in range(n) if p != state.pending.capturer]))
    if rules.claim == "manual" and rng.random() < 0.05:
        claim = Claim(rng.randrange(n))
        if state.problem(claim) is None:
            return claim
    if state.forced == "again" and rules.may_pass_after_tabla and rng.random() < 0.3:
        return Pass()
    hand = state.hands[state.to_move]
    if rules.fals and state.table and rng.random() < 0.1:  # an attempt, correct or not
        return Capture((rng.choice(hand),), (rng.choice(state.table),))
    found = captures(hand, state.table, rules)
    if found and rng.random() < 0.7:
        return rng.choice(found)
    return Lay(rng.choice(hand))


def check_step(before: GameState, move: Move, events: tuple[Event, ...], after: GameState) -> None:
    """Every event of the step against the state it produced (and nothing the state shows is left unsaid)."""
    rules, n = before.rules, before.players
    kinds = [event.kind for event in events]
    drew = next((e for e in events if isinstance(e, Drew)), None)
    for event in events:
        if isinstance(event, (Captured, Laid, Passed)):
            assert event.player == before.to_move
        if isinstance(event, Captured):
            assert event.hand == move.hand and event.table == move.table  # type: ignore[union-attr]
            assert event.challengeable == rules.fals and after.last_capturer == event.player
        elif isinstance(event, Swept):
            assert after.tabla_points[event.player] - before.tabla_points[event.player] == event.points > 0
        elif isinstance(event, MustLay):
            assert after.forced == "lay" and after.to_move == event.player == (before.to_move + 1) % n
            assert event.again == (len(after.hands[event.player]) > 1)
        elif isinstance(event, MovesAgain):
            assert after.to_move == event.player == before.to_move
            if event.reason == "forced":
                assert after.forced == "again" and before.forced == "lay"
            else:
                assert not any(hand for p, hand in enumerate(after.hands) if p != event.player)
        elif isinstance(event, RoundOver):
            assert event.round == before.round
            assert drew is not None or Leftovers.kind in kinds
        elif isinstance(event, Drew):
            last = after.last_capturer
            assert event.order[0] == (after.first_player if last is None else last)  # after the move
            assert event.reason == ("first_player" if last is None else "last_capturer")
            assert event.order == tuple((event.order[0] + i) % n for i in range(n))
            assert all(len(hand) == event.cards == rules.hand_size(after.round) for hand in after.hands)
        elif isinstance(event, Starts):
            assert drew is not None and event.player == after.to_move and event.round == after.round
            shift = 1 if rules.opponent_starts_after_draw else 0
            assert event.player == (drew.order[0] + shift) % n
            assert event.reason == ("after_first_drawer" if shift else "draws_first")
        elif isinstance(event, LastRound):
            assert event.open and event.round == after.round == rules.rounds and after.open_round
        elif isinstance(event, Leftovers):
            assert (after.deal_over and not after.table) or event.player is None
            if event.player is None:
                assert after.table == event.cards and (not event.cards or after.last_capturer is None)
            else:
                assert event.player == after.last_capturer and event.cards
                assert after.piles[event.player][-len(event.cards):] == event.cards
        elif isinstance(event, DealOver):
            assert after.deal_over and event.deal == after.deal and event.totals == after.totals()
        elif isinstance(event, Dealt):
            assert (event.deal, event.dealer, event.first) == (after.deal, after.dealer, after.to_move)
            assert event.deal == before.deal + 1
        elif isinstance(event, Claimed):
            assert after.finished and after.winner == event.player
            assert event.secured == after.totals()[event.player] >= (rules.target or 0)
            assert event.automatic == (not isinstance(move, Claim))
        elif isinstance(event, Challenged):
            assert isinstance(move, Challenge) and before.pending is not None
            assert (event.challenger, event.capturer) == (move.player, before.pending.capturer)
            assert event.false == before.pending.false
            gainer = event.challenger if event.false else event.capturer
            assert after.bonus[gainer] - before.bonus[gainer] == event.points
        elif isinstance(event, GameOver):
            assert after.finished and event.winner == after.winner and event.totals == after.totals()
    new_round = after.deal == before.deal and after.round > before.round
    assert new_round == (Drew.kind in kinds) == (Starts.kind in kinds)
    assert (LastRound.kind in kinds) == (new_round and after.round == rules.rounds)
    ended = after.deal_over and not before.deal_over and after.deal == before.deal
    assert ended == (DealOver.kind in kinds) == (Leftovers.kind in kinds)
    assert (MustLay.kind in kinds) == (after.forced == "lay" and before.forced != "lay")
    assert (GameOver.kind in kinds) == (after.finished and not before.finished)
    assert (Dealt.kind in kinds) == (after.deal > before.deal)


PLAYER_TEXT = {"hu": re.compile(r"(\d+)\. játékos"), "en": re.compile(r"[Pp]layers? (\d+)")}
FORBIDDEN = ("other player", "both hands", "másik játékos", "mindkét kéz")
"""Words that are wrong with three or four players."""


def check_words(event: Event, game: str = "kaszino") -> None:
    """The event in both languages: every field filled, each player named from 1 (never from 0)."""
    players: set[int] = set()
    for name in PLAYER_FIELDS:
        value = getattr(event, name, None)
        players.update(p + 1 for p in (value if isinstance(value, tuple) else (value,)) if isinstance(p, int))
    message = event_message(event, game)
    for lang in LANGUAGES:
        text = message.render(lang)
        assert "{" not in text and "}" not in text, text
        assert {int(number) for number in PLAYER_TEXT[lang].findall(text)} <= players, text
        assert not any(word in text.lower() for word in FORBIDDEN), text


def play_deals(rules: Rules, deals: int, seed: int = 0) -> set[str]:
    """Play ``deals`` random deals of ``rules`` (whole games, deal after deal); check every step.

    Returns the names of the sentences the events took (to see that all were reached)."""
    rng = random.Random(seed)
    played, said, steps = 0, set(), 0
    game = 0
    while played < deals:
        state = new_game(rules, seed=seed * 100_000 + game)
        game += 1
        while not state.finished and played < deals:
            move = choose(state, rng)
            step = state.step(move)
            steps += 1
            if steps % 8 == 0:  # play is the same step, without the account
                assert step.state == state.play(move)
            check_step(state, move, step.events, step.state)
            for event in step.events:
                said.add(event_name(event))
                check_words(event)
            played += step.state.deal_over and not state.deal_over
            state = step.state
    return said


PRESET_NAMES = list(PRESETS)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_event_of_random_deals_agrees_with_the_next_state(name: str) -> None:
    play_deals(PRESETS[name], scaled(FAST_DEALS), seed=1)


@pytest.mark.long
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_ten_thousand_random_deals_of_every_preset(name: str) -> None:
    play_deals(PRESETS[name], SLOW_DEALS, seed=2)


def check_scopa_step(before: ScopaState, move: ScopaMove | ScopaNextDeal, events: tuple[Event, ...],
                     after: ScopaState) -> None:
    """Every event of a Scopa step against the state it produced (docs/scopa.md)."""
    kinds = [event.kind for event in events]
    drew = next((e for e in events if isinstance(e, Drew)), None)
    leftovers = next((e for e in events if isinstance(e, Leftovers)), None)
    p = before.to_move
    for event in events:
        if isinstance(event, (Captured, Laid)):
            assert isinstance(move, ScopaMove) and event.player == p
        if isinstance(event, Captured):
            assert event.hand == (move.card,) and event.table == move.taken and move.taken  # type: ignore[union-attr]
            assert after.last_capturer == p and not set(event.table) & set(after.table)
            assert set(event.hand + event.table) <= set(after.piles[p])
        elif isinstance(event, Laid):
            assert event.card == move.card and not move.taken  # type: ignore[union-attr]
            assert event.card in after.table or (leftovers is not None and event.card in leftovers.cards)
        elif isinstance(event, Swept):
            assert event.player == p and Captured.kind in kinds
            assert not [c for c in before.table if c not in move.taken]  # type: ignore[union-attr]
            last_move = not before.talon and sum(map(len, before.hands)) == 1
            assert event.points == int(before.rules.scopa and not last_move)
            assert after.scopas[p] - before.scopas[p] == event.points
        elif isinstance(event, RoundOver):
            assert event.round == before.round and sum(map(len, before.hands)) == 1
        elif isinstance(event, Drew):
            assert event.order == (after.first_player, 1 - after.first_player)
            assert event.reason == "deal_order"
            assert all(len(hand) == event.cards == 3 for hand in after.hands)
        elif isinstance(event, Starts):
            assert drew is not None and event.player == after.to_move == drew.order[0]
            assert event.round == after.round == before.round + 1 and event.reason == "draws_first"
        elif isinstance(event, LastRound):
            assert not event.open and event.round == after.round and not after.talon and after.last_round
        elif isinstance(event, Leftovers):
            assert after.deal_over and event.cards and event.player == after.last_capturer
            if event.player is None:
                assert after.table == event.cards
            else:
                assert not after.table and after.piles[event.player][-len(event.cards):] == event.cards
        elif isinstance(event, DealOver):
            assert after.deal_over and event.deal == after.deal and event.totals == after.totals()
        elif isinstance(event, GameOver):
            assert after.finished and event.winner == after.winner and event.totals == after.totals()
        elif isinstance(event, Dealt):
            assert (event.deal, event.dealer, event.first) == (after.deal, after.dealer, after.to_move)
            assert event.deal == before.deal + 1 and event.dealer == 1 - before.dealer
        elif isinstance(event, Redealt):
            assert before.rules.kings_redeal and event.deal == after.deal and event.kings >= 3
        else:
            raise AssertionError(f"Scopa has no event {event!r}")
    new_round = after.deal == before.deal and after.round > before.round
    assert new_round == (Drew.kind in kinds) == (Starts.kind in kinds)
    assert (LastRound.kind in kinds) == (new_round and not after.talon)
    ended = after.deal_over and not before.deal_over
    assert ended == (DealOver.kind in kinds) == (RoundOver.kind in kinds and not new_round)
    if isinstance(move, ScopaMove):
        left = [c for c in before.table if c not in move.taken] + [move.card] * move.is_lay
        assert (Leftovers.kind in kinds) == (ended and bool(left))
        assert leftovers is None or sorted(leftovers.cards) == sorted(left)
    assert (GameOver.kind in kinds) == (after.finished and not before.finished)
    assert (Dealt.kind in kinds) == (after.deal > before.deal)
    assert Redealt.kind not in kinds or Dealt.kind in kinds


def play_scopa_deals(rules: ScopaRules, deals: int, seed: int = 0) -> set[str]:
    """Play ``deals`` random Scopa deals of ``rules`` (whole games), checking every step and
    telling every event in both languages; returns the sentences the events took."""
    rng = random.Random(seed)
    played, said, game = 0, set(), 0
    while played < deals:
        state = scopa_game(seed * 100_000 + game, rules)
        game += 1
        while not state.finished and played < deals:
            move = ScopaNextDeal() if state.deal_over else rng.choice(state.legal_moves())
            step = state.step(move)
            check_scopa_step(state, move, step.events, step.state)
            for event in step.events:
                said.add(event_name(event))
                check_words(event, "scopa")
            played += step.state.deal_over and not state.deal_over
            state = step.state
    return said


@pytest.mark.parametrize("name", list(SCOPA_PRESETS))
def test_every_event_of_random_scopa_deals_agrees_with_the_next_state(name: str) -> None:
    said = play_scopa_deals(SCOPA_PRESETS[name], scaled(FAST_DEALS), seed=1)
    assert {"captured", "laid", "drew_deal_order", "leftovers", "deal_over"} <= said


@pytest.mark.long
@pytest.mark.parametrize("name", list(SCOPA_PRESETS))
def test_ten_thousand_random_scopa_deals_of_every_preset(name: str) -> None:
    play_scopa_deals(SCOPA_PRESETS[name], SLOW_DEALS, seed=2)


C = parse_cards("5♠ 2♦ 3♣")
EXAMPLE_EVENTS: tuple[Event, ...] = (
    Captured(0, C[:1], C[1:]), Captured(0, C[:1], C[1:], challengeable=True), Laid(1, C[0]), Passed(2),
    Built(0, C[1], 5, C[1:]), Raised(1, C[1], 3, 5, C[1:]), Added(2, C[0], 5, C),
    Swept(0, 1), Swept(0, 2, first_move=True),
    Swept(0, 0), Redealt(1, 3), MustLay(1), MustLay(1, again=False),
    MovesAgain(0, "forced"), MovesAgain(3, "others_empty"), RoundOver(2),
    *(Drew(order, 3, reason)
      for order in ((1, 0), (2, 0, 1)) for reason in ("last_capturer", "first_player", "deal_order")),
    Starts(1, 3, "draws_first"), Starts(2, 3, "after_first_drawer"),
    LastRound(8, open=True), LastRound(5, open=False),
    Leftovers(C, 1), Leftovers((), None), Leftovers(C, None), DealOver(1, (5, 3)), Dealt(2, 0, 1),
    Claimed(1, 11, automatic=True), Challenged(1, 0, false=True, points=2),
    Challenged(1, 0, false=False, points=1), GameOver(0, (12, 7)), GameOver(None, (9, 9)),
)


def test_every_sentence_of_the_catalogue_belongs_to_an_event_and_renders() -> None:
    assert {event_name(event) for event in EXAMPLE_EVENTS} == text_names("events")
    assert {type(event) for event in EXAMPLE_EVENTS} == set(EVENT_KINDS)
    for event in EXAMPLE_EVENTS:
        check_words(event)


def test_scopa_has_its_own_words_where_kaszino_words_would_be_wrong() -> None:
    """Scopa's sentences replace Kaszinó's of the same name (no "tábla" in a Scopa deal), and every
    event of random Scopa deals is told in both languages, players from 1."""
    own = text_names("events_scopa")
    assert set(own) <= text_names("events")
    scopa = family("scopa")
    names: set[str] = set()
    for seed in range(30):
        state, rnd = scopa.new_game(seed), random.Random(seed)
        while not state.deal_over:
            step = state.step(rnd.choice(state.legal_moves()))
            for message in narrate(step.events, "scopa", with_move=True):
                names.add(message.name)
                for lang in ("hu", "en"):
                    text = message.render(lang)
                    assert "tábla" not in text.lower() and "{" not in text
            state = step.state
    assert set(own) - {"swept_first_move", "swept_no_points"} <= names


def test_casino_tells_its_builds_and_deals_in_its_own_words() -> None:
    """Random Casino deals of two, three and four players: every event told in both languages,
    players from 1, no tábla; builds made, raised and added to are among them."""
    own = text_names("events_casino")
    assert set(own) <= text_names("events")
    casino = family("casino")
    names: set[str] = set()
    drawers_after_first: set[object] = set()
    for seed in range(60):
        rules = list(casino.presets.values())[seed % 3]
        state, rnd = casino.new_game(seed, rules), random.Random(seed)
        while not state.deal_over:
            step = state.step(rnd.choice(state.legal_moves()))
            for message in narrate(step.events, "casino", with_move=True):
                names.add(message.name)
                if message.name == "drew_deal_order":
                    drawers_after_first.add(dict(message.fields)["count"])
                for lang in ("hu", "en"):
                    text = message.render(lang)
                    assert "tábla" not in text.lower() and "{" not in text
            state = step.state
    assert {"built", "raised", "added", "captured", "laid", "drew_deal_order",
            "last_round", "starts_draws_first"} <= names
    assert drawers_after_first == {1, 2, 3}  # both plural forms: one player after the first, and more


def test_a_casino_sweep_is_told_in_casinos_words() -> None:
    """Clearing the table earns nothing in Casino: its own sentence, not the generic one."""
    sweep = Swept(player=0, points=0, first_move=False)
    assert event_message(sweep, "casino").render("en").endswith("in Casino this scores nothing extra.")
