"""Perft: the number of distinct legal move sequences from fixed positions, pinned.

``perft(state, depth)`` counts the sequences of exactly ``depth`` moves of the player to move
(captures, lays, V3 passes, NextDeal); the calls "Ausz!" and "Fals!" that any player may make
are not moves of the mover and are left out (see ``reference.perft``). The pinned numbers were
computed once with the brute-force generator ``reference.brute_moves`` (run this file as a
script to print them again); the tests recompute them with the engine's ``legal_moves()``.
"""

from __future__ import annotations

import pytest
from reference import brute_moves, cards, perft, position, stacked_deck

from kaszino import DECK, PRESETS, Capture, GameState, Suit, format_cards, new_game

WORKED_TABLE = "2♦ 4♣ 7♥ 9♠"
IN_PLAY_AT_THE_END = cards("5♠ 8♦ 9♦ 5♥ 4♦ K♥")
# Player 0 took the clubs and hearts not in play, player 1 the rest: nobody near 11 points.
FIRST_PILE = format_cards(
    c for c in DECK if c.suit in (Suit.CLUBS, Suit.HEARTS) and c not in IN_PLAY_AT_THE_END
)


def positions() -> dict[str, GameState]:
    """The fixed positions, built from literal cards only (no shuffling involved)."""
    return {
        # The worked example of docs/rules.md §2 as the first move of a deal dealt from a stacked deck.
        "start": new_game(deck=stacked_deck("5♠ A♥ K♣", "3♦ 8♥ Q♠", WORKED_TABLE)),
        # Nine cards on the table: many captures.
        "big_table": position(["A♠ 6♥ Q♣", "2♥ 5♦ K♦"], "3♣ 4♦ 7♠ 8♦ 9♥ 2♣ 10♠ A♦ 5♣",
                              "6♣ 7♣ 8♣ 9♣ 10♣ J♣", round=3, last_capturer=1),
        # Right after player 0's tábla under V3: forced lay, the extra move (or a pass), then on.
        "after_tabla": position(["K♠ 2♠ 9♦", "2♥ 3♥ 5♥"], "6♦ 7♣", "8♣ 9♣ 10♣ J♣ Q♣ K♣",
                                rules=PRESETS["v3"], round=2).play(Capture(cards("K♠"), cards("6♦ 7♣"))),
        # Three players, first move of a deal.
        "p3_start": new_game(PRESETS["p3"],
                             deck=stacked_deck("5♠ A♥ K♣", "3♦ 8♥ Q♠", "6♥ 2♣ J♦", WORKED_TABLE)),
        # The last three cards of a deal (open round): leftovers, then NextDeal (after 5♠+8♦ = K♥).
        "deal_end": position(["5♠ 8♦", "9♦"], "5♥ 4♦ K♥", round=8, last_capturer=1,
                             piles=[FIRST_PILE, ""], rest_to=1),
    }


# Computed by ``perft(state, depth, brute_moves)``; depth 1 is listed too, as a first check.
PINNED = {
    "start": (6, 30, 87),
    "big_table": (32, 378, 2049),
    "after_tabla": (3, 10, 25),
    "p3_start": (6, 30, 197),
    "deal_end": (4, 8, 9),
}


@pytest.mark.parametrize("name", sorted(PINNED))
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_of_the_engine_equals_the_pinned_count(name: str, depth: int) -> None:
    assert perft(positions()[name], depth) == PINNED[name][depth - 1]


@pytest.mark.parametrize("name", sorted(PINNED))
def test_perft_pinned_counts_come_from_the_brute_force(name: str) -> None:
    assert perft(positions()[name], 2, brute_moves) == PINNED[name][1]


if __name__ == "__main__":
    for name, state in positions().items():
        print(f'    "{name}": {tuple(perft(state, depth, brute_moves) for depth in (1, 2, 3))},')
