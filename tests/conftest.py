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
# (derandomized, no example database), which also has no deadline.
settings.register_profile("dev", deadline=None)
if not os.environ.get("CI"):
    settings.load_profile("dev")


@pytest.fixture(autouse=True)
def _a_page_of_its_own() -> Iterator[None]:
    """Widgets one test shows do not follow the language switches of later tests."""
    yield
    tutorial = sys.modules.get("kaszino.jupyter.tutorial")
    if tutorial is not None:
        tutorial.forget_live()
