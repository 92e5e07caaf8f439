"""A class folder's learners: names checked before they name a file, one file per learner."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaszino.store import open_store
from kaszino.store.learners import (
    MAX_NAME,
    LearnerNameError,
    class_files,
    display_name,
    learner_file,
    learner_key,
    new_learner_file,
)


@pytest.mark.parametrize(("typed", "key"), [
    ("Anna", "anna"), ("  anna   KISS ", "anna-kiss"), ("Anna-Kiss", "anna-kiss"),
    ("Ａｎｎａ", "anna"),  # full-width letters are the same letters
    ("Ádám", "ádám"), ("A\u0301da\u0301m", "ádám"),  # composed or not, one name
    ("Kovács Ödön 2", "kovács-ödön-2"), ("STRAUSS", "strauss"), ("Strauß", "strauss"),
    ("tab\there", "tab-here"),  # any run of white space is one space
])
def test_names_that_differ_by_case_spaces_or_unicode_form_are_one_learner(typed: str, key: str) -> None:
    assert learner_key(typed) == key


@pytest.mark.parametrize(("typed", "reason"), [
    ("", "empty"), ("   ", "empty"), ("--", "empty"), ("x" * (MAX_NAME + 1), "long"),
    ("../etc/passwd", "character"), ("a/b", "character"), ("a\\b", "character"), ("..", "character"),
    ("anna.sqlite3", "character"), ("nul\0", "character"),
    ("Аnna", "character"),  # a Cyrillic А, which looks like the Latin A
    ("Αnna", "character"),  # a Greek Alpha
    ("an\u200bna", "character"),  # an invisible space
    ("anna\u0308\u0308", "character"),  # a combining mark left over after composing
    ("😀", "character"), (7, "text"),
])
def test_names_that_could_trick_a_path_or_look_like_another_are_refused(typed: object, reason: str) -> None:
    with pytest.raises(LearnerNameError) as refused:
        learner_key(typed)  # type: ignore[arg-type]
    assert refused.value.reason == reason


def test_a_name_is_kept_as_typed_the_first_time() -> None:
    assert display_name("  Anna   Kiss ") == "Anna Kiss"


def test_a_new_name_like_anothers_but_for_accents_is_refused(tmp_path: Path) -> None:
    path = new_learner_file(tmp_path, "Ádám")
    assert path == tmp_path / "ádám.sqlite3" and not path.exists()
    open_store(path).close()
    assert new_learner_file(tmp_path, "ÁDÁM") == path, "the same learner, by case"
    with pytest.raises(LearnerNameError) as refused:
        new_learner_file(tmp_path, "Adam")
    assert refused.value.reason == "lookalike" and refused.value.detail == "ádám"
    assert learner_file(tmp_path, "Adam") == tmp_path / "adam.sqlite3"
    assert class_files(tmp_path) == [path]
    assert path.parent == tmp_path, "a name never leaves the class folder"
