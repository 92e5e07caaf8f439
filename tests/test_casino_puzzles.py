"""Casino's puzzle kinds: answers against the clean-room referee, a brute-force search and
hand-made fixtures, the "is it instructive" predicates and the themes on fixtures, texts without
move notation in both languages, the shipped files and the check command, the game filter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from casino_positions import build, position, ref_cards, ref_move
from casino_referee import RefDeal
from shipped import SHIPPED
from test_casino_expert import brute_force

from kaszino.cli import main
from kaszino.games.casino import BuildMove, Capture, CasinoRules, CasinoState, Trail, parse_move
from kaszino.games.casino.expert import plays
from kaszino.i18n import LANGUAGES, using_language
from kaszino.puzzles.casino_kinds import Worth, unkept, worth
from kaszino.puzzles.instructive import instructive_problem
from kaszino.puzzles.kinds import CASINO_KINDS
from kaszino.puzzles.mining import rebuild
from kaszino.puzzles.puzzle import KIND_RULES, Puzzle, load_puzzles, puzzle_files, save_puzzles, solve
from kaszino.puzzles.themes import CASINO_THEME_TESTS, themes
from kaszino.puzzles.trainer import Filters, Trainer

CASINO = tuple(p for p in SHIPPED if p.game == "casino")


def move(text: str) -> Capture | BuildMove | Trail:
    found = parse_move(text)
    assert isinstance(found, Capture | BuildMove | Trail)
    return found


def texts(moves: tuple[object, ...] | list[object]) -> set[str]:
    return {str(m) for m in moves}


def mid_deal(hand: str, table: str, *, builds: tuple[str, ...] = (), owner: int = 1,
             other: str = "K♣ K♦ K♥ K♠") -> CasinoState:
    """Player 0 to move in the first hand of a deal, the opponent holding ``other``; the rest of the
    deck in the stock."""
    made = tuple(build(text, owner) for text in builds)
    state = position(hand, other, table=table, builds=made, last_capturer=None, checked=False)  # cards only
    return CasinoState(rules=state.rules, hands=state.hands, table=state.table, builds=made,
                       talon=state.talon, piles=state.piles, scores=state.scores, dealer=1, to_move=0,
                       round=1)


def puzzle(kind: str, state: CasinoState) -> Puzzle:
    return Puzzle(id="t-1", kind=kind, state=state, answers=solve(kind, state))  # type: ignore[arg-type]


def referee_for(state: CasinoState) -> RefDeal:
    """The referee's deal at ``state`` (two players)."""
    deal = RefDeal(2, [list(ref_cards(hand)) for hand in state.hands], list(ref_cards(state.table)),
                   list(ref_cards(state.talon)), state.dealer)
    deal.builds = [{"cards": frozenset(ref_cards(b.cards)), "value": b.value, "owner": b.owner,
                    "single": b.single} for b in state.builds]
    deal.to_move = state.to_move
    return deal


# --- every capture of a card, several groups at once -----------------------------------------------
def test_a_card_takes_every_group_of_its_value_at_once() -> None:
    state = mid_deal("8♠ Q♥", "3♣ 5♥ 2♦ 6♣ 8♦ J♠", builds=("4♥+4♦=8",))
    assert set(solve("casino_captures", state)) == {move("8♠=2♦+6♣,3♣+5♥,8♦,[4♦+4♥]")}


def test_groups_sharing_a_card_make_several_largest_captures() -> None:
    state = mid_deal("8♠ 5♣", "3♣ 5♥ 5♦ A♥ 4♠")  # every group of 8 needs 3♣; the groups of 5 do not meet
    assert set(solve("casino_captures", state)) == {
        move("8♠=3♣+5♥"), move("8♠=3♣+5♦"), move("8♠=A♥+3♣+4♠"), move("5♣=5♥,5♦,A♥+4♠")}


