"""What a capture wins at once, as one ordered value (the teaching order of docs/capture-value.md).

Captures compare by **points** first (aces, 10♦, 2♠, a tábla — doubled on the player's first move
when the rules say so — and the most-cards or most-spades points when *this* capture makes the
mover's majority certain), then by **spades**, then by the number of **cards**. A capture that ends
the deal wins the cards left on the table as well (docs/rules.md §3.7): what it wins is read from
the engine's next state, so the leftovers count as the engine gives them. ``CaptureValue`` is
ordered exactly that way, so ``max()`` picks the capture a learner should prefer when only the
present move counts; the exact solver (:mod:`kaszino.games.kaszino.solver.search`) looks further ahead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from kaszino.engine.cards import Card
from kaszino.games.kaszino.captures import Capture, capture_problem, captures
from kaszino.games.kaszino.scoring import BIG_CASINO, LITTLE_CASINO, card_points, count_spades
from kaszino.games.kaszino.state import GameState
from kaszino.inputs import check_type

PointKind = Literal[
    "ace", "big_casino", "little_casino", "tabla", "first_move_tabla", "most_cards", "most_spades",
]


@dataclass(frozen=True, slots=True)
class PointItem:
    """One line of a value's breakdown: what earns ``points`` (``card`` for aces and casinos)."""

    kind: PointKind
    points: int
    card: Card | None = None


@dataclass(frozen=True, order=True, slots=True)
class CaptureValue:
    """Points, then spades, then cards won at once; ``breakdown`` itemises the points. ``leftovers``:
    the cards left on the table that a capture ending the deal wins too (counted in the rest)."""

    points: int
    spades: int
    cards: int
    breakdown: tuple[PointItem, ...] = field(default=(), compare=False)
    leftovers: tuple[Card, ...] = field(default=(), compare=False)

    def shortfall(self, best: CaptureValue) -> Shortfall:
        """How far this value stays behind ``best`` on each count (zero or negative: not behind)."""
        return Shortfall(best.points - self.points, best.spades - self.spades, best.cards - self.cards)


NOTHING = CaptureValue(0, 0, 0)
"""What a lay wins at once."""


@dataclass(frozen=True, slots=True)
class Shortfall:
    """The difference ``best - value`` of two capture values, count by count."""

    points: int
    spades: int
    cards: int

    def __bool__(self) -> bool:
        return (self.points, self.spades, self.cards) != (0, 0, 0)


def _card_kind(card: Card) -> PointKind:
    if card == BIG_CASINO:
        return "big_casino"
    if card == LITTLE_CASINO:
        return "little_casino"
    return "ace"


def capture_value(state: GameState, capture: Capture) -> CaptureValue:
    """What ``capture`` by ``state.to_move`` wins at once (``IllegalMoveError`` if not correct):
    every card the engine's next state adds to the mover's pile (the leftovers too, when the capture
    ends the deal), and the points they secure."""
    check_type("state", state, GameState)
    check_type("capture", capture, Capture)
    rules = state.rules
    problem = state.problem(capture) or capture_problem(capture.hand, capture.table, rules)
    if problem is not None:
        raise problem.error(f"no value for {capture}")
    mover = state.to_move
    after = state.play(capture)
    won = after.piles[mover][len(state.piles[mover]):]
    items = [
        PointItem(_card_kind(card), points, card)
        for card in won
        if (points := card_points((card,), rules))
    ]
    if len(capture.table) == len(state.table):
        first = state.is_first_move(mover) and rules.first_move_tabla_points != rules.tabla_points
        gain = rules.tabla_worth(first)
        items.append(PointItem("first_move_tabla" if first else "tabla", gain))
    before, now = state.deal_scores()[mover], after.deal_scores()[mover]
    if now.most_cards and not before.most_cards:
        items.append(PointItem("most_cards", now.most_cards))
    if now.most_spades and not before.most_spades:
        items.append(PointItem("most_spades", now.most_spades))
    return CaptureValue(
        points=sum(item.points for item in items),
        spades=count_spades(won),
        cards=len(won),
        breakdown=tuple(items),
        leftovers=tuple(card for card in won if card not in capture.cards),
    )


def capture_values(state: GameState) -> list[tuple[Capture, CaptureValue]]:
    """Every legal capture of the player to move with its value, the most valuable first.

    Equal values keep the order of :func:`kaszino.games.kaszino.captures.captures`.
    """
    check_type("state", state, GameState)
    if state.deal_over or state.finished:
        return []
    found = captures(state.hands[state.to_move], state.table, state.rules)
    valued = [(capture, capture_value(state, capture)) for capture in found]
    return sorted(valued, key=lambda pair: pair[1], reverse=True)


def best_captures(state: GameState) -> list[tuple[Capture, CaptureValue]]:
    """Every capture that ties for the most valuable one, with its value (empty if none exists)."""
    valued = capture_values(state)
    return [pair for pair in valued if pair[1] == valued[0][1]] if valued else []
