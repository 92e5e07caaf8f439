"""The learner's own copy of the tutorial's notebooks, which ``kaszino lab`` opens.

The notebooks a wheel ships sit inside the installed package, where a learner should not write;
``kaszino lab`` copies them to a folder the learner owns, by default ``kaszino`` in the user's
documents folder (:func:`default_folder`). A file ``.kaszino-copies.json`` there remembers the
SHA-256 of each notebook as it was shipped, so that a later release knows which copies are still
untouched:

- a notebook the folder lacks is copied (also one the learner deleted);
- an untouched copy of an earlier release is replaced by the new release's notebook;
- a copy the learner changed (or a file of the same name that was there before) is never
  replaced without asking. Without a terminal to ask on, it is kept and the new release's notebook
  is written beside it (``02_utes-0.6.0.ipynb``); asked, the learner may take the new one instead,
  and then his copy is kept beside it (``02_utes-yours.ipynb``). Either way nothing is lost.
  Once dealt with, the same release does not ask about the same notebook again.

The lessons' Markdown files (``lessons/``, :mod:`kaszino.lessons`) are copied the same way, so a
teacher edits the copies and a newer release never replaces an edited lesson.

Files are written to a temporary name in the folder and moved into place, so an interrupted copy
never leaves half a notebook; a name beside another is taken only if nothing has it yet.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from kaszino.errors import KaszinoError
from kaszino.files import replace_file
from kaszino.lessons import FOLDER
from kaszino.shipped import release, shipped

MANIFEST = ".kaszino-copies.json"
"""The file in the learner's folder holding the shipped SHA-256 of every notebook copied there."""

OWN_TAG = "yours"
"""Added to the name of the learner's changed copy when he takes the new release's in its place."""

Ask = Callable[[str], bool]
"""Asks the learner a yes/no question: may the new release's notebook take the place of his copy?"""


@dataclass(frozen=True)
class Report:
    """What bringing the folder up to date did, for the learner to read."""

    folder: Path
    copied: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()
    kept: tuple[tuple[str, str], ...] = ()
    """(the learner's notebook, where the new release's version was written instead)"""
    replaced: tuple[tuple[str, str], ...] = ()
    """(the notebook now the new release's, where the learner's copy was kept)"""

    def lines(self) -> list[str]:
        """The report in sentences, one a line; nothing when nothing changed."""
        said = []
        if self.copied:
            said.append(f"copied to {self.folder}: {_listed(self.copied)}")
        if self.updated:
            said.append(f"updated to release {release()}: {_listed(self.updated)}")
        said += [f"kept your changed {mine}; this release's version is {new}" for mine, new in self.kept]
        said += [f"{new} is now this release's version; your changed copy is {mine}"
                 for new, mine in self.replaced]
        return said


def _listed(names: tuple[str, ...]) -> str:
    """The notebooks by name, the lessons counted (there are hundreds)."""
    notebooks = [name for name in names if not name.startswith(f"{FOLDER}/")]
    lessons = len(names) - len(notebooks)
    if lessons:
        notebooks.append(f"{lessons} lesson file{'' if lessons == 1 else 's'} in {FOLDER}/")
    return ", ".join(notebooks)


def shipped_files(source: Path) -> list[Path]:
    """What a learner's folder gets a copy of: the notebooks and the lessons' files, by name."""
    return sorted(source.glob("*.ipynb")) + sorted(source.glob(f"{FOLDER}/*/*.md"))


def default_folder() -> Path:
    """``kaszino`` in the user's documents folder (``~/Documents/kaszino`` on Linux and macOS)."""
    return platformdirs.user_documents_path() / "kaszino"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def bring_up_to_date(folder: Path, ask: Ask | None = None, source: Path | None = None) -> Report:
    """Copy the shipped notebooks (or those of ``source``) into ``folder`` as the module says.

    ``ask`` is None where nobody can answer: a changed copy is then kept.
    """
    source = shipped("notebooks") if source is None else source
    try:
        folder.mkdir(parents=True, exist_ok=True)
        manifest = _read_manifest(folder / MANIFEST)
        copied: list[str] = []
        updated: list[str] = []
        kept: list[tuple[str, str]] = []
        replaced: list[tuple[str, str]] = []
        for shipped_file in shipped_files(source):
            name, data = shipped_file.relative_to(source).as_posix(), shipped_file.read_bytes()
            new, target, known = digest(data), folder / name, manifest.get(name)
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                replace_file(target, data)
                copied.append(name)
            elif (mine := digest(target.read_bytes())) == new or known == new:
                pass  # the same as shipped, or the learner's changes to this release's copy
            elif known == mine:
                replace_file(target, data)
                updated.append(name)
            elif ask is not None and ask(name):
                replaced.append((name, _write_beside(target, OWN_TAG, target.read_bytes())))
                replace_file(target, data)
            else:
                kept.append((name, _write_beside(target, release(), data)))
            manifest[name] = new
        replace_file(folder / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
    except OSError as error:
        raise KaszinoError(f"{error.filename or folder}: cannot copy the notebooks there "
                           f"({error.strerror or error})") from None
    return Report(folder, tuple(copied), tuple(updated), tuple(kept), tuple(replaced))


def _read_manifest(path: Path) -> dict[str, str]:
    """The shipped digests remembered in ``path``; none when it is missing or damaged (then every
    copy that differs from this release counts as the learner's, which loses nothing)."""
    try:
        found: object = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (UnicodeDecodeError, json.JSONDecodeError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {name: value for name, value in found.items() if isinstance(name, str) and isinstance(value, str)}


def _write_beside(path: Path, tag: str, data: bytes) -> str:
    """Write ``data`` to a new file beside ``path`` named with ``tag`` (``02_utes-0.6.0.ipynb``, or
    ``02_utes-0.6.0-2.ipynb`` when that name is taken by another file); return its name."""
    for number in range(1, 1000):
        name = f"{path.stem}-{tag}{'' if number == 1 else f'-{number}'}{path.suffix}"
        beside = path.with_name(name)
        if beside.exists() and beside.read_bytes() == data:
            return name
        try:
            with beside.open("xb") as stream:
                stream.write(data)
        except FileExistsError:
            continue
        return name
    raise KaszinoError(f"{path}: no free name beside it for the other version")
