"""Chapter 07, the variants V1–V8 and the game of three and four players (docs/rules.md §7).

Each variant is shown on a position where it changes what happens: the same position is judged
under the standard rules and under the variant, and both answers come from the engine. The texts
are in ``locales/variants_lesson.json``.
"""

from __future__ import annotations

from functools import cache

from kaszino.errors import KaszinoError
from kaszino.games.kaszino.captures import Capture, capture_problem
from kaszino.games.kaszino.moves import Challenge, Claim, Pass, parse_move
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import PRESETS, STANDARD, Rules
from kaszino.games.kaszino.state import GameState
from kaszino.teach.drills import (
    ChapterContent,
    Section,
    deal_points,
    majority,
    number_choice,
    players_choice,
    words,
    yes_no,
)
from kaszino.teach.exercises import MoveTask, one_of
from kaszino.teach.explain import Field, Message, move_message
from kaszino.teach.game_lesson import false_capture
from kaszino.teach.questions import Question
from kaszino.teach.recorded import first_deal_end, recorded_game
from kaszino.teach.scenes import Pile, scene
from kaszino.teach.scoring_lesson import finished_deal

DOMAIN = "variants_lesson"
V1, V2, V3, V4, V5, V7, V8 = (PRESETS[f"v{n}"] for n in (1, 2, 3, 4, 5, 7, 8))
P3, P4 = PRESETS["p3"], PRESETS["p4"]
V5_CONTINUOUS = V5.with_changes(target_check="continuous", claim="manual", name="v5")
"""V5 with the target checked at every moment, as the standard 11 is, and called by the player (with
automatic claims no lesson position could hold a total at the target)."""


def _p(name: str, **fields: Field) -> Message:
    return words(f"{DOMAIN}.{name}", **fields)


# --- positions --------------------------------------------------------------------------------

def v2_table(rules: Rules = V2) -> GameState:
    """Three small hand cards: only together do they take the 7♠."""
    return scene(["A♣ 2♥ 4♦", "9♣ J♦ 8♥"], "7♠ 6♥ 3♣ Q♠", rules=rules, round=3)


def v3_table(rules: Rules = V3) -> GameState:
    """After player 2's tábla (his 1 tábla point is shown): player 1 laid 5♦ and must move again; any
    lay helps player 2."""
    return scene(["K♥ 8♣", "4♦ 6♠ 9♥"], "5♦", rules=rules, round=3, forced="again", last_capturer=1,
                 tabla_points=(0, 1))


def deal_end(rules: Rules, deal: int = 1, scores: tuple[int, int] = (0, 0)) -> GameState:
    """The last move of a deal: player 1's 5♥ takes 5♣, the 9♦ left over goes to him, and he has 11."""
    return scene(["5♥", ""], "5♣ 9♦", rules=rules, round=rules.rounds, deal=deal, scores=scores,
                 last_capturer=1, piles=[Pile("A♥ A♦ A♠ 10♦ 2♠", count=24, spades=7), Pile(count=None)])


def v5_table(rules: Rules = V5) -> GameState:
    """Deal 2 of a race to 21: player 1 has 15 from deal 1 and has secured 6 more in this deal."""
    return scene(["9♣ A♦ 4♥", "6♦ 8♥ J♣"], "3♠ 5♦ Q♥", rules=rules, round=4, deal=2, dealer=0,
                 scores=(15, 12), last_capturer=0,
                 piles=[Pile("A♥ A♠ 10♦", count=14, spades=7), Pile(count=None)])


def v7_table(rules: Rules = V7) -> GameState:
    """The last card of round 3: player 1 captures with it, and a new round is drawn."""
    return scene(["9♦", ""], "4♣ 5♥ J♠", rules=rules, round=3, last_capturer=1)


def v8_table(rules: Rules = V8) -> GameState:
    """The worked example of the rules: 5♠+K♣ = 2♦+9♠+7♥ adds up to 18."""
    return scene(["5♠ A♥ K♣", "3♦ 6♣ 8♦"], "2♦ 4♣ 7♥ 9♠", rules=rules, round=2)


