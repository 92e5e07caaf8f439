"""``kaszino puzzles generate | check | list`` (see docs/puzzles.md).

``check`` exits 1 when a puzzle's stored answers differ from the solver's (or a file does not load).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from kaszino.cli.arguments import file_name, whole
from kaszino.errors import KaszinoError, PuzzleFormatError
from kaszino.inputs import MAX_SEED
from kaszino.puzzles.puzzle import (
    KINDS,
    THEMES,
    Kind,
    Puzzle,
    check_unique_ids,
    load_puzzles,
    puzzle_files,
    recheck,
    save_puzzles,
)

MAX_GENERATE = 1000
"""The most puzzles of each kind one ``generate`` mines."""


def _files(given: Sequence[str]) -> list[Path]:
    files = [Path(name) for name in given] if given else puzzle_files()
    if not files:
        raise KaszinoError("no puzzle files given and none found in puzzles/")
    return files


def generate(args: argparse.Namespace) -> int:
    from kaszino.puzzles.mining import generate as mine_puzzles

    out = Path(args.out)
    if out.exists() and not args.force:
        raise KaszinoError(f"{out} exists; add --force to replace it")
    if out.is_dir() or not out.parent.is_dir():
        raise KaszinoError(f"--out {out}: " + ("is a folder" if out.is_dir() else f"no folder {out.parent}"))
    kinds: tuple[Kind, ...] = tuple(args.kind) if args.kind else KINDS
    puzzles = mine_puzzles(kinds, seed=args.seed, count=args.count)
    save_puzzles(puzzles, out)
    print(f"wrote {len(puzzles)} puzzles to {out}")
    return 0


def check(args: argparse.Namespace) -> int:
    files = _files(args.files)
    total, failures = 0, 0
    loaded: list[Puzzle] = []
    for path in files:
        try:
            puzzles = load_puzzles(path)
            check_unique_ids(loaded + list(puzzles), ", ".join(map(str, files)))
        except PuzzleFormatError as error:
            print(f"FAIL {error}")
            failures += 1
            continue
        loaded += puzzles
        total += len(puzzles)
        for puzzle in puzzles:
            discrepancy = recheck(puzzle)
            if discrepancy is not None:
                print(f"FAIL {path}: {discrepancy}")
                failures += 1
    if failures:
        print(f"{failures} problem(s) in {len(files)} file(s): stored answers must be exactly the solver's")
        return 1
    print(f"ok: {total} puzzles in {len(files)} file(s), every stored answer set is the solver's")
    return 0


def _describe(puzzle: Puzzle) -> str:
    state = puzzle.state
    hand = " ".join(map(str, state.hands[state.to_move]))
    table = " ".join(map(str, state.table))
    themes = ",".join(puzzle.themes) or "-"
    return (f"{puzzle.id:<10} {puzzle.kind:<13} {puzzle.rating.value:>6.0f}  "
            f"{len(puzzle.answers)} answer(s)  hand: {hand}  table: {table}  themes: {themes}")


def list_puzzles(args: argparse.Namespace) -> int:
    for path in _files(args.files):
        for puzzle in load_puzzles(path):
            wanted_kind = args.kind is None or puzzle.kind == args.kind
            if wanted_kind and (args.theme is None or args.theme in puzzle.themes):
                print(_describe(puzzle))
    return 0


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino puzzles …`` to the top-level command."""
    puzzles = commands.add_parser("puzzles", help="puzzle files: generate, check, list")
    actions = puzzles.add_subparsers(dest="action", required=True)

    gen = actions.add_parser("generate", help="mine puzzles from simulated games into a file")
    gen.add_argument("--seed", type=whole(0, MAX_SEED), required=True,
                     help="seed of the first simulated game")
    gen.add_argument("--count", type=whole(1, MAX_GENERATE), required=True, help="puzzles of each kind")
    gen.add_argument("--kind", choices=KINDS, action="append", help="kind to mine (repeatable; default all)")
    gen.add_argument("--out", type=file_name, required=True, help="the puzzle file to write")
    gen.add_argument("--force", action="store_true", help="replace --out if it exists")
    gen.set_defaults(run=generate)

    chk = actions.add_parser("check", help="re-solve stored puzzles; exit 1 if an answer set differs")
    chk.add_argument("files", nargs="*", type=file_name, help="puzzle files (default: puzzles/*.json)")
    chk.set_defaults(run=check)

    lst = actions.add_parser("list", help="one line per stored puzzle")
    lst.add_argument("files", nargs="*", type=file_name, help="puzzle files (default: puzzles/*.json)")
    lst.add_argument("--kind", choices=KINDS)
    lst.add_argument("--theme", choices=THEMES)
    lst.set_defaults(run=list_puzzles)
