"""The game widget in the kernel: setup, a whole game by clicks, hints, Fals!, saving and replay."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from pathlib import Path

import pytest
from reported_positions import FORCED_THREE

from kaszino import Capture, Claim, Lay
from kaszino.errors import KaszinoError
from kaszino.games.casino.moves import Trail
from kaszino.games.kaszino.players import GreedyPlayer
from kaszino.games.kaszino.players.fals import near_misses
from kaszino.games.kaszino.solver.analysis import Budget
from kaszino.i18n import tr, using_language
from kaszino.jupyter.widgets import game
from kaszino.jupyter.widgets.game import GAME_PRESETS, GameWidget, game_rules
from kaszino.jupyter.widgets.kaszino_front import KaszinoFront
from kaszino.jupyter.widgets.table import TableWidget
from kaszino.jupyter.widgets.viewer import DealViewer
from kaszino.store import open_store
from kaszino.teach.casino_scenes import casino_scene
from kaszino.teach.narrate import move_told


def click(widget: GameWidget, action: str, **fields: str) -> None:
    """A click from the browser, as board.js sends it."""
    widget._on_frontend(widget, {"action": action, "card": fields.get("card"), "lang": fields.get("lang"),
                                 "value": fields.get("value")}, None)


def learner_turn(widget: GameWidget) -> None:
    """The learner's greedy move, by selecting cards and pressing the buttons; "Ausz!" when secured."""
    state = widget.state
    if state.is_legal(Claim(0)):
        click(widget, "claim")
        return
    move = GreedyPlayer().choose(state)
    if isinstance(move, Lay):
        click(widget, "toggle", card=str(move.card))
        click(widget, "lay")
    else:
        assert isinstance(move, Capture)
        for card in (*move.hand, *move.table):
            click(widget, "toggle", card=str(card))
        click(widget, "capture")


def play_until(widget: GameWidget, done: Callable[[GameWidget], bool], limit: int = 400) -> None:
    """Click through the game (computer moves, next deals, greedy learner moves) until ``done``."""
    for _ in range(limit):
        if done(widget):
            return
        if widget.session.computer_due():
            click(widget, "computer_move")
        elif widget.state.deal_over:
            click(widget, "next_deal")
        else:
            learner_turn(widget)
    raise AssertionError("the awaited moment did not come")


def play_out(widget: GameWidget) -> None:
    play_until(widget, lambda w: w.state.finished)


def computer_tried_a_false_capture(widget: GameWidget) -> bool:
    pending = widget.state.pending
    return pending is not None and pending.false and pending.capturer == 1


@pytest.mark.parametrize("rules", ["standard", "p3", "v6", "v4"])
def test_a_whole_game_by_clicks_is_saved_and_replayed(tmp_path: Path, rules: str) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    widget = GameWidget(level="greedy", seed=3, store=store)
    assert widget.in_setup and 'data-action="start"' in widget.html
    click(widget, "choose", value=f"rules:{rules}")
    click(widget, "start")
    assert 'data-action="start"' not in widget.html and widget.state.rules == game_rules(rules)
    assert widget.state.players == {"p3": 3}.get(rules, 2)
    play_out(widget)
    # the end is said once, from the learner's seat, with the engine's final totals
    totals = " | ".join(map(str, widget.state.totals()))
    assert widget.feedback.count("Vége a játszmának") == 1 and f"Végeredmény: {totals}." in widget.feedback
    assert ("nyertél" in widget.feedback) == (widget.state.winner == 0) and "elmentettük" in widget.feedback
    saved = store.games()
    assert len(saved) == 1 and saved[0].opponent == "greedy"
    assert 'class="kaszino-sheet"' in widget.html
    click(widget, "new_game")
    assert widget.in_setup and 'data-action="open_saved"' not in widget.html
    click(widget, "show_saved")
    assert 'data-action="open_saved"' in widget.html
    click(widget, "open_saved", value=str(saved[0].id))
    replay = widget.replay
    assert replay is not None and replay.record == widget.session.record()
    click(widget, "replay_forward")
    click(widget, "replay_forward")
    assert widget.replay is not None and widget.replay.index == 2
    assert 'data-index="2"' in widget.html
    if rules == "standard":
        analysed(widget)


def analysed(widget: GameWidget) -> None:
    """"Elemzés" on a replay: remarks on the learner's moves only, each reachable by its number."""
    click(widget, "analyse")
    replay = widget.replay
    assert replay is not None and replay.notes is not None
    assert all(note.player == 0 for note in replay.notes)
    assert f"A gép {len(replay.notes)} lépésednél" in widget.html
    for note in replay.notes[:2]:
        click(widget, "replay_to", value=str(note.number))
        assert f'data-index="{note.number}"' in widget.html
        assert escape(note.text("Te")) in widget.html


def test_computer_hands_stay_hidden_until_the_open_round() -> None:
    widget = GameWidget(level="greedy", seed=1, setup=False)
    hidden = [str(card) for card in widget.state.hands[1]]
    assert all(f'data-card="{card}"' not in widget.html for card in hidden)
    assert "lefordított lap" in widget.html


