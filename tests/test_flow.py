"""The flow of a deal in words: táblák, forced lays, moving again, draws, the last round, leftovers."""

from __future__ import annotations

from importlib import resources

import pytest

from kaszino.engine.cards import parse_cards
from kaszino.engine.moves import Lay, parse_move
from kaszino.i18n import catalogue, hu_article
from kaszino.jupyter.tutorial import position, sample_deal
from kaszino.teach.flow import flow_events


def names(before, move, after=None):  # type: ignore[no-untyped-def]
    after = before.play(move) if after is None else after
    return [event.name for event in flow_events(before, move, after)]


def test_a_tabla_brings_the_forced_lay_and_then_the_second_move() -> None:
    state = position("K♦ 6♠ 2♥", "3♣ 10♥", opponent="5♥ 2♣ 3♦")
    sweep = parse_move("K♦=3♣+10♥")
    assert names(state, sweep) == ["tabla", "forced_lay"]
    after = state.play(sweep)
    assert names(after, parse_move("5♥")) == ["forced_again"]
    text = flow_events(state, sweep, after)[1].render("hu")
    assert text.startswith("Üres az asztal, ezért a 2. játékosnak")


def test_when_the_other_hand_is_empty_the_same_player_moves_again() -> None:
    state = position("7♠ 9♦", "2♣ Q♥", opponent="")
    events = flow_events(state, parse_move("7♠"), state.play(parse_move("7♠")))
    assert [e.name for e in events] == ["moves_again"]
    assert events[0].render("hu") == ("A 2. játékosnak már nincs lapja a kezében, ezért megint "
                                      "az 1. játékos lép.")


@pytest.mark.parametrize(("capturer", "drawer"), [(0, 1), (1, 2)])
def test_the_end_of_a_round_names_who_draws_first_and_starts(capturer: int, drawer: int) -> None:
    state = position("7♠", "2♣ Q♥", opponent="", round_number=3, last_capturer=capturer)
    move = Lay(parse_cards("7♠")[0])
    after = state.play(move)
    events = flow_events(state, move, after)
    assert [e.name for e in events] == ["round_over", "draw_last_capturer", "starts"]
    assert after.to_move == capturer
    assert f"{hu_article(f'{drawer}.')} {drawer}. játékos húz elsőként" in events[1].render("hu")


def test_the_last_round_is_announced_as_open() -> None:
    state = position("7♠", "2♣ Q♥", opponent="", round_number=7, last_capturer=1)
    assert names(state, parse_move("7♠"))[-1] == "open_round"


def test_the_end_of_the_deal_says_where_the_leftover_cards_went() -> None:
    state = position("7♠", "2♣ Q♥", opponent="", round_number=8, last_capturer=1)
    move = parse_move("7♠")
    after = state.play(move)
    events = flow_events(state, move, after)
    assert [e.name for e in events] == ["deal_over", "leftover"]
    assert "(2♣ Q♥ 7♠)" in events[1].render("hu") and "2. játékos kapja" in events[1].render("hu")
    assert "not a tábla" in events[1].render("en")
    swept = position("2♣", "2♥", opponent="", round_number=8, last_capturer=1)
    assert names(swept, parse_move("2♣=2♥")) == ["tabla", "deal_over", "no_leftover"]  # a real tábla
    last = position("2♣", "2♥ 5♦", opponent="", round_number=8, last_capturer=1)
    events = flow_events(last, parse_move("2♣=2♥"), last.play(parse_move("2♣=2♥")))
    assert "(5♦) az 1. játékos kapja" in events[-1].render("hu")


def test_a_whole_sample_deal_is_narrated_without_gaps() -> None:
    record = sample_deal(1)
    states = list(record.replay())
    rounds = sum(1 for before, move, after in zip(states, record.moves, states[1:], strict=False)
                 if "round_over" in names(before, move, after))
    assert rounds == 7 and states[-1].deal_over


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
