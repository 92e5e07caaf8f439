"""The engine against a clean-room referee (``independent_referee.py``), in lockstep.

Seeded random games under every preset: after every move both sides must agree on the legal
moves, hands, table, talon, piles, tábla points, whose turn it is, the forced double move, round,
deal, scores, totals and the result. A disagreement names the position (``state.notation()``)
and the move that led to it.
"""

from __future__ import annotations

import random
import sys

import pytest
from independent_referee import Key, Referee, referee_from_state

from kaszino import PRESETS, Capture, Challenge, Claim, GameState, Lay, Move, NextDeal, Pass, new_game

GAMES_PER_PRESET = 25
SKIPPED: dict[str, str] = {}
KNOWN_ENGINE_BUGS: dict[str, str] = {}


def move_key(move: Move) -> Key:
    """The referee's key of an engine move."""
    if isinstance(move, Capture):
        return ("capture", frozenset(move.hand), frozenset(move.table))
    if isinstance(move, Lay):
        return ("lay", move.card)
    if isinstance(move, Pass):
        return ("pass",)
    if isinstance(move, NextDeal):
        return ("next",)
    if isinstance(move, Claim):
        return ("claim", move.player)
    assert isinstance(move, Challenge)
    return ("fals", move.player)


def view(side: GameState | Referee, moves: list[Move] | set[Key], totals: object,
         deal_points: object) -> dict[str, object]:
    """What must agree, read from either side (the referee uses the engine's field names)."""
    shown: dict[str, object] = {
        name: getattr(side, name)
        for name in ("forced", "round", "deal", "dealer", "last_capturer", "deal_over", "finished", "winner")
    }
    shown.update(
        moves={key if isinstance(key, tuple) else move_key(key) for key in moves},
        hands=[frozenset(hand) for hand in side.hands],
        table=list(side.table),
        talon=list(side.talon),
        piles=[frozenset(pile) for pile in side.piles],
        tabla_points=list(side.tabla_points),
        bonus=list(side.bonus),
        scores=list(side.scores),
        totals=list(totals),  # type: ignore[call-overload]
        deal_points=list(deal_points),  # type: ignore[call-overload]
        pending=side.pending is not None,
    )
    if not (side.deal_over or side.finished):  # whose turn it is means nothing once the deal is over
        shown["to_move"] = side.to_move
    return shown


def differences(state: GameState, ref: Referee) -> dict[str, tuple[object, object]]:
    """The fields where engine and referee disagree: name → (engine, referee)."""
    ours = view(state, state.legal_moves(), state.totals(), [score.total for score in state.deal_scores()])
    theirs = view(ref, ref.moves(), ref.totals(), ref.deal_points())
    return {name: (ours.get(name), theirs.get(name)) for name in ours.keys() | theirs.keys()
            if ours.get(name) != theirs.get(name)}


def pick(rng: random.Random, moves: list[Move], table_size: int) -> Move:
    """A random move: a tábla half of the time when there is one; otherwise first a kind of move
    (capture, lay, claim …) uniformly, then one of that kind.

    Choosing the kind first keeps lays as frequent as captures, so tables grow and rounds pass
    without a capture; the preference for táblák walks the forced double move often.
    """
    sweeps = [m for m in moves if isinstance(m, Capture) and len(m.table) == table_size]
    if sweeps and rng.random() < 0.5:
        return rng.choice(sorted(sweeps, key=str))
    kinds: dict[str, list[Move]] = {}
    for move in sorted(moves, key=str):
        kinds.setdefault(type(move).__name__, []).append(move)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def lockstep(preset: str, seed: int) -> int:
    """Play one seeded random game on both sides; the number of moves compared."""
    rng = random.Random(seed)
    state = new_game(PRESETS[preset], seed=seed)
    ref = referee_from_state(state)
    before, move_text = state.notation(), "(start)"
    steps = 0
    while True:
        diff = differences(state, ref)
        assert not diff, f"{preset} seed {seed}: after {move_text} from\n{before}\n{diff}"
        if state.finished:
            return steps
        move = pick(rng, state.legal_moves(), len(state.table))
        before, move_text = state.notation(), str(move)
        state = state.play(move)
        ref.apply(move_key(move))
        steps += 1


def check_preset(preset: str, seeds: range) -> tuple[int, int]:
    """Games and moves compared for ``preset``."""
    return len(seeds), sum(lockstep(preset, seed) for seed in seeds)


def _marks(name: str) -> list[pytest.MarkDecorator]:
    if name in SKIPPED:
        return [pytest.mark.skip(reason=SKIPPED[name])]
    if name in KNOWN_ENGINE_BUGS:
        return [pytest.mark.xfail(strict=True, reason=KNOWN_ENGINE_BUGS[name])]
    return []


@pytest.mark.parametrize("preset", [pytest.param(name, marks=_marks(name)) for name in PRESETS])
def test_engine_agrees_with_the_independent_referee(preset: str) -> None:
    games, moves = check_preset(preset, range(GAMES_PER_PRESET))
    assert games == GAMES_PER_PRESET and moves > games


def test_the_referee_lists_the_worked_example_of_rules_section_2() -> None:
    """Hand 5, A, K; table 2, 4, 7, 9: exactly 5+A=2+4, K=4+9 and K=2+4+7 capture (RULES §2)."""
    from kaszino import parse_cards
    from kaszino.rules import STANDARD

    hand, table = parse_cards("5♠ A♥ K♣"), parse_cards("2♦ 4♣ 7♥ 9♠")
    ref = Referee(STANDARD, [list(hand), []], list(table), [], [0, 0], dealer=1, deal=1, seed=0)
    ref.start_deal()
    captures = {(frozenset(map(str, key[1])), frozenset(map(str, key[2])))  # type: ignore[call-overload]
                for key in ref.moves() if key[0] == "capture"}
    assert captures == {
        (frozenset({"5♠", "A♥"}), frozenset({"2♦", "4♣"})),
        (frozenset({"K♣"}), frozenset({"4♣", "9♠"})),
        (frozenset({"K♣"}), frozenset({"2♦", "4♣", "7♥"})),
    }


if __name__ == "__main__":  # the big batch: python -m tests.test_independent_referee GAMES [PRESET...]
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for name in sys.argv[2:] or list(PRESETS):
        print(name, *check_preset(name, range(10_000, 10_000 + count)), flush=True)
