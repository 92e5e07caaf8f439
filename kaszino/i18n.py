"""The one translation mechanism: every learner-facing text, Hungarian first, English second.

Texts live in ``kaszino/locales/<domain>.json`` as ``{"key": {"hu": "...", "en": "..."}}``;
``tr("domain.key", **fields)`` picks the current language and fills ``{fields}`` with
``str.format``. Each module owns its domain file, so no two modules edit the same catalogue.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources
from typing import Literal

from kaszino.errors import KaszinoError, quote
from kaszino.inputs import MAX_COUNT, check_whole

Language = Literal["hu", "en"]
LANGUAGES: tuple[Language, ...] = ("hu", "en")

_current: list[Language] = ["hu"]


def language() -> Language:
    """The current language (Hungarian unless switched)."""
    return _current[0]


def check_language(lang: object) -> None:
    """Refuse anything but ``None`` (the current language) and the names in :data:`LANGUAGES`."""
    if lang is not None and lang not in LANGUAGES:
        raise KaszinoError(f"unknown language {quote(lang)}; choose one of {', '.join(LANGUAGES)}")


def set_language(lang: str) -> None:
    """Switch every later text to ``"hu"`` or ``"en"``."""
    if lang not in LANGUAGES:
        raise KaszinoError(f"unknown language {quote(lang)}; choose one of {', '.join(LANGUAGES)}")
    _current[0] = LANGUAGES[LANGUAGES.index(lang)]


@contextmanager
def using_language(lang: str) -> Iterator[None]:
    """Temporarily switch language, e.g. to show both versions of a text."""
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


_DOMAIN = re.compile(r"[a-z0-9_]+")


def catalogue(domain: str) -> dict[str, dict[str, str]]:
    """The texts of one domain, checked to have every language for every key."""
    if not isinstance(domain, str) or not _DOMAIN.fullmatch(domain):
        raise KaszinoError(f"no text catalogue named {quote(domain)}")
    return _catalogue(domain)


@cache
def _catalogue(domain: str) -> dict[str, dict[str, str]]:
    try:
        text = resources.files("kaszino.locales").joinpath(f"{domain}.json").read_text(encoding="utf-8")
    except OSError:  # none there, or a name no file system takes
        raise KaszinoError(f"no text catalogue named {quote(domain)}") from None
    entries: dict[str, dict[str, str]] = json.loads(text)
    for key, versions in entries.items():
        missing = [lang for lang in LANGUAGES if lang not in versions]
        if missing:
            raise KaszinoError(f"text {domain}.{key} lacks {', '.join(missing)}")
    return entries


def tr(key: str, lang: str | None = None, **fields: object) -> str:
    """The text ``domain.name`` in the current (or given) language, with ``fields`` filled in."""
    if not isinstance(key, str):
        raise KaszinoError(f"a text key is 'domain.name', not {quote(key)}")
    check_language(lang)
    domain, _, name = key.partition(".")
    if not _DOMAIN.fullmatch(domain):
        raise KaszinoError(f"no text named {quote(key)}: a key is 'domain.name'")
    entries = catalogue(domain)
    if name not in entries:
        raise KaszinoError(f"no text named {quote(key)}")
    try:
        return entries[name][lang or language()].format(**fields)
    except (KeyError, IndexError, ValueError) as error:  # a {field} the caller did not give
        given = ", ".join(fields) or "none"
        raise KaszinoError(f"text {quote(key)} needs the field {error}; given: {given}") from None


# The first sound of the Hungarian number words (1 egy, 2 kettő, … 10 tíz, 20 húsz, … 100 száz,
# 1000 ezer): "az" stands before a vowel, "a" before a consonant.
_ONES_VOWEL = {1, 5}  # egy, öt
_TENS_VOWEL = {5}  # ötven
_RANK_VOWEL = {"A", "Á"}  # ász


def player_number(player: int) -> int:
    """The number a learner reads for a player: the engine counts the players from 0, texts from 1.

    Every text that names a player by number ("2. játékos", "player 2") takes it from here.
    """
    return check_whole("player", player, 0, MAX_COUNT) + 1


def hu_article(word: str | int) -> str:
    """The Hungarian definite article ("a" or "az") for ``word`` as it is read aloud.

    Numbers and ordinals are read as number words (``1`` → "az", ``2.`` → "a", ``50`` → "az"),
    cards by their rank (``"5♠"`` and ``"A♥"`` → "az", ``"10♦"`` and ``"K♣"`` → "a"), any other
    word by its first letter. Use it instead of writing "a(z)".
    """
    text = str(word).strip()
    digits = len(text) - len(text.lstrip("0123456789"))
    if digits:
        first = int(text[0])
        if digits == 1:
            vowel = first in _ONES_VOWEL
        elif digits == 2:
            vowel = first in _TENS_VOWEL
        elif digits == 3:
            vowel = first in _ONES_VOWEL and first != 1  # száz, but ötszáz
        else:
            vowel = (digits == 4 and first == 1) or first in _ONES_VOWEL  # ezer, egyezer…
        return "az" if vowel else "a"
    if text[:1].upper() in _RANK_VOWEL and (len(text) == 1 or not text[1].isalpha()):
        return "az"
    return "az" if text[:1].lower() in "aáeéiíoóöőuúüű" else "a"
