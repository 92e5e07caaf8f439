"""Scopa teaching positions built from the few cards a lesson is about, and deals the engine plays.

``scopa_scene(["7♥ K♣ 3♠", "5♦ Q♥ 2♣"], "3♦ 4♣ 7♠ 2♥", round=2)`` is a whole Scopa position:
the 40 cards are all placed (hands, table, talon, the piles of the rounds before), player 1 to move,
and the engine's own reader accepts it (``ScopaState.from_notation``), so no lesson shows a
position a game cannot reach. ``played_deal(seed)`` is the first deal of a game the greedy
computer plays against itself, to its end: piles to count that a real deal produced.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kaszino.engine.cards import parse_cards
from kaszino.errors import KaszinoError
from kaszino.games.scopa.deck import DECK_SIZE, shuffled_deck
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.players import GreedyPlayer
from kaszino.games.scopa.rules import HAND_SIZE, ROUNDS, TABLE_START, ScopaRules
from kaszino.games.scopa.state import ScopaState, new_game
from kaszino.teach import played
from kaszino.teach.played import deal_states

PLAYERS = 2


def scopa_scene(hands: Sequence[str], table: str, *, round: int = 2,
                rules: ScopaRules | None = None) -> ScopaState:
    """Player 1 (the dealer's opponent) holds ``hands[0]``, player 2 (the dealer) ``hands[1]``.

    Whoever's turn the hand sizes give is to move (player 1 moves first in a round). The talon
    holds what the later rounds need, the cards of the earlier rounds lie in the two
    piles (player 2 captured last), and the cards not named are placed from a fixed shuffle.
    """
    if len(hands) != PLAYERS:
        raise KaszinoError(f"a Scopa scene needs {PLAYERS} hands, got {len(hands)}")
    mine, theirs = (parse_cards(hand) if hand.strip() else () for hand in hands)
    on_table = parse_cards(table) if table.strip() else ()
    named = (*mine, *theirs, *on_table)
    rest = [card for card in shuffled_deck(0, 1) if card not in named]
    talon_size = DECK_SIZE - TABLE_START - PLAYERS * HAND_SIZE * round
    if not 1 <= round <= ROUNDS or talon_size < 0:
        raise KaszinoError(f"round must be 1..{ROUNDS}, not {round}")
    talon, played = rest[:talon_size], rest[talon_size:]
    moved = PLAYERS * HAND_SIZE - len(mine) - len(theirs)
    half = len(played) // 2
    piles = (tuple(played[:half]), tuple(played[half:]))
    state = ScopaState(rules=rules or ScopaRules(), hands=(mine, theirs), table=on_table, talon=tuple(talon),
                       piles=piles, scopas=(0, 0), scores=(0, 0), dealer=1, to_move=moved % PLAYERS,
                       round=round, last_capturer=1 if played else None)
    return ScopaState.from_notation(state.notation())  # refuses a position no game reaches


def played_deal(seed: int) -> ScopaState:
    """The end of the first deal of the game ``seed``, the greedy computer playing both sides."""
    *_, end = deal_states(new_game(seed), GreedyPlayer().choose)
    return end


def first_position(start: int, test: Callable[[ScopaState], bool]) -> ScopaState:
    """The first position passing ``test`` in the greedy deals of the seeds ``start``, ``start + 1`` …"""
    return played.first_position(start, new_game, GreedyPlayer().choose, test)


def card_moves(state: ScopaState) -> list[ScopaMove]:
    """The legal moves of the player to move (the next deal is no card's move)."""
    return [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
