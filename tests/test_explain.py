"""Explanations of moves: legality in words with the numbers, value, comparison, both languages."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reported_positions import FORCED_THREE, LAST_CAPTURE

from kaszino import (
    DECK,
    STANDARD,
    Capture,
    Claim,
    GameState,
    Lay,
    Pass,
    Rules,
    captures,
    new_game,
    parse_cards,
    parse_move,
)
from kaszino.engine.cards import Card
from kaszino.games.kaszino.solver import Solution, solve
from kaszino.games.kaszino.solver.value import CaptureValue, Shortfall
from kaszino.i18n import LANGUAGES, catalogue, using_language
from kaszino.teach import explain
from kaszino.teach.explain import capture_fault, explain_move, move_message


def setup(hand: str, table: str, other: str = "3H", rules: Rules = STANDARD, **fields: object) -> GameState:
    """Player 0 to move in round 2 (unless ``fields`` say otherwise) with ``hand`` against ``table``."""
    cards = {"hands": (parse_cards(hand), parse_cards(other)), "table": parse_cards(table)}
    return replace(new_game(rules, seed=2), **{**cards, "round": 2, "to_move": 0, **fields})  # type: ignore[arg-type]


WORKED = setup("5S AH KC", "2D 4C 7H 9S")  # docs/rules.md §2


def test_worked_example_three_legal_captures() -> None:
    legal = {"5♠+A♥=2♦+4♣": (1, 1, 4), "K♣=4♣+9♠": (0, 1, 3), "K♣=2♦+4♣+7♥": (0, 0, 4)}
    for text, (points, spades, cards) in legal.items():
        explanation = explain_move(WORKED, parse_move(text))
        assert explanation.legal and explanation.reason_key == "capture"
        assert explanation.value == CaptureValue(points, spades, cards)
        assert [c for c, _ in explanation.best] == [parse_move("5♠+A♥=2♦+4♣")]
        for lang in LANGUAGES:
            assert move_message(parse_move(text)).render(lang) in explanation.text_in(lang)
    assert explain_move(WORKED, parse_move("5♠+A♥=2♦+4♣")).loss == Shortfall(0, 0, 0)
    assert explain_move(WORKED, parse_move("K♣=4♣+9♠")).loss == Shortfall(1, 0, 1)


def test_worked_example_over_the_limit_in_both_languages() -> None:
    explanation = explain_move(WORKED, parse_move("5♠+K♣=2♦+9♠+7♥"))
    assert not explanation.legal and explanation.reason_key == "over_limit"
    assert explanation.value is None
    for lang in LANGUAGES:
        text = explanation.text_in(lang)
        assert "5+K = 18 > 13" in text and "13" in text.split("18 > 13", 1)[1]
    assert explanation.text_in("hu") != explanation.text_in("en")


def test_every_pairing_of_the_worked_example_is_judged_like_the_engine() -> None:
    hand, table = WORKED.hands[0], WORKED.table
    allowed = set(captures(hand, table))
    for h in (s for k in range(1, 4) for s in combinations(hand, k)):
        for t in (s for k in range(1, 5) for s in combinations(table, k)):
            explanation = explain_move(WORKED, Capture(h, t))
            assert explanation.legal == (Capture(h, t) in allowed)
            if not explanation.legal:
                assert explanation.reason_key in ("sums_differ", "over_limit")
    assert len(allowed) == 3


def test_sums_that_differ_are_shown_with_both_sums() -> None:
    explanation = explain_move(WORKED, parse_move("5♠+A♥=7♥"))
    assert explanation.reason_key == "sums_differ"
    assert "5+A = 6 ≠ 7." in explanation.text_in("hu")
    assert "5+A = 6 ≠ 7." in explanation.text_in("en")


@pytest.mark.parametrize(("hand", "table", "equation"), [
    ("3♦", "2♠", "3 ≠ 2."),  # a lone number card is its own sum
    ("K♣", "J♦", "K = 13 ≠ 11 = J."),  # a picture card shows its value
    ("5♠", "9♠ 2♦", "5 ≠ 11 = 9+2."),
])
def test_a_single_card_side_shows_no_repeated_number(hand: str, table: str, equation: str) -> None:
    fault = capture_fault(parse_cards(hand), parse_cards(table), STANDARD)
    assert fault.name == "sums_differ"
    assert equation in fault.render("hu")


def test_cards_missing_from_hand_or_table() -> None:
    missing = explain_move(WORKED, parse_move("Q♣=2♦+J♥"))
    assert [m.name for m in missing.messages] == ["not_in_hand"]  # the engine's first reason
    assert "Q♣" in missing.text_in("hu") and "Q♣" in missing.text_in("en")
    absent = explain_move(WORKED, parse_move("5♠=2♦+J♥"))
    assert [m.name for m in absent.messages] == ["not_on_table"] and "J♥" in absent.text_in("en")
    assert explain_move(WORKED, Lay(parse_cards("QC")[0])).reason_key == "not_in_hand"


def test_v2_limits_the_hand_cards() -> None:
    state = setup("AS 2C 3H", "6D", rules=Rules.preset("v2"))
    explanation = explain_move(state, parse_move("A♠+2♣+3♥=6♦"))
    assert explanation.reason_key == "too_many_hand_cards"
    assert "2" in explanation.text_in("en") and "3" in explanation.text_in("en")
    assert explain_move(setup("AS 2C 3H", "6D"), parse_move("A♠+2♣+3♥=6♦")).legal


def test_passing() -> None:
    refused = explain_move(WORKED, Pass())
    assert not refused.legal and refused.reason_key == "pass_not_allowed"
    v3 = setup("5S AH KC", "2D", rules=Rules.preset("v3"))
    assert explain_move(v3, Pass()).reason_key == "pass_only_after_tabla"
    again = replace(v3, forced="again")
    assert explain_move(again, Pass()).legal


def test_lay_mentions_the_capture_it_skips() -> None:
    explanation = explain_move(WORKED, Lay(parse_cards("KC")[0]))
    assert explanation.legal and explanation.reason_key == "lay"
    assert explanation.loss == Shortfall(1, 1, 4)
    assert "5♠ A♥ elviszi: 2♦ 4♣" in explanation.text_in("hu")
    lonely = explain_move(setup("KH", "2D 3C"), Lay(parse_cards("KH")[0]))
    assert [m.name for m in lonely.messages] == ["lay", "lay_no_capture"] and lonely.loss is None


def test_lay_after_an_opponent_tabla_points_to_the_sweep() -> None:
    forced = setup("3H 4S 7C", "", forced="lay")
    good = explain_move(forced, Lay(parse_cards("7C")[0]))
    assert [m.name for m in good.messages] == ["lay", "lay_forced", "lay_sets_up_sweep"]
    assert "3♥ 4♠ taking 7♣" in good.text_in("en")
    other = explain_move(forced, Lay(parse_cards("3H")[0]))
    assert other.messages[-1].name == "lay_misses_sweep" and "7♣" in other.text_in("hu")
    capture = explain_move(forced, parse_move("3♥+4♠=7♣"))
    assert not capture.legal and [m.name for m in capture.messages] == ["must_lay"]


def test_a_tabla_on_the_first_move_is_itemised() -> None:
    state = setup("6D 8C 9C", "2H 4C", round=1)
    explanation = explain_move(state, parse_move("6♦=2♥+4♣"))
    assert explanation.value is not None and explanation.value.points == 2
    assert "tábla" in explanation.text_in("hu") and "first move" in explanation.text_in("en")


def test_ties_are_named() -> None:
    state = setup("7H 7C", "3D 4D")
    explanation = explain_move(state, parse_move("7♥=3♦+4♦"))
    assert explanation.messages[-1].name == "best_tied" and len(explanation.best) == 2


def test_fals_attempt_is_allowed_but_called_false() -> None:
    state = setup("5S AH KC", "2D 4C 7H 9S", rules=Rules.preset("v6"))
    explanation = explain_move(state, parse_move("5♠+A♥=7♥"))
    assert explanation.legal and explanation.reason_key == "sums_differ"
    assert explanation.messages[-1].name == "false_attempt"


def test_claims() -> None:
    manual = setup("5S", "2D", rules=Rules.preset("trainer"))
    short = explain_move(manual, Claim(0))
    assert not short.legal and short.reason_key == "claim_short" and "11" in short.text_in("en")
    assert "player 1 has" in short.text_in("en") and "az 1. játékosnak" in short.text_in("hu")  # the first
    second = explain_move(replace(manual, to_move=1), Claim(1))
    assert "player 2 has" in second.text_in("en") and "a 2. játékosnak" in second.text_in("hu")
    rich = replace(manual, scores=(11, 0))
    assert explain_move(rich, Claim(0)).reason_key == "claim_ok"


def test_text_follows_the_current_language() -> None:
    explanation = explain_move(WORKED, parse_move("5♠+K♣=2♦+9♠+7♥"))
    for lang in LANGUAGES:
        with using_language(lang):
            assert explanation.text == explanation.text_in(lang)


def test_every_catalogue_text_is_filled_in_both_languages() -> None:
    for key, versions in catalogue("explain").items():
        # The article of a numbered player ({p_a} {p}. játékos) is only Hungarian.
        fields_hu = sorted(field for part in versions["hu"].split("{")[1:]
                           if not (field := part.split("}")[0]).endswith(("_a", "_A")))
        fields_en = sorted(part.split("}")[0] for part in versions["en"].split("{")[1:])
        assert fields_hu == fields_en, key


@given(st.permutations(DECK), st.integers(0, 30), st.data())
def test_any_pairing_is_explained_as_the_engine_decides(deck: list, moves: int, data: st.DataObject) -> None:
    state = new_game(deck=deck, seed=0)
    for _ in range(moves):
        if state.deal_over or state.finished or state.open_round:
            break
        playable = [m for m in state.legal_moves() if isinstance(m, Capture | Lay)]
        state = state.play(data.draw(st.sampled_from(playable)))
    if state.deal_over or state.finished or state.open_round:
        return
    # mostly cards that are really there, so that the sums are what is judged
    def near(cards: tuple[Card, ...], most: int) -> tuple[Card, ...]:
        pool = st.sampled_from(list(cards) * 20 + list(DECK))
        return tuple(data.draw(st.lists(pool, min_size=1, max_size=most, unique=True)))

    move = Capture(near(state.hands[state.to_move], 3), near(state.table, 4))
    explanation = explain_move(state, move)
    assert explanation.legal == (state.problem(move) is None)
    assert explanation.reason_key != "other_problem"
    for lang in LANGUAGES:
        assert explanation.text_in(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_leaks_into_hungarian(lang: str) -> None:
    text = explain_move(WORKED, parse_move("K♣=4♣+9♠")).text_in(lang)
    assert ("pont" in text) == (lang == "hu")


# --- the open last round: the exact solver's verdict -------------------------------------------

LAST_ROUND = GameState.from_notation(
    "rules=standard; seed=2; deal=1; dealer=1; scores=0 | 0; round=8; to_move=0; forced=-; last_capturer=0; "
    "hands=10♣ Q♠ A♠ | J♠ Q♦ Q♣; table=J♦ Q♥ 9♠ 7♦ 8♦ 7♣ 8♣ 8♠ 10♦; talon=-; "
    "piles=7♠ 6♦ 4♠ 9♣ 5♠ 3♠ 8♥ 6♠ 5♦ 6♣ 5♣ A♣ A♦ K♥ K♣ 6♥ 4♥ 2♣ 9♥ 5♥ 4♦ 3♣ 3♥ 2♦ 2♥ "
    "| J♣ J♥ 10♠ A♥ 7♥ 2♠ K♦ 9♦ 4♣ 10♥ 3♦ K♠; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-"
)


def test_last_round_verdicts_agree_with_the_solver() -> None:
    solution = solve(LAST_ROUND)
    for move in solution.move_values:
        explanation = explain_move(LAST_ROUND, move)
        assert explanation.exact_loss == solution.value - solution.move_values[move]
        names = [m.name for m in explanation.messages]
        if explanation.exact_loss == 0:
            assert names[-1] == "exact_best" and explanation.refutation == ()
        else:
            assert names[-2:] == ["exact_worse", "refutation"]
            assert explanation.refutation == solve(LAST_ROUND.play(move)).line
            for lang in LANGUAGES:
                assert str(explanation.exact_loss) in explanation.text_in(lang)


def test_a_moves_words_in_another_language_do_not_search_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The words of every move of a position, then again (a language switch, a step back): the
    second time nothing is searched, and the words are the same."""
    searched: list[GameState] = []

    def counted(state: GameState) -> Solution:
        searched.append(state)
        return solve(state)

    monkeypatch.setattr(explain, "solve", counted)
    explain.exact_verdict.cache_clear()
    moves = list(solve(LAST_ROUND).move_values)
    first = [explain_move(LAST_ROUND, move) for move in moves]
    refuted = sum(bool(explanation.refutation) for explanation in first)
    assert refuted and len(searched) == len(moves) + refuted  # the position, and each refuted move's next
    assert [explain_move(LAST_ROUND, move) for move in moves] == first
    assert len(searched) == len(moves) + refuted


