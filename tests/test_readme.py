"""The README's examples run exactly as printed."""

from __future__ import annotations

import doctest
from pathlib import Path

from kaszino.i18n import using_language

README = Path(__file__).resolve().parent.parent / "README.md"
SCOPA = README.parent / "docs" / "scopa.md"


def test_readme_examples_run_as_printed() -> None:
    with using_language("hu"):
        result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


def test_the_scopa_pages_examples_run_as_printed() -> None:
    result = doctest.testfile(str(SCOPA), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0
