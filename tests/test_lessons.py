"""The lessons' prose in Markdown files (kaszino.lessons): complete in both languages, found where a
teacher edits them, shown afresh on every reload, and refused clearly when a file is wrong.

These checks replace comparing the stored lesson text of every notebook: the notebooks' lesson
cells are not compared by nbval (their output is the lesson file of the moment), so editing a
paragraph needs no notebook re-run, while every lesson a notebook names is checked here to exist
in both languages and to render.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

import kaszino.lessons as lessons
from kaszino.errors import KaszinoError
from kaszino.i18n import LANGUAGES, using_language
from kaszino.jupyter.render import markdown_html
from kaszino.jupyter.tutorial import LessonText, text_key
from kaszino.lessons import (
    FOLDER,
    IGNORED_OUTPUT,
    lesson_exists,
    lesson_file,
    lesson_source,
    shipped_folder,
    shipped_keys,
    shows_only_lessons,
)
from kaszino.shipped import shipped

NOTEBOOKS = shipped("notebooks")
CALL = re.compile(r'(\w+(?:\.\w+)?)\(\s*"([a-z0-9_.]+)"\s*\)')
HEADING = re.compile(r"(?m)^#{1,6} ")


def _code(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


def notebook_lessons(notebook: Path) -> set[str]:
    """The lesson keys a notebook's code names, resolved as its helpers resolve them."""
    code, keys = _code(notebook), set[str]()
    chapters = re.findall(r"(\w+_lesson)\.chapter\(\)", code)
    for helper, name in CALL.findall(code):
        if helper == "lesson":
            keys.add(text_key(name))
        elif helper == "chapter.text":
            (module,) = set(chapters)
            keys.add(f"{importlib.import_module(f'kaszino.teach.{module}').DOMAIN}.{name}")
        elif helper == "page_text":
            keys.add(f"{'trainer' if notebook.name.startswith('10') else 'game'}.page_{name}")
        elif helper == "text":
            keys.add(f"classroom.{name}")
        elif helper == "solution":
            keys.add(f"classroom.exercise.{name}.solution")
    return keys


def test_every_lesson_a_notebook_shows_is_shipped_in_both_languages() -> None:
    named = set().union(*(notebook_lessons(path) for path in sorted(NOTEBOOKS.glob("*.ipynb"))))
    assert len(named) > 100
    missing = sorted(key for key in named if not lesson_exists(key))
    assert not missing, f"named by a notebook, but not in both languages: {missing}"


def test_every_lesson_file_has_both_languages_with_the_same_headings() -> None:
    keys = shipped_keys()
    for key in sorted(keys):
        texts = {lang: lesson_source(key, lang) for lang in LANGUAGES}
        assert all(text.strip() for text in texts.values()), key
        levels = {lang: [line.split(" ")[0] for line in HEADING.findall(text)]
                  for lang, text in texts.items()}
        assert levels["hu"] == levels["en"], f"{key}: the languages' headings differ"
    files = {path.relative_to(shipped_folder()).as_posix() for path in shipped_folder().rglob("*")
             if path.is_file() and path.name != "README.md"}
    expected = {lesson_file(key, lang).as_posix() for key in keys for lang in LANGUAGES}
    assert files == expected, "a file in lessons/ that is no lesson, or a lesson without a language"


def test_the_interface_catalogues_no_longer_hold_the_lessons() -> None:
    from kaszino.i18n import catalogue

    for key in shipped_keys():
        domain, _, name = key.partition(".")
        try:
            entries = catalogue(domain)
        except KaszinoError:
            continue
        assert name not in entries, f"{key} is both a lesson file and a catalogue text"


def test_every_lesson_renders() -> None:
    for key in sorted(shipped_keys()):
        for lang in LANGUAGES:
            html = markdown_html(lesson_source(key, lang))
            assert html.startswith('<div class="jp-RenderedHTMLCommon') and len(html) > 60, key
            # a table in its box that scrolls sideways, so that a phone keeps its words whole
            assert html.count("<table>") == html.count('<div class="kaszino-scroll-x"><table>'), key


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder of the teacher's own, as ``kaszino lab`` makes it."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_teachers_copy_is_read_first_and_the_shipped_lessons_fill_in(elsewhere: Path) -> None:
    shipped_text = lesson_source("chapter03.what", "hu")
    own = elsewhere / FOLDER / "chapter03" / "what.hu.md"
    own.parent.mkdir(parents=True)
    own.write_text("### A tábla\n\nA tanár saját bekezdése.\n", encoding="utf-8")
    assert lesson_source("chapter03.what", "hu").endswith("A tanár saját bekezdése.\n")
    assert lesson_source("chapter03.what", "en") == (shipped_folder() / "chapter03/what.en.md").read_text()
    assert lesson_source("chapter03.intro", "hu") != shipped_text, "another lesson, still the shipped one"


