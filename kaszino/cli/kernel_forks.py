"""Kernels forked from one warm process: a page's kernel without Python's start and the imports.

A Python kernel started the usual way costs a page about 0.8 CPU seconds before its first cell:
Python itself, ipykernel and IPython, ipywidgets and the notebooks' modules, and the trainer's
puzzle collections read anew. :class:`ForkingKernelManager` (``kaszino app``'s kernels) asks a
single process started once with the server (``python -m kaszino.cli.kernel_forks``: the
*warm process*, which imported all of that and read the puzzles, and started no kernel) to fork
a copy of itself for each kernel; the copy becomes the kernel (``IPKernelApp`` with the page's
connection file, environment and folder), so each page still has a process of its own and
nothing crosses from one page or learner to another, while the work done before the fork is
done once per server, and its memory pages are shared by every kernel until they write to them.

The warm process reads one request a line on its standard input (JSON: the kernel's command,
environment and folder) and answers each with the new kernel's process id; it ends when its
input closes (the server went). It lets the system reap its ended kernels, so the server
follows each kernel by a handle on the process itself (``os.pidfd_open``: never another process
that got the same number later). Where ``os.fork`` or ``os.pidfd_open`` do not exist (Windows,
macOS), or for a kernel of another command, kernels start the usual way.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import json
import os
import select
import signal
import subprocess
import sys
import traceback
from collections.abc import Mapping, Sequence
from typing import IO, Any

from jupyter_client.provisioning.local_provisioner import LocalProvisioner
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
from traitlets import default

KERNEL_MODULE = "ipykernel_launcher"
PRELOADED = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.zmqshell", "ipywidgets",
             "ipykernel.debugger", "IPython.core.debugger", "IPython.core.completerlib",
             "IPython.extensions.storemagic", "psutil", "tornado.platform.asyncio",
             "kaszino.jupyter.tutorial", "kaszino.jupyter.trainer", "kaszino.jupyter.game_page")
"""What the warm process imports before it forks a kernel: the kernel, what a kernel imports as it
starts (the debugger's ``debugpy``, half of a forked kernel's start when left to each kernel) and
every notebook's modules."""
FIRST_PUZZLES = 12
"""How many of the puzzles a new learner meets first the warm process has the solver confirm (the
trainer confirms each puzzle before serving it): every kernel then finds the solver's answers in
its caches, instead of each new learner's first trainer page solving the same deal (0.2–0.6 CPU
seconds)."""
FORKING = hasattr(os, "fork") and hasattr(os, "pidfd_open")
READY = "ready"
"""The warm process's first line, once it has imported :data:`PRELOADED`."""


def forkable(command: Sequence[str]) -> bool:
    """Whether the kernel of ``command`` can be forked from the warm process: this Python's
    ipykernel (``python -m ipykernel_launcher ...``, as the ``python3`` kernel starts)."""
    return FORKING and list(command[:3]) == [sys.executable, "-m", KERNEL_MODULE]


def warm() -> None:
    """Import what the kernels need, read the shipped puzzles (and the class set, with
    ``kaszino app --puzzles``) and confirm the first ones a new learner meets, once, before any fork."""
    for module in PRELOADED:
        importlib.import_module(module)
    from kaszino.errors import KaszinoError
    from kaszino.puzzles.class_set import class_set_from_environment
    from kaszino.puzzles.puzzle import answers_confirmed, load_all
    from kaszino.puzzles.trainer import Trainer

    shipped = Trainer(load_all())  # as a new learner's trainer page starts: rated, nothing tried
    for _ in range(FIRST_PUZZLES):
        shipped.next()
    with contextlib.suppress(KaszinoError):  # changed since the app checked it: each page names it
        class_set = class_set_from_environment()
        for puzzle in class_set.puzzles[:FIRST_PUZZLES] if class_set is not None else ():
            answers_confirmed(puzzle)  # served in the teacher's order
    gc.freeze()  # the collector leaves these objects be, so the kernels share their memory pages


def serve(requests: IO[str], answers: IO[str]) -> None:
    """The warm process: fork a kernel for each request line until ``requests`` ends."""
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # ended kernels are reaped by the system
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which closes our input
    launched_in = os.getcwd()
    warm()
    answers.write(READY + "\n")
    answers.flush()
    for line in requests:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            if sys.path and sys.path[0] == launched_in:  # ``-m`` put the server's folder first
                del sys.path[0]  # the kernel puts its own there, as ipykernel_launcher does
            become_kernel(request["argv"], request["env"], request["cwd"])
        answers.write(json.dumps({"pid": pid}) + "\n")
        answers.flush()


