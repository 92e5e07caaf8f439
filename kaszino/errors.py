"""The exceptions of the package: every one is a ``ValueError`` with a precise name.

The error contract (docs/design.md, "Errors"): every bad input to a public function, the
command line, a widget or a file raises :class:`KaszinoError` or a subclass, and its message
names the field or token that is wrong. Messages stay short even for huge inputs: a quoted
token is cut with :func:`quote`, and no message is longer than :data:`MESSAGE_LIMIT`.
"""

from __future__ import annotations

import reprlib

MESSAGE_LIMIT = 2000
"""The longest message an error carries; a longer one is cut and says how long it was."""


class _Quoter(reprlib.Repr):
    """``reprlib.Repr`` that also shortens whole numbers too long for ``repr`` (over 4300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > _LONGEST_INT_BITS:
            return f"<a whole number of about {int(x.bit_length() * _DIGITS_PER_BIT)} digits>"
        return super().repr_int(x, level)


_LONGEST_INT_BITS = 10_000
"""Whole numbers up to this many bits (about 3,000 digits; ``repr`` refuses more than 4,300) are
quoted as ``repr`` writes them."""
_DIGITS_PER_BIT = 0.30103
_QUOTER = _Quoter()
_QUOTER.maxstring = 80
_QUOTER.maxother = 80
_QUOTER.maxlist = _QUOTER.maxtuple = _QUOTER.maxdict = _QUOTER.maxset = 8
_QUOTER.maxlevel = 3


def quote(value: object) -> str:
    """``repr(value)`` for a message: a long string or a big container is cut in the middle."""
    return _QUOTER.repr(value)


class KaszinoError(ValueError):
    """Base class of every error this package raises on bad input."""

    def __init__(self, message: object = "") -> None:
        text = message if isinstance(message, str) else quote(message)
        if len(text) > MESSAGE_LIMIT:
            text = f"{text[:MESSAGE_LIMIT - 60]}… (message cut; {len(text)} characters in all)"
        super().__init__(text)


class CardParseError(KaszinoError):
    """A card or card list could not be read; the message names the bad token."""


class NotationError(KaszinoError):
    """A position notation or game record could not be read; the message says where."""


class IllegalMoveError(KaszinoError):
    """A move was refused; the state it was played on is unchanged."""


class PuzzleFormatError(KaszinoError):
    """A puzzle file is malformed; the message names the file, puzzle and field."""


class TooLargeError(KaszinoError):
    """The work asked for is past a stated budget (listing too many captures, solving too large a
    position); the message names the count or the work and the budget, and nothing was changed."""


class StoreError(KaszinoError):
    """The per-user progress file cannot be used as asked; the message names the file and why.

    The file is never overwritten or deleted because of such an error.
    """
