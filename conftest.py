"""Configuration for every test run from the repository root (tests/ and the notebooks under nbval).

The learner's real progress file is never touched by a test: the whole session, including the
kernels nbval and Voilà start (they inherit the environment), writes to a fresh temporary file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from kaszino.store import ENVIRONMENT_VARIABLE


def pytest_configure(config: pytest.Config) -> None:
    folder = Path(tempfile.mkdtemp(prefix="kaszino-test-progress-"))
    os.environ[ENVIRONMENT_VARIABLE] = str(folder / "progress.sqlite3")
