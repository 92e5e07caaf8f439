"""The puzzle widget, driven in the kernel the way the browser drives it: answers in every form,
honest scoring, hints, the solution, previous/next, the trainer's menus and summary."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from shipped import SHIPPED
from test_casino_puzzles import mid_deal
from test_scopa_puzzles import PRIORITY, finished
from test_widgets import capture, picked, position

from kaszino.engine.cards import parse_cards
from kaszino.games.casino import CasinoState
from kaszino.games.kaszino.captures import Capture
from kaszino.games.scopa import ScopaMove
from kaszino.i18n import tr, using_language
from kaszino.jupyter.widgets import PuzzleWidget
from kaszino.puzzles.kinds import PuzzleVerdict, judged
from kaszino.puzzles.puzzle import Kind, Puzzle, Rating, solve
from kaszino.puzzles.trainer import Filters, Trainer
from kaszino.store import Store, open_store, training
from kaszino.teach.casino_picks import pick_of
from kaszino.teach.questions import Words

KING_CAPTURES = (capture("K♣=4♣+9♠"), capture("K♣=2♦+4♣+7♥"))
ALL_CAPTURES = (capture("5♠+A♥=2♦+4♣"), *KING_CAPTURES)


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "anna.sqlite3") as opened:
        yield opened


def real(kind: Kind, hand: str = "5♠ A♥ K♣", table: str = "2♦ 4♣ 7♥ 9♠", ident: str = "p1") -> Puzzle:
    state = position(hand, table)
    return Puzzle(id=ident, kind=kind, state=state, answers=solve(kind, state))


def three() -> list[Puzzle]:
    """A best capture, every capture and a tábla puzzle."""
    return [
        real("best_capture"),
        real("all_captures", ident="p2"),
        real("sweep", "9♣ 3♦", "4♥ 5♠", ident="p3"),
    ]


def test_the_best_capture_is_judged_and_only_the_first_answer_counts() -> None:
    puzzle = real("best_capture")
    widget = PuzzleWidget([puzzle])
    assert puzzle.task_text() in widget.html
    picked(widget, "K♣ 4♣ 9♠").press_capture()
    assert widget.feedback_tone == "bad" and "Próbáld újra" in widget.feedback
    assert "5♠+A♥" not in widget.feedback  # the right answer is not given away
    assert widget.trainer.visit is not None and widget.trainer.visit.outcome == "failed"
    picked(widget, "5♠ A♥ 2♦ 4♣").press_capture()
    assert widget.feedback_tone == "good" and "csak az első válasz számít" in widget.feedback
    assert widget.solved == frozenset() and widget.state is puzzle.state
    widget.set_language("en")
    assert "only the first answer counts" in widget.feedback


def test_an_illegal_selection_is_refused_without_counting_as_an_answer() -> None:
    widget = PuzzleWidget([real("best_capture")])
    picked(widget, "5♠ K♣ 2♦").press_capture()
    assert widget.feedback_tone == "bad" and "Nem szabályos" in widget.feedback
    assert widget.trainer.visit is not None and widget.trainer.visit.outcome is None
    widget.clear()
    picked(widget, "5♠ A♥ 2♦ 4♣").press_capture()
    assert widget.solved == {0}


def test_a_hint_makes_a_right_answer_partial() -> None:
    widget = PuzzleWidget([real("best_capture")])
    assert widget.hints_shown == [] and "kaszino-hints" not in widget.html
    widget.show_hint()
    assert len(widget.hints_shown) == 1 and widget.hints_shown[0] in widget.html
    picked(widget, "5♠ A♥ 2♦ 4♣").press_capture()
    assert widget.trainer.visit is not None and widget.trainer.visit.outcome == "partial"
    assert "fél siker" in widget.feedback and widget.solved == {0}


def test_a_picture_without_hints_shown_makes_no_hint_ladder(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def ladder(puzzle: Puzzle) -> list[str]:  # a deal-saving puzzle's ladder asks the solver
        made.append(puzzle.id)
        return ["one", "two"]

    monkeypatch.setattr(Puzzle, "hints", ladder)
    widget = PuzzleWidget([real("best_capture")])
    picked(widget, "5♠ A♥")
    assert made == [] and widget.hints_shown == []
    widget.show_hint()
    assert made and widget.hints_shown == ["one"] and "one" in widget.html


def test_the_hint_ladder_ends() -> None:
    widget = PuzzleWidget([real("best_capture")])
    steps = len(widget.puzzle.hints())
    for _ in range(steps + 1):
        widget.show_hint()
    assert len(widget.hints_shown) == steps and "Több tipp nincs" in widget.feedback


def test_the_solution_fails_an_open_visit_and_later_answers_do_not_count() -> None:
    widget = PuzzleWidget([real("best_capture")])
    assert not widget.solution_shown and 'class="kaszino-solution"' not in widget.html
    widget._handle_custom_msg({"action": "solution"}, [])
    assert widget.solution_shown and "5♠ A♥ elviszi: 2♦ 4♣" in widget.html
    assert "nem sikerült" in widget.feedback
    picked(widget, "5♠ A♥ 2♦ 4♣").press_capture()
    assert widget.feedback_tone == "good" and widget.solved == frozenset()
    assert "megoldás megtekintése után" in widget.feedback


def test_find_every_capture_collects_an_answer_and_submits_it() -> None:
    widget = PuzzleWidget([real("all_captures")])
    assert 'data-action="add"' in widget.html and 'data-action="capture"' not in widget.html
    picked(widget, "5♠ K♣ 2♦ 9♠ 7♥").add_capture()
    assert widget.feedback_tone == "bad" and "18 > 13" in widget.feedback
    assert widget.answer == ()
    widget.clear()  # a refused selection stays selected until cleared
    for text in ("K♣ 4♣ 9♠", "5♠ A♥ 2♦ 4♣"):
        picked(widget, text).add_capture()
    picked(widget, "K♣ 4♣ 9♠").add_capture()
    assert widget.feedback_tone == "info" and "már szerepel" in widget.feedback
    picked(widget, "K♣ 2♦ 4♣ 7♥").add_capture()
    assert "K♣ elviszi: 2♦ 4♣ 7♥ (13)" in widget.html  # the answer list
    widget._handle_custom_msg({"action": "done"}, [])
    assert widget.feedback_tone == "good" and widget.solved == {0}
    widget.start_over()
    assert widget.answer == () and widget.feedback == ""


def test_the_added_capture_is_told_in_the_language_switched_to() -> None:
    widget = PuzzleWidget([real("all_captures")])
    picked(widget, "K♣ 4♣ 9♠").add_capture()
    assert "Hozzáadva: K♣ elviszi: 4♣ 9♠" in widget.feedback
    with using_language("en"):
        assert "Added: K♣ taking 4♣ 9♠" in widget.feedback  # not a sentence half in Hungarian
    picked(widget, "K♣ 4♣ 9♠").add_capture()
    with using_language("en"):
        assert "already in your answer: K♣ taking 4♣ 9♠" in widget.feedback


def test_an_incomplete_set_is_a_miss() -> None:
    widget = PuzzleWidget([real("all_captures")])
    picked(widget, "K♣ 4♣ 9♠").add_capture()
    widget.press_done()
    assert widget.feedback_tone == "bad" and widget.solved == frozenset()


def test_next_and_previous_in_a_chapter_set() -> None:
    first, second = real("best_capture"), real("all_captures", "A♠", "A♦", ident="p2")
    widget = PuzzleWidget([first, second])
    widget.show_hint()
    widget.select("K♣")
    widget.next_puzzle()
    assert widget.index == 1 and widget.state is second.state
    assert widget.hints_shown == [] and not widget.solution_shown and widget.sums == (0, 0)
    assert 'data-action="next" disabled' in widget.html
    widget.next_puzzle()
    assert widget.index == 1 and "utolsó" in widget.feedback
    # Leaving the first puzzle after a hint without an answer gave it up.
    assert [visit.outcome for visit in widget.trainer.visits] == ["failed", None]


def test_previous_returns_to_a_visit_as_it_was_left(store: Store) -> None:
    puzzles = [
        real("best_capture"),
        real("sweep", "9♣ 3♦", "4♥ 5♠", ident="p2"),
        real("best_capture", "A♠ 3♥", "A♦ 2♣ 5♥", ident="p3"),
    ]
    widget = PuzzleWidget(Trainer(puzzles, store), controls=True)
    assert 'data-action="previous" disabled' in widget.html
    first = widget.puzzle
    widget.show_solution()
    widget.next_puzzle()
    assert widget.puzzle is not first and 'data-action="previous" disabled' not in widget.html
    widget.previous_puzzle()
    assert widget.puzzle is first and widget.solution_shown
    widget.previous_puzzle()
    assert "első feladvány" in widget.feedback


@dataclass(frozen=True)
class ChoicePuzzle:
    """A puzzle answered by a choice or a number (the forms of the later kinds), for the widget."""

    id: str
    kind: str
    answer_form: str
    right: object
    state: object = position()
    themes: tuple[str, ...] = ()
    band: str = "easy"

    def task_text(self) -> str:
        return f"task {self.kind}"

    def choices(self) -> tuple[str, ...]:
        return ("legal", "false")

    def choice_text(self, choice: str) -> str:
        return f"it is {choice}"

    @property
    def question(self) -> ChoicePuzzle:
        """The trainer judges through the question: this fake is its own."""
        return self

    def check(self, answer: object) -> PuzzleVerdict:
        said = f"{'right' if answer == self.right else 'wrong'} {answer!r}"
        return judged(answer == self.right, Words(lambda _lang: said))

    def hints(self) -> list[str]:
        return ["look closer"]

    def solution_text(self) -> str:
        return f"the answer is {self.right!r}"


def test_a_choice_puzzle_is_answered_with_buttons_and_no_cards() -> None:
    widget = PuzzleWidget([ChoicePuzzle("c1", "fals", "choice", "false")])  # type: ignore[list-item]
    assert 'data-action="choose" data-value="0"' in widget.html and ">it is legal</button>" in widget.html
    assert 'data-action="toggle"' not in widget.html and 'data-action="capture"' not in widget.html
    widget._handle_custom_msg({"action": "choose", "value": "1"}, [])
    assert widget.feedback_tone == "good" and "right 'false'" in widget.feedback and widget.solved == {0}
    widget._handle_custom_msg({"action": "choose", "value": "7"}, [])
    assert widget.feedback_tone == "bad" and widget.feedback == tr("ui.not_now")  # no choice 7 was drawn


def test_a_number_puzzle_takes_a_typed_whole_number() -> None:
    widget = PuzzleWidget([ChoicePuzzle("n1", "score_deal", "number", 4)])  # type: ignore[list-item]
    assert 'inputmode="numeric"' in widget.html and 'data-action="number"' in widget.html
    widget._handle_custom_msg({"action": "number", "value": "four"}, [])
    assert widget.feedback_tone == "bad" and "Egész számot" in widget.feedback
    assert widget.trainer.visit is not None and widget.trainer.visit.outcome is None
    widget._handle_custom_msg({"action": "number", "value": " 3 "}, [])
    assert "wrong 3" in widget.feedback and widget.solved == frozenset()


def test_the_menus_filter_and_switch_modes(store: Store) -> None:
    puzzles = [
        real("best_capture"),
        real("all_captures", ident="p2"),
        real("sweep", "9♣ 3♦", "4♥ 5♠", ident="p3"),
    ]
    widget = PuzzleWidget(Trainer(puzzles, store), controls=True)
    assert 'class="kaszino-kind-menu"' in widget.html and "kaszino-trainer-status" in widget.html
    widget._handle_custom_msg({"action": "kind", "value": "sweep"}, [])
    assert widget.puzzle.kind == "sweep" and widget.trainer.filters.kinds == ("sweep",)
    assert '<option value="sweep" selected>' in widget.html
    widget._handle_custom_msg({"action": "kind", "value": "sweep"}, [])
    assert "nincs több feladvány" in widget.feedback and widget.puzzle.kind == "sweep"
    before, shown = widget.trainer.mode, widget.puzzle
    widget._handle_custom_msg({"action": "mode", "value": "review"}, [])
    assert "nincs esedékes ismétlés" in widget.feedback and "az eddigi módban" in widget.feedback
    # nothing due: the mode stays, and so does its puzzle (no live puzzle under "nothing due")
    assert widget.trainer.mode == before and widget.puzzle is shown
    assert f'<option value="{before}" selected>' in widget.html
    widget._handle_custom_msg({"action": "band", "value": "impossible"}, [])
    assert widget.feedback_tone == "bad" and widget.feedback == tr("ui.not_now")  # no such menu entry


def test_the_status_and_summary_show_rating_streak_and_reviews(store: Store) -> None:
    puzzles = [real("best_capture"), real("all_captures", ident="p2")]
    clock = [datetime(2026, 3, 1, 9, tzinfo=UTC)]
    widget = PuzzleWidget(Trainer(puzzles, store, clock=lambda: clock[0]), controls=True)
    assert 'data-rating="1500"' in widget.html
    widget.show_solution()
    assert (
        "Értékszámod: 1500 →" in widget.feedback and "Ismétlésre visszajön: 2026. 03. 02." in widget.feedback
    )
    widget.show_summary()
    assert 'data-visits="1" data-solved="0" data-partial="0" data-failed="1"' in widget.html
    assert widget.summary_shown
    rating = round(training.learner_rating(store).value)  # type: ignore[union-attr]
    assert f'data-rating="{rating}"' in widget.html and rating < 1500
    with using_language("en"):
        widget.refresh()
        assert "Today&#x27;s session" in widget.html and "Puzzles: 1 — 0 solved" in widget.html


def test_a_puzzle_widget_needs_puzzles() -> None:
    with pytest.raises(ValueError, match="at least one puzzle"):
        PuzzleWidget([])
    with pytest.raises(ValueError, match="start must be"):
        PuzzleWidget([real("sweep", "9♣ 3♦", "4♥ 5♠")], start=1)


def test_a_capture_helper_matches_the_answers() -> None:
    assert set(real("all_captures").answers) == {Capture(c.hand, c.table) for c in ALL_CAPTURES}


def test_the_trainer_app_keeps_progress_in_the_learners_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kaszino.jupyter.trainer import trainer_app

    path = tmp_path / "me.sqlite3"
    monkeypatch.setenv("KASZINO_PROGRESS", str(path))
    app = trainer_app()
    assert repr(app) == "trainer_app()" and len(app.children) == 1
    app.widget.show_solution()
    with open_store(path) as store:
        assert [a.outcome for a in training.attempts(store)] == ["failed"]


@pytest.mark.parametrize("kind", ["text", "foreign", "newer", "damaged"])
def test_a_progress_file_that_cannot_be_used_is_named_left_alone_and_the_trainer_still_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    from test_store import _bad_file

    from kaszino.jupyter.trainer import trainer_app

    path = tmp_path / "broken.sqlite3"
    before = _bad_file(path, kind)
    monkeypatch.setenv("KASZINO_PROGRESS", str(path))
    app = trainer_app()
    assert "nem menthető" in app.children[0].value and str(path) in app.children[0].value
    app.widget.show_solution()
    app.widget.next_puzzle()
    assert app.widget.index == 1 and not app.widget.trainer.keeps_progress
    assert path.read_bytes() == before

def test_every_kind_theme_band_and_mode_has_a_label_in_both_languages() -> None:
    from kaszino.jupyter.widgets.trainer_view import CHOSEN_MODES
    from kaszino.puzzles.puzzle import BANDS, KINDS, THEMES

    keys = (
        [f"kind_{k}" for k in KINDS]
        + [f"theme_{t}" for t in THEMES]
        + [f"band_{b}" for b in BANDS]
        + [f"mode_{m}" for m in CHOSEN_MODES]
    )
    for key in keys:
        assert tr(f"trainer.{key}", "hu") and tr(f"trainer.{key}", "en")


def finished_deal() -> object:
    from kaszino.games.kaszino.state import new_game

    state = new_game(seed=3)
    while not state.deal_over:
        state = state.play(state.legal_moves()[0])
    return state


def test_a_counting_puzzle_hides_the_totals_until_it_is_decided() -> None:
    state = finished_deal()
    widget = PuzzleWidget([ChoicePuzzle("s1", "score_deal", "number", 4, state=state)])  # type: ignore[list-item]
    assert "kaszino-score" not in widget.html and "Biztos pont" not in widget.html
    assert "Ütött lapjai:" in widget.html and "Korábbi osztásokból: 0 pont" in widget.html
    assert "kaszino-sums" not in widget.html  # no cards to pick, no running sums
    widget.submit_number("4")
    assert "kaszino-score" in widget.html and "Biztos pont" in widget.html  # now the table explains it
    assert widget.html.index("kaszino-number") < widget.html.index("kaszino-buttons")  # the field comes first


def test_a_returning_learner_starts_with_the_days_review_then_goes_on_rated(tmp_path: Path) -> None:
    from kaszino.jupyter.trainer import trainer_app

    puzzles = three()
    clock = [datetime(2026, 3, 1, 9, tzinfo=UTC)]
    with open_store(tmp_path / "me.sqlite3") as store:
        first = Trainer(puzzles, store, clock=lambda: clock[0])
        missed = first.next()
        first.show_solution()
        assert trainer_app(puzzles, store=store, clock=lambda: clock[0]).widget.trainer.mode == "rated"
        clock[0] = datetime(2026, 3, 2, 10, tzinfo=UTC)  # the next day: the missed puzzle is due
        app = trainer_app(puzzles, store=store, clock=lambda: clock[0])
        assert app.widget.trainer.mode == "review" and app.widget.puzzle is missed
        app.widget.show_solution()
        app.widget.next_puzzle()
        assert app.widget.trainer.mode == "rated" and "A mai ismétlésnek vége" in app.widget.feedback
        assert app.widget.puzzle is not missed and '<option value="rated" selected>' in app.widget.html


# --- Scopa's puzzles on Scopa's table ----------------------------------------------------------------
SCOPA = tuple(p for p in SHIPPED if p.game == "scopa")
KASZINO = tuple(p for p in SHIPPED if p.game == "kaszino")


def made(kind: str, state: object, ident: str = "s1") -> Puzzle:
    return Puzzle(id=ident, kind=kind, state=state, answers=solve(kind, state))  # type: ignore[arg-type]


def test_every_legal_capture_is_collected_on_the_scopa_table_and_the_priority_is_judged() -> None:
    widget = PuzzleWidget([made("scopa_captures", PRIORITY)])
    assert 'data-card="K♠"' in widget.html and widget.puzzle.task_text() in widget.html
    picked(widget, "K♠ 3♥ 7♦").add_capture()  # the priority forbids it, but it is the learner's answer
    picked(widget, "5♣ 3♥ 2♣").add_capture()
    assert widget.answer == (ScopaMove(*_cards("K♠ 3♥ 7♦")), ScopaMove(*_cards("5♣ 3♥ 2♣")))
    assert "elviszi" in widget.html and "K♠=" not in widget.html  # the answer list in words
    widget.press_done()
    assert widget.feedback_tone == "bad" and "K♦" in widget.feedback  # the engine's reason
    assert widget.trainer.visit is not None and widget.trainer.visit.outcome == "failed"
    widget.start_over()
    for cards in ("K♠ K♦", "5♣ 3♥ 2♣", "3♦ 3♥"):
        picked(widget, cards).add_capture()
    widget.press_done()
    assert widget.feedback_tone == "good" and "Pontosan ezek" in widget.feedback


def _cards(text: str) -> tuple[object, tuple[object, ...]]:
    card, *taken = parse_cards(text)
    return card, tuple(taken)


def test_a_scopa_move_takes_one_hand_card_and_a_lay_is_answered_in_the_last_round() -> None:
    best = next(p for p in SCOPA if p.kind == "scopa_best")
    widget = PuzzleWidget([best])
    hand = best.state.hands[best.state.to_move]
    picked(widget, f"{hand[0]} {hand[1]}").press_capture()
    assert widget.feedback_tone == "bad" and widget.trainer.visit is not None
    assert widget.trainer.visit.outcome is None  # two hand cards make no Scopa move: not an answer
    widget.clear()
    answer = best.answers[0]
    assert isinstance(answer, ScopaMove)
    picked(widget, " ".join(map(str, (answer.card, *answer.taken)))).press_capture()
    assert widget.feedback_tone == "good" and widget.solved == {0}
    quiet = next(p for p in SCOPA if p.kind == "scopa_last_round" and "quiet_move" in p.themes)
    widget = PuzzleWidget([quiet])
    assert 'data-action="lay"' in widget.html
    lay = next(a for a in quiet.answers if isinstance(a, ScopaMove) and a.is_lay)
    picked(widget, str(lay.card)).press_lay()
    assert widget.feedback_tone == "good" and widget.solved == {0}


def test_the_primiera_is_counted_with_the_scoring_hidden_until_decided() -> None:
    widget = PuzzleWidget([made("scopa_primiera", finished("7S KS 6H AH 5D KD 2C QC JC"))])
    assert 'inputmode="numeric"' in widget.html and "kaszino-score" not in widget.html
    widget.submit_number("70")
    assert widget.feedback_tone == "bad" and "túl sok" in widget.feedback
    assert "kaszino-score" in widget.html  # decided: the deal's scoring may be shown now
    widget.show_solution()
    assert "6♥: 18" in widget.html


def test_the_game_menu_serves_kaszino_scopa_or_both(store: Store) -> None:
    puzzles = [*KASZINO[:3], *SCOPA[:3]]
    widget = PuzzleWidget(Trainer(puzzles, store), controls=True)
    assert 'class="kaszino-game-menu"' in widget.html
    assert '<option value="scopa">Scopa</option>' in widget.html
    widget._handle_custom_msg({"action": "game", "value": "scopa"}, [])
    assert widget.puzzle.game == "scopa" and widget.trainer.filters.games == ("scopa",)
    assert 'data-card="' in widget.html and "trainer.kind_" not in widget.html
    assert all(f'value="{p.kind}"' in widget.html for p in SCOPA[:3])
    assert 'value="all_captures"' not in widget.html  # the kind menu offers this game's kinds
    widget._handle_custom_msg({"action": "kind", "value": SCOPA[0].kind}, [])
    widget._handle_custom_msg({"action": "game", "value": "kaszino"}, [])
    assert widget.puzzle.game == "kaszino" and widget.trainer.filters == Filters(games=("kaszino",))
    widget._handle_custom_msg({"action": "game", "value": ""}, [])
    assert widget.trainer.filters.games == ()
    one_game = PuzzleWidget(Trainer(list(KASZINO[:3])), controls=True)
    assert "kaszino-game-menu" not in one_game.html


def test_a_scopa_visit_is_rated_and_stored(store: Store) -> None:
    p = next(p for p in SCOPA if p.kind == "scopa_primiera")
    widget = PuzzleWidget(Trainer([p], store, mode="sequence"))
    widget.submit_number(str(p.answers[0]))
    record = widget.trainer.visit.record if widget.trainer.visit is not None else None
    assert record is not None and record.outcome == "solved" and record.rated
    assert record.kind == "scopa_primiera"


def test_the_band_shown_is_the_one_of_the_rating_shown(store: Store) -> None:
    """A medium puzzle (1590) that the learner fails gains rating past 1600: once answered, its header
    shows the new rating and the band of that rating, never "medium · 1630"."""
    puzzle = replace(real("best_capture"), rating=Rating(1590.0, 200.0))
    widget = PuzzleWidget(Trainer([puzzle], store), controls=True)
    assert "· közepes</strong>" in widget.html
    widget._handle_custom_msg({"action": "solution"}, [])
    shown = widget.trainer.puzzle_rating(puzzle).value
    assert shown >= 1600 and f"{round(shown)}" in widget.html
    assert "· nehéz</strong>" in widget.html


# --- Casino's puzzles on Casino's table ------------------------------------------------------------------
CASINO = tuple(p for p in SHIPPED if p.game == "casino")


def clicked(widget: PuzzleWidget, move: object) -> PuzzleWidget:
    """``widget`` with the cards of ``move`` picked as a learner picks them (a build's all)."""
    hand, table, _ = pick_of(move)  # type: ignore[arg-type]
    widget.clear()
    for card in (*hand, *table):
        if card not in (*widget.selection[0], *widget.selection[1]):
            widget.select(card)
    return widget


def chosen(widget: PuzzleWidget, move: object) -> None:
    """Press the button of ``move`` if the pick offered several moves."""
    if widget.choices:
        widget.choose_move(widget.choices.index(move))


@pytest.mark.parametrize("kind", ["casino_captures", "casino_builds"])
def test_every_casino_answer_of_a_list_is_collected_by_clicking(kind: str) -> None:
    puzzle = next(p for p in CASINO if p.kind == kind and len(p.answers) >= 2)
    widget = PuzzleWidget([puzzle])
    assert 'data-action="add"' in widget.html and 'data-action="build"' not in widget.html
    for answer in puzzle.answers[:-1]:
        clicked(widget, answer).add_capture()
        chosen(widget, answer)
    assert widget.answer == puzzle.answers[:-1]
    answer_list = widget.html.split('class="kaszino-answer-list"')[1].split("</ul>")[0]
    listed = re.findall(r"<li>(.*?)</li>", answer_list)
    assert len(listed) == len(widget.answer) and not any("=" in item for item in listed)  # in words
    widget.press_done()
    assert widget.feedback_tone == "bad" and widget.trainer.visit is not None
    assert widget.trainer.visit.outcome == "failed"
    widget.start_over()
    for answer in puzzle.answers:
        clicked(widget, answer).add_capture()
        chosen(widget, answer)
    widget.press_done()
    assert widget.feedback_tone == "good" and "Pontosan ez" in widget.feedback


def test_a_casino_pick_naming_several_moves_offers_them_and_the_one_chosen_is_added() -> None:
    widget = PuzzleWidget([made("casino_builds", mid_deal("2♣ 5♠ 10♠", "3♦ 5♥"), "c1")])
    picked(widget, "2♣ 3♦ 5♥").add_capture()  # a build of 5 (2+3, 5) or of 10 (2+3+5)
    assert {m.value for m in widget.choices} == {5, 10} and widget.answer == ()  # type: ignore[attr-defined]
    assert "kaszino-choices" in widget.html
    ten = next(m for m in widget.choices if m.value == 10)  # type: ignore[attr-defined]
    widget._handle_custom_msg({"action": "choose_move", "value": str(widget.choices.index(ten))}, [])
    assert widget.answer == (ten,) and widget.choices == ()


def position_of_builds() -> CasinoState:
    return mid_deal("3♣ 8♦ 6♠", "5♥ 2♦")


def test_a_refused_casino_build_is_the_engines_reason_and_no_answer() -> None:
    widget = PuzzleWidget([made("casino_builds", position_of_builds(), "c2")])
    picked(widget, "3♣ 2♦").add_capture()  # a build of 5: no 5 kept in hand
    assert widget.feedback_tone == "bad" and "5" in widget.feedback and widget.answer == ()
    assert widget.trainer.visit is not None and widget.trainer.visit.outcome is None


def test_the_casino_capture_worth_most_and_the_last_hand_are_answered_on_the_table() -> None:
    best = next(p for p in CASINO if p.kind == "casino_best" and len(p.answers) == 1)
    widget = PuzzleWidget([best])
    assert 'data-action="lay"' not in widget.html and 'data-action="build"' not in widget.html
    answer = best.answers[0]
    clicked(widget, answer).press_capture()
    chosen(widget, answer)
    assert widget.feedback_tone == "good" and widget.solved == {0}
    for theme in ("quiet_move", "greedy_trap"):
        last = next(p for p in CASINO if p.kind == "casino_last_hand" and theme in p.themes)
        widget = PuzzleWidget([last])
        assert 'data-action="lay"' in widget.html and 'data-action="build"' in widget.html
        move = last.answers[0]
        _, _, intent = pick_of(move)  # type: ignore[arg-type]
        clicked(widget, move)
        {"capture": widget.press_capture, "build": widget.press_build, "trail": widget.press_lay}[intent]()
        chosen(widget, move)
        assert widget.feedback_tone == "good" and widget.solved == {0}
        for card in last.state.hands[1 - last.state.to_move]:
            assert f'data-card="{card}"' in widget.html or str(card) in widget.html  # the known hand shown


def test_the_game_menu_offers_casino(store: Store) -> None:
    each = [next(p for p in CASINO if p.kind == kind) for kind in ("casino_captures", "casino_last_hand")]
    widget = PuzzleWidget(Trainer([*KASZINO[:2], *SCOPA[:2], *each], store), controls=True)
    assert '<option value="casino">Casino</option>' in widget.html
    widget._handle_custom_msg({"action": "game", "value": "casino"}, [])
    assert widget.puzzle.game == "casino" and widget.trainer.filters.games == ("casino",)
    assert 'value="casino_captures"' in widget.html and 'value="all_captures"' not in widget.html
