"""Mining puzzles from simulated games (the Lichess way: real positions, kept when they teach something).

Every position of a simulated game (:mod:`kaszino.puzzles.simulate`) is offered to each kind's
*miner*, which keeps it only when the task is clear and instructive — a best answer that beats the
next by a margin, a tempting answer the solver refutes, a tábla that is not the obvious capture — and
scores its difficulty from solver features. Candidates are deduplicated by what the learner sees,
tagged with themes (:mod:`kaszino.puzzles.themes`), spread over their difficulty, and rated: the
initial rating is the puzzle's place among the chosen puzzles of its kind, mapped onto
:data:`RATING_RANGE`, so each kind fills the three bands.

:func:`generate` runs the games in a process pool, batch after batch in seed order; the result
depends only on the seed and the count, never on the number of workers.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import combinations

from kaszino.engine.cards import card_sum, format_cards
from kaszino.errors import KaszinoError, TooLargeError, quote
from kaszino.games.casino.state import CasinoState
from kaszino.games.kaszino.captures import Capture, captures
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.solver.value import capture_values
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa.state import ScopaState
from kaszino.puzzles.capture_kinds import fals_faults
from kaszino.puzzles.instructive import instructive_problem, looks_right
from kaszino.puzzles.kinds import KASZINO_KINDS, Answer, Game, Kind, free_to_move, is_answer
from kaszino.puzzles.mining_casino import CASINO_MINERS
from kaszino.puzzles.mining_scopa import SCOPA_MINERS
from kaszino.puzzles.play_kinds import solution, threats
from kaszino.puzzles.puzzle import KIND_RULES, KINDS, Position, Puzzle, Rating, Source, solve
from kaszino.puzzles.simulate import game_positions, played_at, plays, replay
from kaszino.puzzles.themes import theme_greedy_trap, theme_quiet_move, themes
from kaszino.workers import worker_pool

Mined = tuple[GameState, tuple[Answer, ...], float]
"""A miner's find: the puzzle's position, its answers and a difficulty score (higher is harder)."""
Miner = Callable[[GameState, random.Random], Mined | None]
PlayedMiner = Callable[[GameState, Move, random.Random], Mined | None]
"""A miner of a kind that stores the move played in the game: it is handed that move too."""
Found = tuple[Position, tuple[Answer, ...], float]
"""A find of any game's miner."""

FALS_RULES = PRESETS["v6"].with_changes(claim="manual")
"""Fals! puzzles are asked under V6 with manual claims."""


# --- the miners: one per kind ---------------------------------------------------------------------
# Each keeps a position when its kind's predicate (:mod:`kaszino.puzzles.instructive`) finds it
# instructive, and scores its difficulty.
def _kept(kind: Kind, state: GameState, played: Move | None = None) -> tuple[Answer, ...] | None:
    """The answers of ``kind`` in ``state`` if the position makes an instructive puzzle, else None."""
    answers = solve(kind, state)
    return answers if instructive_problem(kind, state, answers, played) is None else None


def mine_all_captures(state: GameState, rng: random.Random) -> Mined | None:
    """2–8 captures, at least three of them or one that plays several hand cards."""
    if free_to_move(state) is not None or (answers := _kept("all_captures", state)) is None:
        return None
    caps = [a for a in answers if isinstance(a, Capture)]
    multi = sum(len(a.hand) > 1 for a in caps)
    long = sum(len(a.table) > 2 for a in caps)
    return state, answers, len(caps) + 0.3 * len(state.table) + multi + 0.5 * long


def mine_best_capture(state: GameState, rng: random.Random) -> Mined | None:
    """A unique best (or two tied) that beats the next capture by a point, or that is not the
    capture taking the most cards (the tempting one)."""
    if free_to_move(state) is not None or (answers := _kept("best_capture", state)) is None:
        return None
    valued = capture_values(state)
    weaker = [value for _, value in valued if value < valued[0][1]]
    trap = theme_greedy_trap("best_capture", state, answers)
    margin = valued[0][1].points - weaker[0].points
    return state, answers, len(valued) + 0.3 * len(state.table) + 2.5 * trap + 1.5 * (margin == 0)


