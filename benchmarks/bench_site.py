"""Build the offline site and time what a student waits for in Chromium, against the budgets.

Not a test: it builds the site (printing its size and build time: budgets 50 MB and 2 minutes),
serves it on 127.0.0.1 with every other request aborted, and opens chapter 02 in a fresh browser
context (a first visit: nothing cached) several times. For each visit it prints the time from
opening the page until the kernel has run the first cell (budget 30 s) and the time to run the
rest of the chapter after that (budget 10 s); then the medians and whether they are met. Figures
measured on a busy machine are pessimistic.

Run: ``python benchmarks/bench_site.py [visits]`` (needs npm for the first build; ``make bench``
runs every benchmark).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from site_steps import Offline, run_all, serve

from kaszino.cli.site import build_site

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
KERNEL_BUDGET_S = 30.0
CHAPTER_BUDGET_S = 10.0


def main(visits: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "site"
        print(build_site(folder, ROOT / ".cache" / "site").report())
        with serve(folder) as url, sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
            kernel, chapter = [], []
            for visit in range(1, visits + 1):
                offline = Offline(browser, url)
                page = offline.new_page()
                timings = run_all(page, offline.visit(page, "02_utes.ipynb"))
                offline.context.close()
                if offline.outside:
                    raise SystemExit(f"the site asked for outside addresses: {offline.outside}")
                kernel.append(timings.kernel_ready)
                chapter.append(timings.chapter)
                print(f"visit {visit}: kernel ready {timings.kernel_ready:.1f} s, "
                      f"chapter 02 {timings.chapter:.1f} s")
            browser.close()
    ready, run = statistics.median(kernel), statistics.median(chapter)
    print(f"median kernel ready: {ready:.1f} s (budget {KERNEL_BUDGET_S:.0f} s): "
          f"{'met' if ready <= KERNEL_BUDGET_S else 'NOT met'}")
    print(f"median chapter 02 after that: {run:.1f} s (budget {CHAPTER_BUDGET_S:.0f} s): "
          f"{'met' if run <= CHAPTER_BUDGET_S else 'NOT met'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
