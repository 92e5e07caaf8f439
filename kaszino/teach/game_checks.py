"""The closing checks of chapters 05–07 (scoring, the game, the variants), made afresh.

Every question is built from a seed (:mod:`kaszino.teach.fresh`) on a deal the computer plays
under the chapter's rules, with the question builders the lessons share
(:mod:`kaszino.teach.drills`: a deal's points, the majorities, secured points, the most valuable
capture) and those of the chapters (:mod:`kaszino.teach.game_lesson`: the stake, "Fals!"), so every
answer is the engine's. The texts are in ``locales/game_checks.json``.
"""

from __future__ import annotations

import random

from kaszino.engine.cards import format_cards
from kaszino.games.kaszino.captures import Capture, capture_problem, captures
from kaszino.games.kaszino.moves import Challenge, Claim, Pass
from kaszino.games.kaszino.rules import PRESETS, S003, STANDARD, Rules
from kaszino.games.kaszino.scoring import count_spades
from kaszino.games.kaszino.solver.value import capture_value
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import player_number
from kaszino.teach.drills import best_points, deal_points, majority, secured_points, words, yes_no
from kaszino.teach.exercises import MoveTask, NumberQuestion, one_of
from kaszino.teach.explain import Field, Message, move_message
from kaszino.teach.fresh import FreshCheck, in_play, played_position, seeded
from kaszino.teach.game_lesson import MANUAL, call_fals, fals_outcome, stake_choice, target_captures
from kaszino.teach.questions import Question
from kaszino.teach.rules_checks import starter_question

DOMAIN = "game_checks"
V1, V2, V3, V6, V7, V8 = (PRESETS[f"v{n}"] for n in (1, 2, 3, 6, 7, 8))
P3, P4 = PRESETS["p3"], PRESETS["p4"]


def _p(name: str, **fields: Field) -> Message:
    return words(f"{DOMAIN}.{name}", **fields)


def finished_deal(rng: random.Random, rules: Rules = STANDARD) -> GameState:
    """The end of a deal the greedy computer plays under ``rules``."""
    return played_position(rng, lambda state: state.deal_over, rules, greedy=True)


def _player(rng: random.Random, state: GameState) -> int:
    return rng.randrange(state.players)


# --- chapter 05: scoring ---------------------------------------------------------------------------

def points_question(chapter: str, kind: str, seed: int, rules: Rules, key: str) -> Question:
    """A player's points in a finished deal of ``rules`` (prompt ``key``), counted item by item."""
    rng = seeded(chapter, kind, seed)
    state = finished_deal(rng, rules)
    return deal_points(state, _player(rng, state), key)


def majority_question(chapter: str, seed: int, rules: Rules, counted: str, key: str) -> Question:
    """Who scores for most cards or spades (``counted``) in a finished deal of ``rules``; the prompt
    ``key`` also gets the other counts (``{cards}``, ``{spades}``)."""
    state = finished_deal(seeded(chapter, f"most_{counted}", seed), rules)
    cards = " – ".join(str(len(pile)) for pile in state.piles)
    spades = " – ".join(str(count_spades(pile)) for pile in state.piles)
    return majority(state, "cards" if counted == "cards" else "spades", key, cards=cards, spades=spades)


def secured_question(chapter: str, seed: int, rules: Rules, key: str, deals: int = 1) -> Question:
    """A player's secured points in the middle of a played deal."""
    rng = seeded(chapter, "secured", seed)
    state = played_position(rng, lambda s: in_play(s) and 3 <= s.round < s.rules.rounds, rules, deals=deals)
    return secured_points(state, _player(rng, state), key, deal=state.deal)


def _valuable(state: GameState) -> bool:
    """Captures whose points differ: the most valuable one is worth finding."""
    found = [move for move in state.legal_moves() if isinstance(move, Capture)]
    points = {capture_value(state, move).points for move in found}
    return in_play(state) and len(found) >= 2 and len(points) >= 2


