"""Mining puzzles from simulated games (the Lichess way: real positions, kept when the task is clear).

Each game is the first deal of ``new_game(seed=s)`` played by a simple greedy policy with some
randomness (its random generator is seeded from ``s`` too), so a puzzle's ``source`` (seed and move
number) replays to its position with :func:`replay`. A position becomes a candidate when its task
is interesting and unambiguous enough (:func:`answers_if_interesting`); candidates are deduplicated
by what the learner sees, tagged with themes by small predicates, rated, and a spread of ratings
from easy to hard is kept.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator

from kaszino.engine.captures import Capture
from kaszino.engine.cards import Card, format_cards
from kaszino.engine.moves import Lay, Move, NextDeal
from kaszino.engine.scoring import BIG_CASINO, LITTLE_CASINO
from kaszino.engine.state import GameState, new_game
from kaszino.errors import KaszinoError
from kaszino.puzzles.puzzle import KINDS, Kind, Puzzle, Rating, Source, solve

CAPTURE_RATE = 0.85
"""How often the simulated players take their greedy capture when they have one."""

ALL_CAPTURES_RANGE = (2, 8)
MOST_TIED_BEST = 2
MAX_GAMES = 5000

_PREFIX: dict[Kind, str] = {"all_captures": "ac", "best_capture": "bc", "sweep": "sw"}


# --- the simulated games ----------------------------------------------------------------------------
def greedy_value(capture: Capture) -> int:
    """The policy's rough worth of a capture: cards that score count most, then the card count."""
    scoring = sum(1 for c in capture.cards if c.value == 1 or c in (BIG_CASINO, LITTLE_CASINO))
    return 10 * scoring + len(capture.cards)


def policy_move(state: GameState, rng: random.Random) -> Move:
    """The simulated player's move: usually the greedy capture, otherwise a random card laid."""
    legal = [m for m in state.legal_moves() if isinstance(m, Capture | Lay | NextDeal)]
    options = [m for m in legal if isinstance(m, Capture)]
    if options and rng.random() < CAPTURE_RATE:
        return max(options, key=lambda c: (greedy_value(c), rng.random()))
    lays = [m for m in legal if isinstance(m, Lay)]
    return rng.choice(lays or legal)


def positions(seed: int) -> Iterator[tuple[int, GameState]]:
    """Every position of the simulated first deal of game ``seed``, with its move number (0-based)."""
    rng = random.Random(f"kaszino-puzzlegen:{seed}")
    state = new_game(seed=seed)
    move = 0
    while not state.finished and not state.deal_over:
        yield move, state
        state = state.play(policy_move(state, rng))
        move += 1


def replay(source: Source) -> GameState:
    """The position a puzzle's ``source`` names."""
    for move, state in positions(source.seed):
        if move == source.move:
            return state
    raise KaszinoError(f"game {source.seed} has no move number {source.move}")


# --- which positions make puzzles -------------------------------------------------------------------
def answers_if_interesting(kind: Kind, state: GameState) -> tuple[Capture, ...] | None:
    """The answers of a ``kind`` puzzle in ``state`` if the task is worth asking, else None.

    ``all_captures``: 2–8 captures. ``best_capture``: a choice of captures with a unique best or
    two tied best. ``sweep``: a tábla exists and none of them is a lone card taking a lone card.
    """
    if state.forced == "lay" or state.finished or state.deal_over:
        return None
    every = solve("all_captures", state)
    if kind == "all_captures":
        low, high = ALL_CAPTURES_RANGE
        return every if low <= len(every) <= high else None
    if len(every) < 2 and not (kind == "sweep" and state.forced == "again"):
        return None
    answers = solve(kind, state)
    if kind == "best_capture":
        return answers if 0 < len(answers) <= MOST_TIED_BEST else None
    return answers if answers and all(len(a.cards) > 2 for a in answers) else None


# --- themes: small pure predicates -----------------------------------------------------------------
Answers = tuple[Capture, ...]
ThemeTest = Callable[[Kind, GameState, Answers], bool]


def _uses(answers: Answers, test: Callable[[Card], bool]) -> bool:
    return any(test(card) for answer in answers for card in answer.cards)


def theme_ace(kind: Kind, state: GameState, answers: Answers) -> bool:
    return _uses(answers, lambda card: card.value == 1)


def theme_big_casino(kind: Kind, state: GameState, answers: Answers) -> bool:
    return _uses(answers, lambda card: card == BIG_CASINO)


def theme_little_casino(kind: Kind, state: GameState, answers: Answers) -> bool:
    return _uses(answers, lambda card: card == LITTLE_CASINO)


