"""Casino teaching positions built from the few cards a lesson is about, and deals the engine plays.

``casino_scene(["3♠ 8♦ K♣", "J♥ Q♦ 4♣"], "5♥ 6♦ 2♣", "[4♥+4♠]=8@1")`` is a whole two-player
Casino position: the 52 cards are all placed (hands, the loose table cards, the builds written as
the position notation writes them, the stock, the piles of the hands before), player 1 to move
when the hands are of one size, and the engine's own reader accepts it
(``CasinoState.from_notation``), so no lesson shows a position a game cannot reach.
``played_deal(seed)`` is the first deal of a game the greedy computer plays against itself, to
its end; ``first_position`` finds a position of such deals that a question needs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kaszino.engine.cards import parse_cards
from kaszino.errors import KaszinoError
from kaszino.games.casino.deck import shuffled_deck
from kaszino.games.casino.moves import BuildMove, Capture, Play, Trail
from kaszino.games.casino.notation import read_builds
from kaszino.games.casino.players import GreedyPlayer
from kaszino.games.casino.rules import HAND_SIZE, CasinoRules
from kaszino.games.casino.state import CasinoState, new_game
from kaszino.teach import played

RULES = CasinoRules()
"""The chapter's game: two players, to 21."""


def casino_scene(hands: Sequence[str], table: str, builds: str = "", *, round: int = 2) -> CasinoState:
    """Player 1 (the dealer's opponent) holds ``hands[0]``, player 2 (the dealer) ``hands[1]``; the
    loose ``table`` cards and the ``builds`` (``[5♥+3♣]=8@0``: groups, value, owner from 0) lie on
    the table in hand ``round`` of the deal.

    Whoever's turn the hand sizes give is to move. The stock holds what the later hands need, the
    cards of the earlier hands lie in the two piles (player 2 captured last), and the cards not
    named are placed from a fixed shuffle.
    """
    if len(hands) != RULES.players:
        raise KaszinoError(f"a Casino scene needs {RULES.players} hands, got {len(hands)}")
    if not 1 <= round <= RULES.rounds:
        raise KaszinoError(f"round must be 1..{RULES.rounds}, not {round}")
    mine, theirs = (parse_cards(hand) if hand.strip() else () for hand in hands)
    loose = parse_cards(table) if table.strip() else ()
    on_table = read_builds(builds, RULES.players) if builds.strip() else ()
    named = (*mine, *theirs, *loose, *(card for build in on_table for card in build.cards))
    rest = [card for card in shuffled_deck(0, 1) if card not in named]
    talon_size = RULES.talon_after(round)
    talon, earlier = rest[:talon_size], rest[talon_size:]
    moved = RULES.players * HAND_SIZE - len(mine) - len(theirs)
    half = len(earlier) // 2
    state = CasinoState(
        rules=RULES,
        hands=(mine, theirs),
        table=loose,
        builds=on_table,
        talon=tuple(talon),
        piles=(tuple(earlier[:half]), tuple(earlier[half:])),
        scores=(0, 0),
        dealer=1,
        to_move=moved % RULES.players,
        last_capturer=1 if earlier else None,
        round=round,
    )
    return CasinoState.from_notation(state.notation())  # refuses a position no game reaches


def greedy(state: CasinoState) -> Play:
    """The greedy computer's move (never the next deal: the lessons stop at a deal's end)."""
    move = GreedyPlayer().choose(state)
    if not isinstance(move, Trail | Capture | BuildMove):
        raise KaszinoError(f"the deal is over in {state.notation()}")
    return move


def played_deal(seed: int) -> CasinoState:
    """The end of the first deal of the game ``seed``, the greedy computer playing both sides."""
    *_, end = played.deal_states(new_game(seed, RULES), greedy)
    return end


def first_position(start: int, test: Callable[[CasinoState], bool]) -> CasinoState:
    """The first position passing ``test`` in the greedy deals of the seeds ``start``, ``start + 1`` …"""
    return played.first_position(start, lambda seed: new_game(seed, RULES), greedy, test)


def plays(state: CasinoState) -> list[Play]:
    """The legal moves of the player to move that play a card (the next deal is none of them)."""
    return [move for move in state.legal_moves() if isinstance(move, Trail | Capture | BuildMove)]
