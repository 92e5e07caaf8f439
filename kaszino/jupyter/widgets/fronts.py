"""What the table and game widgets ask of a family of rules: one front per family, found by the seam.

The clickable table (:mod:`.table`) and the game against the computer (:mod:`.game`) are the same
for every family — picking cards, the running sums, the feedback bar, the opponent's answers, the
engine's events in words, the setup page, saving and replaying. A :class:`Front` gives them what
differs: what a click on the table picks, the move the picked cards make (or the moves to choose
from), why the engine takes or refuses a move in words, the correct answers of a position, the
family's own calls, the picture of a position, and for a whole game the rule sets offered, the
hints, the score sheet. A family with builds (Casino) is also a :class:`Builder`: its table has a
third press, "Építés". :func:`front_of` finds a state's front
through its family (:func:`kaszino.games.registry.family_of`); :data:`FRONTS` holds them by the
family's name. The fronts are Kaszinó's (:mod:`.kaszino_front`), Scopa's (:mod:`.scopa_front`) and
Casino's (:mod:`.casino_front`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from kaszino.engine import seam
from kaszino.engine.cards import Card
from kaszino.engine.refusals import Refusal
from kaszino.games import family_of
from kaszino.jupyter.render import View
from kaszino.jupyter.widgets.base import Attempt, Call, Choice, HintStep, Text
from kaszino.jupyter.widgets.casino_front import CasinoFront
from kaszino.jupyter.widgets.kaszino_front import KaszinoFront
from kaszino.jupyter.widgets.scopa_front import ScopaFront
from kaszino.teach.explain import Level


class Front(Protocol):
    """A family's part of the table and game widgets (see the module docstring)."""

    @property
    def family(self) -> str:
        """The family's name (its catalogue of event words is ``events_<family>``)."""
        ...

    # --- the table (its running sums are the family's capture values) --------------------
    def table_items(self, state: Any) -> tuple[tuple[Card, ...], ...]:
        """What a click on the table picks, in the order shown: each item's cards (a loose card
        alone; a Casino build whole)."""
        ...

    def capture(self, state: Any, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text | Choice:
        """The capture the picked cards make, the captures to choose from, or what to say when they
        make none."""
        ...

    def lay(self, state: Any, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text | Choice:
        """The lay the picked cards make, or what to say when they make none."""
        ...

    def problem(self, state: Any, move: object) -> Refusal | None:
        """Why the table refuses ``move`` (None: it is correct)."""
        ...

    def explain(self, state: Any, move: object, level: Level) -> Text:
        """Why ``move`` is correct or not in ``state`` (at ``level``)."""
        ...

    def good(self, move: object) -> str:
        """The key of the praise for a correct ``move`` (its field: ``move``)."""
        ...

    def move_text(self, move: object) -> str:
        """``move`` for a feedback line."""
        ...

    def answers(self, state: Any) -> tuple[Text, ...]:
        """Every correct capture of ``state``, and what may be laid."""
        ...

    def calls(self, state: Any, viewer: int, movable: bool) -> tuple[Call, ...]:
        """The family's own buttons at the table (the move each plays: :meth:`call`)."""
        ...

    def call(self, action: str, viewer: int) -> object | None:
        """The move of the family's call ``action`` made by ``viewer`` (None: the family has none)."""
        ...

    def position_html(self, state: Any, viewer: int, *, interactive: bool = False,
                      selected: Collection[Card] = (), view: View = ..., counting: bool = False,
                      open_hands: bool = False) -> str:
        """The picture of ``state`` for ``viewer`` (every hand face up with ``open_hands``)."""
        ...

    # --- a whole game against the computer -----------------------------------------------------
    @property
    def presets(self) -> Sequence[str]:
        """The rule sets a game may be played under, in the order the setup offers them."""
        ...

    def rules_label(self, name: str) -> str:
        """A rule set's name on the setup page and in the title."""
        ...

    def game_rules(self, name: str) -> object:
        """The rules of the preset ``name`` for a game against the computer (an error if unknown)."""
        ...

    def offers_fals(self, name: str) -> bool:
        """Whether the setup asks how often the computer tries a false capture (Kaszinó V6)."""
        ...

    def false_capture(self, state: Any, hand: tuple[Card, ...], table: tuple[Card, ...]) -> Attempt | None:
        """A capture of the picked cards the game lets the learner attempt though it is false (V6)."""
        ...

    def judged_alone(self, state: Any, move: object) -> bool:
        """Whether the learner judges the computer's ``move`` alone (no sum, no verdict shown)."""
        ...

    def side(self, state: Any, player: int) -> int:
        """The side ``player`` scores for: himself, or with partners their team (named by its first
        seat, as the game's end names the winner)."""
        ...

    def game_calls(self, state: Any, learner: int, movable: bool) -> tuple[Call, ...]:
        """The family's own buttons in a game (those of a move only when the learner may move)."""
        ...

    def hint(self, state: Any) -> tuple[HintStep, ...]:
        """The hint for the player to move, step by step (each "Tipp" shows one more)."""
        ...

    def sheet_html(self, sheets: Sequence[Any], learner: int, players: int) -> str:
        """The score sheet of the game so far, deal by deal (``DealSheet``s)."""
        ...

    @property
    def analyses(self) -> bool:
        """Whether a replay offers the computer's remarks on the learner's moves."""
        ...


@runtime_checkable
class Builder(Protocol):
    """A front whose family builds (Casino): its table's "Építés" press."""

    def build(self, state: Any, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text | Choice:
        """The build move the picked cards make, the ones to choose from, or what to say when none."""
        ...


FRONTS: Mapping[str, Front] = {"kaszino": KaszinoFront(), "scopa": ScopaFront(), "casino": CasinoFront()}
"""The widgets' front of every family, by the family's name."""


def front_of(state: seam.GameState[Any]) -> Front:
    """The front of ``state``'s family (an error for a value that is no game state)."""
    return FRONTS[family_of(state).name]
