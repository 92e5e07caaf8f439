"""Browser test harness: notebooks served by Voilà, clicked in Debian's Chromium through Playwright.

Fixtures for browser tests:

- ``voila``: a session-wide ``VoilaServers``; ``voila.url("notebooks/10_rules.ipynb")`` starts one
  Voilà server for that notebook (path relative to the repository root) on a free loopback port,
  waits until it serves, and returns its URL. Extra Voilà options follow the path, e.g.
  ``voila.url(path, "--theme=dark")``. Each notebook, options and named progress file (``KASZINO_PROGRESS``
  set by the test) get one server for the session. The pages use the app's template (``kaszino``),
  as ``kaszino app`` serves them.
- ``page``: a new Playwright page (sync API) in headless ``/usr/bin/chromium``, in the session's one
  browser profile (``cached_context``): no cookies or stored data from the tests before, but the
  scripts its pages loaded stay in the browser's cache, as they do in a learner's browser.
- ``browser``: the session's Chromium, for tests that need browsers of their own (two learners, one
  that asks for reduced motion): ``browser.new_context()`` starts with nothing kept.
- ``phone``: a new page in a phone's context of ``browser`` (``phone.PHONE``: 360 × 740, touch), to
  tap: ``phone.open_served(phone, voila.url(notebook))`` opens a notebook in it.
- ``outside``: a proxy for the contexts whose requests beyond the loopback address a test checks
  (``browser.new_context(proxy=outside.settings())``): it refuses them and lists them in
  ``outside.asked``. Every other context's such requests are refused as well (``chromium``), so a
  test never waits on the closed network.
- ``open_notebook``: ``open_notebook("notebooks/x.ipynb", *voila_options)`` serves the notebook, opens
  it in ``page`` and waits until Voilà has executed every cell and shown the outputs; returns the page.
  Widgets render a moment later: wait for them with Playwright locators or ``expect``.
- ``baseline``: click → painted answer times (ms) of a plain ipywidgets button, measured once per
  session like the lessons' clicks (see ``latency.py``) and printed beside them, when the run is
  ``benchmarks/bench_clicks.py``'s (``KASZINO_BENCH`` set); in a test run it is empty (a Voilà
  server, a kernel and a page for figures nobody reads there).
- ``screenshot``: ``screenshot("name")`` saves ``test-artifacts/<name>.png`` once the cards of
  the last move have landed. A failing browser test leaves ``test-artifacts/<test name>.png``
  (its ``page`` or ``phone``) by itself.

Without ``/usr/bin/chromium`` the browser tests are skipped, except in CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

import pytest
from chromium import CHROMIUM, LOOPBACK, VIEWPORT, RefusingProxy, chromium_args
from phone import PHONE, open_served
from pictures import ARTIFACTS, shoot
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request, expect, sync_playwright

from kaszino.cli.app import free_port, jupyter_application, template_path

REPO = Path(__file__).resolve().parents[2]
VOILA = jupyter_application("voila.app", "Voilà")
"""Voilà's own program, started as ``kaszino`` starts JupyterLab and JupyterLite (``kaszino.cli``
first: jsonschema without the IRI grammars, 0.9 s of CPU less a server)."""
# Generous limits for a loaded 2-core machine; they bound waiting, they do not measure speed.
SERVE_TIMEOUT_S = 90.0
RENDER_TIMEOUT_MS = 90_000
expect.set_options(timeout=30_000)


READY_FILE = "voila/static/voila.js"
"""A static file of Voilà's, asked for to learn that a server has started: the notebook's own URL
would start a kernel and run the whole notebook only to say so (a kernel more for every server,
left running to the end of the session)."""


def _serves(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, ConnectionError, TimeoutError, http.client.HTTPException):
        return False


class VoilaServers:
    """Voilà servers started on demand, one per notebook, stopped at the end of the session."""

    def __init__(self, workdir: Path) -> None:
        self._workdir = workdir
        # The session's progress file, set by the root conftest when pytest (or an xdist worker) is
        # configured; read here, not when this file is imported, which may come before that.
        self._session_progress = os.environ.get("KASZINO_PROGRESS")
        self._urls: dict[tuple[Path, tuple[str, ...], str | None], str] = {}
        self._processes: list[subprocess.Popen[bytes]] = []

    def url(self, notebook: str | Path, *options: str) -> str:
        """Serve ``notebook`` (relative to the repository root, or absolute) and return its URL."""
        path = (REPO / notebook).resolve()
        if not path.is_file():
            raise FileNotFoundError(f"no notebook to serve at {path}")
        # Each server keeps its learner's progress in a file of its own, unless the test named one
        # (it reads the file back afterwards): a named file is part of the key, so that two tests
        # with the same options but files of their own never share a server.
        named = os.environ.get("KASZINO_PROGRESS")
        progress = named if named and named != self._session_progress else None
        key = (path, options, progress)
        if key not in self._urls:
            self._urls[key] = self._start(path, options, progress)
        return self._urls[key]

    def _start(self, notebook: Path, options: tuple[str, ...], progress: str | None) -> str:
        port = free_port()
        log_path = self._workdir / f"voila-{notebook.stem}-{port}.log"
        progress = progress or str(self._workdir / f"progress-{port}.sqlite3")
        # The app's template (kaszino.cli.app: no icon font from a CDN), so that a test's page is
        # the page a learner of `kaszino app` gets (its release of a left page's kernel is the
        # app server's, which plain Voilà has not: the harness stops its servers at the end).
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(self._workdir / "runtime"), PYTHONUNBUFFERED="1",
                   KASZINO_PROGRESS=progress, JUPYTER_PATH=template_path())
        command = [
            *VOILA,
            "--no-browser",
            f"--port={port}",
            f"--Voila.ip={LOOPBACK}",
            "--VoilaConfiguration.show_tracebacks=True",
            "--VoilaConfiguration.template=kaszino",
            # Kernels reached through files, as `kaszino app`'s are (kaszino.cli.kernel_forks): no
            # port a kernel could lose to another socket before binding it (its page would wait
            # for ever).
            "--KernelManager.transport=ipc",
            *options,
            str(notebook),
        ]
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
            )
        self._processes.append(process)
        url = f"http://{LOOPBACK}:{port}/"
        deadline = time.monotonic() + SERVE_TIMEOUT_S
        while not _serves(url + READY_FILE):
            if process.poll() is not None or time.monotonic() > deadline:
                log_tail = log_path.read_text(errors="replace")[-3000:]
                raise RuntimeError(f"Voilà did not serve {notebook} at {url}; log {log_path}:\n{log_tail}")
            time.sleep(0.2)
        return url

    def stop(self) -> None:
        for process in self._processes:
            process.terminate()
        for process in self._processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServers]:
    servers = VoilaServers(tmp_path_factory.mktemp("voila"))
    yield servers
    servers.stop()


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (install Debian's package: apt-get install -y chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"browser tests cannot run in CI: {reason}")
        pytest.skip(f"browser tests skipped: {reason}")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def refused() -> Iterator[RefusingProxy]:
    """Where the session's browsers send every request beyond the loopback address (refused), unless
    a context has a proxy of its own."""
    with RefusingProxy() as proxy:
        yield proxy


@pytest.fixture(scope="session")
def outside() -> Iterator[RefusingProxy]:
    """The proxy of the contexts whose requests beyond the loopback address a test checks:
    ``browser.new_context(proxy=outside.settings())``; ``outside.asked`` lists them."""
    with RefusingProxy() as proxy:
        yield proxy


@pytest.fixture(scope="session")
def browser(playwright_driver: Playwright, refused: RefusingProxy) -> Iterator[Browser]:
    chromium = playwright_driver.chromium.launch(
        executable_path=str(CHROMIUM), args=chromium_args(refused), headless=True
    )
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def cached_context(playwright_driver: Playwright, refused: RefusingProxy,
                   tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """The session's browser profile for ``page``, kept in a folder: its cache keeps what one page
    loaded (Voilà's and the widgets' scripts, and V8's compiled code of them, which a profile
    without a folder does not keep) for the next page of the same server."""
    context = playwright_driver.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("chromium-profile"), executable_path=str(CHROMIUM),
        args=chromium_args(refused), headless=True, viewport=VIEWPORT,
    )
    yield context
    context.close()


STORED_DATA = "cookies,local_storage,indexeddb,websql,file_systems,service_workers,cache_storage,shader_cache"
"""What a test's pages stored that the next test must not find: everything but the HTTP cache."""


