"""Chapter 05, scoring a deal (docs/rules.md §5, S003): its teaching positions and exercises.

Every position is a whole game state (:func:`kaszino.teach.scenes.scene`) and every right answer
comes from the engine: piles are scored by :meth:`GameState.deal_scores`, captures valued by
:func:`kaszino.games.kaszino.solver.value.capture_value`. The texts are in ``locales/scoring_lesson.json``.
"""

from __future__ import annotations

from functools import cache

from kaszino.engine.cards import Card
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.rules import S003, STANDARD, Rules
from kaszino.games.kaszino.scoring import (
    BIG_CASINO,
    LITTLE_CASINO,
    SPADES_IN_DECK,
    card_points,
    points_available,
)
from kaszino.games.kaszino.state import GameState
from kaszino.teach.drills import (
    ChapterContent,
    Section,
    best_points,
    captures_where,
    deal_points,
    majority,
    majority_winner,
    number_choice,
    secured_points,
    words,
    yes_no,
)
from kaszino.teach.exercises import Choice
from kaszino.teach.explain import Field, Message
from kaszino.teach.questions import Question
from kaszino.teach.recorded import first_deal_end, recorded_game
from kaszino.teach.scenes import Pile, scene

DOMAIN = "scoring_lesson"


def _p(name: str, **fields: Field) -> Message:
    return words(f"{DOMAIN}.{name}", **fields)


# --- positions --------------------------------------------------------------------------------

def card_points_table() -> GameState:
    """Round 2: the table holds the big casino, the little casino and an ace."""
    return scene(["10♥ 3♣ 8♠", "5♦ 9♥ Q♣"], "10♦ 2♠ A♦ 6♥ 5♣", round=2)


def majority_table() -> GameState:
    """Round 7: 25 cards and 6 spades in the learner's pile; one capture makes 27 and 7."""
    return scene(["7♠ 4♥ J♣", "6♦ 8♥ 9♣"], "3♠ 4♦ 9♥ 2♥", round=7,
                 piles=[Pile("A♥", count=25, spades=6), Pile(count=None)], last_capturer=0)


def finished_deal(rules: Rules = STANDARD, tabla: tuple[int, int] = (0, 0)) -> GameState:
    """A deal just over: 28 cards and 6 spades against 24 and 7, two aces each, one casino each."""
    return scene(["", ""], round=rules.rounds, rules=rules, tabla_points=tabla, last_capturer=1,
                 piles=[Pile("A♠ A♥ 10♦", count=28, spades=6), Pile("A♦ A♣ 2♠", count=None)])


def tied_deal() -> GameState:
    """A deal over with 26 cards each: nobody gets the points for most cards."""
    return scene(["", ""], round=8, last_capturer=0,
                 piles=[Pile("A♣ 2♠", count=26, spades=8), Pile("A♦ A♥ A♠ 10♦", count=None)])


def counting_deal() -> GameState:
    """The deal whose points the learner counts on his own: a tábla, three aces, both casinos."""
    return scene(["", ""], round=8, tabla_points=(0, 1), last_capturer=0,
                 piles=[Pile("A♣ A♦ 10♦", count=23, spades=9), Pile("A♥ A♠ 2♠", count=None)])


def middle_of_deal() -> GameState:
    """Round 5: an ace, the big casino, 7 spades and a tábla secured, but only 16 cards."""
    return scene(["5♥ 8♣ Q♦", "4♦ J♥ 6♣"], "7♥ K♠ 3♦", round=5, tabla_points=(1, 0), last_capturer=0,
                 piles=[Pile("A♣ 10♦", count=16, spades=7), Pile("A♥", count=None)])


def first_move_tabla(rules: Rules = S003) -> GameState:
    """The very first move of a deal: J♦ takes all four table cards (2 + 2 + 3 + 4 = 11)."""
    return scene(["J♦ 7♠ 9♣", "5♥ 8♦ Q♣"], "2♥ 2♣ 3♦ 4♥", rules=rules, round=1)


# --- exercises ----------------------------------------------------------------------------------

def _points_of(card: Card) -> int:
    return card_points((card,), STANDARD)


@cache
def chapter() -> ChapterContent:
    """The chapter: its sections with their exercises (its check: :mod:`kaszino.teach.game_checks`)."""
    return ChapterContent("05", DOMAIN, _sections())


