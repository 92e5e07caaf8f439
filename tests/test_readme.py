"""The README's examples run exactly as printed."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from kaszino.i18n import using_language

README = Path(__file__).resolve().parent.parent / "README.md"
SCOPA = README.parent / "docs" / "scopa.md"
CASINO = README.parent / "docs" / "casino.md"


def test_readme_examples_run_as_printed() -> None:
    with using_language("hu"):
        result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


@pytest.mark.parametrize("page", [SCOPA, CASINO], ids=["scopa", "casino"])
def test_the_family_pages_examples_run_as_printed(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0
