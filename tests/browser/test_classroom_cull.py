"""Kernels that go away by themselves (``kaszino app --idle-minutes``): a page's kernel left idle
with no page connected (a browser that crashed) is culled, a kernel whose page is still connected
is left alone however long it is idle, the pool of kernels started ahead fills again into the room
a culled kernel leaves, and a page that is left releases its kernel. Without a browser: the pages
speak HTTP and the kernel's WebSocket (``benchmarks/ws_pupil.py``)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from class_app import ClassApp, class_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from ws_pupil import CONFIG, Visitor, VoilaPage, feedback

IDLE_S = 12
"""The idle time of the test's server (``--idle-minutes 0.2``): the culler looks every 6 s."""
TIMEOUT_S = 120.0


async def until(condition: Callable[[], bool], what: Callable[[], str]) -> None:
    deadline = time.monotonic() + TIMEOUT_S
    while not condition():
        assert time.monotonic() < deadline, what()
        await asyncio.sleep(0.5)


async def cull_and_refill(app: ClassApp, log: Path) -> None:
    def filled() -> int:
        return log.read_text(errors="replace").count("ready in the pool")

    def culled() -> list[str]:
        lines = log.read_text(errors="replace").splitlines()
        return [line for line in lines if "Culling 'idle' kernel" in line]

    await until(lambda: filled() == 1 and app.kernels() == 1, lambda: f"the pool: {app.kernels()} kernels")
    visitor = Visitor(app.base, TIMEOUT_S)
    open_page = await VoilaPage.open(visitor, await visitor.sign_in("Anna"))  # the pool's kernel
    await until(lambda: filled() == 2 and app.kernels() == 2, lambda: f"refilled: {app.kernels()} kernels")
    crashed = (await visitor.fetch("/voila/render/01_pakli.ipynb")).body.decode()  # never connected
    match = CONFIG.search(crashed)
    assert match is not None
    abandoned = json.loads(match.group(1))["kernelId"]
    assert app.kernels() == 2 and filled() == 2, "the limit of 2 kernels holds the pool empty"
    await until(lambda: bool(culled()), lambda: "no kernel culled")
    await until(lambda: filled() == 3 and app.kernels() == 2,
                lambda: f"the pool after the cull: {app.kernels()} kernels, filled {filled()} times")
    assert len(culled()) == 1 and abandoned in culled()[0], culled()
    assert open_page.kernel_id != abandoned
    table = open_page.widget('data-card="7♦"', "kaszino-capture-btn")  # idle for long, still served
    await open_page.pick(table, ("7♦", "3♥", "4♣"))
    await open_page.click(table, "capture", shows=feedback("good"))
    await open_page.leave()
    await until(lambda: app.kernels() == 1, lambda: f"the page left: {app.kernels()} kernels")
    assert len(culled()) == 1, "the kernel of the connected page was never culled"


@pytest.mark.slow
def test_an_idle_kernel_without_its_page_is_culled_and_the_pool_fills_again(tmp_path: Path) -> None:
    # A thread of its own: the other browser tests' Playwright keeps an event loop in this one.
    with class_app(tmp_path, "--pool=1", "--max-kernels=2", f"--idle-minutes={IDLE_S / 60:g}") as app, \
            ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, cull_and_refill(app, tmp_path / "app.log")).result()
