"""The Casino expert: legal, reproducible, blind to the hidden cards, exact in the known last hand
(checked against a brute force), stronger than greedy."""

from __future__ import annotations

from dataclasses import replace

import pytest
from play_helpers import Checked

from kaszino.engine.cards import Card
from kaszino.engine.lookahead import BudgetSpent, Nodes
from kaszino.errors import KaszinoError
from kaszino.games.casino import CasinoRules, parse_move
from kaszino.games.casino import expert as expert_module
from kaszino.games.casino.expert import (
    CasinoExpert,
    captures_first,
    estimate,
    exact,
    exact_search,
    hidden_deal,
    modelled,
    owners_hold,
    plays,
    reply,
    surprises,
)
from kaszino.games.casino.moves import Capture, NextDeal, Trail
from kaszino.games.casino.players import GreedyPlayer, RandomPlayer, move_worth, play_game, view_rng
from kaszino.games.casino.state import CasinoState, new_game

FAST = CasinoExpert(seed=5, worlds=4, turns=0)  # the legality and the repeats do not need the turns more


@pytest.mark.parametrize(("players", "seed"), [(2, 9), (3, 3), (4, 3)])  # seeds whose game is one deal
def test_every_move_it_makes_is_legal_and_games_repeat(players: int, seed: int) -> None:
    rules = CasinoRules(players=players, target=6)
    checked = Checked(FAST)
    seats = [checked if seat == 0 else RandomPlayer(seed=seat) for seat in range(players)]
    final = play_game(seats, seed=seed, rules=rules)
    assert final.finished and len(checked.seen) >= 12  # a whole deal at least
    again = [FAST if seat == 0 else RandomPlayer(seed=seat) for seat in range(players)]
    assert play_game(again, seed=seed, rules=rules) == final


def _hidden_swapped(state: CasinoState) -> CasinoState:
    """The same position with the next player's first card and the stock's last one exchanged."""
    other = (state.to_move + 1) % state.players
    hand, talon = state.hands[other], state.talon
    hands = list(state.hands)
    hands[other] = (talon[-1], *hand[1:])
    return replace(state, hands=tuple(hands), talon=(*talon[:-1], hand[0]))


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 2), (2, 3), (3, 4), (4, 2)])
def test_the_hidden_cards_never_change_its_choice(seed: int, players: int) -> None:
    state = new_game(seed, CasinoRules(players=players))
    for _ in range(2 + 3 * seed):
        state = state.play(GreedyPlayer().choose(state))
    twin = _hidden_swapped(state)
    assert state.turns  # the expert reads the hand's moves too: the same for both
    assert twin != state and twin.view(state.to_move) == state.view(state.to_move)
    expert = CasinoExpert(seed=seed, worlds=8)  # the default search, fewer worlds
    assert expert.assess(twin) == expert.assess(state)
    assert expert.choose(twin) == expert.choose(state)
    other = CasinoExpert(seed=seed + 1, worlds=8).assess(state)  # another seed samples other worlds
    assert other.move_values != expert.assess(state).move_values


def _last_hand(seed: int, held: int) -> CasinoState:
    """A two-player last hand (greedy against random) once each player holds at most ``held`` cards."""
    players = [GreedyPlayer(seed), RandomPlayer(seed)]
    state = new_game(seed)
    while not (state.last_round and max(map(len, state.hands)) <= held and not state.deal_over):
        state = state.play(players[state.to_move].choose(state))
    return state


def brute_force(state: CasinoState) -> int:
    """The mover's best margin of the deal's points, by trying every line to the deal's end."""
    best = None
    for move in plays(state):
        after = state.play(move)
        if after.deal_over:
            points = after.deal_scores()
            value = points[state.to_move] - points[1 - state.to_move]
        else:
            value = brute_force(after) * (1 if after.to_move == state.to_move else -1)
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def _value_after(state: CasinoState, move: object) -> int:
    after = state.play(move)  # type: ignore[arg-type]
    if not after.deal_over:
        return brute_force(after) * (1 if after.to_move == state.to_move else -1)
    points = after.deal_scores()
    return points[state.to_move] - points[1 - state.to_move]


