"""Kernels forked from the warm process (``kaszino.cli.kernel_forks``): each its own process, with
the environment and folder of its page, the widgets' comm targets, and an end the server sees."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

pytest.importorskip("ipykernel")

from kaszino.cli.kernel_forks import FORKING, ForkedProcess, ForkingKernelManager, forkable

needs_fork = pytest.mark.skipif(not FORKING, reason="os.fork and os.pidfd_open are Linux's")
T = TypeVar("T")


def _in_a_loop_of_its_own(work: Coroutine[Any, Any, T]) -> T:
    """``work`` run in a loop of its own in a thread of its own: another test of this worker may
    have left a loop running in the main thread (asyncio.run refuses to start beside it)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work).result()


@needs_fork
def test_only_this_pythons_ipykernel_is_forked() -> None:
    assert forkable([sys.executable, "-m", "ipykernel_launcher", "-f", "kernel.json"])
    assert not forkable(["/usr/bin/python3.9", "-m", "ipykernel_launcher", "-f", "kernel.json"])
    assert not forkable([sys.executable, "-m", "other_kernel", "-f", "kernel.json"])
    assert not forkable([sys.executable])


@needs_fork
def test_a_forked_process_is_followed_by_its_handle() -> None:
    with subprocess.Popen(["sleep", "30"]) as child:
        process = ForkedProcess(child.pid)
        assert process.poll() is None
        with pytest.raises(subprocess.TimeoutExpired):
            process.wait(timeout=0.05)
        process.kill()
        assert process.wait(timeout=10) == 0
        assert process.poll() == 0
        process.kill()  # an ended process is signalled no more, whatever got its number since
    assert child.returncode == -9


@needs_fork
def test_a_forked_kernel_runs_the_pages_environment_in_its_own_process(tmp_path: Path) -> None:
    async def run() -> tuple[dict[str, str], int]:
        manager = ForkingKernelManager(kernel_name="python3", connection_file=str(tmp_path / "kernel.json"))
        env = dict(os.environ, KASZINO_PROGRESS=str(tmp_path / "anna.sqlite3"))
        await manager.start_kernel(env=env, cwd=str(tmp_path))
        client = manager.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=60)
            found: dict[str, str] = {}

            def seen(message: dict[str, object]) -> None:
                content = message["content"]
                if message["header"]["msg_type"] == "stream":  # type: ignore[index]
                    key, _, value = content["text"].strip().partition("=")  # type: ignore[index]
                    found[key] = value

            code = ("import os, sys\nprint('progress=' + os.environ['KASZINO_PROGRESS'])\n"
                    "print('cwd=' + os.getcwd())\nprint('pid=' + str(os.getpid()))\n"
                    "print('targets=' + ' '.join(sorted(get_ipython().kernel.comm_manager.targets)))\n"
                    "print('preloaded=' + str('kaszino.jupyter.trainer' in sys.modules))")
            for line in code.splitlines()[1:]:
                await client.execute_interactive(f"import os, sys\n{line}", output_hook=seen, timeout=60)
            process = manager.provisioner.process
            assert isinstance(process, ForkedProcess)
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(now=True)
        return found, process.pid

    found, pid = _in_a_loop_of_its_own(run())
    assert found["progress"] == str(tmp_path / "anna.sqlite3")
    assert found["cwd"] == str(tmp_path)
    assert int(found["pid"]) == pid != os.getpid()
    assert {"jupyter.widget", "jupyter.widget.control"} <= set(found["targets"].split())
    assert found["preloaded"] == "True", "the notebooks' modules were imported before the fork"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


PORTS = ("shell_port", "iopub_port", "stdin_port", "hb_port", "control_port")


async def answers(manager: ForkingKernelManager) -> None:
    """Wait until ``manager``'s kernel answers a client (its ``kernel_info`` reply)."""
    client = manager.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
    finally:
        client.stop_channels()


@needs_fork
def test_a_kernel_restarted_with_new_ports_gets_new_ports_and_answers(tmp_path: Path) -> None:
    """Over TCP (where the system has no ``ipc``), what the restarter asks for when a new kernel
    died before it ever ran (one of its ports was taken by another socket between being chosen and
    being bound): the same ports again would fail again; the forking manager chooses new ones."""
    async def run() -> tuple[dict[str, int], dict[str, int]]:
        manager = ForkingKernelManager(kernel_name="python3", connection_file=str(tmp_path / "kernel.json"),
                                       transport="tcp")
        await manager.start_kernel(cwd=str(tmp_path))
        try:
            before = {name: getattr(manager, name) for name in PORTS}
            await manager.restart_kernel(now=True, newports=True)
            after = {name: getattr(manager, name) for name in PORTS}
            await answers(manager)
        finally:
            await manager.shutdown_kernel(now=True)
        return before, after

    before, after = _in_a_loop_of_its_own(run())
    assert all(before.values()) and all(after.values())
    assert not set(before.values()) & set(after.values()), (before, after)


@needs_fork
def test_a_kernel_is_reached_through_files_not_ports(tmp_path: Path) -> None:
    """A forked kernel's sockets are files beside its connection file (ZeroMQ's ipc): no port that
    another socket could take before the kernel binds it. It answers, and its files go with it."""
    connection = tmp_path / "kernel.json"

    async def run() -> tuple[str, list[str]]:
        manager = ForkingKernelManager(kernel_name="python3", connection_file=str(connection))
        await manager.start_kernel(cwd=str(tmp_path))
        try:
            await answers(manager)
            sockets = sorted(path.name for path in tmp_path.glob("kernel-ipc-*") if path.is_socket())
            transport = str(manager.get_connection_info()["transport"])
        finally:
            await manager.shutdown_kernel(now=True)
        return transport, sockets

    transport, sockets = _in_a_loop_of_its_own(run())
    assert transport == "ipc"
    assert len(sockets) == len(PORTS), sockets
    assert not list(tmp_path.glob("kernel-ipc-*")), "the kernel's socket files outlived it"


AFTER_WARM = """
import sys
from kaszino.cli.kernel_forks import FIRST_PUZZLES, warm
warm()
from kaszino.puzzles import play_kinds, scopa_kinds
from kaszino.puzzles.puzzle import load_all
from kaszino.puzzles.trainer import Trainer

def no_solver(*args, **kwargs):
    raise AssertionError("the solver ran after the warm-up")

play_kinds.solve_deal = play_kinds.solve = scopa_kinds.solve_round = no_solver
trainer = Trainer(load_all())
print(" ".join(trainer.next().id for _ in range(FIRST_PUZZLES)), "debugger" + str("debugpy" in sys.modules))
"""


def test_the_warm_process_has_the_first_puzzles_of_a_new_learner_confirmed() -> None:
    found = subprocess.run([sys.executable, "-c", AFTER_WARM], capture_output=True, text=True, timeout=300,
                           check=False)
    assert found.returncode == 0, found.stderr[-2000:]
    served, debugger = found.stdout.split("\n")[0].rsplit(" ", 1)
    assert len(served.split()) == 12 and debugger == "debuggerTrue"
