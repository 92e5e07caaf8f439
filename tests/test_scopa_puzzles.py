"""Scopa's puzzle kinds: answers against the clean-room referee and hand-counted fixtures, the
miners' predicates, the themes, texts without move notation, the file format's game field, the
check command over the shipped Scopa files, and the trainer's game filter with ratings and review."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from scopa_positions import position, ref_cards, ref_move
from scopa_referee import primiera_sum, ref_legal
from shipped import SHIPPED
from test_scopa_solver import minimax, referee_at

from kaszino.cli import main
from kaszino.engine.cards import parse_cards
from kaszino.errors import KaszinoError, PuzzleFormatError
from kaszino.games.scopa import ScopaMove, ScopaState, new_game, parse_move
from kaszino.games.scopa.deck import DECK
from kaszino.i18n import LANGUAGES, using_language
from kaszino.puzzles.kinds import SCOPA_KINDS
from kaszino.puzzles.mining import rebuild
from kaszino.puzzles.mining_scopa import (
    mine_scopa_best,
    mine_scopa_captures,
    mine_scopa_last_round,
    mine_scopa_primiera,
)
from kaszino.puzzles.puzzle import (
    Puzzle,
    answers_confirmed,
    dumps_puzzles,
    load_puzzles,
    parse_puzzles,
    puzzle_files,
    save_puzzles,
    solve,
)
from kaszino.puzzles.scopa_kinds import Worth, worth
from kaszino.puzzles.themes import SCOPA_THEME_TESTS, themes
from kaszino.puzzles.trainer import Filters, Trainer
from kaszino.store import Store, open_store, training

SCOPA = tuple(p for p in SHIPPED if p.game == "scopa")
RNG = random.Random(0)


def move(text: str) -> ScopaMove:
    found = parse_move(text)
    assert isinstance(found, ScopaMove)
    return found


def texts(moves: tuple[object, ...]) -> set[str]:
    return {str(m) for m in moves}


def puzzle(kind: str, state: ScopaState) -> Puzzle:
    return Puzzle(id="t-1", kind=kind, state=state, answers=solve(kind, state))


def mid_deal(hand: str, table: str, other: str | None = None) -> ScopaState:
    """Player 0 to move in round 2 (24 cards in the talon), the opponent holding ``other`` (by
    default as many of A♣ A♠ 2♠ as player 0 holds: he led the round)."""
    other = " ".join(["AC", "AS", "2S"][:len(hand.split())]) if other is None else other
    named = parse_cards(f"{hand} {table} {other}")
    talon = " ".join(str(card) for card in DECK if card not in named)
    return position(hand, other, table, round=2, talon=" ".join(talon.split()[:24]))


def referee_value(state: ScopaState, played: ScopaMove) -> int:
    """The margin the mover of the last round secures with ``played``, by the referee's minimax."""
    me = state.to_move
    deal = referee_at(state)
    deal.play(ref_move(played))
    if deal.over:
        points = deal.points()
        return points[me] - points[1 - me]
    return -minimax(deal) if deal.to_move != me else minimax(deal)


def last_round(seed: int) -> ScopaState:
    rnd = random.Random(seed)
    state = new_game(seed=seed)
    while not state.last_round:
        state = state.play(rnd.choice(state.legal_moves()))
    return state


# --- which captures are legal: the single-card priority ------------------------------------------
PRIORITY = mid_deal("KS 5C 3D", "KD 3H 7D 2C")
"""K♠ must take K♦ alone (not 3♥+7♦); 5♣ takes 3♥+2♣; 3♦ takes 3♥ alone (not 2♣+… nothing else)."""


def test_legal_captures_follow_the_single_card_priority() -> None:
    assert texts(solve("scopa_captures", PRIORITY)) == {"K♠=K♦", "5♣=2♣+3♥", "3♦=3♥"}


