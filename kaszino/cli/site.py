"""``kaszino site build``: the tutorial and the trainer as a static JupyterLite site that runs offline.

What the build fetches, and from where (nothing else, and nothing at all when the site runs):
- the Pyodide runtime from npm's ``pyodide`` package, at the version the installed
  ``jupyterlite-pyodide-kernel`` is made for (``npm pack``);
- kaszino's own wheel, built from the checkout, or packed from the installed files when kaszino
  was installed from a wheel (``own_wheel.repack``);
- pure-Python wheels from PyPI with ``pip download``: the widgets (``ipywidgets``, ``anywidget``)
  and what the kernel loads when it starts (``micropip``, ``ipython``, ``comm``, ``jedi``), each
  with its dependencies, pinned to the versions of the Pyodide lock wherever the lock has them.

The site's ``pyodide-lock.json`` lists exactly those wheels, with their real SHA-256 hashes, so no
package can be looked up anywhere else; the kernel preloads them, so the notebooks run unchanged.
The notebooks are copied without the widget outputs JupyterLite could not show, and unrun.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from email.parser import HeaderParser
from importlib import metadata
from pathlib import Path
from typing import Any

from kaszino.cli.app import jupyter_application
from kaszino.cli.arguments import file_name
from kaszino.cli.own_wheel import repack
from kaszino.errors import KaszinoError, quote
from kaszino.files import OutputFolder
from kaszino.shipped import PACKAGE, checkout, shipped

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
"""The JupyterLite plugin whose settings configure the Pyodide kernel."""

PROJECT_PACKAGES = ("kaszino", "ipywidgets", "anywidget", "mistune")
"""The notebooks' imports, loaded when the kernel starts. Pyodide loads any other shipped package
when a cell's own code imports it: sympy is not preloaded, and the combinatorics chapter, whose
functions import it inside, imports it in its first cell."""

KERNEL_PACKAGES = ("micropip", "ipython", "comm", "jedi")
"""What the Pyodide kernel itself needs from PyPI when it starts (a bare site carries only these)."""

KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide-kernel")
"""The kernel's own wheels (in its labextension's ``pypi`` folder), which it would otherwise install
one by one through micropip when it starts: the site lists them in its lock and preloads them."""

KERNEL_SHIMS = ("widgetsnbextension",)
"""PyPI packages the kernel replaces by an empty wheel of its own: ipywidgets asks for the classic
notebook's widget extension (2.2 MB of JavaScript no browser kernel uses)."""

NOT_IN_BROWSER = ("jupyterlab-widgets",)
"""Dependencies that hold only JupyterLab's side (the widget manager's JavaScript, which the site
serves as a JupyterLab extension): left out of the site's lock and wheels."""

NOT_COMPILED = ("sympy", "mpmath")
"""Wheels the site carries as source: only the combinatorics chapter imports them, and compiled
they would double in size (every other wheel is compiled to bytecode, ``wheel_files.py``)."""

PAIRED_BY_PYODIDE = ("sympy",)
"""Carried at the version Pyodide's lock pins, with the dependencies the lock pairs it with, not the
versions its own metadata asks for: sympy 1.14 caps mpmath below 1.4, and Pyodide's own distribution
ships it with mpmath 1.4.1 (only the combinatorics chapter uses it, for generating functions)."""

RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
"""The files of npm's ``pyodide`` package that the site serves (no source maps, no demo pages)."""

APPS = ("lab", "notebooks", "tree")
"""The JupyterLite apps the site carries."""

DISABLED_PLUGINS = ("@jupyter-notebook/notebook-extension:tab-icon",)
"""The notebook app's plugins the project's site leaves out: the tab icon's swap to a busy icon and
back around every cell's run (two icon requests through the service worker a cell: 0.3 s of
chapter 02's 3.3 s run in Chromium)."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The output type of a widget, which needs the saved widget state JupyterLite does not have."""

SIZE_BUDGET = 50_000_000
"""The largest site the build accepts without a warning, in bytes."""


