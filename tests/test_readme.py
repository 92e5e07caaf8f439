"""The README's examples run exactly as printed."""

from __future__ import annotations

import doctest
from pathlib import Path

from kaszino.i18n import using_language

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run_as_printed() -> None:
    with using_language("hu"):
        result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0
