"""A class on one classroom server: simulated pupils against ``kaszino app --class`` on 127.0.0.1.

Not a test (``tests/browser/test_classroom_load.py`` runs it short, in both modes). Each pupil
gives its name on the start page, then, until the time is up (or until ``--pages`` pages, the
start page included, if that comes first), goes round the start page (a
capture on its table), chapter 1 (a question answered wrongly, then rightly) and the trainer
(three puzzles solved), each page opened by the address as a link would, so every page it leaves
releases its kernel. The pupils arrive, once the server has its pool of kernels ready (as a
teacher starts it before the lesson), within ``--ramp`` seconds and read each
page for ``--think`` seconds on average (half to one and a half of it, seeded) before working on
it, as a class does; ``--think 0`` hammers the server instead.

A pupil is (``--clients``) a browser context of one headless Chromium (``browser``; its requests
beyond this computer refused by the tests' proxy, ``tests/browser/chromium.py``, not intercepted,
so each keeps its browser's cache as a pupil's browser does), or a
client that speaks the page's protocol without a browser (``ws``, ``ws_pupil.py``): HTTP for the
name form and the page, then the kernel's WebSocket for the widgets' states and the clicks'
messages. The browsers of thirty pupils on the server's own two cores take most of the CPU; the
``ws`` mode measures the server alone, as when each pupil's browser runs on their own computer.

Printed: the most memory the server and its kernels held at once (PSS: shared pages split among
the processes; RSS: counted in each) and the most kernels; page ready (from the address asked
for until the page's widgets show; ``ws``: until their states have come) and click → feedback
(``browser``: timed inside the page, ``latency.py``; ``ws``: from the click's message sent until
the widget's new picture with its feedback has come) as median and p95; errors (a step that
failed or timed out, a page refused, an error in a page's console or kernel); and whether every
pupil's progress is in their own file afterwards: the file of their name holds their name and
exactly the puzzles they solved. The CPU time of the server and of the pupils and the load
average are printed beside.

Targets on 2 cores (issue 24): ≤ 3 GB for 30 pupils at once, page ready p95 ≤ 5 s, click →
feedback p95 ≤ 200 ms, 0 errors, every pupil's progress in their own file.

Run: ``python benchmarks/bench_classroom_app.py [--clients ws] [--pupils 30] [--seconds 180]
[--ramp 60] [--think 30] [--pages N]`` (about five minutes with the defaults: the ramp, the pupils' time, the
last pages and the releases); a line per target says met or NOT MET, and the exit status is 1 if
one is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from playwright.async_api import Browser, Locator, Page, async_playwright
from tornado.httpclient import AsyncHTTPClient
from ws_pupil import Visitor, VoilaPage, feedback

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from chromium import CHROMIUM, RefusingProxy, chromium_args  # noqa: E402
from class_app import ClassApp, class_app, is_kernel  # noqa: E402
from latency import TIMING_SCRIPT  # noqa: E402
from trainer_steps import PUZZLES, CasinoPlay, cards_of, choice_number, right_answer  # noqa: E402

from kaszino.cli.app import POOL_SIZE  # noqa: E402
from kaszino.games.casino import BuildMove, CasinoState, Trail  # noqa: E402
from kaszino.games.casino import Capture as CasinoCapture  # noqa: E402
from kaszino.games.kaszino.captures import Capture  # noqa: E402
from kaszino.games.kaszino.moves import Lay  # noqa: E402
from kaszino.games.scopa import ScopaMove  # noqa: E402
from kaszino.puzzles.puzzle import Puzzle  # noqa: E402
from kaszino.store import open_store, training  # noqa: E402
from kaszino.store.learners import NAME_SETTING, learner_file  # noqa: E402
from kaszino.teach.casino_picks import pick_of, read_pick  # noqa: E402

STEP_TIMEOUT_MS = 120_000
"""A step (a page, a click) not done in two minutes is an error."""
SAMPLE_S = 2.0
MEMORY_TARGET = 3 * 2**30
READY_TARGET_MS = 5000.0
FEEDBACK_TARGET_MS = 200.0
PUZZLES_PER_VISIT = 3
RELEASE_S = 30.0
"""How long the closed pages' kernels may take to go."""
CLIENTS = ("browser", "ws")
RENDER = "/voila/render/"
PUZZLE_ID = re.compile(r'data-puzzle-id="([^"]+)"')
POSITION = re.compile(r'data-puzzle="([0-9]+)"')
PRESSED_CARD = re.compile(r'class="kaszino-card[^"]*"[^>]*aria-pressed="true"')