def best_question(seed: int) -> Question:
    state = played_position(seeded("05", "best", seed), _valuable)
    return best_points(state, _p("c_best", hand=format_cards(state.hands[state.to_move]),
                                 table=format_cards(state.table)))


CHAPTER_05 = FreshCheck("05", (
    ("points", lambda seed: points_question("05", "points", seed, STANDARD, "scoring_lesson.c_deal_points")),
    ("most_cards", lambda seed: majority_question("05", seed, STANDARD, "cards", f"{DOMAIN}.c_cards")),
    ("most_spades", lambda seed: majority_question("05", seed, STANDARD, "spades", f"{DOMAIN}.c_spades")),
    ("secured", lambda seed: secured_question("05", seed, STANDARD, "scoring_lesson.c_secured")),
    ("s003", lambda seed: points_question("05", "s003", seed, S003, "scoring_lesson.c_s003")),
    ("best", best_question),
    ("points_again", lambda seed: points_question("05", "points_again", seed, STANDARD,
                                                  "scoring_lesson.c_deal_points")),
))
"""Chapter 05's check: points of finished deals, the majorities, secured points, a capture to value."""


# --- chapter 06: the game ---------------------------------------------------------------------------

def may_claim_question(seed: int) -> Question:
    """May player 1 call "Ausz!" now? Manual claims: the engine lists the claim only when it is valid."""
    rng = seeded("06", "may_claim", seed)
    enough = rng.random() < 0.5

    def test(state: GameState) -> bool:
        secured = state.totals()[0]
        return in_play(state) and (secured >= 11 if enough else 8 <= secured < 11)

    state = played_position(rng, test, MANUAL, greedy=True, deals=3)
    secured = state.totals()[0]
    return yes_no(_p("c_may_claim", deal=state.deal, secured=secured, scores=state.scores[0], count=secured),
                  Claim(0) in state.legal_moves(), _p("c_may_claim_why", secured=secured, count=secured))


def reach_question(seed: int) -> Question:
    """Make a capture after which player 1 has secured the target (found on a played position)."""
    def test(state: GameState) -> bool:
        return (in_play(state) and state.to_move == 0 and state.totals()[0] < 11
                and bool(target_captures(state)))

    state = played_position(seeded("06", "reach", seed), test, MANUAL, greedy=True, deals=3)
    secured = state.totals()[0]
    prompt = _p("c_reach", secured=secured, count=secured, target=state.rules.target or 0,
                hand=format_cards(state.hands[0]), table=format_cards(state.table))
    return MoveTask(prompt.key, state, one_of(*target_captures(state)), "scoring", prompt.fields)


def stake_question(seed: int) -> Question:
    """A game the greedy computer won: what share of the stake does the winner take?"""
    state = played_position(seeded("06", "stake", seed), lambda s: s.finished, greedy=True, deals=5)
    winner = state.winner
    assert winner is not None
    return stake_choice(_p("c_stake", player=player_number(winner), deal=state.deal,
                           points=state.totals()[winner]), state.stake)


def attempt(rng: random.Random) -> GameState:
    """V6: player 2 has just tried a capture (a right one or a false one, at random); player 1 may call."""
    state = played_position(rng, lambda s: in_play(s) and s.to_move == 1 and len(s.table) >= 2
                            and bool(captures(s.hands[1], s.table, V6)), V6)
    if rng.random() < 0.5:
        return state.play(rng.choice(captures(state.hands[1], state.table, V6)))
    while True:
        hand = tuple(rng.sample(state.hands[1], 1))
        table = tuple(rng.sample(state.table, rng.randint(1, min(2, len(state.table)))))
        if capture_problem(hand, table, V6) is not None:
            return state.play(Capture(hand, table))


def fals_points_question(seed: int) -> Question:
    """How many points does player 1's "Fals!" bring him? The engine's verdict says why."""
    state = attempt(seeded("06", "fals_points", seed))
    assert state.pending is not None
    gained = state.play(Challenge(0)).bonus[0] - state.bonus[0]
    prompt = _p("c_fals_points", capture=move_message(state.pending.capture))
    return NumberQuestion(prompt.key, gained, prompt.fields, fals_outcome(state, Challenge(0)))


