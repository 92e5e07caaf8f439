"""No machinery on a learner's page: every text the game page shows in random games, every page of
the trainer for puzzles of every kind (Kaszinó's and Scopa's), and every move of the deal viewer,
scanned.

A learner reads moves and players as the tutorial taught them: a capture by its cards in words
("5♠ A♥ elviszi: 2♦ 4♣"), never in move notation ("5♠+A♥ = 2♦+4♣", "K♠=K♦"); a call by its name
("Ausz!", "Fals!"), never in its written form ("ausz 0", "fals 1", "pass", "next"); players counted
from 1, never "player 0"; no "{field}" left unfilled; English counts that agree with their nouns
("1 card"). The computer's moves are told in the third person, from the engine's own account.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from shipped import SHIPPED
from test_game_widget import play_until

from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.games.kaszino.players import GreedyPlayer, play_game
from kaszino.games.scopa.moves import ScopaMove
from kaszino.i18n import LANGUAGES, using_language
from kaszino.jupyter.widgets import PuzzleWidget
from kaszino.jupyter.widgets.base import HtmlWidget
from kaszino.jupyter.widgets.game import GameWidget
from kaszino.jupyter.widgets.viewer import DealViewer
from kaszino.puzzles.kinds import KINDS, Kind
from kaszino.puzzles.puzzle import Puzzle

WRITTEN_CALL = re.compile(r"\b(?:ausz|fals|challenge|claim)\s+\d\b|(?<![\w-])(?:pass|next)(?![\w-])")
"""A call or a move in its written form: what a record holds, not what a learner reads."""

PLAYER_ZERO = re.compile(r"\b[Pp]layer 0\b|(?<![\d.])0\. játékos")
"""A player counted from 0."""

ONE_PLURAL = re.compile(r"(?<![\d.,])(?<!layer )1 "
                        r"(?:cards|spades|aces|points|captures|rounds|deals|puzzles|moves)\b")
"""An English count of one with its noun in the plural."""

_CARD = r"(?:10|[2-9AJQK])[♠♥♦♣]"
MOVE_NOTATION = re.compile(rf"{_CARD}\s*[+=]\s*{_CARD}")
"""Two cards joined by "+" or "=": a capture in move notation (``7♣+5♠ = Q♦``, ``K♠=K♦``)."""

TAG = re.compile(r"<[^>]+>")


def page_text(widget: HtmlWidget) -> str:
    """What the page says, without its markup (buttons' labels included)."""
    return unescape(TAG.sub(" ", widget.html))


def machinery(text: str, lang: str) -> list[str]:
    """The pieces of ``text`` that show the machinery, for an assertion's message."""
    found = [match.group(0) for match in PLAYER_ZERO.finditer(text)]
    found += [match.group(0) for match in MOVE_NOTATION.finditer(text)]
    found += [match.group(0) for match in re.finditer(r"\{\w+\}", text)]
    if lang == "hu":  # in English "pass" and "next" are plain words
        found += [match.group(0) for match in WRITTEN_CALL.finditer(text)]
    else:
        found += [match.group(0) for match in re.finditer(r"\b(?:ausz|fals|challenge)\s+\d\b", text)]
        found += [match.group(0) for match in ONE_PLURAL.finditer(text)]
    return found


TWO_ONLY = {"hu": re.compile(r"\bmindkét\b|\ba másik játékos", re.IGNORECASE),
            "en": re.compile(r"\bboth players\b|\bthe other player\b", re.IGNORECASE)}
"""Words that count the players as two, wrong at a table of three or four."""


def two_only(text: str, lang: str) -> list[str]:
    """The words of ``text`` that count the players as two (wrong with three or four of them)."""
    return TWO_ONLY[lang].findall(text)


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
            bad = machinery(text, lang) + (two_only(text, lang) if page.state.players > 2 else [])
            assert not bad, f"{bad} in: {text}"
            seen.add(text)
            return page.state.finished

        play_until(widget, read)
        assert len(seen) > 20  # the game went on: many pages were read


def test_the_notation_scan_finds_a_written_capture_and_passes_words() -> None:
    assert machinery("Megoldás: 7♣+5♠ = Q♦.", "hu") == ["7♣+5♠"]
    assert machinery("2. játékos üt: 7♣ 5♠ = Q♦.", "hu") == ["5♠ = Q♦"]
    assert machinery("Answer: K♠=K♦.", "en") == ["K♠=K♦"]
    assert machinery("Answer: 7♣ 5♠ taking Q♦ (12). Laid: 7♣. 5+K = 18.", "en") == []


def trainer_pages(puzzle: Puzzle) -> list[str]:
    """Every page of the trainer for ``puzzle``: the task, each hint, a wrong and a right answer's
    verdict, the solution."""
    widget = PuzzleWidget([puzzle])
    pages = [page_text(widget)]
    for _ in puzzle.hints():
        widget.show_hint()
        pages.append(page_text(widget))
    wrong = [move for move in puzzle.state.legal_moves()
             if isinstance(move, Capture | Lay | ScopaMove) and not puzzle.is_answer(move)]
    pages += [puzzle.check(move).text for move in wrong[:2] if puzzle.answer_form == "move"]
    pages += [puzzle.check(answer).text for answer in puzzle.answers[:2] if puzzle.answer_form != "captures"]
    widget.show_solution()
    pages.append(page_text(widget))
    return pages


@pytest.mark.parametrize("kind", KINDS)
def test_the_trainers_pages_of_every_kind_show_no_machinery(kind: Kind) -> None:
    """Three shipped puzzles of each kind, every page of each read in both languages."""
    for puzzle in [p for p in SHIPPED if p.kind == kind][:3]:
        for lang in LANGUAGES:
            with using_language(lang):
                for text in trainer_pages(puzzle):
                    bad = machinery(text, lang)
                    assert not bad, f"{puzzle.id}: {bad} in: {text}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deal_viewer_tells_every_move_in_words(lang: str) -> None:
    """A whole deal of a recorded game stepped through, each move's heading and note read."""
    with using_language(lang):
        viewer = DealViewer(play_game([GreedyPlayer(), GreedyPlayer()], seed=3))
        for step in range(viewer.steps + 1):
            viewer.go(step)
            text = page_text(viewer) + " " + viewer.note
            bad = machinery(text, lang)
            assert not bad, f"step {step}: {bad} in: {text}"