@dataclass(frozen=True)
class SiteKind:
    """What a site carries besides the runtime and the kernel."""

    project: bool
    """The whole product (kaszino, its notebooks, settings and JupyterLab extensions); ``False``
    for a bare site: the same runtime and kernel, one empty notebook and nothing of the project,
    the floor the benchmark compares the site's start with."""

    @property
    def preloaded(self) -> tuple[str, ...]:
        """The packages the kernel loads when it starts, all at once."""
        return (*(PROJECT_PACKAGES if self.project else ()), *KERNEL_PACKAGES, *KERNEL_WHEELS)


PROJECT = SiteKind(project=True)
BARE = SiteKind(project=False)

BARE_NOTEBOOK = "bare.ipynb"
"""The one page of a bare site: a single cell, ``1 + 1``."""


@dataclass(frozen=True)
class SiteBuild:
    """What a build made, for its report."""

    output: Path
    size: int
    seconds: float
    wheels: tuple[str, ...]

    def report(self) -> str:
        """The build's figures against the budgets (site ≤ 50 MB, build ≤ 2 minutes)."""
        return (
            f"site: {self.output}\n"
            f"size: {self.size / 1e6:.1f} MB (budget {SIZE_BUDGET / 1e6:.0f} MB)"
            f"{'' if self.size <= SIZE_BUDGET else '  OVER BUDGET'}\n"
            f"build: {self.seconds:.0f} s (budget 120 s)\n"
            f"wheels: {len(self.wheels)} ({', '.join(self.wheels)})"
        )


def _run(command: Sequence[str | Path], what: str, cwd: Path | None = None) -> None:
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, cwd=cwd)
    if done.returncode:
        said = (done.stderr or done.stdout).strip().splitlines()
        tail = [line for line in said if not line.startswith("WARNING:")][-15:]  # pip's index warnings
        raise KaszinoError(f"{what} failed ({' '.join(map(str, command[:3]))} …):\n" + "\n".join(tail))


def pyodide_version() -> str:
    """The Pyodide version the installed JupyterLite kernel is made for."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION  # type: ignore[import-untyped]
    except ImportError:
        raise KaszinoError("building the site needs the 'site' extra: pip install 'kaszino[site]'") from None
    return str(PYODIDE_VERSION)


def fetch_pyodide(version: str, cache: Path) -> Path:
    """npm's ``pyodide`` package at ``version``, unpacked in ``cache`` (kept for the next build)."""
    target = cache / f"pyodide-{version}"
    if (target / "pyodide-lock.json").is_file():
        return target
    if shutil.which("npm") is None:
        raise KaszinoError("building the site needs npm (Node.js) to fetch the Pyodide runtime")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as scratch:
        _run(
            ["npm", "pack", f"pyodide@{version}", "--pack-destination", scratch, "--silent"],
            f"fetching pyodide {version} from npm",
        )
        (tarball,) = Path(scratch).glob("pyodide-*.tgz")
        with tarfile.open(tarball) as archive:
            archive.extractall(scratch, filter="data")
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(Path(scratch) / "package", target)
    return target


def pinned_versions(lock: Mapping[str, Any]) -> dict[str, str]:
    """The version of every pure-Python package in a Pyodide lock, by canonical name."""
    return {
        canonical(entry["name"]): entry["version"]
        for entry in lock["packages"].values()
        if str(entry["file_name"]).endswith("-none-any.whl")
    }


def _pip_download(lock: Mapping[str, Any], dest: Path, options: Sequence[str | Path],
                  requirements: Sequence[str | Path]) -> None:
    """``pip download`` of pure-Python wheels for the browser's Python into ``dest``."""
    python = ".".join(lock["info"]["python"].split(".")[:2])
    _run(
        [
            sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
            "--python-version", python, "--implementation", "py", "--abi", "none", "--platform", "any",
            *options, "-d", dest, *requirements,
        ],
        "downloading the wheels from PyPI",
    )


