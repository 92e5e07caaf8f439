"""``kaszino progress export``: learners' puzzle results as CSV, for a teacher (see docs/puzzles.md).

One progress file per learner; the learner's name in the CSV is the file's name without
``.sqlite3`` (``anna.sqlite3`` → ``anna``). ``export`` writes one row per finished puzzle visit;
``--summary`` writes one row per learner instead (counts, rating, streaks, reviews due). A file
that cannot be read is named on stderr and left out; the others are exported, and the exit
status is 1. Files are only read: a missing one is an error, never created.

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
from datetime import UTC, datetime
from pathlib import Path

from kaszino.cli.arguments import file_name
from kaszino.errors import KaszinoError, quote
from kaszino.files import OutputFile, identity
from kaszino.puzzles.trainer import streaks
from kaszino.store import Store, default_path, open_store, training

ATTEMPT_COLUMNS = ("learner", "file", "at", "puzzle_id", "kind", "mode", "outcome", "hints", "wrong", "rated",
                   "learner_before", "learner_after", "puzzle_before", "puzzle_after")
SUMMARY_COLUMNS = ("learner", "file", "visits", "solved", "partial", "failed", "rated", "rating", "deviation",
                   "streak", "best_streak", "reviews_due", "last_visit")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection)."""


def spreadsheet_text(text: str) -> str:
    """``text`` as a CSV cell that no spreadsheet runs as a formula: one that starts (after any
    spaces) like a formula is written after a single quote, which spreadsheets show as text."""
    return f"'{text}" if text.lstrip(" \n").startswith(FORMULA_STARTS) else text


def learner_name(path: Path) -> str:
    """The learner a progress file belongs to: its name without the extension."""
    return path.name.removesuffix(".sqlite3") if path.name.endswith(".sqlite3") else path.stem


@contextmanager
def _opened(path: Path) -> Iterator[Store]:
    store = open_store(path, read_only=True)  # an export never changes a learner's file
    try:
        yield store
    finally:
        store.close()


def _learner_cells(path: Path) -> list[str]:
    """The ``learner`` and ``file`` cells of every row of the learner whose file is ``path``."""
    return [spreadsheet_text(learner_name(path)), spreadsheet_text(str(path))]


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"


def attempt_rows(path: Path, store: Store) -> list[list[str]]:
    """One CSV row per stored attempt of the learner in ``store``."""
    rows = []
    for attempt in training.attempts(store):
        rows.append([*_learner_cells(path), attempt.at.isoformat(), spreadsheet_text(attempt.puzzle_id),
                     spreadsheet_text(attempt.kind), spreadsheet_text(attempt.mode), attempt.outcome,
                     str(attempt.hints), str(attempt.wrong), str(int(attempt.rated)),
                     _number(attempt.learner_before), _number(attempt.learner_after),
                     _number(attempt.puzzle_before), _number(attempt.puzzle_after)])
    return rows


def summary_rows(path: Path, store: Store, now: datetime) -> list[list[str]]:
    """The one summary row of the learner in ``store``."""
    attempts = training.attempts(store)
    outcomes = [attempt.outcome for attempt in attempts]
    rating = training.learner_rating(store)
    streak, best = streaks(outcomes)
    due = sum(card.due <= now for card in training.review_cards(store))
    return [[*_learner_cells(path), str(len(attempts)), str(outcomes.count("solved")),
             str(outcomes.count("partial")), str(outcomes.count("failed")),
             str(sum(attempt.rated for attempt in attempts)),
             _number(None if rating is None else rating.value),
             _number(None if rating is None else rating.deviation),
             str(streak), str(best), str(due), attempts[-1].at.isoformat() if attempts else ""]]


def _output(files: list[Path], out: str, force: bool) -> OutputFile:
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
    output = OutputFile(out, force=force, what="CSV file",
                        protected={path: "one of the progress files to export" for path in files})
    output.check()
    return output


def export(args: argparse.Namespace) -> int:
    files = [Path(name) for name in args.files] or [default_path()]
    output = _output(files, args.out, args.force)
    now = datetime.now(UTC)
    buffer = io.StringIO()
    writer = csv.writer(buffer)  # RFC 4180: lines end in CR LF, so a CR or LF in a text is quoted
    writer.writerow(SUMMARY_COLUMNS if args.summary else ATTEMPT_COLUMNS)
    failures = rows = 0
    for path in files:
        try:
            with _opened(path) as store:
                found = summary_rows(path, store, now) if args.summary else attempt_rows(path, store)
        except KaszinoError as error:
            print(f"FAIL {error}", file=sys.stderr)
            failures += 1
            continue
        writer.writerows(found)
        rows += len(found)
    output.write(buffer.getvalue())
    learners = len(files) - failures
    print(f"wrote {rows} row(s) for {learners} learner(s) to {args.out}")
    if failures:
        print(f"{failures} file(s) could not be read and were left out", file=sys.stderr)
        return 1
    return 0


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino progress …`` to the top-level command."""
    progress = commands.add_parser("progress", help="learners' progress files: export to CSV")
    actions = progress.add_subparsers(dest="action", required=True)
    exp = actions.add_parser("export", help="puzzle results of one or many progress files as CSV")
    exp.add_argument("files", nargs="*", type=file_name,
                     help="progress files, one per learner (default: this user's own, $KASZINO_PROGRESS)")
    exp.add_argument("--out", required=True, type=file_name, help="the CSV file to write")
    exp.add_argument("--summary", action="store_true", help="one row per learner instead of one per puzzle")
    exp.add_argument("--force", action="store_true", help="replace --out if it exists")
    exp.set_defaults(run=export)

