"""A position as plain fields, and every check that it is one a game of Kaszinó can reach.

A :class:`PositionDraft` holds what a position is made of (hands, table, talon, piles, whose
move, the round, the scores, the rules, …) without any check; :func:`draft_problems` lists all
that is wrong with it, each a :class:`Problem`: a code and its fields, put into words by the
catalogue ``positions`` (Hungarian and English, for a teacher's editor), with the English message
that names the notation's field (``hands[0]: 4 cards, but round 1 deals 3``) for errors
(:mod:`kaszino.engine.positions`, shared with Scopa's checks).
``kaszino.games.kaszino.state.build`` turns a draft without problems into a ``GameState`` and is
the one place positions are checked: ``GameState.from_notation`` reads the notation into a draft
(:mod:`kaszino.games.kaszino.notation`) and builds it; a lesson's scene, a random last round and
the editor build theirs the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain

from kaszino.engine.cards import DECK, Card
from kaszino.engine.notation import DRAW, result_token
from kaszino.engine.positions import Problem
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Forced
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.scoring import DECK_SIZE, pile_scores, points_available
from kaszino.inputs import MAX_COUNT, MAX_SEED

Zones = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class PositionDraft:
    """The fields of a position, unchecked: the same names as ``GameState``'s, except ``pending``,
    the capture attempted on this position that may still be challenged (V6), or None."""

    rules: Rules = STANDARD
    hands: Zones = ((), ())
    table: tuple[Card, ...] = ()
    talon: tuple[Card, ...] = ()
    piles: Zones = ((), ())
    tabla_points: tuple[int, ...] = (0, 0)
    bonus: tuple[int, ...] = (0, 0)
    scores: tuple[int, ...] = (0, 0)
    dealer: int = 1
    to_move: int = 0
    last_capturer: int | None = None
    round: int = 1
    deal: int = 1
    forced: Forced | None = None
    finished: bool = False
    winner: int | None = None
    seed: int = 0
    pending: Capture | None = None

    @classmethod
    def empty(cls, rules: Rules = STANDARD) -> PositionDraft:
        """No card anywhere, nobody's points, the last player dealing and player 0 to move."""
        n = rules.players
        zeros, nothing = (0,) * n, ((),) * n
        return cls(rules=rules, hands=nothing, piles=nothing, tabla_points=zeros, bonus=zeros, scores=zeros,
                   dealer=n - 1)

    @property
    def deal_over(self) -> bool:
        return not self.talon and not any(self.hands)

    @property
    def first_player(self) -> int:
        return (self.dealer + 1) % self.rules.players

    def totals(self) -> tuple[int, ...]:
        """Secured points per player: earlier deals plus what the piles and calls secure so far."""
        deal = pile_scores(self.piles, self.tabla_points, self.bonus, self.rules)
        return tuple(s + d.total for s, d in zip(self.scores, deal, strict=True))

    def placed(self) -> Iterator[tuple[str, Card]]:
        """Every card with the notation field it lies in (``hands[0]``, ``table``, ``piles[1]``, …)."""
        for name, zones in (("hands", self.hands), ("piles", self.piles)):
            for player, cards in enumerate(zones):
                yield from ((f"{name}[{player}]", card) for card in cards)
        yield from (("table", card) for card in self.table)
        yield from (("talon", card) for card in self.talon)


def draft_problems(draft: PositionDraft) -> tuple[Problem, ...]:
    """Everything wrong with ``draft`` that its fields show (the pending capture's replay aside).

    The form comes first (a field per player, numbers in range); only a draft of the right form
    is checked further, for its cards and sizes and for what no game reaches.
    """
    form = tuple(_form_problems(draft))
    if form:
        return form
    return (*_card_problems(draft), *_size_problems(draft), *_reach_problems(draft))


# --- form -------------------------------------------------------------------------------------------
def _form_problems(d: PositionDraft) -> Iterator[Problem]:
    n = d.rules.players
    for name in ("hands", "piles", "tabla_points", "bonus", "scores"):
        count = len(getattr(d, name))
        if count != n:
            yield Problem.of("per_player", f"{name}: {count} entries, but there are {n} players",
                             name=name, count=count, players=n)
    numbers = (("round", d.round, 1, d.rules.rounds), ("deal", d.deal, 1, d.rules.fixed_deals or MAX_COUNT),
               ("seed", d.seed, 0, MAX_SEED), ("dealer", d.dealer, 0, n - 1),
               ("to_move", d.to_move, 0, n - 1),
               ("last_capturer", 0 if d.last_capturer is None else d.last_capturer, 0, n - 1),
               ("winner", 0 if d.winner is None else d.winner, 0, n - 1))
    points = ((f"{name}[{p}]", value, 0, MAX_COUNT) for name in ("scores", "tabla_points", "bonus")
              for p, value in enumerate(getattr(d, name)))
    for name, value, low, high in chain(numbers, points):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            yield Problem.of("out_of_range", f"{name}: {value!r} is out of range ({low}..{high})",
                             name=name, low=low, high=high)
    if d.pending is not None and not d.rules.fals:
        yield Problem.of("pending_without_fals", f"pending: {d.pending}, but only rules with fals=true (V6) "
                         "keep a capture pending")


