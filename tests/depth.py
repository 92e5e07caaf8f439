"""How many deals a counted test plays: all of them in `make test` and CI, a fifth in `make test-fast`.

The inner loop runs every test, only less of each: Hypothesis's "fast" profile caps the properties
(tests/conftest.py), and :func:`scaled` caps the tests that count their own deals or games."""

from __future__ import annotations

from hypothesis import settings

FAST_SHARE = 5
"""The inner loop plays one deal in this many."""


def scaled(full: int) -> int:
    """``full`` in a full run; a fifth of it (at least one) under the "fast" profile."""
    if settings.get_current_profile_name() == "fast":
        return max(1, full // FAST_SHARE)
    return full
