"""The closing checks of chapters 02–04 (captures, the tábla, the flow of a deal), made afresh.

Every question is built from a seed (:mod:`kaszino.teach.fresh`): its position comes from a deal
the computer plays (or, where games seldom reach it, from a scene of random cards), and its answer
from the engine — ``captures`` and ``capture_problem``, the solver's ``sweeps`` and ``sweep_plans``,
the tábla points, the draw and the leftovers of ``play``. The practice questions of the chapters
are fixed positions; these never repeat them. The texts are in ``locales/rules_checks.json``.
"""

from __future__ import annotations

import random

from kaszino.engine.cards import DECK, format_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture, capture_problem, captures
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.solver.sweeps import sweep_plans, sweeps
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import player_number
from kaszino.teach.drills import players_choice, words, yes_no
from kaszino.teach.exercises import (
    SETS_UP_SWEEP,
    TABLA,
    Choice,
    Goal,
    MoveTask,
    NumberQuestion,
    hand_cards,
    legality_choice,
)
from kaszino.teach.explain import Field, Message, move_message
from kaszino.teach.fresh import FreshCheck, in_play, played_position, played_step, seeded
from kaszino.teach.message import Joined
from kaszino.teach.questions import Question
from kaszino.teach.scenes import scene

DOMAIN = "rules_checks"


def _p(name: str, **fields: Field) -> Message:
    return words(f"{DOMAIN}.{name}", **fields)


def hand_and_table(state: GameState) -> dict[str, Field]:
    """The fields ``hand`` and ``table``: the cards of the player to move and of the table."""
    return {"hand": format_cards(state.hands[state.to_move]), "table": format_cards(state.table)}


def _captures(state: GameState) -> list[Capture]:
    return captures(state.hands[state.to_move], state.table, state.rules)


def task(state: GameState, name: str, goal: Goal) -> MoveTask:
    """A move on a live table of ``state`` that reaches ``goal``; the prompt at ``name`` names the cards."""
    prompt = _p(name, **hand_and_table(state))
    return MoveTask(prompt.key, state, goal, "rules", prompt.fields)


# --- chapter 02: captures ------------------------------------------------------------------------

def legal_pairing(rng: random.Random) -> Capture:
    """A legal capture of a played position."""
    state = played_position(rng, lambda s: in_play(s) and len(s.table) >= 3 and bool(_captures(s)))
    return rng.choice(_captures(state))


def illegal_pairing(rng: random.Random) -> Capture:
    """Hand and table cards of a played position that make no capture: unequal sums, or equal ones
    above the limit."""
    state = played_position(rng, lambda s: in_play(s) and len(s.hands[s.to_move]) >= 2 and len(s.table) >= 3)
    hand, table = state.hands[state.to_move], state.table
    tries = [Capture(tuple(rng.sample(hand, rng.randint(1, 2))), tuple(rng.sample(table, rng.randint(1, 3))))
             for _ in range(40)]
    wrong = [pairing for pairing in tries
             if capture_problem(pairing.hand, pairing.table, STANDARD) is not None]
    too_big = [pairing for pairing in wrong
               if sum(c.value for c in pairing.hand) == sum(c.value for c in pairing.table)]
    if not wrong:
        return illegal_pairing(rng)
    return rng.choice(too_big) if too_big and rng.random() < 0.5 else rng.choice(wrong)


def legality(pairing: Capture) -> Choice:
    """"Is this capture legal?" on ``pairing``: the engine answers and explains."""
    return legality_choice(format_cards(pairing.hand), format_cards(pairing.table))


def legal_question(seed: int) -> Question:
    return legality(legal_pairing(seeded("02", "legal", seed)))


def illegal_question(seed: int) -> Question:
    return legality(illegal_pairing(seeded("02", "illegal", seed)))


def either_question(seed: int) -> Question:
    rng = seeded("02", "either", seed)
    return legality(legal_pairing(rng) if rng.random() < 0.5 else illegal_pairing(rng))


def listed(found: list[Capture]) -> Message:
    """The answer to a count of captures: how many there are, each told in words."""
    return _p("captures_are", count=len(found), captures=Joined(tuple(map(move_message, found))))


def count_question(seed: int) -> Question:
    """How many different captures the hand has; a miss lists them."""
    state = played_position(seeded("02", "count", seed), lambda s: in_play(s) and 2 <= len(_captures(s)) <= 5)
    found = _captures(state)
    prompt = _p("c_count", **hand_and_table(state))
    return NumberQuestion(prompt.key, len(found), prompt.fields, listed(found))


def two_hand_question(seed: int) -> Question:
    state = played_position(seeded("02", "two_hand", seed),
                            lambda s: in_play(s) and any(len(c.hand) == 2 for c in _captures(s)))
    return task(state, "c_two_hand", hand_cards(2))


def tabla_task(chapter: str, seed: int, least: int) -> MoveTask:
    """Make a tábla on a played position whose table holds ``least`` cards or more."""
    state = played_position(seeded(chapter, "tabla", seed),
                            lambda s: in_play(s) and len(s.table) >= least and bool(sweeps(s)))
    return task(state, "c_tabla", TABLA)


