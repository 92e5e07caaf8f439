"""Teaching sentences as data: a catalogue key and its fields, rendered in either language on demand.

Every text of the teaching layer is a :class:`Message` (or several :class:`Joined`), so one value
reads in Hungarian and English: ``message.render("hu")``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar, Union

from kaszino.engine.seam import GameState
from kaszino.i18n import decimals, hu_article, player_number, tr

Field = Union[str, int, "Message", "Joined", "Number"]
M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Message:
    """One sentence or phrase: the key ``<domain>.<name>`` and its fields, rendered on demand.

    The domain is ``explain`` unless given (:meth:`in_domain`), so other modules of the
    teaching layer keep their sentences in catalogues of their own.
    """

    name: str
    fields: tuple[tuple[str, Field], ...] = ()
    domain: str = "explain"

    @classmethod
    def of(cls, name: str, **fields: Field) -> Message:
        """The sentence ``explain.<name>`` with ``fields``."""
        return cls(name, tuple(fields.items()))

    @classmethod
    def in_domain(cls, domain: str, name: str, **fields: Field) -> Message:
        """The sentence ``<domain>.<name>`` with ``fields``."""
        return cls(name, tuple(fields.items()), domain)

    @property
    def key(self) -> str:
        """The catalogue key, ``<domain>.<name>``."""
        return f"{self.domain}.{self.name}"

    def render(self, lang: str) -> str:
        """The sentence in ``lang`` with its fields filled in (fields that are sentences rendered too)."""
        return tr(self.key, lang, **{key: render_field(value, lang) for key, value in self.fields})


@dataclass(frozen=True, slots=True)
class Joined:
    """Several parts in a row, joined by the separator text ``explain.<separator>``."""

    parts: tuple[Field, ...]
    separator: str = "list_separator"

    def render(self, lang: str) -> str:
        separator = tr(f"explain.{self.separator}", lang)
        return separator.join(str(render_field(part, lang)) for part in self.parts)


@dataclass(frozen=True, slots=True)
class Number:
    """A number with ``places`` decimals, written as the language writes it: 2.5 in English, 2,5 in
    Hungarian (a minus as "−", and none before a number that rounds to 0)."""

    value: float
    places: int = 1

    def render(self, lang: str) -> str:
        rounded = round(self.value, self.places) + 0.0  # -0.0 becomes 0.0
        return decimals(f"{rounded:.{self.places}f}".replace("-", "−"), lang)


def moves_by(state: GameState[M], moves: Sequence[M], words: Callable[[M], Message]) -> Joined:
    """The moves played one after another from ``state``, each in ``words`` (the family's move in
    words) with the player who makes it: "1. játékos: … → 2. játékos: …"."""
    parts = []
    for move in moves:
        parts.append(Message.of("move_by", player=player_number(state.to_move), move=words(move)))
        state = state.play(move)
    return Joined(tuple(parts), "line_separator")


def ordinal_fields(prefix: str, number: int) -> dict[str, str | int]:
    """Fields for "the 2nd …" with its Hungarian article: ``{p}`` = 2, ``{p_a}`` = "a", ``{p_A}`` = "A"."""
    article = hu_article(f"{number}.")
    return {prefix: number, f"{prefix}_a": article, f"{prefix}_A": article.capitalize()}


def player_fields(prefix: str, player: int) -> dict[str, str | int]:
    """:func:`ordinal_fields` for a player (numbered from 0 in the engine, from 1 in words)."""
    return ordinal_fields(prefix, player_number(player))


def render_field(value: Field, lang: str) -> str | int:
    """A field of a sentence as it is filled in: sentences rendered in ``lang``, the rest as it is."""
    return value.render(lang) if isinstance(value, (Message, Joined, Number)) else value


