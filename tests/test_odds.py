"""Hints with odds and annotated games: plain data, exact where every card is known."""

from __future__ import annotations

import re

from play_helpers import open_round_state
from reported_positions import GREEDY_CREDIT, OPEN_FOUR

from kaszino import Lay, new_game, parse_move, solve
from kaszino.games.kaszino.players import (
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    play_game,
    table_moves,
)
from kaszino.i18n import LANGUAGES, using_language
from kaszino.jupyter.odds_chart import odds_svg
from kaszino.puzzles.kinds import move_words
from kaszino.teach.annotate import Annotation, annotate
from kaszino.teach.explain import explain_move, move_message
from kaszino.teach.odds import HINT_EXPERT, format_margin, odds_hint

QUICK = ExpertPlayer(samples=3)


def test_exact_odds_in_the_open_round_are_the_solvers_values() -> None:
    state = open_round_state(2)
    hint = odds_hint(state, QUICK)
    solution = solve(state)
    assert hint.exact
    exact = {move: float(value) for move, value in solution.move_values.items() if move in table_moves(state)}
    assert {odds.move: odds.margin for odds in hint.moves} == exact
    assert hint.best in solution.best_moves
    assert [odds.margin for odds in hint.moves] == sorted((odds.margin for odds in hint.moves), reverse=True)
    with using_language("en"):
        best = move_message(hint.best).render("en")
        assert hint.text.startswith(f"The best move: {best}. Every card is known")


def test_sampled_odds_cover_every_legal_move() -> None:
    state = new_game(seed=5)
    hint = odds_hint(state, QUICK)
    assert not hint.exact and hint.worlds == 3
    assert sorted(map(str, (odds.move for odds in hint.moves))) == sorted(map(str, table_moves(state)))
    assert hint.moves[0].margin == max(odds.margin for odds in hint.moves)
    assert "3 lehetséges elosztását" in hint.text_in("hu")


def test_margins_read_with_their_sign() -> None:
    assert [format_margin(x, "en") for x in (2.0, -0.44, 0.0, 1.25)] == ["+2", "−0.4", "±0", "+1.2"]
    assert [format_margin(x, "hu") for x in (2.0, -0.44, 0.0, 1.25)] == ["+2", "−0,4", "±0", "+1,2"]


def test_annotations_say_where_a_move_lost_points_and_what_was_better() -> None:
    exact_notes = 0
    for seed in range(3):
        record = play_game([RandomPlayer(seed=seed), GreedyPlayer()], seed=seed)
        states = list(record.replay())
        notes = annotate(record, seats=[0], expert=QUICK)
        assert notes, "a random player loses points somewhere"
        for note in notes:
            before = states[note.number - 1]
            assert note.player == before.to_move == 0 and record.moves[note.number - 1] == note.move
            assert note.better in table_moves(before) and note.better != note.move
            if note.exact:
                exact_notes += 1
                solution = solve(before)
                assert note.loss == solution.value - solution.move_values[note.move] >= 1
                assert note.better in solution.best_moves
            else:
                assert note.loss >= 0.75
        assert all("was better than" in note.text_in("en", "You") for note in notes)
        for note in notes:  # both moves in words: a lay says so, never the bare card of the record
            for move in (note.move, note.better):
                with using_language("en"):
                    said = f"lay {move.card}" if isinstance(move, Lay) else move_words(move)
                assert said in note.text_in("en", "You")
    assert exact_notes, "the open rounds were annotated by the exact solver"


NOTATION = re.compile(r"[0-9AJQK][♠♥♦♣] ?=|[♠♥♦♣]\+[0-9AJQK]")
"""A move in the written form of records ("K♠ = J♥+A♥", "8♥+5♣"), which the learner never reads."""


def shown_text(svg: str) -> str:
    """What a chart shows: the text between its tags (not the data its attributes carry)."""
    return " ".join(re.findall(r">([^<]+)<", svg))


def test_the_move_a_hint_calls_best_averages_the_most_it_shows() -> None:
    assessment = HINT_EXPERT.assess(GREEDY_CREDIT)
    greedy = parse_move("Q♦=7♦+5♠")
    top = max(assessment.move_values.values())
    assert assessment.best == greedy and assessment.move_values[greedy] < top  # the expert's own choice
    hint = odds_hint(GREEDY_CREDIT)
    assert hint.moves[0].margin == top == max(odds.margin for odds in hint.moves)
    assert hint.best != greedy and hint.why.move == hint.best
    assert {odds.move: odds.margin for odds in hint.moves} == dict(assessment.move_values)
    with using_language("en"):
        text, chart = hint.text, odds_svg(hint)
    assert f"averages {format_margin(top, 'en')} " in text
    first_row = chart.split('class="kaszino-odds-row"')[1]  # the outlined bar is the named move's
    assert 'stroke-width="1.5"' in first_row and f"data-move=\"{hint.best}\"" in first_row


def test_where_every_card_is_known_the_hint_is_the_exact_verdict() -> None:
    assert not ExpertPlayer().assess(OPEN_FOUR).exact  # the player's shortcut in a big open round
    hint = odds_hint(OPEN_FOUR)
    solution = solve(OPEN_FOUR)
    assert hint.exact and hint.best in solution.best_moves and hint.moves[0].margin == solution.value
    assert {odds.move: odds.margin for odds in hint.moves} == dict(solution.move_values)
    assert hint.why.exact_loss == 0 and hint.why == explain_move(OPEN_FOUR, hint.best)  # the solve reused
    for lang in LANGUAGES:
        text = hint.text_in(lang)
        assert "Exact analysis" in text or "pontos számítása" in text
        for unsaid in ("not seen", "possible deal", "nem látott", "lehetséges elosztás",  # no unseen cards
                       "compared with the best", "legjobb lépéshez"):  # nor a better move than the best
            assert unsaid not in text


def test_hints_say_moves_in_words_and_numbers_as_the_language_writes_them() -> None:
    for state in (GREEDY_CREDIT, OPEN_FOUR, new_game(seed=5)):
        hint = odds_hint(state, QUICK)
        for lang in LANGUAGES:
            with using_language(lang):
                shown = [hint.text, shown_text(odds_svg(hint))]
            assert not any(NOTATION.search(text) for text in shown), shown
            assert move_message(hint.best).render(lang) in shown[0]
            if lang == "hu":
                assert not any(re.search(r"\d\.\d", text) for text in shown), shown
    with using_language("hu"):
        assert "átlagosan +7,3 " in odds_hint(GREEDY_CREDIT).text


def test_one_sampled_deal_is_counted_in_the_singular() -> None:
    hint = odds_hint(new_game(seed=5), ExpertPlayer(samples=1))
    assert hint.worlds == 1 and not hint.exact
    with using_language("en"):
        assert "Over 1 possible deal of the cards" in hint.text and "(value in 1 deal)" in odds_svg(hint)
    assert "1 lehetséges elosztását" in hint.text_in("hu") and "átlagosan" not in hint.text_in("hu")


def test_an_annotation_writes_its_estimate_as_the_language_does() -> None:
    note = Annotation(3, 0, parse_move("6♣"), parse_move("Q♦=Q♠"), 1.25, False)
    assert "kb. 1,2 pontba" in note.text_in("hu", "Te") and "about 1.2 points" in note.text_in("en", "You")
