"""The work counter the "refused at once" tests rely on: it stops a long loop, lets a short call
through, and cannot be caught by the code it watches."""

from __future__ import annotations

import contextlib

import pytest
from work import at_most


def _loop(times: int) -> int:
    total = 0
    for n in range(times):
        total += n
    return total


def test_a_loop_past_the_budget_fails_and_a_short_one_passes() -> None:
    with at_most(100):
        assert _loop(10) == 45
    with pytest.raises(AssertionError, match="more than 100 lines"), at_most(100):
        _loop(1_000_000)


def test_code_that_catches_every_error_cannot_hide_the_overrun() -> None:
    def swallowing() -> None:
        with contextlib.suppress(Exception):
            _loop(1_000)

    with pytest.raises(AssertionError), at_most(100):
        swallowing()
