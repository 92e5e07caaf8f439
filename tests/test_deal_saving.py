"""The deal-saving kind: when it is worth asking, the shipped puzzles re-verified two ways, the file
field of the move played, the texts (both hands, the talon, no move notation) and the trainer."""

from __future__ import annotations

import json
import re

import pytest
from minimax_reference import remembered_move_values

from kaszino.engine.cards import format_cards
from kaszino.errors import PuzzleFormatError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, parse_move
from kaszino.games.kaszino.solver.deal import solve_deal
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import tr, using_language
from kaszino.jupyter.widgets.puzzle import PuzzleWidget
from kaszino.puzzles.kinds import answer_key, may_claim
from kaszino.puzzles.mining import rebuild
from kaszino.puzzles.puzzle import PUZZLE_DIR, Puzzle, load_puzzles, parse_puzzles, recheck
from kaszino.puzzles.saving_kind import MIN_LOSS, saving_problem
from kaszino.puzzles.simulate import plays
from kaszino.puzzles.trainer import Filters, Trainer

SHIPPED = load_puzzles(PUZZLE_DIR / "deal_saving.json")

# Positions of the simulated games (game 7, move 80; game 1, moves 38 and 39; game 31, move 82) with
# the move played there: the last round, small enough for the plain minimax.
WORTH_ASKING = ("rules=trainer; seed=7; deal=2; dealer=0; scores=2 | 10; round=8; to_move=0; forced=-; "
                "last_capturer=1; hands=A♦ Q♥ 5♠ | 8♠ 7♠; table=9♥ Q♠ 3♥ 7♣; talon=-; piles=J♥ 2♣ 4♥ 9♠ "
                "3♦ 6♥ 4♦ 5♥ A♥ 7♦ 8♦ 10♦ 10♠ 4♠ 4♣ 10♥ 2♥ A♣ 7♥ 6♦ 10♣ A♠ J♦ 6♠ 6♣ K♦ K♠ | 5♦ 5♣ 9♦ "
                "9♣ 2♠ 2♦ Q♣ Q♦ K♣ K♥ 8♥ 3♠ 8♣ 3♣ J♠ J♣; tabla_points=0 | 0; bonus=0 | 0; result=-; "
                "pending=-", "Q♥ = Q♠")
EVERY_MOVE_KEEPS = ("rules=trainer; seed=1; deal=1; dealer=1; scores=0 | 0; round=8; to_move=0; forced=-; "
                    "last_capturer=1; hands=K♦ 8♦ Q♥ | 2♥; table=10♣ 10♠ K♣ 8♣ A♥ 7♠; talon=-; piles=3♦ "
                    "7♣ 4♠ 2♦ 4♦ 7♦ A♣ 8♥ 3♣ 3♠ 6♣ 5♥ A♦ K♥ K♠ 6♠ 6♦ 10♦ 10♥ | 3♥ 4♥ 7♥ 2♣ 9♥ 2♠ 8♠ "
                    "5♦ Q♦ Q♣ J♠ J♣ 9♦ 4♣ 5♠ 9♣ 9♠ J♦ 5♣ 6♥ A♠ J♥ Q♠; tabla_points=0 | 1; bonus=0 | 0; "
                    "result=-; pending=-", "Q♥")
ONE_MOVE = ("rules=trainer; seed=1; deal=1; dealer=1; scores=0 | 0; round=8; to_move=1; forced=-; "
            "last_capturer=1; hands=K♦ 8♦ | 2♥; table=10♣ 10♠ K♣ 8♣ A♥ 7♠ Q♥; talon=-; piles=3♦ 7♣ 4♠ "
            "2♦ 4♦ 7♦ A♣ 8♥ 3♣ 3♠ 6♣ 5♥ A♦ K♥ K♠ 6♠ 6♦ 10♦ 10♥ | 3♥ 4♥ 7♥ 2♣ 9♥ 2♠ 8♠ 5♦ Q♦ Q♣ J♠ J♣ "
            "9♦ 4♣ 5♠ 9♣ 9♠ J♦ 5♣ 6♥ A♠ J♥ Q♠; tabla_points=0 | 1; bonus=0 | 0; result=-; pending=-", "2♥")
LOST_ONE = ("rules=trainer; seed=31; deal=2; dealer=0; scores=2 | 11; round=8; to_move=0; forced=-; "
            "last_capturer=1; hands=3♣ 2♦ 8♦ | -; table=7♠; talon=-; piles=9♥ 9♣ J♦ 6♥ 5♦ Q♣ Q♦ 8♥ 8♣ Q♥ "
            "Q♠ 3♦ 3♠ J♣ 7♦ 4♣ 4♠ 9♦ K♦ | K♥ K♣ 10♦ 6♣ 4♦ A♣ 9♠ 10♥ 4♥ 2♣ 7♥ K♠ 5♣ 6♦ J♥ 5♥ 5♠ 3♥ 6♠ "
            "7♣ A♠ A♥ 10♠ 10♣ 2♠ 8♠ 2♥ A♦ J♠; tabla_points=0 | 2; bonus=0 | 0; result=-; pending=-", "8♦")
