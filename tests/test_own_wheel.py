"""kaszino's own wheel packed again from an installed kaszino (``kaszino.cli.own_wheel``): the files
the wheel held, whichever installer put them there and whatever it added of its own."""

from __future__ import annotations

import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from kaszino.cli.own_wheel import repack
from kaszino.errors import KaszinoError

INFO = "kaszino-9.9.dist-info"
WHEEL_FILES = {
    "kaszino/__init__.py": "VERSION = 1\n",
    "kaszino/_data/puzzles/sweep.json": "{}\n",
    f"{INFO}/METADATA": "Metadata-Version: 2.4\nName: kaszino\nVersion: 9.9\n",
    f"{INFO}/WHEEL": "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    f"{INFO}/entry_points.txt": "[console_scripts]\nkaszino = kaszino.cli:main\n",
    f"{INFO}/licenses/LICENSE": "MIT\n",
}
INSTALLERS_OWN = {
    f"{INFO}/INSTALLER": "uv\n",
    f"{INFO}/REQUESTED": "",
    f"{INFO}/direct_url.json": "{}\n",
    f"{INFO}/uv_cache.json": '{"timestamp": 0}\n',
    "kaszino/__pycache__/__init__.cpython-311.pyc": "compiled",
    "../../../bin/kaszino": "#!python\n",
}


def installed(site: Path, files: dict[str, str]) -> metadata.Distribution:
    """A kaszino installed in ``site`` with ``files``, each listed in its RECORD."""
    for name, text in files.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    record = "".join(f"{name},,\n" for name in files) + f"{INFO}/RECORD,,\n"
    (site / INFO / "RECORD").write_text(record, encoding="utf-8")
    return metadata.Distribution.at(site / INFO)


def test_the_wheel_holds_what_the_wheel_held_and_nothing_an_installer_added(tmp_path: Path) -> None:
    site = tmp_path / "lib" / "python3" / "site-packages"
    wheel = repack(installed(site, {**WHEEL_FILES, **INSTALLERS_OWN}), tmp_path)
    assert wheel.name == "kaszino-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert sorted(names) == sorted([*WHEEL_FILES, f"{INFO}/RECORD"])
        assert all(archive.read(name).decode() == text for name, text in WHEEL_FILES.items())
        record = archive.read(f"{INFO}/RECORD").decode().splitlines()
    assert sorted(line.split(",")[0] for line in record) == sorted([*WHEEL_FILES, f"{INFO}/RECORD"])


def test_an_install_without_a_record_is_refused(tmp_path: Path) -> None:
    (tmp_path / INFO).mkdir()
    (tmp_path / INFO / "METADATA").write_text("Name: kaszino\nVersion: 9.9\n", encoding="utf-8")
    with pytest.raises(KaszinoError, match="no RECORD"):
        repack(metadata.Distribution.at(tmp_path / INFO), tmp_path)
