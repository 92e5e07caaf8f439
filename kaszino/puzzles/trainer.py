"""The puzzle trainer's logic: which puzzle comes next, honest scoring, ratings, streaks, review.

A :class:`Trainer` serves puzzles one after another (:meth:`Trainer.next`, :meth:`Trainer.previous`)
from a collection, in one of six modes:

- ``"rated"``: the puzzle not tried before whose rating is nearest the learner's;
- ``"streak"``: puzzles getting harder step by step from a bit below the learner's rating; the
  run ends at the first puzzle not solved cleanly;
- ``"review"``: the puzzles whose review card (:mod:`kaszino.puzzles.review`) is due, earliest first;
- ``"daily"``: the day's puzzle, the same for everyone on a date (:mod:`kaszino.puzzles.daily`);
- ``"timed"``: three minutes against the clock, puzzles getting harder as in a streak, every
  failure costing ten seconds (:mod:`kaszino.puzzles.timed`); the best score is stored;
- ``"sequence"``: the puzzles in the order given (a chapter's fixed set).

:class:`Filters` narrow every mode to chosen games (Kaszinó, Scopa, Casino), kinds, themes and
difficulty bands (empty: a mix).

**Honest scoring.** Each visit to a puzzle is a :class:`Visit`. Its outcome is decided once, by
the first answer: ``"solved"`` (right, no hint), ``"partial"`` (right after a hint) or
``"failed"`` (wrong, or the solution shown first). Later answers are judged and explained but
change nothing; a wrong answer's verdict never names the right one (``Puzzle.check``), so the
learner may try again until they ask for the solution. Leaving a puzzle after a hint without an
answer counts as giving up (failed); leaving it untouched records nothing.

**Class sets.** A trainer given a ``puzzle_set`` (a teacher's class set,
:mod:`kaszino.puzzles.class_set`) stores every attempt under that set's name and rates none, nor
puts any on the review list: its sequence serves the puzzles the learner has not tried yet first,
in the teacher's order, then the others.

**Ratings.** Only the first attempt a learner ever makes at a puzzle is rated (Glicko-2,
:mod:`kaszino.puzzles.rating`): a review visit knows the answer already. Every finished visit is
stored (:mod:`kaszino.store.training`), with its outcome, in one transaction together with the
new ratings and the review card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Literal, get_args

from kaszino.errors import KaszinoError, quote
from kaszino.inputs import check_choice, check_list, check_texts, check_type
from kaszino.puzzles.daily import daily_puzzle
from kaszino.puzzles.due import count_due
from kaszino.puzzles.puzzle import (
    BANDS,
    GAMES,
    KIND_RULES,
    KINDS,
    POSITION_TYPES,
    THEMES,
    Puzzle,
    PuzzleVerdict,
    Rating,
    answers_confirmed,
)
from kaszino.puzzles.rating import NEW_LEARNER, rate
from kaszino.puzzles.review import Outcome, ReviewCard, needs_review, schedule
from kaszino.puzzles.timed import TimedRun
from kaszino.store import Store, training
from kaszino.store.training import (
    SHIPPED_SET,
    AttemptContext,
    AttemptRecord,
    AttemptWrite,
    StoredCard,
    StoredRating,
)

Mode = Literal["rated", "streak", "review", "daily", "timed", "sequence"]
MODES: tuple[Mode, ...] = get_args(Mode)
SCORES: dict[Outcome, float] = {"solved": 1.0, "partial": 0.5, "failed": 0.0}
"""The learner's score in a rated game for each outcome."""

STREAK_START = 200.0
"""A streak run starts this far below the learner's rating …"""
STREAK_STEP = 50.0
"""… and every clean solve raises the target rating by this much."""

PLACED_DEVIATION = 80.0
"""A learner whose rating deviation is this or less is placed: puzzles are chosen at his rating …"""
PLACEMENT_CAUTION = 1.5
"""… and before that this many points below it per point of deviation above it, so a new learner
(1500 ± 350) starts on easy puzzles (about 1100) and his first answers, which move an uncertain
rating most, place him (the Lichess way: start easy, climb as fast as the answers allow)."""

