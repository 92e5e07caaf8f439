"""The Casino expert: sampled worlds and a short search; the known last hand searched exactly
(docs/casino.md, docs/players.md).

The expert reads only :meth:`CasinoState.view`. Before the last hand it cannot see the other hands
or the stock: it deals the cards its view lists as unseen at random into the other hands (each of
the size it sees) and the stock — each deal a *world* consistent with everything it saw, the moves
of the hand in play among them: a deal is kept where each hidden player's moves so far were the
moves worth most by the greedy weighing (:func:`surprises`), so a player who laid a card is not
dealt a card that would have taken something worth more — and in
each world plays every move on the engine's own states, so builds, owners and the deal of new
hands are the engine's rules. Where the search stops (after the move itself by default;
alpha-beta for deeper trials), the play goes on by the greedy weighing: each other side's player
plays the move worth most now (so a ten of diamonds or an ace left loose for him counts against the
one who left it, and the card he must play when he cannot take anything counts too), the expert's
side :data:`TURNS` times more, then it makes its best capture or none, and :func:`estimate` judges
the deal in points. A move's value is
its mean over the worlds: the expected margin of the deal's points, the expert's side minus the
best other side. Sweeps are worth nothing in Casino, so nothing counts them.

With two players the last hand is known by elimination and the view shows it: the exact search
(:class:`~kaszino.engine.lookahead.ExactSearch`) plays it out to the deal's score, and of the moves
of the best exact value the expert plays the one that gains most against the same model of the
other player (:func:`against_model`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from kaszino.engine.cards import Card, Suit
from kaszino.engine.lookahead import INFINITY, BudgetSpent, ExactSearch, Nodes, alpha_beta, majority_odds
from kaszino.errors import KaszinoError
from kaszino.games.casino.builds import Cards
from kaszino.games.casino.deck import DECK_SIZE
from kaszino.games.casino.moves import BuildMove, Capture, Move, NextDeal, Play
from kaszino.games.casino.players import card_points, move_worth, view_rng
from kaszino.games.casino.rules import CasinoRules
from kaszino.games.casino.scoring import (
    MOST_CARDS,
    MOST_SPADES,
    side_piles,
)
from kaszino.games.casino.state import CasinoState
from kaszino.games.casino.view import PlayerView
from kaszino.inputs import MAX_SEED, check_whole

SPADES_IN_DECK = DECK_SIZE // len(Suit)

BUDGET = 4_000
"""The positions the sampled search may visit for one move."""

EXACT_BUDGET = 3_000
"""The positions the exact search of a known last hand may visit (a position on a crowded table
of low cards costs about 0.2 ms); past them every move is valued against the model of the other
side alone (:func:`against_model`)."""

MODEL_BUDGET = 3_000
"""The positions the search of a known last hand against the model of the other side
(:func:`against_model`) may visit; past them the exact search's first best move is played, or if
that search ran out too, the known hand is searched as one world, one ply and the reply."""

TURNS = 2
"""How many moves the expert's side plays more where the search stops (:func:`reply`), each by the
greedy weighing and each answered by the other sides, before its capture back (docs/casino.md,
the fifth round: 0, 1, 2 and 3 measured, 2 kept)."""

INFINITY_NODES = 10**12
"""No limit: the first world's one-ply search is bounded by the moves and the captures after them."""

DEAL_TRIES = 32
"""How many shuffles of the unseen cards a world may take to give every build's owner a card of
its value before the missing ones are swapped in."""

BUILD_SHARE = 0.8
"""The share of a build's points counted for its owner where the search stops: he holds a card
of its value, and only a player holding another can take it first."""


@dataclass(frozen=True, slots=True)
class Assessment:
    """What each move of the player to move is worth: the expected margin of the deal's points (his
    side's minus the best other side's). ``exact`` in a known last hand searched to its end;
    ``worlds`` deals were searched otherwise, ``depth`` plies deep and ``turns`` moves of the
    expert's side more in the reply (:func:`reply`), visiting ``nodes`` positions."""

    move_values: Mapping[Play, float]
    best: Play
    exact: bool
    worlds: int
    depth: int = 0
    nodes: int = 0
    turns: int = 0