def test_in_the_browser_the_working_folder_is_asked_for_lessons_once_per_kernel(
        elsewhere: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """There each question about a file is a request to the site's service worker."""
    monkeypatch.setattr(lessons, "in_browser", lambda: True)
    monkeypatch.setattr(lessons, "_FOLDERS_SEEN", {})
    shipped_text = lesson_source("chapter03.what", "hu")
    own = elsewhere / FOLDER / "chapter03" / "what.hu.md"
    own.parent.mkdir(parents=True)
    own.write_text("### A tábla\n\nA tanár saját bekezdése.\n", encoding="utf-8")
    assert lesson_source("chapter03.what", "hu") == shipped_text, "the folder made after the first look"
    monkeypatch.setattr(lessons, "_FOLDERS_SEEN", {})  # a new kernel: the page reloaded
    assert lesson_source("chapter03.what", "hu").endswith("A tanár saját bekezdése.\n")


def test_an_edited_lesson_shows_on_the_next_draw_without_a_rerun(elsewhere: Path) -> None:
    own = elsewhere / FOLDER / "chapter03" / "what.en.md"
    own.parent.mkdir(parents=True)
    own.write_text("### First\n", encoding="utf-8")
    with using_language("en"):
        shown = LessonText("chapter03.what")
        assert "<h3>First</h3>" in shown.html
        own.write_text("### Second\n\nA new paragraph.\n", encoding="utf-8")
        assert "<h3>Second</h3>" in LessonText("chapter03.what").html, "the page reloaded"
        shown.refresh()
        assert "A new paragraph." in shown.html, "the page redrawn (a language switch)"


@pytest.mark.parametrize("key", ["chapter03", "Chapter03.what", "../x.y", "chapter03./what", "a.b c", 7, ""])
def test_a_lesson_name_that_is_no_key_is_refused(key: object) -> None:
    with pytest.raises(KaszinoError, match="no lesson named"):
        lesson_source(key)  # type: ignore[arg-type]


def test_a_missing_lesson_names_its_file() -> None:
    with pytest.raises(KaszinoError, match=r"chapter03/nothing\.hu\.md is in none of"):
        lesson_source("chapter03.nothing", "hu")
    with pytest.raises(KaszinoError, match="no lesson"):
        LessonText("chapter03.nothing")


def test_a_lesson_file_that_is_not_text_is_refused_by_name(elsewhere: Path) -> None:
    own = elsewhere / FOLDER / "chapter03" / "what.hu.md"
    own.parent.mkdir(parents=True)
    own.write_bytes(b"### \xff\xfe broken\n")
    with pytest.raises(KaszinoError, match=r"what\.hu\.md: a lesson file must be UTF-8 text"):
        lesson_source("chapter03.what", "hu")
    assert own.read_bytes() == b"### \xff\xfe broken\n", "nothing is changed"
    own.unlink()
    own.mkdir()
    with pytest.raises(KaszinoError, match="cannot be read"):
        lesson_source("chapter03.what", "hu")


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda path: path.name)
def test_exactly_the_cells_that_only_show_lessons_are_left_out_of_comparing(notebook: Path) -> None:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        tagged = IGNORED_OUTPUT in cell["metadata"].get("tags", [])
        assert tagged == shows_only_lessons(source), f"{notebook.name}: {source!r}"


def test_a_cell_shows_only_lessons_when_every_line_is_a_lesson() -> None:
    assert shows_only_lessons('lesson("chapter03.what")')
    assert shows_only_lessons('from kaszino.jupyter.classroom import solution\n\ntext("teacher")')
    assert shows_only_lessons('lesson(chapter.text("intro"))\n')
    assert not shows_only_lessons('lesson("chapter03.what")\nlive_table("5♠", "2♦")')
    assert not shows_only_lessons('exercise("subsets")')
    assert not shows_only_lessons("")


MACHINERY_WORDS = re.compile(
    r"\b(?:cells?|cellá\w*|cella\w*|kernel\w*|notebook\w*|jegyzetfüzet\w*|futtasd|futtatás\w*)\b|Shift\s*\+\s*Enter",
    re.IGNORECASE)
"""Words of the notebook's machinery: a classroom's app view (Voilà) shows no cells, no kernel, no
code to run, so no text may ask the learner to deal with them."""


def test_no_text_a_learner_reads_speaks_of_cells_kernels_or_running_code() -> None:
    locales = Path(lessons.__file__).parent / "locales"
    found = []
    for path in sorted(locales.glob("*.json")):
        for key, texts in json.loads(path.read_text(encoding="utf-8")).items():
            found += [f"{path.stem}.{key} ({lang})" for lang, text in texts.items()
                      if MACHINERY_WORDS.search(re.sub(r"\{\w+\}", "", text))]
    for path in sorted(shipped("notebooks").glob("lessons/*/*.md")):
        found += [f"{path.parent.name}/{path.name}: {match.group(0)}"
                  for match in MACHINERY_WORDS.finditer(path.read_text(encoding="utf-8"))]
    assert found == []