KIND_SPREAD = 120.0
"""A mix balances its kinds: each visit of a kind among the session's last :data:`MIX_MEMORY`
counts as this many rating points farther from the target for another puzzle of that kind."""
MIX_MEMORY = 8
THEME_SPREAD = 60.0
"""… and balances its themes: each visit among the same last ones that shares a theme with a
puzzle counts this many points farther, averaged over the puzzle's themes (a puzzle with no
theme shares none)."""

Clock = Callable[[], datetime]


def placement_target(rating: Rating) -> float:
    """The rating near which a rated puzzle is chosen for a learner rated ``rating``."""
    return rating.value - PLACEMENT_CAUTION * max(0.0, rating.deviation - PLACED_DEVIATION)


def utc_now() -> datetime:
    """The current time in UTC (the trainer's default clock)."""
    return datetime.now(UTC)


def known_texts(name: str, values: object, known: Sequence[str]) -> tuple[str, ...]:
    """``values`` as a tuple of texts, each one of ``known``; a ``KaszinoError`` naming ``name`` if not."""
    texts = check_texts(name, values)
    unknown = [value for value in texts if value not in known]
    if unknown:
        raise KaszinoError(f"{name}: unknown {', '.join(map(quote, unknown))}; "
                           f"choose from {', '.join(known)}")
    return texts


@dataclass(frozen=True, slots=True)
class Filters:
    """Which puzzles to serve: kinds, themes (any of them), bands and games; an empty field admits all."""

    kinds: tuple[str, ...] = ()
    themes: tuple[str, ...] = ()
    bands: tuple[str, ...] = ()
    games: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name, known in (("kinds", KINDS), ("themes", THEMES), ("bands", BANDS), ("games", GAMES)):
            object.__setattr__(self, name, known_texts(name, getattr(self, name), known))

    def admits(self, puzzle: Puzzle) -> bool:
        """Whether ``puzzle`` passes every filter."""
        return ((not self.kinds or puzzle.kind in self.kinds)
                and (not self.themes or any(theme in puzzle.themes for theme in self.themes))
                and (not self.bands or puzzle.band in self.bands)
                and (not self.games or puzzle.game in self.games))


@dataclass(slots=True)
class Visit:
    """One visit to a puzzle: what the learner did, and the outcome once decided."""

    puzzle: Puzzle
    mode: Mode
    hints: int = 0
    wrong: int = 0
    answers: int = 0
    solution_shown: bool = False
    solved: bool = False
    outcome: Outcome | None = None
    verdict: PuzzleVerdict | None = None
    record: AttemptRecord | None = None
    ended_run: int | None = None
    """In streak mode, the length of the run this visit ended (None if it ended none)."""

    @property
    def decided(self) -> bool:
        """Whether the outcome is fixed (by the first answer, the solution, or giving up)."""
        return self.outcome is not None


@dataclass(frozen=True, slots=True)
class Summary:
    """The session so far: outcomes, the learner's rating then and now, streaks, reviews."""

    visits: int
    solved: int
    partial: int
    failed: int
    rating_before: Rating
    rating_now: Rating
    streak: int
    best_streak: int
    reviews_due: int
    next_review: datetime | None


def streaks(outcomes: Iterable[str]) -> tuple[int, int]:
    """The current and the longest run of clean solves (``"solved"``) in ``outcomes``."""
    if isinstance(outcomes, (str, bytes)) or not isinstance(outcomes, Iterable):
        raise KaszinoError(f"outcomes must be a list of outcomes, not {quote(outcomes)}")
    current = best = 0
    for outcome in outcomes:
        current = current + 1 if outcome == "solved" else 0
        best = max(best, current)
    return current, best