CHAPTER_06 = FreshCheck("06", (
    ("secured", lambda seed: secured_question("06", seed, MANUAL, f"{DOMAIN}.c_secured", deals=2)),
    ("may_claim", may_claim_question),
    ("reach", reach_question),
    ("stake", stake_question),
    ("fals", lambda seed: call_fals(attempt(seeded("06", "fals", seed)))),
    ("fals_points", fals_points_question),
    ("secured_again", lambda seed: secured_question("06", seed + 10_000, MANUAL, f"{DOMAIN}.c_secured",
                                                    deals=2)),
))
"""Chapter 06's check: secured points, "Ausz!", the stake and "Fals!" on played games."""


# --- chapter 07: the variants ----------------------------------------------------------------------

def hand_limit_question(seed: int) -> Question:
    """V2: a capture of two or three hand cards from a played position; legal under V2?"""
    rng = seeded("07", "v2", seed)
    size = rng.choice((2, 3))
    state = played_position(rng, lambda s: in_play(s) and any(
        len(c.hand) == size for c in captures(s.hands[s.to_move], s.table)))
    found = captures(state.hands[state.to_move], state.table)
    capture = rng.choice([c for c in found if len(c.hand) == size])
    problem = capture_problem(capture.hand, capture.table, V2)
    return yes_no(_p("c_v2", capture=move_message(capture)), problem is None,
                  _p("c_v2_why", count=len(capture.hand)))


def no_limit_question(seed: int) -> Question:
    """V8: a capture above 13, or two sides that do not match; legal under V8? The engine says."""
    rng = seeded("07", "v8", seed)
    state = played_position(rng, lambda s: in_play(s) and any(
        sum(c.value for c in move.hand) > 13 for move in captures(s.hands[s.to_move], s.table, V8)), V8)
    found = [move for move in captures(state.hands[state.to_move], state.table, V8)
             if sum(c.value for c in move.hand) > 13]
    capture = rng.choice(found)
    if rng.random() < 0.5:  # one table card fewer: the sums no longer match
        capture = Capture(capture.hand, capture.table[1:]) if len(capture.table) > 1 else Capture(
            capture.hand[1:], capture.table) if len(capture.hand) > 1 else capture
    legal = capture_problem(capture.hand, capture.table, V8) is None
    return yes_no(_p("c_v8", capture=move_message(capture)), legal, _p("c_v8_yes" if legal else "c_v8_no"))


def pass_question(seed: int) -> Question:
    """V3: after the opponent's tábla, may the player pass now (before or after the forced lay)?"""
    state = played_position(seeded("07", "v3", seed), lambda s: not s.deal_over and not s.finished
                            and s.forced is not None, V3, greedy=True)
    allowed = Pass() in state.legal_moves()
    moment = "c_v3_again" if state.forced == "again" else "c_v3_lay"
    hand = format_cards(state.hands[state.to_move])
    return yes_no(_p(moment, player=player_number(state.to_move), hand=hand,
                     table=format_cards(state.table)), allowed, _p("c_v3_why"))


CHAPTER_07 = FreshCheck("07", (
    ("v1", lambda seed: points_question("07", "v1", seed, V1, "variants_lesson.c_v1")),
    ("v2", hand_limit_question),
    ("v3", pass_question),
    ("v7", lambda seed: starter_question("07", seed, V7)),
    ("v8", no_limit_question),
    ("p3_cards", lambda seed: majority_question("07", seed, P3, "cards", f"{DOMAIN}.c_p3_cards")),
    ("p4_spades", lambda seed: majority_question("07", seed, P4, "spades", f"{DOMAIN}.c_p4_spades")),
    ("p3_points", lambda seed: points_question("07", "p3_points", seed, P3, f"{DOMAIN}.c_p3_points")),
))
"""Chapter 07's check: one question per variant, and the majorities of three and four players."""
