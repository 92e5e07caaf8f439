"""What every subcommand shares in reading its arguments: errors as ``KaszinoError``, numbers read once."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from kaszino.errors import KaszinoError, quote
from kaszino.i18n import counted
from kaszino.inputs import read_decimal, read_whole

T = TypeVar("T")


def english(**counts: int) -> dict[str, str]:
    """Each count with its noun in English, the language of the teacher's commands' reports, by the
    catalogue's plural forms (``english(files=1)`` → ``{"files": "1 file"}``)."""
    return counted(lang="en", **counts)


class Parser(argparse.ArgumentParser):
    """An argument parser that raises ``KaszinoError`` on bad arguments instead of leaving the program."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise KaszinoError(f"{self.prog}: {message}")


def file_name(token: str) -> str:
    """An argument type: a file name (not empty, no NUL character)."""
    if not token or "\0" in token:
        raise argparse.ArgumentTypeError(f"not a file name: {quote(token)}")
    return token


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number ``low..high`` in ASCII digits (the package's one number reader)."""
    return _argument_type("whole number", lambda token: read_whole("", token, low, high))


def decimal(low: float, high: float) -> Callable[[str], float]:
    """An argument type: a number ``low..high`` such as ``0.25`` (ASCII digits, one decimal point)."""
    return _argument_type("number", lambda token: read_decimal("", token, low, high))


def _argument_type(name: str, read: Callable[[str], T]) -> Callable[[str], T]:
    """``read`` as an argparse type: its ``KaszinoError`` becomes argparse's message for the argument."""
    def checked(token: str) -> T:
        try:
            return read(token)
        except KaszinoError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    checked.__name__ = name
    return checked
