"""The lessons' prose: one Markdown file per text and language, in files a teacher edits.

Every text a page shows as a lesson (a chapter's sections, the start page, the trainer's and the
game's page texts, the classroom chapter and its worked solutions) is a file
``lessons/<domain>/<name>.<lang>.md`` beside the notebooks (``notebooks/lessons/`` in a checkout;
in a wheel, below the shipped notebooks). The key ``chapter03.what`` is the file
``lessons/chapter03/what.hu.md`` in Hungarian and ``what.en.md`` in English. The JSON catalogues
(:mod:`kaszino.i18n`) keep the interface's strings: buttons, questions, feedback, messages.

A file is read each time a page shows its text, so an edited paragraph appears on the next reload
of the page, with nothing re-run. A folder ``lessons/`` in the working folder (where JupyterLab or
the app runs a notebook: the folder ``kaszino lab`` copies the notebooks to) is read first, and
the shipped lessons fill in whatever it lacks: a teacher's edited copy wins, a text the teacher's
copy does not have is still there. The files are plain CommonMark (a MyST reader takes them too).
"""

from __future__ import annotations

import re
from pathlib import Path

from kaszino.errors import KaszinoError, quote
from kaszino.files import in_browser
from kaszino.i18n import LANGUAGES, check_language, language
from kaszino.shipped import shipped

FOLDER = "lessons"
"""The lessons' folder, beside the notebooks."""

_KEY = re.compile(r"(?P<domain>[a-z0-9_]+)\.(?P<name>[a-z0-9_]+(?:\.[a-z0-9_]+)*)")
"""A lesson key: a domain (the folder) and a name (the file), lower-case words joined by dots."""

MAX_LESSON_BYTES = 200_000
"""A lesson file larger than this is refused (the longest shipped one is about 3 kB)."""


def shipped_folder() -> Path:
    """The lessons the package ships (in a checkout: ``notebooks/lessons``)."""
    return shipped("notebooks") / FOLDER


def folders() -> tuple[Path, ...]:
    """Where lessons are looked up, first to last: the working folder's ``lessons/`` when there is
    one, then the shipped ones (once, when the two are the same folder)."""
    own, packaged = Path.cwd() / FOLDER, shipped_folder()
    try:
        same = not _is_folder(own) or own.resolve() == packaged.resolve()
    except OSError:  # a working folder that went away
        return (packaged,)
    return (packaged,) if same else (own, packaged)


_FOLDERS_SEEN: dict[Path, bool] = {}
"""In the browser: whether each working folder's ``lessons/`` was there when first asked."""


def _is_folder(own: Path) -> bool:
    """Whether ``own`` is a folder: asked every time, so a teacher's copy made while the page is open
    is read at the next draw; in the browser (:func:`~kaszino.files.in_browser`) once per kernel,
    since there every question is a request to the site's service worker (two a lesson drawn, 50
    ms), and a folder made there is found after a reload."""
    if not in_browser():
        return own.is_dir()
    if own not in _FOLDERS_SEEN:
        _FOLDERS_SEEN[own] = own.is_dir()
    return _FOLDERS_SEEN[own]


def lesson_file(key: str, lang: str) -> Path:
    """The file of the lesson ``key`` in ``lang`` below a lessons folder (it need not exist)."""
    match = _KEY.fullmatch(key) if isinstance(key, str) else None
    if match is None:
        raise KaszinoError(f"no lesson named {quote(key)}: a lesson is 'domain.name' in lower-case words")
    return Path(match["domain"]) / f"{match['name']}.{lang}.md"


def lesson_exists(key: str) -> bool:
    """Whether the lesson ``key`` is shipped (in every language)."""
    return all((shipped_folder() / lesson_file(key, lang)).is_file() for lang in LANGUAGES)


def lesson_source(key: str, lang: str | None = None) -> str:
    """The Markdown of the lesson ``key`` in the current (or given) language, read from the first
    lessons folder that has it (:func:`folders`); ``KaszinoError`` naming the file if none has."""
    check_language(lang)
    relative = lesson_file(key, lang or language())
    for folder in folders():
        path = folder / relative
        try:
            if path.stat().st_size > MAX_LESSON_BYTES:
                raise KaszinoError(f"{path}: a lesson file may hold at most {MAX_LESSON_BYTES} bytes")
            return path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            continue
        except UnicodeDecodeError:
            raise KaszinoError(f"{path}: a lesson file must be UTF-8 text") from None
        except OSError as error:
            raise KaszinoError(f"{path}: the lesson cannot be read ({error.strerror})") from None
    raise KaszinoError(f"no lesson {quote(key)}: {relative} is in none of "
                       f"{', '.join(str(folder) for folder in folders())}")


def shipped_keys() -> frozenset[str]:
    """Every lesson the package ships, by key (a key counts once, whatever its languages)."""
    root = shipped_folder()
    keys = set()
    for path in root.glob("*/*.md"):
        name, _, lang = path.stem.rpartition(".")
        if lang in LANGUAGES:
            keys.add(f"{path.parent.name}.{name}")
    return frozenset(keys)


IGNORED_OUTPUT = "nbval-ignore-output"
"""The tag of a notebook cell that only shows lessons: the notebook tests run it but do not compare
its output (the lesson file of the moment), so an edited lesson needs no re-run of the notebook."""

_LESSON_CELL = re.compile(
    r'\s*(?:(?:(?:lesson|text|solution|page_text)\("[a-z0-9_.]+"\)|lesson\(chapter\.text\("[a-z0-9_]+"\)\))\s*)+')


def shows_only_lessons(source: str) -> bool:
    """Whether a code cell's ``source`` does nothing but show lessons (one call a line)."""
    code = "\n".join(line for line in source.splitlines()
                     if line.strip() and not line.lstrip().startswith(("#", "from ", "import ")))
    return _LESSON_CELL.fullmatch(code) is not None
