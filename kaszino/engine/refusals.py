"""Why a move is refused, as data: a code and its fields, put into words only when shown.

``state.problem(move)`` returns a :class:`Refusal` (or None when the move may be played). The code
names the rule (``not_in_hand``, ``sums_differ``, ``over_limit``, …); the fields carry the numbers
and cards the rule was judged on. Its words live in a catalogue (``refusals`` for the shared
codes, a family's own domain for its own) with a Hungarian and an English sentence (a capital
letter or a card first, a full stop last), so the explanations, widgets and the command line show
one text in either language, after "Not quite." or before "Try again." alike. :meth:`Refusal.error`
is the one place that puts a refusal into an ``IllegalMoveError``: what was refused, a full stop,
then the English sentence (``illegal move 5♠+5♦ = Q♦. The two sides do not add up to the same: …``).
:func:`text_fields` is the one place that turns event and refusal fields into the values a
sentence is filled with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kaszino.engine.cards import Card, card_sum
from kaszino.engine.events import PLAYER_FIELDS
from kaszino.errors import IllegalMoveError
from kaszino.i18n import hu_article, player_number, tr

FieldValue = int | str | Card | tuple[Card, ...] | None
"""What a refusal's or an event's field may hold."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused move: ``code`` (the sentence ``<domain>.<code>``) with its ``fields``."""

    code: str
    fields: tuple[tuple[str, FieldValue], ...] = ()
    domain: str = "refusals"

    @classmethod
    def of(cls, code: str, domain: str = "refusals", **fields: FieldValue) -> Refusal:
        return cls(code, tuple(fields.items()), domain)

    def field(self, name: str) -> FieldValue:
        """The value of field ``name`` (a ``KeyError`` names it if the refusal has none)."""
        return dict(self.fields)[name]

    def text(self, lang: str | None = None) -> str:
        """The refusal in words, in the current language or ``lang``."""
        return tr(f"{self.domain}.{self.code}", lang, **text_fields(dict(self.fields)))

    def __str__(self) -> str:
        return self.text("en")

    def error(self, refused: str) -> IllegalMoveError:
        """The error that says what was ``refused`` (``illegal move K♠``), a full stop, then the
        English sentence: ``illegal move K♠. Not in the hand of player 2: K♠.``"""
        return IllegalMoveError(f"{refused}. {self}")


def text_fields(fields: Mapping[str, object]) -> dict[str, object]:
    """The fields a sentence is filled with, from the data of an event or a refusal.

    A player (a field named in :data:`~kaszino.engine.events.PLAYER_FIELDS`) is shown from 1, a
    row of players as ``3, 4, 1`` (and ``f_ordinals``: "a 3., a 4., az 1."); a card as ``10♦``;
    several cards joined by spaces (and ``f_sum``: their ranks added up, ``5+K = 18``;
    ``f_sum_right``: ``18 = 5+K``); other numbers in a row (the players' totals) as ``5 | 3``.
    Every field ``f`` also gives ``f_a`` and ``f_A``: the Hungarian article before it, small and
    capital ("a 2. játékos", "Az A♠").
    """
    filled: dict[str, object] = {}
    for name, value in fields.items():
        shown: object
        if name in PLAYER_FIELDS and isinstance(value, int):
            shown = player_number(value)
            article = hu_article(f"{shown}.")
        elif name in PLAYER_FIELDS and isinstance(value, tuple):
            numbers = [player_number(player) for player in value]
            shown = ", ".join(map(str, numbers))
            filled[f"{name}_ordinals"] = ", ".join(f"{hu_article(f'{n}.')} {n}." for n in numbers)
            article = hu_article(f"{numbers[0]}.") if numbers else ""
        elif isinstance(value, tuple) and all(isinstance(item, Card) for item in value):
            shown = " ".join(map(str, value))
            article = hu_article(shown)
            filled[f"{name}_sum"] = _card_sum_text(value)
            filled[f"{name}_sum_right"] = _card_sum_text(value, total_first=True)
        elif isinstance(value, tuple):
            shown = " | ".join(map(str, value))
            article = hu_article(shown)
        else:
            shown = "" if value is None else value
            article = hu_article(str(shown))
        filled.update({name: shown, f"{name}_a": article, f"{name}_A": article.capitalize()})
    return filled


def _card_sum_text(cards: tuple[Card, ...], *, total_first: bool = False) -> str:
    """Cards added up by rank: ``5+K = 18`` (the right side of an equation: ``18 = 5+K``); a lone
    card that shows its value is just ``3``."""
    ranks = "+".join(card.rank_name for card in cards)
    total = str(card_sum(cards))
    if ranks == total:
        return ranks
    return f"{total} = {ranks}" if total_first else f"{ranks} = {total}"