def test_two_groupings_of_the_same_cards_are_one_capture() -> None:
    p = puzzle("casino_captures", mid_deal("10♣ Q♥", "3♠ 7♣ 3♦ 7♦ Q♣"))
    assert len([a for a in p.answers if isinstance(a, Capture) and a.card.value == 10]) == 1
    for grouping in ("10♣=3♠+7♣,3♦+7♦", "10♣=3♠+7♦,3♦+7♣"):
        assert p.is_answer(move(grouping))
        assert p.check([move(grouping), move("Q♥=Q♣")]).correct


@pytest.mark.parametrize("index", range(0, 80, 8))
def test_the_largest_captures_are_the_referees(index: int) -> None:
    shipped = [p for p in CASINO if p.kind == "casino_captures"][index]
    legal = [m for m in referee_for(shipped.state).legal() if m[0] == "capture"]

    def taken(m: tuple[object, ...]) -> frozenset[object]:
        return frozenset().union(*m[2], *m[3])  # type: ignore[misc]

    expected = {(m[1], taken(m)) for m in legal
                if not any(o[1] == m[1] and taken(m) < taken(o) for o in legal)}
    found = [ref_move(a) for a in shipped.answers]  # type: ignore[arg-type]
    assert len(found) == len(expected) and {(m[1], taken(m)) for m in found} == expected


def test_a_smaller_capture_is_refuted_with_what_it_leaves_and_an_illegal_one_with_the_rule() -> None:
    p = puzzle("casino_captures", mid_deal("8♠ Q♥", "3♣ 5♥ 2♦ 6♣ Q♣"))
    assert set(p.answers) == {move("8♠=2♦+6♣,3♣+5♥"), move("Q♥=Q♣")}
    with using_language("en"):
        smaller = p.check([move("8♠=3♣+5♥"), move("Q♥=Q♣")])
        assert not smaller.correct and "not the largest" in smaller.text and "2♦ 6♣" in smaller.text
        illegal = p.check([move("8♠=2♦+5♥")])
        assert not illegal.correct and illegal.wrong == (move("8♠=2♦+5♥"),)
        assert p.check(list(p.answers)).correct


# --- which builds can you make and keep ----------------------------------------------------------------
def test_a_build_needs_a_card_of_its_value_kept_in_hand() -> None:
    state = mid_deal("3♣ 8♦ 6♠", "5♥ 2♦")
    assert set(solve("casino_builds", state)) == {move("3♣:8=5♥"), move("6♠:8=2♦")}
    refused = {(str(card), value) for card, value, _ in unkept(state)}
    assert {("3♣", 5), ("3♣", 10), ("8♦", 10)} <= refused and ("6♠", 8) not in refused


@pytest.mark.parametrize("index", range(0, 80, 8))
def test_the_build_moves_are_the_referees(index: int) -> None:
    shipped = [p for p in CASINO if p.kind == "casino_builds"][index]
    expected = {m for m in referee_for(shipped.state).legal() if m[0] == "build"}
    assert {ref_move(a) for a in shipped.answers} == expected  # type: ignore[arg-type]


def test_a_build_attempt_refused_by_the_rules_says_why() -> None:
    p = puzzle("casino_builds", mid_deal("3♣ 8♦ 6♠", "5♥ 2♦"))
    with using_language("en"):
        verdict = p.check([move("3♣:5=2♦")])
    assert not verdict.correct and verdict.wrong == (move("3♣:5=2♦"),) and "5" in verdict.text_in("en")


# --- the capture worth most --------------------------------------------------------------------------
def test_worth_orders_points_then_spades_then_cards() -> None:
    assert worth(move("10♠=10♦")) == Worth(points=2, spades=1, cards=2)
    assert Worth(1, 0, 2) > Worth(0, 3, 9) and Worth(0, 2, 2) > Worth(0, 1, 5)
    assert worth(move("5♠=A♥+4♣,2♠+3♦")) == Worth(points=2, spades=2, cards=5)