def nothing_picked(html: str) -> bool:
    """No card of a widget's picture is drawn picked."""
    return PRESSED_CARD.search(html) is None


def any_picture(html: str) -> bool:
    """Any new picture of the widget."""
    return True


def another_position(shown: list[str]) -> Callable[[str], bool]:
    """A widget's picture shows another puzzle than the one ``shown``."""
    return lambda html: POSITION.findall(html) != shown


@dataclass
class Pupil:
    """What one simulated pupil did and met."""

    name: str
    ready_ms: list[float] = field(default_factory=list)
    feedback_ms: list[float] = field(default_factory=list)
    solved: int = 0
    pages: int = 0
    errors: list[str] = field(default_factory=list)


async def _ready(page: Page, pupil: Pupil, started: float) -> None:
    """Wait until the page's widgets show; note how long it took since ``started``."""
    await page.locator("#loading").wait_for(state="detached")
    await page.locator(".kaszino-widget").first.wait_for(state="visible")
    pupil.ready_ms.append((time.monotonic() - started) * 1000)
    pupil.pages += 1


async def open_page(page: Page, app: ClassApp, pupil: Pupil, notebook: str) -> None:
    started = time.monotonic()
    response = await page.goto(f"{app.base}/voila/render/{notebook}")
    if response is None or response.status != 200:
        raise RuntimeError(f"{notebook}: HTTP {None if response is None else response.status}")
    await _ready(page, pupil, started)


async def timed_click(widget: Locator, button: Locator, tone: str) -> float:
    """Milliseconds from the click on ``button`` until ``widget`` paints its answer, a feedback bar in
    ``tone`` (``latency.click_to_feedback``)."""
    page = widget.page
    await page.evaluate(TIMING_SCRIPT)
    root = await widget.locator("xpath=..").element_handle()
    await page.evaluate("([root, kind, arg]) => window.kzLatency.watch(root || document.body, kind, arg)",
                        [root, "feedback", tone])
    await button.click()
    await page.wait_for_function("() => window.kzLatency.shown !== null")
    shown = await page.evaluate("() => window.kzLatency.shown")
    return float(shown["frame"] - shown["click"])


async def select(widget: Locator, cards: Sequence[object]) -> None:
    """Select ``cards``, each click confirmed by the page (a click on a card of a Casino build picks
    the whole build: its other cards, drawn pressed already, are not clicked)."""
    for card in cards:
        shown = widget.locator(f'[data-card="{card}"]')
        if await shown.get_attribute("aria-pressed") != "true":
            # A card of a Casino build lies under the build's other cards: the click lands on the
            # pile, which picks the whole build, as a learner's tap on it does.
            await shown.click(force=True)
        await widget.locator(f'[data-card="{card}"][aria-pressed="true"]').wait_for()


async def start_page(page: Page, pupil: Pupil) -> None:
    """A capture on the start page's table."""
    table = page.locator(".kaszino-widget").filter(has=page.locator('[data-card="7♦"]')).first
    await select(table, ("7♦", "3♥", "4♣"))
    pupil.feedback_ms.append(await timed_click(table, table.locator(".kaszino-capture-btn"), "good"))


async def chapter_1(page: Page, pupil: Pupil) -> None:
    """Chapter 1's spelling question, answered wrongly and then rightly."""
    question = page.locator(".kaszino-exercise").filter(has_text="B/P").first
    await question.scroll_into_view_if_needed()
    for option, tone in (("Q♠", "bad"), ("J♠", "good")):
        button = question.locator(f'[data-value="{option}"]')
        pupil.feedback_ms.append(await timed_click(question, button, tone))


