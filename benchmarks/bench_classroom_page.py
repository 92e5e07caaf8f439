"""What one page of the classroom app costs the server's cores, part by part.

A companion of ``bench_classroom_app.py``: where thirty pupils wait for their pages, this says
what each page takes. It runs ``kaszino app --class`` with a pool of one kernel and asks for each
notebook in turn (plain HTTP, one at a time, ``--rounds`` times), then releases the page's kernel.
For each page it prints the CPU seconds of the Voilà server (the request: the notebook run
driven, its HTML made), of the page's kernel (the notebook's cells, in a kernel of the pool) and
of the pool's next kernel (its start and the notebooks' imports, the price of a page that does
not wait for a kernel), with the wall time of the request and the size of its HTML. The sum is
what a page costs; two cores give at most two CPU seconds a second, to every page and click.
Then ``--clicks`` clicks on the start page's table, one after another over the kernel's WebSocket
(``ws_pupil.py``), give the CPU of a click in the server and in the page's kernel, and the time
from a click's message to the picture that answers it.

Run: ``python benchmarks/bench_classroom_page.py [--rounds 3] [--clicks 60] [--no-fork] [NOTEBOOK ...]``
(``--no-fork``: every kernel a Python of its own, as before the warm process).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from class_app import ClassApp, class_app  # noqa: E402
from ws_pupil import CONFIG, Visitor, VoilaPage  # noqa: E402

NOTEBOOKS = ("00_start.ipynb", "01_pakli.ipynb", "10_feladvanyok.ipynb")


def cpu(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


def server_of(app: ClassApp) -> psutil.Process:
    return next(process for process in app.processes() if "kaszino.cli.app_server" in process.cmdline())


def kernels(server: psutil.Process) -> dict[int, psutil.Process]:
    return {process.pid: process for process in server.children(recursive=True)}


def one_page(app: ClassApp, server: psutil.Process, notebook: str, filled: int) -> dict[str, float]:
    """The costs of ``notebook`` once (the pool filled ``filled`` times before it)."""
    before = {pid: cpu(process) for pid, process in kernels(server).items()}
    server_before, started = cpu(server), time.monotonic()
    request = urllib.request.Request(f"{app.base}/voila/render/{notebook}",
                                     headers={"Cookie": "kaszino_learner=Bench"})
    with urllib.request.urlopen(request, timeout=300) as response:
        html = response.read().decode()
    wall = time.monotonic() - started
    app.wait_for_pool(filled + 1)
    found = CONFIG.search(html)
    if found is None:
        raise RuntimeError(f"{notebook}: no kernel in the page")
    kernel_id = json.loads(found.group(1))["kernelId"]
    page_kernel = next_kernel = 0.0
    for pid, process in kernels(server).items():
        used = cpu(process) - before.get(pid, 0.0)
        if pid in before:
            page_kernel += used  # the pool's kernel the page took
        else:
            next_kernel += used
    costs = {"wall": wall, "server": cpu(server) - server_before, "page kernel": page_kernel,
             "next kernel": next_kernel, "html KB": len(html.encode()) / 1024}
    release = urllib.request.Request(f"{app.base}/kaszino/release/{kernel_id}", data=b"", method="POST")
    urllib.request.urlopen(release, timeout=60).close()
    return costs


async def clicks(app: ClassApp, server: psutil.Process, count: int) -> str:
    """``count`` clicks on the start page's table (a card picked and put back, as a pupil's
    first clicks), one at a time over the kernel's WebSocket: the CPU of the server and of the
    page's kernel a click, and from the click's message to the picture that answers it."""
    visitor = Visitor(app.base, 120.0)
    filled = app.pools_filled()
    page = await VoilaPage.open(visitor, await visitor.sign_in("Bench Clicks"))
    try:
        await asyncio.to_thread(app.wait_for_pool, filled + 1)  # the next kernel's start not counted
        table = page.widget('data-card="7♦"', "kaszino-capture-btn")
        before = {pid: cpu(process) for pid, process in kernels(server).items()}
        server_before = cpu(server)
        taken = [await page.click(table, "toggle", card="7♦") for _ in range(count)]
        in_kernels = sum(cpu(process) - before.get(pid, 0.0) for pid, process in kernels(server).items())
    finally:
        await page.leave()
    p95 = statistics.quantiles(taken, n=20, method="inclusive")[-1]
    return (f"a click: CPU {(cpu(server) - server_before + in_kernels) / count * 1000:.1f} ms = server "
            f"{(cpu(server) - server_before) / count * 1000:.1f} ms + the page's kernel "
            f"{in_kernels / count * 1000:.1f} ms; click → picture p50 {statistics.median(taken):.0f} ms, "
            f"p95 {p95:.0f} ms ({count} clicks one after another)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", default=list(NOTEBOOKS))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-fork", action="store_true", help="kernels started as Pythons of their own")
    parser.add_argument("--clicks", type=int, default=60, help="clicks timed on the start page (0: none)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kaszino-page-") as workdir, \
            class_app(Path(workdir), "--pool=1", *(["--no-fork"] if args.no_fork else [])) as app:
        server = server_of(app)
        app.wait_for_pool(1)
        filled = 1
        found: dict[str, list[dict[str, float]]] = {notebook: [] for notebook in args.notebooks}
        for _ in range(args.rounds):
            for notebook in args.notebooks:
                found[notebook].append(one_page(app, server, notebook, filled))
                filled += 1
        for notebook, runs in found.items():
            parts = {name: statistics.median(run[name] for run in runs) for name in runs[0]}
            total = parts["server"] + parts["page kernel"] + parts["next kernel"]
            print(f"{notebook}: CPU {total:.2f} s = server {parts['server']:.2f} s + the page's kernel "
                  f"{parts['page kernel']:.2f} s + the pool's next kernel {parts['next kernel']:.2f} s; "
                  f"page served in {parts['wall']:.2f} s, {parts['html KB']:.0f} KB (medians of {len(runs)})")
        if args.clicks:
            print(asyncio.run(clicks(app, server, args.clicks)))
    load = " ".join(f"{value:.2f}" for value in psutil.getloadavg())
    print(f"load average {load}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
