"""What the clickable table asks of a family of rules: one front per family, chosen by the seam.

The table (:mod:`.table`) is the same for every family — picking cards, the running sums, the
feedback bar, the opponent's answers, the engine's events in words. A :class:`Front` gives it
what differs: the move the picked cards make, why the engine takes or refuses a move in words,
the correct answers of a position, the buttons of the family's own calls, and the picture of a
position. :func:`front_of` finds a state's front through its family
(:func:`kaszino.games.registry.family_of`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from kaszino.engine.captures import Capture, capture_problem
from kaszino.engine.cards import Card, format_cards
from kaszino.engine.moves import Challenge, Claim, Lay, Pass
from kaszino.engine.refusals import Refusal
from kaszino.engine.state import GameState
from kaszino.games import family_of, seam
from kaszino.games.scopa.deck import capture_value
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.state import ScopaState
from kaszino.jupyter import render, render_scopa
from kaszino.jupyter.render import View
from kaszino.jupyter.widgets.base import Text, message_text, text
from kaszino.teach import scopa_moves
from kaszino.teach.explain import Level, explain_move


class Front(Protocol):
    """A family's part of the clickable table (see the module docstring)."""

    @property
    def family(self) -> str:
        """The family's name (its catalogue of event words is ``events_<family>``)."""
        ...

    def value(self, card: Card) -> int:
        """What ``card`` adds to the running sums."""
        ...

    def capture(self, state: Any, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        """The capture the picked cards make, or what to say when they make none."""
        ...

    def lay(self, state: Any, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
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

    def calls(self, state: Any, viewer: int, movable: bool) -> tuple[tuple[str, object, bool], ...]:
        """The family's own buttons: (action, the move it plays, whether it is enabled)."""
        ...

    def position_html(self, state: Any, viewer: int, *, interactive: bool, selected: Collection[Card],
                      view: View, counting: bool) -> str:
        """The picture of ``state`` for ``viewer``."""
        ...


def kaszino_move_text(move: object) -> str:
    """A Kaszinó move for the feedback line; captures show their sum: ``5♠+A♥ = 2♦+4♣ (6)``."""
    return f"{move} ({move.total})" if isinstance(move, Capture) else str(move)


def explanation(state: GameState, move: Any, level: Level = "scoring") -> Text:
    """Why ``move`` is allowed or not in ``state``, and (at ``level="scoring"``) what it is worth."""
    explained = explain_move(state, move, level)
    return lambda: explained.text


@dataclass(frozen=True, slots=True)
class KaszinoFront:
    """Kaszinó's table: any number of hand cards against table cards of the same sum (up to 13),
    laying is always allowed; the calls of the variants (Passz, Fals!, Ausz!)."""

    family: str = "kaszino"

    def value(self, card: Card) -> int:
        return card.value

    def capture(self, state: GameState, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        refusal = state.problem(Capture(hand, table))
        if refusal is not None and refusal.code == "must_lay":  # with advice on what to press
            return text("ui.lay_required")
        if not hand or not table:
            return text("ui.capture_needs_both")
        return Capture(hand, table)

    def lay(self, state: GameState, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        return Lay(hand[0]) if len(hand) == 1 and not table else text("ui.lay_needs_one")

    def problem(self, state: GameState, move: Any) -> Refusal | None:
        refusal = state.problem(move)
        if refusal is None and isinstance(move, Capture):  # a false capture (Fals!) the engine lets stand
            return capture_problem(move.hand, move.table, state.rules)
        return refusal

    def explain(self, state: GameState, move: object, level: Level) -> Text:
        return explanation(state, move, level)

    def good(self, move: object) -> str:
        return {Capture: "ui.good_capture", Lay: "ui.good_lay"}.get(type(move), "ui.good_call")

    def move_text(self, move: object) -> str:
        return kaszino_move_text(move)

    def answers(self, state: GameState) -> tuple[Text, ...]:
        found = [move for move in state.legal_moves() if isinstance(move, Capture)]
        lines = [text("ui.answers", count=len(found)) if found else text("ui.no_answers")]
        lines += [text("ui.answer_line", move=kaszino_move_text(move)) for move in found]
        return (*lines, text("ui.answers_lay"))

    def calls(self, state: GameState, viewer: int, movable: bool) -> tuple[tuple[str, object, bool], ...]:
        rules, found = state.rules, list[tuple[str, object, bool]]()
        if rules.may_pass_after_tabla:
            found.append(("pass", Pass(), movable and state.forced == "again"))
        if rules.fals:
            found.append(("challenge", Challenge(viewer), state.pending is not None))
        if rules.claim == "manual":
            found.append(("claim", Claim(viewer), not state.finished))
        return tuple(found)

    def position_html(self, state: GameState, viewer: int, *, interactive: bool, selected: Collection[Card],
                      view: View, counting: bool) -> str:
        return render.position_html(state, viewer=viewer, interactive=interactive, selected=selected,
                                    view=view, counting=counting)


@dataclass(frozen=True, slots=True)
class ScopaFront:
    """Scopa's table: one hand card, which takes a card of its value alone if there is one, else
    table cards adding up to it; a card that can take something must (docs/scopa.md)."""

    family: str = "scopa"

    def value(self, card: Card) -> int:
        return capture_value(card)

    def capture(self, state: ScopaState, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        if len(hand) != 1:
            return text("scopa_ui.one_hand_card", count=len(hand))
        if not table:
            return text("scopa_ui.capture_needs_table")
        return ScopaMove(hand[0], table)

    def lay(self, state: ScopaState, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        return ScopaMove(hand[0]) if len(hand) == 1 and not table else text("ui.lay_needs_one")

    def problem(self, state: ScopaState, move: object) -> Refusal | None:
        return state.problem(move)

    def explain(self, state: ScopaState, move: object, level: Level) -> Text:
        return message_text(scopa_moves.explain_move(state, move))

    def good(self, move: object) -> str:
        return "ui.good_lay" if isinstance(move, ScopaMove) and move.is_lay else "ui.good_capture"

    def move_text(self, move: object) -> str:
        return scopa_moves.move_text(move)

    def answers(self, state: ScopaState) -> tuple[Text, ...]:
        moves = [move for move in state.legal_moves() if isinstance(move, ScopaMove)]
        found = [move for move in moves if move.taken]
        laid = tuple(move.card for move in moves if move.is_lay)
        lines = [text("ui.answers", count=len(found)) if found else text("ui.no_answers")]
        lines += [text("ui.answer_line", move=scopa_moves.move_text(move)) for move in found]
        lay = text("scopa_ui.lay_allowed", cards=format_cards(laid)) if laid else text("scopa_ui.lay_none")
        return (*lines, lay)

    def calls(self, state: ScopaState, viewer: int, movable: bool) -> tuple[tuple[str, object, bool], ...]:
        return ()

    def position_html(self, state: ScopaState, viewer: int, *, interactive: bool, selected: Collection[Card],
                      view: View, counting: bool) -> str:
        return render_scopa.position_html(state, viewer=viewer, interactive=interactive, selected=selected,
                                          view=view)


FRONTS: Mapping[str, Front] = {"kaszino": KaszinoFront(), "scopa": ScopaFront()}
"""The table's front of every family, by the family's name."""


def front_of(state: seam.GameState[Any]) -> Front:
    """The front of ``state``'s family (an error for a value that is no game state)."""
    return FRONTS[family_of(state).name]
