"""``kaszino app``: the whole tutorial as a classroom app — Voilà on 127.0.0.1, code hidden.

Voilà serves the notebooks installed with kaszino (``--notebooks`` names another folder, such as
the learner's copy that ``kaszino lab`` made): its file list at ``/`` and every notebook rendered at
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
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from kaszino.cli.arguments import file_name, whole
from kaszino.errors import KaszinoError, quote
from kaszino.shipped import shipped

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


def installed_tool(name: str, what: str) -> str:
    """The program ``name`` of the notebook extra, beside this Python first (its virtual environment)."""
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        raise KaszinoError(f"{what} is not installed: install the notebook extra "
                           "(pip install 'kaszino[notebook]')")
    return found


def voila_command(notebooks: Path, port: int) -> list[str]:
    """The Voilà command line that serves ``notebooks`` on ``HOST:port`` with the code hidden."""
    return [installed_tool("voila", "Voilà"), str(notebooks), "--no-browser", f"--Voila.ip={HOST}",
            f"--port={port}", "--Voila.port_retries=0", "--VoilaConfiguration.strip_sources=True",
            "--VoilaConfiguration.show_tracebacks=False"]


def notebooks_folder(given: str | None) -> Path:
    """The folder of the tutorial notebooks (``None``: those installed with kaszino); refused unless
    it holds the start page."""
    folder = shipped("notebooks") if given is None else Path(given).expanduser().resolve()
    try:
        found = (folder / START_PAGE).is_file()
    except OSError as error:  # a name too long for the file system, say
        raise KaszinoError(f"--notebooks {quote(given)}: cannot be used ({error.strerror})") from None
    if not found:
        raise KaszinoError(f"{folder} holds no {START_PAGE}: give --notebooks the folder of the tutorial")
    return folder


def run(args: argparse.Namespace) -> int:
    folder = notebooks_folder(args.notebooks)
    port = args.port or free_port()
    command = voila_command(folder, port)
    print(f"The tutorial is served at {start_url(port)}  (Ctrl+C stops it)", flush=True)
    return serve(command, then=(lambda: webbrowser.open(start_url(port))) if args.open else None)


def serve(command: list[str], env: dict[str, str] | None = None,
          then: Callable[[], object] | None = None) -> int:
    """Run the server ``command`` (with ``env``, then call ``then``) until it ends or is interrupted;
    its exit status, or 0 when stopped by Ctrl+C, SIGTERM or SIGHUP."""
    stop_like_ctrl_c()
    with subprocess.Popen(command, env=env) as server:
        if then is not None:
            then()
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
    app.add_argument("--notebooks", type=file_name, default=None,
                     help="folder of the notebooks (default: those installed with kaszino)")
    app.add_argument("--open", action="store_true", help="also open the start page in the web browser")
    app.set_defaults(run=run)
