"""Teaching positions: every scene is a whole, consistent game, whatever the lesson names."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from kaszino.engine.cards import DECK, Suit
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.rules import PRESETS, STANDARD
from kaszino.games.kaszino.scoring import card_points
from kaszino.games.kaszino.state import GameState
from kaszino.teach.scenes import Pile, scene


def every_card(state: GameState) -> list[object]:
    cards = [*state.table, *state.talon]
    for hand, pile in zip(state.hands, state.piles, strict=True):
        cards += [*hand, *pile]
    return cards


def test_a_default_scene_holds_each_card_once_and_a_talon_for_the_later_rounds() -> None:
    state = scene(["5♠ A♥ K♣", "7♦ 8♣ 9♥"], "2♦ 4♣", round=3)
    assert sorted(every_card(state)) == sorted(DECK)  # type: ignore[type-var]
    assert len(state.talon) == STANDARD.talon_after(3)
    assert [" ".join(map(str, hand)) for hand in state.hands] == ["5♠ A♥ K♣", "7♦ 8♣ 9♥"]
    assert abs(len(state.piles[0]) - len(state.piles[1])) <= 1


def test_a_counted_pile_gets_plain_cards_up_to_its_count_and_spades() -> None:
    state = scene(["", ""], round=8, piles=[Pile("A♥ 10♦", count=28, spades=6), Pile(count=None)])
    mine = state.piles[0]
    assert len(mine) == 28
    assert sum(card.suit is Suit.SPADES for card in mine) == 6
    assert card_points(mine, STANDARD) == 3  # only the named A♥ and 10♦ score
    assert state.deal_over


def test_unnamed_point_cards_wait_in_the_talon() -> None:
    state = scene(["3♣ 4♣ 5♣", "6♣ 7♣ 8♣"], "9♣", round=2, piles=[Pile(count=2), Pile(count=None)])
    assert all(card_points((card,), STANDARD) == 0 for pile in state.piles for card in pile)


@given(round_number=st.integers(1, 8), mine=st.integers(0, 10), spades=st.integers(0, 5))
def test_any_scene_can_be_played_to_the_end_of_the_deal(round_number: int, mine: int, spades: int) -> None:
    spades = min(spades, mine)
    assume(mine <= len(DECK) - 8 - STANDARD.talon_after(round_number))
    state = scene(["2♥ 3♥ 4♥", "5♥ 6♥ 7♥"], "8♥ 9♥", round=round_number,
                  rules=STANDARD.with_changes(claim="manual"),
                  piles=[Pile(count=mine, spades=spades), Pile(count=None)],
                  last_capturer=0 if mine else None)  # an empty pile captured nothing
    assert sorted(every_card(state)) == sorted(DECK)  # type: ignore[type-var]
    while not state.deal_over:
        state = state.play(state.legal_moves()[0])
    assert sum(len(pile) for pile in state.piles) + len(state.table) == len(DECK)


@pytest.mark.parametrize("name", ["p3", "p4"])
def test_scenes_of_three_and_four_players_hold_the_whole_deck(name: str) -> None:
    rules = PRESETS[name]
    hands = ["2♥ 3♥ 4♥", "5♥ 6♥ 7♥", "8♥ 9♥ 10♥", "J♥ Q♥ K♥"][:rules.players]
    state = scene(hands, "A♥", rules=rules, round=2)
    assert sorted(every_card(state)) == sorted(DECK)  # type: ignore[type-var]
    assert len(state.talon) == rules.talon_after(2)


@pytest.mark.parametrize(("hands", "table", "piles", "problem"), [
    (["5♠ A♥", "5♠"], "", None, "named twice"),
    (["5♠"], "", None, "needs 2 hands"),
    (["5♠", "6♠"], "", [Pile(count=40), Pile(count=40)], "left|plain"),
    (["5♠", "6♠"], "", [Pile("A♥ 2♥", count=1), Pile(count=None)], "counts only 1"),
    (["5♠", "6♠"], "", [Pile(count=None), Pile(count=None)], "at most one pile"),
])
def test_a_scene_whose_cards_do_not_add_up_is_refused(
    hands: list[str], table: str, piles: list[Pile] | None, problem: str
) -> None:
    with pytest.raises(KaszinoError, match=problem):
        scene(hands, table, piles=piles)


def _lesson_positions() -> list[tuple[str, GameState]]:
    """Every position a lesson module builds without arguments, named by its function."""
    import inspect

    from kaszino.teach import drills, game_lesson, scoring_lesson, variants_lesson

    found = []
    for module in (game_lesson, scoring_lesson, variants_lesson, drills):
        for name, function in vars(module).items():
            if not inspect.isfunction(function) or function.__module__ != module.__name__:
                continue
            parameters = inspect.signature(function).parameters.values()
            if not name.startswith("_") and all(p.default is not p.empty for p in parameters):
                made = function()
                for item in made if isinstance(made, (tuple, list)) else [made]:
                    if isinstance(item, GameState):
                        found.append((f"{module.__name__.rpartition('.')[2]}.{name}", item))
    return found


LESSON_POSITIONS = _lesson_positions()


@pytest.mark.parametrize(("name", "state"), LESSON_POSITIONS, ids=[name for name, _ in LESSON_POSITIONS])
def test_every_lesson_position_reads_back_from_its_notation(name: str, state: GameState) -> None:
    # a position a learner sees is one a game can reach: its notation is accepted and gives it back
    assert GameState.from_notation(state.notation()) == state


def test_a_scene_with_piles_names_who_captured_last() -> None:
    state = scene(["5♠ A♥ K♣", "7♦ 8♣ 9♥"], "2♦ 4♣", round=3, to_move=0)
    assert state.last_capturer == 1  # the player before the one to move: his move was a capture
    only_one = [Pile(count=0), Pile(count=None)]  # player 1 holds every card played so far
    assert scene(["5♠", "6♣"], "2♦", round=3, to_move=1, piles=only_one).last_capturer == 1
    assert scene(["5♠ A♥ K♣", "7♦ 8♣ 9♥"], "2♦ 4♣", round=3, last_capturer=0).last_capturer == 0
