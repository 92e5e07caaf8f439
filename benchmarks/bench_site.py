"""The offline site's start beside a bare site's, built and measured in the same run.

Not a test: it builds the site (printing its size and build time: budgets 50 MB and 2 minutes) and
a bare JupyterLite site with the same Pyodide runtime and kernel and nothing of the project (one
notebook, one cell ``1 + 1``: the floor on this machine), serves both on 127.0.0.1 with every
other request aborted, and opens them in turn in fresh browser contexts (first visits: nothing
cached): the bare site's notebook, then chapter 02 of the site, ``visits`` times each. For each
visit it prints the time from opening the page until the kernel has run the first cell, and for
the site the time to run the rest of chapter 02 after that; then the medians, the site's kernel
time as a multiple of the bare site's, and whether the targets are met (kernel ready ≤ 1.5× the bare
site, chapter 02 ≤ 3 s after that). The machine's load average is printed beside them: on a busy
machine every figure is pessimistic, the ratio much less so.

Run: ``python benchmarks/bench_site.py [visits] [SITE BARE]`` (needs npm and Node.js for the first
build; two folders built earlier are measured without building; ``make bench`` runs every benchmark).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from chromium import CHROMIUM, RefusingProxy, chromium_args
from site_steps import Offline, Timings, run_all, serve

from kaszino.cli.site import BARE, BARE_NOTEBOOK, PROJECT, build_site

ROOT = Path(__file__).resolve().parents[1]
RATIO_TARGET = 1.5
CHAPTER_TARGET_S = 3.0


def visit(browser: Browser, outside: RefusingProxy, url: str, notebook: str) -> Timings:
    """One first visit of ``notebook``, every cell run; fails on any request outside the site."""
    offline = Offline(browser, url, outside)
    page = offline.new_page()
    timings = run_all(page, offline.visit(page, notebook))
    offline.context.close()
    if offline.outside:
        raise SystemExit(f"the site asked for outside addresses: {offline.outside}")
    return timings


def load() -> str:
    return "load average " + ", ".join(f"{value:.1f}" for value in os.getloadavg())


def measure(site: Path, bare: Path, visits: int) -> None:
    print(f"measuring ({load()})")
    # Two proxies: one for the browser's own requests, one for the pages', which are counted.
    with RefusingProxy() as refused, RefusingProxy() as outside, serve(site) as site_url, \
            serve(bare) as bare_url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=chromium_args(refused),
                                         headless=True)
        floor, kernel, chapter = [], [], []
        for number in range(1, visits + 1):
            floor.append(visit(browser, outside, bare_url, BARE_NOTEBOOK).kernel_ready)
            timings = visit(browser, outside, site_url, "02_utes.ipynb")
            kernel.append(timings.kernel_ready)
            chapter.append(timings.chapter)
            print(f"visit {number}: bare site kernel ready {floor[-1]:.1f} s; site kernel ready "
                  f"{kernel[-1]:.1f} s ({kernel[-1] / floor[-1]:.2f}×), chapter 02 {chapter[-1]:.1f} s "
                  f"after that ({load()})")
        browser.close()
    bare_ready, ready, run = statistics.median(floor), statistics.median(kernel), statistics.median(chapter)
    ratio = ready / bare_ready
    print(f"median kernel ready: site {ready:.1f} s, bare site {bare_ready:.1f} s: {ratio:.2f}× "
          f"(target ≤ {RATIO_TARGET}×): {'met' if ratio <= RATIO_TARGET else 'NOT met'}")
    print(f"median chapter 02 after that: {run:.1f} s (target ≤ {CHAPTER_TARGET_S:.0f} s): "
          f"{'met' if run <= CHAPTER_TARGET_S else 'NOT met'}")
    print(f"done ({load()})")


def main(visits: int, folders: list[str]) -> None:
    if folders:
        site, bare = map(Path, folders)
        measure(site, bare, visits)
        return
    with tempfile.TemporaryDirectory() as scratch:
        site, bare = Path(scratch) / "site", Path(scratch) / "bare"
        print(build_site(site, ROOT / ".cache" / "site", PROJECT).report())
        print("bare site: " + build_site(bare, ROOT / ".cache" / "site", BARE).report().replace("\n", "\n  "))
        measure(site, bare, visits)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, sys.argv[2:])