CHAPTER_02 = FreshCheck("02", (
    ("legal", legal_question),
    ("illegal", illegal_question),
    ("either", either_question),
    ("count", count_question),
    ("two_hand", two_hand_question),
    ("tabla", lambda seed: tabla_task("02", seed, 2)),
))
"""Chapter 02's check: three captures to judge, the captures to count, two captures to make."""


# --- chapter 03: the tábla ---------------------------------------------------------------------

def moves_made(state: GameState) -> int:
    """How many moves of the first round have been made (every move plays one hand card)."""
    return state.rules.players * state.rules.hand_size(1) - sum(len(hand) for hand in state.hands)


def worth_question(seed: int) -> Question:
    """A tábla in the first round: how many points is it worth? The engine's tábla points answer."""
    rng = seeded("03", "worth", seed)
    first = rng.random() < 0.5

    def test(state: GameState) -> bool:
        return (in_play(state) and state.round == 1 and bool(sweeps(state))
                and state.is_first_move(state.to_move) == first)

    state = played_position(rng, test, rounds=1)
    sweep = rng.choice(sweeps(state))
    player = state.to_move
    points = state.play(sweep).tabla_points[player] - state.tabla_points[player]
    prompt = _p("c_worth", player=player_number(player), move=moves_made(state) + 1,
                capture=move_message(sweep), dealer=player_number(state.dealer))
    return NumberQuestion(prompt.key, points, prompt.fields,
                          _p("c_worth_first" if state.is_first_move(player) else "c_worth_later",
                             points=points,
                             count=points))


def sweep_count_question(seed: int) -> Question:
    """How many different táblák the hand can make; a miss lists them."""
    state = played_position(seeded("03", "sweep_count", seed), lambda s: in_play(s) and bool(sweeps(s)))
    found = sweeps(state)
    prompt = _p("c_sweep_count", **hand_and_table(state))
    return NumberQuestion(prompt.key, len(found), prompt.fields, listed(found))


def _forced_lay(state: GameState) -> bool:
    return not state.deal_over and not state.finished and state.forced == "lay" and bool(sweep_plans(state))


def forced_lay(chapter: str, kind: str, seed: int) -> GameState:
    """A played position after a tábla where the forced lay can set up a tábla of the second move."""
    return played_position(seeded(chapter, kind, seed), _forced_lay, greedy=True)


def setup_question(seed: int) -> Question:
    """After the opponent's tábla: lay the card that lets the second move be a tábla."""
    return task(forced_lay("03", "setup", seed), "c_setup", SETS_UP_SWEEP)


def again_question(seed: int) -> Question:
    """The forced second move after the lay that sets up a tábla: make the tábla."""
    state = forced_lay("03", "again", seed)
    laid, _ = seeded("03", "again", seed).choice(sweep_plans(state))
    return task(state.play(Lay(laid)), "c_again", TABLA)


def second_move_question(seed: int) -> Question:
    """After a tábla the next player lays a card: does a second move follow? The engine says."""
    rng = seeded("03", "second_move", seed)
    last = rng.random() < 0.4

    def test(before: GameState, after: GameState) -> bool:
        return before.forced == "lay" and (len(before.hands[before.to_move]) == 1) == last

    before, after = played_step(rng, test, greedy=True)
    player = before.to_move
    again = not after.deal_over and after.to_move == player and after.forced == "again"
    laid = next(card for card in before.hands[player] if card not in after.hands[player])
    prompt = _p("c_second_move", player=player_number(player), count=len(before.hands[player]),
                card=str(laid),
                hand=format_cards(before.hands[player]))
    return yes_no(prompt, again, _p("c_second_move_yes" if again else "c_second_move_no",
                                    player=player_number(player)))


CHAPTER_03 = FreshCheck("03", (
    ("tabla", lambda seed: tabla_task("03", seed, 3)),
    ("worth", worth_question),
    ("sweep_count", sweep_count_question),
    ("setup", setup_question),
    ("again", again_question),
    ("second_move", second_move_question),
))
"""Chapter 03's check: a tábla to make, its worth, táblák to count, the forced lay and what follows."""


# --- chapter 04: the flow of a deal ------------------------------------------------------------------

def move_words(state: GameState, move: Move) -> Message:
    """What the player to move does, in words: lays a card, or makes a capture (told by
    :func:`~kaszino.teach.explain.move_message`, never in the move notation)."""
    if isinstance(move, Lay):
        return _p("does_lay", card=str(move.card))
    return _p("does_capture", capture=move_message(move))


def capturer_words(state: GameState) -> Message:
    """Who made the last capture of the deal so far."""
    if state.last_capturer is None:
        return _p("capturer_none")
    return _p("capturer", player=player_number(state.last_capturer))


