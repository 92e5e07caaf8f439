"""kaszino's own wheel, for the offline site, when kaszino is installed rather than checked out.

A checkout's wheel is built by pip from the source (``kaszino site build``); an installed kaszino
has no source to build from, so its installed files (the package and its ``.dist-info``, as its
``RECORD`` lists them) are packed into a wheel again: the files the wheel it came from held.
"""

from __future__ import annotations

import zipfile
from importlib import metadata
from pathlib import Path

from kaszino.cli.wheel_files import record_line
from kaszino.errors import KaszinoError

WHEEL_METADATA = ("METADATA", "WHEEL", "entry_points.txt")
"""The files of a ``.dist-info`` that kaszino's wheel carries (what its build writes, with the
license files of a ``licenses/`` folder). An installer adds files of its own beside them, which
no wheel carries: pip ``INSTALLER``, ``REQUESTED`` and ``direct_url.json``, uv also
``uv_cache.json``; ``RECORD`` is written anew."""
LICENSES = "licenses"


def repack(distribution: metadata.Distribution, dest: Path) -> Path:
    """A pure-Python wheel in ``dest`` of the installed ``distribution``'s own files."""
    files = [path for path in distribution.files or () if _carried(path)]
    info = next((path.parts[0] for path in files if path.parts[0].endswith(".dist-info")), None)
    if info is None or not any(path.parts[0] == "kaszino" for path in files):
        raise KaszinoError("the installed kaszino lists none of its files (no RECORD): reinstall it")
    wheel = dest / f"{info.removesuffix('.dist-info')}-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files, key=lambda path: (path.parts[0] == info, str(path))):
            data = Path(str(path.locate())).read_bytes()
            archive.writestr(path.as_posix(), data)
            record.append(record_line(path.as_posix(), data))
        archive.writestr(f"{info}/RECORD", "".join(record) + f"{info}/RECORD,,\n")
    return wheel


def _carried(path: metadata.PackagePath) -> bool:
    """Whether a wheel carries the installed ``path``: the package's own files and metadata, not the
    scripts the installer made (outside site-packages), compiled bytecode or the installer's records."""
    parts = path.parts
    if parts[0] == ".." or "__pycache__" in parts or path.suffix == ".pyc":
        return False
    if parts[0].endswith(".dist-info"):
        inside = parts[1:]
        return inside[0] == LICENSES or (len(inside) == 1 and inside[0] in WHEEL_METADATA)
    return True