def download_wheels(lock: Mapping[str, Any], dest: Path, kind: SiteKind = PROJECT) -> list[Path]:
    """Every wheel the site carries, pure Python, pinned to ``lock``: kaszino's own (built from the
    checkout, or packed from the installed files) and the notebooks' packages for the project, the
    kernel's packages and its own wheels for either kind.

    The packages of :data:`PAIRED_BY_PYODIDE` come without their own dependency pins, at the lock's
    version; their dependencies are resolved with everything else, at the lock's versions too.
    """
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    pins = pinned_versions(lock)
    constraints = dest / "constraints.txt"
    constraints.write_text("".join(f"{name}=={version}\n" for name, version in sorted(pins.items())))
    if kind.project:
        _project_wheels(lock, dest, constraints)
    else:
        _pip_download(lock, dest, ["-c", constraints], KERNEL_PACKAGES)
    constraints.unlink()
    for unused in (*NOT_IN_BROWSER, *KERNEL_SHIMS):
        for wheel in dest.glob(f"{unused.replace('-', '_')}-*.whl"):
            wheel.unlink()
    for name in (*KERNEL_WHEELS, *(KERNEL_SHIMS if kind.project else ())):
        shutil.copy2(kernel_wheel(name), dest)
    return sorted(dest.glob("*.whl"))


def kernel_wheel(name: str) -> Path:
    """The newest of the Pyodide kernel's own wheels of ``name`` (its labextension's ``pypi``)."""
    from jupyter_core.paths import jupyter_path
    from packaging.utils import parse_wheel_filename
    from packaging.version import Version

    found = [
        wheel
        for folder in jupyter_path("labextensions")
        for wheel in (Path(folder) / KERNEL_PLUGIN.split(":")[0] / "static" / "pypi").glob("*.whl")
        if canonical(str(parse_wheel_filename(wheel.name)[0])) == name
    ]
    if not found:
        raise KaszinoError(f"the Pyodide kernel's wheel of {name} is missing (jupyterlite-pyodide-kernel)")
    return max(found, key=lambda wheel: Version(str(parse_wheel_filename(wheel.name)[1])))


def _project_wheels(lock: Mapping[str, Any], dest: Path, constraints: Path) -> None:
    root = checkout()
    if root is None:
        own = repack(metadata.distribution("kaszino"), dest)
    else:
        _run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dest, root],
            "building kaszino's wheel",
        )
        (own,) = dest.glob("kaszino-*.whl")
    paired = [lock["packages"][name] for name in PAIRED_BY_PYODIDE]
    partners = sorted({dependency for entry in paired for dependency in entry["depends"]})
    resolved = [*PROJECT_PACKAGES[1:], *KERNEL_PACKAGES]
    _pip_download(lock, dest, ["-c", constraints], [own, *resolved, *partners])
    _pip_download(lock, dest, ["--no-deps"], [f"{entry['name']}=={entry['version']}" for entry in paired])


def compile_wheels(runtime: Path, wheels: Sequence[Path], cache: Path) -> None:
    """Compile ``wheels`` (but :data:`NOT_COMPILED`) to bytecode in place, with the browser's own
    Python (Pyodide under Node.js, ``site_compile.mjs``); compiled wheels are kept in ``cache`` by
    the hash of their source, so that a build compiles only what changed (kaszino's own wheel)."""
    kept = cache / "compiled"
    kept.mkdir(parents=True, exist_ok=True)
    todo: dict[Path, Path] = {}
    for wheel in wheels:
        if canonical(wheel.name.split("-")[0]) in NOT_COMPILED:
            continue
        copy = kept / f"{hashlib.sha256(wheel.read_bytes()).hexdigest()[:32]}-{wheel.name}"
        if not copy.is_file():
            todo[wheel] = copy
        else:
            shutil.copy2(copy, wheel)
    if not todo:
        return
    if shutil.which("node") is None:
        raise KaszinoError("building the site needs Node.js to compile its wheels")
    script = Path(__file__).with_name("site_compile.mjs")
    folder = next(iter(todo)).parent
    _run(["node", script, runtime.resolve(), folder.resolve(), *(wheel.name for wheel in todo)],
         "compiling the wheels to bytecode (Pyodide in Node.js)")
    for wheel, copy in todo.items():
        shutil.copy2(wheel, copy)


def canonical(name: str) -> str:
    """A distribution name as package indexes and Pyodide locks compare them."""
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(name))


