"""Every theme predicate on fixture puzzles: one position where it holds and one where it does not."""

from __future__ import annotations

from dataclasses import replace

import pytest
from reference import cards, finished_deal, play_all, position

from kaszino import S003, GameState, parse_move
from kaszino.games.kaszino.rules import PRESETS
from kaszino.puzzles.kinds import Kind
from kaszino.puzzles.puzzle import THEMES, solve
from kaszino.puzzles.themes import CASINO_THEME_TESTS, SCOPA_THEME_TESTS, THEME_TESTS, themes

TRAINER = PRESETS["trainer"]
FALS = PRESETS["v6"].with_changes(claim="manual")


def dealt(hand: str, table: str, other: str = "") -> GameState:
    """Player 0 to move on his first move of the deal with ``hand``; the opponent holds ``other``."""
    return position([hand, other], table)


def shown(capture: str) -> GameState:
    """Fals!: player 0 has just made ``capture``; player 1 judges it."""
    return position(["KS AH 5D", "2C 3C 4C"], "7S 7H 9D", rules=FALS).play(parse_move(capture))


def ausz(scores: tuple[int, int]) -> GameState:
    """Player 0 holds 26 cards (two aces, no spade): the card majority is his lead but not secured."""
    pile = "AH 2H 3H 4H 7H 8H 9H 10H JH QH KH AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D 3D"
    return position(["5H", "6H"], "", rules=TRAINER, piles=[pile, ""], rest_to=1, scores=scores, round=8,
                    deal=2 if any(scores) else 1, last_capturer=1)


def notation(hands: str, table: str, piles: str, last: int, tabla: str) -> GameState:
    return GameState.from_notation(
        f"rules=trainer; seed=0; deal=1; dealer=1; scores=0 | 0; round=8; to_move=0; forced=-;"
        f" last_capturer={last}; hands={hands}; table={table}; talon=-; piles={piles};"
        f" tabla_points={tabla}; bonus=0 | 0; result=-; pending=-")


GREEDY_FAILS = notation(  # 8♣ = 3♣+5♥ takes most now, but only 5♣ = 3♣+2♥ keeps the best result
    "8♣ 5♣ | 7♠ 4♦", "3♣ 5♥ 2♥",
    "10♥ 5♦ 8♥ 6♦ Q♣ 7♣ 4♥ 9♠ 10♦ 8♠ 8♦ Q♦ Q♠ 7♦ 3♦ 2♦ J♠ K♣ 5♠ K♥ | 9♣ K♠ 6♣ Q♥ A♣ A♠ 2♣ 4♠ 4♣ A♦"
    " 7♥ 6♥ 9♦ J♥ 9♥ J♦ 3♠ 2♠ 10♣ A♥ 10♠ 6♠ 3♥ K♦ J♣", 0, "0 | 0")
QUIET = notation(  # laying 7♣ is as good as the best capture 10♦ = 10♣
    "7♣ 10♦ | 2♠ J♠", "10♣ J♥ 6♦",
    "2♣ 4♣ J♣ Q♦ Q♥ 9♥ 4♦ 8♥ 9♣ 4♥ Q♣ 7♥ 10♠ 9♦ 4♠ 5♥ 6♣ A♦ K♠ 2♥ | 8♠ 9♠ K♣ 7♠ 5♦ A♣ 3♠ 3♣ 3♦ Q♠ 5♣"
    " 6♥ K♥ 2♦ 7♦ K♦ A♥ 6♠ 8♦ 10♥ J♦ 3♥ A♠ 5♠ 8♣", 1, "0 | 1")
NO_CAPTURE = notation(
    "8♥ 4♠ | 10♣ J♦", "9♥ 2♣",
    "J♥ A♠ 10♠ J♣ Q♥ J♠ 3♣ 4♣ 3♦ 3♥ 2♦ Q♣ 4♥ 8♦ 5♣ 8♣ 5♠ 7♦ K♠ | 2♥ A♥ K♦ 9♦ 2♠ 6♠ 4♦ 7♠ Q♦ A♣ 5♥ 6♥ 7♣"
    " 8♠ K♥ 6♣ 9♣ Q♠ K♣ 10♦ 5♦ 3♠ 10♥ 6♦ 7♥ 9♠ A♦", 0, "0 | 0")
SWEEP_DANGER = position(["3S 4S", "10C JS"], "6S", rules=TRAINER, rest_to=1, round=8, last_capturer=1)