SMALL = 8
"""The shipped puzzles with at most this many cards in the hands and the talon are solved again by
the plain minimax (every puzzle of the last round and the late ones of round 7: a few seconds)."""


def fixture(case: tuple[str, str], **changes: str) -> tuple[GameState, Capture | Lay]:
    notation, played = case
    for name, value in changes.items():
        notation = re.sub(rf"\b{name}=[^;]*", f"{name}={value}", notation)
    move = parse_move(played)
    assert isinstance(move, Capture | Lay)
    return GameState.from_notation(notation), move


def reference(state: GameState) -> dict[object, int]:
    """The plain minimax's value of each move (``GameState.play`` itself, draws included), by answer key."""
    return {answer_key(move): value for move, value in remembered_move_values(state).items()}


# --- when a position is worth asking --------------------------------------------------------------
def test_a_position_worth_asking_by_the_plain_minimax_too() -> None:
    state, played = fixture(WORTH_ASKING)
    assert saving_problem(state, played) is None
    values = reference(state)
    best = max(values.values())
    assert best - values[answer_key(played)] >= MIN_LOSS
    assert 1 <= sum(value == best for value in values.values()) < len(values)


def test_the_mover_who_may_claim_the_game_is_no_puzzle() -> None:
    state, played = fixture(WORTH_ASKING, scores="11 | 10")  # the mover's earlier deals reach 11
    assert may_claim(state) and not may_claim(fixture(WORTH_ASKING)[0])
    assert "the mover has secured the game's target already" in (saving_problem(state, played) or "")
    assert not may_claim(fixture(WORTH_ASKING, scores="2 | 12")[0])  # the other player's points do not count


@pytest.mark.parametrize(("case", "problem"), [
    (EVERY_MOVE_KEEPS, "every move keeps the best result"),
    (ONE_MOVE, "the mover has one move only"),
    (LOST_ONE, "the move played lost 1 point(s), fewer than 2"),
])
def test_positions_not_worth_asking(case: tuple[str, str], problem: str) -> None:
    state, played = fixture(case)
    assert saving_problem(state, played) == problem
    values = reference(state)
    best = max(values.values())
    if problem.startswith("every"):
        assert len(values) > 1 and set(values.values()) == {best}
    elif problem.startswith("the mover has one"):
        assert len(values) == 1
    else:
        assert best - values[answer_key(played)] == 1


def test_too_early_a_round_and_a_move_not_of_the_mover() -> None:
    state, played = next((s, m) for _, s, m in plays(1) if s.round == 5 and isinstance(m, Capture | Lay))
    assert saving_problem(state, played) == "a deal-saving position lies in the last 3 rounds, not in round 5"
    state, _ = fixture(WORTH_ASKING)
    assert "no capture or lay of the mover" in (saving_problem(state, Lay(state.hands[1][0])) or "")


# --- the shipped puzzles ------------------------------------------------------------------------------
def test_at_least_a_hundred_shipped_each_with_its_move_played_and_no_claim_open() -> None:
    """Each shipped puzzle's answers and the loss of its move played are the deal search's: the
    check command confirms them for every shipped puzzle once a run (``test_shipped_collection.py``,
    through :func:`saving_problem`), and the plain minimax confirms them independently on the small
    ones (below)."""
    assert len(SHIPPED) >= 100
    for puzzle in SHIPPED:
        assert puzzle.kind == "deal_saving" and puzzle.played is not None
        assert len(puzzle.answer_keys) >= 1 and answer_key(puzzle.played) not in puzzle.answer_keys
        assert not may_claim(puzzle.state)


def test_the_small_shipped_ones_by_the_plain_minimax() -> None:
    """An independent check: every shipped puzzle with at most :data:`SMALL` cards in the hands
    and the talon together is solved again by the plain minimax (no pruning, the engine's draws)."""
    small = [p for p in SHIPPED if sum(map(len, p.state.hands)) + len(p.state.talon) <= SMALL]
    assert len(small) >= 25 and any(p.state.talon for p in small)
    for puzzle in small:
        assert puzzle.played is not None
        values = reference(puzzle.state)
        best = max(values.values())
        assert {key for key, value in values.items() if value == best} == puzzle.answer_keys, puzzle.id
        assert best - values[answer_key(puzzle.played)] >= MIN_LOSS