@pytest.mark.parametrize("seed", range(8))
def test_captures_first_lists_the_same_moves_and_the_search_finds_the_same_values(seed: int) -> None:
    """The order the puzzles' search tries moves in (captures first, the most cards first) changes
    how many positions it searches, never a value; on each of these hands it searches no more."""
    state = _last_hand(seed, 3)
    ordered = captures_first(state)
    assert sorted(map(str, ordered)) == sorted(map(str, plays(state)))
    kinds = [0 if isinstance(move, Capture) else 2 if isinstance(move, Trail) else 1 for move in ordered]
    assert kinds == sorted(kinds)
    values, searched = [], []
    for moves in (plays, captures_first):
        nodes = Nodes(10**7)
        search = exact_search(nodes, moves)
        values.append({move: search.move_value(state, move) for move in plays(state)})
        searched.append(nodes.count)
    assert values[0] == values[1] == {move: float(_value_after(state, move)) for move in plays(state)}
    assert searched[1] <= searched[0], searched


@pytest.mark.parametrize("seed", range(8))
def test_the_known_last_hand_is_searched_exactly(seed: int) -> None:
    state = _last_hand(seed, 3)
    while not state.deal_over:
        assessment = CasinoExpert(seed=seed).assess(state)
        assert assessment.exact and assessment.worlds == 1
        truth = {move: _value_after(state, move) for move in plays(state)}
        assert assessment.move_values == {move: float(value) for move, value in truth.items()}
        assert truth[assessment.best] == brute_force(state) == max(truth.values())
        state = state.play(assessment.best)


