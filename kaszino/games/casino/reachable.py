"""Which Casino positions a game can reach: the checks a read position must pass (docs/casino.md).

Each check looks at the fields of a :class:`~kaszino.games.casino.notation.Position` and names the
first thing of its kind no game could have produced: a card missing or twice, a hand or talon of
the wrong size for the hand of the deal, the wrong player to move, a build that does not add up or
whose owner keeps no card of its value, piles no captures give, a result that does not follow from
the totals. Each is a :class:`~kaszino.engine.positions.Problem` (a code, its fields, words in the
catalogue ``casino_positions`` for the position editor, the English message); :func:`problems`
lists every one, :func:`unreachable` says the first.
"""

from __future__ import annotations

from collections import Counter

from kaszino.engine.cards import DECK, card_sum
from kaszino.engine.notation import join_players
from kaszino.engine.positions import Problem
from kaszino.engine.refusals import FieldValue
from kaszino.games.casino.deck import LARGEST, is_number
from kaszino.games.casino.notation import Position
from kaszino.games.casino.rules import HAND_SIZE, MIN_BUILD
from kaszino.games.casino.scoring import deal_report, game_winner

DOMAIN = "casino_positions"


def _problem(code: str, message: str, **fields: FieldValue) -> Problem:
    return Problem.of(code, message, domain=DOMAIN, **fields)


def problems(position: Position) -> tuple[Problem, ...]:
    """Everything in ``position`` no game reaches, each check's first problem; () when a game does."""
    found = (check(position) for check in (_cards, _sizes, _builds, _piles, _scores))
    return tuple(problem for problem in found if problem is not None)


def unreachable(position: Position) -> str | None:
    """What in ``position`` no game reaches (the first problem, in English), or None."""
    found = problems(position)
    return found[0].message if found else None


def _played(p: Position) -> int:
    """Cards played in this hand of the deal."""
    return HAND_SIZE * p.rules.players - sum(map(len, p.hands))


def _cards(p: Position) -> Problem | None:
    every = [*(c for hand in p.hands for c in hand), *p.table, *p.talon,
             *(c for build in p.builds for c in build.cards), *(c for pile in p.piles for c in pile)]
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
    rules, n = p.rules, p.rules.players
    talon = rules.talon_after(p.round)
    if len(p.talon) != talon:
        return _problem("talon_size", f"talon: {len(p.talon)} cards in hand {p.round} of the deal, where "
                        f"{talon} are left to deal", count=len(p.talon), left=talon, round=p.round)
    played, first = _played(p), (p.dealer + 1) % n
    sizes = [HAND_SIZE - played // n - (seat < played % n) for seat in range(n)]
    seats = [len(p.hands[(first + seat) % n]) for seat in range(n)]
    if not 0 <= played <= HAND_SIZE * n or seats != sizes:
        return _problem("hands_turn", f"hands: {' | '.join(str(len(hand)) for hand in p.hands)} cards, where "
                        f"player {first} moves first and the turn goes round", first=first, dealt=HAND_SIZE)
    if played == HAND_SIZE * n and p.round != rules.rounds:
        return _problem("hands_empty", f"hands: all empty in hand {p.round}, where the next hand is dealt at "
                        "once", round=p.round)
    mover = (first + played) % n
    if p.to_move != mover:
        return _problem("to_move", f"to_move: player {p.to_move}, where it is player {mover}'s turn",
                        player=p.to_move, first=mover)  # ``first``: a player field, shown from 1
    return None


def _builds(p: Position) -> Problem | None:
    for index, build in enumerate(p.builds):
        shown = f"builds[{index}] {build}"
        if not MIN_BUILD <= build.value <= LARGEST:
            return _problem("build_value", f"{shown}: a build is worth {MIN_BUILD} to {LARGEST}",
                            build=str(build), low=MIN_BUILD, high=LARGEST)
        if not all(group and all(map(is_number, group)) and card_sum(group) == build.value
                   for group in build.groups) or len(build.cards) < 2:
            return _problem("build_groups", f"{shown}: each group holds number cards making the value; a "
                            "build has two cards at least", build=str(build), value=build.value)
        players = p.rules.players
        if not 0 <= build.owner < players:
            return _problem("build_seat", f"{shown}: its owner {build.owner} is not a player "
                            f"0..{players - 1}", build=str(build), players=players)
        if all(card.value != build.value for card in p.hands[build.owner]):
            return _problem("build_owner", f"{shown}: its owner, player {build.owner}, keeps no card of its "
                            "value", build=str(build), player=build.owner, value=build.value)
    return None


def _piles(p: Position) -> Problem | None:
    if (p.last_capturer is None) != (not any(p.piles)):
        return _problem("capturer_piles", "last_capturer: it names nobody exactly when every pile is empty")
    if p.last_capturer is not None and not p.piles[p.last_capturer]:
        return _problem("capturer_no_pile", f"last_capturer: player {p.last_capturer} has captured nothing",
                        player=p.last_capturer)
    deal_over = not p.talon and not any(p.hands)
    if deal_over and p.table and p.last_capturer is not None:
        return _problem("leftovers", "table: the leftovers of a finished deal go to the last capturer",
                        player=p.last_capturer)
    for player, pile in enumerate(p.piles):
        if len(pile) == 1:
            return _problem("single_card_pile", f"piles: player {player} has one card, but a capture takes "
                            "two at least", player=player)
    return None


def _scores(p: Position) -> Problem | None:
    scores = join_players(map(str, p.scores))
    if p.deal == 1 and any(p.scores):
        return _problem("scores_first_deal", "scores: the first deal starts at 0", scores=scores)
    target = p.rules.target
    if game_winner(p.scores, target) is not None:
        return _problem("scores_game_over", f"scores: {scores} ended the game before this deal",
                        scores=scores, target=target)
    winner = None
    if not p.talon and not any(p.hands):
        points = deal_report(p.piles, p.rules).points
        winner = game_winner(tuple(s + d for s, d in zip(p.scores, points, strict=True)), target)
    if p.finished != (winner is not None) or p.winner != winner:
        return _problem("wrong_result", f"result: the totals give {'-' if winner is None else winner}")
    return None
