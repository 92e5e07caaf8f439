"""Test-wide configuration: Hypothesis profiles and what pytest must not collect."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import settings

# Every test (and every kernel or Voilà server a test starts) keeps its progress in a file of its
# own, never in the learner's real progress file.
os.environ["KASZINO_PROGRESS"] = str(Path(tempfile.mkdtemp(prefix="kaszino-tests-")) / "progress.sqlite3")

# Notebooks under these folders are inputs of other tests (served by Voilà), not nbval subjects.
collect_ignore_glob = ["browser/fixtures/*"]

# No timed tests: Hypothesis gets no deadline. In CI Hypothesis loads its own "ci" profile
# (derandomized, no example database), which also has no deadline.
settings.register_profile("dev", deadline=None)
if not os.environ.get("CI"):
    settings.load_profile("dev")