def three_player_deal() -> GameState:
    """A three-player deal just over: 20, 18 and 14 cards; 5, 5 and 3 spades."""
    return scene(["", "", ""], rules=P3, round=P3.rounds, last_capturer=0,
                 piles=[Pile("A♠ 10♦", count=20, spades=5), Pile("A♥ 2♠", count=18, spades=5),
                        Pile("A♦ A♣", count=None)])


def four_player_deal() -> GameState:
    """A four-player deal just over: 15, 13, 12 and 12 cards; 4, 4, 3 and 2 spades."""
    return scene(["", "", "", ""], rules=P4, round=P4.rounds, last_capturer=2,
                 piles=[Pile("A♠", count=15, spades=4), Pile("10♦ A♥", count=13, spades=4),
                        Pile("2♠ A♦", count=12, spades=3), Pile("A♣", count=None)])


def three_player_table() -> GameState:
    """Round 2 of a three-player deal: player 1 to move, players 2 and 3 after him."""
    return scene(["7♦ Q♣ 3♥", "5♠ 9♥ J♦", "4♣ 8♠ K♥"], "2♦ 5♣ 10♠ 6♥", rules=P3, round=2)


# --- exercises ----------------------------------------------------------------------------------

def _legal(rules: Rules, capture: str) -> bool:
    move = parse_move(capture)
    if not isinstance(move, Capture):
        raise KaszinoError(f"not a capture: {capture}")
    return capture_problem(move.hand, move.table, rules) is None


def starter_after(state: GameState, move: str) -> int:
    """Who moves first in the round after ``move`` ends the round in ``state``."""
    after = state.play(parse_move(move))
    if after.round != state.round + 1:
        raise KaszinoError(f"{move} does not end round {state.round}")
    return after.to_move


@cache
def chapter() -> ChapterContent:
    """The chapter: its sections with their exercises (its check: :mod:`kaszino.teach.game_checks`)."""
    return ChapterContent("07", DOMAIN, _sections())


def _sections() -> tuple[Section, ...]:
    return (
        Section(f"{DOMAIN}.scoring", _scoring_questions()),
        Section(f"{DOMAIN}.captures", _capture_questions()),
        Section(f"{DOMAIN}.pass", _pass_questions()),
        Section(f"{DOMAIN}.length", _length_questions()),
        Section(f"{DOMAIN}.fals", _fals_questions()),
        Section(f"{DOMAIN}.start", _start_questions()),
        Section(f"{DOMAIN}.three", _three_questions()),
        Section(f"{DOMAIN}.four", _four_questions()),
    )


def _scoring_questions() -> tuple[Question, ...]:
    return (
        deal_points(finished_deal(V1), 0, f"{DOMAIN}.q_v1_points"),
        deal_points(finished_deal(V1), 1, f"{DOMAIN}.q_v1_points"),
    )


def _capture_questions() -> tuple[Question, ...]:
    three = "A♣+2♥+4♦=7♠"
    eighteen = "5♠+K♣=2♦+9♠+7♥"
    said_three, said_eighteen = move_message(parse_move(three)), move_message(parse_move(eighteen))
    return (
        yes_no(_p("q_v2_three", capture=said_three), _legal(V2, three), _p("q_v2_three_why")),
        yes_no(_p("q_v2_standard", capture=said_three), _legal(STANDARD, three), _p("q_v2_standard_why")),
        yes_no(_p("q_v8_legal", capture=said_eighteen), _legal(V8, eighteen), _p("q_v8_legal_why")),
        _v8_most_question(),
    )


def _v8_most_question() -> MoveTask:
    """Take as many table cards as V8 allows: the right captures are those the engine finds longest."""
    state = v8_table()
    most = max(len(move.table) for move in state.legal_moves() if isinstance(move, Capture))
    right = tuple(move for move in state.legal_moves()
                  if isinstance(move, Capture) and len(move.table) == most)
    prompt = _p("q_v8_most", most=most)
    return MoveTask(prompt.key, state, one_of(*right), "scoring", prompt.fields)


