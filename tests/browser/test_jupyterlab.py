"""The tutorial in JupyterLab, in Chromium: chapter 02 opened as a learner opens it, run from the
menu (Run → Run All Cells), exercises worked, the language switched; then, in the same page, the
chapter saved and closed and chapter 06 opened from the file browser, run and worked, in the
language the learner chose in chapter 02.

JupyterLab serves copies of the notebooks from a temporary folder (it saves what it runs) on a
free loopback port with a token; the learner's progress goes to a temporary file. Screenshots go
to ``test-artifacts/lab-*.png``. The click → feedback and language-switch times, timed inside the
page (``latency.py``), are printed; ``benchmarks/bench_clicks.py`` prints them beside the plain-button
baseline.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from latency import bench_line, click_to_feedback, language_switches
from pictures import shoot
from playwright.sync_api import Browser, Locator, Page, expect

from kaszino.cli.app import free_port, jupyter_application

REPO = Path(__file__).resolve().parents[2]
SERVE_TIMEOUT_S = 120.0
TIMEOUT_MS = 180_000
BROKEN = "Error displaying widget"


class Lab:
    """A JupyterLab server on copies of the notebooks; :meth:`open` opens one in a fresh page."""

    def __init__(self, workdir: Path) -> None:
        root = workdir / "root"
        shutil.copytree(REPO / "notebooks", root / "notebooks")
        self.token = secrets.token_hex(16)
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        env = dict(os.environ, KASZINO_PROGRESS=str(workdir / "progress.sqlite3"),
                   JUPYTER_RUNTIME_DIR=str(workdir / "runtime"), JUPYTER_CONFIG_DIR=str(workdir / "config"),
                   PYTHONUNBUFFERED="1")
        command = [*jupyter_application("jupyterlab.labapp", "JupyterLab"), "--no-browser",
                   "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
                   f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={root}"]
        if os.geteuid() == 0:
            command.append("--allow-root")
        self.log = workdir / "lab.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + SERVE_TIMEOUT_S
        while True:
            try:
                with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=5):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(self.log.read_text(errors="replace")[-3000:]) from None
                time.sleep(0.5)

    def open(self, browser: Browser, notebook: str) -> Page:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{self.base}/lab/tree/notebooks/{notebook}?token={self.token}&reset")  # only this notebook
        page.locator(".jp-Notebook").first.wait_for()
        self._wait_for_the_kernel(page)
        return page

    def open_next(self, page: Page, notebook: str) -> Page:
        """Close the open chapter's tab and open ``notebook`` from the file browser, as a learner goes
        on to the next chapter in the same JupyterLab page."""
        page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Close Tab").first.click()
        # The run chapter has changed since it was opened: JupyterLab asks, and the learner saves it.
        page.locator(".jp-Dialog").get_by_role("button", name="Save").click()
        expect(page.locator(".jp-Notebook")).to_have_count(0)
        page.locator(".jp-DirListing-item", has_text=notebook).first.dblclick()
        page.locator(".jp-Notebook").first.wait_for()
        self._wait_for_the_kernel(page)
        return page

    def _wait_for_the_kernel(self, page: Page) -> None:
        # The kernel starts by itself; on a busy machine JupyterLab may ask which kernel to start
        # first (it has not read the kernel list yet): the learner then presses "Select".
        idle = page.locator(".jp-StatusBar-TextItem", has_text="| Idle")
        dialog = page.locator(".jp-Dialog")
        expect(idle.or_(dialog).first).to_be_visible()
        if dialog.count():
            dialog.get_by_role("button", name="Select").click()
        expect(idle.first).to_be_visible()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    server = Lab(tmp_path_factory.mktemp("lab"))
    yield server
    server.stop()


def shot(page: Page, name: str) -> None:
    shoot(page, f"lab-{name}")


def run_all_cells(page: Page) -> None:
    """What the note at the top of each chapter asks: Run → Run All Cells; wait until every cell ran."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    expect(page.locator(".kaszino-widget").first).to_be_attached()  # the cells have begun to run
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=TIMEOUT_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text="| Idle").first).to_be_visible()


