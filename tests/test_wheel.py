"""The package works from a built wheel in a fresh virtual environment, not only from a checkout.

The wheel must carry every file the package reads: the puzzle collections (kept at the top of the
repository, shipped as package data), the translations and the widgets' assets.
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
from importlib import resources
import kaszino
from kaszino.puzzles.puzzle import PUZZLE_DIR, load_all
package = resources.files("kaszino")
data = sorted(str(p.relative_to(package)) for p in package.rglob("*")
              if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
              and p.suffix != ".typed" and "dist-info" not in str(p))
print(json.dumps({
    "module": kaszino.__file__,
    "puzzle_dir": str(PUZZLE_DIR),
    "puzzles": len(load_all()),
    "data": data,
    "greeting": kaszino.tr("common.suit_spades"),
}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding only the wheel built from this checkout (and its dependencies)."""
    where = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(where / "dist"),
                    str(ROOT)], check=True, capture_output=True)
    wheels = list((where / "dist").glob("kaszino-*.whl"))
    assert len(wheels) == 1
    venv.create(where / "venv", with_pip=True)
    python = where / "venv" / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    str(wheels[0])], check=True, capture_output=True)
    return python


def _checkout_data() -> list[str]:
    package = ROOT / "kaszino"
    files = [str(path.relative_to(package)) for path in package.rglob("*")
             if path.is_file() and path.suffix not in (".py", ".pyc", ".typed")
             and "__pycache__" not in path.parts]
    files += [f"_data/puzzles/{path.name}" for path in (ROOT / "puzzles").glob("*.json")]
    return sorted(files)


def test_the_wheel_finds_every_puzzle_translation_and_asset(installed: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(installed), "-c", PROBE], cwd=tmp_path, capture_output=True, text=True,
                          check=True)
    found = json.loads(done.stdout)
    assert str(ROOT) not in found["module"], "the probe must import the installed wheel, not the checkout"
    assert "_data" in found["puzzle_dir"]
    from kaszino.puzzles.puzzle import load_all

    assert found["puzzles"] == len(load_all()) > 0
    assert found["data"] == _checkout_data()
    assert found["greeting"] == "pikk"


def test_the_installed_command_checks_the_shipped_puzzles(installed: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(installed.parent / "kaszino"), "puzzles", "check"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok:")
