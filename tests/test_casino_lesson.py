"""Chapter 09 (Casino for a Kaszinó player): what its texts say against the Casino engine.

A question is answerable only from what its text shows; an explanation names the rule the engine
applied; the chapter's numbers are the engine's."""

from __future__ import annotations

import re

import pytest

from kaszino.engine.cards import Card
from kaszino.games.casino.moves import BuildMove, Capture
from kaszino.games.casino.rules import PRESETS
from kaszino.i18n import LANGUAGES
from kaszino.lessons import lesson_source
from kaszino.teach import casino_lesson
from kaszino.teach.casino_lesson import CHECK_SEED, position_words
from kaszino.teach.casino_moves import explain_move, raises
from kaszino.teach.casino_scenes import casino_scene, first_position, plays
from kaszino.teach.drills import LabelledChoice

OWN = {"en": "your own build of {value}", "hu": "{value} értékű saját építményed"}
THEIRS = {"en": "your opponent's build of {value}", "hu": "az ellenfeled {value} értékű építménye"}


def test_every_build_of_a_position_is_named_with_its_owner() -> None:
    """Whether the learner may trail, and so how many moves he has, turns on whose the builds are."""
    scenes = [casino_lesson.raise_table(), casino_lesson.owner_table(),
              casino_scene(("8♣ 10♣ Q♠", "6♥ J♥ Q♦"), "K♦ 9♦", "[6♠+2♣]=8@0 [A♦+5♠]=6@1")]
    scenes += [first_position(CHECK_SEED + 100 * n + 20, lambda s: bool(s.builds)) for n in range(4)]
    for state in scenes:
        for lang in LANGUAGES:
            text = position_words(state).render(lang)
            for build in state.builds:
                named = (OWN if build.owner == state.to_move else THEIRS)[lang].format(value=build.value)
                assert named in text, f"{text!r} does not say whose the build of {build.value} is"


@pytest.mark.parametrize("attempt", range(4))
def test_the_checks_trail_question_is_answered_by_what_its_text_shows(attempt: int) -> None:
    trail = next(q for q in casino_lesson.check_questions(attempt) if q.key == "casino_lesson.c_trail")
    assert isinstance(trail, LabelledChoice)
    owns = "your own build" in trail.prompt().render("en")
    assert trail.answer == ("no" if owns else "yes")


def test_a_raise_is_explained_as_a_raise_with_or_without_loose_groups_gathered() -> None:
    """The opponent's build 5♥ + 3♣ (8): 2♦ raises it to 10, alone or with the loose 10♥."""
    state = casino_scene(("2♦ 10♣ 4♠", "8♥ J♥ Q♦"), "10♥ 6♠", "[5♥+3♣]=8@1")
    raised = {bool(m.groups): m for m in plays(state) if isinstance(m, BuildMove) and raises(m)}
    assert raised[False].value == raised[True].value == 10
    assert explain_move(state, raised[False]).key == "casino_moves.why_raise"
    gathered = explain_move(state, raised[True])
    assert gathered.key == "casino_moves.why_raise_with"
    assert "multiple build" in gathered.render("en")


def test_a_nine_with_a_loose_two_is_refused_the_build_of_seven_for_the_builds_value() -> None:
    state = casino_scene(("9♠ 7♦ K♥", "7♠ J♥ Q♦"), "2♦ 6♣", "[4♥+3♣]=7@1")
    nine = Capture(Card.parse("9♠"), ((Card.parse("2♦"),),), (state.builds[0].key,))
    refusal = state.problem(nine)
    assert refusal is not None and refusal.code == "build_value"


def test_the_deal_as_the_chapter_tells_it_is_the_engines() -> None:
    hands = {rules.players: rules.rounds for rules in PRESETS.values()}
    text = lesson_source("casino_lesson.deal", "en")
    told = re.search(r"(\d+) hands with two players, (\d+) with three, (\d+) with four", text)
    assert told is not None
    assert tuple(map(int, told.groups())) == (hands[2], hands[3], hands[4])
    assert "4 cards" in text and "4 face up on the table" in text
