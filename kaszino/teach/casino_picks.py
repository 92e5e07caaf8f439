"""From what a learner picks on a Casino table to the engine's move (docs/casino.md, "Playing by
clicking").

The learner picks one hand card and any table cards — a loose card alone, a build always whole —
and presses what he means: ``capture``, ``build`` (make a build, raise one or add to one) or
``trail``. :func:`read_pick` is the one function that turns this into moves: every way the
picked cards can be cut into the groups the move needs (each adding up to the value, the played
card joining the one group short of it in a build, a raise by the played card alone), for a build
every value from 2 to 10, kept when the engine allows it (``problem``). One move: it is played;
several (two groupings, two values): the learner chooses; none: the engine's refusal of the move
the pick comes nearest to, so the learner reads the rule (you own a build and may not trail, you
keep no card of that value, a build's cards cannot be regrouped …). A pick that names no move at
all (no hand card, two, a trail with table cards) is a ``slip``: a key of the ``casino_ui`` words.

Only the picked cards are cut into groups, never the whole table, so a pick is read at once even
on a table whose moves are too many to list. :func:`pick_of` goes the other way: the pick that
names a move, so every legal move can be made by clicking.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Literal, get_args

from kaszino.engine.cards import Card
from kaszino.engine.refusals import Refusal
from kaszino.games.casino.builds import Build, Cards, Groups
from kaszino.games.casino.captures import disjoint_choices, sum_groups
from kaszino.games.casino.deck import LARGEST, is_number
from kaszino.games.casino.moves import BuildMove, Capture, Play, Trail
from kaszino.games.casino.rules import MIN_BUILD
from kaszino.games.casino.state import CasinoState
from kaszino.inputs import check_choice, check_type

Intent = Literal["capture", "build", "trail"]
INTENTS: tuple[Intent, ...] = get_args(Intent)
"""What the learner means by a pick: the three buttons of a Casino table."""


@dataclass(frozen=True, slots=True)
class Reading:
    """What a pick means: the legal ``moves`` it names (one: play it; several: the learner
    chooses), else the engine's ``refusal``, else a ``slip`` (a ``casino_ui`` key: no move named)."""

    moves: tuple[Play, ...] = ()
    refusal: Refusal | None = None
    slip: str | None = None


def read_pick(state: CasinoState, hand: Collection[Card], table: Collection[Card], intent: Intent) -> Reading:
    """The moves the mover's pick names: the ``hand`` cards, the ``table`` cards (loose ones, and the
    cards of the builds picked) and the ``intent`` (see the module docstring)."""
    check_type("state", state, CasinoState)
    check_choice("intent", intent, INTENTS)
    if len(hand) != 1:
        return Reading(slip="one_hand_card")
    card = next(iter(hand))
    picked = frozenset(table)
    named = tuple(build for build in state.builds if picked.issuperset(build.cards))
    in_named = {c for build in named for c in build.cards}
    loose = tuple(c for c in (*state.table, *(c for b in state.builds for c in b.cards))
                  if c in picked and c not in in_named)  # a build picked in part counts as loose cards
    if intent == "trail":
        if picked:
            return Reading(slip="trail_alone")
        return _judged(state, [Trail(card)])
    if intent == "capture":
        return _judged(state, _captures(card, loose, named), lambda: _near_capture(card, loose, named))
    if len(named) > 1:
        return Reading(slip="one_build")
    target = named[0] if named else None
    return _judged(state, _builds(card, loose, target), lambda: _near_build(card, loose, target))


def _judged(state: CasinoState, moves: Iterable[Play], nearest: Callable[[], Play] | None = None) -> Reading:
    """The legal ones of ``moves``; if none, the refusal of the first (of ``nearest()`` if none at all)."""
    shaped = list(dict.fromkeys(moves))
    legal = tuple(move for move in shaped if state.problem(move) is None)
    if legal:
        return Reading(legal)
    near = shaped[0] if shaped or nearest is None else nearest()
    refusal = state.problem(near)
    assert refusal is not None, near  # a move no legal one matched is refused
    return Reading(refusal=refusal)