def mine_sweep(state: GameState, rng: random.Random) -> Mined | None:
    """A tábla that is not the obvious capture: never a lone card taking a lone card."""
    if free_to_move(state) is not None or (answers := _kept("sweep", state)) is None:
        return None
    caps = [a for a in answers if isinstance(a, Capture)]
    others = captures(state.hands[state.to_move], state.table, state.rules)
    widest = max(len(a.cards) for a in caps)
    hand_cards = max(len(a.hand) for a in caps)
    score = widest + 0.3 * len(others) + 2 * (state.forced == "again") + 0.5 * len(state.table) + hand_cards
    return state, answers, score + 0.1 * card_sum(state.table)


def mine_last_round(state: GameState, rng: random.Random) -> Mined | None:
    """The open last round with at least three moves and two results, where the greedy capture fails
    or the best move wins by two points or more."""
    if KIND_RULES["last_round"].position_problem(state) is not None:
        return None
    if (answers := _kept("last_round", state)) is None:
        return None
    found = solution(state)
    results = sorted(set(found.move_values.values()), reverse=True)
    trap = theme_greedy_trap("last_round", state, answers)
    quiet = theme_quiet_move("last_round", state, answers)
    margin = results[0] - results[1]
    score = 0.4 * len(found.move_values) + 0.3 * len(state.table) + 2.5 * trap + 2 * quiet + (margin == 1)
    return state, answers, score + 0.2 * len(found.line)


def mine_defend(state: GameState, rng: random.Random) -> Mined | None:
    """No capture in the open last round, lays that differ in what they give away, and the lays that
    give the least are also best by the exact solver."""
    if KIND_RULES["defend"].position_problem(state) is not None:
        return None
    if (answers := _kept("defend", state)) is None:
        return None
    found = threats(state)
    keys = {t.key for t in found}
    lowest = min(state.hands[state.to_move], key=lambda card: card.value)
    trap = not is_answer(answers, Lay(lowest))
    sweep = any(t.sweep for t in found)
    return state, answers, len(keys) + 0.3 * len(state.table) + 2 * trap + 1.5 * (not sweep)


def _near_misses(state: GameState) -> list[Capture]:
    """False captures that look right (:func:`~kaszino.puzzles.instructive.looks_right`), of at most
    four table cards."""
    hand, table = state.hands[state.to_move], state.table
    limit = state.rules.capture_limit or 13
    found = []
    for size in range(1, len(hand) + 1):
        for group in combinations(hand, size):
            for count in range(1, min(4, len(table)) + 1):
                for taken in combinations(table, count):
                    shown = Capture(group, taken)
                    if looks_right(shown, limit):  # a capture that looks right is false
                        found.append(shown)
    return found


FALS_SHARES = (("correct", 0.4), ("sums_differ", 0.3), ("over_limit", 0.3))
"""How often a Fals! candidate shows a correct capture, a near miss in the sums, or equal sums over 13."""


def mine_fals(state: GameState, rng: random.Random) -> Mined | None:
    """A capture shown being made under V6: correct (three cards or more), or a false one that looks
    right — the sides one apart, or equal sums just over the limit."""
    if free_to_move(state) is not None or state.forced is not None or not state.hands[1 - state.to_move]:
        return None
    wanted = rng.choices([name for name, _ in FALS_SHARES], [share for _, share in FALS_SHARES])[0]
    if wanted == "correct":
        legal = captures(state.hands[state.to_move], state.table, state.rules)
        options = [c for c in legal if len(c.cards) >= 3]
    else:
        options = [c for c in _near_misses(state) if wanted in fals_faults(c, FALS_RULES.capture_limit)]
    if not options:
        return None
    shown = rng.choice(options)
    after = replace(state, rules=FALS_RULES).play(shown)
    if after.to_move == state.to_move or after.round != state.round:
        return None
    if (answers := _kept("fals", after)) is None:
        return None
    mine, theirs = card_sum(shown.hand), card_sum(shown.table)
    subtle = answers == ("over_limit",)  # equal sums: only the limit is broken
    score = len(shown.cards) + 0.15 * max(mine, theirs) + 2 * (answers != ("correct",)) + 1.5 * subtle
    return after, answers, score + (abs(mine - theirs) == 1)


def mine_ausz(state: GameState, rng: random.Random) -> Mined | None:
    """The secured points are near the target, or counting an open majority would mislead."""
    if KIND_RULES["ausz"].position_problem(state) is not None or (answers := _kept("ausz", state)) is None:
        return None
    me, target = state.to_move, state.rules.target
    secured = state.totals()[me]
    misleading = themes("ausz", state, answers)
    close = target is not None and abs(secured - target) <= 1
    score = 0.5 * len(misleading) + 2 * ("majority_open" in misleading) + state.tabla_points[me] + close
    return state, answers, score + 0.1 * len(state.piles[me])


