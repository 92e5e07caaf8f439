"""``kaszino lab``: the tutorial in JupyterLab, from the learner's own copy of the notebooks.

The notebooks are first copied to a folder the learner owns (``--dir``; by default ``kaszino`` in
the documents folder) and brought up to date with this release without replacing a notebook the
learner changed (:mod:`kaszino.cli.copies`). Then JupyterLab serves that folder on 127.0.0.1 and
opens the start page, ``00_start.ipynb``, in the browser (not with ``--no-browser``). The command
prints the page's address, with the server's one-time key, and serves until interrupted. It needs
the ``notebook`` extra.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path

from kaszino.cli.app import HOST, START_PAGE, free_port, jupyter_application, serve
from kaszino.cli.arguments import file_name, whole
from kaszino.cli.copies import bring_up_to_date, default_folder
from kaszino.errors import KaszinoError


def lab_url(port: int, token: str) -> str:
    """The start page in JupyterLab on ``port``, with the key that lets the browser in."""
    return f"http://{HOST}:{port}/lab/tree/{START_PAGE}?token={token}"


def lab_command(folder: Path, port: int, browser: bool) -> list[str]:
    """The JupyterLab command line serving ``folder`` on ``HOST:port``, opening the start page.

    JupyterLab asks the internet for news and for newer releases unless told not to; it is told.
    Run as root (a container), it must be allowed to, as the Makefile's ``make lab`` does too.
    """
    return [
        *jupyter_application("jupyterlab.labapp", "JupyterLab"), f"--ServerApp.root_dir={folder}",
        f"--ServerApp.ip={HOST}", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--LabApp.default_url=/lab/tree/{START_PAGE}", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        *([] if browser else ["--no-browser"]),
        *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
    ]


def _ask(name: str) -> bool:
    """Ask at the terminal whether this release's ``name`` may take the place of the learner's."""
    try:
        answer = input(f"You changed {name}, and this release has a new version of it. Put the new "
                       f"version in its place (yours is kept beside it)? [y/N] ")
    except EOFError:  # the terminal closed: no answer is a no
        return False
    except KeyboardInterrupt:
        raise KaszinoError(f"stopped at {name}: the notebooks after it were left as they were") from None
    return answer.strip().lower() in ("y", "yes", "i", "igen")


def run(args: argparse.Namespace) -> int:
    folder = default_folder() if args.dir is None else Path(args.dir).expanduser()
    report = bring_up_to_date(folder.resolve(), ask=_ask if sys.stdin.isatty() else None)
    for line in report.lines():
        print(line)
    port, token = args.port or free_port(), secrets.token_urlsafe(24)
    command = lab_command(report.folder, port, browser=not args.no_browser)
    print(f"JupyterLab serves {report.folder} at {lab_url(port, token)}  (Ctrl+C stops it)", flush=True)
    return serve(command, env={**os.environ, "JUPYTER_TOKEN": token})


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino lab`` to the top-level command."""
    lab = commands.add_parser("lab", help="copy the tutorial to your folder and open it in JupyterLab")
    lab.add_argument("--dir", type=file_name, default=None,
                     help=f"your folder for the notebooks (default: {default_folder()})")
    lab.add_argument("--port", type=whole(0, 65535), default=0,
                     help="port on 127.0.0.1 (default 0: a free one)")
    lab.add_argument("--no-browser", action="store_true", help="do not open the start page in the browser")
    lab.set_defaults(run=run)
