"""What every family's position checks share: a :class:`Problem` that keeps a position from being
one a game reaches (a code, its fields, words in a catalogue, the English message naming the
notation's field), and :class:`PositionError`, which lists all of them.

Kaszinó's checks are :mod:`kaszino.games.kaszino.position` (catalogue ``positions``), Scopa's
:mod:`kaszino.games.scopa.reachable` (catalogue ``scopa_positions``); the position editor shows
either in the teacher's words (docs/editor.md). :func:`type_problems` names a field that holds a
value of the wrong type (``scores=5``), for both families, before any check reads the fields.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from kaszino.engine.refusals import FieldValue, text_fields
from kaszino.errors import NotationError, quote
from kaszino.i18n import tr


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with a position: ``code`` (the sentence ``<domain>.<code>``) with its
    ``fields``, and ``message``, the English that names the notation's field (for errors and logs)."""

    code: str
    fields: tuple[tuple[str, FieldValue], ...]
    message: str
    domain: str = "positions"

    @classmethod
    def of(cls, code: str, message: str, *, domain: str = "positions", **fields: FieldValue) -> Problem:
        return cls(code, tuple(fields.items()), message, domain)

    def text(self, lang: str | None = None) -> str:
        """The problem in a teacher's words, in the current language or ``lang``."""
        return tr(f"{self.domain}.{self.code}", lang, **text_fields(dict(self.fields)))

    def __str__(self) -> str:
        return self.message


class PositionError(NotationError):
    """A position no game reaches; ``problems`` lists every reason, the message all of them."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        super().__init__("; ".join(map(str, problems)))
        self.problems = problems


def conforms(value: object, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint``: a class (an ``int`` is no ``bool`` and a ``bool``
    no ``int``), ``None``, a literal, a union of them, or a tuple of them (``tuple[int, ...]``,
    ``tuple[A, B]``)."""
    return _checker(hint)(value)


@cache
def _checker(hint: Any) -> Callable[[object], bool]:
    """The test of :func:`conforms` for ``hint``, made once per type."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        each = tuple(map(_checker, args))
        return lambda value: any(check(value) for check in each)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _checker(args[0])
        return lambda value: isinstance(value, tuple) and all(map(item, value))
    if origin is tuple:
        items = tuple(map(_checker, args))
        return lambda value: (isinstance(value, tuple) and len(value) == len(items)
                              and all(check(part) for check, part in zip(items, value, strict=True)))
    if origin is Literal:
        return lambda value: any(type(value) is type(each) and value == each for each in args)
    if hint is None or hint is type(None):
        return lambda value: value is None
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return lambda value: isinstance(value, hint)
    raise TypeError(f"no check for the type {type_name(hint)}")


def type_name(hint: Any) -> str:
    """``hint`` as it is written in the code (``tuple[int, ...]``, ``int | None``, ``'lay' | 'again'``)."""
    origin = get_origin(hint)
    if origin is Literal:
        return " | ".join(map(repr, get_args(hint)))
    if origin in (Union, types.UnionType):
        return " | ".join(map(type_name, get_args(hint)))
    if origin is tuple:
        return f"tuple[{', '.join('...' if arg is Ellipsis else type_name(arg) for arg in get_args(hint))}]"
    return "None" if hint is None or hint is type(None) else str(getattr(hint, "__name__", hint))


_HINTS: dict[type, dict[str, Any]] = {}
"""The declared types of the fields of each kind of draft, read once."""


def type_problems(draft: Any, domain: str, prefix: str = "") -> tuple[Problem, ...]:
    """A problem ``wrong_type`` (in the catalogue ``domain``) for every field of the dataclass
    ``draft`` whose value is not of the field's declared type, naming the field (after ``prefix``:
    ``builds[0].``), the value and the type it takes; () when every field is of its type."""
    kind = type(draft)
    hints = _HINTS.get(kind) or _HINTS.setdefault(kind, get_type_hints(kind))
    found = []
    for field in fields(draft):
        value, hint = getattr(draft, field.name), hints[field.name]
        if not conforms(value, hint):
            shown, expected = quote(value), type_name(hint)
            name = prefix + field.name
            found.append(Problem.of("wrong_type", f"{name}: {shown} is not of the type {expected}",
                                    domain=domain, name=name, value=shown, expected=expected))
    return tuple(found)