async def trainer(page: Page, pupil: Pupil) -> None:
    """Three puzzles of the trainer, each solved with its right answer."""
    widget = page.locator(".kaszino-widget").filter(has=page.locator(".kaszino-task")).first
    task = widget.locator(".kaszino-task")
    for number in range(PUZZLES_PER_VISIT):
        puzzle = PUZZLES[str(await task.get_attribute("data-puzzle-id"))]
        answer = right_answer(puzzle)
        if isinstance(answer, tuple):  # every capture (every Casino build move): add each, then done
            for capture in answer:
                await select(widget, cards_of(capture))
                await widget.locator(".kaszino-add-btn").click()
                several = casino_choice(puzzle, capture)
                if several is not None:
                    await widget.locator(f'[data-action="choose_move"][data-value="{several}"]').click()
                await widget.locator('.kaszino-card[aria-pressed="true"]').first.wait_for(state="detached")
            button = widget.locator(".kaszino-done-btn")
        elif isinstance(answer, CasinoPlay):
            await select(widget, cards_of(answer))
            button = widget.locator(f'[data-action="{CASINO_ACTIONS[type(answer)]}"]')
            several = casino_choice(puzzle, answer)
            if several is not None:  # the press offers the moves the pick names: the right one is chosen
                await button.click()
                button = widget.locator(f'[data-action="choose_move"][data-value="{several}"]')
        elif isinstance(answer, Capture) or (isinstance(answer, ScopaMove) and answer.taken):
            await select(widget, cards_of(answer))
            button = widget.locator(".kaszino-capture-btn")
        elif isinstance(answer, Lay | ScopaMove):
            await select(widget, (answer.card,))
            button = widget.locator(".kaszino-lay-btn")
        elif isinstance(answer, int):
            await widget.locator("input.kaszino-number").fill(str(answer))
            button = widget.locator(".kaszino-number-btn")
        else:
            button = widget.locator(f'[data-action="choose"][data-value="{choice_number(puzzle, answer)}"]')
        pupil.feedback_ms.append(await timed_click(widget, button, "good"))
        await widget.locator('.kaszino-task[data-outcome="solved"]').wait_for()
        pupil.solved += 1
        if number < PUZZLES_PER_VISIT - 1:
            shown = await task.get_attribute("data-puzzle")
            await widget.locator(".kaszino-next-btn").click()
            await widget.locator(f'.kaszino-task:not([data-puzzle="{shown}"])').wait_for()


ROUND = (("00_start.ipynb", start_page), ("01_pakli.ipynb", chapter_1), ("10_feladvanyok.ipynb", trainer))


async def pupil_run(browser: Browser, app: ClassApp, pupil: Pupil, delay: float, until: float,
                    think: float, pages: int | None = None) -> None:
    reading = random.Random(pupil.name)
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(STEP_TIMEOUT_MS)
    page = await context.new_page()
    page.on("console", lambda message: pupil.errors.append(f"console: {message.text}")
            if message.type == "error" else None)
    try:
        started = time.monotonic()
        await page.goto(app.base + "/")
        await page.locator("#name").fill(pupil.name)
        await page.locator("button[type=submit]").click()
        await page.wait_for_url("**/voila/render/00_start.ipynb")
        await _ready(page, pupil, started)
        await start_page(page, pupil)
        visit = 1
        while more(visit, until, pages):
            notebook, work = ROUND[visit % len(ROUND)]
            await open_page(page, app, pupil, notebook)
            await asyncio.sleep(think * reading.uniform(0.5, 1.5))
            await work(page, pupil)
            visit += 1
    except Exception as error:
        pupil.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    finally:
        await page.close(run_before_unload=True)
        await asyncio.sleep(2)  # the page's release beacon, which Playwright drops with its context
        await context.close()


def more(visit: int, until: float, pages: int | None) -> bool:
    """Whether a pupil who has opened ``visit`` pages opens another: until the time is up, or until
    ``pages`` pages if that comes first."""
    return time.monotonic() < until and (pages is None or visit < pages)


async def ws_start_page(page: VoilaPage, pupil: Pupil) -> None:
    """A capture on the start page's table, by the messages of its clicks."""
    table = page.widget('data-card="7♦"', "kaszino-capture-btn")
    await page.pick(table, ("7♦", "3♥", "4♣"))
    pupil.feedback_ms.append(await page.click(table, "capture", shows=feedback("good")))


async def ws_chapter_1(page: VoilaPage, pupil: Pupil) -> None:
    """Chapter 1's spelling question, answered wrongly and then rightly."""
    question = page.widget("kaszino-exercise", "B/P")
    for option, tone in (("Q♠", "bad"), ("J♠", "good")):
        pupil.feedback_ms.append(await page.click(question, "choose", value=option, shows=feedback(tone)))