Case = tuple[Kind, GameState]
FIXTURES: dict[str, tuple[Case, Case]] = {
    # theme: (a puzzle with it, a puzzle without it)
    "ace": (("all_captures", dealt("5S AH KC", "2D 4C 7H 9S")), ("all_captures", dealt("8S 8H 3C", "8D"))),
    "big_casino": (("best_capture", dealt("QD 3S 4H", "10D 2S 9C")),
                   ("best_capture", dealt("8S 8H", "8D 5C"))),
    "little_casino": (("all_captures", dealt("QD 3S 4H", "10D 2S 9C")),
                      ("all_captures", dealt("8S 8H", "8D"))),
    "multi_card": (("sweep", dealt("AC 3S QH", "4H")), ("sweep", dealt("5S 9H", "2H 3C"))),
    "long_capture": (("sweep", dealt("KC 3S", "2D 4C 7H")), ("sweep", dealt("9H 2C", "4H 5C"))),
    "first_move_double": (("sweep", dealt("6S 7C 3S", "AS AD 8H 3D")),
                          ("sweep", replace(dealt("6S 7C 3S", "AS AD 8H 3D"), rules=S003))),
    "forced_second_move": (
        ("sweep", play_all(dealt("6S 7C 3S", "AS AD 8H 3D", other="5H 3H 8D"), ["6S+7C=AS+AD+8H+3D", "8D"])),
        ("sweep", dealt("6S 7C 3S", "AS AD 8H 3D"))),
    "open_round": (("last_round", QUIET), ("all_captures", dealt("5S AH KC", "2D 4C 7H 9S"))),
    "many_captures": (("all_captures", dealt("2S 3H 5C", "2D 3D 5D AC")),
                      ("all_captures", dealt("5S AH KC", "2D 4C 7H 9S"))),
    "tied_best": (("best_capture", dealt("8H 8D 6H", "8C KH QH JH")),
                  ("best_capture", dealt("AH 9C", "AS 4D 6C"))),
    "spades": (("best_capture", dealt("7S 2H", "3S 4S")), ("best_capture", dealt("7H 2H", "3D 4H"))),
    "greedy_trap": (("best_capture", dealt("AH 9C", "AS 4D 6C", "2C")), ("last_round", QUIET)),
    "quiet_move": (("last_round", QUIET), ("last_round", GREEDY_FAILS)),
    "deny_sweep": (("defend", SWEEP_DANGER), ("defend", NO_CAPTURE)),
    "over_limit": (("fals", shown("KS+AH=7S+7H")), ("fals", shown("5D+AH=7S"))),
    "near_miss": (("fals", shown("5D+AH=7S")), ("fals", shown("KS+AH=7S+7H"))),
    "majority_open": (("ausz", ausz((9, 0))), ("ausz", replace(ausz((9, 0)), rules=TRAINER, piles=(
        ausz((9, 0)).piles[1], ausz((9, 0)).piles[0])))),
    "earlier_deals": (("ausz", ausz((9, 0))), ("ausz", ausz((0, 0)))),
    "tabla_points": (("score_deal", finished_deal([cards("2H 3H")], rules=TRAINER, tabla_points=(1, 0))),
                     ("score_deal", finished_deal([[]], rules=TRAINER, tabla_points=(0, 1)))),
    "close_count": (("ausz", ausz((9, 0))), ("ausz", ausz((0, 0)))),
}


def test_every_theme_has_a_predicate_and_fixtures() -> None:
    # Scopa's fixtures: test_scopa_puzzles; Casino's: test_casino_puzzles
    assert tuple(dict.fromkeys([*THEME_TESTS, *SCOPA_THEME_TESTS, *CASINO_THEME_TESTS])) == THEMES
    assert set(FIXTURES) == set(THEME_TESTS)


@pytest.mark.parametrize("theme", THEME_TESTS)
def test_theme_holds_on_its_fixture_and_not_on_the_other(theme: str) -> None:
    (kind, state), (other_kind, other) = FIXTURES[theme]
    assert theme in themes(kind, state, solve(kind, state))
    assert theme not in themes(other_kind, other, solve(other_kind, other))


def test_greedy_trap_in_the_last_round() -> None:
    answers = solve("last_round", GREEDY_FAILS)
    assert [str(a) for a in answers] == ["5♣ = 3♣+2♥"]
    assert "greedy_trap" in themes("last_round", GREEDY_FAILS, answers)


def test_themes_come_in_catalogue_order() -> None:
    state = dealt("5S AH KC", "2D 4C 7H 9S")
    found = themes("all_captures", state, solve("all_captures", state))
    assert found == ("ace", "multi_card", "long_capture")
