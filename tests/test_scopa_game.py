"""Scopa in the game widget, driven in the kernel the way the browser drives it: the game choice on
the setup page, a whole game to 11 by clicks against the expert (the default computer), every
sentence after a move checked against the engine's step and next state, the three-step hints
(exact in the last round), the score sheet deal by deal, saving and replaying, and a pluggable opponent."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_helpers import assert_step_told

from kaszino.engine.events import Captured, DealOver, Drew, Event, GameOver, Laid, Leftovers, Starts, Swept
from kaszino.games.scopa import ScopaMove, ScopaRecord, ScopaState, solve
from kaszino.games.scopa.expert import ScopaExpert
from kaszino.games.scopa.players import GreedyPlayer, RandomPlayer, move_worth
from kaszino.i18n import tr, using_language
from kaszino.jupyter.widgets.game import GameWidget
from kaszino.players import session
from kaszino.store import open_store
from kaszino.teach.narrate import move_told
from kaszino.teach.scopa_moves import move_words


@pytest.fixture(autouse=True)
def hungarian() -> object:
    with using_language("hu"):
        yield


def click(widget: GameWidget, action: str, **fields: str) -> None:
    """A click from the browser, as board.js sends it."""
    message = {"action": action, **{name: fields.get(name, "") for name in ("card", "lang", "value")}}
    widget._on_frontend(widget, message, None)


def learner_move(widget: GameWidget, move: ScopaMove) -> None:
    for card in (move.card, *move.taken):
        click(widget, "toggle", card=str(card))
    click(widget, "capture" if move.taken else "lay")


def play_to_last_round(widget: GameWidget) -> None:
    """Play on (the learner greedily) until the learner is to move in the last round of the deal."""
    me = GreedyPlayer()
    while not (widget.state.last_round and not widget.session.computer_due()):
        if widget.session.computer_due():
            click(widget, "computer_move")
        else:
            learner_move(widget, me.choose(widget.state))


def check_event(event: Event, before: ScopaState, after: ScopaState) -> None:
    """What an event says holds in the engine's next state (the widget shows its words)."""
    if isinstance(event, Captured):
        assert set(event.hand + event.table) <= set(after.piles[event.player])
        assert not set(event.table) & set(after.table)
    elif isinstance(event, Laid):
        assert event.card in after.table or after.deal_over
    elif isinstance(event, Swept):
        assert after.scopas[event.player] == before.scopas[event.player] + event.points
    elif isinstance(event, Drew):
        assert event.order[0] == after.first_player and all(len(hand) == event.cards for hand in after.hands)
    elif isinstance(event, Starts):
        assert after.to_move == event.player and after.round == event.round
    elif isinstance(event, Leftovers):
        assert event.player == before.last_capturer or event.player == after.last_capturer
        assert event.player is None or set(event.cards) <= set(after.piles[event.player])
    elif isinstance(event, DealOver):
        assert event.totals == after.totals()
    elif isinstance(event, GameOver):
        assert after.finished and after.winner == event.winner


def test_the_setup_page_offers_the_game_and_scopas_rules() -> None:
    widget = GameWidget(seed=1)
    assert widget.game == "kaszino" and 'data-value="game:scopa"' in widget.html
    click(widget, "choose", value="game:scopa")
    assert widget.game == "scopa"
    assert 'data-value="rules:beginner"' in widget.html and 'data-value="rules:v6"' not in widget.html
    for level in ("random", "greedy", "expert"):
        assert f'data-value="level:{level}"' in widget.html
    assert widget.html.count('data-value="level:') == 3
    click(widget, "choose", value="rules:v6")  # no such button for Scopa
    assert widget.feedback == tr("ui.not_now")
    click(widget, "start")
    assert isinstance(widget.state, ScopaState) and "Scopa: alapjáték" in widget.feedback
    click(widget, "new_game")
    click(widget, "choose", value="game:kaszino")
    assert 'data-value="rules:v6"' in widget.html


