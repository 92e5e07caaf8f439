"""Test-wide configuration: Hypothesis profiles and what pytest must not collect."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import settings

# The progress file of the whole session is a temporary one: see conftest.py at the repository root.

# Notebooks under these folders are inputs of other tests (served by Voilà), not nbval subjects.
collect_ignore_glob = ["browser/fixtures/*"]

# No timed tests: Hypothesis gets no deadline. In CI Hypothesis loads its own "ci" profile
# (derandomized, no example database), which also has no deadline. `make test-fast` loads "fast"
# (--hypothesis-profile=fast): at most FAST_EXAMPLES examples a property, see below.
FAST_EXAMPLES = 10
settings.register_profile("dev", deadline=None)
settings.register_profile("fast", deadline=None, max_examples=FAST_EXAMPLES)
if not os.environ.get("CI"):
    settings.load_profile("dev")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under the "fast" profile a property's own ``@settings(max_examples=...)`` is capped too.

    A profile only sets what a test leaves open, and most properties here name their count; the
    settings Hypothesis runs a test with are the ones it keeps on the test function, so the cap
    goes there (the full counts stay for `make test` and CI)."""
    if settings.get_current_profile_name() != "fast":
        return
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if getattr(test, "is_hypothesis_test", False) and own is not None:
            test._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
                own, max_examples=min(own.max_examples, FAST_EXAMPLES))


@pytest.fixture(autouse=True)
def _a_page_of_its_own() -> Iterator[None]:
    """Widgets one test shows do not follow the language switches of later tests."""
    yield
    tutorial = sys.modules.get("kaszino.jupyter.tutorial")
    if tutorial is not None:
        tutorial.forget_live()
