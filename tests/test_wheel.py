"""The package works from a built wheel in a fresh virtual environment, not only from a checkout.

The wheel must carry every file the package reads: the puzzle collections (kept at the top of the
repository, shipped as package data), the tutorial's notebooks and the JupyterLab settings (also
shipped as package data), the translations and the widgets' assets.

The product as a new user gets it (marked slow: the servers it starts and the site it builds take
about a minute): ``kaszino[notebook]`` installed from the wheel into a fresh venv, then, in a folder of
the user's with no checkout anywhere near, ``kaszino lab`` (the notebooks copied to the folder
given, JupyterLab started, the start page fetched over HTTP, stopped), ``kaszino app`` (the start
page fetched from Voilà, stopped) and ``kaszino classroom teacher`` (the teacher's chapter written
and run) and ``kaszino site build`` (about a minute with the Pyodide runtime already downloaded;
it needs npm and the package registries, and is skipped without npm outside CI). The installed
package is also shown to find every file the build gathers, and to pack its own wheel for the
browser file for file as the wheel it was installed from.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from served import fetch_while_served
from shipped import SHIPPED

from kaszino.cli.app import START_PAGE, free_port
from kaszino.puzzles.puzzle import puzzle_files

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

SITE_PROBE = """
import json, sys
from importlib import metadata
from pathlib import Path
from kaszino.cli.own_wheel import repack
from kaszino.cli.site import _overrides
from kaszino.shipped import checkout, shipped
wheel = repack(metadata.distribution("kaszino"), Path(sys.argv[1]))
print(json.dumps({
    "checkout": str(checkout()),
    "notebooks": sorted(p.name for p in shipped("notebooks").glob("*.ipynb")),
    "notebook_dir": str(shipped("notebooks")),
    "overrides": sorted(_overrides()),
    "wheel": str(wheel),
}))
"""


def user_environment(home: Path) -> dict[str, str]:
    """The environment of a new user: no ``PYTHONPATH`` leading to a checkout, his own home, progress
    file and Jupyter folders."""
    env = {key: value for key, value in os.environ.items()
           if key != "PYTHONPATH" and not key.startswith("JUPYTER")}
    return {**env, "HOME": str(home), "KASZINO_PROGRESS": str(home / "progress.sqlite3"),
            "JUPYTER_RUNTIME_DIR": str(home / "runtime")}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from this checkout."""
    where = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(where),
                    str(ROOT)], check=True, capture_output=True)
    (built,) = where.glob("kaszino-*.whl")
    return built


def _venv_with(wheel: Path, where: Path, extras: str = "") -> Path:
    """A fresh venv in ``where`` holding ``wheel`` (with ``extras``) and its dependencies, and
    nothing else (no pip: what the product runs of it, it declares); its Python.

    uv makes and fills it: it reads the wheel's metadata as pip does, in seconds where pip took half
    a minute of processor time (pip is what the README tells a user to type; the wheel is what is
    tested here)."""
    uv = [sys.executable, "-m", "uv"]
    started = time.perf_counter()
    subprocess.run([*uv, "venv", "--quiet", "--python", sys.executable, str(where)], check=True,
                   capture_output=True)
    python = where / "bin" / "python"
    subprocess.run([*uv, "pip", "install", "--quiet", "--python", str(python), f"{wheel}{extras}"],
                   check=True, capture_output=True)
    print(f"uv pip install {wheel.name}{extras}: {time.perf_counter() - started:.0f} s")
    return python


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding only the wheel built from this checkout (and its dependencies)."""
    return _venv_with(wheel, tmp_path_factory.mktemp("wheel") / "venv")


@pytest.fixture(scope="module")
def product(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with ``kaszino[notebook]`` from the wheel: the product as a new user installs it."""
    return _venv_with(wheel, tmp_path_factory.mktemp("product") / "venv", "[notebook]")


def _checkout_data() -> list[str]:
    package = ROOT / "kaszino"
    files = [str(path.relative_to(package)) for path in package.rglob("*")
             if path.is_file() and path.suffix not in (".py", ".pyc", ".typed")
             and "__pycache__" not in path.parts]
    files += [f"_data/puzzles/{path.name}" for path in (ROOT / "puzzles").glob("*.json")]
    files += [f"_data/notebooks/{path.name}" for path in (ROOT / "notebooks").glob("*.ipynb")]
    files += [f"_data/notebooks/{path.relative_to(ROOT / 'notebooks').as_posix()}"
              for path in (ROOT / "notebooks" / "lessons").rglob("*.md")]
    files += ["_data/jupyterlab-overrides.json"]
    return sorted(files)


def test_the_wheel_finds_every_puzzle_translation_and_asset(installed: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(installed), "-c", PROBE], cwd=tmp_path, capture_output=True, text=True,
                          check=True, env=user_environment(tmp_path))
    found = json.loads(done.stdout)
    assert str(ROOT) not in found["module"], "the probe must import the installed wheel, not the checkout"
    assert "_data" in found["puzzle_dir"]
    assert found["puzzles"] == len(SHIPPED) > 0
    assert found["data"] == _checkout_data()
    assert found["greeting"] == "pikk"


