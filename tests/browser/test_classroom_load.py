"""The classroom load test run short (issue 24): five pupils against ``kaszino app --class``, each
going once round the start page, chapter 1 and the trainer, as clients of the pages' WebSocket
protocol (no browser) and, in ``make test-long``, as Chromium pages: every step done, every pupil's
progress in their own file, and every kernel released once the pages are closed. One round is
what these assertions need; the time a class spends is the benchmark's (``python
benchmarks/bench_classroom_app.py``, docs/classroom-app.md). The figures are printed (``-s``), not
asserted.

The Chromium pupils are ``long``: they prove what the WebSocket pupils prove (the same server, the
same five learners at once, the same files and kernels) plus that five browsers' pages work at
once, which ``test_classroom_app.py``'s two learners' browsers prove in ``make test``; they cost
five times the CPU (21 against 4 CPU s) and a worker for 45–65 s."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_classroom_app import ROUND, Result, run_class


def five_pupils(clients: str) -> Result:
    """Five pupils, one round each (at most two minutes), reading 1 s a page; the figures printed."""
    # A thread of its own: the other browser tests' Playwright keeps an event loop in this one.
    with ThreadPoolExecutor(1) as thread:
        result = thread.submit(asyncio.run, run_class(pupils=5, seconds=120, ramp=2, think=1,
                                                      clients=clients, pages=len(ROUND))).result()
    print("\n" + "\n".join(f"BENCH classroom ({clients}): {line}" for line in result.lines))
    return result


@pytest.mark.long
def test_five_pupils_without_errors_each_in_their_own_file() -> None:
    result = five_pupils("browser")
    assert result.errors == []
    assert result.file_problems == []
    assert any("0 left after every page closed" in line for line in result.lines)


@pytest.mark.slow
def test_five_pupils_without_a_browser_each_in_their_own_file() -> None:
    result = five_pupils("ws")
    assert result.errors == []
    assert result.file_problems == []
    assert any("0 left after every page closed" in line for line in result.lines)
    assert any("puzzles solved" in line and " 0 puzzles solved" not in line for line in result.lines)
