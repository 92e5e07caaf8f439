"""Chapter 06, the game (docs/rules.md §6, V6): the target, secured points, "Ausz!", the stake, "Fals!".

Positions come from :func:`kaszino.teach.scenes.scene`; every right answer is read off the engine
(``GameState.totals``, ``legal_moves``, ``play``, ``stake``, the V6 ``pending`` attempt). The texts
are in ``locales/game_lesson.json``.
"""

from __future__ import annotations

from functools import cache

from kaszino.engine.cards import card_sum
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Challenge, Claim, Lay, parse_move
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import PRESETS, STANDARD, Rules
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import player_number
from kaszino.teach.drills import (
    ChapterContent,
    Section,
    labelled_choice,
    number_choice,
    players_choice,
    secured_points,
    words,
    yes_no,
)
from kaszino.teach.exercises import Choice, MoveTask, one_of
from kaszino.teach.explain import Field, Message, move_message
from kaszino.teach.questions import Question
from kaszino.teach.recorded import first_deal_end, recorded_game
from kaszino.teach.scenes import Pile, scene

DOMAIN = "game_lesson"
MANUAL = PRESETS["trainer"]
"""The standard game with manual claims: the learner must call "Ausz!" himself."""
FALS = PRESETS["v6"]


def _p(name: str, **fields: Field) -> Message:
    return words(f"{DOMAIN}.{name}", **fields)


# --- positions --------------------------------------------------------------------------------

def second_deal(rules: Rules = MANUAL, *, aces: str = "A♥ 10♦") -> GameState:
    """Deal 2, round 4: 6 points from deal 1, and ``aces`` plus 7 spades captured in this deal."""
    return scene(["9♣ A♦ 4♥", "6♦ 8♥ J♣"], "3♠ 5♦ Q♥", rules=rules, round=4, deal=2, dealer=0,
                 scores=(6, 5), last_capturer=0,
                 piles=[Pile(aces, count=14, spades=7), Pile(count=None)])


def one_short(rules: Rules = MANUAL) -> GameState:
    """As :func:`second_deal` but one point short of 11: an ace on the table would make it."""
    return second_deal(rules, aces="10♦")


def both_over(rules: Rules = MANUAL) -> GameState:
    """Both players have secured 11 or more; player 2 got there first and did not call."""
    return scene(["9♣ 4♥", "6♦ 8♥"], "3♠ 5♦ Q♥", rules=rules, round=4, deal=2, dealer=0,
                 scores=(8, 10), last_capturer=0,
                 piles=[Pile("A♥ 10♦", count=14, spades=7), Pile("A♣", count=None)])


def won_in_deal(deal: int) -> GameState:
    """The game just won by player 1 in deal 1 or 2 (automatic claims): his ace makes 11."""
    start = one_short(STANDARD) if deal == 2 else scene(
        ["9♣ A♦ 4♥", "6♦ 8♥ J♣"], "3♠ 5♦ Q♥", round=4, tabla_points=(3, 0), last_capturer=0,
        piles=[Pile("A♥ A♠ 10♦ 2♠", count=14, spades=7), Pile(count=None)])
    return start.play(parse_move("A♦+4♥=5♦"))


def fals_scene(attempt: str) -> GameState:
    """V6: player 2 has just made the capture ``attempt``; player 1 may call "Fals!" before moving."""
    before = scene(["7♣ 2♦ K♦", "5♣ 3♦ J♠"], "9♥ 4♠ 8♦ Q♣", rules=FALS, round=3, to_move=1)
    return before.play(parse_move(attempt))


def false_capture() -> GameState:
    """5♣+3♦ = 9♥: 8 against 9, a false capture."""
    return fals_scene("5♣+3♦=9♥")


def true_capture() -> GameState:
    """5♣+3♦ = 8♦: a correct capture."""
    return fals_scene("5♣+3♦=8♦")


# --- exercises ----------------------------------------------------------------------------------

def _may_claim(state: GameState, player: int = 0) -> bool:
    return Claim(player) in state.legal_moves()


def claim_winner(state: GameState, player: int) -> int:
    """Who wins when ``player`` calls "Ausz!" in ``state``."""
    winner = state.play(Claim(player)).winner
    if winner is None:
        raise KaszinoError("a claim must end the game with a winner")
    return winner


def stake_choice(prompt: Message, stake: float) -> Choice:
    """What share of the stake does the winner take? ``stake`` is the engine's answer."""
    why = _p("stake_why")
    options = [(name, _p(f"stake_{name}"), why) for name in ("whole", "half", "none")]
    return labelled_choice(prompt, options, {1.0: "whole", 0.5: "half"}[stake])


@cache
def chapter() -> ChapterContent:
    """The chapter: its sections with their exercises (its check: :mod:`kaszino.teach.game_checks`)."""
    return ChapterContent("06", DOMAIN, _sections())


def _sections() -> tuple[Section, ...]:
    return (
        Section(f"{DOMAIN}.target", _target_questions()),
        Section(f"{DOMAIN}.claim", _claim_questions()),
        Section(f"{DOMAIN}.who_wins", _who_wins_questions()),
        Section(f"{DOMAIN}.stake", _stake_questions()),
        Section(f"{DOMAIN}.fals", _fals_questions()),
    )


