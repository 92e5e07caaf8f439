"""Positions of a reviewer's report on the Kaszinó hints and explanations, shared by their tests.

The report gives each position's seed, round, hands and table; the piles, which it leaves out, are
filled in so that the fault it describes shows (with the old code) in the same way.
"""

from __future__ import annotations

from kaszino import GameState

GREEDY_CREDIT = GameState.from_notation(
    "rules=standard; seed=271041745; deal=1; dealer=1; scores=0 | 0; round=7; to_move=0; forced=-;"
    " last_capturer=0; hands=6♣ Q♦ | 2♠; table=Q♠ 7♦ K♣ 5♠ Q♣; talon=10♣ 9♥ 4♦ 4♥ J♣ K♥; piles=8♥ 9♠ 10♥"
    " 8♠ 3♥ 4♣ 3♣ Q♥ J♦ A♥ 10♠ 7♠ 9♦ 6♥ J♠ 5♥ 2♥ K♠ 2♣ 3♠ 2♦ 7♣ 8♦ J♥ 3♦ 10♦ A♦ 8♣ 6♠ 5♣ | 7♥ A♣ 5♦ 4♠"
    " K♦ 6♦ 9♣ A♠; tabla_points=0 | 0; bonus=0 | 0; result=-; pending=-")
"""Before the last round: the hint's expert credits its greedy move (Q♦ = 7♦+5♠) with more than the
slightly larger average of the others."""

OPEN_FOUR = GameState.from_notation(
    "rules=p4; seed=1231116051; deal=3; dealer=3; scores=0 | 0 | 0 | 0; round=4; to_move=0; forced=-;"
    " last_capturer=0; hands=8♥ Q♠ 5♣ | 10♦ 4♦ K♥ | 4♥ 7♠ | A♣ 8♠; table=9♥ Q♦ 2♥ J♠ Q♥; talon=-;"
    " piles=K♣ J♥ 6♣ 3♣ 6♥ 8♦ 4♠ 2♠ 3♥ | 5♦ 10♠ A♦ 3♠ 5♥ 7♥ 10♣ | 4♣ A♠ 3♦ 10♥ Q♣ K♠ 8♣ K♦ | 5♠ 7♦ 2♣"
    " 9♦ 7♣ 9♠ 9♣ J♣ J♦ 6♠ 6♦ A♥ 2♦; tabla_points=0 | 0 | 0 | 0; bonus=0 | 0 | 0 | 0; result=-; pending=-")
"""The open last round of four players with eleven cards held: more than the expert, to move
quickly, solves exactly."""

LAST_CAPTURE = GameState.from_notation(
    "rules=p3; seed=636280859; deal=1; dealer=2; scores=0 | 0 | 0; round=5; to_move=0; forced=-;"
    " last_capturer=2; hands=8♦ | - | -; table=J♣ 10♥ J♥ 3♣ A♥ 4♦ 4♠; talon=-; piles=7♦ 9♥ A♠ J♦ K♦ 7♠"
    " 7♣ 2♠ K♣ 5♣ 3♦ Q♦ 5♠ A♦ 10♣ 10♠ 7♥ 3♥ 6♦ | A♣ 9♠ 8♠ 2♥ 2♣ 9♦ | Q♥ 5♥ 6♣ 4♣ K♠ 6♥ 4♥ 9♣ 8♥ J♠ 6♠"
    " K♥ 10♦ 5♦ Q♠ 8♣ 3♠ 2♦ Q♣; tabla_points=0 | 0 | 0; bonus=0 | 0 | 0; result=-; pending=-")
"""The last card of the deal captures: each of its three captures takes the rest of the table too."""

FORCED_THREE = GameState.from_notation(
    "rules=p3; seed=15; deal=1; dealer=2; scores=0 | 0 | 0; round=1; to_move=2; forced=lay; last_capturer=1;"
    " hands=- | - | 3♦; table=-; talon=Q♣ K♣ 4♣ Q♥ 5♥ 7♥ 8♦ 9♠ A♦ 4♥ 9♦ J♥ 5♦ 3♠ Q♦ 7♣ 9♥ A♣ 8♣ 2♣ 10♠ A♠ 2♥"
    " K♥ 3♥ 4♦ 6♦ 8♠ 3♣ 7♦ K♦ 8♥ 4♠ 10♦ J♦ 2♦ J♠ 7♠ 6♣; piles=J♣ 5♣ 6♠ | 10♥ 10♣ 9♣ 2♠ 5♠ 6♥ | A♥ Q♠ K♠;"
    " tabla_points=0 | 1 | 2; bonus=0 | 0 | 0; result=-; pending=-")
"""Three players (reached by random play): player 2 (counted from 1) has just made a tábla, and
player 3 must lay."""
