"""The offline site's build, short of running it: the Pyodide lock (exactly the shipped wheels, real
hashes, Pyodide's pins, no gaps), the notebooks and fonts it ships (the ``--out`` folder it may
replace: tests/test_files.py)."""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from kaszino.cli.site import (
    BARE,
    BARE_NOTEBOOK,
    PROJECT,
    RELEASE_SCRIPT,
    START_PAGE,
    WIDGET_VIEW,
    _lite_settings,
    add_release_script,
    drop_legacy_fonts,
    lock_entry,
    pinned_versions,
    pyodide_environment,
    release_id,
    rewrite_lock,
    site_notebook,
    site_notebooks,
)
from kaszino.cli.wheel_files import compile_wheel
from kaszino.errors import KaszinoError

LOCK: dict[str, Any] = {
    "info": {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"},
    "packages": {
        "traitlets": {
            "name": "traitlets",
            "version": "5.14.3",
            "file_name": "traitlets-5.14.3-py3-none-any.whl",
        },
        "numpy": {
            "name": "numpy",
            "version": "2.3.0",
            "file_name": "numpy-2.3.0-cp314-cp314-pyemscripten_wasm32.whl",
        },
    },
}


def _wheel(folder: Path, name: str, version: str, requires: list[str], top: str | None = None) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{top or name}/__init__.py", "")
        archive.writestr(
            f"{info}/METADATA",
            "\n".join(
                [
                    "Metadata-Version: 2.1",
                    f"Name: {name}",
                    f"Version: {version}",
                    *(f"Requires-Dist: {requirement}" for requirement in requires),
                ]
            )
            + "\n",
        )
        archive.writestr(f"{info}/RECORD", "")
    return path


def test_an_entry_has_the_real_hash_the_imports_and_the_browser_dependencies(tmp_path: Path) -> None:
    wheel = _wheel(
        tmp_path,
        "Widget_Kit",
        "1.0",
        [
            "traitlets>=5",
            "pexpect; sys_platform != 'emscripten'",
            "pytest; extra == 'test'",
            "exceptiongroup; python_version < '3.11'",
        ],
        top="widget_kit",
    )
    entry = lock_entry(wheel, pyodide_environment(LOCK))
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["widget_kit"]
    assert entry["depends"] == ["traitlets"]
    assert (entry["name"], entry["version"], entry["file_name"]) == ("Widget_Kit", "1.0", wheel.name)


def test_the_lock_lists_exactly_the_shipped_wheels(tmp_path: Path) -> None:
    wheels = [_wheel(tmp_path, "traitlets", "5.14.3", []), _wheel(tmp_path, "kit", "1.0", ["traitlets"])]
    lock = rewrite_lock(LOCK, wheels)
    assert lock["info"] == LOCK["info"]
    assert set(lock["packages"]) == {"traitlets", "kit"}
    assert all(not entry["file_name"].startswith("http") for entry in lock["packages"].values())


def test_a_version_other_than_pyodides_pin_is_refused(tmp_path: Path) -> None:
    assert pinned_versions(LOCK) == {"traitlets": "5.14.3"}
    with pytest.raises(KaszinoError, match=r"pins traitlets 5\.14\.3"):
        rewrite_lock(LOCK, [_wheel(tmp_path, "traitlets", "5.0.0", [])])


def test_a_missing_dependency_is_refused(tmp_path: Path) -> None:
    with pytest.raises(KaszinoError, match="needs psygnal"):
        rewrite_lock(LOCK, [_wheel(tmp_path, "anywidget", "0.9.0", ["psygnal>=0.8"])])


def test_widget_outputs_and_execution_counts_are_stripped_and_the_rest_kept() -> None:
    result = {"output_type": "execute_result", "execution_count": 2, "data": {"text/plain": "1 + x"}}
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": "# Ütés"},
            {
                "cell_type": "code",
                "source": "x",
                "execution_count": 2,
                "outputs": [
                    {
                        "output_type": "display_data",
                        "data": {WIDGET_VIEW: {"model_id": "a"}, "text/plain": "Table"},
                    },
                    {"output_type": "stream", "name": "stdout", "text": "13"},
                    result,
                ],
            },
        ],
        "metadata": {"widgets": {"state": {}}},
    }
    stripped = site_notebook(notebook)
    assert stripped["cells"][1]["outputs"] == [
        {"output_type": "stream", "name": "stdout", "text": "13"},
        {**result, "execution_count": None},
    ]
    assert stripped["cells"][1]["execution_count"] is None
    assert stripped["cells"][0] == notebook["cells"][0]
    assert "widgets" not in stripped["metadata"]
    assert len(notebook["cells"][1]["outputs"]) == 3 and result["execution_count"] == 2  # untouched


