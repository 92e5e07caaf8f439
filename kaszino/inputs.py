"""Checks of what comes in from outside: the one reader of whole numbers and the argument checks.

A foundation module (it imports only :mod:`kaszino.errors`), so that every layer, the progress
store included, checks its input the same way.

Every parser of the package reads a number through :func:`read_whole`, so a token is a number
only when it is plain ASCII digits (``²``, ``٣``, ``1_000`` and ``+5`` are not) within the bounds
the field allows; no token reaches ``int()`` long enough to hit Python's digit limit. Public
functions check their arguments with :func:`check_whole` and :func:`check_type` in their first
lines, so a wrong value is refused with a ``KaszinoError`` naming the argument.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from kaszino.errors import KaszinoError, quote

T = TypeVar("T")

MAX_SEED = 2**64 - 1
"""The largest seed: seeds are whole numbers 0..2**64-1."""

MAX_COUNT = 10**6
"""The bound of the other open-ended numbers: deal numbers, scores, points, targets."""

_ASCII_DIGITS = frozenset("0123456789")
_DECIMAL = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?", re.ASCII)


def read_whole(field: str, token: str, low: int = 0, high: int = MAX_COUNT,
               error: type[KaszinoError] = KaszinoError) -> int:
    """The number ``token`` spells in ASCII digits, ``low <= n <= high``; else ``error`` naming ``field``.

    A leading ``-`` is read only when ``low`` is negative. An empty ``field`` leaves the name out
    of the message (for a caller that names the field itself).
    """
    if not isinstance(token, str):
        raise error(f"{field or 'number'}: expected text, got {quote(token)}")
    named = f"{field}: " if field else ""
    digits = token[1:] if token.startswith("-") and low < 0 else token
    longest = len(str(max(abs(low), abs(high)))) + 1  # one leading zero is fine; no more reaches int()
    if not digits or len(digits) > longest or not _ASCII_DIGITS.issuperset(digits):
        raise error(f"{named}expected a whole number {low}..{high} in ASCII digits, got {quote(token)}")
    value = int(token)
    if not low <= value <= high:
        raise error(f"{named}{quote(token)} is out of range ({low}..{high})")
    return value


def check_whole(field: str, value: object, low: int = 0, high: int = MAX_COUNT,
                error: type[KaszinoError] = KaszinoError) -> int:
    """``value`` if it is an ``int`` (no bool), ``low <= value <= high``; else ``error`` naming ``field``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{field} must be a whole number {low}..{high}, not {quote(value)}")
    if not low <= value <= high:
        raise error(f"{field} must be {low}..{high}, not {quote(value)}")
    return value


def whole_number(field: str, value: object, low: int = 0, high: int = MAX_COUNT) -> int:
    """A whole number given as an ``int`` (:func:`check_whole`) or as its text (:func:`read_whole`:
    what a click in the browser or a typed answer sends)."""
    if isinstance(value, str):
        return read_whole(field, value, low, high)
    return check_whole(field, value, low, high)


def check_type(field: str, value: object, kind: type[T]) -> T:
    """``value`` if it is a ``kind``; else a ``KaszinoError`` naming ``field`` and what it got."""
    if not isinstance(value, kind):
        raise KaszinoError(f"{field} must be a {kind.__name__}, not {type(value).__name__} {quote(value)}")
    return value


def read_decimal(field: str, token: str, low: float, high: float) -> float:
    """The number ``token`` spells as ASCII digits with at most one decimal point (``0.25``),
    ``low <= n <= high``; else a ``KaszinoError`` naming ``field`` (no signs, exponents, ``nan``;
    an empty ``field`` leaves the name out, as in :func:`read_whole`)."""
    named = f"{field}: " if field else ""
    if not isinstance(token, str) or not _DECIMAL.fullmatch(token) or not low <= float(token) <= high:
        raise KaszinoError(f"{named}expected a number {low:g}..{high:g} such as 0.25, got {quote(token)}")
    return float(token)


def check_real(field: str, value: object, low: float, high: float,
               error: type[KaszinoError] = KaszinoError) -> float:
    """``value`` as a float if it is an ``int`` or ``float`` (no bool) with ``low <= value <= high``
    (so never NaN or infinite); else ``error`` naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise error(f"{field} must be a number {low:g}..{high:g}, not {quote(value)}")
    return float(value)


def check_choice(field: str, value: object, choices: Iterable[str]) -> str:
    """``value`` if it is one of the texts ``choices``; else a ``KaszinoError`` naming ``field`` and them.

    Safe for any value (a list or a dict given where a name belongs is refused, not hashed).
    """
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        raise KaszinoError(f"{field} must be one of {', '.join(options)}, not {quote(value)}")
    return value


def check_list(field: str, value: object, what: str = "values") -> Sequence[Any]:
    """``value`` if it is a sequence (a list, a tuple) and not a text; else a ``KaszinoError`` naming
    ``field`` as a list of ``what``."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise KaszinoError(f"{field} must be a list of {what}, not {quote(value)}")
    return value


def check_texts(field: str, value: object) -> tuple[str, ...]:
    """``value`` as a tuple if it is a list or tuple of texts (a single text is refused: it is no list)."""
    items = check_list(field, value, "texts")
    if not all(isinstance(item, str) for item in items):
        raise KaszinoError(f"{field} must be a list of texts, not {quote(value)}")
    return tuple(map(str, items))