def pyodide_environment(lock: Mapping[str, Any]) -> dict[str, str]:
    """Where environment markers are evaluated: Python in the browser (Emscripten)."""
    full = lock["info"]["python"]
    return {
        "python_version": ".".join(full.split(".")[:2]),
        "python_full_version": full,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "os_name": "posix",
        "platform_machine": "wasm32",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": "",
    }


def lock_entry(wheel: Path, environment: Mapping[str, str]) -> dict[str, Any]:
    """The Pyodide lock entry of a pure-Python wheel: name, version, imports, depends, real hash."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(name.split("/")[0] for name in names if name.split("/")[0].endswith(".dist-info"))
        metadata = HeaderParser().parsestr(archive.read(f"{info}/METADATA").decode("utf-8"))
        top_level = f"{info}/top_level.txt"
        imports = (
            archive.read(top_level).decode("utf-8").split()
            if top_level in names
            else sorted(
                {
                    name.split("/")[0].removesuffix(".py")
                    for name in names
                    if not name.split("/")[0].endswith((".dist-info", ".data"))
                    and (name.endswith(".py") or "/" in name)
                }
            )
        )
    depends = sorted(
        {
            canonical(requirement.name)
            for requirement in map(Requirement, metadata.get_all("Requires-Dist") or [])
            if requirement.marker is None or requirement.marker.evaluate(dict(environment))
        }
        - set(NOT_IN_BROWSER)
    )
    return {
        "name": metadata["Name"],
        "version": metadata["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [name for name in imports if name.isidentifier() and not name.startswith("_")],
        "depends": depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


def rewrite_lock(lock: Mapping[str, Any], wheels: Iterable[Path]) -> dict[str, Any]:
    """A Pyodide lock listing exactly ``wheels``, each pinned as in ``lock`` where ``lock`` has it."""
    environment = pyodide_environment(lock)
    entries = {
        canonical(entry["name"]): entry for entry in (lock_entry(wheel, environment) for wheel in wheels)
    }
    pins = pinned_versions(lock)
    for name, entry in entries.items():
        if name in pins and pins[name] != entry["version"]:
            raise KaszinoError(f"{entry['file_name']}: Pyodide's lock pins {name} {pins[name]}")
        missing = [dependency for dependency in entry["depends"] if dependency not in entries]
        if missing:
            raise KaszinoError(
                f"{entry['file_name']} needs {', '.join(missing)}, which the site does not carry"
            )
    return {"info": dict(lock["info"]), "packages": dict(sorted(entries.items()))}


def site_notebook(notebook: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``notebook`` as the site serves it: without the widget outputs that need saved
    widget state to show, and without execution counts (no cell of a freshly opened page has run)."""
    copy: dict[str, Any] = json.loads(json.dumps(notebook))
    for cell in copy["cells"]:
        if cell["cell_type"] == "code":
            cell["execution_count"] = None
            cell["outputs"] = [
                {**output, "execution_count": None} if "execution_count" in output else output
                for output in cell.get("outputs", [])
                if WIDGET_VIEW not in output.get("data", {})
            ]
    copy.get("metadata", {}).pop("widgets", None)
    return copy


SITE_OVERRIDES = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}
"""Settings of the site on top of the project's JupyterLab ones: every cell of a page stays drawn
(the notebook app draws only the cells in view by default, which redraws widgets while scrolling)."""


def _overrides() -> dict[str, Any]:
    overrides: dict[str, Any] = json.loads(
        shipped("jupyterlab-overrides.json").read_text(encoding="utf-8")
    )
    for plugin, settings in SITE_OVERRIDES.items():
        overrides[plugin] = {**overrides.get(plugin, {}), **settings}
    return overrides


def _lite_settings(kind: SiteKind, release: str) -> dict[str, Any]:
    storage = {} if not kind.project else {
        # An earlier release's settings and workspace never apply to this one's pages.
        f"{what}StorageName": f"Kaszinó {release} {what}" for what in ("settings", "workspaces")}
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Kaszinó" if kind.project else "JupyterLite",
            **storage,
            **({"disabledExtensions": list(DISABLED_PLUGINS)} if kind.project else {}),
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": list(kind.preloaded)},
                }
            },
        },
    }


