"""What a learner waits for after a click, beside what every widget pays: the chapters' browser tests
run with their figures on.

The browser tests of chapters 05–08 and of JupyterLab time each click until the frame that shows
its answer, and each whole-page language switch, inside the page (``tests/browser/latency.py``).
This benchmark runs those tests with ``KASZINO_BENCH`` set, which adds the baseline they are read
against: a plain ipywidgets button and label in Voilà, clicked twenty times and timed the same way.
It prints each page's line (median, p95 and worst of its clicks and switches, the baseline, the
machine's load average). A test run measures no baseline: a server, a kernel and a page for figures
nobody reads there.

Run: ``python benchmarks/bench_clicks.py`` (Debian's Chromium at ``/usr/bin/chromium``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ("tests/browser/test_chapters_05_07.py", "tests/browser/test_chapter_08.py",
         "tests/browser/test_jupyterlab.py")


def main() -> int:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-s", "-q", "-p", "no:cacheprovider", "-n", "0", *TESTS],
        cwd=ROOT, env={**os.environ, "KASZINO_BENCH": "1"}, capture_output=True, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("BENCH ")]
    print("\n".join(lines) if lines else done.stdout[-3000:] + done.stderr[-3000:])
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
