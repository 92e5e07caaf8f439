"""``kaszino progress export``: learners' results as CSV, for a teacher (see docs/puzzles.md).

One progress file per learner, or a class folder (``kaszino app --class DIR``: every
``*.sqlite3`` in it); the learner's name in the CSV is the name the learner gave the app (kept in
the file), else the file's name without ``.sqlite3`` (``anna.sqlite3`` → ``anna``). ``export``
writes one row per finished puzzle visit; ``--summary`` one row per learner instead (counts,
rating, streaks, reviews due, the chapters' best results, the last activity); ``--chapters`` one
row per learner and chapter (the closing checks' results); ``--set FILE`` one row per learner
and puzzle of a teacher's class set (:mod:`kaszino.puzzles.class_set`: attempts, the first and the
best outcome). Every attempt row names its puzzle set (empty: the shipped collection). The CSV
goes to standard output unless
``--out`` names a file. A file that cannot be read is named on stderr and left out; the others are
exported, and the exit status is 1. Files are only read: a missing one is an error, never created.

A progress file comes from a student's machine, so every text copied from it (and the learner's
name, taken from its file name) is made safe for a spreadsheet (:func:`spreadsheet_text`); the
numbers the export computes are written as numbers.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from kaszino.cli.arguments import english, file_name
from kaszino.errors import KaszinoError, quote
from kaszino.files import OutputFile, identity
from kaszino.puzzles.class_set import ClassSet, load_class_set
from kaszino.puzzles.trainer import streaks
from kaszino.store import ChapterResult, Store, default_path, open_store, training
from kaszino.store.learners import NAME_SETTING, class_files, display_name

ATTEMPT_COLUMNS = ("learner", "file", "at", "puzzle_id", "kind", "mode", "outcome", "hints", "wrong", "rated",
                   "learner_before", "learner_after", "puzzle_before", "puzzle_after", "set")
SUMMARY_COLUMNS = ("learner", "file", "visits", "solved", "partial", "failed", "rated", "rating", "deviation",
                   "streak", "best_streak", "reviews_due", "last_visit", "chapters", "last_activity")
CHAPTER_COLUMNS = ("learner", "file", "chapter", "best", "last", "total", "attempts", "updated")
SET_COLUMNS = ("learner", "file", "set", "puzzle_id", "kind", "attempts", "first_outcome", "best_outcome",
               "last_visit")
OUTCOME_ORDER = ("failed", "partial", "solved")
"""The outcomes from worst to best (a learner's best outcome at a puzzle is the last one reached)."""
STDOUT = "-"
"""``--out -``: standard output (the default)."""


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection)."""


def spreadsheet_text(text: str) -> str:
    """``text`` as a CSV cell that no spreadsheet runs as a formula: one that starts (after any
    spaces) like a formula is written after a single quote, which spreadsheets show as text."""
    return f"'{text}" if text.lstrip(" \n").startswith(FORMULA_STARTS) else text


def learner_name(path: Path, store: Store | None = None) -> str:
    """The learner a progress file belongs to: the name kept in it (``kaszino app --class``), else
    the file's name without the extension."""
    kept = None if store is None else store.get_setting(NAME_SETTING)
    if kept is not None:
        try:
            return display_name(kept)
        except KaszinoError:  # a name no app wrote: the file's name says whose it is
            pass
    return path.name.removesuffix(".sqlite3") if path.name.endswith(".sqlite3") else path.stem


@dataclass(frozen=True)
class LearnerReport:
    """What a teacher reads of one learner: puzzle visits and the rating, chapter results, and
    the last time the learner did anything."""

    learner: str
    path: Path
    visits: int
    solved: int
    partial: int
    failed: int
    rated: int
    rating: float | None
    deviation: float | None
    streak: int
    best_streak: int
    reviews_due: int
    last_visit: datetime | None
    chapters: dict[str, ChapterResult]
    last_activity: datetime | None


@dataclass(frozen=True)
class SetResult:
    """One learner's results at one puzzle of a class set (no attempt: ``attempts`` 0, no outcome)."""

    puzzle_id: str
    kind: str
    attempts: int
    first_outcome: str | None
    best_outcome: str | None
    last_visit: datetime | None


