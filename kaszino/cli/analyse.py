"""``kaszino analyse RECORD``: a finished deal of a game record, every move annotated with what it cost.

The output is the record itself with a comment after each move of the deal (docs/analysis.md):
the best result its player could still reach, the result after the move played and the cost,
exact for the last rounds and bounds before; for a move that cost points, the best moves. A
record reader skips ``#`` comments, so the annotated record still loads as the game it was.
A progress bar goes to standard error.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from kaszino.cli.arguments import decimal, file_name, whole
from kaszino.engine.records import MAX_LENGTH
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.solver.analysis import Budget, DealAnalysis, MoveAnalysis, analyse
from kaszino.i18n import language, player_number, set_language, tr
from kaszino.inputs import MAX_COUNT
from kaszino.teach.marks import report, summary


def progress_bar(stream: TextIO, width: int = 30) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback drawing a bar on ``stream`` (a line of its own when done)."""
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}, "
                     f"{time.perf_counter() - started:.1f} s")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def read_record(path: Path) -> GameRecord:
    """The game record in the file at ``path``; an error names the file and what is wrong."""
    try:
        with path.open(encoding="utf-8") as source:
            text = source.read(MAX_LENGTH + 1)
    except FileNotFoundError:
        raise KaszinoError(f"{path}: no such record file") from None
    except (OSError, UnicodeDecodeError) as error:  # a folder, unreadable, not UTF-8
        raise KaszinoError(f"{path}: cannot be read as a record ({error})") from None
    try:
        return GameRecord.from_text(text)
    except KaszinoError as error:
        raise KaszinoError(f"{path}: {error}") from None


def annotated(record: GameRecord, analysis: DealAnalysis) -> str:
    """``record``'s text with the analysis of each move of the deal as a comment on its line."""
    notes = {analysed.number: _note(analysed) for analysed in analysis.moves}
    first = analysis.exact_from
    head = [tr("analysis.title", deal=analysis.deal),
            tr("analysis.none_exact") if first is None else tr("analysis.exact_from", move=first),
            tr("analysis.work", count=analysis.positions, positions=f"{analysis.positions:,}",
               seconds=f"{analysis.seconds:.1f}")]
    head += [message.render(language()) for message in summary(analysis)]
    lines = [f"# {line}" for line in head]
    for line in record.to_text().splitlines():
        number = line.partition(".")[0]
        note = notes.get(int(number)) if number.isdigit() else None
        lines.append(line if note is None else f"{line}  # {note}")
    return "\n".join(lines) + "\n"


def _note(analysed: MoveAnalysis) -> str:
    note = tr("analysis.move", player=player_number(analysed.player), round=analysed.round,
              best=analysed.best, played=analysed.played, cost=analysed.cost)
    if analysed.best_moves is not None and analysed.cost.low > 0:
        note += "; " + tr("analysis.better", moves=", ".join(map(str, analysed.best_moves)))
    return note


def deal_report(record: GameRecord, deal: int, budget: Budget, stream: TextIO) -> str:
    """Deal ``deal`` of ``record`` analysed (a progress bar on ``stream``), each move marked in words."""
    analysis = analyse(record, deal, budget, progress_bar(stream))
    return "\n".join([tr("analysis.title", deal=deal), report(record, analysis, language())])


def run(args: argparse.Namespace) -> int:
    set_language(args.lang)
    record = read_record(Path(args.record))
    budget = Budget(seconds=args.seconds)
    progress = progress_bar(sys.stderr) if not args.quiet else None
    analysis = analyse(record, args.deal, budget, progress)
    sys.stdout.write(annotated(record, analysis))
    return 0


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    command = commands.add_parser("analyse", help="what each move of a finished deal cost, every card known")
    command.add_argument("record", type=file_name, help="a game record file (docs/notation.md)")
    command.add_argument("--deal", type=whole(1, MAX_COUNT), default=1, help="which deal (default 1)")
    command.add_argument("--seconds", type=decimal(1.0, 3600.0), default=40.0,
                         help="the time the analysis may take (default 40)")
    command.add_argument("--lang", choices=("hu", "en"), default="hu", help="language of the texts")
    command.add_argument("--quiet", action="store_true", help="no progress bar")
    command.set_defaults(run=run)
