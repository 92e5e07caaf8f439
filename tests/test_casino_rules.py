"""Casino, rule by rule (docs/casino.md): one small position per rule, worked out by hand.

The cases cover what public Casino engines test too: face cards take only their rank, one card at
a time; several groups and builds in one capture; single and multiple builds; raising and adding;
a build's cards never split; the owner's duties; the deal for two, three and four; the scoring
with its ties and the game to 21.
"""

from __future__ import annotations

import pytest
from casino_positions import build, cards, moves, position

from kaszino.engine.cards import DECK, Card
from kaszino.engine.events import (
    Added,
    Built,
    Captured,
    Drew,
    Laid,
    LastRound,
    Leftovers,
    Raised,
    Starts,
    Swept,
)
from kaszino.errors import IllegalMoveError, NotationError
from kaszino.games.casino import (
    BuildMove,
    Capture,
    CasinoRules,
    NextDeal,
    Trail,
    deal_report,
    game_winner,
    new_game,
    parse_move,
)
from kaszino.games.casino.deck import capture_value, is_number


def refused(state: object, text: str) -> str:
    """The code of the refusal of the move ``text`` (and ``play`` raises)."""
    move = parse_move(text)
    refusal = state.problem(move)  # type: ignore[attr-defined]
    assert refusal is not None, text
    with pytest.raises(IllegalMoveError):
        state.play(move)  # type: ignore[attr-defined]
    return str(refusal.code)


# --- §10.1 the deck ---------------------------------------------------------------------------


def test_the_deck_has_52_cards_and_only_a_to_10_are_number_cards() -> None:
    assert len(DECK) == 52
    assert [card for card in DECK if is_number(card)] == [card for card in DECK if card.value <= 10]
    assert capture_value(Card.parse("A♠")) == 1 and capture_value(Card.parse("10♦")) == 10


def test_a_face_card_takes_one_loose_card_of_its_rank_only() -> None:
    state = position("Q♠ 4♠", "2♣ 3♣", table="Q♥ Q♦ 5♥ 7♣")
    assert {m for m in moves(state) if m.startswith("Q♠")} == {"Q♠=Q♥", "Q♠=Q♦", "Q♠"}
    assert refused(state, "Q♠=Q♥,Q♦") == "face_takes_rank"
    assert refused(state, "Q♠=5♥+7♣") == "face_takes_rank"


def test_a_face_card_never_joins_a_sum_or_a_build() -> None:
    state = position("10♠ 2♠", "2♣ 3♣", table="J♥ 8♦")
    assert refused(state, "10♠=J♥") == "face_in_sum"
    assert refused(state, "2♠:10=8♦,J♥") == "face_in_sum"
    assert refused(state, "J♥:10=8♦") == "not_in_hand"
    faces = position("J♠ 10♠", "2♣ 3♣", table="8♦")
    assert refused(faces, "J♠:10=8♦") == "face_cannot_build"


# --- §10.2 players and the deal ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "hands"), [(2, 6), (3, 4), (4, 3)])
def test_four_cards_each_and_four_to_the_table_until_the_deck_is_used(players: int, hands: int) -> None:
    state = new_game(seed=7, rules=CasinoRules(players=players))
    assert [len(hand) for hand in state.hands] == [4] * players and len(state.table) == 4
    assert state.dealer == players - 1 and state.to_move == 0
    assert len(state.talon) == 48 - 4 * players
    seen, announced, starts = {1}, [], []
    order = [state.to_move]
    while not state.deal_over:
        step = state.step(state.legal_moves()[0])
        announced += [e for e in step.events if isinstance(e, LastRound)]
        starts += [e for e in step.events if isinstance(e, Starts)]
        for event in step.events:
            if isinstance(event, Drew):
                assert event.order == tuple(range(players)) and event.cards == 4
        state = step.state
        seen.add(state.round)
        if not state.deal_over:
            order.append(state.to_move)
    assert seen == set(range(1, hands + 1)) and state.rules.rounds == hands
    assert announced == [LastRound(hands, open=False)]
    assert all(start.player == 0 for start in starts)
    assert order == [move % players for move in range(4 * players * hands)]


