"""Configuration for every test run from the repository root (tests/ and the notebooks under nbval).

The learner's real progress file is never touched by a test: the whole session, including the
kernels nbval and Voilà start (they inherit the environment), writes to a fresh temporary file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from kaszino.store import ENVIRONMENT_VARIABLE

_FOLDER = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    folder = Path(tempfile.mkdtemp(prefix="kaszino-test-progress-"))
    config.stash[_FOLDER] = folder
    os.environ[ENVIRONMENT_VARIABLE] = str(folder / "progress.sqlite3")


def pytest_unconfigure(config: pytest.Config) -> None:
    """The session's progress file goes with the session (its kernels and servers have stopped)."""
    shutil.rmtree(config.stash[_FOLDER], ignore_errors=True)
