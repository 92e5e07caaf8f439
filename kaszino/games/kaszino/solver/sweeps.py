"""Táblák: captures that take the whole table (docs/rules.md §4).

A tábla needs hand cards adding up to the sum of the whole table, so the table's sum alone
says which hand groups can sweep. After an opponent's tábla the mover must first lay a card
and then moves again: :func:`sweep_plans` lists the lays that let that second move sweep.
"""

from __future__ import annotations

from collections.abc import Sequence

from kaszino.engine.cards import Card, card_sum, check_hand_and_table
from kaszino.games.kaszino.captures import Capture, hand_groups
from kaszino.games.kaszino.moves import Lay
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.state import GameState
from kaszino.inputs import check_type

SweepPlan = tuple[Card, Capture]
"""A card to lay on the empty table and the capture that then sweeps it."""


def table_sweeps(hand: Sequence[Card], table: Sequence[Card], rules: Rules = STANDARD) -> list[Capture]:
    """Every capture of ``hand`` that takes all of ``table`` (none if the table is empty)."""
    hand, table = check_hand_and_table(hand, table)
    check_type("rules", rules, Rules)
    if not table:
        return []
    whole = tuple(table)
    return [Capture(group, whole) for group in hand_groups(hand, rules).get(card_sum(whole), [])]


def sweeps(state: GameState) -> list[Capture]:
    """Every tábla the player to move can make now."""
    check_type("state", state, GameState)
    if state.deal_over or state.finished:
        return []
    return table_sweeps(state.hands[state.to_move], state.table, state.rules)


def sweep_plans(state: GameState) -> list[SweepPlan]:
    """After an opponent's tábla (``state.forced == "lay"``): each lay with a tábla to follow it.

    The lay is played by the engine, so the plan holds only where the rules really give the
    mover a second move (not after laying his last card). Empty when no lay is forced.
    """
    check_type("state", state, GameState)
    if state.forced != "lay":
        return []
    plans: list[SweepPlan] = []
    for card in state.hands[state.to_move]:
        after = state.play(Lay(card))
        if after.forced == "again" and after.to_move == state.to_move:
            plans.extend((card, capture) for capture in sweeps(after))
    return plans
