"""No machinery on a learner's page: every text the game page shows in random games, scanned.

A learner reads moves and players as the tutorial taught them: a call by its name ("Ausz!",
"Fals!"), never in its written form ("ausz 0", "fals 1", "pass", "next"); players counted from 1,
never "player 0"; no "{field}" left unfilled; English counts that agree with their nouns ("1 card").
The computer's moves are told in the third person, from the engine's own account of the move.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from test_game_widget import play_until

from kaszino.i18n import using_language
from kaszino.jupyter.widgets.game import GameWidget

WRITTEN_CALL = re.compile(r"\b(?:ausz|fals|challenge|claim)\s+\d\b|(?<![\w-])(?:pass|next)(?![\w-])")
"""A call or a move in its written form: what a record holds, not what a learner reads."""

PLAYER_ZERO = re.compile(r"\b[Pp]layer 0\b|(?<![\d.])0\. játékos")
"""A player counted from 0."""

ONE_PLURAL = re.compile(r"(?<![\d.,])(?<!layer )1 "
                        r"(?:cards|spades|aces|points|captures|rounds|deals|puzzles|moves)\b")
"""An English count of one with its noun in the plural."""

TAG = re.compile(r"<[^>]+>")


def page_text(widget: GameWidget) -> str:
    """What the page says, without its markup (buttons' labels included)."""
    return unescape(TAG.sub(" ", widget.html))


def machinery(text: str, lang: str) -> list[str]:
    """The pieces of ``text`` that show the machinery, for an assertion's message."""
    found = [match.group(0) for match in PLAYER_ZERO.finditer(text)]
    found += [match.group(0) for match in re.finditer(r"\{\w+\}", text)]
    if lang == "hu":  # in English "pass" and "next" are plain words
        found += [match.group(0) for match in WRITTEN_CALL.finditer(text)]
    else:
        found += [match.group(0) for match in re.finditer(r"\b(?:ausz|fals|challenge)\s+\d\b", text)]
        found += [match.group(0) for match in ONE_PLURAL.finditer(text)]
    return found


@pytest.mark.parametrize(("rules", "seed"), [("standard", 1), ("v3", 2), ("v6", 3), ("p3", 4), ("p4", 5)])
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_whole_game_page_shows_no_machinery(rules: str, seed: int, lang: str) -> None:
    """A whole Kaszinó game against the computer (the learner plays greedy by clicks; under V6 the
    computer tries false captures): after every click the page is read and scanned."""
    with using_language(lang):
        widget = GameWidget(rules=rules, level="greedy", seed=seed, setup=False,
                            fals_rate=0.5 if rules == "v6" else 0.0)
        seen = set[str]()

        def read(page: GameWidget) -> bool:
            text = page_text(page)
            bad = machinery(text, lang)
            assert not bad, f"{bad} in: {text}"
            seen.add(text)
            return page.state.finished

        play_until(widget, read)
        assert len(seen) > 20  # the game went on: many pages were read