def test_the_player_after_the_dealer_starts_and_the_deal_passes_on() -> None:
    state = new_game(seed=3, rules=CasinoRules(players=3), dealer=1)
    assert state.to_move == 2
    while not state.deal_over:
        state = state.play(state.legal_moves()[0])
    state = state.play(NextDeal())
    assert state.dealer == 2 and state.to_move == 0 and state.deal == 2


def test_four_players_score_in_two_teams_partners_opposite() -> None:
    rules = CasinoRules(players=4)
    assert [rules.side(p) for p in range(4)] == [0, 1, 0, 1] and rules.sides == 2
    report = deal_report((cards("10♦ A♠"), cards("2♠"), cards("A♥ A♦"), ()), rules)
    assert report.points == (3 + 2 + 3, 1) and report.cards == (4, 1) and report.most_spades is None


# --- §10.3 a move plays exactly one hand card ---------------------------------------------------


def test_a_move_plays_exactly_one_hand_card() -> None:
    with pytest.raises(NotationError, match="exactly one hand card"):
        parse_move("8♠+A♠=9♦")
    assert parse_move("5♣") == Trail(Card.parse("5♣"))


# --- §10.4 capturing with a number card ---------------------------------------------------------


def test_the_rules_example_an_eight_takes_several_groups_never_all_six() -> None:
    state = position("8♠ K♠", "2♣ K♣", table="A♥ 2♥ 3♦ 5♠ 6♣ 8♦")
    assert state.problem(parse_move("8♠=8♦,6♣+2♥,5♠+3♦")) is None
    assert state.problem(parse_move("8♠=8♦,5♠+2♥+A♥")) is None
    after = state.play(parse_move("8♠=8♦,6♣+2♥,5♠+3♦"))
    assert after.table == cards("A♥")
    assert refused(state, "8♠=8♦,6♣+2♥,5♠+3♦+A♥") == "group_sum"
    eights = {m for m in state.legal_moves() if isinstance(m, Capture) and m.card == Card.parse("8♠")}
    assert max(len(m.taken) for m in eights) == 5
    assert not any(len(m.taken) == 6 for m in eights)


def test_a_capture_may_take_any_choice_of_the_groups() -> None:
    state = position("5♠ K♠", "2♣ K♣", table="5♥ 2♦ 3♦")
    assert {m for m in moves(state) if m.startswith("5♠=")} == {"5♠=5♥", "5♠=2♦+3♦", "5♠=2♦+3♦,5♥"}
    assert refused(state, "5♠=5♥+2♦") == "group_sum"
    assert refused(state, "5♠=4♦") == "not_on_table"


# --- §10.5 trailing -----------------------------------------------------------------------------


def test_trailing_is_allowed_even_when_a_capture_exists() -> None:
    state = position("5♠ K♠", "2♣ K♣", table="5♥")
    step = state.step(parse_move("5♠"))
    assert step.events == (Laid(0, Card.parse("5♠")),) and step.state.table == cards("5♥ 5♠")


def test_the_owner_of_a_build_may_not_trail() -> None:
    state = position("8♠ 4♠ K♠", "2♣ K♣ Q♣", table="4♦", builds=(build("5♥+3♣=8", 0),))
    assert not any(isinstance(m, Trail) for m in state.legal_moves())
    assert refused(state, "K♠") == "owner_trails"
    assert refused(state, "4♠") == "owner_trails"
    assert state.problem(parse_move("4♠=4♦")) is None  # he may capture something else
    assert state.problem(parse_move("4♠:8=4♦,[3♣+5♥]")) is None  # or add to his build


# --- §10.6 builds -------------------------------------------------------------------------------


def test_a_single_build_a_three_on_a_loose_five_announced_eight() -> None:
    state = position("3♠ 8♠", "2♣ K♣", table="5♥")
    step = state.step(parse_move("3♠:8=5♥"))
    made = step.state.builds
    assert len(made) == 1 and made[0].value == 8 and made[0].owner == 0 and made[0].single
    assert set(made[0].cards) == set(cards("3♠ 5♥")) and step.state.table == ()
    assert step.events == (Built(0, Card.parse("3♠"), 8, made[0].cards),)


