"""What the Kaszinó puzzles' texts state, checked against the engine, and how they read for one and many.

- ``ausz``: a majority is told as the engine's ``majority_holder`` holds it (the opponent's for good is
  not "not certain yet"); the counts hint tells the captured pile, not the hand.
- ``score_deal``: the small points name Fals! only under the rules that have it.
- ``fals``: no hint reads as the verdict on an answer not given; what a call brings, as the engine
  pays it, is said once however many faults the capture has.
- ``defend``: the sweep hint names exactly the lays after which the engine lets the opponent take the
  whole table, the learner laying.
- ``deal_saving``: the task names the opponent's hand, or says it is empty (no blank); the count hint
  agrees with the engine's moves and reads singular for one.
- Every solution heading counts its answers in the right number; a capture refused in a list is named
  in words; a lay offered as a capture takes its Hungarian article; a tie counts the other captures.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from reference import finished_deal, position
from shipped import SHIPPED

from kaszino import Capture, GameState, Lay, parse_cards, parse_move
from kaszino.engine.cards import format_cards
from kaszino.games.kaszino.captures import captures
from kaszino.games.kaszino.moves import Challenge
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.scoring import DECK_SIZE, SPADES_IN_DECK, count_spades, majority_holder
from kaszino.i18n import LANGUAGES, hu_article, tr, using_language
from kaszino.puzzles.kinds import Kind, answer_key, move_words
from kaszino.puzzles.puzzle import Puzzle, solve
from kaszino.teach.explain import explain_move
from kaszino.teach.hints import hint_ladder

FALS = PRESETS["v6"].with_changes(claim="manual")


def shipped(kind: Kind) -> list[Puzzle]:
    found = [p for p in SHIPPED if p.kind == kind]
    assert found
    return found


def puzzle(kind: Kind, state: GameState) -> Puzzle:
    return Puzzle(id="t-1", kind=kind, state=state, answers=solve(kind, state))


def small_deal_saving() -> list[Puzzle]:
    """The shipped deal-saving puzzles with at most ten cards in the hands and the talon: their texts
    take a second in all (the larger ones search long for the lines of every move)."""
    return [p for p in shipped("deal_saving") if sum(map(len, p.state.hands)) + len(p.state.talon) <= 10]


def english(puzzle: Puzzle) -> tuple[str, list[str], str]:
    """The puzzle's task, hints and solution in English."""
    with using_language("en"):
        return puzzle.task_text(), puzzle.hints(), puzzle.solution_text()


