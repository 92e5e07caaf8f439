"""The flow of a deal in words, from the engine's events: táblák, forced lays, moving again, draws,
the last round, leftovers; and the three wrong rules the old narration taught (issue 20)."""

from __future__ import annotations

from importlib import resources

import pytest

from kaszino.engine.cards import parse_cards
from kaszino.engine.events import Drew, MustLay
from kaszino.games.kaszino.moves import Lay, Move, parse_move
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import catalogue, hu_article
from kaszino.jupyter.tutorial import position, sample_deal
from kaszino.teach.explain import explain_move
from kaszino.teach.narrate import narrate
from kaszino.teach.scenes import scene


def said(state: GameState, move: Move, lang: str = "en") -> list[str]:
    return [message.render(lang) for message in narrate(state.step(move).events)]


def names(state: GameState, move: Move) -> list[str]:
    return [message.name for message in narrate(state.step(move).events)]


def test_a_tabla_brings_the_forced_lay_and_then_the_second_move() -> None:
    state = position("K♦ 6♠ 2♥", "3♣ 10♥", opponent="5♥ 2♣ 3♦")
    sweep = parse_move("K♦=3♣+10♥")
    assert names(state, sweep) == ["swept", "must_lay"]
    assert said(state, sweep, "hu")[1].startswith("Üres az asztal, ezért a 2. játékosnak")
    assert names(state.play(sweep), parse_move("5♥")) == ["moves_again_forced"]


def test_when_every_other_hand_is_empty_the_same_player_moves_again() -> None:
    state = position("7♠ 9♦", "2♣ Q♥", opponent="")
    assert names(state, parse_move("7♠")) == ["moves_again_others_empty"]
    assert said(state, parse_move("7♠"), "hu") == ["A többi kéz már üres, ezért megint az 1. játékos lép."]


@pytest.mark.parametrize(("capturer", "drawer"), [(0, 1), (1, 2)])
def test_the_end_of_a_round_names_who_draws_first_and_starts(capturer: int, drawer: int) -> None:
    state = position("7♠", "2♣ Q♥", opponent="", round_number=3, last_capturer=capturer)
    move = Lay(parse_cards("7♠")[0])
    assert names(state, move) == ["round_over", "drew_last_capturer", "starts_draws_first"]
    assert state.play(move).to_move == capturer
    assert f"{hu_article(f'{drawer}.')} {drawer}. játékos húz elsőként" in said(state, move, "hu")[1]


def test_the_last_round_is_announced_as_open() -> None:
    state = position("7♠", "2♣ Q♥", opponent="", round_number=7, last_capturer=1)
    assert names(state, parse_move("7♠"))[-1] == "last_round_open"


def test_the_end_of_the_deal_says_where_the_leftover_cards_went() -> None:
    state = position("7♠", "2♣ Q♥", opponent="", round_number=8, last_capturer=1)
    move = parse_move("7♠")
    assert names(state, move) == ["round_over", "leftovers", "deal_over"]
    hu, en = said(state, move, "hu")[1], said(state, move, "en")[1]
    assert "(2♣ Q♥ 7♠)" in hu and "2. játékos kapja" in hu and "not a tábla" in en
    swept = position("2♣", "2♥", opponent="", round_number=8, last_capturer=1)
    assert names(swept, parse_move("2♣=2♥"))[:4] == ["swept", "round_over", "leftovers_none", "deal_over"]
    last = position("2♣", "2♥ 5♦", opponent="", round_number=8, last_capturer=1)
    assert "(5♦) az 1. játékos kapja" in said(last, parse_move("2♣=2♥"), "hu")[1]


def test_a_whole_sample_deal_is_narrated_without_gaps() -> None:
    record = sample_deal(1)
    rounds = sum("round_over" in [m.name for m in narrate(step.events)] for step in record.steps())
    assert rounds == 8 and record.final_state().deal_over


# --- the three wrong rules of the old narration (issue 20) --------------------------------------

def test_a_round_ended_by_a_capture_is_drawn_first_by_that_capturer() -> None:
    """The old words read the last capturer from before the move: they named player 2 here."""
    state = position("7♠", "7♥ 2♣", opponent="", round_number=3, last_capturer=1)
    step = state.step(parse_move("7♠=7♥"))
    drew = next(event for event in step.events if isinstance(event, Drew))
    assert drew.order[0] == step.state.last_capturer == 0 == step.state.to_move
    assert "Player 1 draws 3 cards from the talon first" in said(state, parse_move("7♠=7♥"))[1]


@pytest.mark.parametrize("name", ["p3", "p4"])
def test_with_three_or_four_players_nobody_is_the_other_player(name: str) -> None:
    rules = PRESETS[name]
    hands = ["7♠"] + [""] * (rules.players - 1)
    state = scene(hands, "7♥ 2♣", rules=rules, round=2, last_capturer=2)
    words = " ".join(said(state, parse_move("7♠=7♥")) + said(state, parse_move("7♠=7♥"), "hu"))
    assert "players 2, 3" in words and "the other" not in words and "both hands" not in words.lower()
    assert "másik" not in words and "mindkét" not in words.lower() and "Every hand is empty" in words


def test_a_forced_lay_of_the_last_card_does_not_promise_another_move() -> None:
    state = scene(["K♦", "5♥", ""], "3♣ 10♥", rules=PRESETS["p3"], round=5, last_capturer=2)
    step = state.step(parse_move("K♦=3♣+10♥"))
    assert MustLay(1, again=False) in step.events
    lay = parse_move("5♥")
    for lang in ("hu", "en"):  # what the deal viewer says beside the lay: the explanation and the events
        words = [explain_move(step.state, lay, "rules").about(1).text_in(lang)]
        words += [message.render(lang) for message in narrate(step.events + step.state.step(lay).events)]
        assert not any("még egyszer" in text or "once more" in text or "again" in text for text in words)
    assert "then the turn passes on" in said(state, parse_move("K♦=3♣+10♥"))[1]


@pytest.mark.parametrize(("word", "article"), [
    (1, "az"), ("2.", "a"), ("5.", "az"), (10, "a"), (50, "az"), (500, "az"), (100, "a"), (1000, "az"),
    ("5♠", "az"), ("A♥", "az"), ("10♦", "a"), ("K♣", "a"), ("asztal", "az"), ("kártya", "a"),
])
def test_the_hungarian_article_follows_the_spoken_word(word: object, article: str) -> None:
    assert hu_article(word) == article  # type: ignore[arg-type]


def test_no_hungarian_text_writes_a_z() -> None:
    for path in resources.files("kaszino.locales").iterdir():
        if path.name.endswith(".json"):
            for key, versions in catalogue(path.name[:-5]).items():
                assert "a(z)" not in versions["hu"].lower(), f"{path.name}: {key}"
