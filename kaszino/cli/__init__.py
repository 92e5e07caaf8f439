"""The ``kaszino`` command. Each group of subcommands lives in a module of its own here and adds
itself to the parser through ``add_commands``; ``main(argv)`` returns the exit status: 0 on
success, 1 when a check finds a problem, 2 on bad input (with a message naming it), 130 when
interrupted by Ctrl-C (one line, no traceback; nothing half-written is left, see ``kaszino.files``).
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from typing import TextIO

# jsonschema, which nbformat and Jupyter's servers import, imports ``rfc3987_syntax`` where it is
# installed (Jupyter's dependencies install it): that package builds some thirty Earley parsers as
# it is imported, 0.8–0.9 s of CPU in every server and command, for jsonschema's checks of the
# "iri" formats, which no schema of Jupyter's or of ours uses. Marked missing before anything
# imports jsonschema (``kaszino``, ``python -m kaszino.cli.app_server``, the kernels' warm
# process), jsonschema leaves those two checks out, as where the package is not installed.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]  # None: "not installed"

from kaszino.cli import analyse, app, classroom, lab, play, progress, puzzles, site  # noqa: E402
from kaszino.cli.arguments import Parser  # noqa: E402
from kaszino.errors import KaszinoError, quote  # noqa: E402
from kaszino.shipped import release  # noqa: E402

COMMAND_GROUPS = (play, analyse, puzzles, progress, lab, app, classroom, site)
"""The modules that add subcommands, in the order ``kaszino --help`` lists them."""

INTERRUPTED = 130
"""The exit status after Ctrl-C, as shells give it (128 + SIGINT)."""


def parser() -> argparse.ArgumentParser:
    """The ``kaszino`` command's parser, with every group's subcommands."""
    top = Parser(prog="kaszino", description="Kaszinó: rules, solver and puzzle trainer.")
    top.add_argument("--version", action="version", version=f"kaszino {release()}")
    commands = top.add_subparsers(dest="command", required=True)
    for group in COMMAND_GROUPS:
        group.add_commands(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    _escape_what_cannot_be_shown(sys.stdout)
    try:
        strings = isinstance(argv, list | tuple) and all(isinstance(a, str) for a in argv)
        if argv is not None and not strings:
            raise KaszinoError(f"the arguments must be a list of strings, not {quote(argv)}")
        args = parser().parse_args(argv)
        status: int = args.run(args)
    except KaszinoError as error:
        print(f"kaszino: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("kaszino: interrupted; nothing half-written was left behind", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader stopped early (``kaszino puzzles list | head``): not an error
        sys.stderr.close()
        return 0
    return status


def _escape_what_cannot_be_shown(stream: TextIO) -> None:
    """Characters the output's encoding lacks (``♣`` on an ASCII terminal, a file name that is not
    UTF-8) are written as backslash escapes instead of stopping the program, as on standard error."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="backslashreplace")
