"""A user's folder for the tests of what commands read and write (tests/test_files.py and the
output paths of tests/test_fuzz.py): their own files, links, a pipe, the students' notebook."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from kaszino.cli.site import SITE_MARK, SiteBuild

STUDENT = Path(__file__).resolve().parents[1] / "notebooks" / "30_kombinatorika.ipynb"


def user_folder(folder: Path) -> None:
    """Fill ``folder``: a folder of the user's own with notes in it (``DIR``), a file (``keep.txt``),
    a link to each (``link``, ``keep-link``), a named pipe (``pipe``), and the students' notebook
    (``s.ipynb``) with a hard link (``hard.ipynb``) and a symbolic link (``sym.ipynb``) to it."""
    (folder / "DIR").mkdir(parents=True)
    (folder / "DIR" / "notes.txt").write_text("my notes\n")
    (folder / "keep.txt").write_text("keep me\n")
    (folder / "link").symlink_to("DIR")
    (folder / "keep-link").symlink_to("keep.txt")
    os.mkfifo(folder / "pipe")
    shutil.copyfile(STUDENT, folder / "s.ipynb")
    os.link(folder / "s.ipynb", folder / "hard.ipynb")
    (folder / "sym.ipynb").symlink_to("s.ipynb")


def entries(folder: Path) -> dict[str, object]:
    """Every entry under ``folder`` by relative name, links not followed: a file's bytes, a link's
    target, else its kind — what "left byte for byte as it was" compares."""
    found: dict[str, object] = {}
    for top, folders, names in os.walk(folder):
        for name in folders + names:
            path = Path(top, name)
            found[str(path.relative_to(folder))] = (
                f"-> {os.readlink(path)}" if path.is_symlink() else path.read_bytes() if path.is_file()
                else "folder" if path.is_dir() else "special")
    return found


def stand_in_build(output: Path, cache: Path) -> SiteBuild:
    """What ``site.build_site`` leaves, without downloading anything: a small site at ``output``
    with the mark every build puts there."""
    output.mkdir()
    (output / "index.html").write_text("<html>new</html>")
    (output / SITE_MARK).write_text("{}")
    return SiteBuild(output, 1, 0.0, ())