def theme_multi_card(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An answer plays two or more hand cards together."""
    return any(len(answer.hand) >= 2 for answer in answers)


def theme_long_capture(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An answer takes three or more table cards."""
    return any(len(answer.table) >= 3 for answer in answers)


def theme_first_move_double(kind: Kind, state: GameState, answers: Answers) -> bool:
    """A tábla on the player's very first move of the deal, worth double."""
    rules = state.rules
    return (kind == "sweep" and state.is_first_move(state.to_move)
            and rules.first_move_tabla_points > rules.tabla_points)


def theme_forced_second_move(kind: Kind, state: GameState, answers: Answers) -> bool:
    """The extra move after the opponent's tábla (RULES §4)."""
    return state.forced == "again"


def theme_open_round(kind: Kind, state: GameState, answers: Answers) -> bool:
    return state.open_round


def theme_many_captures(kind: Kind, state: GameState, answers: Answers) -> bool:
    return kind == "all_captures" and len(answers) >= 5


def theme_tied_best(kind: Kind, state: GameState, answers: Answers) -> bool:
    return kind == "best_capture" and len(answers) >= 2


THEME_TESTS: dict[str, ThemeTest] = {
    "ace": theme_ace,
    "big_casino": theme_big_casino,
    "little_casino": theme_little_casino,
    "multi_card": theme_multi_card,
    "long_capture": theme_long_capture,
    "first_move_double": theme_first_move_double,
    "forced_second_move": theme_forced_second_move,
    "open_round": theme_open_round,
    "many_captures": theme_many_captures,
    "tied_best": theme_tied_best,
}
"""Every theme of :data:`kaszino.puzzles.THEMES` and its predicate."""


def themes(kind: Kind, state: GameState, answers: Answers) -> tuple[str, ...]:
    return tuple(name for name, test in THEME_TESTS.items() if test(kind, state, answers))


# --- ratings, ids, selection --------------------------------------------------------------------------
INITIAL_DEVIATION = 300.0


def estimate_rating(kind: Kind, state: GameState, answers: Answers) -> Rating:
    """A first guess of the difficulty: more options, more cards per answer and more answers are harder."""
    options = len(solve("all_captures", state))
    widest = max(len(answer.cards) for answer in answers)
    table = len(state.table)
    if kind == "all_captures":
        value = 500 + 110 * len(answers) + 50 * table + 40 * sum(len(a.hand) > 1 for a in answers)
    elif kind == "best_capture":
        value = 700 + 60 * options + 70 * widest + 50 * table
    else:
        value = 600 + 120 * widest + 50 * options + 150 * (state.forced == "again")
    return Rating(value=float(min(2500, max(400, round(value, -1)))), deviation=INITIAL_DEVIATION)


def task_key(kind: Kind, state: GameState) -> str:
    """What the learner sees and what decides the answers: two positions with one key are one puzzle."""
    hand = format_cards(sorted(state.hands[state.to_move]))
    table = format_cards(sorted(state.table))
    flags = f"first={state.is_first_move(state.to_move)} forced={state.forced} open={state.open_round}"
    return f"{kind} | {hand} | {table} | {flags}"


def puzzle_id(kind: Kind, key: str) -> str:
    return f"{_PREFIX[kind]}-{hashlib.sha256(key.encode()).hexdigest()[:6]}"


def mine(kind: Kind, seed: int, wanted: int, max_games: int = MAX_GAMES) -> list[Puzzle]:
    """Distinct candidate puzzles from games ``seed``, ``seed + 1``, … until ``wanted`` are found."""
    found: dict[str, Puzzle] = {}
    for game in range(seed, seed + max_games):
        for move, state in positions(game):
            answers = answers_if_interesting(kind, state)
            if answers is None:
                continue
            key = task_key(kind, state)
            if key in found:
                continue
            found[key] = Puzzle(
                id=puzzle_id(kind, key), kind=kind, state=state, answers=answers,
                themes=themes(kind, state, answers), rating=estimate_rating(kind, state, answers),
                source=Source(seed=game, move=move),
            )
            if len(found) >= wanted:
                return list(found.values())
    return list(found.values())


def spread(puzzles: list[Puzzle], count: int) -> list[Puzzle]:
    """``count`` puzzles spread evenly over the rating range, sorted from easy to hard."""
    ranked = sorted(puzzles, key=lambda p: (p.rating.value, p.id))
    if count >= len(ranked):
        return ranked
    if count == 1:
        return ranked[len(ranked) // 2:][:1]
    step = (len(ranked) - 1) / (count - 1)
    return [ranked[round(i * step)] for i in range(count)]


POOL_FACTOR = 4
"""Candidates mined per puzzle kept, so that the kept ones can spread over the difficulties."""


def generate(kinds: tuple[Kind, ...] = KINDS, *, seed: int, count: int) -> list[Puzzle]:
    """``count`` puzzles of each kind mined from games starting at ``seed``, sorted from easy to hard."""
    if count < 1:
        raise KaszinoError(f"count must be at least 1, not {count}")
    chosen = [puzzle for kind in kinds for puzzle in spread(mine(kind, seed, POOL_FACTOR * count), count)]
    return sorted(chosen, key=lambda p: (p.rating.value, p.id))
