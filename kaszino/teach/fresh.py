"""Chapter checks made afresh for every attempt, and the missed questions that come back.

A check is a row of question *kinds* (:class:`FreshCheck`); a kind builds one question from a
seed, so :class:`Asked` ``(kind, seed)`` is all it takes to build the same question again. The
attempt number is the seed: attempt ``n`` asks every kind's question of seed ``n``, on positions the
engine deals and the computer plays (:func:`played_position`), with every answer the engine's.

A question answered wrongly is kept (by its kind and seed, in the progress store) and asked again at
the start of the next attempt, in place of that kind's new question; once answered right, it is
forgotten (:meth:`FreshCheck.attempt`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.moves import NextDeal
from kaszino.games.kaszino.players.simple import GreedyPlayer, RandomPlayer
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.state import GameState, new_game
from kaszino.teach.questions import Question

Build = Callable[[int], Question]
"""One kind of question: seed → the question."""

MAX_DEALS = 400
"""How many played deals :func:`played_position` looks through before it gives up."""


@dataclass(frozen=True, slots=True)
class Asked:
    """One question of a check: its kind and the seed that built it."""

    kind: str
    seed: int


@dataclass(frozen=True, slots=True)
class FreshCheck:
    """The closing check of ``chapter``: one question of each of ``kinds`` per attempt."""

    chapter: str
    kinds: tuple[tuple[str, Build], ...]

    def __post_init__(self) -> None:
        names = [name for name, _ in self.kinds]
        if not names or len(set(names)) != len(names):
            raise KaszinoError(f"chapter {self.chapter}: a check needs kinds with different names, "
                               f"not {names}")

    @property
    def size(self) -> int:
        """How many questions every attempt asks."""
        return len(self.kinds)

    def build(self, asked: Asked) -> Question:
        """The question ``asked`` stands for, built again exactly."""
        for name, build in self.kinds:
            if name == asked.kind:
                return build(asked.seed)
        raise KaszinoError(f"chapter {self.chapter}'s check has no question kind {quote(asked.kind)}")

    def attempt(self, number: int, missed: Sequence[Asked] = ()) -> tuple[Asked, ...]:
        """The questions of attempt ``number``: each kind's question of that seed, except that the
        oldest ``missed`` question of a kind comes back in its place (a kind this check no longer has
        is passed over)."""
        again: dict[str, Asked] = {}
        for asked in missed:
            again.setdefault(asked.kind, asked)
        return tuple(again.get(name, Asked(name, number)) for name, _ in self.kinds)

    def questions(self, number: int) -> tuple[Question, ...]:
        """The new questions of attempt ``number`` (nothing missed comes back)."""
        return tuple(self.build(asked) for asked in self.attempt(number))


def whole_check(chapter: str, questions: Callable[[int], Sequence[Question]], size: int) -> FreshCheck:
    """A check made as a whole per attempt (``questions(attempt)``), cut into kinds by position."""
    made = lru_cache(maxsize=4)(questions)  # one attempt's questions are made once for all its kinds

    def kind(index: int) -> Build:
        return lambda seed: made(seed)[index]

    return FreshCheck(chapter, tuple((f"q{index + 1}", kind(index)) for index in range(size)))


def seeded(chapter: str, kind: str, seed: int) -> random.Random:
    """The random numbers of one question: the same for the same chapter, kind and seed."""
    return random.Random(f"{chapter}.{kind}.{seed}")


def deal_states(rules: Rules, seed: int, *, greedy: bool = False, deals: int = 1,
                rounds: int | None = None) -> Iterator[GameState]:
    """Every position of the first ``deals`` deals of game ``seed`` under ``rules``, to the end of
    the last one or of the game (or of the first deal's round ``rounds``, when given): the computer
    moves for every player (at random, or greedily)."""
    player = GreedyPlayer() if greedy else RandomPlayer(seed)
    state = new_game(rules, seed=seed)
    while not state.finished:
        if rounds is not None and state.round > rounds:
            return
        yield state
        if state.deal_over:
            if state.deal >= deals:
                return
            state = state.play(NextDeal())
        else:
            state = state.play(player.choose(state))
    yield state


def in_play(state: GameState) -> bool:
    """A position where the player to move makes an ordinary move: the deal and the game go on,
    no forced lay, no capture waiting for "Fals!"."""
    return not state.deal_over and not state.finished and state.forced is None and state.pending is None


def played_position(rng: random.Random, test: Callable[[GameState], bool], rules: Rules = STANDARD, *,
                    greedy: bool = False, deals: int = 1, rounds: int | None = None) -> GameState:
    """A position passing ``test`` from a deal the computer plays, both chosen by ``rng``; ``rounds``
    says that no position after that round of the first deal passes (the rest is not played)."""
    for _ in range(MAX_DEALS):
        seed = rng.randrange(1_000_000)
        found = [state for state in deal_states(rules, seed, greedy=greedy, deals=deals, rounds=rounds)
                 if test(state)]
        if found:
            return rng.choice(found)
    raise KaszinoError(f"no position of {MAX_DEALS} played deals of {rules.name} passes the test")


def played_step(rng: random.Random, test: Callable[[GameState, GameState], bool], rules: Rules = STANDARD, *,
                greedy: bool = False) -> tuple[GameState, GameState]:
    """A position and the one after its move, from a deal the computer plays, passing ``test``."""
    for _ in range(MAX_DEALS):
        states = list(deal_states(rules, rng.randrange(1_000_000), greedy=greedy))
        found = [(before, after) for before, after in pairwise(states) if test(before, after)]
        if found:
            return rng.choice(found)
    raise KaszinoError(f"no move of {MAX_DEALS} played deals of {rules.name} passes the test")
