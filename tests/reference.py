"""Slow, obviously right helpers for the tests: brute-force captures and moves, perft, positions.

Nothing here is clever on purpose. ``brute_captures`` tries every pair of subsets, so it can
serve as the yardstick for the engine's output-sensitive :func:`kaszino.games.kaszino.captures.captures`;
``brute_moves`` builds the mover's legal moves on it, straight from docs/rules.md §2–§4 and §7 (V3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from kaszino.engine.cards import DECK, Card, format_cards, parse_cards
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, Move, NextDeal, Pass
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.state import GameState, build

CaptureKey = tuple[frozenset[Card], frozenset[Card]]
"""A capture as the two *sets* of cards it moves: order inside a side does not matter."""


def subsets(cards: Sequence[Card], most: int | None = None) -> Iterator[tuple[Card, ...]]:
    """Every non-empty subset of ``cards`` (at most ``most`` cards), in the cards' order."""
    top = len(cards) if most is None else min(most, len(cards))
    for size in range(1, top + 1):
        yield from combinations(cards, size)


def brute_captures(hand: Sequence[Card], table: Sequence[Card], rules: Rules = STANDARD) -> list[Capture]:
    """Every legal capture by trying all pairs of subsets (docs/rules.md §2, V2, V8).

    Order: hand subsets (smaller first, in hand order), then table subsets likewise.
    """
    hand_sums = {h: sum(card.value for card in h) for h in subsets(hand, rules.max_hand_cards)}
    allowed = {h: total for h, total in hand_sums.items()
               if rules.capture_limit is None or total <= rules.capture_limit}
    wanted = set(allowed.values())
    table_by_sum: dict[int, list[tuple[Card, ...]]] = {}
    for t in subsets(table):
        total = sum(card.value for card in t)
        if total in wanted:
            table_by_sum.setdefault(total, []).append(t)
    return [Capture(h, t) for h, total in allowed.items() for t in table_by_sum.get(total, [])]


def key(move: Move) -> object:
    """A move with captures turned into their card sets, so equal captures compare equal."""
    if isinstance(move, Capture):
        return frozenset(move.hand), frozenset(move.table)
    return move


def is_mover_move(move: Move) -> bool:
    """Captures, lays, passes and NextDeal: the moves of the player (or dealer) whose turn it is."""
    return isinstance(move, Capture | Lay | Pass | NextDeal)


def brute_moves(state: GameState) -> list[Move]:
    """The mover's legal moves (no Claim/Challenge calls), built from the rules alone."""
    if state.finished:
        return []
    if not state.talon and not any(state.hands):
        return [NextDeal()]
    hand = state.hands[state.to_move]
    moves: list[Move] = list(brute_captures(hand, state.table, state.rules))
    moves.extend(Lay(card) for card in hand)
    if state.forced == "again" and state.rules.may_pass_after_tabla:
        moves.append(Pass())
    return moves


def engine_moves(state: GameState) -> list[Move]:
    """The engine's legal moves without the calls (Claim, Challenge) any player may make."""
    return [move for move in state.legal_moves() if is_mover_move(move)]


def perft(state: GameState, depth: int, moves: Callable[[GameState], list[Move]] = engine_moves) -> int:
    """The number of distinct sequences of ``depth`` mover moves from ``state``.

    As in chess perft, only sequences of exactly ``depth`` moves count: a finished game before
    that depth adds nothing. Claims and challenges are calls, not moves, and are left out.
    """
    if depth == 0:
        return 1
    return sum(perft(state.play(move), depth - 1, moves) for move in moves(state))


# --- building positions by hand ---------------------------------------------------------------

def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text) if text.strip() else ()


def stacked_deck(*parts: str) -> tuple[Card, ...]:
    """A deck that starts with the cards of ``parts`` in that order; the rest follow in deck order.

    ``new_game(deck=stacked_deck(first_hand, second_hand, table, talon_top))`` deals exactly that
    (hands start with the player after the dealer; see ``kaszino.games.kaszino.dealing.split_deck``).
    """
    front = [card for part in parts for card in cards(part)]
    return tuple(front) + tuple(card for card in DECK if card not in front)


def position(
    hands: Sequence[str],
    table: str,
    talon: str = "",
    *,
    rules: Rules = STANDARD,
    piles: Sequence[str] | None = None,
    rest_to: int | None = None,
    checked: bool | None = None,
    **fields: Any,
) -> GameState:
    """A position built field by field: cards written as text, every other field by keyword.

    ``rest_to`` puts every card not named anywhere into that player's pile, so that all 52 cards
    are somewhere (needed for the card and spade majorities). Made by the one position builder,
    which refuses a position no game reaches, naming why; a position of part of the deck (no
    ``rest_to``) is a rule's corner no game reaches and is only type-checked, unless ``checked``
    says otherwise.
    """
    n = rules.players
    pile_cards = [list(cards(text)) for text in (piles or [""] * n)]
    draft = replace(PositionDraft.empty(rules), hands=tuple(cards(text) for text in hands),
                    table=cards(table), talon=cards(talon), piles=tuple(tuple(p) for p in pile_cards))
    if rest_to is not None:
        named = {card for _, card in draft.placed()}
        pile_cards[rest_to].extend(card for card in DECK if card not in named)
        draft = replace(draft, piles=tuple(tuple(p) for p in pile_cards))
    return build(replace(draft, **fields), reachable=rest_to is not None if checked is None else checked)


def finished_deal(piles: Sequence[Iterable[Card]], rules: Rules = STANDARD, *, checked: bool = False,
                  **fields: Any) -> GameState:
    """A deal just over: the first players took ``piles``, the last player every other card.

    Only type-checked unless ``checked``: the scoring tests give one player most of the deck, and in
    a game that player's claim would have ended the deal before its last card (no game reaches it).
    """
    n = rules.players
    texts = [format_cards(pile) for pile in piles] + [""] * (n - len(piles))
    state = position([""] * n, "", rules=rules, piles=texts, rest_to=n - 1, round=rules.rounds,
                     last_capturer=n - 1, checked=checked, **fields)
    assert state.deal_over
    return state


def all_cards(state: GameState) -> list[Card]:
    """Every card somewhere in the state: hands, table, talon and piles."""
    return [card for group in (*state.hands, state.table, state.talon, *state.piles) for card in group]


def play_all(state: GameState, moves: Iterable[str | Move]) -> GameState:
    """Play moves given as text (``parse_move`` syntax) or values, one after another."""
    from kaszino.games.kaszino.moves import parse_move

    for move in moves:
        state = state.play(parse_move(move) if isinstance(move, str) else move)
    return state


def lay_until(state: GameState, done: Callable[[GameState], bool]) -> GameState:
    """Let every mover lay his first hand card until ``done`` (or the deal is over)."""
    while not done(state) and not state.deal_over:
        state = state.play(Lay(state.hands[state.to_move][0]))
    return state