# --- cards and sizes --------------------------------------------------------------------------------
def _card_problems(d: PositionDraft) -> Iterator[Problem]:
    """Every card of the deck exactly once across all zones."""
    where: dict[Card, list[str]] = {}
    for zone, card in d.placed():
        where.setdefault(card, []).append(zone)
    twice = sorted(card for card, found in where.items() if len(found) > 1)
    if twice:
        repeated = "; ".join(f"{card} in {' and '.join(where[card])}" for card in twice)
        yield Problem.of("card_twice", f"cards: each card must appear once; repeated: {repeated}",
                         cards=tuple(twice), count=len(twice))
    missing = tuple(card for card in DECK if card not in where)
    if missing:
        yield Problem.of("cards_missing", f"cards: missing {' '.join(map(str, missing))} (each of the 52 "
                         "cards must be in hands, table, talon or piles)", cards=missing, count=len(missing))


def _size_problems(d: PositionDraft) -> Iterator[Problem]:
    """Hands no bigger than the round deals, a talon of exactly the rounds still to come, piles no
    bigger than the cards out of the talon, and cards in the hand of the player to move."""
    rules, number = d.rules, d.round
    dealt = rules.hand_size(number)
    for player, hand in enumerate(d.hands):
        if len(hand) > dealt:
            yield Problem.of("hand_too_big", f"hands[{player}]: {len(hand)} cards, but round {number} deals "
                             f"{dealt}", player=player, count=len(hand), dealt=dealt, round=number)
    left = rules.talon_after(number)
    if len(d.talon) != left:
        yield Problem.of("talon_size", f"talon: {len(d.talon)} cards, but after round {number} of "
                         f"{rules.rounds} the talon holds {left}", count=len(d.talon), left=left,
                         round=number)
    out = DECK_SIZE - left
    captured = sum(map(len, d.piles))
    if captured > out:
        yield Problem.of("piles_too_big", f"piles: {captured} cards, but by round {number} only {out} cards "
                         "have left the talon", count=captured, out=out, round=number)
    if not d.deal_over and not d.hands[d.to_move]:
        yield Problem.of("mover_empty", f"to_move: player {d.to_move} holds no cards", player=d.to_move)


# --- what no game reaches ---------------------------------------------------------------------------
def _reach_problems(d: PositionDraft) -> Iterator[Problem]:
    checks = (_forced_problem(d), _scores_problem(d), _start_problem(d), _pile_problem(d), _points_problem(d),
              _result_problem(d))
    for problem in checks:
        if problem is not None:
            yield Problem(problem.code, problem.fields, f"{problem.message} (no game reaches this position)")


def _forced_problem(d: PositionDraft) -> Problem | None:
    """The double move after a tábla: an empty table, then the one card laid, after the sweeper's move."""
    if d.forced is None:
        return None
    if d.deal_over:
        return Problem.of("forced_deal_over", f"forced: {d.forced}, but the deal is over")
    if d.forced == "lay" and d.table:
        return Problem.of("forced_lay_table", "forced: lay after a tábla, but the table is not empty")
    if d.forced == "again" and len(d.table) != 1:
        return Problem.of("forced_again_table", "forced: again (second move after a tábla), but the table "
                          "does not hold just the card laid")
    sweeper = (d.to_move - 1) % d.rules.players
    if d.last_capturer != sweeper:
        return Problem.of("forced_sweeper", f"forced: {d.forced}, but last_capturer is not the player before "
                          f"{d.to_move}, who made the tábla", player=d.to_move, capturer=sweeper)
    return None