def site_notebooks(kind: SiteKind) -> dict[str, dict[str, Any]]:
    """The pages of the site by file name, as it serves them: the project's notebooks (the start
    page with the reset button at its end), or the bare site's one cell."""
    if not kind.project:
        cell: dict[str, Any] = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                "source": "1 + 1"}
        kernel = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        return {BARE_NOTEBOOK: {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4,
                                "nbformat_minor": 5}}
    pages = {
        notebook.name: site_notebook(json.loads(notebook.read_text(encoding="utf-8")))
        for notebook in sorted(shipped("notebooks").glob("*.ipynb"))
    }
    pages[START_PAGE]["cells"].append(
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
         "source": "from kaszino.jupyter.site_reset import reset_button\n\nreset_button()"}
    )
    return pages


START_PAGE = "00_start.ipynb"
"""The page the site opens on; the site's copy ends with the reset button."""

RELEASE_SCRIPT = "kaszino-release.js"
"""The script every page of the site runs before JupyterLite starts (``site_release.js``)."""


def release_id(lock: Mapping[str, Any], pages: Mapping[str, Any]) -> str:
    """A name of this build's contents: the same for the same wheels and pages, new for any change."""
    digest = hashlib.sha256(json.dumps([lock, pages], sort_keys=True).encode("utf-8"))
    return digest.hexdigest()[:16]


def add_release_script(output: Path, release: str, pages: Iterable[str]) -> None:
    """Write :data:`RELEASE_SCRIPT` for ``release`` and make every page of ``output`` run it first."""
    script = Path(__file__).with_name("site_release.js").read_text(encoding="utf-8")
    script = script.replace("@RELEASE@", release).replace("@PAGES@", json.dumps(sorted(pages)))
    (output / RELEASE_SCRIPT).write_text(script, encoding="utf-8")
    for app in APPS:
        page = output / app / "index.html"
        html, found = re.subn(r"await import\(\s*'\.\./config-utils\.js",
                              lambda start: f"await import('../{RELEASE_SCRIPT}?_={release}');\n{start[0]}",
                              page.read_text(encoding="utf-8"))
        if found != 1:
            raise KaszinoError(f"{page}: JupyterLite's page no longer starts as this build expects")
        page.write_text(html, encoding="utf-8")