def test_the_best_capture_is_not_the_widest() -> None:
    state = mid_deal("10♣ 9♥", "10♦ 4♣ 5♣ 2♥ 7♥")
    p = puzzle("casino_best", state)
    assert texts(p.answers) == {"10♣=10♦"}
    assert "greedy_trap" in themes("casino_best", state, p.answers)
    with using_language("en"):
        verdict = p.check(move("9♥=2♥+7♥,4♣+5♣"))
    assert not verdict.correct and "takes more points" in verdict.text_in("en")


# --- win the known last hand ---------------------------------------------------------------------------
def small_last_hands() -> list[Puzzle]:
    return [p for p in CASINO if p.kind == "casino_last_hand" and sum(map(len, p.state.hands)) <= 5]


def test_the_last_hands_answers_are_every_move_a_brute_force_search_calls_best() -> None:
    found = small_last_hands()
    assert len(found) >= 5
    for p in found[:12]:
        state = p.state
        best = brute_force(state)
        values = {}
        for m in plays(state):
            after = state.play(m)
            points = after.deal_scores()
            values[m] = (points[0] - points[1]) * (1 if state.to_move == 0 else -1) if after.deal_over \
                else -brute_force(after)
        assert max(values.values()) == best
        assert {str(m) for m, value in values.items() if value == best} == texts(p.answers)


def test_a_last_hand_verdict_says_the_loss_and_the_reply() -> None:
    p = next(p for p in small_last_hands() if len(p.answers) == 1)
    wrong = next(m for m in plays(p.state) if not p.is_answer(m))
    with using_language("en"):
        verdict = p.check(wrong)
    assert not verdict.correct and "worse in the difference" in verdict.text_in("en")


def test_a_three_player_last_hand_is_no_puzzle() -> None:
    state = position("5♣ 6♦", "7♠ 8♣", "9♦ A♠", table="3♥", rules=CasinoRules(players=3))
    assert "two players" in str(KIND_RULES["casino_last_hand"].position_problem(state))


# --- is it instructive? ------------------------------------------------------------------------------
def test_each_predicate_keeps_one_fixture_and_refuses_another() -> None:
    several = mid_deal("8♠ 5♣", "3♣ 5♥ 5♦ A♥ 4♠")
    lone = mid_deal("8♠ Q♥", "8♦ J♠")
    assert instructive_problem("casino_captures", several, solve("casino_captures", several)) is None
    refused = instructive_problem("casino_captures", lone, solve("casino_captures", lone))
    assert "none takes several" in str(refused)
    keep = mid_deal("3♣ 8♦ 6♠", "5♥ 2♦")
    plain = mid_deal("3♣ 8♦ 5♠", "5♥ K♦")
    assert instructive_problem("casino_builds", keep, solve("casino_builds", keep)) is None
    assert instructive_problem("casino_builds", plain, solve("casino_builds", plain)) is not None
    trap = mid_deal("10♣ 9♥", "10♦ 4♣ 5♣ 2♥ 7♥")
    obvious = mid_deal("10♣ 9♥", "10♥ 9♣ 4♦ 5♦")  # no point to take: the widest is best
    assert instructive_problem("casino_best", trap, solve("casino_best", trap)) is None
    assert instructive_problem("casino_best", obvious, solve("casino_best", obvious)) is not None
    quiet = position("6♠ 3♠ J♦", "10♦ J♣", table="9♣ 8♠ 7♦")  # trail 6♠: 10♦ cannot take 3♠+7♦
    lone = position("5♣", "7♠", table="3♥")
    assert texts(solve("casino_last_hand", quiet)) == {"6♠"}
    assert instructive_problem("casino_last_hand", quiet, solve("casino_last_hand", quiet)) is None
    assert instructive_problem("casino_last_hand", lone, solve("casino_last_hand", lone)) is not None


@pytest.mark.parametrize("kind", CASINO_KINDS)
def test_shipped_casino_puzzles_pass_their_predicate_and_rebuild(kind: str) -> None:
    """A sample: the check command (below, a slow test) asks every puzzle its predicate."""
    for p in [p for p in CASINO if p.kind == kind][::20]:
        assert instructive_problem(p.kind, p.state, p.answers) is None, p.id
        found = rebuild(p)
        assert found is not None and found.puzzle.id == p.id and found.puzzle.answers == p.answers


