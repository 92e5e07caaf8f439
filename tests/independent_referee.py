"""A clean-room referee of the whole game flow, written from docs/rules.md and docs/design.md only.

It shares nothing with the engine's rule code: it keeps its own plain, mutable state (lists and
ints), generates legal moves by brute force over subsets and applies them itself. The lockstep
test (``test_independent_referee.py``) plays it beside ``GameState`` and compares every step.

Moves are plain tuples ("keys"), so a move never needs the engine's classes:

- ``("capture", frozenset(hand cards), frozenset(table cards))``
- ``("lay", card)``, ``("pass",)``, ``("next",)``, ``("claim", player)``, ``("fals", player)``

Only cards (``kaszino.engine.cards``), the rules value and ``dealing.shuffled_deck`` (the deck of a
later deal) come from the package.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from itertools import combinations

from kaszino.engine.cards import DECK, Card, Suit
from kaszino.games.kaszino.dealing import shuffled_deck
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.state import GameState

Key = tuple[object, ...]

BIG_CASINO = Card(10, Suit.DIAMONDS)
LITTLE_CASINO = Card(2, Suit.SPADES)
FIRST_HAND = 3  # docs/rules.md §3.1: three cards each in the first round


def rounds_of(players: int) -> int:
    """docs/rules.md §3.6, P3, P4: 8 rounds for two players, 5 for three, 4 for four."""
    return {2: 8, 3: 5, 4: 4}[players]


def hand_size(players: int, round_number: int) -> int:
    """P3: four cards each in the last round; three everywhere else."""
    return 4 if players == 3 and round_number == rounds_of(players) else 3


def subsets(cards: list[Card], most: int | None = None) -> list[tuple[Card, ...]]:
    """Every non-empty subset of ``cards`` (at most ``most`` cards)."""
    top = len(cards) if most is None else min(most, len(cards))
    return [group for size in range(1, top + 1) for group in combinations(cards, size)]


def subsets_with_sum(cards: list[Card], wanted: set[int]) -> list[tuple[tuple[Card, ...], int]]:
    """Every non-empty subset of ``cards`` whose value sum lies in ``wanted``, with that sum."""
    found: list[tuple[tuple[Card, ...], int]] = []
    ceiling = max(wanted, default=0)

    def walk(start: int, chosen: list[Card], total: int) -> None:
        if chosen and total in wanted:
            found.append((tuple(chosen), total))
        for i in range(start, len(cards)):
            if total + cards[i].value <= ceiling:
                chosen.append(cards[i])
                walk(i + 1, chosen, total + cards[i].value)
                chosen.pop()

    walk(0, [], 0)
    return found


@dataclass
class Referee:
    """The game as plain mutable data; ``moves()`` and ``apply()`` are the whole rule book."""

    rules: Rules
    hands: list[list[Card]]
    table: list[Card]
    talon: list[Card]
    scores: list[int]
    dealer: int
    deal: int
    seed: int
    to_move: int = 0
    round: int = 1
    piles: list[list[Card]] = field(default_factory=list)
    tabla_points: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    last_capturer: int | None = None
    forced: str | None = None
    pending: int | None = None  # V6: who made the capture that may still be challenged
    before: Referee | None = None  # V6: the position before a false capture, while it may be challenged
    winner: int | None = None
    finished: bool = False
    deal_over: bool = False

    @classmethod
    def new_deal(cls, rules: Rules, seed: int, deal: int, *, dealer: int, scores: list[int]) -> Referee:
        """Deal ``deal`` of the game ``seed``: its deck from ``shuffled_deck``, 3 cards to each in
        blocks from the player after the dealer, then 4 to the table; the rest is the talon."""
        deck = list(shuffled_deck(seed, deal))
        n = rules.players
        hands: list[list[Card]] = [[] for _ in range(n)]
        cursor = 0
        for step in range(1, n + 1):
            hands[(dealer + step) % n] = deck[cursor:cursor + FIRST_HAND]
            cursor += FIRST_HAND
        referee = cls(rules, hands, deck[cursor:cursor + 4], deck[cursor + 4:], list(scores), dealer,
                      deal, seed)
        referee.start_deal()
        return referee

    def start_deal(self) -> None:
        n = self.rules.players
        self.to_move = self.after(self.dealer)
        self.round = 1
        self.piles = [[] for _ in range(n)]
        self.tabla_points = [0] * n
        self.bonus = [0] * n
        self.last_capturer = None
        self.forced = None
        self.pending = self.before = None
        self.deal_over = False

    # --- facts ----------------------------------------------------------------------------
    @property
    def claims_allowed(self) -> bool:
        """Design: claims exist only in races checked continuously."""
        return self.rules.target is not None and self.rules.target_check == "continuous"

    @property
    def stake(self) -> float:
        """docs/rules.md §6: a race won in the first deal takes the full stake, later half; V4 always full."""
        return 1.0 if self.rules.fixed_deals is not None or self.deal == 1 else 0.5

    @property
    def open_round(self) -> bool:
        """docs/rules.md §3.6: the last round is played with open hands."""
        return self.round == rounds_of(self.rules.players)

    def is_first_move(self, player: int) -> bool:
        """docs/rules.md §4: the player's very first move of the deal (first round, full hand)."""
        return self.round == 1 and len(self.hands[player]) == FIRST_HAND

    def after(self, seat: int) -> int:
        """The seat after ``seat`` in turn order (clockwise)."""
        return (seat + 1) % self.rules.players

    def seats_from(self, first: int) -> list[int]:
        return [(first + k) % self.rules.players for k in range(self.rules.players)]

    def next_with_cards(self, after: int) -> int | None:
        for seat in self.seats_from(after + 1):
            if self.hands[seat]:
                return seat
        return None

    def majority(self, counts: list[int], total: int) -> list[bool]:
        """Design: the unique player holding more than any other could still reach."""
        free = total - sum(counts)
        return [
            all(counts[p] > counts[q] + free for q in range(self.rules.players) if q != p)
            for p in range(self.rules.players)
        ]

    def deal_points(self) -> list[int]:
        """Points secured this deal (docs/rules.md §5, §6; V1, S003 through the rules' tables)."""
        r = self.rules
        cards = [len(pile) for pile in self.piles]
        spades = [sum(card.suit == Suit.SPADES for card in pile) for pile in self.piles]
        most_cards = self.majority(cards, len(DECK))
        most_spades = self.majority(spades, 13)
        points = []
        for p, pile in enumerate(self.piles):
            total = self.tabla_points[p] + self.bonus[p]
            total += r.ace_points * sum(card.value == 1 for card in pile)
            total += r.big_casino_points * (BIG_CASINO in pile)
            total += r.little_casino_points * (LITTLE_CASINO in pile)
            total += r.most_cards_points * most_cards[p] + r.most_spades_points * most_spades[p]
            points.append(total)
        return points

    def totals(self) -> list[int]:
        return [s + d for s, d in zip(self.scores, self.deal_points(), strict=True)]

    # --- legal moves ----------------------------------------------------------------------
    def moves(self) -> set[Key]:
        if self.finished:
            return set()
        keys: set[Key] = set()
        if self.deal_over:
            keys.add(("next",))
        else:
            keys |= self.play_moves()
        if self.pending is not None:
            keys |= {("fals", p) for p in range(self.rules.players) if p != self.pending}
        elif self.rules.claim == "manual" and self.claims_allowed:
            target = self.rules.target
            assert target is not None
            keys |= {("claim", p) for p, total in enumerate(self.totals()) if total >= target}
        return keys

    def play_moves(self) -> set[Key]:
        hand = self.hands[self.to_move]
        keys: set[Key] = {("lay", card) for card in hand}
        if self.forced == "again" and self.rules.may_pass_after_tabla:
            keys.add(("pass",))
        if self.forced == "lay":
            return keys
        limit = self.rules.capture_limit
        by_sum: dict[int, list[tuple[Card, ...]]] = {}
        for group in subsets(hand, self.rules.max_hand_cards):
            total = sum(card.value for card in group)
            if limit is None or total <= limit:
                by_sum.setdefault(total, []).append(group)
        for taken, total in subsets_with_sum(self.table, set(by_sum)):
            for group in by_sum[total]:
                keys.add(("capture", frozenset(group), frozenset(taken)))
        return keys

    def is_attempt(self, key: Key) -> bool:
        """V6: any capture of the mover's hand cards and table cards may be attempted, even a false one."""
        if not self.rules.fals or key[0] != "capture" or self.deal_over or self.finished:
            return False
        group, taken = key[1], key[2]
        assert isinstance(group, frozenset) and isinstance(taken, frozenset)
        return bool(group and taken) and group <= set(self.hands[self.to_move]) and taken <= set(self.table)

    def snapshot(self) -> Referee:
        """A copy that later moves cannot change."""
        return replace(self, hands=[list(hand) for hand in self.hands], table=list(self.table),
                       talon=list(self.talon), piles=[list(pile) for pile in self.piles],
                       tabla_points=list(self.tabla_points), bonus=list(self.bonus), scores=list(self.scores))

    def restore(self, earlier: Referee) -> None:
        for name in (f.name for f in fields(self)):
            setattr(self, name, getattr(earlier, name))

    # --- applying a move ------------------------------------------------------------------
    def apply(self, key: Key) -> None:
        legal = key in self.moves()
        assert legal or self.is_attempt(key), f"illegal move for the referee: {key}"
        kind = key[0]
        closing, before = self.pending, self.before
        self.pending = self.before = None
        mover = self.to_move
        if kind == "claim":
            self.win(int(key[1]))  # type: ignore[call-overload]
            return
        if kind == "fals":
            assert closing is not None
            challenger = int(key[1])  # type: ignore[call-overload]
            if before is None:  # a correct capture: the capturer earns the reward
                self.bonus[closing] += self.rules.fals_reward
            else:  # a false one: the position before it, the challenger earns the penalty
                self.restore(before)
                self.bonus[challenger] += self.rules.fals_penalty
            self.auto_claims(closing, challenger)
            return
        if kind == "next":
            if closing is not None:
                self.auto_claims(closing)
                if self.finished:
                    return
            self.next_deal()
            self.auto_claims(self.to_move)
            return
        if kind == "capture":
            if self.rules.fals:
                self.before = None if legal else self.snapshot()
                self.pending = mover
            self.capture(key[1], key[2])  # type: ignore[arg-type]
        elif kind == "lay":
            self.lay(key[1])  # type: ignore[arg-type]
        else:
            self.forced = None
            self.pass_turn(mover)
        if closing is not None:
            self.auto_claims(closing)
        if not self.finished and self.pending is None:
            self.auto_claims(mover)

    def capture(self, group: frozenset[Card], taken: frozenset[Card]) -> None:
        mover = self.to_move
        first_move = self.is_first_move(mover)
        for card in group:
            self.hands[mover].remove(card)
        for card in taken:
            self.table.remove(card)
        self.piles[mover] += [*group, *taken]
        self.last_capturer = mover
        self.forced = None
        if self.table:
            self.pass_turn(mover)
            return
        r = self.rules
        self.tabla_points[mover] += r.first_move_tabla_points if first_move else r.tabla_points
        after = self.after(mover)
        if self.hands[after]:  # docs/rules.md §4: the seat after the sweeper must lay, then moves again
            self.to_move, self.forced = after, "lay"
        else:
            self.pass_turn(mover)

    def lay(self, card: Card) -> None:
        mover = self.to_move
        self.hands[mover].remove(card)
        self.table.append(card)
        if self.forced == "lay" and self.hands[mover]:
            self.forced = "again"
            return
        self.forced = None
        self.pass_turn(mover)

    def pass_turn(self, mover: int) -> None:
        following = self.next_with_cards(mover)
        if following is not None:
            self.to_move = following
            return
        self.end_round()

    def end_round(self) -> None:
        self.forced = None
        if self.talon:
            drawer = self.after(self.dealer) if self.last_capturer is None else self.last_capturer
            self.round += 1
            size = hand_size(self.rules.players, self.round)
            for seat in self.seats_from(drawer):
                self.hands[seat] = self.talon[:size]
                del self.talon[:size]
            self.to_move = self.after(drawer) if self.rules.opponent_starts_after_draw else drawer
            return
        if self.last_capturer is not None:
            self.piles[self.last_capturer] += self.table
            self.table = []
        self.deal_over = True
        self.decide_at_deal_end()

    def decide_at_deal_end(self) -> None:
        """V4 and V5 "after each deal": the game is decided when a deal ends."""
        r = self.rules
        totals = self.totals()
        best = max(totals)
        leaders = [p for p, total in enumerate(totals) if total == best]
        if r.fixed_deals is not None:
            if self.deal >= r.fixed_deals:
                self.finished = True
                self.winner = leaders[0] if len(leaders) == 1 else None
        elif r.target_check == "after_deal":
            assert r.target is not None
            if best >= r.target and len(leaders) == 1:
                self.win(leaders[0])

    def auto_claims(self, *first: int) -> None:
        """Design: automatic claims after every move, the named players first, then turn order."""
        if self.finished or self.pending is not None or self.rules.claim != "auto" or not self.claims_allowed:
            return
        target = self.rules.target
        assert target is not None
        order = list(first) + [p for p in self.seats_from(first[-1]) if p not in first]
        totals = self.totals()
        for p in order:
            if totals[p] >= target:
                self.win(p)
                return

    def win(self, player: int) -> None:
        self.winner = player
        self.finished = True

    def next_deal(self) -> None:
        self.scores = self.totals()
        self.deal += 1
        self.dealer = self.after(self.dealer)
        fresh = Referee.new_deal(self.rules, self.seed, self.deal, dealer=self.dealer, scores=self.scores)
        self.hands, self.table, self.talon = fresh.hands, fresh.table, fresh.talon
        self.start_deal()


def referee_from_state(state: GameState) -> Referee:
    """The referee of the game at ``state``, read from the engine's public fields only."""
    return Referee(
        rules=state.rules,
        hands=[list(hand) for hand in state.hands],
        table=list(state.table),
        talon=list(state.talon),
        scores=list(state.scores),
        dealer=state.dealer,
        deal=state.deal,
        seed=state.seed,
        to_move=state.to_move,
        round=state.round,
        piles=[list(pile) for pile in state.piles],
        tabla_points=list(state.tabla_points),
        bonus=list(state.bonus),
        last_capturer=state.last_capturer,
        forced=state.forced,
        pending=None if state.pending is None else state.pending.capturer,
        before=referee_from_state(state.pending.before) if state.pending and state.pending.false else None,
        winner=state.winner,
        finished=state.finished,
        deal_over=not (any(state.hands) or state.talon),
    )