def starter_question(chapter: str, seed: int, rules: Rules = STANDARD) -> Choice:
    """A move that ends a round of a played deal: who starts the next round? ``after.to_move`` answers."""

    def test(before: GameState, after: GameState) -> bool:
        return after.round == before.round + 1 and before.pending is None

    before, after = played_step(seeded(chapter, "starter", seed), test, rules)
    move = next(m for m in before.legal_moves() if before.play(m) == after)
    prompt = _p("c_starter_v7" if rules.opponent_starts_after_draw else "c_starter", round=before.round,
                next=after.round, player=player_number(before.to_move), move=move_words(before, move),
                last_capture=capturer_words(after))
    return players_choice(prompt, rules.players, after.to_move,
                          _p("c_starter_why", player=player_number(after.to_move),
                             last_capture=capturer_words(after)))


def nobody_question(seed: int) -> Question:
    """Round 1 ends and nobody has captured: who starts round 2? A scene of random cards, the
    dealer chosen at random; the engine's draw answers."""
    rng = seeded("04", "nobody", seed)
    dealer = rng.randrange(2)
    cards = rng.sample(DECK, 10)
    last, table = cards[0], cards[1:]
    hands = [format_cards((last,)) if player == dealer else "" for player in range(2)]
    state = scene(hands, format_cards(table), round=1, piles=["", ""], dealer=dealer, to_move=dealer)
    after = state.play(Lay(last))
    if after.round != 2:
        raise KaszinoError("the last card of round 1 must end the round")
    prompt = _p("c_nobody", dealer=player_number(dealer), card=str(last))
    return players_choice(prompt, 2, after.to_move, _p("c_nobody_why", player=player_number(after.to_move)))


def talon_question(seed: int) -> Question:
    """How many cards are left in the talon when round ``r`` begins? (Round 5 is the practice's.)"""
    rounds = [number for number in range(2, STANDARD.rounds + 1) if number != 5]
    number = rounds[seed % len(rounds)]
    per_round = STANDARD.players * STANDARD.hand_size(number)
    answer = STANDARD.talon_after(number)
    prompt = _p("c_talon", round=number)
    return NumberQuestion(prompt.key, answer, prompt.fields,
                          _p("c_talon_why", answer=answer, rounds=STANDARD.rounds - number, cards=per_round,
                             count=STANDARD.rounds - number))


def _last_lay(before: GameState, after: GameState) -> bool:
    """The deal's last move is a lay, with a capturer to take what is left."""
    return after.deal_over and before.last_capturer is not None and len(after.table) == 0 and any(
        isinstance(move, Lay) and before.play(move) == after for move in before.legal_moves())


def leftover_question(seed: int, count: bool) -> Question:
    """The last card of the deal is laid: who gets the table (or how many cards)? The piles answer."""
    before, after = played_step(seeded("04", "leftover_count" if count else "leftover_who", seed), _last_lay)
    capturer = before.last_capturer
    assert capturer is not None
    player = before.to_move
    laid = next(card for card in before.hands[player] if card not in after.hands[player])
    gets = [len(a) - len(b) for a, b in zip(after.piles, before.piles, strict=True)]
    fields: dict[str, Field] = {"player": player_number(player), "card": str(laid),
                                "table": format_cards(before.table), "capturer": player_number(capturer)}
    if count:
        prompt = _p("c_leftover_count", **fields)
        return NumberQuestion(prompt.key, gets[capturer], prompt.fields,
                              _p("c_leftover_count_why", answer=gets[capturer], count=gets[capturer],
                                 **fields))
    taker = next(p for p, gained in enumerate(gets) if gained)
    prompt = _p("c_leftover_who", **fields)
    return players_choice(prompt, 2, taker, _p("c_leftover_who_why", **fields))


def row_question(seed: int) -> Question:
    """One hand is empty: how many moves in a row does the other player make before the round ends?"""
    def test(state: GameState) -> bool:
        other = (state.to_move + 1) % state.players
        return (in_play(state) and state.round < state.rules.rounds and not state.hands[other]
                and len(state.hands[state.to_move]) >= 2)

    state = played_position(seeded("04", "row", seed), test)
    player, moves, now = state.to_move, 0, state
    while now.round == state.round and now.to_move == player and not now.deal_over:
        now, moves = now.play(Lay(now.hands[player][0])), moves + 1
    prompt = _p("c_row", player=player_number(player), count=len(state.hands[player]),
                other=player_number(1 - player), hand=format_cards(state.hands[player]))
    return NumberQuestion(prompt.key, moves, prompt.fields, _p("c_row_why", answer=moves, count=moves,
                                                                player=player_number(player)))


CHAPTER_04 = FreshCheck("04", (
    ("starter", lambda seed: starter_question("04", seed)),
    ("nobody", nobody_question),
    ("talon", talon_question),
    ("row", row_question),
    ("leftover_who", lambda seed: leftover_question(seed, count=False)),
    ("leftover_count", lambda seed: leftover_question(seed, count=True)),
))
"""Chapter 04's check: who starts a round, the talon, moves in a row, the leftovers."""
