"""``kaszino puzzles generate | check | stats | list`` (see docs/puzzles.md).

``check`` exits 1 when a puzzle's stored answers differ from the solver's (or a file does not load).
Long runs show a progress bar on the terminal (tqdm, on standard error; hidden when it is no terminal).
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from tqdm import tqdm

from kaszino.cli.arguments import english, file_name, whole
from kaszino.errors import KaszinoError, PuzzleFormatError, TooLargeError, quote
from kaszino.files import OutputFile
from kaszino.inputs import MAX_SEED
from kaszino.puzzles.puzzle import (
    BANDS,
    GAMES,
    KIND_RULES,
    KINDS,
    THEMES,
    Kind,
    Puzzle,
    check_unique_ids,
    kind_file,
    load_puzzles,
    puzzle_files,
    recheck,
    save_puzzles,
)
from kaszino.workers import worker_pool

T = TypeVar("T")

MAX_GENERATE = 1000
"""The most puzzles of each kind one ``generate`` mines."""
MAX_WORKERS = 64
"""The most processes a command starts."""


def _files(given: Sequence[str]) -> list[Path]:
    found = [Path(name) for name in given] if given else puzzle_files()
    if not found:
        raise KaszinoError("no puzzle files given and none found in puzzles/")
    return found


def _targets(args: argparse.Namespace, kinds: tuple[Kind, ...]) -> dict[Path, tuple[Kind, ...]]:
    """Where ``generate`` writes: one file, or one file per kind in a folder, each resolved (see
    :mod:`kaszino.files`). Checked before mining, and again when each file is written."""
    if args.out is not None:
        if args.out.endswith(("/", os.sep)):
            raise KaszinoError(f"--out {quote(args.out)} names a folder; --out takes a file (--dir a folder)")
        given = {args.out: kinds}
    else:
        given = {str(kind_file(kind, args.dir)): (kind,) for kind in kinds}
    targets: dict[Path, tuple[Kind, ...]] = {}
    for name, wanted in given.items():
        target = OutputFile(name, force=args.force, option="--out" if args.out else "--dir",
                                  what="puzzle file").check()
        if target in targets:  # two kinds' files are one file (a symbolic link between them)
            raise KaszinoError(f"{quote(name)}: the same file as another kind's; nothing mined")
        targets[target] = wanted
    return targets


def generate(args: argparse.Namespace) -> int:
    from kaszino.puzzles.mining import generate as mine_puzzles

    kinds: tuple[Kind, ...] = tuple(dict.fromkeys(args.kind)) if args.kind else KINDS
    if args.game is not None:
        kinds = tuple(kind for kind in kinds if KIND_RULES[kind].game == args.game)
        if not kinds:
            raise KaszinoError(f"none of the kinds asked for is a kind of {args.game}")
    targets = _targets(args, kinds)
    with tqdm(total=0, desc="mining candidates", unit="candidate", disable=None) as bar:
        def progress(done: int, wanted: int) -> None:
            bar.total = wanted
            bar.update(done - bar.n)

        puzzles = mine_puzzles(kinds, seed=args.seed, count=args.count, workers=args.workers,
                               progress=progress)
    for path, wanted in targets.items():
        chosen = [p for p in puzzles if p.kind in wanted]
        save_puzzles(chosen, path, replace=args.force)
        print(f"wrote {len(chosen)} puzzles to {path}")
    return 0


def _checked(puzzle: Puzzle) -> str | None:
    """What is wrong with ``puzzle``, or None; a puzzle past the solver's budget is refused by name
    (every puzzle's check is bounded, so one cannot stall the rest)."""
    try:
        found = recheck(puzzle)
    except TooLargeError as error:
        return f"puzzle {quote(puzzle.id)} ({puzzle.kind}): refused, too large to check: {error}"
    return None if found is None else str(found)


def _in_pool(work: Callable[[T], str | None], items: Sequence[T], workers: int,
             ) -> Iterator[str | None]:
    """``work`` over ``items`` in order, in ``workers`` processes (1: in this process)."""
    with worker_pool(workers) as mapped:
        yield from mapped(work, items, 16)


def check(args: argparse.Namespace) -> int:
    paths = _files(args.files)
    failures = 0
    loaded: list[tuple[Path, Puzzle]] = []
    for path in paths:
        try:
            puzzles = load_puzzles(path)
            check_unique_ids([puzzle for _, puzzle in loaded] + list(puzzles), ", ".join(map(str, paths)))
            loaded += [(path, puzzle) for puzzle in puzzles]
        except PuzzleFormatError as error:
            print(f"FAIL {error}")
            failures += 1
    results = _in_pool(_checked, [puzzle for _, puzzle in loaded], args.workers)
    for (path, _), problem in zip(loaded, tqdm(results, total=len(loaded), desc="checking", unit="puzzle",
                                               disable=None), strict=True):
        if problem is not None:
            print(f"FAIL {path}: {problem}")
            failures += 1
    n = english(problems=failures, files=len(paths), puzzles=len(loaded))
    if failures:
        print(f"{n['problems']} in {n['files']}: stored answers must be exactly the solver's")
        return 1
    print(f"ok: {n['puzzles']} in {n['files']}, every stored answer set is the solver's")
    return 0


def _table(title: str, counts: Counter[str], order: Iterable[str]) -> list[str]:
    width = max((len(name) for name in order), default=0)
    return [title] + [f"  {name:<{width}}  {counts[name]:>5}" for name in order if counts[name]]


def stats(args: argparse.Namespace) -> int:
    puzzles = [puzzle for path in _files(args.files) for puzzle in load_puzzles(path)]
    kinds: Counter[str] = Counter(p.kind for p in puzzles)
    lines = [f"{len(puzzles)} puzzles"]
    lines += _table("per kind:", kinds, KINDS)
    lines += _table("per band:", Counter(p.band for p in puzzles), BANDS)
    lines += _table("per theme:", Counter(t for p in puzzles for t in p.themes), THEMES)
    lines.append("per kind and band:")
    for kind in KINDS:
        if kinds[kind]:
            bands = Counter(p.band for p in puzzles if p.kind == kind)
            lines.append(f"  {kind:<16} " + "  ".join(f"{band} {bands[band]:>4}" for band in BANDS))
    print("\n".join(lines))
    return 0


def _describe(puzzle: Puzzle) -> str:
    state = puzzle.state
    hand = " ".join(map(str, state.hands[state.to_move])) or "-"
    table = " ".join(map(str, state.table)) or "-"
    themes = ",".join(puzzle.themes) or "-"
    answers = english(answers=len(puzzle.answers))["answers"]
    return (f"{puzzle.id:<10} {puzzle.kind:<16} {puzzle.band:<6} {puzzle.rating.value:>6.0f}  "
            f"{answers}  hand: {hand}  table: {table}  themes: {themes}")


def list_puzzles(args: argparse.Namespace) -> int:
    for path in _files(args.files):
        for puzzle in load_puzzles(path):
            wanted = (args.kind in (None, puzzle.kind) and args.band in (None, puzzle.band)
                      and args.game in (None, puzzle.game)
                      and (args.theme is None or args.theme in puzzle.themes))
            if wanted:
                print(_describe(puzzle))
    return 0


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino puzzles …`` to the top-level command."""
    puzzles = commands.add_parser("puzzles", help="puzzle files: generate, check, stats, list")
    actions = puzzles.add_subparsers(dest="action", required=True)
    files_help = "puzzle files (default: puzzles/*.json)"

    gen = actions.add_parser("generate", help="mine puzzles from simulated games")
    gen.add_argument("--seed", type=whole(0, MAX_SEED), required=True,
                     help="seed of the first simulated game")
    gen.add_argument("--count", type=whole(1, MAX_GENERATE), required=True, help="puzzles of each kind")
    gen.add_argument("--kind", choices=KINDS, action="append", help="kind to mine (repeatable; default all)")
    gen.add_argument("--game", choices=GAMES,
                     help="mine only this game's kinds (Scopa's, Casino's from their own games)")
    out = gen.add_mutually_exclusive_group(required=True)
    out.add_argument("--out", type=file_name, help="one puzzle file for every kind")
    out.add_argument("--dir", type=file_name, help="an existing folder: one file per kind, named KIND.json")
    gen.add_argument("--force", action="store_true", help="replace files that exist")
    gen.add_argument("--workers", type=whole(1, MAX_WORKERS), help="processes (default: one per core)")
    gen.set_defaults(run=generate)

    chk = actions.add_parser("check", help="re-solve stored puzzles; exit 1 if an answer set differs")
    chk.add_argument("files", nargs="*", type=file_name, help=files_help)
    chk.add_argument("--workers", type=whole(1, MAX_WORKERS), default=1,
                     help="processes (default: 1, fast enough)")
    chk.set_defaults(run=check)

    sts = actions.add_parser("stats", help="counts per kind, band and theme")
    sts.add_argument("files", nargs="*", type=file_name, help=files_help)
    sts.set_defaults(run=stats)

    lst = actions.add_parser("list", help="one line per stored puzzle")
    lst.add_argument("files", nargs="*", type=file_name, help=files_help)
    lst.add_argument("--game", choices=GAMES)
    lst.add_argument("--kind", choices=KINDS)
    lst.add_argument("--band", choices=BANDS)
    lst.add_argument("--theme", choices=THEMES)
    lst.set_defaults(run=list_puzzles)