@dataclass(frozen=True, slots=True)
class CasinoExpert:
    """Determinized alpha-beta before the last hand, the exact search in a known one.

    ``worlds`` deals of the unseen cards are searched, each move to ``depth`` plies (one by
    default: the move itself), then played on by the greedy weighing, the expert's side ``turns``
    times, and one capture more (:func:`reply`; a new hand is dealt from the world's stock when the
    hands run out); of equal values the first legal move wins. ``seed`` fixes the worlds together
    with the view. A move may visit at most ``budget`` positions (plus one): once they are spent no
    further world is dealt, and a first world that would overrun half of them is searched with a
    turn fewer, then a ply shallower (a first world one ply deep with no turn is always searched
    whole). The budget counts positions, not time, so the choice stays reproducible."""

    seed: int = 0
    worlds: int = 24
    depth: int = 1
    budget: int = BUDGET
    turns: int = TURNS
    name: str = "expert"

    def __post_init__(self) -> None:
        check_whole("seed", self.seed, 0, MAX_SEED)
        check_whole("worlds", self.worlds, 1, 1000)
        check_whole("depth", self.depth, 1, 48)
        check_whole("turns", self.turns, 0, 4)
        check_whole("budget", self.budget, 1, 10**9)

    def choose(self, state: CasinoState) -> Move:
        """The expert's move for ``state.to_move``."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.assess(state).best

    def assess(self, state: CasinoState) -> Assessment:
        """Every move of ``state.to_move`` with its expected margin of the deal's points."""
        moves = plays(state)
        if not moves:
            raise KaszinoError("there is no move to assess: the deal or the game is over")
        view = state.view(state.to_move)
        if known(view):
            known_world = world(view, state.rules, view.hands, ())
            try:
                found: Assessment | None = exact(known_world, moves, Nodes(EXACT_BUDGET))
            except BudgetSpent:
                found = None
            try:
                return against_model(known_world, moves, found, Nodes(MODEL_BUDGET))
            except BudgetSpent:
                if found is not None:
                    return found
                return self._sampled(view, state.rules, moves, lambda: known_world, 1)
        rng = view_rng(self.seed, view)
        unseen = list(view.unseen)

        def deal() -> CasinoState:
            return world(view, state.rules, *hidden_deal(view, owners_hold(view, unseen, rng, state.rules)))

        return self._sampled(view, state.rules, moves, deal, self.worlds)

    def _sampled(self, view: PlayerView, rules: CasinoRules, moves: Sequence[Play],
                 deal: Callable[[], CasinoState], worlds: int) -> Assessment:
        """The moves valued over at most ``worlds`` worlds that ``deal`` makes (each call a new one)."""
        side = rules.side(view.player)
        totals = dict.fromkeys(moves, 0.0)
        nodes, depth, turns, searched = Nodes(self.budget), self.depth, self.turns, 0
        while searched < worlds and nodes.count < self.budget:
            sampled = deal()
            found = None
            while found is None:
                first = searched == 0
                # one ply and the capture after it always fit: every move gets a value
                nodes.limit = (INFINITY_NODES if first and depth == 1 and not turns else
                               nodes.count + (self.budget - nodes.count) // 2 if first else self.budget)
                try:
                    found = [search(after(sampled, move), side, depth - 1, nodes, turns=turns)
                             for move in moves]
                except BudgetSpent:
                    if not first:
                        break
                    if turns:
                        turns -= 1
                    else:
                        depth -= 1
            if found is None:
                break
            for move, value in zip(moves, found, strict=True):
                totals[move] += value
            searched += 1
        values = {move: total / searched for move, total in totals.items()}
        best = max(moves, key=values.__getitem__)
        return Assessment(values, best, False, searched, depth, nodes.count, turns)


def after(state: CasinoState, move: Move) -> CasinoState:
    """The state after ``move``, one :func:`plays` (or ``legal_moves``) listed: not asked again."""
    return state.advance(move).state


def plays(state: CasinoState) -> list[Play]:
    """The legal moves that play a hand card (all of them before the deal is over)."""
    return [move for move in state.legal_moves() if not isinstance(move, NextDeal)]


def captures_first(state: CasinoState) -> list[Play]:
    """:func:`plays` with the captures first, those taking most cards first, then the builds, then the
    trails: the order in which an exact search closes its window soonest (a third fewer positions on
    the shipped last hands)."""
    def order(move: Play) -> tuple[int, int]:
        if isinstance(move, Capture):
            return 0, -len(move.taken)
        return (1, 0) if isinstance(move, BuildMove) else (2, 0)
    return sorted(plays(state), key=order)


def known(view: PlayerView) -> bool:
    """Whether the view shows every card still to be played: a known last hand (two players)."""
    return not view.talon_count and all(hand is not None for hand in view.hands)


def owners_hold(view: PlayerView, cards: list[Card], rng: random.Random,
                rules: CasinoRules | None = None) -> list[Card]:
    """``cards`` shuffled so that :func:`hidden_deal` gives every hidden hand a card of the value of
    each build its player owns (docs/casino.md: an owner keeps one) and, given ``rules``, hands
    that fit the hand's turns (:func:`surprises`): of at most :data:`DEAL_TRIES` shuffles (each
    as likely as in truth) the first that fits both, else the one that surprises least among
    those giving every owner his card, else the last one with the missing cards swapped in from
    the stock (or another hidden hand)."""
    slots = _hidden_slots(view)
    best: tuple[int, list[Card]] | None = None
    for _ in range(DEAL_TRIES):
        rng.shuffle(cards)
        if any(_missing(view, cards, seat, span) for seat, span in slots.items()):
            continue
        count = 0 if rules is None else surprises(view, rules, hidden_deal(view, cards)[0])
        if not count:
            return cards
        if best is None or count < best[0]:
            best = (count, list(cards))
    if best is not None:
        return best[1]
    hidden = {index for span in slots.values() for index in span}
    for seat, span in slots.items():
        for value in _missing(view, cards, seat, span):
            held = [cards[index].value for index in span]
            out = next(index for index in span if held.count(cards[index].value) > 1
                       or cards[index].value not in _owned_values(view, seat))
            found = [index for index, card in enumerate(cards) if index not in span and card.value == value]
            stock = [index for index in found if index not in hidden]
            into = rng.choice(stock or found)
            cards[out], cards[into] = cards[into], cards[out]
    return cards


def _hidden_slots(view: PlayerView) -> dict[int, range]:
    """Where each hidden hand lies in the cards :func:`hidden_deal` deals, by seat."""
    slots, start = {}, 0
    for seat, (hand, size) in enumerate(zip(view.hands, view.hand_sizes, strict=True)):
        if hand is None:
            slots[seat] = range(start, start + size)
            start += size
    return slots


def _owned_values(view: PlayerView, seat: int) -> set[int]:
    return {build.value for build in view.builds if build.owner == seat}


def _missing(view: PlayerView, cards: Sequence[Card], seat: int, span: range) -> list[int]:
    """The values of ``seat``'s builds that his hand in ``cards`` (at ``span``) holds no card of."""
    held = {cards[index].value for index in span}
    return sorted(_owned_values(view, seat) - held)


def surprises(view: PlayerView, rules: CasinoRules, hands: Sequence[Cards]) -> int:
    """How many moves of the hand in play (``view.turns``) by players whose hands are hidden would
    not be the move worth most (the greedy weighing, :func:`~kaszino.games.casino.players.move_worth`)
    had they held ``hands`` (each with the cards they played since), or would have been no move at
    all (an owner of a build left with no legal move): the player model that reads the other hands
    from what their players did."""
    found = 0
    for index, turn in enumerate(view.turns):
        if view.hands[turn.player] is not None:
            continue
        played = tuple(later.move.card for later in view.turns[index:] if later.player == turn.player)
        held = tuple((*played, *hands[seat]) if seat == turn.player else () for seat in range(rules.players))
        then = CasinoState(rules=rules, hands=held, table=turn.table, builds=turn.builds, talon=(),
                           piles=view.piles, scores=view.scores, dealer=view.dealer, to_move=turn.player)
        options = plays(then)  # none: he owned a build and the world gave him no card of its value
        found += not options or move_worth(turn.move) < max(map(move_worth, options))
    return found


def hidden_deal(view: PlayerView, cards: Sequence[Card]) -> tuple[tuple[Cards, ...], Cards]:
    """Every hand with the hidden ones filled from ``cards`` in seat order (each of the size the
    view shows), and the rest of ``cards`` as the stock."""
    rest = list(cards)
    hands = []
    for hand, size in zip(view.hands, view.hand_sizes, strict=True):
        if hand is None:
            hand = tuple(rest[:size])
            del rest[:size]
        hands.append(hand)
    if len(rest) != view.talon_count:
        raise KaszinoError("the unseen cards do not fill the hidden hands and the stock")
    return tuple(hands), tuple(rest)


def world(view: PlayerView, rules: CasinoRules, hands: Sequence[tuple[Card, ...] | None],
          talon: tuple[Card, ...]) -> CasinoState:
    """The whole state ``view`` shows, with the hands and the stock as given."""
    full = tuple(hand for hand in hands if hand is not None)
    if len(full) != rules.players:
        raise KaszinoError("a world needs every hand")
    return CasinoState(rules=rules, hands=full, table=view.table, builds=view.builds, talon=talon,
                       piles=view.piles, scores=view.scores, dealer=view.dealer, to_move=view.to_move,
                       last_capturer=view.last_capturer, round=view.round, deal=view.deal)


def search(state: CasinoState, side: int, depth: int, nodes: Nodes,
           alpha: float = -INFINITY, beta: float = INFINITY, turns: int = 0) -> float:
    """Alpha-beta over one world to ``depth`` plies (or the deal's end), then :func:`reply` with
    ``turns``: ``side``'s margin. Every position visited counts in ``nodes``."""
    nodes.visit()
    if state.deal_over:
        return estimate(state, side)
    if depth > 0:
        maximise = state.rules.side(state.to_move) == side
        moves: Sequence[Move] = state.legal_moves()
        return alpha_beta(moves, maximise, alpha, beta,
                          lambda move, a, b: search(after(state, move), side, depth - 1, nodes, a, b, turns))
    return reply(state, side, nodes, turns)


def reply(state: CasinoState, side: int, nodes: Nodes, turns: int = 0) -> float:
    """Where the search stops: the players play on as the greedy weighing says (the move worth most
    now, :func:`~kaszino.games.casino.players.move_worth`; the mean over moves worth the same) —
    each player of another side whenever he is to move, so what his card leaves on the table counts
    too, and ``side``'s player ``turns`` times — until ``side``'s player is to move with no turn left:
    he makes his best capture, or none, and :func:`estimate` judges the deal. A turn of his own is
    played by that weighing too, not searched: searched in one world it would be chosen knowing
    that world's hidden cards."""
    nodes.visit()
    if state.deal_over:
        return estimate(state, side)
    mine = state.rules.side(state.to_move) == side
    if mine and not turns:
        grabs = state.legal_captures()
        for _ in grabs:
            nodes.visit()
        return max([estimate(state, side), *(estimate(after(state, move), side) for move in grabs)])
    chosen = likely(state)
    return sum(reply(after(state, move), side, nodes, turns - mine) for move in chosen) / len(chosen)


def likely(state: CasinoState) -> list[Play]:
    """The moves of the player to move that the greedy weighing values most now
    (:func:`~kaszino.games.casino.players.move_worth`): the model of a player, who makes one of them."""
    moves = plays(state)
    best = max(map(move_worth, moves))
    return [move for move in moves if move_worth(move) == best]


def estimate(state: CasinoState, side: int) -> float:
    """``side``'s expected margin of the deal's points over the best other side: exact once the
    deal is over; before, the aces and casinos taken, the builds counted for their owners
    (:data:`BUILD_SHARE` of their points, all of their cards), the majorities of cards and spades
    by their odds."""
    points = state.deal_report().points if state.deal_over else _expected(state, state.rules)
    others = [value for other, value in enumerate(points) if other != side]
    return float(points[side] - max(others))


def _expected(state: CasinoState, rules: CasinoRules) -> tuple[float, ...]:
    """Each side's expected points of the deal from the position as it stands."""
    piles = [list(pile) for pile in side_piles(state.piles, rules)]
    points = [_points(pile) for pile in piles]
    for build in state.builds:
        owner = rules.side(build.owner)
        points[owner] += BUILD_SHARE * _points(build.cards)
        piles[owner] += build.cards
    cards = [len(pile) for pile in piles]
    spades = [sum(card.suit is Suit.SPADES for card in pile) for pile in piles]
    for counts, total, worth in ((cards, DECK_SIZE, MOST_CARDS), (spades, SPADES_IN_DECK, MOST_SPADES)):
        left = total - sum(counts)
        for s, count in enumerate(counts):
            others = counts[:s] + counts[s + 1:]
            points[s] += worth * majority_odds(count, others, left, total)
    return tuple(points)


def _points(cards: Sequence[Card]) -> float:
    """The points ``cards`` carry by themselves: aces and the two casinos."""
    return float(sum(map(card_points, cards)))


def exact(state: CasinoState, moves: Sequence[Play], nodes: Nodes) -> Assessment:
    """Every move of a known two-player last hand valued exactly: the deal's points of the mover
    minus the other's with both playing their best to the end; :class:`BudgetSpent` past ``nodes``."""
    solver = exact_search(nodes)
    values = {move: float(solver.move_value(state, move)) for move in moves}
    return Assessment(values, max(moves, key=values.__getitem__), True, 1, nodes=nodes.count)


def against_model(state: CasinoState, moves: Sequence[Play], found: Assessment | None,
                  nodes: Nodes) -> Assessment:
    """A known last hand's move chosen by what it makes against the model of the other side
    (:func:`modelled`): among the moves of the best exact value if the exact search ``found`` them (of
    the moves that give nothing away to the best defence, the one that gains most from a player who
    takes what is worth most now), else among all ``moves``. :class:`BudgetSpent` past ``nodes``."""
    if found is not None:
        top = found.move_values[found.best]
        moves = [move for move, value in found.move_values.items() if value == top]
        if len(moves) == 1:
            return found
    side = state.rules.side(state.to_move)
    memo: dict[Hashable, float] = {}
    values = {move: modelled(after(state, move), side, nodes, memo) for move in moves}
    best = max(moves, key=values.__getitem__)
    if found is None:
        return Assessment(values, best, False, 1, nodes=nodes.count)
    return replace(found, best=best, nodes=found.nodes + nodes.count)


def modelled(state: CasinoState, side: int, nodes: Nodes, memo: dict[Hashable, float]) -> float:
    """``side``'s margin of a known deal's points when it plays its best to the end and every other
    side plays by the greedy weighing (:func:`likely`, the mean over its moves), as in :func:`reply`.
    Positions are remembered in ``memo`` by :func:`ending_key`; each one searched counts in ``nodes``."""
    if state.deal_over:
        return estimate(state, side)
    key = ending_key(state)
    if key in memo:
        return memo[key]
    nodes.visit()
    if state.rules.side(state.to_move) == side:
        value = max(modelled(after(state, move), side, nodes, memo) for move in plays(state))
    else:
        chosen = likely(state)
        value = sum(modelled(after(state, move), side, nodes, memo) for move in chosen) / len(chosen)
    memo[key] = value
    return value


def exact_search(nodes: Nodes, moves: Callable[[CasinoState], Sequence[Play]] = plays
                 ) -> ExactSearch[CasinoState, Play]:
    """An exact search of known Casino positions, each position it makes counted in ``nodes``; it
    remembers what it found, so one search serves a position and the positions after it. It tries
    a position's moves in the order ``moves`` lists them: the values are the same in any order, the
    positions searched are not (the expert's budgets are counted in the legal order)."""
    return ExactSearch(moves, _counted_play(nodes), ending_key)


def _counted_play(nodes: Nodes) -> Callable[[CasinoState, Play], CasinoState]:
    """``play`` of a legal move (not asked again), each position it makes counted in ``nodes``."""
    def counted(state: CasinoState, move: Play) -> CasinoState:
        nodes.visit()
        return state.advance(move).state
    return counted


def ending_key(state: CasinoState) -> Hashable:
    """What decides the rest of a known deal: the hands, the table and its builds as sets, whose
    turn, the last capturer, and of each pile only what it scores (cards, spades, aces, casinos)."""
    report = state.deal_report()
    return (state.hands, frozenset(state.table), frozenset(state.builds), state.to_move,
            state.last_capturer, report.cards, report.spades, report.aces, report.big_casino,
            report.little_casino)