# --- themes ---------------------------------------------------------------------------------------------
def test_every_casino_theme_is_found_in_the_shipped_files() -> None:
    found = {theme for p in CASINO for theme in p.themes}
    assert set(CASINO_THEME_TESTS) <= found


def shipped_last_hand(theme: str, holds: bool) -> CasinoState:
    return next(p.state for p in CASINO if p.kind == "casino_last_hand" and (theme in p.themes) == holds)


FIXTURES: dict[str, tuple[tuple[str, CasinoState], tuple[str, CasinoState]]] = {
    "ace": (("casino_captures", mid_deal("5♣", "A♥ 4♠ 5♥")), ("casino_captures", mid_deal("5♣", "2♦ 3♣ 5♥"))),
    "big_casino": (("casino_captures", mid_deal("10♣", "10♦")), ("casino_captures", mid_deal("10♣", "10♥"))),
    "little_casino": (("casino_captures", mid_deal("5♣", "2♠ 3♣")),
                      ("casino_captures", mid_deal("5♣", "2♦ 3♣"))),
    "several_groups": (("casino_captures", mid_deal("8♠ 5♣", "3♣ 5♥ 5♦ A♥ 4♠")),
                       ("casino_captures", mid_deal("8♠ Q♥", "8♦ J♠"))),
    "casino_build": (("casino_captures", mid_deal("8♠", "8♦", builds=("4♥+4♦=8",))),
                     ("casino_captures", mid_deal("8♠", "8♦ 4♥ 4♦"))),
    "keep_rule": (("casino_builds", mid_deal("3♣ 8♦ 6♠", "5♥ 2♦")),
                  ("casino_builds", mid_deal("3♣ 8♦", "5♥"))),
    "tied_best": (("casino_best", mid_deal("9♥ 9♣", "9♦ 9♠")), ("casino_best", mid_deal("9♠ 10♣", "9♦ 10♥"))),
    "greedy_trap": (("casino_best", mid_deal("10♣ 9♥", "10♦ 4♣ 5♣ 2♥ 7♥")),
                    ("casino_best", mid_deal("10♣ 9♥", "10♥ 9♣ 4♦ 5♦"))),
}
"""Each Casino theme: a position where it holds, and one where it does not (``quiet_move``: two
shipped last hands)."""


def test_every_casino_theme_has_fixtures() -> None:
    assert {*FIXTURES, "quiet_move"} == set(CASINO_THEME_TESTS)


@pytest.mark.parametrize("theme", sorted(CASINO_THEME_TESTS))
def test_a_casino_theme_holds_on_its_fixture_and_not_on_the_other(theme: str) -> None:
    (kind, holds), (other_kind, lacks) = FIXTURES.get(theme) or (
        ("casino_last_hand", shipped_last_hand(theme, True)),
        ("casino_last_hand", shipped_last_hand(theme, False)))
    assert theme in themes(kind, holds, solve(kind, holds))  # type: ignore[arg-type]
    assert theme not in themes(other_kind, lacks, solve(other_kind, lacks))  # type: ignore[arg-type]


# --- texts: both languages, moves in words, no move notation --------------------------------------------
@pytest.mark.parametrize("kind", CASINO_KINDS)
def test_texts_in_both_languages_tell_moves_in_words(kind: str) -> None:
    for p in [p for p in CASINO if p.kind == kind][::16]:
        legal = [m for m in p.state.legal_moves() if isinstance(m, Capture | BuildMove | Trail)]
        wrong = next((m for m in legal if not p.is_answer(m) and isinstance(m, type(p.answers[0]))), None)
        shown: dict[str, list[str]] = {}
        for lang in LANGUAGES:
            with using_language(lang):
                shown[lang] = [p.task_text(), p.solution_text(), *p.hints()]
                if wrong is not None:
                    shown[lang].append(p.check([wrong] if p.answer_form == "captures" else wrong).text)
            for text in shown[lang]:
                assert "=" not in text and not any(f"{n}" in text for n in map(str, legal) if ":" in n), text
        assert shown["hu"] != shown["en"]