def set_results(store: Store, class_set: ClassSet) -> list[SetResult]:
    """The learner's result at every puzzle of ``class_set``, in the set's order (attempts stored
    under the set's name only: a shipped puzzle of the same id does not count)."""
    mine: dict[str, list[training.AttemptRecord]] = {}
    for attempt in training.attempts(store):
        if attempt.puzzle_set == class_set.name:
            mine.setdefault(attempt.puzzle_id, []).append(attempt)
    results = []
    for puzzle in class_set.puzzles:
        tried = mine.get(puzzle.id, [])
        best = max((a.outcome for a in tried), key=OUTCOME_ORDER.index, default=None)
        first, last = (tried[0].outcome, tried[-1].at) if tried else (None, None)
        results.append(SetResult(puzzle.id, puzzle.kind, len(tried), first, best, last))
    return results


def learner_report(path: Path, store: Store, now: datetime) -> LearnerReport:
    """The report of the learner whose file ``path`` is open as ``store`` (the shipped collection's
    puzzles: a class set's are reported by :func:`set_results`)."""
    attempts = [attempt for attempt in training.attempts(store) if attempt.puzzle_set == training.SHIPPED_SET]
    outcomes = [attempt.outcome for attempt in attempts]
    rating = training.learner_rating(store)
    streak, best = streaks(outcomes)
    chapters = store.chapter_results()
    every = training.attempts(store)
    last_visit = every[-1].at if every else None
    moments = [moment for moment in (last_visit, *(result.updated for result in chapters.values()))
               if moment is not None]
    return LearnerReport(
        learner_name(path, store), path, len(attempts), outcomes.count("solved"), outcomes.count("partial"),
        outcomes.count("failed"), sum(attempt.rated for attempt in attempts),
        None if rating is None else rating.value, None if rating is None else rating.deviation, streak, best,
        sum(card.due <= now for card in training.review_cards(store)), last_visit, chapters,
        max(moments, default=None))