def _rating(stored: StoredRating | None, default: Rating) -> Rating:
    return default if stored is None else Rating(stored.value, stored.deviation, stored.volatility)


def _stored(rating: Rating, before: StoredRating | None) -> StoredRating:
    games = 0 if before is None else before.games
    return StoredRating(rating.value, rating.deviation, rating.volatility, games + 1)


class Trainer:
    """A training session over ``puzzles``; see the module docstring.

    ``store`` is the learner's progress store (None: nothing is stored, nothing
    rated; a chapter's short set works so). ``clock`` gives the time of each attempt.
    ``puzzle_set`` names a teacher's class set (``""``: the shipped collection). ``learnt``: the
    kinds the learner has been taught so far (:func:`kaszino.puzzles.syllabus.learnt_kinds`), which
    the kind menu offers together; empty when not known.
    """

    def __init__(self, puzzles: Sequence[Puzzle], store: Store | None = None, *,
                 mode: Mode = "rated", filters: Filters = Filters(), clock: Clock = utc_now,
                 puzzle_set: str = SHIPPED_SET, learnt: Sequence[str] = ()) -> None:
        if not check_list("puzzles", puzzles, "puzzles"):
            raise KaszinoError("a trainer needs at least one puzzle")
        for number, puzzle in enumerate(puzzles):  # any object with a position and an id will do
            if (not isinstance(getattr(puzzle, "state", None), tuple(POSITION_TYPES.values()))
                    or not isinstance(puzzle.id, str)):
                raise KaszinoError(f"puzzles[{number}] is not a puzzle (it has no position): {quote(puzzle)}")
        if store is not None:
            check_type("store", store, Store)
        check_type("filters", filters, Filters)
        if not callable(clock):
            raise KaszinoError(f"clock must be a function giving the time, not {quote(clock)}")
        self._puzzles = tuple(puzzles)
        self._by_id = {puzzle.id: puzzle for puzzle in self._puzzles}
        if len(self._by_id) != len(self._puzzles):
            raise KaszinoError("every puzzle of a trainer needs its own id")
        self._store = store
        self._clock = clock
        if not isinstance(puzzle_set, str):
            raise KaszinoError(f"puzzle_set must be the name of a class set, not {quote(puzzle_set)}")
        self._set = puzzle_set
        self.learnt = known_texts("learnt", learnt, KINDS)
        self._timed: TimedRun | None = None
        self._mode: Mode = "rated"
        self.mode = mode
        self.filters = filters
        self._history: list[Visit] = []
        self._checked: dict[str, bool] = {}  # puzzle id: whether the solver confirms its answers
        self._index = -1
        self._run = 0
        self._rating_before = self.learner_rating

    # --- settings ------------------------------------------------------------------------------
    @property
    def mode(self) -> Mode:
        """How the next puzzle is chosen (``rated``, ``streak``, ``review`` or ``sequence``)."""
        return self._mode

    @mode.setter
    def mode(self, mode: Mode) -> None:
        check_choice("mode", mode, MODES)
        self._mode = mode
        self._run = 0
        self._timed = TimedRun(self._clock()) if mode == "timed" else None

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """The whole collection the trainer chooses from."""
        return self._puzzles

    @property
    def puzzle_set(self) -> str:
        """The class set served (``""``: the shipped collection)."""
        return self._set

    def learnt_here(self) -> tuple[str, ...]:
        """The kinds of :attr:`learnt` of the games the filters choose (all of them when none is)."""
        games = self.filters.games
        return tuple(kind for kind in self.learnt if not games or KIND_RULES[kind].game in games)  # type: ignore[index]

    @property
    def keeps_progress(self) -> bool:
        """Whether attempts are stored and rated (a progress store is attached)."""
        return self._store is not None

    # --- where we are ----------------------------------------------------------------------------
    @property
    def visit(self) -> Visit | None:
        """The visit shown now (None before the first :meth:`next`)."""
        return self._history[self._index] if self._history else None

    @property
    def puzzle(self) -> Puzzle | None:
        """The puzzle shown now."""
        visit = self.visit
        return None if visit is None else visit.puzzle

    @property
    def position(self) -> int:
        """The number of the visit shown now in this session, from 0."""
        return self._index

    @property
    def visits(self) -> tuple[Visit, ...]:
        """Every visit of this session, in order."""
        return tuple(self._history)

    @property
    def can_go_back(self) -> bool:
        """Whether there is a visit before the one shown."""
        return self._index > 0

    def previous(self) -> Puzzle | None:
        """Go back to the puzzle before (its visit as it was left); None at the first one."""
        if not self.can_go_back:
            return None
        self._leave()
        self._index -= 1
        return self.puzzle

    def next(self) -> Puzzle | None:
        """Go forward: to the visit after this one, or a new puzzle chosen by the mode.

        Returns None (and stays) when the mode has nothing more to serve.
        """
        if self._index + 1 < len(self._history):
            self._leave()
            self._index += 1
            return self.puzzle
        return self.serve_new()

    def serve_new(self) -> Puzzle | None:
        """A new puzzle chosen by the mode (after a change of mode or filters), after the session's
        last visit; None (and stay) when the mode has nothing to serve."""
        chosen = self._choose()
        if chosen is None:
            return None
        self._leave()
        self._history.append(Visit(chosen, self._mode))
        self._index = len(self._history) - 1
        return chosen

    def candidates(self) -> list[Puzzle]:
        """The puzzles the mode and filters would serve next, best first."""
        # A review serves a puzzle again when its card is due, even if this session showed it.
        served = {visit.puzzle.id for visit in self._history
                  if self._mode != "review" or visit.mode == "review"}
        pool = [p for p in self._puzzles if self.filters.admits(p) and p.id not in served
                and self._checked.get(p.id, True)]
        if self._mode == "sequence" and self._set and self._store is not None:
            tried_here = training.attempted_ids(self._store, self._set)
            return sorted(pool, key=lambda p: p.id in tried_here)  # stable: the teacher's order kept
        if self._mode == "sequence":
            return pool
        if self._mode == "daily":  # the filters do not change the day's puzzle
            chosen = self.daily_puzzle()
            done = any(visit.mode == "daily" and visit.puzzle.id == chosen.id for visit in self._history)
            return [] if done else [chosen]
        if self._timed is not None and self._timed.over(self._clock()):
            return []
        if self._mode == "review":
            due = {card.puzzle_id: card.due for card in self.review_cards() if card.due <= self._clock()}
            return sorted((p for p in pool if p.id in due), key=lambda p: (due[p.id], p.id))
        tried = training.attempted_ids(self._store, self._set) if self._store is not None else frozenset()
        # Puzzles never tried come first; when every one was tried, the others (unrated) follow.
        fresh = [p for p in pool if p.id not in tried] or pool
        target = self.target
        ratings = training.puzzle_ratings(self._store) if self._store is not None and not self._set else {}
        last = [visit.puzzle for visit in self._history[-MIX_MEMORY:]]
        recent = Counter(puzzle.kind for puzzle in last)
        seen = Counter(theme for puzzle in last for theme in getattr(puzzle, "themes", ()))

        def distance(puzzle: Puzzle) -> float:
            rating = _rating(ratings.get(puzzle.id), puzzle.rating).value
            shared = sum(seen[theme] for theme in puzzle.themes) / max(1, len(puzzle.themes))
            return abs(rating - target) + KIND_SPREAD * recent[puzzle.kind] + THEME_SPREAD * shared

        return sorted(fresh, key=lambda p: (distance(p), p.id))

    def _choose(self) -> Puzzle | None:
        return next((puzzle for puzzle in self.candidates() if self._sound(puzzle)), None)

    def _sound(self, puzzle: object) -> bool:
        """Whether the solver confirms ``puzzle``'s stored answers (asked once a session per puzzle);
        a puzzle it does not confirm is never served. An object that is no :class:`Puzzle` is served
        as given."""
        if not isinstance(puzzle, Puzzle):
            return True
        if puzzle.id not in self._checked:
            self._checked[puzzle.id] = answers_confirmed(puzzle)
        return self._checked[puzzle.id]

    @property
    def refused(self) -> tuple[str, ...]:
        """The ids of the puzzles this session did not serve because the solver disagreed with
        their stored answers (or could not check them), in the order they were found."""
        return tuple(puzzle_id for puzzle_id, sound in self._checked.items() if not sound)

    @property
    def target(self) -> float:
        """The rating the next rated or streak puzzle is chosen nearest to (:func:`placement_target`;
        a streak starts below it and climbs with every clean solve)."""
        placed = placement_target(self.learner_rating)
        if self._mode == "streak":
            return placed - STREAK_START + STREAK_STEP * self._run
        if self._timed is not None:
            return placed - STREAK_START + STREAK_STEP * self._timed.solved
        return placed

    # --- what the learner does ------------------------------------------------------------------
    def _current(self) -> Visit:
        visit = self.visit
        if visit is None:
            raise KaszinoError("no puzzle yet: call next() first")
        return visit

    def answer(self, answer: object) -> PuzzleVerdict:
        """Judge ``answer`` to the puzzle shown; the first answer of the visit decides its outcome."""
        visit = self._current()
        verdict = visit.puzzle.question.check(answer)
        visit.answers += 1
        visit.verdict = verdict
        if verdict.correct:
            visit.solved = True
        else:
            visit.wrong += 1
        if not visit.decided:
            outcome: Outcome = "failed" if not verdict.correct else "partial" if visit.hints else "solved"
            self._decide(visit, outcome)
        return verdict

    def hint(self) -> str | None:
        """The next step of the hint ladder (None when none is left). A hint before the first
        answer makes a right answer partial."""
        visit = self._current()
        ladder = visit.puzzle.hints()
        if visit.hints >= len(ladder):
            return None
        visit.hints += 1
        return ladder[visit.hints - 1]

    def hints_shown(self) -> list[str]:
        """The hints revealed in the visit shown, in the current language (the ladder, which may ask
        the solver, is made only when a hint was revealed)."""
        visit = self._current()
        return visit.puzzle.hints()[:visit.hints] if visit.hints else []

    def show_solution(self) -> str:
        """Reveal and explain the solution; a visit not yet decided is failed."""
        visit = self._current()
        visit.solution_shown = True
        if not visit.decided:
            self._decide(visit, "failed")
        return visit.puzzle.solution_text()

    def _leave(self) -> None:
        """Leaving a visit after a hint but without an answer gives it up."""
        visit = self.visit
        if visit is not None and not visit.decided and visit.hints:
            self._decide(visit, "failed")

    # --- recording -------------------------------------------------------------------------------
    def _decide(self, visit: Visit, outcome: Outcome) -> None:
        visit.outcome = outcome
        if visit.mode == "streak" and outcome == "solved":
            self._run += 1
        elif visit.mode == "streak":
            visit.ended_run, self._run = self._run, 0
        if visit.mode == "timed" and self._timed is not None:
            self._timed = self._timed.after(outcome, self._clock())
            if self._store is not None and not self._set:
                training.record_timed_score(self._store, self._timed.solved)
        if self._store is not None:
            visit.record = training.record_attempt(
                self._store, visit.puzzle.id, lambda context: self._write(visit, outcome, context), self._set)

    def _write(self, visit: Visit, outcome: Outcome, context: AttemptContext) -> AttemptWrite:
        """The trainer's rules: rate a first attempt ever, schedule a review card when needed."""
        now = self._clock()
        puzzle = visit.puzzle
        attempt = AttemptRecord(at=now, puzzle_id=puzzle.id, kind=puzzle.kind, mode=visit.mode,
                                outcome=outcome, hints=visit.hints, wrong=visit.wrong, rated=False,
                                puzzle_set=self._set)
        learner = puzzle_rating = card = None
        if self._set:  # a class set is neither rated nor reviewed (see the module's docstring)
            return AttemptWrite(attempt)
        if context.earlier_attempts == 0:
            before = _rating(context.learner, NEW_LEARNER), _rating(context.puzzle, puzzle.rating)
            game = rate(before[0], before[1], SCORES[outcome])
            learner = _stored(game.learner, context.learner)
            puzzle_rating = _stored(game.puzzle, context.puzzle)
            attempt = replace(attempt, rated=True, learner_before=before[0].value,
                              learner_after=game.learner.value, puzzle_before=before[1].value,
                              puzzle_after=game.puzzle.value)
        if context.card is not None or needs_review(outcome):
            old = None if context.card is None else ReviewCard(puzzle.id, context.card.card, context.card.due)
            new = schedule(puzzle.id, old, outcome, now)
            card = StoredCard(puzzle.id, new.card, new.due)
        return AttemptWrite(attempt, learner=learner, puzzle=puzzle_rating, card=card)

    # --- what the page shows ---------------------------------------------------------------------
    @property
    def learner_rating(self) -> Rating:
        """The learner's rating now (the Glicko-2 start value before any rated attempt)."""
        stored = training.learner_rating(self._store) if self._store is not None else None
        return _rating(stored, NEW_LEARNER)

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        """The puzzle's rating as this learner's store knows it (the file's rating before that)."""
        check_type("puzzle", puzzle, Puzzle)
        stored = (training.puzzle_ratings(self._store).get(puzzle.id)
                  if self._store is not None and not self._set else None)
        return _rating(stored, puzzle.rating)

    def review_cards(self) -> list[StoredCard]:
        """Every review card of the learner (of puzzles in this collection), earliest due first."""
        if self._store is None or self._set:
            return []
        return [card for card in training.review_cards(self._store) if card.puzzle_id in self._by_id]

    def streaks(self) -> tuple[int, int]:
        """The current and the best run of clean solves (stored ones, or this session's)."""
        if self._store is not None:
            return streaks(training.outcomes(self._store, self._set))
        return streaks(visit.outcome for visit in self._history if visit.outcome is not None)

    def now(self) -> datetime:
        """The time now by the trainer's clock."""
        return self._clock()

    @property
    def today(self) -> date:
        """The learner's date now (the local date of the clock's time)."""
        return self._clock().astimezone().date()

    def daily_puzzle(self) -> Puzzle:
        """The puzzle of :attr:`today` (:func:`kaszino.puzzles.daily.daily_puzzle` over the collection)."""
        return daily_puzzle(self._puzzles, self.today)

    @property
    def timed_run(self) -> TimedRun | None:
        """The run of the timed mode (None in the other modes); choosing the mode again starts anew."""
        return self._timed

    def timed_best(self) -> int:
        """The best score of the timed mode: the stored one, or this run's without a store."""
        if self._store is not None and not self._set:
            return training.timed_best(self._store)
        return 0 if self._timed is None else self._timed.solved

    def rating_history(self) -> list[float]:
        """The learner's rating over the rated attempts, oldest first (empty without a store)."""
        return training.learner_history(self._store) if self._store is not None else []

    @property
    def run(self) -> int:
        """Clean solves in the current streak-mode run."""
        return self._run

    def summary(self) -> Summary:
        """The session summary."""
        decided = [visit.outcome for visit in self._history if visit.outcome is not None]
        now = self._clock()
        cards = self.review_cards()
        later = [card.due for card in cards if card.due > now]
        streak, best = self.streaks()
        return Summary(visits=len(decided), solved=decided.count("solved"), partial=decided.count("partial"),
                       failed=decided.count("failed"), rating_before=self._rating_before,
                       rating_now=self.learner_rating, streak=streak, best_streak=best,
                       reviews_due=count_due(cards, now),
                       next_review=min(later) if later else None)

