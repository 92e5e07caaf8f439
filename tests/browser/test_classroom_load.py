"""The classroom load test run short (issue 24): five pupils for 30 seconds against
``kaszino app --class``, every step done, every pupil's progress in their own file, and every
kernel released once the pages are closed. The figures are printed (``-s``), not asserted: the
full run is ``python benchmarks/bench_classroom_app.py`` (docs/classroom-app.md)."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_classroom_app import run_class


def test_five_pupils_for_thirty_seconds_without_errors_each_in_their_own_file() -> None:
    # A thread of its own: the other browser tests' Playwright keeps an event loop in this one.
    with ThreadPoolExecutor(1) as thread:
        result = thread.submit(asyncio.run, run_class(pupils=5, seconds=30, ramp=5, think=3)).result()
    print("\n" + "\n".join(f"BENCH classroom: {line}" for line in result.lines))
    assert result.errors == []
    assert result.file_problems == []
    assert any("0 left after every page closed" in line for line in result.lines)