def mine_score_deal(state: GameState, rng: random.Random) -> Mined | None:
    """A finished deal, asked of one player (chosen at random) who has not secured the game with it."""
    if not state.deal_over or state.finished:
        return None
    asked = replace(state, to_move=rng.randrange(state.players))
    if (answers := _kept("score_deal", asked)) is None:
        return None
    mine = asked.deal_scores()[asked.to_move]
    items = mine.aces + mine.big_casino + mine.little_casino + bool(mine.tabla) + bool(mine.most_cards)
    close = abs(mine.cards - 26) <= 2 or abs(mine.spades - 6.5) <= 1
    return asked, answers, items + 0.5 * bool(mine.most_spades) + 1.5 * close + mine.tabla


def mine_deal_saving(state: GameState, played: Move, rng: random.Random) -> Mined | None:
    """A position of the last three rounds where the move played lost two points or more, the
    mover cannot claim the game, and at most half of the moves keep the best result."""
    if KIND_RULES["deal_saving"].position_problem(state) is not None or not isinstance(played, Capture | Lay):
        return None
    if (answers := _kept("deal_saving", state, played)) is None:
        return None
    found = solution(state)
    loss = found.value - found.move_values[played]
    quiet = theme_quiet_move("deal_saving", state, answers)
    trap = theme_greedy_trap("deal_saving", state, answers)
    rounds_left = state.rules.rounds - state.round
    score = 0.3 * len(found.move_values) + 0.3 * len(state.table) + 2 * quiet + 2 * trap + rounds_left
    return state, answers, score + (len(answers) == 1) - 0.2 * min(loss, 6)


KASZINO_MINERS: dict[Kind, Miner] = {
    "all_captures": mine_all_captures,
    "best_capture": mine_best_capture,
    "sweep": mine_sweep,
    "last_round": mine_last_round,
    "fals": mine_fals,
    "ausz": mine_ausz,
    "score_deal": mine_score_deal,
    "defend": mine_defend,
}
PLAYED_MINERS: dict[Kind, PlayedMiner] = {"deal_saving": mine_deal_saving}
"""The miners of the kinds that store the move played in the game."""
assert (*KASZINO_MINERS, *PLAYED_MINERS) == KASZINO_KINDS


def _mined(kind: Kind, state: Position, rng: random.Random, played: Move | None) -> Found | None:
    """The find of ``kind``'s miner in ``state`` (a position of the kind's game, ``played`` the
    move played from it in the game), or None."""
    if kind in SCOPA_MINERS:
        assert isinstance(state, ScopaState)
        return SCOPA_MINERS[kind](state, rng)
    if kind in CASINO_MINERS:
        assert isinstance(state, CasinoState)
        return CASINO_MINERS[kind](state, rng)
    assert isinstance(state, GameState)
    if kind in PLAYED_MINERS:
        return None if played is None else PLAYED_MINERS[kind](state, played, rng)
    return KASZINO_MINERS[kind](state, rng)


# --- candidates from one game ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Candidate:
    """A mined puzzle before selection: the puzzle (rated later), its dedup key and difficulty score."""

    puzzle: Puzzle
    key: str
    difficulty: float


def task_key(kind: Kind, state: Position) -> str:
    """What the learner sees and what decides the answers: two positions with one key are one puzzle."""
    if isinstance(state, CasinoState):
        if kind in ("casino_captures", "casino_builds", "casino_best"):
            hand, table = format_cards(sorted(state.hands[state.to_move])), format_cards(sorted(state.table))
            builds = " ".join(sorted(str(build) for build in state.builds))
            return f"{kind} | {hand} | {table} | {builds} | owner={state.to_move}"
        return f"{kind} | " + re.sub(r"\bseed=\d+; ", "", state.notation())
    if isinstance(state, ScopaState):
        if kind == "scopa_captures" or (kind == "scopa_best" and not state.last_round):
            hand, table = format_cards(sorted(state.hands[state.to_move])), format_cards(sorted(state.table))
            return f"{kind} | {state.rules.name} | {hand} | {table}"
        return f"{kind} | " + re.sub(r"\bseed=\d+; ", "", state.notation())
    if kind in ("all_captures", "best_capture", "sweep"):
        hand = format_cards(sorted(state.hands[state.to_move]))
        table = format_cards(sorted(state.table))
        flags = f"first={state.is_first_move(state.to_move)} forced={state.forced} open={state.open_round}"
        return f"{kind} | {hand} | {table} | {flags}"
    return f"{kind} | " + re.sub(r"\bseed=\d+; ", "", state.notation())