def assert_widgets_work(page: Page) -> None:
    """Every widget drawn, and no error, traceback or printed line under any cell."""
    for stray in (".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
                  ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']"):
        expect(page.locator(stray)).to_have_count(0)
    text = page.locator(".jp-Notebook").first.inner_text()
    for wrong in (BROKEN, "Traceback"):
        assert wrong not in text, f"{wrong!r} on the page"


def reach(widget: Locator) -> Locator:
    widget.scroll_into_view_if_needed()
    return widget


def test_chapters_02_and_06_in_jupyterlab(lab: Lab, browser: Browser, baseline: list[float]) -> None:
    page = lab.open(browser, "02_utes.ipynb")
    note = page.locator(".kaszino-lab-note")
    expect(note).to_be_visible()  # in JupyterLab the note says to run the cells
    shot(page, "02-opened")
    run_all_cells(page)
    expect(page.locator(".kaszino-widget").first).to_be_visible()
    assert_widgets_work(page)
    shot(page, "02-run")

    table = reach(page.locator(".kaszino-widget").filter(has=page.locator('[data-card="K♣"]')).first)
    for card in ("K♣", "5♥", "8♣"):
        table.locator(f'[data-card="{card}"]').click()
        expect(table.locator(f'[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    clicks = [click_to_feedback(table, table.locator(".kaszino-capture-btn"), "good")]
    expect(table.locator(".kaszino-feedback")).to_contain_text("K♣ elviszi: 5♥ 8♣")
    question = reach(page.locator(".kaszino-exercise").filter(has_text="9♣").first)
    for _ in range(4):
        for option, tone in (("yes", "bad"), ("no", "good")):
            clicks.append(click_to_feedback(question, question.locator(f'[data-value="{option}"]'), tone))
    expect(question.locator(".kaszino-feedback")).to_contain_text("9 ≠ 10 = 4+6")
    shot(page, "02-answered")

    switches = language_switches(page)
    expect(page.get_by_role("heading", name="2. Capturing")).to_be_visible()
    expect(table.locator(".kaszino-capture-btn")).to_have_text("Capture!")
    assert_widgets_work(page)
    shot(page, "02-english")
    print("\n" + bench_line("JupyterLab 02_utes", clicks, switches, baseline))
    chapter_06_fals(lab.open_next(page, "06_parti.ipynb"), baseline)
    page.context.close()


def chapter_06_fals(page: Page, baseline: list[float]) -> None:
    """Chapter 06 opened from the file browser after chapter 02, in the same JupyterLab page."""
    expect(page.locator(".kaszino-lab-note")).to_be_visible()
    run_all_cells(page)
    assert_widgets_work(page)
    # The language chosen in chapter 02 was kept (the same learner): the chapter opened in English.
    expect(page.locator(".widget-toggle-button.mod-active").first).to_have_text("EN")
    page.locator(".widget-toggle-button", has_text="HU").first.click()
    expect(page.locator('.kaszino-widget[data-language="en"]')).to_have_count(0)
    tables = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-challenge-btn"))
    fals = reach(tables.filter(has=page.locator(".kaszino-task", has_text="9♥")).first)
    clicks = [click_to_feedback(fals, fals.locator(".kaszino-challenge-btn"), "good")]
    expect(fals.locator(".kaszino-feedback")).to_contain_text("Jogos Fals!")
    expect(fals.locator('.kaszino-player[data-player="0"]')).to_contain_text("Biztos pont: 2")
    shot(page, "06-fals")
    switches = language_switches(page)
    expect(fals.locator(".kaszino-feedback")).to_contain_text("A right Fals!")
    assert_widgets_work(page)
    shot(page, "06-english")
    print("\n" + bench_line("JupyterLab 06_parti", clicks, switches, baseline))
