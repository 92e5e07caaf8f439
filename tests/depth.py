"""How many deals a counted test plays (or shipped puzzles it tries): all of them in `make test` and
CI, a tenth in `make test-fast`.

The inner loop runs every test, only less of each: Hypothesis's "fast" profile caps the properties
(tests/conftest.py), :func:`scaled` caps the tests that count their own deals or games, and
:func:`sampled` the ones that try every shipped puzzle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from hypothesis import settings

T = TypeVar("T")

FAST_SHARE = 10
"""The inner loop plays one deal in this many (five until the eleventh session, when the inner loop
had grown past its 90 seconds)."""


def scaled(full: int) -> int:
    """``full`` in a full run; a :data:`FAST_SHARE`th of it (at least one) under the "fast" profile."""
    if settings.get_current_profile_name() == "fast":
        return max(1, full // FAST_SHARE)
    return full


def sampled(items: Sequence[T]) -> Sequence[T]:
    """Every item in a full run; one in :data:`FAST_SHARE`, spread over all of them, under the
    "fast" profile."""
    if settings.get_current_profile_name() == "fast":
        return items[::FAST_SHARE]
    return items