def puzzle_id(kind: Kind, key: str) -> str:
    """The kind's prefix and a hash of the task key."""
    return f"{KIND_RULES[kind].prefix}-{hashlib.sha256(key.encode()).hexdigest()[:6]}"


def candidate(kind: Kind, seed: int, move: int, state: Position, played: Move | None = None
              ) -> Candidate | None:
    """The ``kind`` candidate at move ``move`` of game ``seed`` (``played`` the move played from
    it), if its miner keeps the position (a position past the solver's budget is no puzzle: the
    check could not confirm it)."""
    try:
        found = _mined(kind, state, random.Random(f"kaszino-miner:{kind}:{seed}:{move}"), played)
    except TooLargeError:
        return None
    if found is None:
        return None
    position, answers, difficulty = found
    key = task_key(kind, position)
    stored = played if KIND_RULES[kind].stores_played else None
    puzzle = Puzzle(id=puzzle_id(kind, key), kind=kind, state=position, answers=answers,
                    themes=themes(kind, position, answers), source=Source(seed=seed, move=move),
                    played=stored)
    return Candidate(puzzle, key, round(difficulty, 3))


PER_GAME = 3
"""At most this many candidates of one kind from one game, chosen at random: variety over volume."""


def mine_game(seed: int, kinds: Sequence[Kind] = KINDS) -> list[Candidate]:
    """The candidates of game ``seed`` for ``kinds``, at most :data:`PER_GAME` of each kind."""
    found: dict[Kind, list[Candidate]] = {kind: [] for kind in kinds}
    games: dict[Game, list[Kind]] = {}
    for kind in kinds:
        games.setdefault(KIND_RULES[kind].game, []).append(kind)
    for game, own in games.items():
        for move, state, played in _game_plays(seed, game):
            for kind in own:
                mined = candidate(kind, seed, move, state, played)
                if mined is not None:
                    found[kind].append(mined)
    shared = random.Random(f"kaszino-pick:{seed}")  # Kaszinó's first kinds draw in turn, as they always have
    chosen = []
    for kind in kinds:
        options = found[kind]
        # Scopa's and Casino's kinds and the later Kaszinó kinds draw each from its own seed: their
        # picks never depend on the others mined.
        game = KIND_RULES[kind].game
        rng = shared if kind in KASZINO_MINERS else random.Random(f"{game}-pick:{seed}:{kind}")
        picked = sorted(rng.sample(range(len(options)), min(PER_GAME, len(options))))
        chosen += [options[i] for i in picked]
    return chosen


def _game_plays(seed: int, game: Game) -> Iterator[tuple[int, Position, Move | None]]:
    """The positions of simulated game ``seed`` of ``game`` with the move played from each
    (Kaszinó's; None for Scopa's and Casino's, whose kinds store none)."""
    if game == "kaszino":
        yield from plays(seed)
    else:
        for move, state in game_positions(seed, game):
            yield move, state, None


def rebuild(puzzle: Puzzle) -> Candidate | None:
    """The candidate a mined puzzle's ``source`` gives again (None if the source no longer yields one)."""
    if puzzle.source is None:
        raise KaszinoError(f"puzzle {quote(puzzle.id)} has no source to rebuild it from")
    seed, move = puzzle.source.seed, puzzle.source.move
    state = replay(seed, move, puzzle.game)
    played = played_at(seed, move) if puzzle.game == "kaszino" else None
    return candidate(puzzle.kind, seed, move, state, played)


# --- selection and ratings ---------------------------------------------------------------------------
RATING_RANGE = (800.0, 2000.0)
INITIAL_DEVIATION = 300.0