def test_a_build_needs_a_card_of_its_value_kept_in_hand() -> None:
    state = position("3♠ 9♠", "2♣ K♣", table="5♥")
    assert refused(state, "3♠:8=5♥") == "keeps_no_card"
    assert not any(isinstance(m, BuildMove) for m in state.legal_moves())


def test_the_rules_example_of_a_multiple_build_of_seven() -> None:
    state = position("2♠ 7♠", "2♣ K♣", table="5♦ 3♣ 4♥ 7♦")
    after = state.play(parse_move("2♠:7=5♦,3♣+4♥,7♦"))
    (made,) = after.builds
    assert made.value == 7 and not made.single and len(made.groups) == 3
    assert sorted(made.groups[0]) == sorted(cards("2♠ 5♦")) and after.table == ()


def test_a_builds_cards_cannot_be_taken_one_by_one_or_split() -> None:
    state = position("5♠ 8♠", "8♣ K♣", table="2♦", builds=(build("5♥+3♣=8", 1),))
    assert refused(state, "5♠=5♥") == "build_split"
    assert refused(state, "5♠=3♣+2♦") == "build_split"
    assert refused(state, "8♠=[5♥]") == "not_a_build"


def test_taking_a_build_with_the_loose_cards_groups_and_builds_of_its_value() -> None:
    builds = (build("5♥+3♣=8", 1), build("6♦+2♦=8", 0))
    state = position("8♠ 8♥ K♠", "8♣ K♣ Q♣", table="8♦ 7♠ A♣ 4♠", builds=builds, to_move=1, last_capturer=0)
    move = parse_move("8♣=8♦,7♠+A♣,[5♥+3♣],[6♦+2♦]")
    step = state.step(move)
    assert step.state.builds == () and step.state.table == cards("4♠")
    assert step.events[0] == Captured(1, cards("8♣"), move.taken)  # type: ignore[union-attr]
    assert state.problem(parse_move("8♣=[3♣+5♥]")) is None


def test_a_build_of_seven_beside_a_loose_two_is_not_taken_by_a_nine() -> None:
    state = position("9♠ 7♠", "2♣ K♣", table="2♦", builds=(build("4♥+3♣=7", 0),))
    assert refused(state, "9♠=[4♥+3♣]") == "build_value"
    assert refused(state, "9♠=2♦+4♥+3♣") == "build_split"


def test_the_owner_may_not_spend_his_last_card_of_its_value_elsewhere() -> None:
    state = position("8♠ 6♠", "2♣ K♣", table="8♦ 6♥", builds=(build("5♥+3♣=8", 0),))
    assert refused(state, "8♠=8♦") == "leaves_build"
    assert state.problem(parse_move("8♠=8♦,[3♣+5♥]")) is None
    two = position("8♠ 8♥ 6♠", "2♣ K♣", table="8♦", builds=(build("5♥+3♣=8", 0),))
    assert two.problem(parse_move("8♠=8♦")) is None  # he keeps another 8


def test_a_single_build_is_raised_by_one_hand_card_keeping_the_new_value() -> None:
    state = position("2♠ 8♠", "6♣ K♣", table="A♦", builds=(build("3♥+3♦=6", 1),))
    step = state.step(parse_move("2♠:8=[3♦+3♥]"))
    (raised,) = step.state.builds
    assert (raised.value, raised.owner, raised.single) == (8, 0, True)
    assert step.events[0] == Raised(0, Card.parse("2♠"), 6, 8, raised.cards)
    assert refused(state, "2♠:9=A♦,[3♦+3♥]") in {"raise_by_card", "group_sum"}
    assert refused(state, "2♠:9=[3♦+3♥]") == "raise_by_card"


