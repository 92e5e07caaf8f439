"""Refusals as data: every code the engine gives has a sentence in both languages, and each is
reached by some move (so the catalogue holds no dead code and the engine no unworded one)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kaszino.engine.cards import parse_cards
from kaszino.errors import IllegalMoveError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Challenge, Claim, Lay, Move, NextDeal, Pass
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.i18n import LANGUAGES, catalogue
from kaszino.teach.narrate import refusal_message
from kaszino.teach.scenes import scene


def cards(text: str) -> tuple:  # type: ignore[type-arg]
    return parse_cards(text)


PLAIN = scene(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], "2♦ 4♣ 7♥ 9♠")
V2 = scene(["A♠ 2♣ 3♥", "5♥ 6♥ 7♦"], "6♦", rules=PRESETS["v2"])
V3 = scene(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], "2♦", rules=PRESETS["v3"])
V5 = scene(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], "2♦", rules=PRESETS["v5"])
V6 = scene(["5♠ 6♠", "4♥ 7♥"], "2♦ 4♣ 9♠", rules=PRESETS["v6"])
TRAINER = scene(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], "2♦ 4♣ 7♥ 9♠", rules=PRESETS["trainer"])
OVER = scene(["", ""], round=8, last_capturer=0)
WRONG = V6.play(Capture(cards("5♠"), cards("2♦ 4♣")))

EXAMPLES: dict[str, tuple[GameState, Move | object]] = {
    "game_over": (replace(OVER, finished=True, winner=0), NextDeal()),
    "deal_not_over": (PLAIN, NextDeal()),
    "deal_over": (OVER, Lay(cards("5♠")[0])),
    "pass_not_allowed": (PLAIN, Pass()),
    "pass_only_after_tabla": (V3, Pass()),
    "not_in_hand": (PLAIN, Lay(cards("Q♣")[0])),
    "not_on_table": (PLAIN, Capture(cards("5♠"), cards("5♦"))),
    "must_lay": (scene(["5♠ A♥ K♣", "2♥ 3♥ 4♥"], forced="lay", to_move=1, last_capturer=0),
                 Capture(cards("2♥"), ())),
    "no_hand_card": (PLAIN, Capture((), cards("2♦"))),
    "no_table_card": (PLAIN, Capture(cards("5♠"), ())),
    "too_many_hand_cards": (V2, Capture(cards("A♠ 2♣ 3♥"), cards("6♦"))),
    "sums_differ": (PLAIN, Capture(cards("5♠"), cards("7♥"))),
    "over_limit": (PLAIN, Capture(cards("5♠ K♣"), cards("2♦ 9♠ 7♥"))),
    "no_such_player": (TRAINER, Claim(2)),
    "no_claims": (V5, Claim(0)),
    "claim_while_challengeable": (replace(WRONG, rules=WRONG.rules.with_changes(claim="manual")), Claim(0)),
    "claim_short": (TRAINER, Claim(0)),
    "no_fals": (PLAIN, Challenge(1)),
    "nothing_to_challenge": (V6, Challenge(1)),
    "own_capture": (WRONG, Challenge(0)),
    "call_needs_player": (PLAIN, Claim("0")),  # type: ignore[arg-type]
    "lay_needs_card": (PLAIN, Lay("5♠")),  # type: ignore[arg-type]
    "capture_hand_not_cards": (PLAIN, Capture(["5♠"], ())),  # type: ignore[arg-type]
    "capture_table_not_cards": (PLAIN, Capture(cards("5♠"), "2♦")),  # type: ignore[arg-type]
    "capture_hand_twice": (PLAIN, Capture(cards("5♠") * 2, cards("2♦"))),
    "capture_table_twice": (PLAIN, Capture(cards("5♠"), cards("2♦") * 2)),
    "not_a_move": (PLAIN, "5♠"),
}


def test_every_code_of_the_catalogue_has_a_move_that_reaches_it() -> None:
    assert set(EXAMPLES) == set(catalogue("refusals"))


@pytest.mark.parametrize("code", EXAMPLES)
def test_each_code_is_given_renders_in_both_languages_and_names_the_error(code: str) -> None:
    state, move = EXAMPLES[code]
    refusal = state.problem(move)  # type: ignore[arg-type]
    assert refusal is not None and refusal.code == code
    texts = {lang: refusal_message(refusal).render(lang) for lang in LANGUAGES}
    assert all(text and "{" not in text and "}" not in text for text in texts.values())
    assert texts["hu"] != texts["en"] and texts["en"] == str(refusal) == refusal.text("en")
    with pytest.raises(IllegalMoveError) as raised:
        state.play(move)  # type: ignore[arg-type]
    assert str(raised.value).endswith(f". {texts['en']}")


def test_refusals_number_players_from_one() -> None:
    refusal = TRAINER.problem(Claim(1))
    assert refusal is not None and refusal.field("player") == 1
    assert "Not yet: player 2 has secured 0 of the 11 points needed." in str(refusal)
    assert "a 2. játékosnak" in refusal.text("hu")


def test_a_fresh_game_refuses_nothing_it_lists() -> None:
    state = new_game(seed=5)
    assert all(state.problem(move) is None for move in state.legal_moves())
