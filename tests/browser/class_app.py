"""``kaszino app`` started for a test or the load test, and what its server holds.

:func:`served_app` serves the tutorial on a free loopback port until the block ends (
:func:`class_app`: for a class, ``--class``); the :class:`ClassApp` it yields counts the server's
kernels and measures the memory of the server and its kernels (shared by the app's browser tests
and ``benchmarks/bench_classroom_app.py``). :func:`sign_in` and :func:`answer` are a browser
without a browser: plain HTTP that keeps the app's cookies.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil

from kaszino.cli.app import free_port

REPO = Path(__file__).resolve().parents[2]
SERVE_TIMEOUT_S = 90.0
KERNEL = "ipykernel_launcher"
WARM = "kaszino.cli.kernel_forks"
"""The warm process whose forked copies are the kernels (their command line is its own)."""


def is_kernel(process: psutil.Process) -> bool:
    """Whether ``process`` is a kernel: started as one, or forked from the warm process."""
    command = " ".join(process.cmdline())
    return KERNEL in command or (WARM in command and WARM in " ".join(process.parent().cmdline()))


@dataclass(frozen=True)
class Memory:
    """The memory of the server and its kernels, in bytes: resident (shared pages counted in every
    process) and proportional (shared pages split among the processes that share them)."""

    rss: int
    pss: int
    kernels: int


class ClassApp:
    """A running ``kaszino app --class``: its address, its class folder and its server process."""

    def __init__(self, base: str, folder: Path, server: subprocess.Popen[bytes]) -> None:
        self.base = base
        self.folder = folder
        self.server = server

    def processes(self) -> list[psutil.Process]:
        """The app's processes now: ``kaszino app``, its Voilà server and the kernels."""
        app = psutil.Process(self.server.pid)
        return [app, *app.children(recursive=True)]

    def pools_filled(self) -> int:
        """How many times a kernel of the pool became ready (the app's log says so)."""
        return (self.folder.parent / "app.log").read_text(errors="replace").count("ready in the pool")

    def wait_for_pool(self, times: int, timeout_s: float = 120.0) -> None:
        """Until a kernel of the pool has become ready ``times`` times in all."""
        deadline = time.monotonic() + timeout_s
        while self.pools_filled() < times:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the pool did not fill {times} times in {timeout_s:.0f} s")
            time.sleep(0.2)

    def kernels(self) -> int:
        """How many kernels the app's server runs now (ended ones not counted)."""
        return self.memory(proportional=False).kernels

    def memory(self, proportional: bool = True) -> Memory:
        """What the app holds now (``proportional``: also read the slower PSS)."""
        rss = pss = kernels = 0
        for process in self.processes():
            try:
                if process.status() == psutil.STATUS_ZOMBIE:
                    continue
                kernels += is_kernel(process)
                if proportional:
                    full = process.memory_full_info()
                    rss, pss = rss + full.rss, pss + full.pss
                else:
                    rss += process.memory_info().rss
            except psutil.Error:  # ended meanwhile
                continue
        return Memory(rss, pss, kernels)


@contextmanager
def served_app(workdir: Path, *options: str, **env: str) -> Iterator[ClassApp]:
    """``kaszino app`` with ``options`` and the variables ``env``, serving until the block ends
    (its log is ``workdir/app.log``)."""
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(workdir / "runtime"), PYTHONUNBUFFERED="1", **env)
    log_path = workdir / "app.log"
    with log_path.open("wb") as log:
        server = subprocess.Popen([sys.executable, "-m", "kaszino.cli", "app", f"--port={port}", *options],
                                  cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                  stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + SERVE_TIMEOUT_S
            while True:
                try:
                    with urllib.request.urlopen(base + "/", timeout=5):
                        break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(log_path.read_text(errors="replace")[-3000:]) from None
                    time.sleep(0.3)
            yield ClassApp(base, workdir / "class", server)
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def class_app(workdir: Path, *options: str) -> AbstractContextManager[ClassApp]:
    """``kaszino app --class workdir/class`` with ``options`` (see :func:`served_app`)."""
    return served_app(workdir, "--class", str(workdir / "class"), *options)


def answer(opener: urllib.request.OpenerDirector, url: str,
           form: dict[str, str] | None = None) -> tuple[int, str]:
    """The status and the text of the page at ``url`` (``form`` posted), redirects followed."""
    data = None if form is None else urllib.parse.urlencode(form).encode()
    try:
        with opener.open(url, data, timeout=SERVE_TIMEOUT_S) as response:
            return int(response.status), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def sign_in(app: ClassApp, name: str, **fields: str) -> tuple[urllib.request.OpenerDirector, int, str]:
    """A browser (HTTP keeping the app's cookies) that gives ``name`` (and ``fields``, such as the
    class code) on the start page: the browser, and the status and text of the page it lands on
    (the start page rendered, read whole: its kernel stays)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    _, form = answer(opener, app.base + "/")
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form)
    assert xsrf is not None, "the start page has no name form"
    return (opener, *answer(opener, app.base + "/", {"_xsrf": xsrf.group(1), "name": name, **fields}))
