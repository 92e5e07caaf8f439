"""Driving the offline site in Chromium (shared by the site's browser test and its benchmark).

The site is served from a plain folder by Python's static file server on 127.0.0.1; the browser
sends every other request to a proxy that refuses and notes it (``chromium.RefusingProxy``), and
keeps what it fetched in its cache as a learner's browser does. A page is
ready for *Run All* once its kernel session answers (the notebook's kernel status is idle): the
Pyodide kernel replies at once and runs the first cell when Python has loaded in the browser, so
"the kernel is ready" is measured as the time until the first cell has run.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from chromium import LOOPBACK, VIEWPORT, RefusingProxy
from playwright.sync_api import Browser, Page, expect

TIMEOUT_MS = 240_000
"""Bounds every wait on a loaded 2-core machine; the times are printed, never asserted."""
KERNEL_SESSION = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
"""The notebook's kernel status once its session answers (before that it is 'unknown')."""
RUN_PROMPT = re.compile(r"\[\d+\]:")
"""The input prompt of a cell that has run."""


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    """Python's plain static file server, without a log line per request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class FilesServer(http.server.ThreadingHTTPServer):
    """The server of :class:`QuietFiles`: a browser that leaves a page while a file is on its way
    closes the connection, which is no error of the site's (the traceback of any other is printed)."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free loopback port; yields the site's address."""
    handler = functools.partial(QuietFiles, directory=str(folder))
    server = FilesServer((LOOPBACK, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{LOOPBACK}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Offline:
    """A fresh browser context for the site; ``outside`` lists what it asked beyond this computer (the
    browser's proxy refused it)."""

    def __init__(self, browser: Browser, site: str, outside: RefusingProxy) -> None:
        self.site = site
        self.context = browser.new_context(viewport=VIEWPORT, proxy=outside.settings())
        self._proxy = outside
        self._first = len(outside.asked)

    @property
    def outside(self) -> list[str]:
        """What was asked beyond the loopback address since this context was made."""
        return self._proxy.asked[self._first:]

    def new_page(self) -> Page:
        """A fresh tab in this context."""
        page = self.context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        return page

    def visit(self, page: Page, notebook: str) -> float:
        """Open ``notebook`` in the notebook app, wait for its kernel session; returns when it was opened."""
        opened = time.perf_counter()
        page.goto(f"{self.site}/notebooks/index.html?path={notebook}")
        wait_for_session(page)
        return opened


def wait_for_session(page: Page) -> None:
    """Wait until the notebook is shown and its kernel session answers (it then takes *Run All*)."""
    page.locator(".jp-Notebook").wait_for()
    page.locator(KERNEL_SESSION).wait_for()


@dataclass(frozen=True)
class Timings:
    """What a learner waits for after opening a page, in seconds."""

    kernel_ready: float
    """From opening the page until the first cell has run (Python loaded in the browser)."""
    chapter: float
    """Every other cell after that."""


def menu(page: Page, menu: str, item: str) -> None:
    """Choose ``item`` in the menu bar's ``menu``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=menu).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def run_all(page: Page, opened: float) -> Timings:
    """Run every cell from the menu; fail on any error output or any cell left unrun.

    The outputs are cleared first: a page opened again shows what the browser saved of the last
    run, whose prompts would pass for this run's.
    """
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt")
    menu(page, "Edit", "Clear Outputs of All Cells")
    expect(prompts.filter(has_text=RUN_PROMPT)).to_have_count(0)
    menu(page, "Run", "Run All Cells")
    expect(prompts.first).to_have_text(RUN_PROMPT, timeout=TIMEOUT_MS)
    ready = time.perf_counter()
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=TIMEOUT_MS)
    done = time.perf_counter()
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_inner_texts()
    unrun = [text for text in prompts.all_inner_texts() if not RUN_PROMPT.fullmatch(text.strip())]
    assert not unrun, f"cells left unrun: {unrun}"
    return Timings(ready - opened, done - ready)


KEPT = """async (name) => {
  const root = document.getElementById("jupyter-config-data").dataset.jupyterLiteRoot;
  const storage = `JupyterLite Storage - ${new URL(`${root}/`, location.href).pathname}`;
  const database = await new Promise((resolve, reject) => {
    const open = indexedDB.open(storage);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  if (!database.objectStoreNames.contains("files")) return name == null ? [] : null;
  const files = database.transaction("files").objectStore("files");
  const found = await new Promise((resolve) => {
    const asked = name == null ? files.getAllKeys() : files.get(name);
    asked.onsuccess = () => resolve(asked.result);
  });
  database.close();
  if (name != null) return found === undefined ? null : JSON.stringify(found.content);
  return found.map(String).sort();
}"""
"""What JupyterLite keeps in this browser for the site (its contents storage): called without an
argument, the names of the files it keeps; with a file's name, that file's content (as JSON), or
null."""


def kept_files(page: Page) -> list[str]:
    """The files the browser keeps for the site: the progress file, pages a learner saved."""
    names: list[str] = page.evaluate(KEPT)
    return names


def kept_content(page: Page, name: str) -> str:
    """The content the browser keeps of the site's file ``name`` (as JSON)."""
    content: str | None = page.evaluate(KEPT, name)
    assert content is not None, f"the browser keeps no {name}"
    return content


def save(page: Page) -> None:
    """Save the open notebook from the menu, and wait until the browser keeps its copy."""
    name = page.url.split("path=")[-1]
    menu(page, "File", "Save")
    page.wait_for_function(f"async () => (await ({KEPT})()).includes({json.dumps(name)})", polling=200)


def wait_until_written(page: Page) -> None:
    """Wait until the progress file's last write has reached the browser's storage: the store writes
    a new file and renames it over the old one, and the new file is gone once the rename is done."""
    page.wait_for_function(
        f"async () => (await ({KEPT})()).every((name) => !name.endsWith('.tmp'))", polling=200
    )
