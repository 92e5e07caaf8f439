"""``kaszino app``: the whole tutorial as a classroom app — Voilà on 127.0.0.1, code hidden.

Voilà (as :mod:`kaszino.cli.app_server`) serves the notebooks installed with kaszino
(``--notebooks`` names another folder, such as the learner's copy that ``kaszino lab`` made):
every notebook rendered at ``/voila/render/<name>.ipynb``, so the links between chapters work as
they do in JupyterLab. The command prints the address of the start page (``00_start.ipynb``: the
index of the chapters with the learner's progress; ``--page`` names another, such as the
trainer's ``10_feladvanyok.ipynb``) and serves until interrupted. It needs the ``notebook`` extra.

One learner (the default): the progress file is ``$KASZINO_PROGRESS`` (else the user's data
folder) and ``/`` lists the notebooks. A class (``--class DIR``): ``/`` asks each browser for a
name (and the class code, with ``--class-code``), each learner's progress is
``DIR/<name>.sqlite3``, and the teacher's page
``/kaszino/teacher`` opens with the teacher code (``--teacher-code``, else one made up and
printed). ``--puzzles FILE`` serves a teacher's class set (:mod:`kaszino.puzzles.class_set`) on
the trainer's page instead of the shipped puzzles; the file is checked before the server starts,
and the teacher's page shows each learner's results at it. Either way a page that is left
releases its kernel, kernels idle for ``--idle-minutes``
with no page open are shut down, and at most ``--max-kernels`` run at once (docs/classroom-app.md
has the numbers).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import webbrowser
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from urllib.parse import quote as url_quote

from kaszino.cli.arguments import decimal, english, file_name, whole
from kaszino.errors import KaszinoError, quote
from kaszino.puzzles.class_set import ENVIRONMENT_VARIABLE as CLASS_SET_ENV
from kaszino.puzzles.class_set import ClassSet, load_class_set
from kaszino.shipped import shipped
from kaszino.store import ENVIRONMENT_VARIABLE

HOST = "127.0.0.1"
START_PAGE = "00_start.ipynb"
DEFAULT_PORT = 8866
PROGRESS_HEADER = "X-Kaszino-Progress"
"""The request header the app's server (never the browser) sets to the learner's file; Voilà
hands it to the page's kernel (``kaszino.cli.app_server``)."""
PAGE_HEADER = "X-Kaszino-Page"
"""The request header the app's server sets to a token of the request, which names the page's
kernel while the page is being made."""
PUPIL_HEADER = "X-Kaszino-Pupil"
"""The request header the app's server sets (to ``1``) on the page of a class learner whose browser
has not given the teacher code; the page's kernel gets ``KASZINO_PUPIL`` from it."""
MAX_KERNELS = 40
"""The most kernels at once by default: about 60 MB each, 40 fit in 3 GB beside the server."""
IDLE_MINUTES = 10
"""A kernel with no page connected and no work for this long is shut down."""
POOL_SIZE = 3
"""Kernels the app keeps started ahead (the notebooks' imports run) so that a page need not wait
for one."""
CULL_INTERVAL_S = 60
"""How often Voilà looks for idle kernels (more often when ``--idle-minutes`` is under two)."""
CLASS_CODE_ENV = "KASZINO_CLASS_CODE"
"""The variable in which the app's server finds the class code (``--class-code``)."""
TEMPLATES = Path(__file__).with_name("app_data")
"""The Jupyter data folder holding the app's Voilà template (``voila/templates/kaszino``)."""
IGNORED_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension",)
"""Lab extensions installed beside Voilà that have no place in its pages (the offline site's
kernel, which throws in a Voilà page's console)."""


SERVER_PORTS = range(20_000, 32_768)
"""Where :func:`free_port` chooses a server's port: below the range from which the system gives a
port to a socket bound to port 0 (32768–60999 on Linux, 49152–65535 on macOS and Windows). The
kernels' sockets take theirs from that range, so none of them can take the port chosen here in the
moment before the server binds it (a browser test once met a kernel's socket at its server's
port)."""


def free_port() -> int:
    """A port of :data:`SERVER_PORTS` nobody listens on now, chosen at random."""
    rng = random.Random()  # seeded by the system: two commands started together choose apart
    for _ in range(64):
        port = rng.choice(SERVER_PORTS)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((HOST, port))
            except OSError:  # taken, or closing
                continue
        return port
    raise KaszinoError(f"no free port from {SERVER_PORTS.start} to {SERVER_PORTS.stop - 1} on {HOST}: "
                       "give one with --port")