def _sections() -> tuple[Section, ...]:
    return (
        Section(f"{DOMAIN}.card_points", _card_point_questions()),
        Section(f"{DOMAIN}.majorities", _majority_questions()),
        Section(f"{DOMAIN}.ties", _tie_questions()),
        Section(f"{DOMAIN}.whole_deal", _whole_deal_questions()),
        Section(f"{DOMAIN}.secured", _secured_questions()),
        Section(f"{DOMAIN}.other_table", _other_table_questions()),
    )


def value_and_points() -> tuple[Question, ...]:
    """After the chapter's introduction: a card's value in a capture is not its points at the count
    (the king: 13 and nothing). The card's value and ``card_points`` answer."""
    king = Card.parse("K♠")
    value, points = king.value, _points_of(king)
    why = _p("q_king_why", value=value, points=points)
    return (
        number_choice(_p("q_king_value"), value, (1, 10, 13), why),
        number_choice(_p("q_king_points"), points, (0, 1, 13), why),
    )


def _card_point_questions() -> tuple[Question, ...]:
    little = _points_of(LITTLE_CASINO)
    big = _points_of(BIG_CASINO)
    return (
        best_points(card_points_table(), _p("q_best_points")),
        number_choice(_p("q_little_casino"), little, (0, 1, 2, 3), _p("q_little_casino_why", points=little)),
        Choice(f"{DOMAIN}.q_big_casino", ("10♦", "2♠", "10♠"), "10♦", literal=True, reasons=(
            ("10♦", _p("q_big_casino_yes", points=big)),
            ("2♠", _p("q_big_casino_little", points=little)),
            ("10♠", _p("q_big_casino_plain")),
        )),
    )


def _majority_questions() -> tuple[Question, ...]:
    table = majority_table()
    return (
        captures_where(table, lambda value: any(item.kind == "most_cards" for item in value.breakdown),
                       _p("q_reach_27")),
        deal_points(finished_deal(), 1, f"{DOMAIN}.q_deal_points"),
        majority(finished_deal(), "spades", f"{DOMAIN}.q_who_spades"),
    )


def tie_record() -> GameRecord:
    """A recorded game whose first deal ends 26–26 in cards (shown in the deal viewer)."""
    return recorded_game("tie")


def _tie_questions() -> tuple[Question, ...]:
    tied = tied_deal()
    odd = SPADES_IN_DECK % 2 == 1
    recorded = first_deal_end(tie_record())
    return (
        majority(recorded, "cards", f"{DOMAIN}.q_tie_record_cards"),
        majority(tied, "cards", f"{DOMAIN}.q_who_cards_tied"),
        yes_no(_p("q_spade_tie"), not odd, _p("q_spade_tie_why")),
        deal_points(tied, 0, f"{DOMAIN}.q_deal_points"),
    )


def _whole_deal_questions() -> tuple[Question, ...]:
    plain = points_available(STANDARD)
    counted = counting_deal()
    return (
        number_choice(_p("q_twelve"), plain, (10, 11, 12, 13), _p("q_twelve_why", total=plain)),
        deal_points(counted, 0, f"{DOMAIN}.q_count"),
        deal_points(counted, 1, f"{DOMAIN}.q_count"),
    )


def _secured_questions() -> tuple[Question, ...]:
    middle = middle_of_deal()
    return (
        secured_points(middle, 0, f"{DOMAIN}.q_secured"),
        yes_no(_p("q_secured_cards"), majority_winner(middle, "cards") == 0,
               _p("q_secured_cards_why", cards=len(middle.piles[0]))),
        majority(middle, "spades", f"{DOMAIN}.q_who_spades_now"),
    )


def _other_table_questions() -> tuple[Question, ...]:
    plain = points_available(S003)
    sweep = first_move_tabla()
    return (
        captures_where(sweep, lambda value: any(item.kind == "tabla" for item in value.breakdown),
                       _p("q_s003_sweep")),
        deal_points(finished_deal(S003), 0, f"{DOMAIN}.q_s003_points"),
        number_choice(_p("q_s003_first_tabla"), S003.first_move_tabla_points, (1, 2, 3),
                      _p("q_s003_first_tabla_why", points=S003.first_move_tabla_points)),
        number_choice(_p("q_s003_total"), plain, (8, 9, 10, 12), _p("q_s003_total_why", total=plain)),
    )