async def ws_answer(page: VoilaPage, widget: str) -> float:
    """Enter the right answer of the puzzle the trainer shows, as its buttons would: the
    milliseconds from the last click to the verdict."""
    found = PUZZLE_ID.search(page.html(widget))
    if found is None:
        raise RuntimeError("the trainer shows no puzzle")
    puzzle = PUZZLES[found.group(1)]
    answer, value = right_answer(puzzle), ""
    if isinstance(answer, tuple):  # every capture (every Casino build move): add each, then done
        for capture in answer:
            await page.pick(widget, cards_of(capture))
            several = casino_choice(puzzle, capture)
            await page.click(widget, "add", shows=any_picture if several is not None else nothing_picked)
            if several is not None:
                await page.click(widget, "choose_move", value=str(several), shows=nothing_picked)
        action = "done"
    elif isinstance(answer, CasinoPlay):
        await page.pick(widget, cards_of(answer))
        several = casino_choice(puzzle, answer)
        action = CASINO_ACTIONS[type(answer)]
        if several is not None:  # the press offers the moves the pick names: the right one is chosen
            await page.click(widget, action, shows=lambda html: "choose_move" in html)
            action, value = "choose_move", str(several)
    elif isinstance(answer, Capture) or (isinstance(answer, ScopaMove) and answer.taken):
        await page.pick(widget, cards_of(answer))
        action = "capture"
    elif isinstance(answer, Lay | ScopaMove):
        await page.pick(widget, (answer.card,))
        action = "lay"
    elif isinstance(answer, int):
        action, value = "number", str(answer)
    else:
        action, value = "choose", str(choice_number(puzzle, answer))
    return await page.click(widget, action, value=value, shows=feedback("good"))


CASINO_ACTIONS = {CasinoCapture: "capture", BuildMove: "build", Trail: "lay"}
"""The press a learner makes for each Casino move."""


def casino_choice(puzzle: Puzzle, move: object) -> int | None:
    """Where ``move`` stands among the moves its Casino pick names, when the pick names several
    (the trainer then offers them as buttons); None for one move, or another game's."""
    if not isinstance(move, CasinoPlay) or not isinstance(puzzle.state, CasinoState):
        return None
    named = read_pick(puzzle.state, *pick_of(move)).moves
    return named.index(move) if len(named) > 1 else None


async def ws_trainer(page: VoilaPage, pupil: Pupil) -> None:
    """Three puzzles of the trainer, each solved with its right answer."""
    widget = page.widget('data-puzzle-id="')
    for number in range(PUZZLES_PER_VISIT):
        pupil.feedback_ms.append(await ws_answer(page, widget))
        if 'data-outcome="solved"' not in page.html(widget):
            raise RuntimeError("a right answer did not solve the puzzle")
        pupil.solved += 1
        if number < PUZZLES_PER_VISIT - 1:
            await page.click(widget, "next", shows=another_position(POSITION.findall(page.html(widget))))


WS_ROUND = (("00_start.ipynb", ws_start_page), ("01_pakli.ipynb", ws_chapter_1),
            ("10_feladvanyok.ipynb", ws_trainer))


async def ws_pupil_run(app: ClassApp, pupil: Pupil, delay: float, until: float, think: float,
                       pages: int | None = None) -> None:
    """A pupil without a browser: the same round as :func:`pupil_run`, by HTTP and WebSocket."""
    reading = random.Random(pupil.name)
    await asyncio.sleep(delay)
    visitor = Visitor(app.base, STEP_TIMEOUT_MS / 1000)
    page: VoilaPage | None = None
    try:
        started = time.monotonic()
        address = await visitor.sign_in(pupil.name)
        visit = 0
        while visit == 0 or more(visit, until, pages):
            notebook, work = WS_ROUND[visit % len(WS_ROUND)]
            if visit:
                started, address = time.monotonic(), RENDER + notebook
            page = await VoilaPage.open(visitor, address)
            pupil.ready_ms.append((time.monotonic() - started) * 1000)
            pupil.pages += 1
            if visit:  # the start page is worked on at once, as in the browser
                await asyncio.sleep(think * reading.uniform(0.5, 1.5))
            await work(page, pupil)
            pupil.errors.extend(page.errors)
            await page.leave()
            page = None
            visit += 1
    except Exception as error:
        pupil.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    finally:
        if page is not None:
            await page.leave()


def cpu_seconds(processes: Sequence[psutil.Process], seen: dict[int, float]) -> None:
    """Note in ``seen`` the CPU seconds each of ``processes`` has used so far (by process id)."""
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        seen[process.pid] = max(seen.get(process.pid, 0.0), times.user + times.system)


def pupil_processes(app: ClassApp) -> list[psutil.Process]:
    """The simulated pupils: this process, and its descendants but the app's (the pupils'
    Chromium and its Playwright driver)."""
    apps = {process.pid for process in app.processes()}
    this = psutil.Process()
    return [this, *(process for process in this.children(recursive=True) if process.pid not in apps)]