def _target_questions() -> tuple[Question, ...]:
    target = STANDARD.target or 0
    return (
        number_choice(_p("q_target"), target, (7, 11, 12, 21), _p("q_target_why", target=target)),
        secured_points(second_deal(), 0, f"{DOMAIN}.q_secured_now"),
        secured_points(second_deal(), 1, f"{DOMAIN}.q_secured_now"),
    )


def target_captures(state: GameState) -> tuple[Capture, ...]:
    """The captures after which player 1 has secured the target."""
    target = state.rules.target or 0
    return tuple(move for move in state.legal_moves()
                 if isinstance(move, Capture) and state.play(move).totals()[0] >= target)


def reach_target(state: GameState) -> MoveTask:
    """Make a capture after which player 1 has secured the target."""
    right = target_captures(state)
    prompt = _p("q_reach", target=state.rules.target or 0)
    return MoveTask(prompt.key, state, one_of(*right), "scoring", prompt.fields)


def _claim_questions() -> tuple[Question, ...]:
    short = one_short()
    return (
        yes_no(_p("q_may_claim"), _may_claim(second_deal()),
               _p("q_may_claim_why", secured=second_deal().totals()[0])),
        yes_no(_p("q_may_claim"), _may_claim(short), _p("q_may_claim_why", secured=short.totals()[0])),
        reach_target(short),
    )


def quick_win_record() -> GameRecord:
    """A recorded game won with automatic claims before the last cards of deal 1 are played."""
    return recorded_game("quick_win")


def _who_wins_questions() -> tuple[Question, ...]:
    won = first_deal_end(quick_win_record())
    if won.winner is None:
        raise KaszinoError("the quick-win record must end with a winner")
    left = sum(len(hand) for hand in won.hands) + len(won.table) + len(won.talon)
    both = both_over()
    automatic = one_short(STANDARD)
    capture = target_captures(automatic)[0]
    ends = automatic.play(capture).finished
    return (
        players_choice(_p("q_record_winner"), 2, won.winner,
                       _p("q_record_winner_why", points=won.totals()[won.winner])),
        yes_no(_p("q_record_all_played"), left == 0, _p("q_record_all_played_why", left=left, count=left)),
        players_choice(_p("q_late_claim"), 2, claim_winner(both, 0), _p("q_late_claim_why")),
        yes_no(_p("q_auto_ends", capture=move_message(capture)), ends, _p("q_auto_ends_why")),
        yes_no(_p("q_mid_deal"), both.play(Claim(0)).finished and not both.deal_over, _p("q_mid_deal_why")),
    )


def _stake_questions() -> tuple[Question, ...]:
    return (
        stake_choice(_p("q_stake", deal=1), won_in_deal(1).stake),
        stake_choice(_p("q_stake", deal=2), won_in_deal(2).stake),
    )


def _attempt(state: GameState) -> Capture:
    if state.pending is None:
        raise KaszinoError("a Fals! scene needs a capture that may be challenged")
    return state.pending.capture


def _attempt_false(state: GameState) -> bool:
    return state.pending is not None and state.pending.false


def call_fals(state: GameState) -> Question:
    """"Do you call Fals! on this capture?" — right when the engine finds the capture false."""
    false = _attempt_false(state)
    why = _p("q_call_fals_false" if false else "q_call_fals_true")
    return yes_no(_p("q_call_fals", capture=move_message(_attempt(state))), false, why)


def fals_outcome(state: GameState, call: Challenge) -> Message:
    """What the "Fals!" ``call`` brings in ``state``: the engine's verdict on the capture, in words."""
    attempt = state.pending
    if attempt is None:
        raise KaszinoError("there is no capture to challenge")
    after = state.play(call)
    hand, table = card_sum(attempt.capture.hand), card_sum(attempt.capture.table)
    if attempt.false:
        points = after.bonus[call.player] - state.bonus[call.player]
        return _p("fals_right", hand=hand, table=table, challenger=player_number(call.player),
                  points=points, count=points, capturer=player_number(attempt.capturer))
    return _p("fals_wrong", total=hand, capturer=player_number(attempt.capturer),
              points=after.bonus[attempt.capturer] - state.bonus[attempt.capturer])


def _fals_questions() -> tuple[Question, ...]:
    false, true = false_capture(), true_capture()
    caught = false.play(Challenge(0))
    wasted = true.play(Challenge(0))
    after_move = true.play(Lay(true.hands[0][0]))
    return (
        call_fals(false),
        call_fals(true),
        number_choice(_p("q_fals_gain"), caught.bonus[0], (1, 2, 3),
                      _p("q_fals_gain_why", points=caught.bonus[0], count=caught.bonus[0])),
        number_choice(_p("q_fals_wrong"), wasted.bonus[1], (0, 1, 2),
                      _p("q_fals_wrong_why", points=wasted.bonus[1])),
        players_choice(_p("q_fals_who_moves"), 2, caught.to_move, _p("q_fals_who_moves_why")),
        yes_no(_p("q_fals_late"), Challenge(0) in after_move.legal_moves(), _p("q_fals_late_why")),
    )