def test_an_exact_search_past_its_budget_falls_back_to_the_model_then_to_the_known_world(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _last_hand(2, 3)
    with pytest.raises(BudgetSpent):
        exact(state, plays(state), Nodes(3))
    assert CasinoExpert(seed=2).assess(state).exact
    monkeypatch.setattr(expert_module, "EXACT_BUDGET", 3)
    modelled_only = CasinoExpert(seed=2).assess(state)  # every move searched against the model
    side = state.rules.side(state.to_move)
    assert not modelled_only.exact and (modelled_only.worlds, modelled_only.depth) == (1, 0)
    assert modelled_only.move_values == {
        move: against_greedy(state.play(move), side) for move in plays(state)}
    monkeypatch.setattr(expert_module, "MODEL_BUDGET", 3)
    searched = CasinoExpert(seed=2).assess(state)  # one world, one ply and the reply
    assert not searched.exact and (searched.worlds, searched.depth) == (1, 1)
    assert searched.best in plays(state)


def against_greedy(state: CasinoState, side: int) -> float:
    """``side``'s margin of a known deal's points when it plays its best and the other side, by every
    line, plays one of the moves greedy's weighing values most (the mean over them): no memory."""
    if state.deal_over:
        points = state.deal_scores()
        return float(points[side] - points[1 - side])
    values = [against_greedy(state.play(move), side) for move in plays(state)]
    if state.to_move == side:
        return max(values)
    worths = [move_worth(move) for move in plays(state)]
    likely = [value for value, worth in zip(values, worths, strict=True) if worth == max(worths)]
    return sum(likely) / len(likely)


GIVES_NOTHING_AWAY = CasinoState.from_notation(
    "rules=standard; seed=24; deal=1; dealer=1; scores=0 | 0; round=6; to_move=0; last_capturer=0; "
    "hands=J♣ 10♦ | 5♥ 8♦; table=K♠ J♦ 9♠ K♥ 5♣ Q♥ Q♣; builds=-; talon=-; piles=3♣ 3♦ J♠ J♥ 10♠ 2♠ "
    "4♥ 4♣ 7♠ 7♥ 7♦ 9♣ 3♥ 6♣ 9♥ 9♦ 4♦ 4♠ A♦ A♥ Q♠ Q♦ 8♥ 8♠ A♣ A♠ 10♣ 3♠ 7♣ 10♥ 8♣ 2♦ 6♦ 2♣ 2♥ | "
    "5♦ 5♠ K♣ K♦ 6♠ 6♥; result=-"
)
"""A known last hand: taking J♦, laying J♣ and laying 10♦ (no 5 or 8 takes it) are each worth 7
against the best defence; a player who takes what is worth most now answers 10♦ by taking 5♣, so
the expert's J♣ takes last and sweeps up the table with 10♦: 11."""


def test_of_the_moves_that_give_nothing_away_it_plays_the_best_against_the_model() -> None:
    state = GIVES_NOTHING_AWAY
    found = exact(state, plays(state), Nodes(10**6))
    assert set(found.move_values.values()) == {7.0}
    model = {move: modelled(state.play(move), 0, Nodes(10**6), {}) for move in plays(state)}
    assert model == {move: against_greedy(state.play(move), 0) for move in plays(state)}
    chosen = CasinoExpert().assess(state)
    assert chosen.exact and chosen.move_values == found.move_values
    assert chosen.best == Trail(Card.parse("10♦")) != found.best
    assert model[chosen.best] == 11.0 > model[found.best]


def test_with_three_players_the_last_hand_is_sampled() -> None:
    state = new_game(4, CasinoRules(players=3))
    players = [GreedyPlayer(1), GreedyPlayer(2), GreedyPlayer(3)]
    while not state.last_round:
        state = state.play(players[state.to_move].choose(state))
    assessment = FAST.assess(state)
    assert not assessment.exact and assessment.worlds == FAST.worlds


def test_it_passes_the_deal_on_and_refuses_to_assess_nothing() -> None:
    state = _last_hand(1, 4)
    while not state.deal_over:
        state = state.play(state.legal_moves()[0])
    assert FAST.choose(state) == NextDeal()
    with pytest.raises(KaszinoError, match="no move to assess"):
        FAST.assess(state)


def test_the_estimate_of_a_finished_deal_is_its_points() -> None:
    state = _last_hand(4, 4)
    while not state.deal_over:
        state = state.play(state.legal_moves()[0])
    points = state.deal_scores()
    assert estimate(state, 1) == points[1] - points[0] == -estimate(state, 0)


def test_the_node_budget_bounds_the_search() -> None:
    state = new_game(3)
    moves = len(plays(state))
    tiny = CasinoExpert(seed=5, depth=2, budget=1).assess(state)  # one world a ply deep, every move valued
    assert (tiny.worlds, tiny.depth) == (1, 1) and len(tiny.move_values) == moves
    ordinary = CasinoExpert(seed=5).assess(state)
    assert ordinary.worlds == CasinoExpert().worlds and ordinary.nodes <= CasinoExpert().budget
    deeper = CasinoExpert(seed=5, depth=3, budget=2_000).assess(state)
    assert deeper.nodes <= 2_000 + 1 and (deeper.worlds, deeper.depth) < (CasinoExpert().worlds, 3)


NO_CAPTURE = CasinoState.from_notation(
    "rules=standard; seed=0; deal=1; dealer=1; scores=0 | 0; round=2; to_move=0; last_capturer=0; "
    "hands=A♣ 2♣ | 6♣ 7♣; table=J♣ K♦ 4♥ 6♦; builds=-; talon=3♦ 3♠ 8♥ 7♠ 2♠ 9♥ 8♠ 4♣ 9♠ Q♠ 10♦ 9♣ "
    "10♣ 10♠ 6♥ 2♥ 5♦ J♦ 5♥ 4♠ 4♦ 7♥ J♠ K♠ J♥ A♥ Q♥ 5♠ 3♥ 6♠ 8♦ 8♣; "
    "piles=K♥ K♣ 9♦ A♦ 3♣ 5♣ | 10♥ A♠ 2♦ 7♦ Q♦ Q♣; result=-"
)
"""Player 0 can take nothing: greedy's weighing keeps the ace and lays 2♣, which player 1's 6♣
takes back with 4♥."""


def test_where_the_search_stops_the_other_side_plays_the_move_worth_most_then_the_expert_takes() -> None:
    state, side = NO_CAPTURE, 1
    assert all(isinstance(move, Trail) for move in plays(state))
    laid = state.play(GreedyPlayer().choose(state))
    assert laid.table[-1] == Card.parse("2♣")
    takes = [laid.play(move) for move in plays(laid) if isinstance(move, Capture)]
    best = max(estimate(after, side) for after in (laid, *takes))
    assert reply(state, side, Nodes(100)) == best > estimate(state, side)
    # the expert's own side to move: its best capture or none, nothing after it
    assert reply(laid, side, Nodes(100)) == best


def test_it_beats_greedy_in_a_seeded_match() -> None:
    """Eight seeds dealt twice, the seats swapped, games to 21: the expert (with only eight worlds a
    move) wins clearly most of them and takes more points (greedy beats random in 99 games of 100,
    and wins about half against itself)."""
    wins = points = against = 0
    for game in range(16):
        seat = game % 2
        greedy = GreedyPlayer(seed=game)
        expert = CasinoExpert(seed=game, worlds=8)
        final = play_game([expert, greedy] if seat == 0 else [greedy, expert], seed=100 + game // 2)
        wins += final.winner == seat
        points += final.totals()[seat]
        against += final.totals()[1 - seat]
    assert wins >= 11 and points > against


def _opponent_owns_a_build(seed: int) -> CasinoState:
    """A two-player position before the last hand where the player to move's opponent owns a build."""
    players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    state = new_game(seed)
    while not (state.builds and state.builds[0].owner != state.to_move and not state.last_round):
        state = state.play(players[state.to_move].choose(state))
        assert not state.deal_over, "no build in this deal"
    return state


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_every_world_gives_a_builds_owner_a_card_of_its_value(seed: int) -> None:
    state = _opponent_owns_a_build(seed)
    view = state.view(state.to_move)
    rng = view_rng(seed, view)
    owner = state.builds[0].owner
    values = {build.value for build in state.builds if build.owner == owner}
    for _ in range(50):
        hands, talon = hidden_deal(view, owners_hold(view, list(view.unseen), rng))
        assert values <= {card.value for card in hands[owner]}
        assert sorted((*hands[owner], *talon)) == sorted(view.unseen)


def test_a_world_swaps_the_owners_card_in_when_shuffles_miss(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert_module, "DEAL_TRIES", 0)  # no shuffle kept: the swap must do it
    state = _opponent_owns_a_build(1)
    view = state.view(state.to_move)
    owner = state.builds[0].owner
    hands, _ = hidden_deal(view, owners_hold(view, list(view.unseen), view_rng(1, view)))
    assert state.builds[0].value in {card.value for card in hands[owner]}


def _after_a_trail(seed: int) -> CasinoState:
    """A two-player position before the last hand, just after greedy trailed with cards left."""
    players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    state = new_game(seed)
    while True:
        before = state
        state = state.play(players[state.to_move].choose(state))
        turn = state.turns[-1] if state.turns else None
        if (turn is not None and isinstance(turn.move, Trail) and before.hands[turn.player][1:]
                and not state.last_round):
            return state
        assert not state.deal_over, "no trail in this deal"


def test_the_state_keeps_the_hands_turns_out_of_its_position_and_shows_them_in_every_view() -> None:
    state = _after_a_trail(0)
    turn = state.turns[-1]
    assert state.view(0).turns == state.view(1).turns == state.turns
    assert turn.table == state.table[:-1] and turn.move.card == state.table[-1]
    assert CasinoState.from_notation(state.notation()) == state and not CasinoState.from_notation(
        state.notation()).turns  # equal positions: the history is no part of one
    while state.round == 1 or state.to_move != state.first_player:
        state = state.play(GreedyPlayer().choose(state))
    assert state.round == 2 and not state.turns  # a new hand starts a new history


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_worlds_give_a_player_who_trailed_a_hand_that_could_take_nothing_better(seed: int) -> None:
    state = _after_a_trail(seed)
    view, rules = state.view(state.to_move), state.rules
    truth = state.hands
    assert surprises(view, rules, truth) == 0  # greedy did what greedy does
    rng = view_rng(seed, view)
    dealt = [hidden_deal(view, list(cards))[0] for cards in
             (owners_hold(view, list(view.unseen), rng, rules) for _ in range(20))]
    assert all(surprises(view, rules, hands) == 0 for hands in dealt)
    blind = [hidden_deal(view, owners_hold(view, list(view.unseen), rng))[0] for _ in range(60)]
    assert any(surprises(view, rules, hands) for hands in blind)  # the reading does filter


def test_a_move_worth_less_than_another_the_hand_allowed_is_a_surprise() -> None:
    state = NO_CAPTURE.play(Trail(Card.parse("A♣")))  # greedy keeps the ace and lays 2♣
    view = state.view(1)
    assert view.hands[0] is None and surprises(view, state.rules, state.hands) == 1
    laid = NO_CAPTURE.play(Trail(Card.parse("2♣")))
    assert surprises(laid.view(1), laid.rules, laid.hands) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_captures_are_the_captures_among_the_legal_moves(players: int) -> None:
    rules = CasinoRules(players=players)
    for seed in range(3):
        state, random_players = new_game(seed, rules), [RandomPlayer(seed=seat) for seat in range(players)]
        while not state.deal_over:
            moves = state.legal_moves()
            assert state.legal_captures() == [move for move in moves if isinstance(move, Capture)]
            state = state.play(random_players[state.to_move].choose(state))
        assert state.legal_captures() == []


def test_a_turn_more_lets_the_expert_play_by_greedys_weighing_and_the_other_side_reply_again() -> None:
    laid = NO_CAPTURE.play(GreedyPlayer().choose(NO_CAPTURE))  # the expert's side (1) to move
    moves = plays(laid)
    best = max(map(move_worth, moves))
    likely = [move for move in moves if move_worth(move) == best]
    assert len(likely) < len(moves)  # the weighing picks, no search
    after_each = [reply(laid.play(move), 1, Nodes(1000)) for move in likely]
    assert reply(laid, 1, Nodes(1000), turns=1) == sum(after_each) / len(after_each)
    start = new_game(3)  # a full hand: what the turn more sees changes some values
    shorter = [reply(start.play(move), 0, Nodes(1000)) for move in plays(start)]
    assert [reply(start.play(move), 0, Nodes(1000), turns=1) for move in plays(start)] != shorter
    first = CasinoExpert(seed=5, worlds=2, turns=1).assess(NO_CAPTURE)
    assert first.turns == 1 and first.worlds == 2


def test_a_first_world_too_big_for_its_budget_drops_the_turn_more() -> None:
    state = new_game(3)
    tiny = CasinoExpert(seed=5, turns=1, budget=1).assess(state)
    assert (tiny.worlds, tiny.depth, tiny.turns) == (1, 1, 0) and len(tiny.move_values) == len(plays(state))


def test_a_world_leaving_a_former_owner_no_move_at_an_earlier_turn_is_a_surprise() -> None:
    """Player 1 built 8 and added to it (so he kept an 8) before player 0 took the build: a world
    that gives him no 8 leaves him no legal move at that turn, which no real hand did."""
    state = CasinoState.from_notation(
        "rules=standard; seed=0; deal=2; dealer=0; scores=3 | 5; round=4; to_move=1; last_capturer=1; "
        "hands=J♠ 2♠ 8♣ 2♦ | 2♣ A♠ Q♦ 8♠; table=J♦ 5♥ 6♦ 4♥; builds=-; "
        "talon=A♥ A♦ 2♥ 3♥ 4♠ 5♠ 5♦ 5♣ 6♠ 10♥ 10♣ J♥ J♣ Q♠ K♥ K♦; "
        "piles=6♣ 6♥ 8♥ 8♦ Q♥ Q♣ 7♦ 7♠ | 9♥ 9♣ 4♣ A♣ 3♣ 4♦ 7♣ 7♥ 9♦ 9♠ 10♠ 10♦ K♣ K♠ 3♦ 3♠; result=-")
    for text in ("2♣:8=6♦", "2♠", "A♠:8=2♠+5♥,[2♣+6♦]", "8♣=[A♠+2♠+2♣+5♥+6♦]", "Q♦"):
        state = state.play(parse_move(text))
    view = state.view(0)
    assert not state.builds and view.hands[1] is None
    assert surprises(view, state.rules, state.hands) == 0  # the truth: he kept 8♠
    no_eight = (state.hands[0], (Card.parse("5♠"),))
    held = (Card.parse("A♠"), Card.parse("Q♦"), Card.parse("5♠"))
    adding = CasinoState(rules=state.rules, hands=((), held),
                         table=view.turns[2].table, builds=view.turns[2].builds, talon=(), piles=state.piles,
                         scores=state.scores, dealer=state.dealer, to_move=1)
    assert plays(adding) == []  # what that world says he held when he added to his build
    assert surprises(view, state.rules, no_eight) >= 1
    assert FAST.assess(state).best in plays(state)