def kernels_apart(processes: Sequence[psutil.Process]) -> tuple[list[psutil.Process], list[psutil.Process]]:
    """``processes`` of the app: the kernels, and the others (the server, the warm process)."""
    kernels: list[psutil.Process] = []
    others: list[psutil.Process] = []
    for process in processes:
        with contextlib.suppress(psutil.Error):
            (kernels if is_kernel(process) else others).append(process)
    return kernels, others


async def sample(app: ClassApp, peaks: dict[str, int], cpu: dict[str, dict[int, float]],
                 stop: asyncio.Event) -> None:
    while not stop.is_set():
        kernels, others = kernels_apart(await asyncio.to_thread(app.processes))
        cpu_seconds(kernels, cpu["kernels"])
        cpu_seconds(others, cpu["server"])
        cpu_seconds(await asyncio.to_thread(pupil_processes, app), cpu["pupils"])
        memory = await asyncio.to_thread(app.memory)
        peaks["pss"] = max(peaks["pss"], memory.pss)
        peaks["rss"] = max(peaks["rss"], memory.rss)
        peaks["kernels"] = max(peaks["kernels"], memory.kernels)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), SAMPLE_S)


def own_files(app: ClassApp, pupils: Sequence[Pupil]) -> list[str]:
    """What is wrong with the pupils' files: each must hold its pupil's name and their solved puzzles."""
    problems = []
    for pupil in pupils:
        path = learner_file(app.folder, pupil.name)
        if not path.is_file():
            problems.append(f"{pupil.name}: no file {path.name}")
            continue
        store = open_store(path, read_only=True)
        try:
            name, solved = store.get_setting(NAME_SETTING), len(training.attempts(store))
        finally:
            store.close()
        if name != pupil.name or solved != pupil.solved:
            problems.append(f"{pupil.name}: {path.name} holds {name!r} with {solved} puzzle(s), "
                            f"the pupil solved {pupil.solved}")
    files = len(list(app.folder.glob("*.sqlite3")))
    if files != len(pupils):
        problems.append(f"{files} files for {len(pupils)} pupils")
    return problems


def quantiles(times: Sequence[float]) -> str:
    if not times:
        return "n=0"
    p95 = statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) > 1 else times[0]
    return f"n={len(times)} p50={statistics.median(times):.0f} ms p95={p95:.0f} ms max={max(times):.0f} ms"


def p95(times: Sequence[float]) -> float:
    return statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) > 1 else times[0]


@dataclass(frozen=True)
class Result:
    """The figures of one run, and the problems found."""

    lines: list[str]
    errors: list[str]
    file_problems: list[str]
    missed: list[str]