def test_the_most_valuable_capture_now_can_lose_the_last_round() -> None:
    big_casino = parse_move("10♣=10♦")
    explanation = explain_move(LAST_ROUND, big_casino)
    assert [c for c, _ in explanation.best] == [big_casino]  # the most valuable now ...
    assert explanation.exact_loss is not None and explanation.exact_loss > 0  # ... is not the best play
    reply = explanation.refutation[0]  # by the engine's player 1: the second player, "2." in words
    assert f"player 2: {move_message(reply).render('en')}" in explanation.text_in("en")
    assert f"2. játékos: {move_message(reply).render('hu')}" in explanation.text_in("hu")
    assert "player 0" not in explanation.text_in("en") and "0. játékos" not in explanation.text_in("hu")


def test_a_move_that_ends_the_deal_has_a_verdict_but_no_refutation() -> None:
    last = replace(LAST_ROUND, hands=(parse_cards("5H"), ()), table=parse_cards("5D 10D"), last_capturer=1)
    capture, lay = explain_move(last, parse_move("5♥=5♦")), explain_move(last, Lay(parse_cards("5H")[0]))
    assert capture.exact_loss == 0 and lay.exact_loss is not None and lay.exact_loss > 0
    assert lay.refutation == () and lay.messages[-1].name == "exact_worse"


