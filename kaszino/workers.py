"""Work shared out among processes that stop at once when the work is given up.

The workers ignore Ctrl-C (the terminal sends it to every process of the command): only the main
process is interrupted, and it ends the workers at once, whatever they are computing, when the
work stops early for any reason — Ctrl-C, an error, or a caller that has what it wanted.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Mapper(Protocol):
    """``map`` in order over a pool of workers: ``mapper(work, items[, chunksize])``, ``work`` picklable."""

    def __call__(self, work: Callable[[T], R], items: Iterable[T], chunksize: int = 1, /) -> Iterator[R]: ...


def _in_this_process(work: Callable[[T], R], items: Iterable[T], chunksize: int = 1, /) -> Iterator[R]:
    return map(work, items)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def worker_pool(processes: int) -> Iterator[Mapper]:
    """A :class:`Mapper` over ``processes`` worker processes (1: the work runs in this process).

    When the block ends, normally or not, the workers are terminated and waited for.
    """
    if processes == 1:
        yield _in_this_process
        return
    pool = multiprocessing.Pool(processes, initializer=_ignore_interrupts)
    try:
        yield pool.imap
    finally:
        pool.terminate()
        pool.join()