def _pass_questions() -> tuple[Question, ...]:
    return (
        yes_no(_p("q_v3_pass"), Pass() in v3_table().legal_moves(), _p("q_v3_pass_why")),
        yes_no(_p("q_v3_standard"), Pass() in v3_table(STANDARD).legal_moves(), _p("q_v3_standard_why")),
    )


def _length_questions() -> tuple[Question, ...]:
    fixed_first = deal_end(V4, scores=(0, 0)).play(parse_move("5♥=5♣"))
    fixed_claim = Claim(0) in deal_end(V4).legal_moves()
    race = v5_table()
    race_claim = Claim(0) in race.legal_moves()
    continuous_claim = Claim(0) in v5_table(V5_CONTINUOUS).legal_moves()
    return (
        yes_no(_p("q_v4_over", total=fixed_first.totals()[0]), fixed_first.finished,
               _p("q_v4_over_why", deals=V4.fixed_deals or 0)),
        yes_no(_p("q_v4_claim"), fixed_claim, _p("q_v4_claim_why")),
        yes_no(_p("q_v5_after_deal", secured=race.totals()[0]), race_claim, _p("q_v5_after_deal_why")),
        yes_no(_p("q_v5_continuous", secured=race.totals()[0]), continuous_claim, _p("q_v5_continuous_why")),
    )


def _fals_questions() -> tuple[Question, ...]:
    caught = false_capture().play(Challenge(0))
    return (
        number_choice(_p("q_v6_gain"), caught.bonus[0], (1, 2, 3),
                      _p("q_v6_gain_why", points=caught.bonus[0], count=caught.bonus[0])),
    )


def _start_questions() -> tuple[Question, ...]:
    move = "9♦=4♣+5♥"
    standard, variant = starter_after(v7_table(STANDARD), move), starter_after(v7_table(), move)
    said = move_message(parse_move(move))
    return (
        players_choice(_p("q_starter_standard", move=said), 2, standard, _p("q_starter_why")),
        players_choice(_p("q_starter_v7", move=said), 2, variant, _p("q_starter_why")),
    )


def three_player_record() -> GameRecord:
    """A recorded three-player game: its first deal ends 20–20–12 in cards."""
    return recorded_game("three_players")


def four_player_record() -> GameRecord:
    """A recorded four-player game: its first deal ends 14–14–13–11 in cards."""
    return recorded_game("four_players")


def _three_questions() -> tuple[Question, ...]:
    deal = three_player_deal()
    recorded = first_deal_end(three_player_record())
    return (
        number_choice(_p("q_p3_rounds"), P3.rounds, (4, 5, 6, 8), _p("q_p3_rounds_why", rounds=P3.rounds)),
        number_choice(_p("q_p3_last"), P3.hand_size(P3.rounds), (2, 3, 4), _p("q_p3_last_why",
                      cards=P3.hand_size(P3.rounds))),
        majority(deal, "cards", f"{DOMAIN}.q_p3_cards"),
        majority(deal, "spades", f"{DOMAIN}.q_p3_spades"),
        majority(recorded, "cards", f"{DOMAIN}.q_p3_record_cards"),
        majority(recorded, "spades", f"{DOMAIN}.q_p3_record_spades"),
    )


def _four_questions() -> tuple[Question, ...]:
    deal = four_player_deal()
    recorded = first_deal_end(four_player_record())
    dealt = sum(P4.hand_size(r) for r in range(1, P4.rounds + 1))
    return (
        number_choice(_p("q_p4_cards"), dealt, (9, 12, 13, 15),
                      _p("q_p4_cards_why", cards=dealt, rounds=P4.rounds)),
        majority(deal, "cards", f"{DOMAIN}.q_p4_majority"),
        deal_points(deal, 0, f"{DOMAIN}.q_p4_points"),
        majority(recorded, "cards", f"{DOMAIN}.q_p4_record_cards"),
    )