@pytest.mark.parametrize("seed", range(30))
def test_legal_captures_are_the_referees(seed: int) -> None:
    rnd = random.Random(seed)
    state = new_game(seed=seed)
    for _ in range(rnd.randrange(0, 30)):
        state = state.play(rnd.choice(state.legal_moves()))
        if state.deal_over:
            return
    expected = {m for m in ref_legal(ref_cards(state.hands[state.to_move]), ref_cards(state.table)) if m[1]}
    found = solve("scopa_captures", state) if expected else ()
    assert {ref_move(m) for m in found if isinstance(m, ScopaMove)} == expected


def test_the_captures_verdict_refuses_with_the_engines_reason_and_counts_the_missing() -> None:
    p = puzzle("scopa_captures", PRIORITY)
    assert p.check([move("KS=KD"), move("5C=3H+2C"), move("3D=3H")]).correct
    wrong = p.check([move("KS=3H+7D"), move("5C=3H+2C")])
    assert not wrong.correct and wrong.wrong == (move("KS=3H+7D"),) and len(wrong.missing) == 2
    with using_language("en"):
        text = p.check([move("KS=3H+7D")]).text
    assert "K♦" in text and "1 of the 3" not in text and "0 of the 3" in text
    with pytest.raises(KaszinoError):
        p.check("K♠")


# --- the best capture --------------------------------------------------------------------------------
def test_worth_orders_sure_points_then_sevens_then_diamonds_then_cards() -> None:
    state = mid_deal("7C 6H", "7D 2H 4S 6S")
    assert worth(state, move("7C=7D")) == Worth(points=1, sevens=2, diamonds=1, cards=2)
    assert texts(solve("scopa_best", state)) == {"7♣=7♦"}
    trap = mid_deal("6C QH", "6D 2H 4S 5S")  # Q♥ takes three cards, 6♣ takes the diamond
    assert worth(trap, move("QH=4S+5S")) == Worth(points=0, sevens=0, diamonds=0, cards=3)
    assert texts(solve("scopa_best", trap)) == {"6♣=6♦"}
    assert mine_scopa_best(trap, RNG) is not None


def test_the_best_capture_of_the_last_round_is_the_solvers() -> None:
    asked = 0
    for seed in range(40):
        state = last_round(seed)
        captures = [m for m in state.legal_moves() if isinstance(m, ScopaMove) and m.taken]
        if len(captures) < 2:
            continue
        asked += 1
        values = {capture: referee_value(state, capture) for capture in captures}
        best = max(values.values())
        assert set(solve("scopa_best", state)) == {m for m, v in values.items() if v == best}
    assert asked >= 10


def test_a_worse_capture_is_refuted_without_naming_the_best() -> None:
    state = mid_deal("7C 6H", "7D 2H 4S 6S")
    p = puzzle("scopa_best", state)
    verdict = p.check(move("6H=6S"))
    assert not verdict.correct and "7♣" not in verdict.text and "7♦" not in verdict.text
    assert p.check(move("7C=7D")).correct
    assert not p.check(move("6H=2H+4S")).correct  # the priority: 6♥ must take 6♠
    assert "6♠" in p.check(move("6H=2H+4S")).text


# --- count the primiera -------------------------------------------------------------------------------
def finished(pile0: str) -> ScopaState:
    """A finished deal with ``pile0`` for player 0 (asked) and the rest for player 1."""
    state = position("", "", "", pile0=pile0, to_move=0, last_capturer=0)
    return state


def test_the_primiera_is_counted_by_the_scoring_module_and_the_referee() -> None:
    state = finished("7S KS 6H AH 5D KD 2C QC JC")
    assert solve("scopa_primiera", state) == (21 + 18 + 15 + 12,)
    assert solve("scopa_primiera", state) == (primiera_sum(ref_cards(state.piles[0])),)
    p = puzzle("scopa_primiera", state)
    assert p.check(66).correct and not p.check(67).correct and not p.check(-1).correct
    assert "rank_trap" in themes("scopa_primiera", state, p.answers)  # K♦ is not the best diamond
    assert mine_scopa_primiera(state, RNG) is not None
    with using_language("en"):
        assert "too many" in p.check(80).text and "too few" in p.check(10).text


