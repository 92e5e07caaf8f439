"""A pytest plugin that records the CPU each test costs, for ``make test-cpu`` (which passes
``-p cpu_times --cpu-times=FILE`` with ``tests/`` on ``PYTHONPATH``: a plugin named by ``-p`` is
imported before any conftest puts ``tests/`` on the path).

On a shared machine a test's wall time says more about the neighbours than about the test; its CPU
is steadier. For every test (setup, call and teardown together) the plugin reads the CPU seconds of
the test process's whole tree (the process, every live descendant — the Voilà and Jupyter servers,
their kernels, Playwright's driver and Chromium — and what the reaped ones cost) before and after,
so the CPU a long-lived server spends on a test counts for that test. Each process (each xdist
worker) appends a line a test to the file named by ``--cpu-times=FILE``; the process that ran the
session prints the costliest tests, the sum and each file's sum at the end.

The figures are what ``docs/testing.md`` reports; nothing is asserted on them.
"""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SHOWN = 25


def _stat_fields(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name is in parentheses and may hold spaces: the fields start after the last ")".
    return text[text.rindex(")") + 2 :].split()


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = defaultdict(list)
    for entry in os.scandir("/proc"):
        if entry.name.isdigit() and (fields := _stat_fields(int(entry.name))) is not None:
            tree[int(fields[1])].append(int(entry.name))
    return tree


def _tree(root: int) -> Iterator[int]:
    children = _children()
    waiting = [root]
    while waiting:
        pid = waiting.pop()
        yield pid
        waiting.extend(children.get(pid, ()))


def tree_cpu(root: int | None = None) -> float:
    """CPU seconds (user and system) spent so far by ``root`` (this process by default), its live
    descendants and the descendants they have reaped."""
    ticks = 0
    for pid in _tree(os.getpid() if root is None else root):
        fields = _stat_fields(pid)
        if fields is not None:
            # utime, stime, cutime, cstime: fields 14-17 of proc(5), 12-15 after the name.
            ticks += sum(int(value) for value in fields[11:15])
    return ticks / CLOCK_TICKS


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-times", metavar="FILE", help="append each test's CPU seconds to FILE")


_FILE = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    name = config.getoption("--cpu-times")
    if name:
        config.stash[_FILE] = Path(name).resolve()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    path = item.config.stash.get(_FILE, None)
    if path is None:
        return (yield)
    cpu, wall, started = tree_cpu(), time.monotonic(), time.time()
    result = yield
    record = {
        "test": item.nodeid,
        # Never below 0: a process that leaves the tree unreaped (Chromium's, when Playwright's
        # driver stops at the end of the session) takes the CPU counted for it with it.
        "cpu": round(max(0.0, tree_cpu() - cpu), 3),
        "wall": round(time.monotonic() - wall, 3),
        # When and where it ran: the run's timeline, each worker's busy and idle stretches.
        "started": round(started, 3),
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
    }
    with path.open("a") as log:
        log.write(json.dumps(record) + "\n")
    return result


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    path = config.stash.get(_FILE, None)
    if path is None or hasattr(config, "workerinput") or not path.exists():
        return
    records = [json.loads(line) for line in path.read_text().splitlines()]
    write = terminalreporter.write_line
    terminalreporter.section("CPU seconds of each test's process tree")
    for record in sorted(records, key=lambda record: -record["cpu"])[:SHOWN]:
        write(f"{record['cpu']:8.1f} s CPU {record['wall']:8.1f} s wall  {record['test']}")
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for record in records:
        sums = files[record["test"].split("::")[0]]
        sums[0] += record["cpu"]
        sums[1] += record["wall"]
    write("by file:")
    for name, (cpu, wall) in sorted(files.items(), key=lambda pair: -pair[1][0])[:SHOWN]:
        write(f"{cpu:8.1f} s CPU {wall:8.1f} s wall  {name}")
    total_cpu = sum(record["cpu"] for record in records)
    total_wall = sum(record["wall"] for record in records)
    write(f"{len(records)} tests: {total_cpu:.1f} s CPU, {total_wall:.1f} s of test wall time")
