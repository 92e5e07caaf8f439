"""The teaching positions of chapters 05–07 show what their lessons say they show (docs/rules.md §5–§7)."""

from __future__ import annotations

import pytest

from kaszino.engine.cards import Card
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Challenge, Claim, Pass, parse_move
from kaszino.games.kaszino.rules import S003, STANDARD
from kaszino.games.kaszino.scoring import points_available
from kaszino.games.kaszino.solver.value import capture_value
from kaszino.teach import game_lesson as game
from kaszino.teach import scoring_lesson as scoring
from kaszino.teach import variants_lesson as variants
from kaszino.teach.exercises import MoveTask
from kaszino.teach.recorded import first_deal_end, recorded_game

# --- 05: scoring -------------------------------------------------------------------------------

def test_a_deal_without_tabla_hands_out_12_points_and_9_with_the_other_table() -> None:
    assert sum(score.total for score in scoring.finished_deal().deal_scores()) == 12
    other = scoring.finished_deal(S003).deal_scores()
    assert sum(score.total for score in other) == points_available(S003) == 9


def test_the_card_point_table_offers_the_big_and_the_little_casino_and_an_ace() -> None:
    state = scoring.card_points_table()
    values = {str(m): capture_value(state, m).points for m in state.legal_moves() if isinstance(m, Capture)}
    assert values["10♥ = 10♦"] == 2 and values["3♣ = 2♠+A♦"] == 2
    task = scoring.chapter().questions("card_points")[0]
    assert isinstance(task, MoveTask)
    best = [str(m) for m in state.legal_moves() if isinstance(m, Capture) and task.goal.reached(state, m)]
    assert best == ["10♥+3♣ = 10♦+2♠+A♦"]  # 4 points at once


def test_two_more_cards_make_most_cards_certain_at_25() -> None:
    state = scoring.majority_table()
    assert len(state.piles[0]) == 25 and state.deal_scores()[0].most_cards == 0
    after = state.play(parse_move("4♥=4♦"))
    assert after.deal_scores()[0].most_cards == 3


def test_a_26_26_tie_gives_nobody_the_card_points() -> None:
    scores = scoring.tied_deal().deal_scores()
    assert [s.cards for s in scores] == [26, 26] and [s.most_cards for s in scores] == [0, 0]
    assert sum(s.total for s in scores) == 12 - 3


def test_in_the_middle_of_a_deal_only_certain_points_are_secured() -> None:
    state = scoring.middle_of_deal()
    mine = state.deal_scores()[0]
    assert mine.most_spades == 2 and mine.most_cards == 0
    assert state.totals()[0] == 1 + 2 + 2 + 1  # ace, big casino, spades, tábla


# --- 06: the game ---------------------------------------------------------------------------------

def test_a_manual_claim_is_allowed_at_11_and_refused_at_10() -> None:
    assert game.second_deal().totals()[0] == 11 and Claim(0) in game.second_deal().legal_moves()
    short = game.one_short()
    assert short.totals()[0] == 10 and short.problem(Claim(0)) is not None
    after = short.play(game.target_captures(short)[0])
    assert not after.finished and after.play(Claim(0)).winner == 0


def test_with_automatic_claims_the_capture_ends_the_game_mid_deal() -> None:
    state = game.one_short(STANDARD)
    after = state.play(parse_move("A♦+4♥=5♦"))
    assert after.finished and after.winner == 0 and not after.deal_over


def test_the_first_to_call_wins_even_if_the_other_reached_11_first() -> None:
    both = game.both_over()
    assert min(both.totals()) >= 11
    assert game.claim_winner(both, 0) == 0 and game.claim_winner(both, 1) == 1


def test_a_win_in_the_first_deal_takes_the_whole_stake_and_later_half() -> None:
    assert game.won_in_deal(1).stake == 1.0 and game.won_in_deal(1).winner == 0
    assert game.won_in_deal(2).stake == 0.5 and game.won_in_deal(2).winner == 0


def test_fals_on_a_false_capture_restores_it_and_pays_two() -> None:
    false = game.false_capture()
    assert false.pending is not None and false.pending.false
    caught = false.play(Challenge(0))
    assert caught.bonus == (2, 0) and caught.to_move == 1
    assert caught.hands == game.fals_scene("5♣+3♦=9♥").pending.before.hands  # type: ignore[union-attr]
    assert Card.parse("9♥") in caught.table


def test_fals_on_a_correct_capture_pays_the_capturer_one() -> None:
    true = game.true_capture()
    assert true.pending is not None and not true.pending.false
    assert true.play(Challenge(0)).bonus == (0, 1)