async def run_class(pupils: int, seconds: float, ramp: float, think: float, pool: int = POOL_SIZE,
                    options: Sequence[str] = (), clients: str = "browser",
                    pages: int | None = None) -> Result:
    with tempfile.TemporaryDirectory(prefix="kaszino-class-") as workdir, \
            class_app(Path(workdir), f"--pool={pool}", *options) as app:
        class_of = [Pupil(f"Pupil {number:02d}") for number in range(1, pupils + 1)]
        peaks = {"pss": 0, "rss": 0, "kernels": 0}
        cpu: dict[str, dict[int, float]] = {"server": {}, "kernels": {}, "pupils": {}}
        stop = asyncio.Event()
        await asyncio.to_thread(app.wait_for_pool, pool)  # the class comes to a server started before
        async with contextlib.AsyncExitStack() as stack:
            if clients == "browser":
                driver = await stack.enter_async_context(async_playwright())
                refused = stack.enter_context(RefusingProxy())  # every request beyond this computer
                browser = await driver.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                                       args=chromium_args(refused))
                stack.push_async_callback(browser.close)
            else:  # every pupil's requests at once, not tornado's ten
                AsyncHTTPClient.configure(None, max_clients=4 * pupils)
            sampler = asyncio.create_task(sample(app, peaks, cpu, stop))
            began = time.monotonic()
            until = began + ramp + seconds
            arrivals = [ramp * index / max(pupils, 1) for index in range(pupils)]
            await asyncio.gather(*(
                pupil_run(browser, app, pupil, delay, until, think, pages) if clients == "browser"
                else ws_pupil_run(app, pupil, delay, until, think, pages)
                for pupil, delay in zip(class_of, arrivals, strict=True)))
            took = time.monotonic() - began
            after = await asyncio.to_thread(app.memory)
            released = time.monotonic() + RELEASE_S
            while after.kernels > pool and time.monotonic() < released:  # the last pages' releases
                await asyncio.sleep(0.5)
                after = await asyncio.to_thread(app.memory)
            stop.set()
            await sampler
        ready = [ms for pupil in class_of for ms in pupil.ready_ms]
        feedback = [ms for pupil in class_of for ms in pupil.feedback_ms]
        errors = [f"{pupil.name}: {error}" for pupil in class_of for error in pupil.errors]
        problems = own_files(app, class_of)
        load = " ".join(f"{value:.2f}" for value in os.getloadavg())
        server, kernels = sum(cpu["server"].values()), sum(cpu["kernels"].values())
        served, pages = server + kernels, sum(p.pages for p in class_of)
        lines = [
            f"pupils {pupils} ({clients}), {took:.0f} s (ramp {ramp:.0f} s, reading {think:.0f} s a page), "
            f"{pages} pages, "
            f"{sum(p.solved for p in class_of)} puzzles solved, {len(feedback)} answers",
            f"memory of the server and its kernels at most: PSS {peaks['pss'] / 2**30:.2f} GB, "
            f"RSS {peaks['rss'] / 2**30:.2f} GB; kernels at most {peaks['kernels']}, "
            f"{after.kernels - pool} left after every page closed (beside the pool of {pool})",
            f"page ready {quantiles(ready)}",
            f"  of which each pupil's first page (the name given, the page's scripts and styles fetched) "
            f"{quantiles([pupil.ready_ms[0] for pupil in class_of if pupil.ready_ms])}, the others "
            f"{quantiles([ms for pupil in class_of for ms in pupil.ready_ms[1:]])}",
            f"click → feedback {quantiles(feedback)}",
            f"errors {len(errors)}; progress in own files: {'yes' if not problems else 'NO'}",
            f"CPU used: server and kernels {served:.0f} s ({served / max(1, pages):.2f} s a page with its "
            f"clicks: the server and the warm process {server / max(1, pages):.2f} s, "
            f"the kernels {kernels / max(1, pages):.2f} s), "
            "the simulated pupils "
            f"{sum(cpu['pupils'].values()):.0f} s, in {took:.0f} s of {os.cpu_count()} cores; "
            f"load average {load}",
        ]
        targets = [  # (the target, met, what was measured)
            ("memory ≤ 3 GB", peaks["pss"] <= MEMORY_TARGET, f"{peaks['pss'] / 2**30:.2f} GB PSS"),
            ("page ready p95 ≤ 5 s", not ready or p95(ready) <= READY_TARGET_MS,
             f"{p95(ready) / 1000:.1f} s" if ready else "no page"),
            ("click → feedback p95 ≤ 200 ms", not feedback or p95(feedback) <= FEEDBACK_TARGET_MS,
             f"{p95(feedback):.0f} ms" if feedback else "no click"),
            ("0 errors", not errors, f"{len(errors)} errors"),
            ("every pupil's progress in their own file", not problems, "yes" if not problems else "no"),
        ]
        lines += [f"target {name}: {'met' if met else 'NOT MET'} ({measured})"
                  for name, met, measured in targets]
        missed = [name for name, met, _ in targets if not met]
        return Result(lines, errors, problems, missed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", choices=CLIENTS, default="browser",
                        help="a pupil is a Chromium page, or a client of the page's WebSocket protocol")
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=180.0,
                        help="how long every pupil works after the ramp")
    parser.add_argument("--ramp", type=float, default=60.0, help="the pupils arrive within this many seconds")
    parser.add_argument("--pool", type=int, default=POOL_SIZE, help="kernels the app keeps started ahead")
    parser.add_argument("--think", type=float, default=30.0, help="seconds a pupil reads a page, on average")
    parser.add_argument("--pages", type=int, help="each pupil leaves after this many pages (the start page "
                        "counts), if the time is not up before")
    args = parser.parse_args(argv)
    result = asyncio.run(run_class(args.pupils, args.seconds, args.ramp, args.think, args.pool,
                                   clients=args.clients, pages=args.pages))
    for line in result.lines:
        print(line)
    for problem in [*result.errors[:20], *result.file_problems[:20]]:
        print("  " + problem)
    print("targets: " + ("all met" if not result.missed else "missed: " + ", ".join(result.missed)))
    return 1 if result.missed else 0


if __name__ == "__main__":
    sys.exit(main())
