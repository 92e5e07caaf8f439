"""Work counted, not timed: how many lines of Python a call runs.

"Refused at once" is a claim about the work done before the refusal, and a clock measures the
machine as much as the code (a busy or swapping machine made a 0.05 s refusal take over 1 s of
processor time). The count of executed lines is the same on every machine and every run, so a
bound on it is a test that fails only when the code does more work.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any


class TooMuchWork(BaseException):
    """Raised inside the traced code once the budget is spent. A ``BaseException``, so that no
    ``except Exception`` of the code under test can turn it into one of its own errors."""


@contextmanager
def at_most(lines: int) -> Iterator[None]:
    """Count the lines of Python run in the block; past ``lines``, stop it with an assertion.

    C code (a list copied, SQLite) is not counted: the bound is on Python loops, the work that
    grows with a hostile input.
    """
    ran = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        nonlocal ran
        if event == "line":
            ran += 1
            if ran > lines:
                raise TooMuchWork
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        yield
    except TooMuchWork:
        raise AssertionError(f"the call ran more than {lines:,} lines of Python: "
                             f"the work was done before it was refused") from None
    finally:
        sys.settrace(previous)