def test_older_font_formats_go_only_where_a_woff2_file_serves_the_same_font(tmp_path: Path) -> None:
    for name in ("fa-solid-900.woff2", "fa-solid-900.eot", "fa-solid-900.ttf", "fa-solid-900.woff",
                 "fa-solid-900.svg", "MathJax_Main.woff", "logo.svg"):
        (tmp_path / name).write_bytes(b"font")
    drop_legacy_fonts(tmp_path)
    kept = sorted(path.name for path in tmp_path.iterdir())
    assert kept == ["MathJax_Main.woff", "fa-solid-900.woff2", "logo.svg"]



def test_a_compiled_wheel_holds_bytecode_only_and_imports_without_its_source(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path, "kit", "1.0", [])
    with zipfile.ZipFile(wheel, "a") as archive:
        archive.writestr("kit/values.py", "ANSWER = 6 * 7\n")
    compile_wheel(wheel)  # by this Python here; the site's build uses the browser's (Pyodide)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        record = archive.read("kit-1.0.dist-info/RECORD").decode().splitlines()
        archive.extractall(tmp_path / "site-packages")
    assert sorted(names) == ["kit-1.0.dist-info/METADATA", "kit-1.0.dist-info/RECORD",
                             "kit/__init__.pyc", "kit/values.pyc"]
    data = (tmp_path / "site-packages" / "kit" / "values.pyc").read_bytes()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert f"kit/values.pyc,sha256={digest},{len(data)}" in record
    done = subprocess.run([sys.executable, "-c", "from kit.values import ANSWER; print(ANSWER)"],
                          cwd=tmp_path / "site-packages", capture_output=True, text=True, check=True)
    assert done.stdout == "42\n"


def test_the_javascript_of_the_widget_extensions_stays_out_of_the_lock(tmp_path: Path) -> None:
    wheels = [_wheel(tmp_path, "traitlets", "5.14.3", []),
              _wheel(tmp_path, "ipywidgets", "8.1.9", ["traitlets", "jupyterlab_widgets~=3.0"])]
    assert rewrite_lock(LOCK, wheels)["packages"]["ipywidgets"]["depends"] == ["traitlets"]


def test_the_start_page_ends_with_the_reset_button_and_the_bare_site_has_one_cell() -> None:
    pages = site_notebooks(PROJECT)
    assert "reset_button()" in pages[START_PAGE]["cells"][-1]["source"]
    assert all("reset_button" not in json_text(page) for name, page in pages.items() if name != START_PAGE)
    (bare,) = site_notebooks(BARE).values()
    assert list(site_notebooks(BARE)) == [BARE_NOTEBOOK]
    assert [cell["source"] for cell in bare["cells"]] == ["1 + 1"]


def json_text(page: dict[str, Any]) -> str:
    return "".join(cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
                   for cell in page["cells"])


def test_each_release_keeps_its_settings_under_its_own_names_and_the_bare_site_preloads_the_kernel() -> None:
    pages = site_notebooks(PROJECT)
    first = release_id(LOCK, pages)
    assert release_id(LOCK, pages) == first
    changed = {**pages, "new.ipynb": {"cells": []}}
    assert release_id(LOCK, changed) != first
    config = _lite_settings(PROJECT, first)["jupyter-config-data"]
    assert config["settingsStorageName"] == f"Kaszinó {first} settings"
    assert config["workspacesStorageName"] == f"Kaszinó {first} workspaces"
    assert "contentsStorageName" not in config  # the progress file stays where every release finds it
    assert config["disabledExtensions"] == ["@jupyter-notebook/notebook-extension:tab-icon"]
    bare = _lite_settings(BARE, first)["jupyter-config-data"]
    assert "disabledExtensions" not in bare  # the floor is JupyterLite as it comes
    kernel = bare["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["loadPyodideOptions"]["packages"] == [
        "micropip", "ipython", "comm", "jedi", "piplite", "ipykernel", "pyodide-kernel"]


def test_every_page_runs_the_release_script_before_jupyterlite_starts(tmp_path: Path) -> None:
    start = "(async function () {\n  await import(\n    '../config-utils.js?_=c1d836f'\n  );"
    for app in ("lab", "notebooks", "tree"):
        (tmp_path / app).mkdir()
        (tmp_path / app / "index.html").write_text(f"<script>{start}</script>", encoding="utf-8")
    add_release_script(tmp_path, "abc123", ["02_utes.ipynb"])
    script = (tmp_path / RELEASE_SCRIPT).read_text(encoding="utf-8")
    assert 'const RELEASE = "abc123";' in script and 'const PAGES = ["02_utes.ipynb"];' in script
    html = (tmp_path / "notebooks" / "index.html").read_text(encoding="utf-8")
    assert html.index(f"await import('../{RELEASE_SCRIPT}?_=abc123');") < html.index("config-utils.js")
    (tmp_path / "tree" / "index.html").write_text("<script>start()</script>", encoding="utf-8")
    with pytest.raises(KaszinoError, match="no longer starts as this build expects"):
        add_release_script(tmp_path, "abc123", [])
