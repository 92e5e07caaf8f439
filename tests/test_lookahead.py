"""The expert's search in one world: same-depth values within a node budget, the horizon's threats,
the end of the game, and the budget of a whole move."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kaszino import PRESETS, STANDARD, GameState, Lay, new_game
from kaszino.engine.cards import DECK, parse_cards
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.players import ExpertPlayer, GreedyPlayer, RandomPlayer, computer_move, table_moves
from kaszino.games.kaszino.players.expert import sample_world, unseen_cards
from kaszino.games.kaszino.players.lookahead import CALLS_PER_MODEL, WIN, World, horizon_margin, model_for


def positions(seed: int, count: int) -> list[GameState]:
    """Positions before the open last round (greedy against random), someone to move."""
    players = [GreedyPlayer(), RandomPlayer(seed=seed)]
    state = new_game(STANDARD.with_changes(target=1000), seed=seed)
    found = []
    while len(found) < count and not state.finished:
        if not state.deal_over and state.pending is None and not state.open_round:
            found.append(state)
        state = state.play(computer_move(state, players))
    return found


def world_of(state: GameState, seed: int = 0) -> World:
    me = state.to_move
    unseen = unseen_cards(state, me)
    order = list(range(len(unseen)))
    random.Random(seed).shuffle(order)
    return World.of(state, me, *sample_world(state, me, unseen, order))


def test_a_roomy_budget_searches_every_move_to_the_full_depth() -> None:
    for state in positions(3, 12)[::3]:
        world = world_of(state)
        steps = [world.model.of_move(move) for move in table_moves(state)]
        depth = sum(map(len, state.hands))
        found = world.deepest(steps, depth, 10**9)
        fresh = world_of(state)
        assert found == {step: fresh.value(fresh.play(fresh.root, step), depth - 1) for step in steps}


def test_a_tight_budget_still_judges_every_move_and_stops_in_time() -> None:
    for state in positions(5, 30)[::5]:
        world = world_of(state)
        steps = list(dict.fromkeys(world.model.of_move(move) for move in table_moves(state)))
        found = world.deepest(steps, sum(map(len, state.hands)), 40)
        assert set(found) == set(steps)
        # one node per move for the first ply, then at most the budget
        assert world.nodes <= len(steps) + 40 + 1


def arranged(hands: list[str], table: str, talon: str, round_number: int, **fields: object) -> GameState:
    """A deal with the given cards in hands, on the table and in the talon; the rest of the deck in
    the two piles alternately."""
    placed = [parse_cards(text) for text in [*hands, table, talon]]
    used = {card for cards in placed for card in cards}
    rest = [card for card in DECK if card not in used]
    state = new_game(STANDARD, seed=0)
    return replace(state, hands=tuple(tuple(cards) for cards in placed[:2]), table=tuple(placed[2]),
                   talon=tuple(placed[3]), piles=(tuple(rest[::2]), tuple(rest[1::2])),
                   round=round_number, **fields)


def test_the_horizon_sees_the_sweep_of_the_player_to_move() -> None:
    # player 0 lays his last card of the round; player 1, the last capturer, draws first (5♠ 4♦ Q♥)
    # and starts: he sweeps 7♥ 2♣ with 5♠ 4♦ — past the search's horizon, but the estimate sees it
    talon = "5♠ 4♦ Q♥ 2♥ 5♣ 6♣"
    state = arranged(["2♣", ""], "7♥", talon, 7, to_move=0, last_capturer=1, dealer=1)
    world = World.of(state, 0, state.hands, state.talon)
    after = world.play(world.root, world.model.of_move(Lay(parse_cards("2♣")[0])))
    assert after[0][2] == 1, "the last capturer starts the next round"
    counters = after[0][6]
    static = horizon_margin(STANDARD, 0, counters)
    assert world.estimate(after) <= static - 1, "the sweep (a tábla) is counted against the expert"


def test_securing_the_target_first_ends_the_game() -> None:
    # both players are one point short of 11: whoever takes an ace first wins the game
    state = arranged(["A♠ K♥ 5♥", "A♣ 8♥ 3♦"], "A♥ 6♣ 7♦", "Q♣ Q♦ J♣ J♦ 4♣ 4♥", 7,
                     to_move=0, last_capturer=1, dealer=1, deal=2)
    secured = [score.total for score in state.deal_scores()]
    state = replace(state, scores=(10 - secured[0], 10 - secured[1]))
    assert state.totals() == (10, 10)
    world = World.of(state, 0, state.hands, state.talon)
    for move in table_moves(state):
        value = world.value(world.play(world.root, world.model.of_move(move)), 5)
        takes_an_ace = isinstance(move, Capture) and any(card.value == 1 for card in move.cards)
        assert value == (WIN if takes_an_ace else -WIN), f"{move}: {value}"


def test_the_whole_move_keeps_to_its_budget() -> None:
    expert = ExpertPlayer(seed=2, samples=8, budget=300)
    for state in positions(11, 40)[::4]:
        assessment = expert.assess(state)
        moves = len(table_moves(state))
        assert assessment.best in table_moves(state)
        assert assessment.nodes <= 300 + assessment.worlds * (moves + 1)


def test_more_budget_means_deeper_or_more_worlds() -> None:
    state = positions(7, 8)[-1]
    small = ExpertPlayer(seed=1, budget=50).assess(state)
    large = ExpertPlayer(seed=1, budget=50_000).assess(state)
    assert small.nodes < large.nodes
    assert isinstance(small.best, (Capture, Lay)) and isinstance(large.best, (Capture, Lay))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_gets_legal_moves_within_the_budget(name: str) -> None:
    rules = PRESETS[name]
    players = [GreedyPlayer() if p % 2 else RandomPlayer(seed=p) for p in range(rules.players)]
    state = new_game(rules, seed=3)
    expert = ExpertPlayer(seed=1, samples=6, budget=200)
    checked = 0
    while not state.finished and checked < 8:
        if not state.deal_over and state.pending is None and len(table_moves(state)) > 1:
            assessment = expert.assess(state)
            assert assessment.best in table_moves(state), f"{assessment.best} in {state.notation()}"
            if not assessment.exact:
                assert assessment.nodes <= 200 + assessment.worlds * (len(table_moves(state)) + 1)
            checked += 1
        state = state.play(computer_move(state, players))
    assert checked == 8


def test_the_search_model_is_renewed_so_its_caches_stay_small() -> None:
    rules = STANDARD.with_changes(target=12)
    first = model_for(rules)
    seen = {id(model_for(rules)) for _ in range(CALLS_PER_MODEL + 1)}
    assert len(seen) == 2 and model_for(rules) is not first