def test_the_verdict_also_follows_a_capture_that_may_be_challenged() -> None:
    fals = replace(LAST_ROUND, rules=Rules.preset("v6")).play(parse_move("Q♠=Q♥"))
    assert fals.pending is not None
    assert explain_move(fals, Lay(parse_cards("QD")[0])).exact_loss is not None


def test_a_capture_that_ends_the_deal_counts_the_leftovers_it_wins() -> None:
    """Every capture of the deal's last card takes the rest of the table with it: none is ahead."""
    state = LAST_CAPTURE
    capture = parse_move("8♦=3♣+A♥+4♦")
    explanation = explain_move(state, capture)
    after = state.play(capture)
    assert after.deal_over and explanation.value is not None
    assert explanation.value.points == after.totals()[0] - state.totals()[0]
    assert explanation.value.cards == len(after.piles[0]) - len(state.piles[0])
    assert not explanation.loss and explanation.exact_loss == 0
    names = [message.name for message in explanation.messages]
    assert names[:3] == ["capture", "wins", "leftovers"] and "best_tied" in names and "best_is" not in names
    assert "the cards left on the table go to you too: J♣ 10♥ J♥ 4♠" in explanation.text_in("en")
    assert "az asztalon maradt lapokat is te kapod: J♣ 10♥ J♥ 4♠" in explanation.text_in("hu")
    assert "go to player 1 too" in explanation.about(0).text_in("en")


def test_a_forced_lay_names_who_made_the_tabla() -> None:
    lay = Lay(parse_cards("3D")[0])
    for explanation in (explain_move(FORCED_THREE, lay), explain_move(FORCED_THREE, lay).about(2)):
        english, hungarian = explanation.text_in("en"), explanation.text_in("hu")
        assert "After player 2's tábla the table is empty" in english
        assert "A 2. játékos táblája után üres az asztal" in hungarian
        assert "opponent" not in english and "ellenf" not in hungarian
