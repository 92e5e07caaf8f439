"""Scopa's hints and praise as the learner reads them on the game page: every step in the language
shown (also after a switch), every move in the words of the game's narration (never "5♣=5♠"),
decimals as the language writes them, the praise of a lay said once, the exact verdicts spoken
to "you"."""

from __future__ import annotations

import re

import pytest
from scopa_positions import last_round
from test_scopa_game import click, learner_move, play_to_last_round

from kaszino.engine.cards import Card
from kaszino.games.scopa import ScopaMove, ScopaState, new_game
from kaszino.games.scopa.players import move_worth
from kaszino.i18n import tr, using_language
from kaszino.jupyter.widgets.game import GameWidget
from kaszino.teach.scopa_hints import Advice, best_message, hint_ladder
from kaszino.teach.scopa_moves import move_message

NOTATION = re.compile(r"[0-9AJQK][♠♥♦♣][=+]")
"""A move as the records write it: "5♣=5♠", "J♠=A♠+7♦"."""
HUNGARIAN = ("elviszi", "lerakása", "értéke", "játékos", "Szabályos", "legjobb", "lépés")
ENGLISH = ("takes", "laying", "worth", "player", "Legal", "best", "move")


def hints(widget: GameWidget) -> list[str]:
    """The three steps of the hint, pressed in Hungarian: the lines shown in Hungarian, then in
    English after the switch, then in Hungarian again after switching back."""
    with using_language("hu"):
        for _ in range(3):
            click(widget, "hint")
        shown = [widget.feedback]
        for lang in ("en", "hu"):
            click(widget, "lang", lang=lang)
            shown.append(widget.feedback)
    return shown


@pytest.mark.parametrize("exact", [False, True], ids=["greedy", "last_round"])
def test_a_hint_pressed_in_hungarian_reads_wholly_in_english_after_the_switch(exact: bool) -> None:
    widget = GameWidget(game="scopa", seed=2, setup=False)
    if exact:
        with using_language("hu"):
            play_to_last_round(widget)
    hungarian, english, again = hints(widget)
    assert again == hungarian
    assert len(english.splitlines()) == 3
    first = english.splitlines()[0]
    assert first.startswith("Legal captures: ") and "takes" in first and "elviszi" not in first
    assert not [word for word in HUNGARIAN if word in english], english
    assert not [word for word in ENGLISH if word in hungarian], hungarian


def ladders(state: ScopaState) -> dict[str, list[str]]:
    """The three hint steps of ``state`` in each language."""
    return {lang: [step.render(lang) for step in hint_ladder(state)] for lang in ("hu", "en")}


@pytest.mark.parametrize("state", [*(new_game(seed=seed) for seed in range(6)),
                                   *(last_round(seed) for seed in range(6))],
                         ids=[*(f"first_move_{seed}" for seed in range(6)),
                              *(f"last_round_{seed}" for seed in range(6))])
def test_every_move_of_a_hint_is_said_in_the_narrations_words(state: ScopaState) -> None:
    moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
    for lang, (legal, best, values) in ladders(state).items():
        for line in (legal, best, values):
            assert not NOTATION.search(line), (lang, line)
        words = [move_message(move).render(lang) for move in moves]
        assert all(said in values for said in words), (lang, values)  # a lay too, not its bare card
        assert any(said in best for said in words), (lang, best)
        assert all(said in legal for move, said in zip(moves, words, strict=True) if move.taken)


def test_the_line_of_best_play_names_each_player_and_move_in_words() -> None:
    widget = GameWidget(game="scopa", seed=2, setup=False)
    with using_language("hu"):
        play_to_last_round(widget)
    english = hints(widget)[1].splitlines()[2]
    line = english.split("Best play to the end of the deal: ")[1]
    assert not NOTATION.search(line)
    assert all(part.startswith(("player 1: ", "player 2: ")) for part in line.split(" → "))


def test_hungarian_hints_write_decimals_with_a_comma() -> None:
    widget = GameWidget(game="scopa", seed=2, setup=False)
    state = widget.state
    view = state.view(0)
    worth = max(move_worth(view, move, state.rules) for move in state.legal_moves()
                if isinstance(move, ScopaMove))
    hungarian, english, _ = hints(widget)
    assert not re.search(r"\d\.\d", hungarian), hungarian
    assert f"legjobb lépés, {worth:.1f} értékkel:".replace(".", ",") in hungarian.splitlines()[1]
    assert f"the best move now, worth {worth:.1f}, is " in english.splitlines()[1]
    assert re.search(r"értéke −?\d+,\d;", hungarian.splitlines()[2])


def test_a_number_field_is_written_as_the_language_writes_it() -> None:
    from kaszino.teach.message import Message, Number  # imported here: the old code had no Number

    assert (Number(2.5).render("hu"), Number(2.5).render("en")) == ("2,5", "2.5")
    assert (Number(-1.25, 2).render("hu"), Number(-1.25, 2).render("en")) == ("−1,25", "−1.25")
    assert Number(-0.04).render("hu") == "0,0"
    said = Message.in_domain("scopa_hints", "value_of", move="…", value=Number(0.8))
    assert (said.render("hu"), said.render("en")) == ("…, értéke 0,8", "…, worth 0.8")


def test_the_praise_of_a_lay_says_it_once_in_either_language() -> None:
    widget = GameWidget(game="scopa", seed=2, setup=False)
    lay = next(move for move in widget.state.legal_moves() if isinstance(move, ScopaMove) and move.is_lay)
    with using_language("hu"):
        learner_move(widget, lay)
        assert widget.feedback_tone == "good"
        hungarian = widget.feedback.splitlines()[0]
        click(widget, "lang", lang="en")
        english = widget.feedback.splitlines()[0]
    assert hungarian == f"Helyes lépés: {move_message(lay).render('hu')}."
    assert hungarian.endswith(f" {lay.card} lerakása.") and "Lerakva" not in hungarian
    assert english == f"A correct move: laying {lay.card}."


def test_the_exact_verdicts_speak_to_you_in_hungarian() -> None:
    move = ScopaMove(Card.parse("5C"), (Card.parse("5S"),))
    verdicts = ((-2, "2 ponttal maradsz le"), (-1, "1 ponttal maradsz le"), (3, "3 ponttal állsz jobban"))
    for margin, said in verdicts:
        hungarian = best_message(Advice(((move, float(margin)),), True)).render("hu")
        assert said in hungarian
        assert "a legjobb lépés: az 5♣ (5) elviszi: 5♠ (5)." in hungarian
    for name in ("best_exact_behind_one", "best_exact_behind_other"):
        assert " marad le " not in tr(f"scopa_hints.{name}", "hu", moves="", value=2)