def test_a_pile_without_a_suit_is_no_primiera_puzzle() -> None:
    state = finished("7S KS 6H AH 5D")
    assert puzzle_problem("scopa_primiera", state) is not None
    assert mine_scopa_primiera(state, RNG) is None


def puzzle_problem(kind: str, state: ScopaState) -> str | None:
    from kaszino.puzzles.puzzle import KIND_RULES
    return KIND_RULES[kind].position_problem(state)


# --- win the known last round ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40, 52))
def test_the_last_rounds_answers_are_every_move_the_referees_minimax_calls_best(seed: int) -> None:
    state = last_round(seed)
    values = {m: referee_value(state, m) for m in state.legal_moves() if isinstance(m, ScopaMove)}
    best = max(values.values())
    assert set(solve("scopa_last_round", state)) == {m for m, v in values.items() if v == best}


def test_a_last_round_verdict_says_the_loss_and_the_reply() -> None:
    p = next(p for p in SCOPA if p.kind == "scopa_last_round" and len(p.state.legal_moves()) >= 3)
    wrong = next(m for m in p.state.legal_moves() if not p.is_answer(m))
    with using_language("en"):
        verdict = p.check(wrong)
    assert not verdict.correct and "worse" in verdict.text_in("en") and "rosszabb" in verdict.text_in("hu")
    assert all(p.check(answer).correct for answer in p.answers)


# --- the miners' predicates --------------------------------------------------------------------------
def test_a_lone_capture_teaches_nothing_and_the_priority_does() -> None:
    nothing = mid_deal("KS 2C 3D", "QH 6S")
    assert solve("scopa_captures", nothing) == () and mine_scopa_captures(nothing, RNG) is None
    one = mid_deal("KS 2C 4D", "KD 6S")
    assert mine_scopa_captures(one, RNG) is None
    assert mine_scopa_captures(PRIORITY, RNG) is not None


def test_a_last_round_with_one_move_is_no_puzzle() -> None:
    state = position("KS", "4C", "KD 3H", round=6)
    assert mine_scopa_last_round(state, RNG) is None


@pytest.mark.parametrize("kind", SCOPA_KINDS)
def test_every_shipped_scopa_puzzle_passes_its_miners_predicate(kind: str) -> None:
    sample = [p for p in SCOPA if p.kind == kind][::9]
    assert sample
    for p in sample:
        rebuilt = rebuild(p)
        assert rebuilt is not None and rebuilt.puzzle.id == p.id and rebuilt.puzzle.answers == p.answers


# --- themes ------------------------------------------------------------------------------------------
THEME_FIXTURES = {
    "settebello": ("scopa_best", mid_deal("7C 6H", "7D 2H 4S 6S"),
                   "scopa_best", mid_deal("6C QH", "6D 2H 4S 5S")),
    "scopa_sweep": ("scopa_captures", mid_deal("KS 2C 4D", "3H 7S"), "scopa_captures", PRIORITY),
    "single_priority": ("scopa_captures", PRIORITY, "scopa_captures", mid_deal("KS 2C 4D", "3H 7S")),
    "rank_trap": ("scopa_primiera", finished("7S KS 6H AH 5D KD 2C QC JC"),
                  "scopa_primiera", finished("7S 2S 6H 7D 7C")),
}


def test_every_scopa_theme_has_a_fixture() -> None:
    assert set(THEME_FIXTURES) | {"tied_best", "quiet_move"} == set(SCOPA_THEME_TESTS)


@pytest.mark.parametrize("theme", THEME_FIXTURES)
def test_a_scopa_theme_holds_on_its_fixture_and_not_on_the_other(theme: str) -> None:
    kind, state, other_kind, other = THEME_FIXTURES[theme]
    assert theme in themes(kind, state, solve(kind, state))
    assert theme not in themes(other_kind, other, solve(other_kind, other))