RENDER = "/voila/render/"
"""Where the app serves each page of the tutorial: ``RENDER + "02_utes.ipynb"``."""


def start_url(port: int, page: str = START_PAGE) -> str:
    """The address of ``page`` (the start page by default) once the app serves on ``port``."""
    return f"http://{HOST}:{port}{RENDER}{page}"


def class_url(port: int, page: str = START_PAGE) -> str:
    """The address a class is given: the page where each pupil gives a name, leading to ``page``."""
    lead = "" if page == START_PAGE else "?next=" + url_quote(RENDER + page, safe="")
    return f"http://{HOST}:{port}/{lead}"


def tutorial_page(folder: Path, given: str) -> str:
    """``given``, a page of the tutorial in ``folder`` (a notebook's file name), or a ``KaszinoError``
    naming the pages there are."""
    pages = sorted(path.name for path in folder.glob("*.ipynb"))
    if given not in pages:
        raise KaszinoError(f"--page {quote(given)}: {folder} has no such page; its pages: {', '.join(pages)}")
    return given


def jupyter_application(module: str, what: str) -> list[str]:
    """The command that runs the Jupyter application whose ``main`` is in ``module`` (e.g.
    ``jupyterlab.labapp``) with this Python, as its own program would, after importing
    ``kaszino.cli`` (which spares it jsonschema's IRI grammars: 0.9 s of CPU at each start). A
    ``KaszinoError`` naming ``what`` if the notebook extra that brings it is not installed."""
    if importlib.util.find_spec(module.partition(".")[0]) is None:
        raise not_installed(what)
    return [sys.executable, "-c", f"import sys, kaszino.cli; from {module} import main; sys.exit(main())"]


def not_installed(what: str) -> KaszinoError:
    """The error for a part of the notebook extra that is missing."""
    return KaszinoError(f"{what} is not installed: install the notebook extra "
                        "(pip install 'kaszino[notebook]')")