_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call" and report.failed:
        item.stash[_FAILED] = True
    return report


def _artifact_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")


def _new_page(context: BrowserContext) -> tuple[Page, set[str]]:
    """A new page of ``context`` and the origins its requests go to (filled as it asks)."""
    new_page = context.new_page()
    new_page.set_default_timeout(RENDER_TIMEOUT_MS)
    origins: set[str] = set()

    def note(request: Request) -> None:
        parts = urllib.parse.urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            origins.add(f"{parts.scheme}://{parts.netloc}")

    new_page.on("request", note)
    return new_page, origins


def _close(context: BrowserContext, origins: set[str]) -> None:
    """Close every page of ``context`` and forget what they stored for ``origins`` and every cookie."""
    # Any open page reaches the browser's storage; a new one only if the test closed its own.
    reach = next((page for page in context.pages if not page.is_closed()), None) or context.new_page()
    cdp = context.new_cdp_session(reach)
    for origin in sorted(origins):
        cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORED_DATA})
    cdp.detach()
    context.clear_cookies()
    for opened in context.pages:
        opened.close()


def _shoot_if_failed(page: Page, request: pytest.FixtureRequest) -> None:
    """Save ``page`` as ``test-artifacts/<test name>.png`` if the test failed."""
    if request.node.stash.get(_FAILED, False):
        ARTIFACTS.mkdir(exist_ok=True)
        failure_shot = ARTIFACTS / f"{_artifact_name(request.node.nodeid)}.png"
        page.screenshot(path=str(failure_shot), full_page=True)