KINDS_SAID = {"capture": Capture, "build": BuildMove, "trail": Trail}


def test_the_last_hands_first_hint_counts_the_moves_the_engine_allows() -> None:
    """Each kind of move the hint names, with its number, and no other (an owner of a build may not
    trail; many last hands allow no build)."""
    for p in [p for p in CASINO if p.kind == "casino_last_hand"]:
        with using_language("en"):
            told = re.search(r"Your legal moves: (.*)\.$", p.hints()[0])
        assert told is not None, p.hints()[0]
        said = {kind.rstrip("s"): int(count) for count, kind in re.findall(r"(\d+) (\w+)", told.group(1))}
        legal = plays(p.state)
        counts = {kind: sum(isinstance(m, of) for m in legal) for kind, of in KINDS_SAID.items()}
        assert said == {kind: count for kind, count in counts.items() if count}, p.id


def test_a_face_cards_several_largest_captures_are_explained_by_the_face_card_rule() -> None:
    faces = [p for p in CASINO if p.kind == "casino_captures"
             and any(isinstance(a, Capture) and a.card.value > 10 for a in p.answers)]
    assert faces, "the shipped captures puzzles have a face card among their answers"
    for p in faces:
        with using_language("en"):
            text = p.solution_text()
        for card in {a.card for a in p.answers if isinstance(a, Capture) and a.card.value > 10}:
            if sum(isinstance(a, Capture) and a.card == card for a in p.answers) > 1:
                assert f"{card} is a face card" in text and f"The groups of {card}" not in text, text


# --- the shipped files, the check command, the trainer -------------------------------------------------
def test_the_shipped_casino_files_hold_80_puzzles_of_each_kind_in_every_band() -> None:
    names = {path.name for path in puzzle_files()}
    assert {f"{kind}.json" for kind in CASINO_KINDS} <= names
    for kind in CASINO_KINDS:
        mine = [p for p in CASINO if p.kind == kind]
        assert len(mine) >= 80 and {p.band for p in mine} == {"easy", "medium", "hard"}


def test_the_check_command_confirms_casino_puzzles_and_catches_a_wrong_answer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three shipped puzzles of each Casino kind confirmed (``test_cli.py`` re-solves every shipped
    file, the four Casino files among them), then a wrong answer caught."""
    assert sum(path.name.startswith("casino_") for path in puzzle_files()) == len(CASINO_KINDS) == 4
    sample = tmp_path / "sample.json"
    save_puzzles([p for kind in CASINO_KINDS for p in [p for p in CASINO if p.kind == kind][:3]], sample)
    assert main(["puzzles", "check", str(sample)]) == 0
    assert "ok: 12 puzzles in 1 file," in capsys.readouterr().out
    p = next(p for p in CASINO if p.kind == "casino_best" and len(p.answers) == 1)
    wrong = next(m for m in p.state.legal_moves() if isinstance(m, Capture) and not p.is_answer(m))
    bad = tmp_path / "bad.json"
    save_puzzles([Puzzle(p.id, p.kind, p.state, (wrong,), p.themes, p.rating, p.source)], bad)
    assert main(["puzzles", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"puzzle '{p.id}' (casino_best)" in out and "missing" in out and "extra" in out
    assert load_puzzles(bad)[0].game == "casino"


def test_the_game_filter_serves_casino_alone() -> None:
    mixed = list(CASINO[:20]) + [p for p in SHIPPED if p.game != "casino"][:20]
    trainer = Trainer(mixed, mode="rated", filters=Filters(games=("casino",)))
    for _ in range(5):
        served = trainer.next()
        assert served is not None and served.game == "casino"