def progress_files(names: list[str]) -> list[Path]:
    """The progress files named on the command line, a class folder standing for its learners' files
    (a folder that holds none stays itself, so that its reader says it is no progress file)."""
    files: list[Path] = []
    for name in names:
        path = Path(name)
        files.extend((class_files(path) if _is_folder(path) else []) or [path])
    return files


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; a name the system refuses (too long, say) is none, and the
    reader of the file then names what is wrong with it."""
    try:
        return path.is_dir()
    except OSError:
        return False


def class_reports(folder: Path, now: datetime, class_set: ClassSet | None = None
                  ) -> tuple[list[LearnerReport], list[str], list[list[SetResult]]]:
    """The report of every learner of the class folder ``folder``, the files that could not be read,
    and each learner's results at ``class_set`` (in the reports' order; empty without a set)."""
    reports, problems, sets = [], [], []
    for path in class_files(folder):
        try:
            with _opened(path) as store:
                report = learner_report(path, store, now)
                results = [] if class_set is None else set_results(store, class_set)
        except KaszinoError as error:
            problems.append(str(error))
            continue
        reports.append(report)
        sets.append(results)
    return reports, problems, sets


@contextmanager
def _opened(path: Path) -> Iterator[Store]:
    store = open_store(path, read_only=True)  # an export never changes a learner's file
    try:
        yield store
    finally:
        store.close()


def _learner_cells(path: Path, store: Store) -> list[str]:
    """The ``learner`` and ``file`` cells of every row of the learner whose file is ``path``."""
    return [spreadsheet_text(learner_name(path, store)), spreadsheet_text(str(path))]


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"


def attempt_rows(path: Path, store: Store) -> list[list[str]]:
    """One CSV row per stored attempt of the learner in ``store``."""
    rows = []
    for attempt in training.attempts(store):
        rows.append([*_learner_cells(path, store), attempt.at.isoformat(),
                     spreadsheet_text(attempt.puzzle_id), spreadsheet_text(attempt.kind),
                     spreadsheet_text(attempt.mode), attempt.outcome,
                     str(attempt.hints), str(attempt.wrong), str(int(attempt.rated)),
                     _number(attempt.learner_before), _number(attempt.learner_after),
                     _number(attempt.puzzle_before), _number(attempt.puzzle_after),
                     spreadsheet_text(attempt.puzzle_set)])
    return rows


def set_rows(path: Path, store: Store, class_set: ClassSet) -> list[list[str]]:
    """One CSV row per puzzle of ``class_set`` for the learner in ``store`` (untried ones too)."""
    return [[*_learner_cells(path, store), spreadsheet_text(class_set.name),
             spreadsheet_text(result.puzzle_id), result.kind, str(result.attempts),
             result.first_outcome or "", result.best_outcome or "",
             _moment(result.last_visit)]
            for result in set_results(store, class_set)]


def _moment(moment: datetime | None) -> str:
    return "" if moment is None else moment.isoformat()


def summary_rows(path: Path, store: Store, now: datetime) -> list[list[str]]:
    """The one summary row of the learner in ``store`` (chapters as ``01_pakli 5/6; …``, best results)."""
    report = learner_report(path, store, now)
    chapters = "; ".join(f"{chapter} {result.best}/{result.total}"
                         for chapter, result in sorted(report.chapters.items()))
    return [[*_learner_cells(path, store), str(report.visits), str(report.solved), str(report.partial),
             str(report.failed), str(report.rated), _number(report.rating), _number(report.deviation),
             str(report.streak), str(report.best_streak), str(report.reviews_due), _moment(report.last_visit),
             spreadsheet_text(chapters), _moment(report.last_activity)]]


def chapter_rows(path: Path, store: Store) -> list[list[str]]:
    """One row per chapter whose closing check the learner in ``store`` took."""
    return [[*_learner_cells(path, store), spreadsheet_text(chapter), str(result.best), str(result.last),
             str(result.total), str(result.attempts), result.updated.isoformat()]
            for chapter, result in sorted(store.chapter_results().items())]


def _output(files: list[Path], out: str, force: bool) -> OutputFile | None:
    """Refuse, before anything is read or written, an export that would lose or repeat something:
    ``--out`` naming a folder, an existing file without ``--force``, or one of the progress files
    (even with ``--force``: it would replace a learner's file with the CSV; a hard link to it too),
    and a progress file given twice (its learner would be counted twice)."""
    seen: dict[tuple[int, int] | str, Path] = {}
    for path in files:
        same = seen.setdefault(identity(path), path)
        if same is not path:
            raise KaszinoError(f"{quote(str(path))}: the same progress file as {quote(str(same))}, "
                               "given twice")
    if out == STDOUT:
        return None
    output = OutputFile(out, force=force, what="CSV file",
                        protected={path: "one of the progress files to export" for path in files})
    output.check()
    return output


def export(args: argparse.Namespace) -> int:
    files = progress_files(args.files) or [default_path()]
    class_set = None if args.set is None else load_class_set(args.set)  # refused before anything is written
    output = _output(files, args.out, args.force)
    now = datetime.now(UTC)
    buffer = io.StringIO()
    writer = csv.writer(buffer)  # RFC 4180: lines end in CR LF, so a CR or LF in a text is quoted
    columns = (SUMMARY_COLUMNS if args.summary else CHAPTER_COLUMNS if args.chapters
               else SET_COLUMNS if class_set is not None else ATTEMPT_COLUMNS)
    writer.writerow(columns)
    failures = rows = 0
    for path in files:
        try:
            with _opened(path) as store:
                found = (summary_rows(path, store, now) if args.summary else chapter_rows(path, store)
                         if args.chapters else set_rows(path, store, class_set) if class_set is not None
                         else attempt_rows(path, store))
        except KaszinoError as error:
            print(f"FAIL {error}", file=sys.stderr)
            failures += 1
            continue
        writer.writerows(found)
        rows += len(found)
    if output is None:
        sys.stdout.write(buffer.getvalue())
        sys.stdout.flush()
    else:
        output.write(buffer.getvalue())
    learners = len(files) - failures
    where = "standard output" if output is None else args.out
    n = english(rows=rows, learners=learners, files=failures)
    print(f"wrote {n['rows']} for {n['learners']} to {where}",
          file=sys.stderr if output is None else sys.stdout)
    if failures:
        print(f"{n['files']} could not be read and were left out", file=sys.stderr)
        return 1
    return 0


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino progress …`` to the top-level command."""
    progress = commands.add_parser("progress", help="learners' progress files: export to CSV")
    actions = progress.add_subparsers(dest="action", required=True)
    exp = actions.add_parser("export", help="results of progress files or class folders as CSV")
    exp.add_argument("files", nargs="*", type=file_name,
                     help="progress files, one per learner, or class folders (default: this user's own, "
                          "$KASZINO_PROGRESS)")
    exp.add_argument("--out", default=STDOUT, type=file_name,
                     help="the CSV file to write (default: standard output)")
    kind = exp.add_mutually_exclusive_group()
    kind.add_argument("--summary", action="store_true", help="one row per learner instead of one per puzzle")
    kind.add_argument("--chapters", action="store_true", help="one row per learner and chapter check")
    kind.add_argument("--set", type=file_name, default=None, metavar="FILE",
                      help="one row per learner and puzzle of the class set in FILE (kaszino app --puzzles)")
    exp.add_argument("--force", action="store_true", help="replace --out if it exists")
    exp.set_defaults(run=export)

