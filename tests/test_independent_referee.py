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

from kaszino import DECK, PRESETS, Capture, Challenge, Claim, GameState, Lay, Move, NextDeal, Pass, new_game
from kaszino.errors import IllegalMoveError
from kaszino.games.kaszino.moves import parse_move
from kaszino.games.kaszino.rules import Rules

GAMES_PER_PRESET = 25


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
        open_round=side.open_round,
        first_moves=[side.is_first_move(player) for player in range(len(side.hands))],
    )
    if not (side.deal_over or side.finished):  # whose turn it is means nothing once the deal is over
        shown["to_move"] = side.to_move
    if side.winner is not None:
        shown["stake"] = side.stake
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


def false_capture(rng: random.Random, state: GameState) -> Capture | None:
    """V6: now and then a capture that is not correct (one or two cards on each side), to attempt."""
    hand, table = state.hands[state.to_move], state.table
    if not (state.rules.fals and hand and table) or state.deal_over or rng.random() > 0.2:
        return None
    attempt = Capture(tuple(rng.sample(hand, rng.randint(1, min(2, len(hand))))),
                      tuple(rng.sample(table, rng.randint(1, min(2, len(table))))))
    return None if attempt in state.legal_moves() else attempt


def stray_move(rng: random.Random, state: GameState) -> Move:
    """Any move that could be written down, legal or not, mostly with cards of the mover and table."""
    pool = sorted({*state.hands[state.to_move], *state.table, *rng.sample(DECK, 4)})
    a, b, c, d = rng.sample(pool, 4)
    seat = rng.randrange(state.rules.players)
    candidates: list[Move] = [
        Lay(a), Capture((a,), (b,)), Capture((a, b), (c,)), Capture((a,), (b, c, d)),
        Pass(), NextDeal(), Claim(seat), Challenge(seat),
    ]
    return rng.choice(candidates)


def assert_refused_exactly_when_illegal(state: GameState, ref: Referee, move: Move) -> None:
    """``play`` refuses a move (and only such a move) that the referee finds illegal."""
    key = move_key(move)
    legal = key in ref.moves() or ref.is_attempt(key)
    try:
        state.play(move)
    except IllegalMoveError:
        assert not legal, f"the engine refuses {move} from\n{state.notation()}"
    else:
        assert legal, f"the engine accepts {move} from\n{state.notation()}"


def lockstep(preset: str | Rules, seed: int, *, lay_only_deals: int = 0) -> tuple[int, GameState]:
    """Play one seeded random game on both sides: the number of moves compared, the final state.

    In the first ``lay_only_deals`` deals every player lays whenever he can: nobody captures, so
    the deal's first player draws first every round and the leftovers go to nobody.
    """
    rng = random.Random(seed)
    rules = PRESETS[preset] if isinstance(preset, str) else preset
    state = new_game(rules, seed=seed)
    # design: by default the last player deals; the deck of deal d is shuffled_deck(seed, d)
    ref = Referee.new_deal(rules, seed, 1, dealer=rules.players - 1, scores=[0] * rules.players)
    before, move_text = state.notation(), "(start)"
    steps = 0
    while True:
        diff = differences(state, ref)
        assert not diff, f"{preset} seed {seed}: after {move_text} from\n{before}\n{diff}"
        assert_refused_exactly_when_illegal(state, ref, stray_move(rng, state))
        if state.finished:
            return steps, state
        moves = state.legal_moves()
        if state.deal <= lay_only_deals:
            moves = [move for move in moves if isinstance(move, Lay)] or moves
        move = false_capture(rng, state) or pick(rng, moves, len(state.table))
        before, move_text = state.notation(), str(move)
        state = state.play(move)
        ref.apply(move_key(move))
        steps += 1


def check_preset(preset: str, seeds: range) -> tuple[int, int]:
    """Games and moves compared for ``preset``."""
    return len(seeds), sum(lockstep(preset, seed)[0] for seed in seeds)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_engine_agrees_with_the_independent_referee(preset: str) -> None:
    games, moves = check_preset(preset, range(GAMES_PER_PRESET))
    assert games == GAMES_PER_PRESET and moves > games


@pytest.mark.parametrize(("preset", "deals"), [("v4", 2), ("v7", 1), ("p4", 1)])
def test_engine_agrees_when_nobody_captures(preset: str, deals: int) -> None:
    """Deals without a capture: draws by the first player (V7: the next one starts), leftovers to
    nobody; under V4 two such deals end 0–0, a draw."""
    steps, final = lockstep(preset, 1, lay_only_deals=deals)
    assert steps > 48 * deals
    if preset == "v4":
        assert final.totals() == (0, 0) and final.winner is None


