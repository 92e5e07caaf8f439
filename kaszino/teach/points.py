"""The points of a pile in words, item by item: "3 (most cards) + 1 (ace) + 2 (10♦) = 6".

Lessons use it to work out an answer after the learner has typed one, so a wrong answer is
followed by the full count, with every item named.
"""

from __future__ import annotations

from kaszino.engine.scoring import PileScore
from kaszino.teach.questions import Phrase, Phrases, phrase


def score_items(score: PileScore) -> tuple[Phrase, ...]:
    """One phrase per item that earns points, in the order of the scoring table."""
    rules = score.rules
    items = (
        ("most_cards", score.most_cards),
        ("most_spades", score.most_spades),
        ("aces", score.aces * rules.ace_points),
        ("big_casino", score.big_casino * rules.big_casino_points),
        ("little_casino", score.little_casino * rules.little_casino_points),
        ("tabla", score.tabla),
        ("bonus", score.bonus),
    )
    return tuple(phrase(f"points.item_{name}", points=points, count=score.aces)
                 for name, points in items if points)


def breakdown(score: PileScore, player: int) -> Phrase:
    """The whole count of ``player``'s points: every item, then the total."""
    items = score_items(score)
    if not items:
        return phrase("points.nothing", player=player + 1)
    return phrase("points.breakdown", player=player + 1, items=Phrases(items, " + "), total=score.total)