def assemble(lite: Path, runtime: Path, wheels: Sequence[Path], lock: Mapping[str, Any],
             kind: SiteKind = PROJECT) -> str:
    """Lay out the JupyterLite source folder: the runtime with its lock and wheels, notebooks,
    settings; returns the release id of what it laid out."""
    shutil.rmtree(lite, ignore_errors=True)
    pyodide = lite / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, pyodide / name)
    for wheel in wheels:
        shutil.copy2(wheel, pyodide / wheel.name)
    site_lock = rewrite_lock(lock, wheels)
    (pyodide / "pyodide-lock.json").write_text(json.dumps(site_lock, indent=1))
    files = lite / "files"
    files.mkdir()
    pages = site_notebooks(kind)
    for name, notebook in pages.items():
        (files / name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False), encoding="utf-8")
    release = release_id(site_lock, pages)
    (lite / "jupyter-lite.json").write_text(json.dumps(_lite_settings(kind, release), indent=1))
    config: dict[str, Any] = {"apps": list(APPS), "no_sourcemaps": True, "no_unused_shared_packages": True}
    if kind.project:
        (lite / "overrides.json").write_text(json.dumps(_overrides(), indent=1))
    else:  # the kernel's extension alone, none of the project's (widgets, anywidget, …)
        config.update(ignore_sys_prefix=["federated_extensions"],
                      federated_extensions=[str(kernel_wheel("piplite").parents[2])])
    (lite / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": config}, indent=1))
    return release


LEGACY_FONTS = (".eot", ".ttf", ".woff", ".svg")
"""Older formats of a web font; every browser that runs WebAssembly (and so Pyodide) reads WOFF2."""


def drop_legacy_fonts(folder: Path) -> None:
    """Delete the older formats of every web font in ``folder`` that has a WOFF2 file."""
    for woff2 in folder.rglob("*.woff2"):
        for suffix in LEGACY_FONTS:
            woff2.with_suffix(suffix).unlink(missing_ok=True)


def _size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


SITE_MARK = ".kaszino-site.json"
"""The file every build puts at the top of the site: an ``--out`` folder holding it is an earlier
build, which a new build replaces without ``--force``."""


def build_site(output: Path, cache: Path, kind: SiteKind = PROJECT) -> SiteBuild:
    """Build the offline site into ``output`` (a new name or an empty folder), with the Pyodide
    runtime kept in ``cache``; the site holds :data:`SITE_MARK`. ``kind`` :data:`BARE` builds the
    bare site of the benchmark instead.

    The wheels and the JupyterLite source folder are made in a scratch folder of their own, so that
    builds running at the same time (a test and a benchmark) never share them.
    """
    started = time.perf_counter()
    if output.is_dir() and any(output.iterdir()):
        raise KaszinoError(f"{quote(str(output))}: the site is built into a new or empty folder")
    runtime = fetch_pyodide(pyodide_version(), cache)
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(dir=cache, prefix="build-") as scratch:
        wheels = download_wheels(lock, Path(scratch) / "wheels", kind)
        compile_wheels(runtime, wheels, cache)
        lite = Path(scratch) / "lite"
        release = assemble(lite, runtime, wheels, lock, kind)
        if output.is_dir():
            output.rmdir()  # empty: JupyterLite makes the folder itself
        # Run inside the fresh lite folder: JupyterLite keeps its task database in the working
        # folder, and a database left by an earlier build would skip tasks it thinks are done.
        _run(
            [
                *jupyter_application("jupyterlite_core.app", "JupyterLite"),
                "build",
                "--lite-dir",
                ".",
                "--output-dir",
                output.resolve(),
            ],
            "jupyter lite build",
            cwd=lite,
        )
    drop_legacy_fonts(output)
    if kind.project:
        add_release_script(output, release, site_notebooks(kind))
    (output / SITE_MARK).write_text(json.dumps({"made_by": "kaszino site build", "release": release}) + "\n",
                                    encoding="utf-8")
    return SiteBuild(
        output, _size(output), time.perf_counter() - started, tuple(wheel.name for wheel in wheels)
    )


def is_earlier_build(folder: Path) -> bool:
    """Whether ``folder`` is a site an earlier ``kaszino site build`` made (it holds :data:`SITE_MARK`)."""
    return (folder / SITE_MARK).is_file()


def site_output(out: str, cache: str, force: bool) -> OutputFolder:
    """Where ``site build`` builds: ``out`` resolved, replaced only when it is missing, empty or an
    earlier build (any folder with ``--force``), never a folder that is or holds the checkout, what
    the site is made of, the download cache or the working folder (``kaszino site build --out .``
    once deleted the folder)."""
    root = checkout()
    holds: dict[str | os.PathLike[str], str] = {} if root is None else {
        root: "the checkout the site is built from"}
    holds.update({shipped("notebooks"): "the notebooks the site is made of",
                  PACKAGE: "the package the site is made of",
                  Path.cwd(): "the folder you are working in", cache: "the download cache"})
    return OutputFolder(out, force=force, ours=is_earlier_build, ours_words="an earlier build of the site",
                        holds=holds)


def build(args: argparse.Namespace) -> int:
    output = site_output(args.out, args.cache, args.force)
    with output.replacing() as fresh:
        result = build_site(fresh, Path(args.cache))
    print(dataclasses.replace(result, output=Path(args.out)).report())
    return 0


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino site build`` to the top-level command."""
    site = commands.add_parser("site", help="the offline classroom site (JupyterLite)")
    actions = site.add_subparsers(dest="action", required=True)
    make = actions.add_parser("build", help="build the static site (needs the 'site' extra and npm)")
    make.add_argument("--out", type=file_name, default="site",
                      help="the folder to build into (an earlier build there is replaced; default: site)")
    make.add_argument("--force", action="store_true",
                      help="replace --out even if it is a folder of other things (they are deleted)")
    make.add_argument("--cache", type=file_name, default=".cache/site",
                      help="where downloads are kept between builds")
    make.set_defaults(run=build)