def replay(notation: str, *moves: str) -> GameState:
    """Play ``moves`` from a position on both sides, comparing after each; the engine's state."""
    state = GameState.from_notation(notation)
    ref = referee_from_state(state)
    for text in moves:
        move = parse_move(text)
        state = state.play(move)
        ref.apply(move_key(move))
        assert not differences(state, ref), f"after {text}: {differences(state, ref)}"
    return state


# P3, deal end: player 1 lays his last card and the leftovers go to him (the last capturer).
# That settles both majorities at once: player 2's spades (6 > 5) and player 0's cards (20 > 17):
# both reach 11. Random play almost never gets here, so it is played by hand.
P3_TWO_CLAIMS = (
    "rules=p3; seed=1; deal=2; dealer=2; scores=6 | 0 | 7; round=5; to_move=1; forced=-; last_capturer=1; "
    "hands=- | K♠ | -; table=Q♠ K♣ K♦ K♥; talon=-; piles=J♠ 10♠ 9♠ 8♠ 7♠ Q♣ Q♦ Q♥ J♣ J♦ J♥ 10♣ 10♦ "
    "10♥ 9♣ 9♦ 9♥ 8♣ 8♦ 8♥ | A♥ A♦ A♣ 2♥ 2♦ 2♣ 3♥ 3♦ 3♣ 4♥ | 6♠ 5♠ 4♠ 3♠ 2♠ A♠ 7♣ 7♦ 7♥ 6♣ 6♦ 6♥ "
    "5♣ 5♦ 5♥ 4♣ 4♦; tabla_points=0 | 0 | 0; bonus=0 | 0 | 0; result=-; pending=-"
)


def test_two_players_reaching_the_target_at_once_claim_in_turn_order_after_the_mover() -> None:
    """docs/design.md: automatic claims go the mover first, then in turn order — 2 before 0."""
    assert GameState.from_notation(P3_TWO_CLAIMS).totals() == (8, 3, 9)
    final = replay(P3_TWO_CLAIMS, "K♠")
    assert final.totals() == (11, 3, 11) and final.winner == 2


# V6, found by the big batch (seed 10288; the engine let the challenger win until 83d015e):
# player 0 has secured 11 but may not claim while player 1's capture J♥=J♠ may be challenged.
# Player 0 challenges it wrongly: player 1 earns 1 and reaches 11 too. docs/design.md: when the
# window closes, "the capturer's automatic claim comes first", so player 1 wins.
V6_WRONG_CHALLENGE = (
    "rules=v6; seed=10288; deal=2; dealer=0; scores=10 | 5; round=4; to_move=1; forced=-; "
    "last_capturer=0; hands=K♣ | J♥; table=J♣ J♠ 6♥ 9♣ 8♣ 5♥ 8♦ 2♠ Q♦; talon=7♣ 8♠ 9♥ K♠ J♦ A♠ "
    "10♦ 9♦ 5♦ 10♥ 6♣ 2♣ 8♥ K♥ 4♣ 7♥ Q♠ Q♣ 5♠ 3♥ 3♦ 6♦ 7♦ K♦; piles=2♦ 10♣ Q♥ A♦ 9♠ 10♠ | "
    "4♥ 4♦ 6♠ 3♠ 3♣ A♣ A♥ 4♠ 5♣ 7♠ 2♥; tabla_points=0 | 0; bonus=0 | 3; result=-; pending=J♥ = J♠"
)


def test_v6_after_a_wrong_challenge_the_capturer_claims_first() -> None:
    final = replay(V6_WRONG_CHALLENGE, "fals 0")
    assert final.totals() == (11, 11) and final.winner == 1


def test_the_referee_lists_the_worked_example_of_rules_section_2() -> None:
    """Hand 5, A, K; table 2, 4, 7, 9: exactly 5+A=2+4, K=4+9 and K=2+4+7 capture (docs/rules.md §2)."""
    from kaszino import parse_cards
    from kaszino.games.kaszino.rules import STANDARD

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


if __name__ == "__main__":  # the big batch: python tests/test_independent_referee.py GAMES [PRESET...]
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for name in sys.argv[2:] or list(PRESETS):
        games = moves = 0
        for seed in range(10_000, 10_000 + count):
            try:
                moves += lockstep(name, seed)[0]
                games += 1
            except AssertionError as disagreement:
                print(disagreement, flush=True)
        print(name, "games", games, "moves", moves, "disagreements", count - games, flush=True)
