"""The app's pool of kernels started ahead (``kaszino app --pool``): it fills by itself, a page
takes one of its kernels, it fills again, and it counts toward ``--max-kernels``: the pool gives
way to pages and never starts a kernel beyond the limit. Plain HTTP, no browser."""

from __future__ import annotations

import time
import urllib.request
from pathlib import Path

import pytest
from class_app import ClassApp, answer, class_app, sign_in

FILL_TIMEOUT_S = 120.0


def wait_for_pool(app: ClassApp, log: Path, filled: int, kernels: int) -> None:
    """Until the pool has been filled ``filled`` times and the app runs ``kernels`` kernels."""
    deadline = time.monotonic() + FILL_TIMEOUT_S
    while log.read_text(errors="replace").count("ready in the pool") < filled or app.kernels() != kernels:
        assert time.monotonic() < deadline, f"{app.kernels()} kernels, not {kernels}"
        time.sleep(0.5)


def learner(app: ClassApp, name: str) -> urllib.request.OpenerDirector:
    """A browser that has given ``name`` on the start page (whose kernel stays)."""
    opener, code, _ = sign_in(app, name)
    assert code == 200
    return opener


def status(opener: urllib.request.OpenerDirector, url: str) -> int:
    return answer(opener, url)[0]


@pytest.mark.slow
def test_the_pool_fills_is_taken_fills_again_and_stays_within_the_kernel_limit(tmp_path: Path) -> None:
    with class_app(tmp_path, "--pool=2", "--max-kernels=3") as app:
        log = tmp_path / "app.log"
        wait_for_pool(app, log, 2, 2)  # the pool, no page yet
        anna = learner(app, "Anna")  # a page took a kernel of the pool, which fills again
        wait_for_pool(app, log, 3, 3)
        page = app.base + "/voila/render/01_pakli.ipynb"
        assert status(anna, page) == 200  # the pool's last kernels, nothing started beyond the limit
        assert status(anna, page) == 200
        time.sleep(3)
        assert app.kernels() == 3
        assert status(anna, page) == 503  # three pages hold the three kernels