def test_loose_cards_cannot_supply_the_increase_but_groups_of_the_new_value_may_come_in() -> None:
    state = position("A♠ 8♠", "6♣ K♣", table="A♦ 5♣ 3♠", builds=(build("3♥+3♦=6", 1),))
    assert refused(state, "A♠:8=A♦,[3♦+3♥]") == "raise_by_card"
    assert refused(state, "A♠:7=[3♦+3♥]") == "keeps_no_card"
    rich = position("2♠ 8♠", "6♣ K♣", table="5♣ 3♠", builds=(build("3♥+3♦=6", 1),))
    (gathered,) = rich.play(parse_move("2♠:8=[3♦+3♥],3♠+5♣")).builds
    assert gathered.value == 8 and not gathered.single


def test_a_multiple_builds_value_never_changes() -> None:
    state = position("2♠ 10♠", "8♦ K♣", table="", builds=(build("4♥+4♦,8♣=8", 1),))
    assert refused(state, "2♠:10=[4♥+4♦+8♣]") == "multiple_fixed"
    assert not any(isinstance(m, BuildMove) and m.value == 10 for m in state.legal_moves())


def test_adding_to_a_build_without_changing_its_value() -> None:
    state = position("6♠ 9♠", "9♣ K♣", table="3♣ 2♦", builds=(build("5♥+4♣=9", 1),))
    step = state.step(parse_move("6♠:9=3♣,[4♣+5♥]"))
    (added,) = step.state.builds
    assert (added.value, added.owner, len(added.groups)) == (9, 0, 2) and step.state.table == cards("2♦")
    assert step.events[0] == Added(0, Card.parse("6♠"), 9, added.cards)
    assert refused(state, "6♠:9=2♦,[4♣+5♥]") == "partner_sum"
    keepless = position("6♠ 8♠", "9♣ K♣", table="3♣", builds=(build("5♥+4♣=9", 1),))
    assert refused(keepless, "6♠:9=3♣,[4♣+5♥]") == "keeps_no_card"


def test_build_values_run_from_2_to_10() -> None:
    state = position("A♠ A♥ 2♠", "2♣ K♣", table="A♦")
    assert state.problem(parse_move("A♠:2=A♦")) is None
    assert refused(state, "A♠:1=A♦") == "build_range"
    assert refused(position("2♠ 8♠", "2♣ K♣", table="5♥"), "2♠:11=5♥") == "build_range"


# --- §10.7 the end of a deal and its scoring ----------------------------------------------------


def test_the_leftovers_go_to_the_last_capturer() -> None:
    state = position("5♠", "K♦", table="5♥ 2♦", to_move=1, last_capturer=1)
    state = state.play(parse_move("K♦"))
    step = state.step(parse_move("5♠=5♥"))
    assert Leftovers(cards("2♦ K♦"), 0) in step.events
    assert step.state.table == () and set(cards("2♦ K♦")) <= set(step.state.piles[0])


def test_clearing_the_table_earns_nothing() -> None:
    state = position("5♠ K♠", "2♣ K♣", table="5♥")
    step = state.step(parse_move("5♠=5♥"))
    assert Swept(0, 0) in step.events


def test_the_scoring_of_a_deal() -> None:
    rules = CasinoRules()
    mine = cards("A♠ A♥ 10♦ 2♠ 3♠ 4♠ 5♠ 6♥")
    report = deal_report((mine, tuple(c for c in DECK if c not in mine)), rules)
    assert report.cards == (8, 44) and report.spades == (5, 8) and report.aces == (2, 2)
    assert report.points == (2 + 2 + 1, 3 + 1 + 2) and sum(report.points) == 11


def test_a_tie_on_cards_or_spades_gives_nothing() -> None:
    half = DECK[:26]
    report = deal_report((half, DECK[26:]), CasinoRules())
    assert report.cards == (26, 26) and report.most_cards is None
    assert sum(report.points) == 11 - 3 - (report.most_spades is None)


# --- §10.8 the game -----------------------------------------------------------------------------


def test_the_game_to_21_the_highest_wins_and_a_tie_plays_on() -> None:
    assert game_winner((20, 15), 21) is None
    assert game_winner((21, 15), 21) == 0
    assert game_winner((22, 24), 21) == 1
    assert game_winner((23, 23), 21) is None
    assert game_winner((23, 23, 12), 21) is None and game_winner((23, 22, 25), 21) == 2