def cull_interval(idle_s: int) -> int:
    """Seconds between two looks of the culler for kernels idle ``idle_s`` seconds: a minute, or
    half of a shorter idle time, so that an idle kernel goes within one and a half times it."""
    return max(1, min(CULL_INTERVAL_S, idle_s // 2))


def voila_command(notebooks: Path, port: int, class_folder: Path | None = None,
                  max_kernels: int = MAX_KERNELS, idle_minutes: float = IDLE_MINUTES,
                  pool: int = POOL_SIZE, fork: bool = True) -> list[str]:
    """The command line of the app's Voilà server: ``notebooks`` on ``HOST:port`` with the code
    hidden, for the learners of ``class_folder`` (None: one learner)."""
    idle_s = max(1, round(idle_minutes * 60))
    return [sys.executable, "-m", "kaszino.cli.app_server", str(notebooks), "--no-browser",
            f"--Voila.ip={HOST}", f"--port={port}", "--Voila.port_retries=0",
            "--VoilaConfiguration.strip_sources=True",
            "--VoilaConfiguration.show_tracebacks=False", "--VoilaConfiguration.template=kaszino",
            "--VoilaConfiguration.multi_kernel_manager_class=kaszino.cli.app_server.LearnerKernels",
            f"--VoilaConfiguration.http_header_envs={PROGRESS_HEADER}",
            f"--VoilaConfiguration.http_header_envs={PAGE_HEADER}",
            f"--VoilaConfiguration.http_header_envs={PUPIL_HEADER}",
            *(f"--VoilaConfiguration.extension_denylist={name}" for name in IGNORED_EXTENSIONS),
            f"--MappingKernelManager.cull_idle_timeout={idle_s}",
            f"--MappingKernelManager.cull_interval={cull_interval(idle_s)}",
            f"--AppServer.max_kernels={max_kernels}",
            f"--LearnerKernels.pool_size={pool}",
            f"--LearnerKernels.fork_kernels={fork}",
            *([f"--AppServer.class_folder={class_folder}"] if class_folder is not None else [])]


def template_path() -> str:
    """``JUPYTER_PATH`` for a Voilà server with the app's template (``--template=kaszino``): the
    folder of :data:`TEMPLATES` first, then whatever the environment named."""
    return os.pathsep.join([str(TEMPLATES), *filter(None, [os.environ.get("JUPYTER_PATH")])])


def server_environment(class_folder: Path | None, teacher_code: str, class_code: str = "",
                       class_set: ClassSet | None = None) -> dict[str, str]:
    """The environment of the app's server: the template found first, the teacher code, the class
    code ("": none asked), the class set's file (every kernel inherits it; none: the shipped
    puzzles, whatever the server's own environment said). In class mode a kernel's learner is the
    browser's, never the server's:
    ``KASZINO_PROGRESS`` names the class folder, which is no progress file, so a kernel started
    without a learner saves nothing."""
    env = dict(os.environ, JUPYTER_PATH=template_path(), KASZINO_TEACHER_CODE=teacher_code)
    env[CLASS_CODE_ENV] = class_code
    env[CLASS_SET_ENV] = "" if class_set is None else str(class_set.path)
    if class_folder is not None:
        env[ENVIRONMENT_VARIABLE] = str(class_folder)
    return env


def class_folder(given: str | None) -> Path | None:
    """The class folder of ``--class`` (made if missing), or None."""
    if given is None:
        return None
    folder = Path(given).expanduser().resolve()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise KaszinoError(f"--class {quote(given)}: cannot be used ({error.strerror})") from None
    return folder


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
    if importlib.util.find_spec("voila") is None:
        raise not_installed("Voilà")
    folder = notebooks_folder(args.notebooks)
    learners = class_folder(args.class_folder)
    if args.class_code is not None and learners is None:
        raise KaszinoError("--class-code is for a class: give --class DIR too")
    class_set = None if args.puzzles is None else load_class_set(Path(args.puzzles).expanduser().resolve())
    page = tutorial_page(folder, args.page)
    port = args.port or free_port()
    command = voila_command(folder, port, learners, args.max_kernels, args.idle_minutes, args.pool,
                            args.fork_kernels)
    teacher_code = args.teacher_code or secrets.token_urlsafe(6)
    address = start_url(port, page) if learners is None else class_url(port, page)
    print(f"The tutorial is served at {address}  (Ctrl+C stops it)", flush=True)
    if learners is not None:
        print(f"Each learner's progress: {learners}; the teacher's page: "
              f"http://{HOST}:{port}/kaszino/teacher (teacher code: {teacher_code})", flush=True)
        if args.class_code is not None:
            print(f"The start page asks for the class code: {args.class_code}", flush=True)
    if class_set is not None:
        puzzles = english(puzzles=len(class_set.puzzles))["puzzles"]
        print(f"The trainer serves the class set {class_set.name!r} ({puzzles}) from {class_set.path}",
              flush=True)
    return serve(command, env=server_environment(learners, teacher_code, args.class_code or "", class_set),
                 then=(lambda: webbrowser.open(address)) if args.open else None)


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
    app.add_argument("--page", type=file_name, default=START_PAGE,
                     help="the page the printed address (and --open) leads to, such as 10_feladvanyok.ipynb "
                          "(the trainer); every page stays reachable (default: the start page)")
    app.add_argument("--open", action="store_true", help="also open that page in the web browser")
    app.add_argument("--class", dest="class_folder", type=file_name, default=None, metavar="DIR",
                     help="serve a class: each browser gives a name, each learner's progress is a file "
                          "in DIR")
    app.add_argument("--teacher-code", type=file_name, default=None,
                     help="the code of the teacher's page (with --class; default: one made up and printed)")
    app.add_argument("--class-code", type=file_name, default=None,
                     help="with --class: the start page asks for this code beside the name, so that only "
                          "the class's pupils get in (default: the name alone)")
    app.add_argument("--puzzles", type=file_name, default=None, metavar="FILE",
                     help="a teacher's puzzle file (a class set) for the trainer's page instead of the "
                          "shipped puzzles; checked by the solver before the server starts")
    app.add_argument("--max-kernels", type=whole(1, 10_000), default=MAX_KERNELS,
                     help=f"the most pages open at once; more are refused politely (default {MAX_KERNELS})")
    app.add_argument("--pool", type=whole(0, 100), default=POOL_SIZE,
                     help="kernels kept started ahead for the next pages, counted in --max-kernels "
                          f"(default {POOL_SIZE})")
    app.add_argument("--no-fork", dest="fork_kernels", action="store_false",
                     help="start every kernel as a Python of its own (slower; by default kernels are forked "
                          "from one process that has the imports done, where the system allows)")
    app.add_argument("--idle-minutes", type=decimal(0.05, 24 * 60), default=IDLE_MINUTES,
                     help="shut down a page's kernel idle this long with the page closed, such as 10 or "
                          f"0.5 (default {IDLE_MINUTES})")
    app.set_defaults(run=run)
