"""The one translation mechanism: every learner-facing text, Hungarian first, English second.

Texts live in ``kaszino/locales/<domain>.json`` as ``{"key": {"hu": "...", "en": "..."}}``;
``tr("domain.key", **fields)`` picks the current language and fills ``{fields}`` with
``str.format``. Each module owns its domain file, so no two modules edit the same catalogue.

A text that counts something has plural keys, as i18next writes them: ``key_one`` and
``key_other`` in place of ``key``, and ``tr("domain.key", count=n)`` takes the form of ``n``'s
plural category in the language (:func:`plural_category`), so English reads "1 card" and "2 cards"
while Hungarian keeps its one form ("1 lap", "2 lap") in both keys.
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

PLURAL_CATEGORIES = ("one", "other")
"""The plural categories of the languages here (CLDR's cardinal categories for Hungarian and English)."""


def plural_category(lang: str, count: int) -> str:
    """The plural category of a whole ``count`` in ``lang``: "one" for 1, "other" for every other.

    CLDR gives Hungarian and English the same rule for whole numbers; a language with more
    categories would add its own rule here and its own keys to the catalogues.
    """
    return "one" if count == 1 else "other"


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
    check_entries(domain, entries)
    return entries


def check_entries(domain: str, entries: dict[str, dict[str, str]]) -> None:
    """Refuse a catalogue with a text missing a language, or a plural text without all its keys."""
    for key, versions in entries.items():
        missing = [lang for lang in LANGUAGES if lang not in versions]
        if missing:
            raise KaszinoError(f"text {domain}.{key} lacks {', '.join(missing)}")
    for key in entries:
        stem, _, category = key.rpartition("_")
        if category in PLURAL_CATEGORIES:
            lacking = [form for form in PLURAL_CATEGORIES if f"{stem}_{form}" not in entries]
            if lacking or stem in entries:
                raise KaszinoError(f"plural text {domain}.{stem} needs exactly the keys "
                                   f"{', '.join(f'{stem}_{form}' for form in PLURAL_CATEGORIES)}")


def counted(*, lang: str | None = None, **counts: int) -> dict[str, str]:
    """Each count with its noun in the current language (or ``lang``), from the counted phrases of
    ``common`` (``counted(cards=1, spades=3)`` → ``{"cards": "1 card", "spades": "3 spades"}``):
    the fields of a sentence that counts several things."""
    return {name: tr(f"common.{name}", lang, count=count) for name, count in counts.items()}


def text_names(domain: str) -> frozenset[str]:
    """The names ``tr`` takes in ``domain``: every key, a plural text by its stem (not ``key_one``)."""
    names = set()
    for key in catalogue(domain):
        stem, _, category = key.rpartition("_")
        names.add(stem if category in PLURAL_CATEGORIES else key)
    return frozenset(names)


def tr(key: str, lang: str | None = None, **fields: object) -> str:
    """The text ``domain.name`` in the current (or given) language, with ``fields`` filled in."""
    if not isinstance(key, str):
        raise KaszinoError(f"a text key is 'domain.name', not {quote(key)}")
    check_language(lang)
    domain, _, name = key.partition(".")
    if not _DOMAIN.fullmatch(domain):
        raise KaszinoError(f"no text named {quote(key)}: a key is 'domain.name'")
    entries = catalogue(domain)
    chosen = lang or language()
    if name not in entries and f"{name}_one" in entries:
        count = fields.get("count")
        if isinstance(count, bool) or not isinstance(count, int):
            raise KaszinoError(f"text {quote(key)} counts something: give count=<whole number>")
        name = f"{name}_{plural_category(chosen, count)}"
    if name not in entries:
        raise KaszinoError(f"no text named {quote(key)}")
    try:
        return entries[name][chosen].format(**fields)
    except (KeyError, IndexError, ValueError) as error:  # a {field} the caller did not give
        given = ", ".join(fields) or "none"
        raise KaszinoError(f"text {quote(key)} needs the field {error}; given: {given}") from None


# The first sound of the Hungarian number words (1 egy, 2 kettő, … 10 tíz, 20 húsz, … 100 száz,
# 1000 ezer): "az" stands before a vowel, "a" before a consonant.
_ONES_VOWEL = {1, 5}  # egy, öt
_TENS_VOWEL = {5}  # ötven
_RANK_VOWEL = {"A", "Á"}  # ász


def grouped(number: int, lang: str | None = None) -> str:
    """A whole number with its thousands marked as ``lang`` (default: the current language) writes
    them: 20,000 in English, 20 000 in Hungarian."""
    text = f"{number:,}"
    return text if (lang or language()) == "en" else text.replace(",", " ")


def decimals(text: str, lang: str | None = None) -> str:
    """The numbers in ``text`` with the decimal mark ``lang`` (default: the current language) writes:
    1.5 in English, 1,5 in Hungarian."""
    return text if (lang or language()) == "en" else text.replace(".", ",")


def player_number(player: int) -> int:
    """The number a learner reads for a player: the engine counts the players from 0, texts from 1.

    Every text that names a player by number ("2. játékos", "player 2") takes it from here.
    """
    return check_whole("player", player, 0, MAX_COUNT) + 1


def seat_name(seat: int, learner: int) -> str:
    """A seat as the learner playing against the computer sees it, with the number the table and the
    game's sentences give it: "Te (1. játékos)" or "Gép (2. játékos)"."""
    return tr("session.you" if seat == learner else "session.computer", n=player_number(seat))


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