def test_the_installed_command_reads_the_shipped_puzzles_and_checks_a_file(installed: Path,
                                                                            tmp_path: Path) -> None:
    """The installed command finds every shipped puzzle by itself and re-solves a file. Every shipped
    file is re-solved once per run, by ``test_cli.py`` (the same files: the probe above compares the
    lists, the solver is the same code); doing it again here would only cost half a minute."""
    command, env = installed.parent / "kaszino", user_environment(tmp_path)
    done = subprocess.run([str(command), "puzzles", "stats"], cwd=tmp_path, capture_output=True, text=True,
                          env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"{len(SHIPPED)} puzzles\n")
    one = min(puzzle_files(), key=lambda path: path.stat().st_size)
    done = subprocess.run([str(command), "puzzles", "check", str(one)], cwd=tmp_path, capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok:")


def test_the_installed_command_names_its_release(installed: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(installed.parent / "kaszino"), "--version"], cwd=tmp_path,
                          capture_output=True, text=True, env=user_environment(tmp_path), check=True)
    assert done.stdout.strip() == f"kaszino {_pyproject_version()}"


def _pyproject_version() -> str:
    import tomllib

    with (ROOT / "pyproject.toml").open("rb") as stream:
        version: str = tomllib.load(stream)["project"]["version"]
    return version


@pytest.mark.slow
def test_kaszino_lab_copies_the_tutorial_and_serves_it(product: Path, tmp_path: Path) -> None:
    mine = tmp_path / "my notebooks"
    command = [str(product.parent / "kaszino"), "lab", "--no-browser", "--dir", str(mine),
               f"--port={free_port()}"]
    page, notebook = fetch_while_served(
        command, user_environment(tmp_path),
        lambda url: [url.replace(f"/lab/tree/{START_PAGE}?", f"/api/contents/{START_PAGE}?")])
    assert "JupyterLab" in page
    assert json.loads(notebook)["content"]["cells"], "the start page, read by JupyterLab from the copy"
    for shipped in (ROOT / "notebooks").glob("*.ipynb"):
        assert (mine / shipped.name).read_bytes() == shipped.read_bytes()
    lesson = Path("lessons/chapter03/what.hu.md")
    assert (mine / lesson).read_bytes() == (ROOT / "notebooks" / lesson).read_bytes(), "the lessons too"


@pytest.mark.slow
def test_kaszino_app_serves_the_installed_tutorial(product: Path, tmp_path: Path) -> None:
    command = [str(product.parent / "kaszino"), "app", f"--port={free_port()}"]
    (page,) = fetch_while_served(command, user_environment(tmp_path), lambda url: [])
    assert "01_pakli.ipynb" in page, "the start page links the first chapter"
    assert "Traceback" not in page


@pytest.mark.slow
def test_kaszino_classroom_teacher_writes_the_teachers_chapter_here(product: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(product.parent / "kaszino"), "classroom", "teacher"], cwd=tmp_path,
                          capture_output=True, text=True, env=user_environment(tmp_path), timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 worked solutions" in done.stdout
    written = json.loads((tmp_path / "30_kombinatorika_tanari.ipynb").read_text(encoding="utf-8"))
    solutions = [cell for cell in written["cells"] if "".join(cell["source"]).startswith("solution(")]
    assert len(solutions) == 6 and all(cell["outputs"] for cell in solutions), "run, with its outputs"


@pytest.mark.slow
def test_kaszino_site_build_finds_its_files_in_the_installed_package(product: Path, wheel: Path,
                                                                     tmp_path: Path) -> None:
    done = subprocess.run([str(product), "-c", SITE_PROBE, str(tmp_path)], cwd=tmp_path, capture_output=True,
                          text=True, env=user_environment(tmp_path), check=True)
    found = json.loads(done.stdout)
    assert found["checkout"] == "None" and "site-packages" in found["notebook_dir"]
    assert found["notebooks"] == sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    assert "@jupyterlab/apputils-extension:notification" in found["overrides"]
    assert _contents(Path(found["wheel"])) == _contents(wheel), "the browser gets the wheel installed"


@pytest.mark.slow
def test_kaszino_site_build_builds_the_offline_site_from_the_installed_package(product: Path,
                                                                               tmp_path: Path) -> None:
    if shutil.which("npm") is None and not os.environ.get("CI"):
        pytest.skip("the site build needs npm")
    out = tmp_path / "site"
    done = subprocess.run([str(product.parent / "kaszino"), "site", "build", "--out", str(out),
                           "--cache", str(ROOT / ".cache" / "site")],  # the Pyodide runtime, downloaded once
                          cwd=tmp_path, capture_output=True, text=True, env=user_environment(tmp_path),
                          timeout=1200)
    assert done.returncode == 0, done.stdout + done.stderr
    print(done.stdout)
    assert sorted(path.name for path in (out / "files").glob("*.ipynb")) == sorted(
        path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["kaszino"]["version"] == _pyproject_version()


def _contents(wheel: Path) -> dict[str, bytes]:
    """Every file of ``wheel`` but its RECORD (whose order of lines may differ), by name."""
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist() if not name.endswith("/RECORD")}
