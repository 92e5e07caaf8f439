"""``kaszino app``: the whole tutorial as a classroom app — Voilà on 127.0.0.1, code hidden.

Voilà serves the ``notebooks/`` folder: its file list at ``/`` and every notebook rendered at
``/voila/render/<name>.ipynb``, so the links between chapters work as they do in JupyterLab. The
command prints the address of the start page (``00_start.ipynb``: the index of the chapters with
the learner's progress) and serves until interrupted. It needs the ``notebook`` extra.
"""

from __future__ import annotations

import argparse
import shutil
import signal
import socket
import subprocess
import sys
import webbrowser
from pathlib import Path
from types import FrameType

from kaszino.cli.arguments import file_name, whole
from kaszino.errors import KaszinoError, quote

HOST = "127.0.0.1"
START_PAGE = "00_start.ipynb"
DEFAULT_PORT = 8866


def free_port() -> int:
    """A port nobody listens on now (the system picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def start_url(port: int) -> str:
    """The address of the start page once the app serves on ``port``."""
    return f"http://{HOST}:{port}/voila/render/{START_PAGE}"


def voila_command(notebooks: Path, port: int) -> list[str]:
    """The Voilà command line that serves ``notebooks`` on ``HOST:port`` with the code hidden."""
    voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or shutil.which("voila")
    if voila is None:
        raise KaszinoError("Voilà is not installed: install the notebook extra "
                           "(pip install 'kaszino[notebook]')")
    return [voila, str(notebooks), "--no-browser", f"--Voila.ip={HOST}", f"--port={port}",
            "--Voila.port_retries=0", "--VoilaConfiguration.strip_sources=True",
            "--VoilaConfiguration.show_tracebacks=False"]


def notebooks_folder(given: str) -> Path:
    """The folder of the tutorial notebooks; refused unless it holds the start page."""
    folder = Path(given).expanduser().resolve()
    try:
        found = (folder / START_PAGE).is_file()
    except OSError as error:  # a name too long for the file system, say
        raise KaszinoError(f"--notebooks {quote(given)}: cannot be used ({error.strerror})") from None
    if not found:
        raise KaszinoError(f"{folder} holds no {START_PAGE}: "
                           "run from the repository root or give --notebooks")
    return folder


def run(args: argparse.Namespace) -> int:
    folder = notebooks_folder(args.notebooks)
    port = args.port or free_port()
    command = voila_command(folder, port)
    print(f"The tutorial is served at {start_url(port)}  (Ctrl+C stops it)", flush=True)
    stop_like_ctrl_c()
    with subprocess.Popen(command) as server:
        if args.open:
            webbrowser.open(start_url(port))
        try:
            return server.wait()
        except KeyboardInterrupt:
            server.terminate()
            server.wait()
            return 0


def stop_like_ctrl_c() -> None:
    """Let SIGTERM and SIGHUP (a service manager's stop, a closed terminal) stop the app as Ctrl+C
    does, Voilà server and all; by default they end this process at once and leave the server
    holding the port."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):  # SIGHUP does not exist on Windows
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), interrupt)


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino app`` to the top-level command."""
    app = commands.add_parser("app", help="serve the whole tutorial as an app without code (Voilà)")
    app.add_argument("--port", type=whole(0, 65535), default=DEFAULT_PORT,
                     help=f"port on 127.0.0.1 (default {DEFAULT_PORT}; 0 picks a free one)")
    app.add_argument("--notebooks", type=file_name, default="notebooks",
                     help="folder of the notebooks (default: notebooks)")
    app.add_argument("--open", action="store_true", help="also open the start page in the web browser")
    app.set_defaults(run=run)