def test_shipped_themes_include_tied_and_quiet_scopa_puzzles() -> None:
    found = {theme for p in SCOPA for theme in p.themes}
    assert {"tied_best", "quiet_move", "settebello", "single_priority", "rank_trap"} <= found


# --- texts: both languages, cards as cards, no move notation -----------------------------------------
@pytest.mark.parametrize("kind", SCOPA_KINDS)
def test_texts_in_both_languages_show_cards_and_no_move_notation(kind: str) -> None:
    for p in [p for p in SCOPA if p.kind == kind][::16]:
        notation = {str(m) for m in p.state.legal_moves()}
        wrong = next((m for m in p.state.legal_moves() if isinstance(m, ScopaMove) and not p.is_answer(m)),
                     None)
        for lang in LANGUAGES:
            with using_language(lang):
                shown = [p.task_text(), p.solution_text(), *p.hints()]
                if p.answer_form == "captures" and wrong is not None:
                    shown.append(p.check([wrong]).text)
                elif p.answer_form == "move" and wrong is not None:
                    shown.append(p.check(wrong).text)
            for text in shown:
                assert "=" not in text and not any(n in text for n in notation if "=" in n), text
        with using_language("hu"):
            hu = p.solution_text()
        with using_language("en"):
            assert p.solution_text() != hu


# --- the file format -----------------------------------------------------------------------------------
def test_scopa_puzzles_read_back_and_name_their_game() -> None:
    sample = [next(p for p in SCOPA if p.kind == kind) for kind in SCOPA_KINDS]
    text = dumps_puzzles(sample)
    assert parse_puzzles(text) == tuple(sample)
    records = json.loads(text)["puzzles"]
    assert all(record["game"] == "scopa" for record in records)
    kaszino = next(p for p in SHIPPED if p.game == "kaszino")
    assert "game" not in kaszino.to_record()


def test_the_game_field_is_checked_with_clear_errors() -> None:
    record = next(p for p in SCOPA if p.kind == "scopa_best").to_record()
    without = {key: value for key, value in record.items() if key != "game"}
    for bad, message in ((without, "scopa_best is no kind of the game kaszino"),
                         ({**record, "game": "briscola"}, "field 'game': unknown game 'briscola'"),
                         ({**record, "answers": ["next"]}, "field 'answers': 'next' is not a move")):
        document = json.dumps({"format": 2, "puzzles": [bad]}, ensure_ascii=False)
        with pytest.raises(PuzzleFormatError, match=message):
            parse_puzzles(document, "scopa.json")
    kaszino = next(p for p in SHIPPED if p.game == "kaszino").to_record()
    explicit = json.dumps({"format": 2, "puzzles": [{**kaszino, "game": "kaszino"}]}, ensure_ascii=False)
    assert parse_puzzles(explicit)[0].game == "kaszino"
    scopa_kind = json.dumps({"format": 2, "puzzles": [{**kaszino, "game": "scopa"}]}, ensure_ascii=False)
    with pytest.raises(PuzzleFormatError, match="field 'kind'"):
        parse_puzzles(scopa_kind)


def test_the_shipped_scopa_files_hold_80_puzzles_of_each_kind_in_every_band() -> None:
    names = {path.name for path in puzzle_files()}
    assert {f"{kind}.json" for kind in SCOPA_KINDS} <= names
    for kind in SCOPA_KINDS:
        mine = [p for p in SCOPA if p.kind == kind]
        assert len(mine) >= 80 and {p.band for p in mine} == {"easy", "medium", "hard"}


