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

from typing import TypeVar

from kaszino.errors import KaszinoError, quote

T = TypeVar("T")

MAX_SEED = 2**64 - 1
"""The largest seed: seeds are whole numbers 0..2**64-1."""

MAX_COUNT = 10**6
"""The bound of the other open-ended numbers: deal numbers, scores, points, targets."""

_ASCII_DIGITS = frozenset("0123456789")


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


def check_type(field: str, value: object, kind: type[T]) -> T:
    """``value`` if it is a ``kind``; else a ``KaszinoError`` naming ``field`` and what it got."""
    if not isinstance(value, kind):
        raise KaszinoError(f"{field} must be a {kind.__name__}, not {type(value).__name__} {quote(value)}")
    return value
