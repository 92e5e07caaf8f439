"""Which Scopa positions a game can reach: the checks a read position must pass (docs/scopa.md).

Each check looks at the fields of a :class:`~kaszino.games.scopa.notation.Position` and names the
first thing of its kind no game could have produced: a card missing or twice, a hand or talon of
the wrong size for the round, the wrong player to move, piles or scopas no captures give, a result
that does not follow from the totals. Each is a :class:`~kaszino.engine.positions.Problem` (a
code, its fields, words in the catalogue ``scopa_positions`` for the position editor, the English
message); :func:`problems` lists every one, :func:`unreachable` says the first.
"""

from __future__ import annotations

from collections import Counter

from kaszino.engine.positions import Problem
from kaszino.engine.refusals import FieldValue
from kaszino.games.scopa.deck import DECK, DECK_SIZE, LEFT_OUT
from kaszino.games.scopa.notation import Position
from kaszino.games.scopa.rules import HAND_SIZE, ROUNDS, TABLE_START
from kaszino.games.scopa.scoring import deal_report, game_winner

PLAYERS = 2
DOMAIN = "scopa_positions"


def _problem(code: str, message: str, **fields: FieldValue) -> Problem:
    return Problem.of(code, message, domain=DOMAIN, **fields)


def problems(position: Position) -> tuple[Problem, ...]:
    """Everything in ``position`` no game reaches, each check's first problem; () when a game does."""
    found = (check(position) for check in (_cards, _sizes, _turn, _piles, _scores))
    return tuple(problem for problem in found if problem is not None)


def unreachable(position: Position) -> str | None:
    """What in ``position`` no game reaches (the first problem, in English), or None."""
    found = problems(position)
    return found[0].message if found else None


def _cards(p: Position) -> Problem | None:
    every = [*p.hands[0], *p.hands[1], *p.table, *p.talon, *p.piles[0], *p.piles[1]]
    outside = tuple(sorted({card for card in every if card.value in LEFT_OUT}))
    if outside:
        return _problem("outside", f"cards: {' '.join(map(str, outside))} are not in the Scopa deck",
                        cards=outside, count=len(outside))
    twice = tuple(sorted(card for card, count in Counter(every).items() if count > 1))
    if twice:
        return _problem("card_twice", f"cards: {' '.join(map(str, twice))} appear twice", cards=twice,
                        count=len(twice))
    missing = tuple(sorted(set(DECK) - set(every)))
    if missing:
        return _problem("cards_missing", f"cards: {' '.join(map(str, missing))} are nowhere", cards=missing,
                        count=len(missing))
    return None


def _sizes(p: Position) -> Problem | None:
    talon = DECK_SIZE - TABLE_START - PLAYERS * HAND_SIZE * p.round
    if len(p.talon) != talon:
        return _problem("talon_size", f"talon: {len(p.talon)} cards in round {p.round}, where {talon} are "
                        "left", count=len(p.talon), left=talon, round=p.round)
    first = 1 - p.dealer
    played = PLAYERS * HAND_SIZE - len(p.hands[0]) - len(p.hands[1])
    expected = {first: HAND_SIZE - (played + 1) // 2, 1 - first: HAND_SIZE - played // 2}
    for player in range(PLAYERS):
        if len(p.hands[player]) != expected[player] or not 0 <= played <= PLAYERS * HAND_SIZE:
            return _problem("hands_alternate", f"hands: {len(p.hands[0])} and {len(p.hands[1])} cards, where "
                            f"the first player {first} moves first and the players alternate",
                            first=first, dealt=HAND_SIZE)
    if played == PLAYERS * HAND_SIZE and p.round != ROUNDS:
        return _problem("hands_empty", f"hands: both empty in round {p.round}, where the next round is drawn "
                        "at once", round=p.round)
    return None


def _turn(p: Position) -> Problem | None:
    played = PLAYERS * HAND_SIZE - len(p.hands[0]) - len(p.hands[1])
    mover = (1 - p.dealer + played) % PLAYERS
    if p.to_move != mover:
        return _problem("to_move", f"to_move: player {p.to_move}, where it is player {mover}'s turn",
                        player=p.to_move, first=mover)  # ``first``: a player field, shown from 1
    return None


def _piles(p: Position) -> Problem | None:
    if (p.last_capturer is None) != (not any(p.piles)):
        return _problem("capturer_piles", "last_capturer: it names nobody exactly when both piles are empty")
    if p.last_capturer is not None and not p.piles[p.last_capturer]:
        return _problem("capturer_no_pile", f"last_capturer: player {p.last_capturer} has captured nothing",
                        player=p.last_capturer)
    dealt_over = not p.talon and not any(p.hands)
    if dealt_over and p.table and p.last_capturer is not None:
        return _problem("leftovers", "table: the leftovers of a finished deal go to the last capturer",
                        player=p.last_capturer)
    for player in range(PLAYERS):
        pile, scopas = p.piles[player], p.scopas[player]
        if len(pile) == 1:
            return _problem("single_card_pile", f"piles: player {player} has one card, but a capture takes "
                            "at least two", player=player)
        if scopas > len(pile) // 2 or (scopas and not p.rules.scopa):
            return _problem("scopas_impossible", f"scopas: player {player} cannot have made {scopas} with "
                            "these rules and this pile", player=player, scopas=scopas, count=len(pile))
    return None


def _scores(p: Position) -> Problem | None:
    if p.deal == 1 and any(p.scores):
        return _problem("scores_first_deal", "scores: the first deal starts at 0 | 0",
                        scores=_totals(p.scores))
    if game_winner(p.scores, p.rules.target) is not None:
        return _problem("scores_game_over", f"scores: {p.scores[0]} | {p.scores[1]} ended the game before "
                        "this deal", scores=_totals(p.scores), target=p.rules.target)
    dealt_over = not p.talon and not any(p.hands)
    winner = None
    if dealt_over:
        points = deal_report(p.piles, p.scopas, p.rules).points
        winner = game_winner(tuple(s + d for s, d in zip(p.scores, points, strict=True)), p.rules.target)
    if p.finished != (winner is not None) or p.winner != winner:
        shown = "-" if winner is None else str(winner)
        return _problem("wrong_result", f"result: the totals give {shown}", finished=str(winner is not None))
    return None


def _totals(scores: tuple[int, ...]) -> str:
    return " | ".join(map(str, scores))