def test_a_whole_game_to_11_by_clicks_told_in_the_engines_words(tmp_path: Path) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    widget = GameWidget(game="scopa", seed=7, store=store, setup=False)
    assert isinstance(widget.session.computers[0], ScopaExpert)
    me = GreedyPlayer(seed=3)
    for _ in range(600):
        state = widget.state
        if state.finished:
            break
        heading = 2  # the lines before the events: who moved (or the praise) and the reason
        if widget.session.computer_due():
            click(widget, "computer_move")
            heading = 1  # the move itself, told in the third person from the engine's events
            moved = [message.render("hu") for message in move_told(widget.session.events, "scopa")]
            assert widget.feedback.splitlines()[:1] == moved and moved[0].startswith("A 2. játékos ")
        elif state.deal_over:
            click(widget, "next_deal")
            heading = 1  # "a new deal begins"
        else:
            move = me.choose(state)
            assert isinstance(move, ScopaMove)
            learner_move(widget, move)
            assert widget.feedback_tone == "good", widget.feedback
        step = state.step(widget.session.moves[-1])
        assert widget.state == step.state
        assert_step_told(widget.feedback.splitlines(), heading, step.events, "scopa")
        for event in step.events:
            check_event(event, state, step.state)
    final = widget.state
    assert final.finished and max(final.totals()) >= 11 and final.winner is not None
    assert "Vége a játszmának" in widget.feedback and "elmentettük" in widget.feedback
    # the score sheet: a row per deal and player, and each deal's points in sentences
    sheets = widget.session.sheets
    assert [sheet.deal for sheet in sheets] == list(range(1, final.deal + 1))
    assert sum(sheet.scores.points[0] for sheet in sheets) == final.totals()[0]
    for sheet in sheets:
        for seat in (0, 1):
            assert f'data-deal="{sheet.deal}" data-seat="{seat}"' in widget.html
    assert widget.html.count('class="kaszino-sheet-words"') == len(sheets)
    assert "Primiera:" in widget.html and "Scopák:" in widget.html
    # saved, and replayed from the store without the Kaszinó analysis
    saved = store.games()
    assert len(saved) == 1 and saved[0].opponent == "expert"  # the default computer
    assert ScopaRecord.from_text(saved[0].record).final_state() == final
    click(widget, "replay_last")
    assert widget.replay is not None and len(widget.replay.states) == len(widget.session.moves) + 1
    click(widget, "replay_forward")
    assert 'data-index="1"' in widget.html and "kaszino-analyse-btn" not in widget.html


def test_the_hints_come_in_three_steps_and_exactly_in_the_last_round() -> None:
    widget = GameWidget(game="scopa", seed=2, setup=False)
    state = widget.state
    click(widget, "hint")
    legal = [move_words(move) for move in state.legal_moves() if isinstance(move, ScopaMove) and move.taken]
    first = widget.feedback
    assert first.startswith("Szabályos ütések:") or first.startswith("Egyik lapod sem üthet")
    assert all(move in first for move in legal)
    click(widget, "hint")
    view = state.view(0)
    moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
    best = max(moves, key=lambda move: move_worth(view, move, state.rules))
    assert widget.feedback.splitlines()[0] == first
    assert f"értékkel: {move_words(best)}" in widget.feedback.splitlines()[1]
    click(widget, "hint")
    click(widget, "hint")
    assert widget.feedback.splitlines()[-1] == "Ehhez a lépéshez több tipp nincs."
    play_to_last_round(widget)
    click(widget, "hint")
    click(widget, "hint")
    solution = solve(widget.state)
    assert "pontos számítás" in widget.feedback
    assert f"a legjobb lépés: {move_words(solution.best[0])}" in widget.feedback.splitlines()[1]
    click(widget, "hint")
    line = widget.feedback.splitlines()[2].split("A legjobb játék az osztás végéig: ")[1]
    assert line.removesuffix(".").split(" → ") == [
        f"{1 + index % 2}. játékos: {move_words(move)}" for index, move in enumerate(solution.line)]


def test_the_opponent_is_pluggable_by_level(monkeypatch: pytest.MonkeyPatch) -> None:
    chosen: list[int] = []

    def random_player(seed: int) -> RandomPlayer:
        chosen.append(seed)
        return RandomPlayer(seed=seed)

    monkeypatch.setitem(session.SCOPA_LEVELS, "expert", random_player)
    widget = GameWidget(game="scopa", level="expert", seed=4, setup=False)
    assert chosen and isinstance(widget.session.computers[0], RandomPlayer)
    assert "a gép: szakértő" in widget.html