@pytest.mark.parametrize("game", ["kaszino", "scopa", "casino"])
def test_the_panels_name_the_seats_as_the_score_sheet_does(game: str) -> None:
    """"Te (1. játékos)" and "Gép (2. játékos)", not the bare numbers a lesson's table shows."""
    widget = GameWidget(game=game, level="greedy", seed=1, setup=False)
    panel = r'<div class="kaszino-player" data-player="(\d)".*?<strong>([^<]+)</strong>'
    names = re.findall(panel, widget.html)
    assert sorted(names) == [("0", "Te (1. játékos)"), ("1", "Gép (2. játékos)")]
    with using_language("en"):
        widget.refresh()
        assert "<strong>You (player 1)</strong>" in widget.html
    assert "<strong>1. játékos</strong>" in TableWidget(widget.state).html


def test_hint_shows_the_best_move_and_a_bar_per_move() -> None:
    widget = GameWidget(level="greedy", seed=2, setup=False)
    click(widget, "hint")
    assert widget.feedback.startswith("A legjobb lépés:")
    assert widget.html.count('class="kaszino-odds-row"') == min(12, len(widget.state.legal_moves()))
    with using_language("en"):
        widget.refresh()
        assert "Expected point margin per move" in widget.html


def test_a_hint_says_its_moves_in_words_and_its_numbers_as_the_language_writes_them() -> None:
    widget = GameWidget(level="greedy", seed=2, setup=False)
    click(widget, "hint")
    notation = re.compile(r"[0-9AJQK][♠♥♦♣] ?=|[♠♥♦♣]\+[0-9AJQK]")
    for lang in ("hu", "en"):
        with using_language(lang):
            widget.refresh()
            chart = widget.html.split('class="kaszino-hint-chart"')[1].split("</svg>")[0]
            shown = [widget.feedback, " ".join(re.findall(r">([^<]+)<", chart))]  # not the attributes' data
            assert tr("explain.move_lay", card="").strip() in shown[1]
        assert not any(notation.search(text) for text in shown), shown
        decimal = re.compile(r"\d,\d" if lang == "hu" else r"\d\.\d")
        assert decimal.search(shown[1]) and not re.search(r"\d\.\d" if lang == "hu" else r"\d,\d", shown[1])


def test_the_refusal_of_a_capture_before_the_forced_lay_names_the_sweeper() -> None:
    front = KaszinoFront()
    refused = front.capture(FORCED_THREE, FORCED_THREE.hands[2], ())
    assert callable(refused)
    with using_language("en"):
        assert "after player 2's tábla the table is empty" in refused()
    with using_language("hu"):
        assert "a 2. játékos táblája után üres az asztal" in refused() and "ellenf" not in refused()


def test_the_computer_moves_one_at_a_time_told_in_the_third_person() -> None:
    widget = GameWidget(level="greedy", seed=4, setup=False)
    learner_turn(widget)
    assert widget.session.computer_due() and 'data-action="computer_move"' in widget.html
    moves = len(widget.session.moves)
    click(widget, "computer_move")
    assert len(widget.session.moves) == moves + 1
    moved = [message.render("hu") for message in move_told(widget.session.events)]
    assert moved and moved[0].startswith("A 2. játékos ") and widget.feedback.splitlines()[0] == moved[0]


def test_fals_training_both_ways() -> None:
    widget = GameWidget(level="greedy", seed=0, setup=False, rules="v6", fals_rate=0.5)
    miss = near_misses(widget.state)[0]
    for card in (*miss.hand, *miss.table):
        click(widget, "toggle", card=str(card))
    click(widget, "capture")
    assert widget.state.pending is not None and widget.state.pending.false
    # the learner's own false capture is told as false, without a sum its two sides do not share
    assert widget.feedback.startswith("Hibás ütés: ") and "Helyes ütés" not in widget.feedback
    assert f"({sum(card.value for card in miss.hand)})" not in widget.feedback.splitlines()[0]
    click(widget, "computer_move")
    assert widget.feedback.startswith("Fals! A 2. játékos rajtakapta az 1. játékos hibás ütését")
    assert widget.state.bonus[1] == 2
    with pytest.raises(KaszinoError):
        GameWidget(fals_rate=0.3)


def test_setup_refuses_what_it_does_not_know() -> None:
    widget = GameWidget()
    click(widget, "choose", value="rules:v9")
    assert widget.feedback_tone == "bad" and widget.feedback == tr("ui.not_now")  # no v9 button was drawn
    with pytest.raises(KaszinoError, match="level"):
        GameWidget(level="master")
    assert set(GAME_PRESETS) >= {"standard", "s003", "v1", "v8", "p3", "p4"}


def test_the_learner_judges_the_computers_captures_alone_and_may_call_fals() -> None:
    widget = GameWidget(level="greedy", seed=1, setup=False, rules="v6", fals_rate=0.5)
    play_until(widget, computer_tried_a_false_capture)
    assert "Helyes ez az ütés?" in widget.feedback
    assert "nem egyezik" not in widget.feedback and "összeg" not in widget.feedback
    before = widget.state.bonus[0]
    click(widget, "challenge")
    assert widget.state.bonus[0] == before + 2
    assert widget.state.to_move == 1 and widget.session.computer_due()


