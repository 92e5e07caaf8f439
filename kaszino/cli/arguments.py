"""What every subcommand shares in reading its arguments: errors as ``KaszinoError``, numbers read once."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from kaszino.errors import KaszinoError, quote
from kaszino.inputs import read_whole


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
    def read(token: str) -> int:
        try:
            return read_whole("value", token, low, high)
        except KaszinoError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    read.__name__ = "whole number"
    return read
