"""The clickable table, driven in the kernel the way the browser drives it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

import pytest

from kaszino.engine.captures import Capture, captures
from kaszino.engine.cards import parse_cards
from kaszino.engine.moves import Lay
from kaszino.engine.rules import preset
from kaszino.engine.state import GameState, new_game
from kaszino.errors import IllegalMoveError
from kaszino.i18n import language, using_language
from kaszino.jupyter.widgets import PuzzleWidget, TableWidget
from kaszino.puzzles.puzzle import Puzzle

# The worked example of RULES.md §2: hand 5, A, K; table 2, 4, 7, 9.
HAND, TABLE = "5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠"
HAND_CARDS = parse_cards(HAND)


@pytest.fixture(autouse=True)
def hungarian() -> Iterator[None]:
    with using_language("hu"):
        yield


def position(hand: str = HAND, table: str = TABLE, other: str = "3♦ 8♣ Q♥") -> GameState:
    """Player 0 to move in round 2 (so no capture is a first-move tábla)."""
    return replace(new_game(seed=1), hands=(parse_cards(hand), parse_cards(other)), table=parse_cards(table),
                   round=2)


def picked(widget: TableWidget, cards: str) -> TableWidget:
    for token in cards.split():
        widget.select(token)
    return widget


def capture(text: str) -> Capture:
    hand, _, table = text.partition("=")
    return Capture(parse_cards(hand.split("+")), parse_cards(table.split("+")))


def test_selecting_cards_updates_both_running_sums() -> None:
    widget = TableWidget(position())
    assert widget.sums == (0, 0)
    picked(widget, "5♠ A♥ 2♦ 4♣")
    assert widget.sums == (6, 6)
    assert "Kéz: 6 · Asztal: 6" in widget.html
    assert 'data-hand-sum="6" data-table-sum="6"' in widget.html
    widget.select("5♠")  # a second click deselects
    assert widget.sums == (1, 6)
    assert widget.selection == (parse_cards("A♥"), parse_cards("2♦ 4♣"))


def test_a_legal_capture_is_praised_and_played_in_play_mode() -> None:
    before = position()
    widget = picked(TableWidget(before), "A♥ 5♠ 4♣ 2♦")
    widget.press_capture()
    assert widget.feedback_tone == "good"
    assert "Helyes ütés: 5♠+A♥ = 2♦+4♣ (6)" in widget.feedback
    assert widget.state.piles[0] == parse_cards("5♠ A♥ 2♦ 4♣")
    assert widget.state.table == parse_cards("7♥ 9♠")
    assert widget.state.to_move == 1
    assert widget.sums == (0, 0)
    assert before.table == parse_cards(TABLE)


def test_practice_mode_praises_a_legal_capture_but_keeps_the_position() -> None:
    before = position()
    widget = picked(TableWidget(before, mode="practice"), "K♣ 4♣ 9♠")
    widget.press_capture()
    assert widget.feedback_tone == "good"
    assert "K♣ = 4♣+9♠ (13)" in widget.feedback
    assert widget.state is before
    assert widget.sums == (0, 0)


def test_an_illegal_capture_is_refused_with_its_numbers() -> None:
    before = position()
    widget = picked(TableWidget(before), "5♠ K♣ 2♦ 9♠ 7♥")
    assert widget.sums == (18, 18)
    widget.press_capture()
    assert widget.feedback_tone == "bad"
    assert "18" in widget.feedback and "13" in widget.feedback
    assert widget.state is before
    assert 'data-tone="bad"' in widget.html and "18 &gt; 13" in widget.html


def test_unequal_sums_and_empty_sides_are_refused() -> None:
    widget = picked(TableWidget(position()), "K♣ 2♦")
    widget.press_capture()
    assert widget.feedback_tone == "bad" and "13 ≠ 2" in widget.feedback
    widget.clear()
    assert widget.feedback == ""
    picked(widget, "K♣").press_capture()
    assert widget.feedback_tone == "bad" and "az asztalról" in widget.feedback
    assert widget.state == position()


def test_laying_needs_exactly_one_hand_card() -> None:
    widget = picked(TableWidget(position()), "5♠ A♥")
    widget.press_lay()
    assert widget.feedback_tone == "bad"
    widget.select("5♠")
    widget.press_lay()
    assert widget.feedback_tone == "good"
    assert widget.state.table == parse_cards(TABLE + " A♥")


def test_all_correct_answers_are_the_three_of_the_worked_example() -> None:
    widget = TableWidget(position())
    widget.show_answers()
    lines = widget.feedback.splitlines()
    assert lines[0] == "Helyes ütések itt: 3."
    assert set(lines[1:4]) == {"• K♣ = 2♦+4♣+7♥ (13)", "• K♣ = 4♣+9♠ (13)", "• 5♠+A♥ = 2♦+4♣ (6)"}
    assert len(lines) == 5  # and a line saying that laying is allowed


def test_the_language_switch_redraws_every_text() -> None:
    widget = picked(TableWidget(position()), "K♣ 2♦")
    widget.press_capture()
    widget.set_language("en")
    assert widget.feedback.startswith("Not allowed")
    assert "Hand: 13 · Table: 2" in widget.html and "Capture!" in widget.html
    assert 'data-lang="en" aria-pressed="true"' in widget.html


def test_clicks_from_the_browser_reach_the_same_methods() -> None:
    widget = TableWidget(position())
    for token in ("5♠", "A♥", "2♦", "4♣"):
        widget._handle_custom_msg({"action": "toggle", "card": token}, [])
    assert widget.sums == (6, 6)
    widget._handle_custom_msg({"action": "capture"}, [])
    assert widget.feedback_tone == "good" and widget.state.to_move == 1
    widget._handle_custom_msg({"action": "toggle", "card": "K♠"}, [])
    assert widget.feedback_tone == "bad" and "K♠" in widget.feedback
    widget._handle_custom_msg({"action": "lang", "lang": "en"}, [])
    assert 'data-language="en"' in widget.html


def test_selecting_a_card_out_of_reach_is_an_error() -> None:
    widget = TableWidget(position())
    with pytest.raises(IllegalMoveError, match="8♣"):
        widget.select("8♣")  # in the other player's hand


def test_buttons_carry_stable_hooks_for_browser_tests() -> None:
    html = TableWidget(position()).html
    for action in ("capture", "lay", "answers", "clear"):
        assert f'kaszino-{action}-btn' in html and f'data-action="{action}"' in html
    assert 'class="kaszino-feedback"' in html
    assert 'data-card="10♦"' not in html and 'data-card="9♠"' in html


def test_an_opponent_answers_until_the_learner_moves_again() -> None:
    def lay_first(state: GameState) -> Lay:
        return Lay(state.hands[state.to_move][0])

    widget = picked(TableWidget(position(), opponent=lay_first), "5♠")
    widget.press_lay()
    assert widget.state.to_move == 0
    assert widget.state.table == parse_cards(TABLE + " 5♠ 3♦")
    assert "Az ellenfél lépése: 3♦" in widget.feedback
    assert "8♣" not in widget.html  # the opponent's hand stays hidden


def test_after_the_last_round_the_next_deal_is_dealt_on_request() -> None:
    last = replace(position(hand="5♠", table="5♦", other=""), round=8, talon=())
    widget = picked(TableWidget(last), "5♠ 5♦")
    widget.press_capture()
    assert widget.state.deal_over
    assert "kaszino-next-deal-btn" in widget.html
    widget.next_deal()
    assert widget.state.deal == 2 and not widget.state.deal_over


def test_a_claim_in_manual_mode_is_refused_until_secured_and_then_wins() -> None:
    state = replace(position(), rules=preset("trainer"))
    widget = TableWidget(state)
    assert "kaszino-claim-btn" in widget.html and "kaszino-pass-btn" not in widget.html
    widget.press_claim()
    assert widget.feedback_tone == "bad" and widget.state is state
    widget = TableWidget(replace(state, scores=(11, 0)))
    widget.press_claim()
    assert widget.feedback_tone == "good" and widget.state.finished and widget.state.winner == 0
    assert 'data-action="capture" disabled' in widget.html


def test_v3_offers_a_pass_only_for_the_second_move_after_a_tabla() -> None:
    state = replace(position(), rules=preset("v3"))
    assert 'data-action="pass" disabled' in TableWidget(state).html
    widget = TableWidget(replace(state, forced="again"))
    widget.press_pass()
    assert widget.feedback_tone == "good" and widget.state.to_move == 1 and widget.state.forced is None


def test_v6_lets_the_next_player_challenge_a_false_capture() -> None:
    attempted = replace(position(), rules=preset("v6")).play(capture("5♠=2♦"))
    widget = TableWidget(attempted)
    assert widget.state.to_move == 1
    widget._handle_custom_msg({"action": "challenge"}, [])
    assert widget.feedback_tone == "good"
    assert widget.state.bonus == (0, 2) and widget.state.table == parse_cards(TABLE)


def test_mode_must_be_known() -> None:
    with pytest.raises(ValueError, match="mode"):
        TableWidget(position(), mode="replay")  # type: ignore[arg-type]


# --- the puzzle trainer -------------------------------------------------------------------


@dataclass(frozen=True)
class FakeVerdict:
    correct: bool
    text: str


@dataclass(frozen=True)
class FakePuzzle:
    """A puzzle that accepts exactly ``answers`` (all of them for ``all_captures``, any one otherwise)."""

    state: GameState
    kind: str
    answers: tuple[Capture, ...]

    def task_text(self) -> str:
        return f"task {self.kind} {language()}"

    def check(self, selection: Capture | Iterable[Capture]) -> FakeVerdict:
        chosen = {selection} if isinstance(selection, Capture) else set(selection)
        if self.kind == "all_captures":
            correct = chosen == set(self.answers)
        else:
            correct = len(chosen) == 1 and chosen <= set(self.answers)
        return FakeVerdict(correct, f"{'right' if correct else 'wrong'} {len(chosen)} {language()}")

    def hints(self) -> list[str]:
        return [f"first hint {language()}", f"second hint {language()}"]

    def solution_text(self) -> str:
        return "solution: " + ", ".join(map(str, self.answers))


KING_CAPTURES = (capture("K♣=4♣+9♠"), capture("K♣=2♦+4♣+7♥"))
ALL_CAPTURES = (capture("5♠+A♥=2♦+4♣"), *KING_CAPTURES)


def test_a_one_capture_puzzle_is_judged_by_the_puzzle_and_keeps_its_position() -> None:
    puzzle = FakePuzzle(position(), "best_capture", KING_CAPTURES)
    widget = PuzzleWidget([puzzle])
    assert "task best_capture hu" in widget.html
    picked(widget, "5♠ A♥ 2♦ 4♣").press_capture()
    assert widget.feedback_tone == "bad" and widget.feedback == "wrong 1 hu"
    assert widget.solved == frozenset()
    picked(widget, "K♣ 4♣ 9♠").press_capture()
    assert widget.feedback_tone == "good" and widget.solved == {0}
    assert widget.state is puzzle.state
    widget.set_language("en")
    assert widget.feedback == "right 1 en"


def test_the_hint_ladder_reveals_one_step_per_press() -> None:
    widget = PuzzleWidget([FakePuzzle(position(), "best_capture", KING_CAPTURES)])
    assert widget.hints_shown == [] and "kaszino-hints" not in widget.html
    widget.show_hint()
    assert widget.hints_shown == ["first hint hu"]
    widget.show_hint()
    widget.show_hint()
    assert widget.hints_shown == ["first hint hu", "second hint hu"]
    assert "Több tipp nincs" in widget.feedback
    widget.set_language("en")
    assert "second hint en" in widget.html


def test_the_solution_is_shown_on_request() -> None:
    widget = PuzzleWidget([FakePuzzle(position(), "best_capture", KING_CAPTURES)])
    assert not widget.solution_shown and 'class="kaszino-solution"' not in widget.html
    widget._handle_custom_msg({"action": "solution"}, [])
    assert widget.solution_shown
    assert "solution: K♣ = 4♣+9♠, K♣ = 2♦+4♣+7♥" in widget.html


def test_an_answer_given_after_the_solution_is_right_but_not_counted_as_solved() -> None:
    widget = PuzzleWidget([FakePuzzle(position(), "best_capture", KING_CAPTURES)])
    widget.show_solution()
    picked(widget, "K♣ 4♣ 9♠").press_capture()
    assert widget.feedback_tone == "good" and widget.solved == frozenset()


def test_next_moves_on_and_forgets_the_attempt_until_the_last_puzzle() -> None:
    second = FakePuzzle(position("A♠", "A♦"), "all_captures", (capture("A♠=A♦"),))
    widget = PuzzleWidget([FakePuzzle(position(), "best_capture", KING_CAPTURES), second])
    widget.show_hint()
    widget.show_solution()
    widget.select("K♣")
    widget.next_puzzle()
    assert widget.index == 1 and widget.state is second.state
    assert widget.hints_shown == [] and not widget.solution_shown and widget.sums == (0, 0)
    assert "kaszino-next-btn" in widget.html and 'data-action="next" disabled' in widget.html
    widget.next_puzzle()
    assert widget.index == 1 and "utolsó" in widget.feedback


def test_find_every_capture_collects_an_answer_and_submits_it() -> None:
    widget = PuzzleWidget([FakePuzzle(position(), "all_captures", ALL_CAPTURES)])
    assert 'data-action="add"' in widget.html and 'data-action="capture"' not in widget.html
    picked(widget, "5♠ K♣ 2♦ 9♠ 7♥").add_capture()
    assert widget.feedback_tone == "bad" and "18 > 13" in widget.feedback
    assert widget.answer == ()
    widget.clear()  # a refused selection stays selected until cleared
    for text in ("K♣ 4♣ 9♠", "5♠ A♥ 2♦ 4♣"):
        picked(widget, text).add_capture()
    picked(widget, "K♣ 4♣ 9♠").add_capture()
    assert widget.feedback_tone == "info" and "már szerepel" in widget.feedback
    widget.press_done()
    assert widget.feedback == "wrong 2 hu" and widget.solved == frozenset()
    picked(widget, "K♣ 2♦ 4♣ 7♥").add_capture()
    assert "K♣ = 2♦+4♣+7♥ (13)" in widget.html  # the answer list
    widget._handle_custom_msg({"action": "done"}, [])
    assert widget.feedback == "right 3 hu" and widget.solved == {0}
    widget.start_over()
    assert widget.answer == () and widget.feedback == ""


def test_the_real_puzzle_type_fits_the_widget() -> None:
    state = position()
    answers = tuple(captures(HAND_CARDS, state.table))
    puzzle = Puzzle(id="worked-example", kind="all_captures", state=state, answers=answers)
    widget = PuzzleWidget([puzzle])
    assert puzzle.task_text() in widget.html
    for text in ("K♣ 4♣ 9♠", "5♠ A♥ 2♦ 4♣", "K♣ 2♦ 4♣ 7♥"):
        picked(widget, text).add_capture()
    widget.press_done()
    assert widget.feedback_tone == "good" and widget.solved == {0}


def test_a_puzzle_widget_needs_puzzles() -> None:
    with pytest.raises(ValueError, match="needs a non-empty list of puzzles"):
        PuzzleWidget([])