def noun(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# --- ausz and score_deal: the majorities and the pile ----------------------------------------------------
@pytest.mark.parametrize(("what", "total"), [("card", DECK_SIZE), ("spade", SPADES_IN_DECK)])
def test_an_ausz_majority_is_told_as_the_engine_holds_it(what: str, total: int) -> None:
    """The opponent's majority for good (``majority_holder``) is never "not certain yet"; one the
    mover cannot reach even with every card not yet taken is no longer his; only the rest is open."""
    told: Counter[str] = Counter()
    for p in shipped("ausz"):
        me, piles = p.state.to_move, p.state.piles
        counts = [len(pile) if what == "card" else count_spades(pile) for pile in piles]
        holder = majority_holder(counts, total)
        reach = [count + (total - sum(counts)) * (player == me) for player, count in enumerate(counts)]
        status = ("yes" if holder == me else "lost" if holder is not None
                  else "open" if majority_holder(reach, total) == me else "beyond")
        told[status] += 1
        line = next(line for line in english(p)[2].splitlines() if re.match(rf"• \d+ {what}s?\b", line))
        assert line.startswith(f"• {noun(counts[me], what)}")
        assert ("not certain yet" in line) == (status == "open"), (p.id, line)
        assert ("already your opponent's" in line) == (status == "lost"), (p.id, line)
        assert ("can no longer be yours" in line) == (status == "beyond"), (p.id, line)
        with using_language("hu"):
            hungarian = p.solution_text()
        assert ("még nem biztos" in hungarian) == ("not certain yet" in english(p)[2]), p.id
    assert told["lost"] and told["open"]


def test_the_counts_hint_tells_the_cards_taken_not_the_hand() -> None:
    """Ausz's third hint and the score's second: the pile's cards and spades, as taken."""
    for p in [*shipped("ausz"), *shipped("score_deal")]:
        pile = p.state.piles[p.state.to_move]
        step = 2 if p.kind == "ausz" else 1
        cards, spades = len(pile), count_spades(pile)
        assert english(p)[1][step] == f"You have taken {noun(cards, 'card')} and {noun(spades, 'spade')}."
        with using_language("hu"):
            assert p.hints()[step] == f"Az elvitt lapjaid: {cards} lap, köztük {spades} pikk."


def test_the_score_hint_names_fals_points_only_under_the_fals_rules() -> None:
    for p in shipped("score_deal"):
        assert not p.state.rules.fals
        for lang in LANGUAGES:
            with using_language(lang):
                assert "Fals" not in p.hints()[2], p.id
    fals = puzzle("score_deal", finished_deal([parse_cards("AS 3H")], rules=FALS, bonus=(2, 0), to_move=0))
    assert english(fals)[1][2] == "Aces, casinos, táblák and Fals! points make 3 points together."
    plain = puzzle("score_deal", finished_deal([parse_cards("AS 3H")], rules=PRESETS["trainer"], to_move=0))
    assert english(plain)[1][2] == "Aces, casinos and táblák make 1 point together."


# --- fals: the last hint and the points of a call ----------------------------------------------------------
def test_no_fals_hint_reads_as_the_verdict() -> None:
    """The last hint gives the answer as a hint does, never the "Yes, …" that answers an attempt."""
    for p in shipped("fals"):
        for lang in LANGUAGES:
            with using_language(lang):
                verdicts = [p.check(answer).text for answer in p.answers]
                hints = p.hints()
            for hint in hints:
                assert not any(hint in verdict or verdict in hint for verdict in verdicts), (p.id, lang, hint)
                assert not hint.startswith(("Yes", "Igen")), (p.id, lang, hint)


def test_a_fals_call_is_worth_what_the_engine_pays_said_once() -> None:
    """However many faults, the right verdict and the solution say once what calling Fals! brings:
    the engine's payment to the challenger of a false capture, to the capturer of a correct one."""
    faults: Counter[int] = Counter()
    for p in shipped("fals"):
        state, pending = p.state, p.state.pending
        assert pending is not None
        challenger = 1 - pending.capturer
        paid = state.play(Challenge(challenger)).bonus
        false = "correct" not in p.answers
        gainer = challenger if false else pending.capturer
        gain = paid[gainer] - state.bonus[gainer]
        faults[len(p.answers) if false else 0] += 1
        call = (f"Calling Fals! earns you {noun(gain, 'point')}" if false
                else f"Calling Fals! would score for the opponent: +{gain}.")
        with using_language("en"):
            texts = [p.solution_text(), *(p.check(answer).text for answer in p.answers)]
        for text in texts:
            assert text.count("Calling Fals!") == 1 and call in text, (p.id, text)
        with using_language("hu"):
            texts = [p.solution_text(), *(p.check(answer).text for answer in p.answers)]
        for text in texts:
            assert text.count(f"{gain} pontot") == 1, (p.id, text)
    assert faults[0] and faults[1] and faults[2]


# --- defend: the lays that let the opponent sweep ----------------------------------------------------------
def test_the_defend_hint_names_the_lays_after_which_the_opponent_sweeps() -> None:
    lays: Counter[int] = Counter()
    for p in shipped("defend"):
        state = p.state
        sweepers = []
        for card in state.hands[state.to_move]:
            after = state.play(Lay(card))
            assert after.to_move != state.to_move  # the learner lays, the opponent moves next
            found = captures(after.hands[after.to_move], after.table, after.rules)
            if any(len(capture.table) == len(after.table) for capture in found):
                sweepers.append(str(card))
        lays[len(sweepers)] += 1
        hint = english(p)[1][2]
        if len(sweepers) == 1:
            assert hint == f"If you lay {sweepers[0]}, your opponent can take the whole table.", p.id
        elif sweepers:
            named = ", ".join(sweepers)
            assert hint == f"If you lay any of these, your opponent can take the whole table: {named}.", p.id
        else:
            assert "whole table" not in hint, p.id
    assert lays[1] and sum(count for number, count in lays.items() if number > 1)


# --- deal_saving: the task and the count hint ---------------------------------------------------------------
def test_no_task_leaves_a_blank() -> None:
    for p in SHIPPED:
        for lang in LANGUAGES:
            with using_language(lang):
                task = p.task_text()
            assert " . " not in task and ": ." not in task and not re.search(r"\s[.,;]", task), (p.id, task)


def test_the_deal_saving_task_names_the_opponents_hand_or_says_it_is_empty() -> None:
    empty = 0
    for p in shipped("deal_saving"):
        held = p.state.hands[1 - p.state.to_move]
        empty += not held
        said = f"Your opponent holds {format_cards(held)}." if held else "Your opponent has no cards left."
        with using_language("en"):
            assert said in p.task_text(), p.id
        with using_language("hu"):
            hungarian = p.task_text()
        assert (f"Az ellenfél kezében ez van: {format_cards(held)}." if held
                else "Az ellenfél kezében már nincs lap.") in hungarian
    assert empty


def test_the_deal_saving_count_hint_agrees_with_the_engine_and_reads_singular_for_one() -> None:
    counts: Counter[bool] = Counter()
    for p in small_deal_saving():
        state = p.state
        moves = len({answer_key(move) for move in state.legal_moves() if isinstance(move, Capture | Lay)})
        keep = len(p.answers)
        counts[keep == 1] += 1
        verb = "keeps" if keep == 1 else "keep"
        assert english(p)[1][2] == f"Of your {moves} possible moves, {keep} {verb} this result.", p.id
    assert counts[True] and counts[False]


# --- the solution headings count their answers -----------------------------------------------------------
@pytest.mark.parametrize("kind", ["sweep", "best_capture", "last_round", "deal_saving"])
def test_a_solution_heading_counts_its_answers_in_the_right_number(kind: Kind) -> None:
    numbers: Counter[bool] = Counter()
    for p in small_deal_saving() if kind == "deal_saving" else shipped(kind):
        count = len(p.answers)
        numbers[count == 1] += 1
        head = english(p)[2].splitlines()[0]
        if count == 1:
            assert "(1)" not in head and not re.search(r"\b(captures|moves)\b", head), (p.id, head)
        else:
            assert re.search(rf"\b{count} [\w ]*\b(captures|moves)\b", head), (p.id, head)
        if kind in ("best_capture", "last_round") and count > 1:
            with using_language("hu"):
                assert p.solution_text().startswith(f"{hu_article(count).capitalize()} {count} "), p.id
    assert numbers[True] and numbers[False]


# --- all_captures, best_capture: a refused capture, a lay offered as a capture, a tie -----------------------
WORKED = position(["5S AH KC", ""], "2D 4C 7H 9S")  # docs/rules.md §2: exactly three captures


def test_a_capture_refused_in_a_list_is_named_in_words() -> None:
    p = puzzle("all_captures", WORKED)
    too_big, unequal = parse_move("5S+KC=2D+9S+7H"), parse_move("5S=2D+4C")
    assert isinstance(too_big, Capture) and isinstance(unequal, Capture)
    for lang in LANGUAGES:
        with using_language(lang):
            lines = p.check([*p.answers, too_big, unequal]).text.splitlines()
            named = [move_words(too_big), move_words(unequal)]
        assert [name in line for name, line in zip(named, lines, strict=True)] == [True, True], lines
        assert not any(str(move) in line for move in (too_big, unequal) for line in lines)


@pytest.mark.parametrize(("card", "article"), [("10S", "A"), ("AS", "Az"), ("5H", "Az"), ("KC", "A")])
def test_a_lay_offered_as_a_capture_takes_its_hungarian_article(card: str, article: str) -> None:
    p = puzzle("best_capture", position(["10S AS 5H KC", ""], "2D 3C"))
    lay = parse_move(card)
    with using_language("hu"):
        assert p.check(lay).text.startswith(f"{article} {lay} lerakása nem ütés"), p.check(lay).text


@pytest.mark.parametrize(("hand", "others"), [("7H 7C", 1), ("7H 7C 7D", 2)])
def test_a_tie_counts_the_other_captures_worth_the_same(hand: str, others: int) -> None:
    state = position([hand, ""], "3S 4S")
    explanation = explain_move(state, parse_move("7H=3S+4S"))
    told = f"{noun(others, 'other capture')} {'is' if others == 1 else 'are'} worth the same."
    assert f"; {told}" in explanation.text_in("en")
    assert f"; még {others} ütés ér ugyanennyit." in explanation.text_in("hu")


# --- the hint ladders with one of a kind -------------------------------------------------------------------
def test_a_sweep_of_one_table_card_is_hinted_in_the_singular() -> None:
    ladder = hint_ladder(position(["5S 9H", "3H"], "5D"), "sweep", "en")
    assert ladder[2] == "The table holds 1 card, 5♦: you take it."


def test_captures_by_one_group_of_hand_cards_are_hinted_in_the_singular() -> None:
    state = position(["KC 2H", "3H"], "4C 9S 10D 3D")  # K♣ takes 4♣ 9♠ or 10♦ 3♦; 2♥ takes nothing
    ladder = hint_ladder(state, "all", "en")
    assert ladder[1] == "All the captures use the same hand cards: K♣."
    one = hint_ladder(position(["KC 2H", "3H"], "4C 9S"), "all", "en")
    assert one[0] == "Find every capture: there is 1."


def test_a_best_capture_of_the_open_last_round_says_which_question_it_asks() -> None:
    """Its lines end with the exact solver's verdict, which judges the deal's end, not the capture's
    worth now: the solution says so first, where the last round is open, and only there."""
    best = [p for p in SHIPPED if p.kind == "best_capture"]
    assert any(p.state.open_round for p in best) and not all(p.state.open_round for p in best)
    for p in best:
        for lang in LANGUAGES:
            with using_language(lang):
                said = p.solution_text().startswith(tr("puzzles.solution_best_open_round"))
            assert said == p.state.open_round, (p.id, lang)
