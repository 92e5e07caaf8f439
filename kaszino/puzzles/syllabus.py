"""Where the tutorial teaches each kind of puzzle, and the kinds a learner has been taught so far.

A kind belongs to the chapter whose lessons teach every term its tasks, hints and solutions use:

- chapter 02 (captures and the tábla): every capture, the tábla;
- chapter 05 (card points, the casinos, a deal's points): the most valuable capture, the open last
  round, defending, saving the deal (their solutions count the deal's points);
- chapter 06 (the game: Fals!, Ausz!): Fals!, Ausz?, and scoring a deal (its tally names the Fals!);
- chapter 08: Scopa's kinds; chapter 09: Casino's.

``tests/test_syllabus.py`` reads the texts of every kind's shipped puzzles for a term taught after
its chapter. The trainer page serves by default what the learner has been taught, and every kind
they have practised before (:func:`learner_kinds`, docs/puzzles.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from kaszino.puzzles.kinds import KINDS, Kind
from kaszino.puzzles.puzzle import Puzzle
from kaszino.store import Store, training
from kaszino.teach.chapters import CHAPTERS

TAUGHT_IN: Mapping[Kind, str] = MappingProxyType({
    "all_captures": "02", "sweep": "02",
    "best_capture": "05", "last_round": "05", "defend": "05", "deal_saving": "05",
    "fals": "06", "ausz": "06", "score_deal": "06",
    "scopa_captures": "08", "scopa_best": "08", "scopa_primiera": "08", "scopa_last_round": "08",
    "casino_captures": "09", "casino_builds": "09", "casino_best": "09", "casino_last_hand": "09",
})
"""The chapter (its id) that teaches each kind."""
CHAPTER_IDS = frozenset(chapter.id for chapter in CHAPTERS)
assert set(TAUGHT_IN) == set(KINDS) and set(TAUGHT_IN.values()) <= CHAPTER_IDS

POINTS = "05"
"""The chapter that teaches card points and the secured points a table shows beside each player."""

FIRST = min(TAUGHT_IN.values())
"""The first chapter that teaches a kind: a learner who has tried a check gets at least its kinds."""


def learnt_kinds(tried: Iterable[str], practised: Iterable[str] = ()) -> tuple[Kind, ...]:
    """The kinds taught up to the furthest chapter in ``tried`` (the ids of the chapters whose check
    the learner has tried), at least those of :data:`FIRST`, and the kinds in ``practised``, in the
    order of ``KINDS``. Empty when no chapter is tried (nothing is known of the learner) or when
    every kind is in: then the trainer serves every kind."""
    reached = max((chapter for chapter in tried if chapter in CHAPTER_IDS), default=None)
    if reached is None:
        return ()
    furthest, known = max(reached, FIRST), set(practised)
    learnt = tuple(kind for kind in KINDS if TAUGHT_IN[kind] <= furthest or kind in known)
    return () if learnt == KINDS else learnt


def points_taught(kinds: Iterable[str]) -> bool:
    """Whether a learner served ``kinds`` (as :func:`learnt_kinds` gives them; empty: every kind)
    has been taught the points (:data:`POINTS`): a table shows the secured points only then."""
    chapters = [TAUGHT_IN[kind] for kind in kinds]  # type: ignore[index]
    return not chapters or max(chapters) >= POINTS


def learner_kinds(store: Store, puzzles: Iterable[Puzzle]) -> tuple[Kind, ...]:
    """:func:`learnt_kinds` of the learner whose progress ``store`` keeps: the chapters whose check
    they tried, and the kinds of the shipped ``puzzles`` they have tried in the trainer (so that
    every puzzle due for review is of a kind served)."""
    tried = training.attempted_ids(store)
    return learnt_kinds(store.chapter_results(), {puzzle.kind for puzzle in puzzles if puzzle.id in tried})
