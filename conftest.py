"""Configuration for every test run from the repository root (tests/ and the notebooks under nbval).

The learner's real progress file is never touched by a test: the whole session, including the
kernels nbval and Voilà start (they inherit the environment), writes to a fresh temporary file.

Every test gets the markers of its layer (``browser``, ``site``, ``slow``; registered in
pyproject.toml, see docs/testing.md) from where it lives, so ``make test-fast`` can leave them out
with ``-m``; a test file may add ``slow`` to a test of its own.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from kaszino.store import ENVIRONMENT_VARIABLE

ROOT = Path(__file__).resolve().parent
BROWSER = ROOT / "tests" / "browser"
SITE = BROWSER / "test_site.py"
SLOW = (
    "tests/test_wheel.py",  # builds a wheel and a fresh virtual environment
    "tests/test_cli_app.py",  # starts the app's Voilà server and stops it
    "tests/test_independent_referee.py",  # whole games under every preset, against a second referee
    # The expert's search on 60 moves an example; whole games clicked; two processes on one file.
    "tests/test_expert.py::test_the_expert_moves_legally_in_every_position",
    "tests/test_game_widget.py::test_a_whole_game_by_clicks_is_saved_and_replayed",
    "tests/test_store_training.py::test_two_kernels_training_on_one_file",
    # The combinatorics chapters under nbval: sympy's algebra and thousands of simulated deals.
    "notebooks/30_kombinatorika.ipynb",
    "notebooks/30_kombinatorika_tanari.ipynb",
)
"""Tests (by the start of their node id: a file, or a test in it) that are ``slow``: more than a few
seconds each on a quiet machine, or many of them together."""

_FOLDER = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    folder = Path(tempfile.mkdtemp(prefix="kaszino-test-progress-"))
    config.stash[_FOLDER] = folder
    os.environ[ENVIRONMENT_VARIABLE] = str(folder / "progress.sqlite3")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The layer markers by place (tests/browser/ is ``browser``, its site test also ``site``); then
    the slowest layers first, each file's tests in their order, so that the workers start on the
    long files and no long one is left to run alone at the end."""
    for item in items:
        path = item.path
        if path.is_relative_to(BROWSER):
            item.add_marker(pytest.mark.browser)
        if path == SITE:
            item.add_marker(pytest.mark.site)
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
    items.sort(key=_layer)


def _layer(item: pytest.Item) -> int:
    """0 for the site, 1 for the other browser tests, 2 for the slow ones, 3 for the rest."""
    for rank, marker in enumerate(("site", "browser", "slow")):
        if item.get_closest_marker(marker) is not None:
            return rank
    return 3


def pytest_unconfigure(config: pytest.Config) -> None:
    """The session's progress file goes with the session (its kernels and servers have stopped)."""
    shutil.rmtree(config.stash[_FOLDER], ignore_errors=True)