@pytest.fixture
def page(cached_context: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    new_page, origins = _new_page(cached_context)
    yield new_page
    _shoot_if_failed(new_page, request)
    _close(cached_context, origins)


@pytest.fixture
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page on a phone (360 × 740, touch): a new context of ``browser``, with nothing kept and no
    proxy of its own."""
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    new_page = context.new_page()
    new_page.set_default_timeout(RENDER_TIMEOUT_MS)
    yield new_page
    _shoot_if_failed(new_page, request)
    context.close()


@pytest.fixture
def open_notebook(voila: VoilaServers, page: Page) -> Callable[..., Page]:
    def open_(notebook: str | Path, *options: str) -> Page:
        return open_served(page, voila.url(notebook, *options))

    return open_


BASELINE_CLICKS = 20


@pytest.fixture(scope="session")
def baseline(cached_context: BrowserContext, voila: VoilaServers) -> list[float]:
    """Click → painted answer of a plain ipywidgets button (a counter) in Voilà, timed in the page
    like the lessons' clicks (``latency``): the round trip every widget pays, for comparison; none
    unless the run is the benchmark's."""
    from latency import BENCHMARK, click_to_text

    if not BENCHMARK:
        return []
    page, origins = _new_page(cached_context)
    page.goto(voila.url(Path(__file__).with_name("fixtures") / "roundtrip.ipynb"))
    page.locator("#loading").wait_for(state="detached")
    label = page.locator(".widget-label")
    expect(label).to_have_text("0")
    button = page.get_by_role("button", name="Count")
    times = [click_to_text(label, button, str(n)) for n in range(1, BASELINE_CLICKS + 1)]
    _close(cached_context, origins)
    return times


@pytest.fixture
def screenshot(page: Page) -> Callable[[str], Path]:
    def take(name: str) -> Path:
        return shoot(page, _artifact_name(name))

    return take
