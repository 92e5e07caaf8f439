"""The tábla bound of the exact search (games/kaszino/solver/tablas.py) against every real line of play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from minimax_reference import own_moves, without_claims

from kaszino import GameState, parse_cards
from kaszino.games.kaszino.rules import preset
from kaszino.games.kaszino.solver.model import AGAIN, MUST_LAY, NOT_FORCED, RoundModel, signature
from kaszino.games.kaszino.solver.positions import forced_moves, last_round_position
from kaszino.games.kaszino.solver.tablas import TablaBound

RULES = [preset(name) for name in ("standard", "v2", "v3", "v8", "p3", "p4")]
FORCED = {None: NOT_FORCED, "lay": MUST_LAY, "again": AGAIN}


def most_tablas(state: GameState) -> list[int]:
    """Per player, the most táblas he makes in any line of play to the end of the deal."""
    best = [0] * state.players
    if state.deal_over:
        return best
    for move in own_moves(state):
        after = state.play(move)
        swept = after.tabla_points[state.to_move] > state.tabla_points[state.to_move]
        for p, count in enumerate(most_tablas(after)):
            best[p] = max(best[p], count + (swept and p == state.to_move))
    return best


def bound(state: GameState) -> tuple[int, ...]:
    model = RoundModel(state.rules)
    tablas = TablaBound(model, may_pass=state.rules.may_pass_after_tabla)
    hands = tuple(signature(hand) for hand in state.hands)
    total = sum(card.value for card in state.table)
    return tablas.most(hands, total, state.to_move, FORCED[state.forced])


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    rules = draw(st.sampled_from(RULES))
    most = 3 if rules.players == 2 else 2
    sizes = tuple(draw(st.integers(1 if p == 0 else 0, most)) for p in range(rules.players))
    table = draw(st.integers(0, 4))
    forced = draw(st.sampled_from(forced_moves(table)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return without_claims(last_round_position(rng, rules, table_size=table, hand_sizes=sizes, forced=forced,
                                              to_move=0))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_the_bound_is_never_below_a_real_line(state: GameState) -> None:
    real = most_tablas(state)
    assert all(r <= b for r, b in zip(real, bound(state), strict=True)), (real, bound(state))


def test_a_table_too_big_to_sweep_is_no_tábla() -> None:
    """K♣ against 9 + 8: no capture can empty the table, whatever is laid."""
    hands = (signature(parse_cards("K♣")), signature(parse_cards("2♥")))
    tablas = TablaBound(RoundModel(preset("standard")), may_pass=False)
    assert tablas.most(hands, 17, 0, NOT_FORCED) == (0, 0)
    assert tablas.most(hands, 13, 0, NOT_FORCED) == (1, 0)  # a table of 13: the king sweeps
