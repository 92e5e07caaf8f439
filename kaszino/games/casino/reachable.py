"""Which Casino positions a game can reach: the checks a read position must pass (docs/casino.md).

Each check looks at the fields of a :class:`~kaszino.games.casino.notation.Position` and names the
first thing no game could have produced: a card missing or twice, a hand or talon of the wrong
size for the hand of the deal, the wrong player to move, a build that does not add up or whose
owner keeps no card of its value, piles no captures give, a result that does not follow from the
totals.
"""

from __future__ import annotations

from collections import Counter

from kaszino.engine.cards import DECK, card_sum
from kaszino.games.casino.deck import LARGEST, is_number
from kaszino.games.casino.notation import Position
from kaszino.games.casino.rules import HAND_SIZE, MIN_BUILD
from kaszino.games.casino.scoring import deal_report, game_winner


def unreachable(position: Position) -> str | None:
    """What in ``position`` no game reaches, or None."""
    for check in (_cards, _sizes, _builds, _piles, _scores):
        problem = check(position)
        if problem is not None:
            return problem
    return None


def _played(p: Position) -> int:
    """Cards played in this hand of the deal."""
    return HAND_SIZE * p.rules.players - sum(map(len, p.hands))


def _cards(p: Position) -> str | None:
    every = [*(c for hand in p.hands for c in hand), *p.table, *p.talon,
             *(c for build in p.builds for c in build.cards), *(c for pile in p.piles for c in pile)]
    twice = sorted(card for card, count in Counter(every).items() if count > 1)
    if twice:
        return f"cards: {' '.join(map(str, twice))} appear twice"
    missing = sorted(set(DECK) - set(every))
    if missing:
        return f"cards: {' '.join(map(str, missing))} are nowhere"
    return None


def _sizes(p: Position) -> str | None:
    rules, n = p.rules, p.rules.players
    talon = rules.talon_after(p.round)
    if len(p.talon) != talon:
        return f"talon: {len(p.talon)} cards in hand {p.round} of the deal, where {talon} are left to deal"
    played, first = _played(p), (p.dealer + 1) % n
    sizes = [HAND_SIZE - played // n - (seat < played % n) for seat in range(n)]
    seats = [len(p.hands[(first + seat) % n]) for seat in range(n)]
    if not 0 <= played <= HAND_SIZE * n or seats != sizes:
        return (f"hands: {' | '.join(str(len(hand)) for hand in p.hands)} cards, where player {first} "
                f"moves first and the turn goes round")
    if played == HAND_SIZE * n and p.round != rules.rounds:
        return f"hands: all empty in hand {p.round}, where the next hand is dealt at once"
    mover = (first + played) % n
    if p.to_move != mover:
        return f"to_move: player {p.to_move}, where it is player {mover}'s turn"
    return None


def _builds(p: Position) -> str | None:
    for index, build in enumerate(p.builds):
        shown = f"builds[{index}] {build}"
        if not MIN_BUILD <= build.value <= LARGEST:
            return f"{shown}: a build is worth {MIN_BUILD} to {LARGEST}"
        if not all(group and all(map(is_number, group)) and card_sum(group) == build.value
                   for group in build.groups) or len(build.cards) < 2:
            return f"{shown}: each group holds number cards making the value; a build has two cards at least"
        if all(card.value != build.value for card in p.hands[build.owner]):
            return f"{shown}: its owner, player {build.owner}, keeps no card of its value"
    return None


def _piles(p: Position) -> str | None:
    if (p.last_capturer is None) != (not any(p.piles)):
        return "last_capturer: it names nobody exactly when every pile is empty"
    if p.last_capturer is not None and not p.piles[p.last_capturer]:
        return f"last_capturer: player {p.last_capturer} has captured nothing"
    deal_over = not p.talon and not any(p.hands)
    if deal_over and p.table and p.last_capturer is not None:
        return "table: the leftovers of a finished deal go to the last capturer"
    for player, pile in enumerate(p.piles):
        if len(pile) == 1:
            return f"piles: player {player} has one card, but a capture takes two at least"
    return None


def _scores(p: Position) -> str | None:
    if p.deal == 1 and any(p.scores):
        return "scores: the first deal starts at 0"
    target = p.rules.target
    if game_winner(p.scores, target) is not None:
        return f"scores: {' | '.join(map(str, p.scores))} ended the game before this deal"
    winner = None
    if not p.talon and not any(p.hands):
        points = deal_report(p.piles, p.rules).points
        winner = game_winner(tuple(s + d for s, d in zip(p.scores, points, strict=True)), target)
    if p.finished != (winner is not None) or p.winner != winner:
        return f"result: the totals give {'-' if winner is None else winner}"
    return None
