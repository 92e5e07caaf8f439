"""The closing check of chapter 01 (the deck and the deal), made afresh for every attempt.

Every question is built from a seed (:mod:`kaszino.teach.fresh`), so an attempt never repeats the
practice or an earlier attempt: the cards come at random, and the answers from the engine — a
card's value, the sum of cards, the card a spelling stands for (``Card.parse``), and how many
cards the rounds deal out (the rules' hand sizes). The
texts are in ``locales/rules_checks.json``.
"""

from __future__ import annotations

from kaszino.engine.cards import DECK, Card, format_cards
from kaszino.errors import CardParseError
from kaszino.games.kaszino.rules import STANDARD
from kaszino.teach.drills import words
from kaszino.teach.exercises import Choice, NumberQuestion, card_sum_question, spelling_choice
from kaszino.teach.explain import Field, Message
from kaszino.teach.fresh import FreshCheck, seeded
from kaszino.teach.message import ordinal_fields
from kaszino.teach.narrate import message_fields
from kaszino.teach.questions import Question

DOMAIN = "rules_checks"

RANK_LETTERS = "AÁTJBQDK23456789"
"""The rank letters the spellings of docs/rules.md §1 use (besides the number 10)."""

SUIT_MARKS = ("S", "H", "D", "C", "/P", "/K", "/R", "/T")
"""The suit letters: English ones after the rank, Hungarian ones after a slash."""


def _p(name: str, **fields: Field) -> Message:
    return words(f"{DOMAIN}.{name}", **fields)


def spellings(card: Card) -> list[str]:
    """Every way of writing ``card`` in letters that the engine reads as that card."""
    found = []
    for rank in RANK_LETTERS:
        for mark in SUIT_MARKS:
            try:
                if Card.parse(rank + mark) == card:
                    found.append(rank + mark)
            except CardParseError:
                continue
    return found


def value_question(seed: int) -> Question:
    """What is this card worth in a capture? The card's value answers."""
    card = seeded("01", "value", seed).choice(DECK)
    prompt = _p("c_value", card=str(card))
    return NumberQuestion(prompt.key, card.value, prompt.fields,
                          _p("c_value_why", answer=card.value, **message_fields({"card": card})))


def sum_question(seed: int) -> Question:
    """What do two or three cards add up to?"""
    rng = seeded("01", "sum", seed)
    return card_sum_question(format_cards(tuple(rng.sample(DECK, rng.randint(2, 3)))))


def spelling_question(seed: int) -> Question:
    """Which card does this spelling stand for? Among it, a card of its rank and one of its suit."""
    rng = seeded("01", "spelling", seed)
    card = rng.choice([card for card in DECK if spellings(card)])
    text = rng.choice(spellings(card))
    same_rank = rng.choice([other for other in DECK if other.value == card.value and other != card])
    same_suit = rng.choice([other for other in DECK if other.suit == card.suit and other != card])
    options = [str(each) for each in (card, same_rank, same_suit)]
    rng.shuffle(options)
    return spelling_choice(text.lower() if rng.random() < 0.3 else text, options)


def worth_question(seed: int) -> Question:
    """Which of three cards of different values is worth the value asked? The cards' values answer."""
    rng = seeded("01", "worth", seed)
    values = rng.sample(range(1, 14), 3)
    cards = [rng.choice([card for card in DECK if card.value == value]) for value in values]
    answer = cards[0]
    rng.shuffle(cards)
    why = _p("c_worth_card_why", listed=", ".join(f"{card} = {card.value}" for card in cards))
    prompt = _p("c_worth_card", value=answer.value)
    return Choice(prompt.key, tuple(map(str, cards)), str(answer), prompt.fields,
                  tuple((str(card), why) for card in cards), literal=True)


def dealt_question(seed: int) -> Question:
    """How many cards have gone into the hands by the end of round ``r``?"""
    rounds = 2 + seed % (STANDARD.rounds - 1)  # rounds 2–8 in turn: no two attempts of seven alike
    per_round = [STANDARD.players * STANDARD.hand_size(number) for number in range(1, rounds + 1)]
    prompt = _p("c_dealt", **ordinal_fields("round", rounds))
    return NumberQuestion(prompt.key, sum(per_round), prompt.fields,
                          _p("c_dealt_why", answer=sum(per_round),
                             sum=" + ".join(map(str, per_round))))


CHAPTER_01 = FreshCheck("01", (
    ("value", value_question),
    ("sum", sum_question),
    ("spelling", spelling_question),
    ("worth", worth_question),
    ("dealt", dealt_question),
))
"""Chapter 01's check: a card's value, the card of a value, a sum, a spelling, the cards dealt."""
