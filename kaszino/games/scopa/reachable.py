"""Which Scopa positions a game can reach: the checks a read position must pass (docs/scopa.md).

Each check looks at the fields of a :class:`~kaszino.games.scopa.notation.Position` and names the
first thing no game could have produced: a card missing or twice, a hand or talon of the wrong
size for the round, the wrong player to move, piles or scopas no captures give, a result that
does not follow from the totals.
"""

from __future__ import annotations

from collections import Counter

from kaszino.games.scopa.deck import DECK, DECK_SIZE, LEFT_OUT
from kaszino.games.scopa.notation import Position
from kaszino.games.scopa.rules import HAND_SIZE, ROUNDS, TABLE_START
from kaszino.games.scopa.scoring import deal_report, game_winner

PLAYERS = 2


def unreachable(position: Position) -> str | None:
    """What in ``position`` no game reaches, or None."""
    for check in (_cards, _sizes, _turn, _piles, _scores):
        problem = check(position)
        if problem is not None:
            return problem
    return None


def _cards(p: Position) -> str | None:
    every = [*p.hands[0], *p.hands[1], *p.table, *p.talon, *p.piles[0], *p.piles[1]]
    outside = sorted({card for card in every if card.value in LEFT_OUT})
    if outside:
        return f"cards: {' '.join(map(str, outside))} are not in the Scopa deck"
    twice = sorted(card for card, count in Counter(every).items() if count > 1)
    if twice:
        return f"cards: {' '.join(map(str, twice))} appear twice"
    missing = sorted(set(DECK) - set(every))
    if missing:
        return f"cards: {' '.join(map(str, missing))} are nowhere"
    return None


def _sizes(p: Position) -> str | None:
    talon = DECK_SIZE - TABLE_START - PLAYERS * HAND_SIZE * p.round
    if len(p.talon) != talon:
        return f"talon: {len(p.talon)} cards in round {p.round}, where {talon} are left"
    first = 1 - p.dealer
    played = PLAYERS * HAND_SIZE - len(p.hands[0]) - len(p.hands[1])
    expected = {first: HAND_SIZE - (played + 1) // 2, 1 - first: HAND_SIZE - played // 2}
    for player in range(PLAYERS):
        if len(p.hands[player]) != expected[player] or not 0 <= played <= PLAYERS * HAND_SIZE:
            return (f"hands: {len(p.hands[0])} and {len(p.hands[1])} cards, where the first player "
                    f"{first} moves first and the players alternate")
    if played == PLAYERS * HAND_SIZE and p.round != ROUNDS:
        return f"hands: both empty in round {p.round}, where the next round is drawn at once"
    return None


def _turn(p: Position) -> str | None:
    played = PLAYERS * HAND_SIZE - len(p.hands[0]) - len(p.hands[1])
    mover = (1 - p.dealer + played) % PLAYERS
    if p.to_move != mover:
        return f"to_move: player {p.to_move}, where it is player {mover}'s turn"
    return None


def _piles(p: Position) -> str | None:
    if (p.last_capturer is None) != (not any(p.piles)):
        return "last_capturer: it names nobody exactly when both piles are empty"
    if p.last_capturer is not None and not p.piles[p.last_capturer]:
        return f"last_capturer: player {p.last_capturer} has captured nothing"
    dealt_over = not p.talon and not any(p.hands)
    if dealt_over and p.table and p.last_capturer is not None:
        return "table: the leftovers of a finished deal go to the last capturer"
    for player in range(PLAYERS):
        pile, scopas = p.piles[player], p.scopas[player]
        if len(pile) == 1:
            return f"piles: player {player} has one card, but a capture takes at least two"
        if scopas > len(pile) // 2 or (scopas and not p.rules.scopa):
            return f"scopas: player {player} cannot have made {scopas} with these rules and this pile"
    return None


def _scores(p: Position) -> str | None:
    if p.deal == 1 and any(p.scores):
        return "scores: the first deal starts at 0 | 0"
    if game_winner(p.scores, p.rules.target) is not None:
        return f"scores: {p.scores[0]} | {p.scores[1]} ended the game before this deal"
    dealt_over = not p.talon and not any(p.hands)
    winner = None
    if dealt_over:
        points = deal_report(p.piles, p.scopas, p.rules).points
        winner = game_winner(tuple(s + d for s, d in zip(p.scores, points, strict=True)), p.rules.target)
    if p.finished != (winner is not None) or p.winner != winner:
        shown = "-" if winner is None else str(winner)
        return f"result: the totals give {shown}"
    return None