# --- 07: variants -----------------------------------------------------------------------------------

def test_v1_changes_the_points_of_the_same_deal() -> None:
    standard = [s.total for s in scoring.finished_deal().deal_scores()]
    v1 = [s.total for s in scoring.finished_deal(variants.V1).deal_scores()]
    assert standard == [7, 5] and v1 == [6, 4]


def test_v2_refuses_three_hand_cards_the_standard_rules_allow() -> None:
    three = parse_move("A♣+2♥+4♦=7♠")
    assert variants.v2_table(STANDARD).problem(three) is None
    assert variants.v2_table().problem(three) is not None


def test_v3_allows_a_pass_only_in_the_forced_second_move() -> None:
    assert Pass() in variants.v3_table().legal_moves()
    assert Pass() not in variants.v3_table(STANDARD).legal_moves()


def test_v3_follows_a_tabla_whose_point_the_table_shows() -> None:
    state = variants.v3_table()
    assert state.forced == "again"
    assert state.tabla_points[state.last_capturer] == 1  # the opponent's tábla just made is on the sheet


def test_v4_goes_on_after_a_deal_that_would_end_the_standard_game() -> None:
    capture = parse_move("5♥=5♣")
    standard = variants.deal_end(STANDARD).play(capture)
    fixed = variants.deal_end(variants.V4).play(capture)
    assert standard.finished and standard.winner == 0
    assert not fixed.finished and fixed.deal_over and fixed.totals()[0] >= 11


def test_v5_checked_after_the_deal_forbids_the_claim_continuous_allows_it() -> None:
    assert variants.v5_table().totals()[0] == 21
    assert Claim(0) not in variants.v5_table().legal_moves()
    assert Claim(0) in variants.v5_table(variants.V5_CONTINUOUS).legal_moves()


def test_v7_gives_the_next_round_to_the_opponent() -> None:
    move = "9♦=4♣+5♥"
    assert variants.starter_after(variants.v7_table(STANDARD), move) == 0
    assert variants.starter_after(variants.v7_table(), move) == 1


def test_v8_allows_the_capture_of_18() -> None:
    eighteen = parse_move("5♠+K♣=2♦+9♠+7♥")
    assert variants.v8_table().problem(eighteen) is None
    assert variants.v8_table(STANDARD).problem(eighteen) is not None


def test_three_and_four_players_score_majorities_to_the_single_leader() -> None:
    three = variants.three_player_deal().deal_scores()
    assert [s.most_cards for s in three] == [3, 0, 0] and [s.most_spades for s in three] == [0, 0, 0]
    four = variants.four_player_deal().deal_scores()
    assert [s.most_cards for s in four] == [3, 0, 0, 0] and [s.most_spades for s in four] == [0, 0, 0, 0]
    assert variants.P3.rounds == 5 and variants.P3.hand_size(5) == 4 and variants.P4.rounds == 4


# --- recorded games shown in the deal viewer --------------------------------------------------------

def test_the_recorded_games_show_what_their_lessons_ask_about() -> None:
    tie = first_deal_end(scoring.tie_record())
    assert tie.deal_over and [s.cards for s in tie.deal_scores()] == [26, 26]
    won = first_deal_end(game.quick_win_record())
    assert won.finished and won.winner is not None and not won.deal_over and won.deal == 1
    three = first_deal_end(variants.three_player_record())
    assert three.players == 3 and [s.most_cards for s in three.deal_scores()] == [0, 0, 0]
    four = first_deal_end(variants.four_player_record())
    assert four.players == 4 and sum(s.most_cards for s in four.deal_scores()) == 0
    assert sum(s.most_spades for s in four.deal_scores()) == 2


def test_an_unknown_recorded_game_is_refused() -> None:
    with pytest.raises(KaszinoError, match="no recorded lesson game"):
        recorded_game("nonsense")


def test_the_outcome_of_a_fals_call_is_told_with_the_numbers() -> None:
    right = game.fals_outcome(game.false_capture(), Challenge(0)).render("en")
    wrong = game.fals_outcome(game.true_capture(), Challenge(0)).render("en")
    assert "8 ≠ 9" in right and "2 points" in right and "player 2 moves again" in right
    assert "add up to 8" in wrong and "Player 2 scores 1 point" in wrong


def test_a_first_move_tabla_is_worth_two_in_the_standard_scoring_and_one_in_the_other() -> None:
    sweep = parse_move("J♦=2♥+2♣+3♦+4♥")
    assert scoring.first_move_tabla(STANDARD).play(sweep).tabla_points[0] == 2
    assert scoring.first_move_tabla().play(sweep).tabla_points[0] == 1