def test_shipped_puzzles_rebuild_from_their_games() -> None:
    for puzzle in SHIPPED[::25]:
        rebuilt = rebuild(puzzle)
        assert rebuilt is not None and rebuilt.puzzle.played == puzzle.played
        assert rebuilt.puzzle.state == puzzle.state and rebuilt.puzzle.answers == puzzle.answers


# --- the file's field "played" ------------------------------------------------------------------------
def _file(record: dict[str, object]) -> str:
    return json.dumps({"format": 2, "puzzles": [record]}, ensure_ascii=False)


def test_the_move_played_is_stored_and_checked_on_loading() -> None:
    puzzle = SHIPPED[0]
    record = puzzle.to_record()
    assert record["played"] == str(puzzle.played) and parse_puzzles(_file(record)) == (puzzle,)
    without = {key: value for key, value in record.items() if key != "played"}
    with pytest.raises(PuzzleFormatError, match="'played': a deal_saving puzzle stores the move played"):
        parse_puzzles(_file(without))
    answer = puzzle.rules.answer_value(puzzle.answers[0])
    with pytest.raises(PuzzleFormatError, match="is one of the answers"):
        parse_puzzles(_file({**record, "played": answer}))
    with pytest.raises(PuzzleFormatError, match="field 'played'"):
        parse_puzzles(_file({**record, "played": "A♠ = A♣"}))
    other = load_puzzles(PUZZLE_DIR / "last_round.json")[0].to_record()
    with pytest.raises(PuzzleFormatError, match="a last_round puzzle stores no move played"):
        parse_puzzles(_file({**other, "played": answer}))


def test_a_puzzle_whose_move_played_lost_too_little_is_refused_by_the_check() -> None:
    puzzle = SHIPPED[0]
    state, played = fixture(LOST_ONE)
    moved = Puzzle(id="ds-test", kind="deal_saving", state=state, answers=puzzle.rules.solve(state),
                   played=played)
    found = recheck(moved)
    assert found is not None and "lost 1 point(s)" in str(found)


# --- the texts -----------------------------------------------------------------------------------------
def test_the_task_shows_every_card_and_the_texts_no_move_notation() -> None:
    puzzle = SHIPPED[len(SHIPPED) // 2]
    state, played = puzzle.state, puzzle.played
    assert played is not None
    with using_language("hu"):
        task = puzzle.task_text()
        assert task.startswith("Mentsd meg az osztást!")
        assert format_cards(state.hands[1 - state.to_move]) in task
        assert (format_cards(state.talon) in task) if state.talon else "A talon elfogyott" in task
    with using_language("en"):
        assert puzzle.task_text().startswith("Save the deal!")
        texts = [puzzle.solution_text(), *puzzle.hints(), puzzle.check(puzzle.answers[0]).text,
                 puzzle.check(played).text]
    found = solve_deal(state)
    for text in texts:
        assert " = " not in text  # a capture in notation reads "9♣ = 9♠"
    right, wrong = texts[-2], texts[-1]
    loss = found.value - found.move_values[played]
    assert "you saved the deal" in right and f"The move played here in the game lost {loss} points." in right
    assert f"it ends {loss} point{'' if loss == 1 else 's'} worse" in wrong and "saved" not in wrong
    assert f"The move played here in the game lost {loss} points." in texts[0]


def test_the_kind_in_the_trainer_and_its_widget() -> None:
    with using_language("hu"):
        assert tr("trainer.kind_deal_saving") == "Mentsd meg az osztást"
    with using_language("en"):
        assert tr("trainer.kind_deal_saving") == "Save the deal"
    chosen = next(p for p in SHIPPED if p.state.talon)  # before the open last round
    trainer = Trainer([chosen], filters=Filters(kinds=("deal_saving",)))
    widget = PuzzleWidget(trainer, controls=True)
    puzzle = widget.puzzle
    assert puzzle == chosen and not trainer.refused
    assert "Mentsd meg az osztást" in widget.html and 'value="deal_saving"' in widget.html
    assert 'data-action="lay"' in widget.html
    opponent = puzzle.state.hands[1 - puzzle.state.to_move]
    assert all(f"kaszino-face-{card.value}{card.suit.letter}" in widget.html for card in opponent)  # face up
    answer = puzzle.answers[0]
    if isinstance(answer, Lay):
        widget.select(answer.card)
        widget.press_lay()
    else:
        assert isinstance(answer, Capture)
        for card in (*answer.hand, *answer.table):
            widget.select(card)
        widget.press_capture()
    assert widget.feedback_tone == "good" and "megmentetted az osztást" in widget.feedback
    assert trainer.visit is not None and trainer.visit.outcome == "solved"
