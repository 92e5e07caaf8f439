"""The clickable table on Scopa positions, driven in the kernel the way the browser drives it:
the 40-card deck's faces, Scopa's moves (one hand card; a card of its value alone first, else a
sum; a card that can capture must), refusals in the engine's words, and every sentence after a
move drawn from the engine's step."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from scopa_positions import position

from kaszino.games.scopa import ScopaMove, new_game, parse_move
from kaszino.games.scopa.players import GreedyPlayer
from kaszino.i18n import using_language
from kaszino.jupyter.render import shared_faces
from kaszino.jupyter.render_scopa import position_html
from kaszino.jupyter.widgets import TableWidget
from kaszino.teach.narrate import narrate, refusal_message
from kaszino.teach.scopa_moves import move_words


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


def picked(widget: TableWidget, cards: str) -> TableWidget:
    for token in cards.split():
        widget.select(token)
    return widget


def test_the_faces_are_the_forty_cards_with_the_court_cards_values_on_a_badge() -> None:
    state = position("J♠ Q♦ K♣", "A♠ 2♠ 3♠", "7♦ 7♠ 5♥ 4♣")
    with shared_faces() as faces:
        position_html(state, viewer=0)
    # round 6: the other hand is known by elimination, so it is face up too; the talon is empty
    shown = "11S-worth8 12D-worth9 13C-worth10 7D 7S 5H 4C 1S 2S 3S"
    assert sorted(faces) == sorted(f"kaszino-face-{face}" for face in shown.split())
    assert faces["kaszino-face-11S-worth8"].count('class="kaszino-worth"') == 1
    assert ">8</text>" in faces["kaszino-face-11S-worth8"]
    assert "kaszino-worth" not in faces["kaszino-face-7D"]
    with shared_faces() as faces:  # the first round: the other hand and the talon face down
        html = position_html(new_game(1), viewer=0)
    assert "kaszino-face-back" in faces and html.count("#kaszino-face-back") == 4
    assert "Talon: 30" in html and "1/6. menet" in html


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_scopa_table_speaks_of_no_tabla(lang: str) -> None:
    state = new_game(3)
    with using_language(lang):
        widget = TableWidget(state, opponent=GreedyPlayer().choose, learner=0)
        for _ in range(30):  # a whole deal: the score sheet at its end too
            if widget.state.deal_over:
                break
            move = GreedyPlayer().choose(widget.state)
            assert isinstance(move, ScopaMove)
            picked(widget, " ".join(map(str, (move.card, *move.taken))))
            widget.press_capture() if move.taken else widget.press_lay()
            assert widget.feedback_tone == "good", widget.feedback
            assert "tábla" not in (widget.feedback + widget.html).lower()
        assert widget.state.deal_over
        assert 'class="kaszino-score"' in widget.html and "primiera" in widget.html


def test_the_sums_count_the_scopa_values() -> None:
    widget = picked(TableWidget(position("K♣", "A♠", "7♦ 3♠ Q♥")), "K♣ 7♦ 3♠")
    assert widget.sums == (10, 10)
    assert 'data-hand-sum="10" data-table-sum="10"' in widget.html


def test_a_card_of_the_same_value_comes_before_any_sum() -> None:
    state = position("7♣ 2♥", "A♠", "7♦ 4♠ 3♥")
    widget = picked(TableWidget(state, mode="practice"), "7♣ 4♠ 3♥")
    widget.press_capture()
    refusal = state.problem(ScopaMove(*state.hands[0][:1], taken=state.table[1:]))
    assert refusal is not None and refusal.code == "single_first"
    assert widget.feedback_tone == "bad"
    refused = ScopaMove(*state.hands[0][:1], taken=state.table[1:])
    said = [f"Nem szabályos: {move_words(refused)}.", refusal_message(refusal).render("hu")]
    assert widget.feedback.splitlines() == said
    assert "7♣ (7) elviszi: 3♥ 4♠ (3+4)" in widget.feedback  # in words, never the move's written form
    widget.clear()
    picked(widget, "7♣ 7♦").press_capture()
    assert widget.feedback_tone == "good" and "egyenlő értékű" in widget.feedback
    assert widget.state == state  # practice: the position stays


def test_a_card_that_can_capture_cannot_be_laid_and_one_that_cannot_is() -> None:
    state = position("7♣ 2♥", "A♠", "7♦ 4♠ 3♥")
    widget = picked(TableWidget(state), "7♣")
    widget.press_lay()
    assert widget.feedback_tone == "bad" and "ütnie kell" in widget.feedback
    widget.clear()
    picked(widget, "2♥").press_lay()
    assert widget.feedback_tone == "good"
    assert widget.state == state.play(parse_move("2♥"))


def test_a_move_plays_exactly_one_hand_card() -> None:
    widget = picked(TableWidget(position("A♣ 2♥", "A♠", "3♦ 4♠")), "A♣ 2♥ 3♦")
    widget.press_capture()
    assert widget.feedback == "Scopában egy lépés pontosan egy lapot játszik ki a kézből: jelölj ki egyet " \
                              "(most 2 van kijelölve)."
    with using_language("en"):
        assert "exactly one hand card" in widget.feedback


def test_all_answers_are_the_legal_captures_and_the_cards_that_may_be_laid() -> None:
    state = position("7♣ J♠ 2♥", "A♠ 2♠ 3♣", "7♦ 7♠ A♥ 4♠ 3♥")
    widget = TableWidget(state)
    widget.show_answers()
    lines = widget.feedback.splitlines()
    moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove) and move.taken]
    assert lines[0] == f"Helyes ütések itt: {len(moves)}."
    assert [line[2:] for line in lines[1:-1]] == [move_words(move) for move in moves]  # in words
    assert set(map(str, moves)) == {"7♣=7♦", "7♣=7♠", "J♠=A♥+7♦", "J♠=A♥+7♠", "J♠=A♥+3♥+4♠"}
    assert lines[-1] == "Lerakni csak olyan lapot szabad, amely semmit sem üthet: 2♥."
    widget = TableWidget(position("7♣ 3♦", "A♠", "7♦ 3♥"))
    widget.show_answers()
    last = widget.feedback.splitlines()[-1]
    assert last == "Most egyik lapodat sem szabad lerakni: mindegyik üthet, ezért ütnie kell."


def test_every_sentence_after_a_move_is_the_engines_account_of_its_step() -> None:
    """A whole game to 11 played by clicking against the greedy player: after each press the feedback
    is the praise, the explanation and the narration of exactly the steps the engine took."""
    opponent = GreedyPlayer(seed=5)
    widget = TableWidget(new_game(11), opponent=opponent.choose, learner=0)
    me = GreedyPlayer(seed=6)
    for _ in range(400):
        state = widget.state
        if state.finished:
            break
        if state.deal_over:
            widget.next_deal()
            after = state.step(parse_move("next"))
            expected = ["Új osztás kezdődik.", *(m.render("hu") for m in narrate(after.events, "scopa"))]
            assert widget.feedback.splitlines()[:len(expected)] == expected
            continue
        move = me.choose(state)
        assert isinstance(move, ScopaMove)
        picked(widget, " ".join(map(str, (move.card, *move.taken))))
        widget.press_capture() if move.taken else widget.press_lay()
        step = state.step(move)
        lines = widget.feedback.splitlines()
        said = [m.render("hu") for m in narrate(step.events, "scopa")]
        assert lines[2:2 + len(said)] == said
        after = step.state
        if len(lines) > 2 + len(said):  # the opponent answered: its moves and their events
            answers = re.fullmatch(r"Az ellenfél lépése: (.*)\.", lines[2 + len(said)])
            assert answers is not None
            rest = lines[3 + len(said):]
            for text in answers.group(1).split(" · "):
                answer = next(m for m in after.legal_moves() if move_words(m) == text)  # the words name it
                answered = after.step(answer)
                words = [m.render("hu") for m in narrate(answered.events, "scopa")]
                assert rest[:len(words)] == words
                rest, after = rest[len(words):], answered.state
            assert rest == []
        assert widget.state == after
    assert widget.state.finished and max(widget.state.totals()) >= 11
