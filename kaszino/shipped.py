"""The files the package ships beside its code: the puzzle collections, the tutorial's notebooks
and the JupyterLab settings, and the release they belong to.

A checkout keeps them at the top of the repository (``puzzles/``, ``notebooks/``,
``scripts/jupyterlab-overrides.json``), where the tests and nbval use them; a wheel carries the same
files as package data below ``kaszino/_data/`` (``pyproject.toml`` maps them in). The one lookup
below finds them either way, so an installed package and a checkout run the same code.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path
from typing import Literal

Shipped = Literal["puzzles", "notebooks", "jupyterlab-overrides.json"]

PACKAGE = Path(__file__).resolve().parent
"""The folder of the ``kaszino`` package."""

_IN_CHECKOUT: dict[Shipped, str] = {
    "puzzles": "puzzles",
    "notebooks": "notebooks",
    "jupyterlab-overrides.json": "scripts/jupyterlab-overrides.json",
}
"""Where a checkout keeps each shipped file or folder, from the repository root."""


def shipped(name: Shipped) -> Path:
    """The shipped folder or file ``name``: inside an installed wheel, else in the checkout."""
    packaged = PACKAGE / "_data" / name
    return packaged if packaged.exists() else PACKAGE.parent / _IN_CHECKOUT[name]


def checkout() -> Path | None:
    """The repository the package is imported from, or ``None`` for an installed wheel."""
    root = PACKAGE.parent
    return root if (root / "pyproject.toml").is_file() and not (PACKAGE / "_data").exists() else None


def release() -> str:
    """The installed release of kaszino (``0.6.0``), as its metadata says; ``unknown`` without any."""
    try:
        return metadata.version("kaszino")
    except metadata.PackageNotFoundError:  # imported from a checkout that was never installed
        return "unknown"
