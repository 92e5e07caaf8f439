"""``kaszino app``: the Voilà command it runs, the folder it serves, and bad arguments."""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from kaszino.cli import main
from kaszino.cli.app import (
    HOST,
    SERVER_PORTS,
    START_PAGE,
    TEMPLATES,
    add_commands,
    class_url,
    free_port,
    notebooks_folder,
    server_environment,
    start_url,
    tutorial_page,
    voila_command,
)
from kaszino.errors import KaszinoError
from kaszino.shipped import shipped

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def test_the_app_serves_the_notebooks_folder_on_loopback_with_the_code_hidden() -> None:
    command = voila_command(NOTEBOOKS, 8123)
    assert command[:4] == [sys.executable, "-m", "kaszino.cli.app_server", str(NOTEBOOKS)]
    assert f"--Voila.ip={HOST}" in command and HOST == "127.0.0.1"
    assert "--port=8123" in command and "--no-browser" in command and "--Voila.port_retries=0" in command
    assert "--VoilaConfiguration.strip_sources=True" in command
    assert start_url(8123) == "http://127.0.0.1:8123/voila/render/00_start.ipynb"
    assert not any(option.startswith("--AppServer.class_folder") for option in command), "one learner"


def test_a_class_gets_its_folder_its_kernel_limits_and_no_server_learner(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    command = voila_command(NOTEBOOKS, 8123, folder, max_kernels=12, idle_minutes=3)
    assert f"--AppServer.class_folder={folder}" in command and "--AppServer.max_kernels=12" in command
    assert "--MappingKernelManager.cull_idle_timeout=180" in command
    assert "--MappingKernelManager.cull_interval=60" in command
    assert "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension" in command
    assert "--VoilaConfiguration.template=kaszino" in command
    assert (TEMPLATES / "voila" / "templates" / "kaszino" / "index.html.j2").is_file()
    env = server_environment(folder, "code")
    assert env["JUPYTER_PATH"].split(os.pathsep)[0] == str(TEMPLATES)
    assert env["KASZINO_TEACHER_CODE"] == "code"
    assert env["KASZINO_PROGRESS"] == str(folder), "a kernel without a learner finds no progress file"
    assert server_environment(None, "")["KASZINO_PROGRESS"] == os.environ["KASZINO_PROGRESS"]
    assert server_environment(folder, "code")["KASZINO_CLASS_CODE"] == "", "no class code unless given"
    assert server_environment(folder, "code", "fecske")["KASZINO_CLASS_CODE"] == "fecske"


def test_a_short_idle_time_is_looked_for_often_enough() -> None:
    """Under two minutes of idle time the culler looks every half of it, so an idle kernel goes
    within one and a half times the idle time (a minute's look would keep it a minute)."""
    command = voila_command(NOTEBOOKS, 8123, idle_minutes=0.2)
    assert "--MappingKernelManager.cull_idle_timeout=12" in command
    assert "--MappingKernelManager.cull_interval=6" in command


def test_kernels_are_forked_from_the_warm_process_unless_told_not_to() -> None:
    assert "--LearnerKernels.fork_kernels=True" in voila_command(NOTEBOOKS, 8123)
    assert "--LearnerKernels.fork_kernels=False" in voila_command(NOTEBOOKS, 8123, fork=False)
    parser = argparse.ArgumentParser()
    add_commands(parser.add_subparsers())
    assert parser.parse_args(["app"]).fork_kernels
    assert not parser.parse_args(["app", "--no-fork"]).fork_kernels
    pytest.importorskip("voila")
    from kaszino.cli.app_server import LearnerKernels

    assert LearnerKernels().kernel_manager_class == "kaszino.cli.kernel_forks.ForkingKernelManager"
    assert LearnerKernels(fork_kernels=False).kernel_manager_class.endswith(".ServerKernelManager")


def test_the_folder_must_hold_the_start_page(tmp_path: Path) -> None:
    assert notebooks_folder(str(NOTEBOOKS)) == NOTEBOOKS
    assert notebooks_folder(None) == shipped("notebooks"), "by default the notebooks installed with kaszino"
    assert (NOTEBOOKS / START_PAGE).is_file()
    with pytest.raises(KaszinoError, match=r"holds no 00_start\.ipynb"):
        notebooks_folder(str(tmp_path))


def test_the_printed_address_leads_to_the_page_asked_for(tmp_path: Path) -> None:
    assert start_url(8123, "10_feladvanyok.ipynb") == "http://127.0.0.1:8123/voila/render/10_feladvanyok.ipynb"
    assert class_url(8123) == "http://127.0.0.1:8123/"
    # A class's pupils give their names first; the sign-in page then leads to the page.
    assert class_url(8123, "10_feladvanyok.ipynb") == (
        "http://127.0.0.1:8123/?next=%2Fvoila%2Frender%2F10_feladvanyok.ipynb")
    assert tutorial_page(NOTEBOOKS, "10_feladvanyok.ipynb") == "10_feladvanyok.ipynb"
    with pytest.raises(KaszinoError, match=r"--page '10_feladvanyok': .* no such page; its pages: 00_start"):
        tutorial_page(NOTEBOOKS, "10_feladvanyok")
    with pytest.raises(KaszinoError, match="no such page"):
        tutorial_page(NOTEBOOKS, "../notebooks/02_utes.ipynb")


def test_bad_arguments_end_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["app", "--notebooks", str(tmp_path)]) == 2
    assert "holds no 00_start.ipynb" in capsys.readouterr().err
    assert main(["app", "--port", "70000", "--notebooks", str(NOTEBOOKS)]) == 2
    assert "--port: '70000' is out of range (0..65535)" in capsys.readouterr().err
    assert main(["app", "--class-code", "fecske", "--notebooks", str(NOTEBOOKS)]) == 2
    assert "--class-code is for a class: give --class DIR too" in capsys.readouterr().err
    assert main(["app", "--idle-minutes", "0", "--notebooks", str(NOTEBOOKS)]) == 2
    assert "--idle-minutes" in capsys.readouterr().err
    assert main(["app", "--page", "99_nincs.ipynb", "--notebooks", str(NOTEBOOKS)]) == 2
    assert "--page '99_nincs.ipynb': " in capsys.readouterr().err