def test_the_check_command_confirms_the_scopa_files_and_catches_a_wrong_answer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(path) for path in puzzle_files() if path.name.startswith("scopa_")]
    assert main(["puzzles", "check", *files]) == 0
    assert f"ok: {len(SCOPA)} puzzles in 4 files" in capsys.readouterr().out
    p = next(p for p in SCOPA if p.kind == "scopa_best" and len(p.answers) == 1)
    wrong = next(m for m in p.state.legal_moves()
                 if isinstance(m, ScopaMove) and m.taken and not p.is_answer(m))
    bad = tmp_path / "bad.json"
    save_puzzles([Puzzle(p.id, p.kind, p.state, (wrong,), p.themes, p.rating, p.source)], bad)
    assert main(["puzzles", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"puzzle '{p.id}' (scopa_best)" in out and "missing" in out and "extra" in out
    assert load_puzzles(bad)[0].game == "scopa"


# --- the trainer -----------------------------------------------------------------------------------------
@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "learner.sqlite3") as opened:
        yield opened


def test_the_game_filter_serves_one_game_or_both() -> None:
    mixed = list(SCOPA[:20]) + [p for p in SHIPPED if p.game == "kaszino"][:20]
    for games, wanted in ((("scopa",), {"scopa"}), (("kaszino",), {"kaszino"}), ((), {"scopa", "kaszino"})):
        trainer = Trainer(mixed, filters=Filters(games=games))
        served = set()
        while (chosen := trainer.next()) is not None:
            served.add(chosen.game)
        assert served == wanted
    with pytest.raises(KaszinoError, match="games: unknown 'briscola'"):
        Filters(games=("briscola",))


def test_a_scopa_puzzle_is_confirmed_rated_and_reviewed(store: Store) -> None:
    p = next(p for p in SCOPA if p.kind == "scopa_primiera")
    assert answers_confirmed(p)
    trainer = Trainer([p], store, mode="sequence")
    assert trainer.next() is p
    answer = p.answers[0]
    assert isinstance(answer, int)
    assert not trainer.answer(answer + 1).correct
    record = trainer.visit.record if trainer.visit is not None else None
    assert record is not None and record.rated and record.kind == "scopa_primiera"
    assert record.learner_after is not None and record.learner_before is not None
    assert record.learner_after < record.learner_before
    assert [card.puzzle_id for card in training.review_cards(store)] == [p.id]


def test_a_puzzle_whose_stored_answer_the_solver_refutes_is_not_served() -> None:
    p = next(p for p in SCOPA if p.kind == "scopa_last_round")
    wrong = next(m for m in p.state.legal_moves() if not p.is_answer(m))
    bad = Puzzle("bad-1", p.kind, p.state, (wrong,))
    trainer = Trainer([bad, p], mode="sequence")
    assert trainer.next() is p and trainer.refused == ("bad-1",)


def test_the_command_line_lists_and_mines_one_game(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "list", "--game", "scopa"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(SCOPA) and all(" scopa_" in line for line in lines)
    out = tmp_path / "mined.json"
    args = ["puzzles", "generate", "--seed", "5", "--count", "2", "--game", "scopa", "--out", str(out)]
    assert main([*args, "--workers", "1"]) == 0
    mined = load_puzzles(out)
    assert sorted(p.kind for p in mined) == sorted(SCOPA_KINDS * 2)
    assert all(answers_confirmed(p) for p in mined)
    again = tmp_path / "again.json"
    assert main([*args[:-1], str(again), "--workers", "2"]) == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
    alone = tmp_path / "alone.json"  # a Scopa kind's puzzles do not depend on the other kinds mined
    assert main([*args[:-1], str(alone), "--kind", "scopa_primiera", "--kind", "sweep",
                 "--workers", "1"]) == 0
    assert [p for p in load_puzzles(alone)] == [p for p in mined if p.kind == "scopa_primiera"]
    assert main(["puzzles", "generate", "--seed", "5", "--count", "2", "--game", "scopa", "--kind", "sweep",
                 "--out", str(tmp_path / "none.json")]) == 2
    assert "none of the kinds asked for is a kind of scopa" in capsys.readouterr().err


def test_no_hint_of_a_primiera_puzzle_reads_as_a_verdict() -> None:
    for p in [p for p in SCOPA if p.kind == "scopa_primiera"]:
        for lang in LANGUAGES:
            with using_language(lang):
                right = p.check(p.answers[0]).text
                assert not any(hint in right or right in hint for hint in p.hints()), (p.id, lang)