def _scores_problem(d: PositionDraft) -> Problem | None:
    """The totals of the deals before this one: 0 before the first, no more than those deals hand out."""
    rules, scores, played = d.rules, d.scores, d.deal - 1
    if not played and any(scores):
        return Problem.of("scores_first_deal", f"scores: {_totals(scores)} before deal 1 has ended; the "
                          "first deal starts at 0", scores=_totals(scores))
    # A deal hands out its card points and at most one tábla a capture, 26 captures at most (two
    # cards each); only Fals! calls (V6) have no bound.
    most = points_available(rules) + rules.best_tabla_worth * (DECK_SIZE // 2)
    if not rules.fals and sum(scores) > played * most:
        return Problem.of("scores_too_high", f"scores: {_totals(scores)}, more than {played} deal(s) "
                          f"hand out (at most {most} points a deal)", scores=_totals(scores), played=played,
                          most=most)
    target, leader = rules.target, max(scores)
    if (target is not None and rules.target_check == "after_deal" and played and leader >= target
            and scores.count(leader) == 1):
        return Problem.of("scores_game_over", f"scores: {_totals(scores)} after deal {played}, but that deal "
                          f"ended the game (a single leader at or above the target {target})",
                          scores=_totals(scores), played=played, target=target)
    return None


def _start_problem(d: PositionDraft) -> Problem | None:
    """While everybody holds all his cards of round 1, nobody has moved: the first player moves."""
    full = d.round == 1 and all(len(hand) == d.rules.hand_size(1) for hand in d.hands)
    if full and d.to_move != d.first_player:
        return Problem.of("first_mover", f"to_move: {d.to_move}, but nobody has moved yet, and player "
                          f"{d.first_player} (after the dealer {d.dealer}) moves first",
                          player=d.to_move, first=d.first_player, dealer=d.dealer)
    return None


def _pile_problem(d: PositionDraft) -> Problem | None:
    """Piles and the last capturer agree, and leftovers went to him at the end of the deal."""
    if d.last_capturer is None:
        if any(d.piles):
            return Problem.of("piles_no_capturer", "piles: cards in the piles, but last_capturer is '-' "
                              "(nobody has captured in this deal)")
        return None
    if not d.piles[d.last_capturer]:
        return Problem.of("capturer_no_pile", f"last_capturer: player {d.last_capturer} has an empty pile",
                          player=d.last_capturer)
    if d.deal_over and d.table:
        return Problem.of("leftovers", "table: cards left on the table when the deal is over; they go to the "
                          f"last capturer {d.last_capturer}", player=d.last_capturer)
    return None


def _points_problem(d: PositionDraft) -> Problem | None:
    """This deal's tábla and Fals! points: no more than the player's captures could have made."""
    rules = d.rules
    worth = rules.best_tabla_worth
    for player, (tabla, bonus, pile) in enumerate(zip(d.tabla_points, d.bonus, d.piles, strict=True)):
        captures = len(pile) // 2  # a capture takes at least one hand card and one table card
        if tabla > worth * captures:
            return Problem.of("tabla_too_many", f"tabla_points[{player}]: {tabla}, but a pile of {len(pile)} "
                              f"cards holds at most {captures} capture(s), each tábla worth at most {worth}",
                              player=player, points=tabla, count=len(pile), captures=captures, worth=worth)
        if bonus and not rules.fals:
            return Problem.of("bonus_without_fals", f"bonus[{player}]: Fals! points, but the rules have "
                              "fals=false", player=player)
        if bonus and not _fals_points(bonus, rules, captures):
            return Problem.of("bonus_impossible", f"bonus[{player}]: {bonus}, but calls give "
                              f"{rules.fals_penalty} for each right challenge and {rules.fals_reward} for "
                              f"each wrong challenge of one of his {captures} capture(s)",
                              player=player, points=bonus, penalty=rules.fals_penalty,
                              reward=rules.fals_reward, captures=captures)
    return None


def _fals_points(bonus: int, rules: Rules, captures: int) -> bool:
    """Whether ``bonus`` is some right challenges (any number) plus wrong ones (at most ``captures``)."""
    for wrong in range(captures + 1):
        rest = bonus - wrong * rules.fals_reward
        if rest < 0:
            return False
        if rest == 0 or (rules.fals_penalty and rest % rules.fals_penalty == 0):
            return True
    return False


def _result_problem(d: PositionDraft) -> Problem | None:
    """A result the rules could not have given, or an end they would have reached already."""
    rules, totals = d.rules, d.totals()
    best = max(totals)
    leaders = [p for p, total in enumerate(totals) if total == best]
    unique = leaders[0] if len(leaders) == 1 else None
    result = result_token(d.finished, d.winner)
    if d.winner is not None and not d.finished:
        return Problem.of("winner_unfinished", f"result: a winner ({d.winner}) in a game that is not "
                          "finished",
                          winner=d.winner)
    if rules.fixed_deals is not None:
        ends = d.deal_over and d.deal == rules.fixed_deals
        if d.finished != ends:
            return Problem.of("fixed_deals_end", f"result: {result}, but V4 ends the game just after deal "
                              f"{rules.fixed_deals}", deals=rules.fixed_deals)
        if d.finished and d.winner != unique:
            expected = DRAW if unique is None else str(unique)
            return Problem.of("wrong_winner", f"result: {result}, but the totals {_totals(totals)} give "
                              f"{expected}", totals=_totals(totals))
        return None
    assert rules.target is not None
    if d.winner is not None and totals[d.winner] < rules.target:
        return Problem.of("winner_below_target", f"result: player {d.winner} wins with {totals[d.winner]} "
                          f"points, below the target {rules.target}", winner=d.winner,
                          points=totals[d.winner], target=rules.target)
    if rules.target_check == "after_deal":
        ends = d.deal_over and best >= rules.target and unique is not None
        if d.finished != ends or (d.finished and d.winner != unique):
            return Problem.of("wrong_winner", f"result: {result}, but with the totals {_totals(totals)} the "
                              f"deal {'decides' if ends else 'does not decide'} the game",
                              totals=_totals(totals))
        return None
    if d.finished and d.winner is None:
        return Problem.of("race_draw", "result: draw, but a race to the target has no draw")
    if not d.finished and rules.claim == "auto" and d.pending is None and best >= rules.target:
        return Problem.of("unclaimed", f"result: -, but player {leaders[0]} holds {best} points, at least "
                          f"the target {rules.target}, and claims are automatic", player=leaders[0],
                          points=best, target=rules.target)
    return None


def _totals(totals: tuple[int, ...]) -> str:
    return " | ".join(map(str, totals))