def become_kernel(argv: Sequence[str], env: Mapping[str, str], cwd: str) -> None:
    """In the forked copy: run the kernel of ``argv`` (its arguments after ``-m ipykernel_launcher``)
    in ``env`` and ``cwd``, as a session of its own; never returns."""
    status = 0
    try:
        os.setsid()  # as jupyter_client starts kernels: an interrupt reaches the kernel's own group
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the kernel waits for its own subprocesses
        signal.signal(signal.SIGINT, signal.default_int_handler)  # an interrupt stops a cell
        quiet = os.open(os.devnull, os.O_RDONLY)
        os.dup2(quiet, 0)  # the warm process's requests are not the kernel's
        os.dup2(2, 1)  # nor its answers: the kernel's output goes to the server's log
        os.close(quiet)
        os.environ.clear()
        os.environ.update(env)
        os.chdir(cwd)
        sys.argv = [KERNEL_MODULE, *argv[3:]]
        import ipywidgets
        from ipykernel.kernelapp import IPKernelApp

        app = IPKernelApp.instance()
        app.initialize([*argv[3:], f"--IPKernelApp.parent_handle={os.getppid()}"])  # type: ignore[no-untyped-call]
        ipywidgets.register_comm_target()  # ipywidgets was imported before the kernel existed
        app.start()  # type: ignore[no-untyped-call]
    except BaseException:  # the copy must end here, whatever happened
        traceback.print_exc()
        status = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


class Forks:
    """The server's side of the warm process: started on the first kernel, one request at a time."""

    def __init__(self) -> None:
        self._process: asyncio.subprocess.Process | None = None
        self._lock = asyncio.Lock()

    async def fork(self, argv: Sequence[str], env: Mapping[str, str], cwd: str) -> int:
        """A new kernel's process id (``argv``: its command, see :func:`forkable`)."""
        async with self._lock:
            process = await self._started()
            assert process.stdin is not None and process.stdout is not None
            request = {"argv": list(argv), "env": dict(env), "cwd": cwd}
            process.stdin.write((json.dumps(request) + "\n").encode())
            await process.stdin.drain()
            answer = await process.stdout.readline()
            if not answer:
                self._process = None
                raise RuntimeError("the warm process of the kernels ended")
            pid: int = json.loads(answer)["pid"]
            return pid

    async def _started(self) -> asyncio.subprocess.Process:
        if self._process is not None and self._process.returncode is None:
            return self._process
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", __name__, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        assert process.stdout is not None
        if (await process.stdout.readline()).decode().strip() != READY:
            raise RuntimeError("the warm process of the kernels did not start")
        self._process = process
        return process


FORKS = Forks()
"""The server's one warm process."""


class ForkedProcess:
    """A forked kernel as ``subprocess.Popen`` is used by :class:`LocalProvisioner`: polled, waited
    for and signalled through a handle on the process (not its number, which may be reused)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        try:
            self._handle: int | None = os.pidfd_open(pid)
        except ProcessLookupError:  # already ended
            self._handle = None
            self.returncode = 0

    def poll(self) -> int | None:
        if self.returncode is None and self._handle is not None:
            ended, _, _ = select.select([self._handle], [], [], 0)
            if ended:
                self._close(0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None and self._handle is not None:
            ended, _, _ = select.select([self._handle], [], [], timeout)
            if not ended:
                raise subprocess.TimeoutExpired(KERNEL_MODULE, timeout or 0.0)
            self._close(0)
        return self.returncode or 0

    def send_signal(self, signum: int) -> None:
        if self._handle is not None and self.returncode is None:
            signal.pidfd_send_signal(self._handle, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def _close(self, status: int) -> None:
        self.returncode = status
        if self._handle is not None:
            os.close(self._handle)
            self._handle = None


class ForkedProvisioner(LocalProvisioner):
    """jupyter_client's local provisioner, its kernel forked from the warm process when it can be."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
        if not forkable(cmd):
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        cwd = str(kwargs.get("cwd") or os.getcwd())
        try:
            pid = await FORKS.fork(cmd, env, cwd)
        except (OSError, RuntimeError, ValueError) as error:
            self.log.warning("kaszino: no forked kernel (%s); starting one the usual way", error)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedProcess(pid)  # type: ignore[assignment]  # used as Popen is
        self.pid = self.pgid = pid
        self.cwd = cwd
        return self.connection_info


class ForkingKernelManager(ServerKernelManager):
    """jupyter_server's kernel manager with :class:`ForkedProvisioner`, its kernels reached through
    files where the system has them, and new ports at a restart.

    Over TCP a kernel's ports are chosen before it starts, from the range the system hands out to
    any socket meanwhile; one taken in between is a kernel that cannot bind it. Its page then
    never comes: Voilà renders the page with the kernel's first start and waits for ever once
    that start has died (a browser test met it). On Linux and macOS the kernels' sockets are
    therefore files beside their connection files (ZeroMQ's ``ipc`` transport): no port to lose,
    and nothing another user of the machine can connect to. Where TCP remains (Windows),
    jupyter_client's port cache would keep a taken port through every restart until the
    restarter gave up, so this manager does without the cache: its ports are chosen anew."""

    @default("transport")
    def _files_where_the_system_has_them(self) -> str:
        return "ipc" if os.name == "posix" else "tcp"

    @default("cache_ports")
    def _ports_anew_at_restart(self) -> bool:
        return False

    async def _async_pre_start_kernel(self, **kw: Any) -> Any:
        if self.provisioner is None and FORKING:
            self.provisioner = ForkedProvisioner(kernel_id=kw.get("kernel_id", self.kernel_id or ""),
                                                 kernel_spec=self.kernel_spec, parent=self)
        return await super()._async_pre_start_kernel(**kw)


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
