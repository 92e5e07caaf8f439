"""The open last round solved exactly: ``solve(state)`` (docs/rules.md §3.6; method in docs/solver.md).

Alpha-beta over the compact model of :mod:`kaszino.games.kaszino.solver.model`, with a transposition table
of lower and upper bounds, the table's best move tried first, static bounds from the points
still in play, and a closed form for the end where only one player holds cards. With three or
four players the search is *paranoid*: the others play together against the player to move,
whose score is his deal points minus the best of theirs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from kaszino.errors import KaszinoError, TooLargeError
from kaszino.games.kaszino.captures import Capture, check_listable
from kaszino.games.kaszino.moves import Lay, Move, Pass
from kaszino.games.kaszino.scoring import DECK_SIZE, SPADES_IN_DECK
from kaszino.games.kaszino.solver.duels import DuelValues, single
from kaszino.games.kaszino.solver.model import (
    AGAIN,
    CAPTURE,
    NOBODY,
    NOT_FORCED,
    PASS_STEP,
    Node,
    RoundModel,
    Stats,
    Step,
    gain,
)
from kaszino.games.kaszino.solver.tablas import Most, TablaBound
from kaszino.games.kaszino.state import GameState
from kaszino.inputs import check_type

INFINITY = 1000

MAX_WORK = 250_000
"""The most work one solve may take, counted as positions searched, table sub-multisets made and
legal moves listed together: a position that needs more is refused with ``TooLargeError`` (about
2–5 s of work). The slowest known position of the standard rules takes under 10,000; positions
past it come from a notation or a puzzle file (a V8 table of twenty small cards)."""


@dataclass(frozen=True)
class Solution:
    """The exact outcome of the open last round for ``state.to_move``.

    ``value``: the mover's final deal points minus the best final deal points of the others
    under perfect play (paranoid with three or four players). ``line`` is one perfect
    continuation to the end of the deal: at every step the move the search found best, which
    keeps the value (another move may keep it too). ``nodes`` counts the positions ``solve``
    searched.

    ``best_moves`` (every move reaching ``value``, in ``legal_moves()`` order) and
    ``move_values`` (that number after each legal move) are found when first read: proving
    that a move merely ties the best, or by how much a weak move falls short, takes a full
    search of the opponents' replies, which the value and the line do not need. Those searches
    share the solve's budget (:data:`MAX_WORK`): past it they raise ``TooLargeError``.
    """

    value: int
    line: tuple[Move, ...]
    nodes: int
    move_values: MoveValues = field(repr=False, compare=False)

    @property
    def best_move(self) -> Move:
        """An optimal move, the start of ``line`` (one of ``best_moves``), known without the others."""
        return self.line[0]

    @property
    def best_moves(self) -> tuple[Move, ...]:
        return self.move_values.best()


class MoveValues(Mapping[Move, int]):
    """The exact value after each legal move of the root, each searched when first read.

    Every search runs in the one transposition table of the solve, so later questions reuse
    what earlier ones found. Once every value is known the search is let go.
    """

    def __init__(self, search: _Search, state: GameState, value: int) -> None:
        self._search: _Search | None = search
        self._root_value = value
        self._state = state
        self._listed: dict[Move, Step] | None = None
        self._distinct = 0  # how many different model moves those are
        self._known: dict[Step, int] = {}
        self._best: tuple[Move, ...] | None = None

    @property
    def _steps(self) -> dict[Move, Step]:
        """Every legal move (in ``legal_moves()`` order) with its move in the model."""
        if self._listed is None:
            search = self._live()
            moves = search.listed(self._state)
            self._listed = {move: search.model.of_move(move) for move in moves}
            self._distinct = len(set(self._listed.values()))
        return self._listed

    def _live(self) -> _Search:
        assert self._search is not None, "every value is known once the search is let go"
        return self._search

    def __getitem__(self, move: Move) -> int:
        step = self._steps[move]
        if step not in self._known:
            search = self._live()
            # the value of the root is the best guess: most moves are worth it or a little less
            self._known[step] = search.exact(search.play(search.root, step), self._root_value, 1)
            if len(self._known) == self._distinct:
                self._search = None  # all known
        return self._known[step]

    def best(self) -> tuple[Move, ...]:
        """The moves reaching the root's value, in ``legal_moves()`` order."""
        if self._best is None:
            steps = self._steps
            best = {step for step in dict.fromkeys(steps.values()) if self._reaches_root(step)}
            self._best = tuple(move for move, step in steps.items() if step in best)
        return self._best

    def _reaches_root(self, step: Step) -> bool:
        value = self._root_value
        if step in self._known:
            return self._known[step] == value
        search = self._live()
        better = search.dominator(step)  # worth at least as much: when it falls short, so does step
        if better != step and not self._reaches_root(better):
            return False
        # no move is worth more than the root: a null window tells
        return search.value(search.play(search.root, step), value - 1, value, 1) >= value

    def __iter__(self) -> Iterator[Move]:
        return iter(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def __repr__(self) -> str:
        return f"MoveValues({dict(self)!r})"


def solve(state: GameState) -> Solution:
    """Solve the open last round from ``state`` (claims and Fals! calls are left out).

    A position that needs more work than :data:`MAX_WORK` is refused with ``TooLargeError``.
    """
    check_type("state", state, GameState)
    problem = "the game is over" if state.finished else _unsolvable(state)
    if problem is not None:
        raise KaszinoError(f"cannot solve this position: {problem}")
    check_listable(state.hands[state.to_move], state.table, state.rules)  # the line lists the moves
    search = _Search(state)
    value = search.exact(search.root)
    line = search.line(search.root, _quiet(state), value)
    return Solution(value, line, search.nodes, MoveValues(search, state, value))


def playable_moves(state: GameState) -> list[Move]:
    """The moves of the player to move the solver considers: captures, lays and the V3 pass."""
    return [move for move in state.legal_moves() if isinstance(move, (Capture, Lay, Pass))]


def _unsolvable(state: GameState) -> str | None:
    if not state.open_round:
        return f"round {state.round} of {state.rules.rounds} is not the open last round"
    if state.deal_over:
        return "the deal is over"
    if state.talon:
        return f"the talon still holds {len(state.talon)} cards in the last round"
    if not state.hands[state.to_move]:
        return f"player {state.to_move} is to move but holds no cards"
    return None


def _quiet(state: GameState) -> GameState:
    """``state`` under manual claims, so that no automatic "Ausz!" ends the game mid-deal."""
    return replace(state, rules=state.rules.with_changes(claim="manual"), finished=False, winner=None)


class _Search:
    """One search: the model, the root, the transposition table and the node count."""

    def __init__(self, state: GameState, player: int | None = None) -> None:
        self.model = RoundModel(state.rules)
        self.player = state.to_move if player is None else player
        self.nodes = 0
        self.budget = MAX_WORK
        """What ``nodes`` and the model's sub-multisets may reach together; each list of legal
        moves made lowers it by its length (:meth:`listed`)."""
        self.root: Node = self.model.node_of(state)
        self.bounds: dict[tuple[object, ...], tuple[int, int]] = {}
        self.best: dict[tuple[object, ...], Step] = {}
        self.may_pass = state.rules.may_pass_after_tabla
        self.tablas = TablaBound(self.model, may_pass=self.may_pass)
        self.duels = DuelValues(self.model) if self.model.players == 2 else None
        self.no_tablas = (0,) * self.model.players
        self._tabla_worth: dict[Most, Most] = {}
        self.others = [p for p in range(self.model.players) if p != self.player]
        self.cutting_sums: dict[int, int] = {}
        """Per depth below the root, the sum of the capture that last cut the search off there:
        the same sum is tried first in the next position at that depth (a killer heuristic by sum:
        the capture itself is rarely legal in a sibling position, the sum usually is)."""

    # --- the budget -------------------------------------------------------------------------
    def check_budget(self) -> None:
        """Refuse to go on once the work done is past :data:`MAX_WORK`."""
        if self.nodes + self.model.made > self.budget:
            self.refuse()

    def refuse(self) -> None:
        """The work done is past :data:`MAX_WORK`: stop with ``TooLargeError``."""
        raise TooLargeError(f"this position is too large to solve exactly: past {MAX_WORK} units of "
                            f"work ({self.nodes} positions, {self.model.made} table subsets, "
                            f"{MAX_WORK - self.budget} legal moves listed)")

    def listed(self, state: GameState) -> list[Move]:
        """:func:`playable_moves` of ``state``, their number taken from the budget."""
        moves = playable_moves(state)
        self.budget -= len(moves)
        self.check_budget()
        return moves

    # --- the model's transitions ----------------------------------------------------------
    def play(self, node: Node, step: Step) -> Node:
        """The node after ``step``, exactly as ``GameState.play`` moves on (see model.py)."""
        after = self.model.advance(node, step)
        return self.model.settle(after) if after[2] == NOBODY else after

    def steps(self, node: Node, first: Step | None, depth: int) -> Iterator[Step]:
        """The mover's moves, ``first`` (the table's best move here) before the others.

        Once the spade majority is settled, moves that differ only by spades against other suits
        lead to equivalent positions: one of each is made (see :meth:`RoundModel.fold`). The
        table's best move may then come from an equivalent position and not be legal here. With
        two players, while the spade majority is open, a capture that leaves a spade for a card
        of its value is left out: the one taking the spade is at least as good
        (:meth:`RoundModel.dominator`).
        """
        hands, table, mover, _, forced, _, counters = node
        hand, model = hands[mover], self.model
        moves = model.steps(hand, table, self.cutting_sums.get(depth, -1))
        if model.spades_settled(counters):
            if first is not None and not model.holds(hand, table, first):
                first = None
            moves = model.distinct(moves, first)
        elif model.players == 2:
            moves = model.undominated(moves, hand, table)
        if first is not None:
            yield first
        for step in moves:
            if step != first:
                yield step
        if forced == AGAIN and self.may_pass and first != PASS_STEP:
            yield PASS_STEP

    def dominator(self, step: Step) -> Step:
        """A root move worth at least as much as ``step`` for the root player: the capture taking
        spades where ``step`` leaves them for cards of their value, with two players while the
        spade majority is open (:meth:`RoundModel.dominator`); else ``step``."""
        hands, table, mover, *_, counters = self.root
        if self.model.players != 2 or self.model.spades_settled(counters):
            return step
        return self.model.dominator(step, hands[mover], table)

    # --- values ---------------------------------------------------------------------------
    def exact(self, node: Node, guess: int | None = None, depth: int = 0) -> int:
        """The exact value of ``node`` by MTD(f): null-window searches closing in on it from
        ``guess`` (by default the middle of the static bounds), each narrowing the bounds the
        table keeps. Cheaper than one wide search when the guess is near."""
        if node[2] == NOBODY:
            return self.value(node, -INFINITY, INFINITY, depth)
        if guess is None:
            low, high = self._static_bounds(node)
            guess = (low + high) // 2
        low, high = -INFINITY, INFINITY
        while low < high:
            beta = max(guess, low + 1)
            guess = self.value(node, beta - 1, beta, depth)
            if guess < beta:
                high = guess
            else:
                low = guess
        return guess

    def value(self, node: Node, alpha: int, beta: int, depth: int = 0) -> int:
        """Fail-soft alpha-beta: the exact value if it lies in (alpha, beta), else a bound past it.

        ``depth``: the moves from the root to ``node``."""
        mover = node[2]
        if mover == NOBODY:
            return self.model.utility(node[6], self.player)
        self.nodes += 1
        closed = self._closed_form(node, alpha, beta)
        if closed is not None:
            return closed
        key, base = self._key(node)
        entry = self.bounds.get(key)
        if entry is not None:
            low, high = entry[0] + base, entry[1] + base
        else:
            low, high = self._static_bounds(node)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        alpha0, beta0 = alpha, beta
        best = self._best_move(node, key, depth, alpha, beta)
        if best <= alpha0:
            high = min(high, best)
        elif best >= beta0:
            low = max(low, best)
        else:
            low = high = best
        self.bounds[key] = (low - base, high - base)
        return best

    def _closed_form(self, node: Node, alpha: int, beta: int) -> int | None:
        """The value of ``node`` without search where it follows in closed form (the lone player,
        one card each: below), fail-soft within (alpha, beta); else None. Both hold only when the
        cards in the hands are the last of the deal."""
        hands, mover = node[0], node[2]
        if sum(hands) == hands[mover]:  # the mover alone holds cards
            alone = self._alone(node)
            if alone is not None:
                return alone
        if self.duels is not None and node[4] == NOT_FORCED and single(hands[0]) and single(hands[1]):
            return self.duels.value(node, self.player, alpha, beta)
        return None

    def _best_move(self, node: Node, key: tuple[object, ...], depth: int, alpha: int, beta: int) -> int:
        """The alpha-beta loop over the mover's moves (fail-soft); the best move goes to the table."""
        if self.nodes + self.model.made > self.budget:  # check_budget, inline: this runs for every node
            self.refuse()
        maximise = node[2] == self.player
        best = -INFINITY if maximise else INFINITY
        best_step = None
        for step in self.steps(node, self.best.get(key), depth):
            value = self.value(self.play(node, step), alpha, beta, depth + 1)
            if maximise:
                if value > best:
                    best, best_step = value, step
                    if value > alpha:
                        alpha = value
            else:
                if value < best:
                    best, best_step = value, step
                    if value < beta:
                        beta = value
            if alpha >= beta:
                if step.kind == CAPTURE:
                    self.cutting_sums[depth] = self.model.stats(step.hand).total
                break
        if best_step is not None:
            self.best[key] = best_step
        return best

    def _key(self, node: Node) -> tuple[tuple[object, ...], int]:
        """The table key of ``node`` and the part of its value already earned (kept out of the key).

        With two players the points so far add to any outcome, so the key holds only the card and
        spade counts, and those only while the majority is open. Once the spade majority is settled
        the cards are keyed by :meth:`RoundModel.fold`, so that positions differing only by spades
        against other suits share an entry. With more players the score
        (own minus the best other) is not additive: the key holds every player's points less the
        root player's, and the card and spade counts while their majority is open.
        """
        hands, table, mover, last, forced, fresh, counters = node
        model = self.model
        if model.spades_settled(counters):  # equivalent positions share one entry
            hands, table = tuple(map(model.fold, hands)), model.fold(table)
        if model.players != 2:
            mine = counters[3 * self.player + 2]
            points = tuple(p - mine for p in counters[2::3])  # the score reads points only as differences
            return (hands, table, mover, last, forced, fresh, *model.majority_key(counters), points), 0
        me, other = 3 * self.player, 3 * (1 - self.player)
        cards = counters[0] * 64 + counters[3]
        if counters[0] > DECK_SIZE // 2 or counters[3] > DECK_SIZE // 2:
            cards = -1 - int(counters[0] > DECK_SIZE // 2)
        spades = counters[1] * 64 + counters[4]
        if counters[1] > SPADES_IN_DECK // 2 or counters[4] > SPADES_IN_DECK // 2:
            spades = -1 - int(counters[1] > SPADES_IN_DECK // 2)
        earned = counters[me + 2] - counters[other + 2]
        return (hands, table, mover, last, forced, fresh, cards, spades), earned

    def _static_bounds(self, node: Node) -> tuple[int, int]:
        """Bounds on the value from what is still in play, before any search."""
        hands, table, *_, counters = node
        model, player = self.model, self.player
        in_hands, on_table = model.stats(sum(hands)), model.stats(table)
        most = self._tabla_points(node, in_hands, on_table)
        coming = self._to_come(node)
        if model.players == 2:
            # each card is worth more in one's own pile than in the other's
            cards, spades = in_hands.cards + on_table.cards, in_hands.spades + on_table.spades
            points = in_hands.points + on_table.points
            if coming is not None:
                cards, spades, points = cards + coming.cards, spades + coming.spades, points + coming.points
            me, other = 3 * player, 3 * (1 - player)
            lead = counters[me + 2] - counters[other + 2]
            mine, theirs = counters[me], counters[other]
            my_spades, their_spades = counters[me + 1], counters[other + 1]
            score = model.duel_score
            high = score(mine + cards, my_spades + spades, lead + points, theirs, their_spades)
            low = score(mine, my_spades, lead - points, theirs + cards, their_spades + spades)
            return low - most[1 - player], high + most[player]
        rest = in_hands.plus(on_table) if coming is None else in_hands.plus(on_table).plus(coming)
        secured, reachable = model.majority_prospects(counters, rest)
        best_secured = best_reachable = -INFINITY  # among the others
        for p in self.others:
            points = counters[3 * p + 2]
            best_secured = max(best_secured, points + secured[p])
            best_reachable = max(best_reachable, points + most[p] + reachable[p])
        mine = counters[3 * player + 2]
        high = mine + rest.points + most[player] + reachable[player] - best_secured
        low = mine + secured[player] - (best_reachable + rest.points)
        return low, high

    def _to_come(self, node: Node) -> Stats | None:
        """The cards still in play besides the hands and the table: none in the last round."""
        return None

    def _tabla_points(self, node: Node, in_hands: Stats, on_table: Stats) -> Most:
        """Per player, the most points he can still make by táblák: the most táblák he can make
        (:mod:`kaszino.games.kaszino.solver.tablas`), each worth at most the best a tábla is worth.
        ``in_hands`` and ``on_table`` are what the hands and the table hold."""
        # the table's total minus the hands' never falls, and a tábla needs it at zero or below
        if on_table.total > in_hands.total:
            return self.no_tablas
        hands, _, mover, _, forced = node[:5]
        most = self.tablas.most(hands, on_table.total, mover, forced)
        points = self._tabla_worth.get(most)
        if points is None:
            points = self._tabla_worth[most] = tuple([self.model.best_tabla * count for count in most])
        return points

    def _alone(self, node: Node) -> int | None:
        """The value of a node where only the mover holds cards (the caller checks that), when it
        is decided without search; else None.

        Any plan with a capture ends with every remaining card in his pile (he is the last
        capturer); the only other outcome is laying every card, which leaves the table to the
        last capturer. The captures differ only by táblák: none is possible when the table is
        worth more than his hand, and with a single card the only one takes the whole table,
        when it is worth exactly that card. A single card that cannot capture is laid. (A
        forced lay, or a second move after it, is left to the search.)
        """
        hands, table, mover, last, forced, fresh, counters = node
        if forced != NOT_FORCED:  # a move is forced
            return None
        model = self.model
        hand = hands[mover]
        on_table, in_hand = model.stats(table), model.stats(hand)
        if on_table.total < in_hand.total or (on_table.total == in_hand.total and in_hand.cards > 1):
            return None  # a tábla may be possible
        can_capture = model.can_capture(hand, table)
        if not can_capture and in_hand.cards > 1:
            return None  # a lay now may make a capture possible later
        rest = in_hand.plus(on_table)
        laid = counters if last == NOBODY else gain(counters, last, *rest.taken)
        outcomes = [model.utility(laid, self.player)]
        if can_capture:
            cards, spades, points = rest.taken
            if on_table.total == in_hand.total:
                points += model.rules.tabla_worth(bool(fresh >> mover & 1))
            outcomes.append(model.utility(gain(counters, mover, cards, spades, points), self.player))
        return max(outcomes) if mover == self.player else min(outcomes)

    # --- the principal variation ----------------------------------------------------------
    def line(self, node: Node, state: GameState, value: int) -> tuple[Move, ...]:
        """A perfect continuation from ``node`` (= ``state``) keeping ``value``, to the deal's end."""
        moves: list[Move] = []
        while node[2] != NOBODY:
            assert node[2] == state.to_move, "the model and the game disagree on whose turn it is"
            move, node = self._keeping(node, state, value)
            moves.append(move)
            state = state.play(move)
        assert state.deal_over, "the model ended the deal before the game did"
        return tuple(moves)

    def _keeping(self, node: Node, state: GameState, value: int) -> tuple[Move, Node]:
        """A move from ``node`` (= ``state``) that keeps ``value``, with the node after it.

        The table's best move is tried first: the search has mostly shown already that it
        keeps the value. Proving that a move does not costs a search of its own, so the other
        moves (in ``legal_moves()`` order) are tried only when it does not, and a real move is
        the first in ``legal_moves()`` order of those that are the same model move.
        """
        best = self.best.get(self._key(node)[0])
        steps = [(move, self.model.of_move(move)) for move in self.listed(state)]
        steps.sort(key=lambda pair: pair[1] != best)
        for move, step in steps:
            child = self.play(node, step)
            if self.value(child, value - 1, value + 1, 1) == value:
                return move, child
        raise AssertionError("no move keeps the solved value")  # the search is exact

