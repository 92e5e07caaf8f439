"""A class folder: one progress file per learner, named after the learner's checked name.

``kaszino app --class DIR`` asks each browser for a name and keeps that learner's progress in
``DIR/<key>.sqlite3``. A name comes from a pupil's keyboard, so it is checked before it names a
file (:func:`learner_key`):

- it is read in Unicode's compatibility form (NFKC: a full-width ``Ａ`` is ``A``, a decomposed
  ``á`` is ``á``) with runs of spaces made one, and must be 1..:data:`MAX_NAME` characters of Latin
  letters (accents welcome), digits, spaces and hyphens — no ``/``, ``\\``, ``.``, ``..``, control
  or invisible characters, and no Cyrillic or Greek letters that look like Latin ones;
- its key (the file's name) is that text in lower case (``casefold``) with hyphens for spaces, so
  ``Anna Kiss``, ``anna kiss`` and ``ANNA-KISS`` are one learner, never three files;
- a new name whose letters without accents match another learner's (``Ádám`` beside ``Adam``)
  is refused (:func:`new_learner_file`): two pupils would take each other for the other.

The name as typed first is kept in the learner's file (the setting :data:`NAME_SETTING`), for the
teacher's page and the export.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from kaszino.errors import StoreError, quote

MAX_NAME = 40
"""The longest name, in characters."""

SUFFIX = ".sqlite3"
"""The ending of every progress file in a class folder."""

NAME_SETTING = "learner_name"
"""The setting of a learner's file that holds the name as the learner typed it."""

_SPACES = re.compile(r"\s+")


class LearnerNameError(StoreError):
    """A learner's name that cannot name a learner: ``reason`` is one of :data:`REASONS` (the app
    says it in the pupil's words), ``detail`` the character or the other learner's name."""

    def __init__(self, message: str, reason: str, detail: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.detail = detail


REASONS = ("text", "empty", "long", "character", "lookalike")
"""Why a name is refused: not text, nothing left, too long, a character not allowed, like another's."""


def _allowed(char: str) -> bool:
    if char in " -" or "0" <= char <= "9":
        return True
    return unicodedata.category(char).startswith("L") and unicodedata.name(char, "").startswith("LATIN ")


def display_name(name: str) -> str:
    """``name`` as it is shown and kept: NFKC, spaces trimmed and made single; refused (``LearnerNameError``)
    unless it is 1..MAX_NAME Latin letters, digits, spaces and hyphens."""
    if not isinstance(name, str):
        raise LearnerNameError(f"a name is text, not {quote(name)}", "text")
    text = _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip(" -")
    if not text:
        raise LearnerNameError("the name is empty", "empty")
    if len(text) > MAX_NAME:
        raise LearnerNameError(f"the name is longer than {MAX_NAME} characters", "long")
    wrong = next((char for char in text if not _allowed(char)), None)
    if wrong is not None:
        raise LearnerNameError(f"the name holds {quote(wrong)} (U+{ord(wrong):04X}): use letters, digits, "
                               "spaces and hyphens", "character", wrong)
    return text


def learner_key(name: str) -> str:
    """The key of the learner called ``name``, which names the learner's file: lower case, hyphens
    for spaces (raises ``LearnerNameError`` for a name that cannot be used)."""
    return display_name(name).casefold().replace(" ", "-")


def _skeleton(key: str) -> str:
    """``key`` without accents: what two names look alike by."""
    return "".join(char for char in unicodedata.normalize("NFKD", key) if not unicodedata.combining(char))


def learner_file(folder: Path, name: str) -> Path:
    """The progress file of the learner ``name`` in the class folder ``folder`` (made or not)."""
    return folder / f"{learner_key(name)}{SUFFIX}"


def class_files(folder: Path) -> list[Path]:
    """The learners' progress files in ``folder``, by name (``StoreError`` if it cannot be listed)."""
    try:
        found = [path for path in folder.iterdir() if path.name.endswith(SUFFIX) and path.is_file()]
    except OSError as error:
        raise StoreError(f"{folder}: cannot list the class folder ({error.strerror or error})") from None
    return sorted(found)


def new_learner_file(folder: Path, name: str) -> Path:
    """The file of the learner ``name``: the existing one of that key, or a new one unless another
    learner's name looks the same without accents (``LearnerNameError`` names that learner's file)."""
    path = learner_file(folder, name)
    if path.exists():
        return path
    skeleton = _skeleton(path.name)
    for other in class_files(folder) if folder.is_dir() else []:
        if _skeleton(other.name) == skeleton:
            taken = other.name.removesuffix(SUFFIX)
            raise LearnerNameError(f"the name looks like another learner's ({taken}): type that name "
                                   "exactly, or add something that tells you apart", "lookalike", taken)
    return path