def spread(candidates: Sequence[Candidate], count: int) -> list[Candidate]:
    """``count`` candidates spread evenly over the difficulty range, easiest first."""
    ranked = sorted(candidates, key=lambda c: (c.difficulty, c.puzzle.id))
    if count >= len(ranked):
        return ranked
    if count == 1:
        return ranked[len(ranked) // 2:][:1]
    step = (len(ranked) - 1) / (count - 1)
    return [ranked[round(i * step)] for i in range(count)]


def rated(chosen: Sequence[Candidate]) -> list[Puzzle]:
    """The puzzles of one kind rated by their place in difficulty (ties share the middle place)."""
    low, high = RATING_RANGE
    scores = sorted(c.difficulty for c in chosen)
    last = max(len(scores) - 1, 1)
    puzzles = []
    for c in chosen:
        first = scores.index(c.difficulty)
        middle = (first + first + scores.count(c.difficulty) - 1) / 2
        place = middle / last if len(scores) > 1 else 0.5
        value = float(round(low + (high - low) * place, -1))
        puzzles.append(replace(c.puzzle, rating=Rating(value=value, deviation=INITIAL_DEVIATION)))
    return puzzles


POOL_FACTOR = 2
"""Candidates gathered per puzzle kept, so that the kept ones can spread over the difficulties."""
GAMES_PER_WORKER = 4
"""Games handed out per worker in one step; only the speed depends on it, never the result."""
MAX_GAMES = 4000

Progress = Callable[[int, int], None]
"""Called with (candidates gathered so far, candidates wanted) after every game."""


class _Pools:
    """The candidates gathered per kind, game after game in seed order.

    A game adds candidates only of the kinds whose pool was not full before it, and gathering stops
    after the first game that fills the last pool: the pools depend on the games in order alone,
    not on how the games were shared out among workers.
    """

    def __init__(self, kinds: tuple[Kind, ...], wanted: int) -> None:
        self.kinds, self.wanted = kinds, wanted
        self.found: dict[Kind, dict[str, Candidate]] = {kind: {} for kind in kinds}
        self.games = 0

    def open_kinds(self) -> tuple[Kind, ...]:
        return tuple(kind for kind in self.kinds if len(self.found[kind]) < self.wanted)

    def full(self) -> bool:
        return not self.open_kinds()

    def gathered(self) -> int:
        return sum(min(len(pool), self.wanted) for pool in self.found.values())

    def add(self, game: list[Candidate]) -> None:
        wanted = self.open_kinds()
        for c in game:
            if c.puzzle.kind in wanted:
                self.found[c.puzzle.kind].setdefault(c.key, c)
        self.games += 1


def generate(
    kinds: Sequence[Kind] = KINDS,
    *,
    seed: int,
    count: int,
    workers: int | None = None,
    progress: Progress | None = None,
    max_games: int = MAX_GAMES,
) -> list[Puzzle]:
    """``count`` puzzles of each of ``kinds`` mined from games ``seed``, ``seed + 1``, …

    ``workers`` processes mine the games (default: every core; 1 mines in this process). The
    result is sorted by kind (in :data:`KINDS` order), then from easy to hard, and is the same
    for a seed and count whatever the number of workers.
    """
    if count < 1:
        raise KaszinoError(f"count must be at least 1, not {count}")
    if workers is not None and workers < 1:
        raise KaszinoError(f"workers must be at least 1, not {workers}")
    pools = _Pools(tuple(dict.fromkeys(kinds)), POOL_FACTOR * count)
    processes = workers or os.cpu_count() or 1
    step = GAMES_PER_WORKER * processes
    with worker_pool(processes) as mapped:
        next_seed, stop = seed, seed + max_games
        while not pools.full() and next_seed < stop:
            # Kinds full before this step are not mined; kinds that fill up within it are cut off per game.
            mine = partial(mine_game, kinds=pools.open_kinds())
            batch = range(next_seed, min(next_seed + step, stop))
            for game in mapped(mine, batch):
                pools.add(game)
                if progress is not None:
                    progress(pools.gathered(), pools.wanted * len(pools.kinds))
                if pools.full():
                    break
            next_seed = batch.stop
    short = [f"{kind} ({len(pools.found[kind])})" for kind in pools.kinds if len(pools.found[kind]) < count]
    if short:
        raise KaszinoError(f"found fewer than {count} puzzles of {', '.join(short)} in {pools.games} games; "
                           f"try a smaller count")
    return [p for kind in pools.kinds for p in sorted(rated(spread(list(pools.found[kind].values()), count)),
                                                       key=lambda p: (p.rating.value, p.id))]