def test_a_free_port_is_free_and_below_the_ports_the_system_hands_out() -> None:
    """Kernels' sockets get their ports from the system's ephemeral range (32768 and up on Linux):
    a server's port chosen below it cannot be taken by one before the server binds it."""
    port = free_port()
    assert port in SERVER_PORTS and SERVER_PORTS.stop <= 32768
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, port))  # nobody had it


def test_a_port_taken_meanwhile_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = free_port(), free_port()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind((HOST, first))
        taken.listen()
        choices = iter([first, second])
        monkeypatch.setattr(random.Random, "choice", lambda self, ports: next(choices))
        assert free_port() == second


def test_stopping_the_app_stops_its_voila_server(tmp_path: Path) -> None:
    """SIGTERM to ``kaszino app`` (a service manager's stop) ends its Voilà server too, instead of
    leaving it behind on the port."""
    port = free_port()
    env = dict(os.environ, KASZINO_PROGRESS=str(tmp_path / "progress.sqlite3"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    command = [sys.executable, "-m", "kaszino.cli", "app", f"--port={port}", "--notebooks", str(NOTEBOOKS)]
    app = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not _listening(port):
            assert app.poll() is None and time.monotonic() < deadline, "the app did not start serving"
            time.sleep(0.3)
        app.terminate()
        assert app.wait(timeout=60) == 0
        assert not _listening(port), "the Voilà server outlived the app"
    finally:
        if app.poll() is None:
            app.kill()


def _listening(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        return sock.connect_ex((HOST, port)) == 0


def test_a_kernels_websocket_turns_nagles_delay_off_first(monkeypatch: pytest.MonkeyPatch) -> None:
    app_server = pytest.importorskip("kaszino.cli.app_server")
    done: list[object] = []

    async def opened(handler: object, kernel_id: str) -> None:
        done.append(("open", kernel_id))

    monkeypatch.setattr(app_server.VoilaKernelWebsocketHandler, "open", opened)
    handler = object.__new__(app_server.KernelSocketHandler)
    monkeypatch.setattr(handler, "set_nodelay", lambda value: done.append(("nodelay", value)), raising=False)
    with pytest.raises(StopIteration):  # a coroutine that never waits, run without a loop
        handler.open("k1").send(None)
    assert done == [("nodelay", True), ("open", "k1")]


def failed_sends_reported(wrap: Callable[[asyncio.Future[None]], object]) -> list[str]:
    """What asyncio reports of a send to a page that has gone (tornado's failure), the future
    passed through ``wrap`` and then dropped, as Jupyter's connection drops it. On a loop of its
    own in a thread of its own: the test process may be running a loop already (Playwright's)."""
    from tornado.websocket import WebSocketClosedError

    reported: list[str] = []

    def send_and_drop() -> None:
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(lambda _loop, context: reported.append(context["message"]))

        async def send() -> None:
            sent: asyncio.Future[None] = loop.create_future()
            wrap(sent)
            sent.set_exception(WebSocketClosedError())
            await asyncio.sleep(0)  # its callbacks run

        try:
            loop.run_until_complete(send())
            gc.collect()  # the dropped future reports an exception nobody looked at as it goes
        finally:
            loop.close()

    thread = threading.Thread(target=send_and_drop)
    thread.start()
    thread.join()
    return reported


def test_a_message_to_a_page_that_has_gone_is_dropped_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pupil's tab closed after quick clicks printed "Task exception was never retrieved" and two
    tracebacks in the teacher's terminal, once a tab."""
    app_server = pytest.importorskip("kaszino.cli.app_server")
    assert failed_sends_reported(lambda sent: sent) == ["Future exception was never retrieved"]
    assert failed_sends_reported(app_server.nowhere_to_go) == []
    sent: asyncio.Future[None] = asyncio.Future(loop=asyncio.new_event_loop())
    monkeypatch.setattr(app_server.VoilaKernelWebsocketHandler, "write_message", lambda *args, **kwargs: sent)
    handler = object.__new__(app_server.KernelSocketHandler)
    monkeypatch.setattr(app_server, "nowhere_to_go", lambda future: ("looked after", future))
    assert handler.write_message("{}") == ("looked after", sent)


def test_the_apps_server_starts_without_building_the_iri_grammars() -> None:
    """jsonschema (imported by Voilà's server) would import ``rfc3987_syntax``, which builds its
    parsers as it is imported (about 0.9 s of CPU); ``kaszino.cli`` marks it missing first, and
    jsonschema then leaves its two "iri" format checks out (its other checks stay)."""
    probe = ("import sys, kaszino.cli.app_server, jsonschema; "
             "checks = jsonschema.Draft7Validator.FORMAT_CHECKER.checkers; "
             "print(sys.modules['rfc3987_syntax'] is None, 'iri' in checks, 'date-time' in checks)")
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["True", "False", "True"]
