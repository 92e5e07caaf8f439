"""What every family's position checks share: a :class:`Problem` that keeps a position from being
one a game reaches (a code, its fields, words in a catalogue, the English message naming the
notation's field), and :class:`PositionError`, which lists all of them.

Kaszinó's checks are :mod:`kaszino.games.kaszino.position` (catalogue ``positions``), Scopa's
:mod:`kaszino.games.scopa.reachable` (catalogue ``scopa_positions``); the position editor shows
either in the teacher's words (docs/editor.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.engine.refusals import FieldValue, text_fields
from kaszino.errors import NotationError
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