def test_ausz_in_a_game_waits_for_a_secured_point() -> None:
    """The game's "Ausz!" is disabled, with its reason, until the learner has a secured point."""
    widget = GameWidget(level="greedy", seed=1, setup=False)
    reason = escape(tr("ui.claim_nothing_secured", count=widget.state.rules.target))
    assert widget.state.totals()[0] == 0
    assert f'data-action="claim" disabled title="{reason}"' in widget.html
    play_until(widget, lambda w: w.state.totals()[0] > 0 and not w.state.finished)
    assert 'data-action="claim">' in widget.html and reason not in widget.html


def test_a_deal_cut_short_by_ausz_is_starred_and_the_star_explained() -> None:
    """The score sheet marks a deal the game ended before it was played out, and says what the mark means."""
    legend = tr("ui.sheet_unfinished")
    cut_short = played_out = 0
    for seed in range(6):
        widget = GameWidget(level="greedy", seed=seed, setup=False)
        play_out(widget)
        sheet = widget._front.sheet_html(widget.session.sheets, 0, 2)
        unfinished = not widget.session.sheets[-1].finished
        assert (escape(legend) in sheet) == unfinished == (" *" in sheet)
        cut_short, played_out = cut_short + unfinished, played_out + (not unfinished)
    assert cut_short and played_out  # both kinds of game's end were seen


def test_a_finished_deal_is_analysed_in_the_game_as_the_viewer_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Elemzés" after a deal: the deal viewer inside the widget, each move marked as the viewer
    marks it (the same analysis, the same words), its buttons answering, and back to the game."""
    monkeypatch.setattr(game, "ANALYSIS_BUDGET", Budget(seconds=None, positions=5_000))
    widget = GameWidget(level="greedy", seed=5, setup=False)
    assert 'data-action="analyse_deal"' not in widget.html
    play_until(widget, lambda w: w.state.deal_over)
    assert 'data-action="analyse_deal"' in widget.html
    click(widget, "analyse_deal")
    panel = widget.deal_panel
    assert panel is not None and panel.analysis is not None
    viewer = DealViewer(widget.session.record(), budget=game.ANALYSIS_BUDGET)
    viewer.analyse()
    viewer.last()
    assert viewer.analysis is not None and panel.analysis.moves == viewer.analysis.moves
    assert panel.step == viewer.step == viewer.steps
    assert escape(viewer.note) in widget.html and "pontot hagyott az asztalon" in widget.html
    click(widget, "first")
    click(widget, "forward")
    viewer.go(1)
    assert panel.step == 1 and escape(viewer.note) in widget.html
    assert ("megtartotta a legjobb" in viewer.note) or ("pontot veszített" in viewer.note)
    click(widget, "goto", value="3")
    assert panel.step == 3 and 'data-step="3"' in widget.html
    click(widget, "close_analysis")
    assert widget.deal_panel is None and 'data-action="next_deal"' in widget.html
    click(widget, "next_deal")
    assert 'data-action="analyse_deal"' not in widget.html


def test_no_deal_analysis_for_three_players_or_scopa() -> None:
    three = GameWidget(level="greedy", seed=5, rules="p3", setup=False)
    play_until(three, lambda w: w.state.deal_over)
    assert 'data-action="next_deal"' in three.html and 'data-action="analyse_deal"' not in three.html
    for widget in (three, GameWidget(level="greedy", seed=5, game="scopa", setup=False)):
        with pytest.raises(KaszinoError, match="only a finished two-player"):
            widget.analyse_deal()


def test_a_team_game_names_the_teams_at_its_end_and_counts_only_the_other_team_as_opponents() -> None:
    widget = GameWidget(game="casino", rules="teams", level="greedy", seed=3, setup=False)
    assert "ellenfelek: 2" in widget.html
    with using_language("en"):
        assert widget._result(1, "9 | 24 | 9 | 24")() == (
            "The game is over: the other team won (players 2 and 4). Final totals: 9 | 24 | 9 | 24.")
        assert widget._result(0, "24 | 9 | 24 | 9")().startswith("The game is over: your team won!")
    alone = GameWidget(level="greedy", seed=3, setup=False, rules="p3")
    assert "ellenfelek: 2" in alone.html
    with using_language("en"):
        assert alone._result(0, "11 | 2 | 1")().startswith("The game is over: you won!")


def test_the_casino_hint_counts_every_kind_of_move_the_engine_allows() -> None:
    """Trails too: a hand that can only trail is told so, not "0 captures and 0 build moves"."""
    state = casino_scene(("4♣ Q♥", "8♥ A♥"), "6♣")
    hint = GameWidget(game="casino", level="greedy", seed=3, setup=False)._front.hint(state)
    with using_language("en"):
        first = hint[0].text()
    trails = sum(isinstance(move, Trail) for move in state.legal_moves())
    assert trails and first == f"Your legal moves: {trails} trails."
