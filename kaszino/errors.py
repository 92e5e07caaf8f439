"""The exceptions of the package: every one is a ``ValueError`` with a precise name."""

from __future__ import annotations


class KaszinoError(ValueError):
    """Base class of every error this package raises on bad input."""


class CardParseError(KaszinoError):
    """A card or card list could not be read; the message names the bad token."""


class NotationError(KaszinoError):
    """A position notation or game record could not be read; the message says where."""


class IllegalMoveError(KaszinoError):
    """A move was refused; the state it was played on is unchanged."""


class PuzzleFormatError(KaszinoError):
    """A puzzle file is malformed; the message names the file, puzzle and field."""


class StoreError(KaszinoError):
    """The per-user progress file cannot be used as asked; the message names the file and why.

    The file is never overwritten or deleted because of such an error.
    """