def covers(cards: Cards, value: int) -> list[Groups]:
    """Every way to cut all of ``cards`` into groups each adding up to ``value`` (no cards: one way)."""
    if not cards:
        return [()]
    count = len(cards)
    return [choice for choice in disjoint_choices(sum_groups(cards, value))
            if sum(map(len, choice)) == count]


def _without(cards: Cards, part: Cards) -> Cards:
    return tuple(card for card in cards if card not in part)


def _captures(card: Card, loose: Cards, named: tuple[Build, ...]) -> list[Play]:
    keys = tuple(build.key for build in named)
    if not (loose or named):
        return []
    if not is_number(card):  # the engine judges it: one loose card of its rank
        return [Capture(card, tuple((other,) for other in loose), keys)]
    return [Capture(card, groups, keys) for groups in covers(loose, card.value)]


def _builds(card: Card, loose: Cards, target: Build | None) -> list[Play]:
    """Every build move ``card`` makes with the ``loose`` cards (all of them) and the ``target`` build."""
    if not is_number(card):
        return []
    key = None if target is None else target.key
    found: list[Play] = []
    for value in range(max(MIN_BUILD, card.value), LARGEST + 1):
        if target is not None and target.value != value:  # a raise: the played card alone adds the increase
            if target.value + card.value == value:
                found += [BuildMove(card, value, groups, key) for groups in covers(loose, value)]
            continue
        if card.value == value:
            found += [BuildMove(card, value, groups, key) for groups in covers(loose, value) if groups or key]
            continue
        for partner in sum_groups(loose, value - card.value):
            found += [BuildMove(card, value, (partner, *groups), key)
                      for groups in covers(_without(loose, partner), value)]
    return found


def _remainder_groups(cards: Cards, value: int) -> Groups:
    """``cards`` as groups of ``value`` as far as they go, the rest in one group (the engine refuses it)."""
    best = max(disjoint_choices(sum_groups(cards, value)), key=lambda choice: sum(map(len, choice)))
    rest = _without(cards, tuple(c for group in best for c in group))
    return (*best, rest) if rest else best


def _near_capture(card: Card, loose: Cards, named: tuple[Build, ...]) -> Capture:
    """The capture a refused pick comes nearest to: a build of another value whose cards would make
    groups of the card's value is regrouped (the engine says a build cannot be); else the loose cards
    as groups as far as they go, with the builds picked."""
    value = card.value
    wrong = tuple(build for build in named if build.value != value)
    if wrong and is_number(card):
        regrouped = covers((*loose, *(c for build in wrong for c in build.cards)), value)
        if regrouped:
            kept = tuple(build.key for build in named if build not in wrong)
            return Capture(card, regrouped[0], kept)
    groups = _remainder_groups(loose, value) if loose else ()
    return Capture(card, groups, tuple(build.key for build in named))


def _near_build(card: Card, loose: Cards, target: Build | None) -> BuildMove:
    """The build move a refused pick comes nearest to: the played card with every picked card in one
    group (on a build: raising it by the played card)."""
    groups = (loose,) if loose else ()
    if target is None:
        return BuildMove(card, card.value + sum(c.value for c in loose if is_number(c)), groups)
    return BuildMove(card, target.value + card.value, groups, target.key)


def pick_of(move: Play) -> tuple[tuple[Card, ...], tuple[Card, ...], Intent]:
    """The pick that names ``move`` (with :func:`read_pick` it is among the moves read): its hand
    card, every table card it uses (a build's all) and the press."""
    if isinstance(move, Trail):
        return (move.card,), (), "trail"
    if isinstance(move, Capture):
        return (move.card,), move.taken, "capture"
    return (move.card,), (*move.loose, *(move.build or ())), "build"
