"""The clickable table: pick hand and table cards, press "Ütés!" or "Lerak", read why.

The widget is an :class:`~kaszino.jupyter.widgets.base.HtmlWidget`: its whole picture is built
in Python (by :mod:`kaszino.jupyter.render`) and the browser only reports clicks. So everything
a learner can click has a Python method doing the same (``select``, ``press_capture`` …), which
notebooks and tests call directly.

It plays a position of any family of rules (Kaszinó's ``GameState``, Scopa's ``ScopaState``): what
differs — the move the picked cards make, the words of why a move is taken or refused, the
correct answers, the family's own calls, the picture — comes from the family's
:class:`~kaszino.jupyter.widgets.fronts.Front`. The engine decides every press (``problem``; for
Kaszinó also ``capture_problem``), the family's explanation says why in words (Kaszinó's
``explain_move`` at the widget's ``level``: a lesson given before scoring speaks of no points),
and the engine's events of the step, in the words of ``kaszino.teach.narrate``, say what the
move set going (a forced lay, a new round, where the cards left on the table went).
A ``view`` (:class:`~kaszino.jupyter.render.View`) hides what a lesson is not about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Literal

from kaszino.engine import seam
from kaszino.engine.cards import Card
from kaszino.engine.events import Event
from kaszino.engine.refusals import Refusal
from kaszino.errors import IllegalMoveError, KaszinoError, quote
from kaszino.games import Family, family_of
from kaszino.i18n import LANGUAGES, language, tr
from kaszino.inputs import check_type, check_whole, whole_number
from kaszino.jupyter.motion import Stage, motion_html, stages
from kaszino.jupyter.render import FULL, View
from kaszino.jupyter.widgets.base import Choice, Click, HtmlWidget, Text, message_text, text
from kaszino.jupyter.widgets.fronts import Builder, Front, front_of
from kaszino.teach.explain import LEVELS, Level
from kaszino.teach.narrate import narrate

Mode = Literal["play", "practice"]
Tone = Literal["info", "good", "bad"]
State = seam.GameState[Any]
"""A position of any family."""
Opponent = Callable[[Any], object]
"""The computer's answer: a function from a state to its move."""


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the widget says after a press: a tone (for the colour) and lines of text."""

    tone: Tone
    lines: tuple[Text, ...]

    def text(self) -> str:
        return "\n".join(line() for line in self.lines)


@dataclass(frozen=True, slots=True)
class Button:
    """A toolbar button: its ``data-action``, class ``kaszino-<action>-btn``, label ``ui.button_<action>``."""

    action: str
    main: bool = False
    enabled: bool = True
    label: str | None = None
    """The text shown (default: the translation ``ui.button_<action>``)."""
    value: str | None = None
    """Sent with the click as ``value`` (e.g. which choice)."""
    why: Text | None = None
    """Why the button may not be pressed: its tooltip and accessible description."""

    def html(self) -> str:
        css = f"kaszino-btn kaszino-{self.action.replace('_', '-')}-btn{' kaszino-main' if self.main else ''}"
        extra = "" if self.enabled else " disabled"
        if self.value is not None:
            extra += f' data-value="{escape(self.value)}"'
        if self.why is not None:
            why = escape(self.why())
            extra += f' title="{why}" aria-description="{why}"'
        label = tr("ui.button_" + self.action) if self.label is None else self.label
        return (f'<button type="button" class="{css}" data-action="{self.action}"{extra}>'
                f'{escape(label)}</button>')


def feedback_html(feedback: Feedback | None) -> str:
    """The feedback bar; before the first answer it is not drawn at all."""
    if feedback is None:
        return ""
    return (f'<div class="kaszino-feedback" data-tone="{feedback.tone}" role="status">'
            f'{escape(feedback.text())}</div>')


class TableWidget(HtmlWidget):
    """A position to play by clicking; see the module docstring.

    ``mode="play"``: a correct move is played and the position advances (if ``opponent`` is
    given, it answers for every player but ``learner``, who defaults to the player to move).
    ``mode="practice"``: a correct move is praised and explained, the position stays.
    ``view``: what is drawn besides the hand and the table (default: everything).
    ``level``: what the explanations may speak of (``"rules"`` before scoring is taught).
    """

    def __init__(self, state: State, *, mode: Mode = "play", opponent: Opponent | None = None,
                 learner: int | None = None, view: View = FULL, level: Level = "scoring") -> None:
        super().__init__()
        front_of(state)  # a game state of some family, else an error naming the value
        if mode not in ("play", "practice"):
            raise KaszinoError(f"mode must be 'play' or 'practice', not {quote(mode)}")
        if level not in LEVELS:
            raise KaszinoError(f"level must be one of {', '.join(LEVELS)}, not {quote(level)}")
        if not isinstance(view, View):
            raise KaszinoError(f"view must be a kaszino.jupyter.render.View, not {quote(view)}")
        if opponent is not None and not callable(opponent):
            raise KaszinoError(f"opponent must be a function from a state to a move, not {quote(opponent)}")
        self._state: Any = state
        self._mode: Mode = mode
        self._opponent = opponent
        players = state.players
        self._learner = state.to_move if learner is None else check_whole("learner", learner, 0, players - 1)
        self._view = view
        self._level: Level = level
        self._hand_pick: frozenset[Card] = frozenset()
        self._table_pick: frozenset[Card] = frozenset()
        self._choice: Choice | None = None
        self._feedback: Feedback | None = None
        self._moved: tuple[Stage, ...] = ()
        self._moves = 0
        self._let_opponents_move()
        self.refresh()

    @property
    def _front(self) -> Front:
        """The part of the table that differs by family: that of the state shown."""
        return front_of(self._state)

    @property
    def _family(self) -> Family[Any]:
        return family_of(self._state)

    # --- what the notebook and the tests read ------------------------------------------
    @property
    def state(self) -> Any:
        """The position shown now."""
        return self._state

    @property
    def mode(self) -> Mode:
        """``"play"`` or ``"practice"`` (see the class docstring)."""
        return self._mode

    @property
    def view(self) -> View:
        """What is drawn besides the hand and the table."""
        return self._view

    @property
    def level(self) -> Level:
        """What the explanations may speak of."""
        return self._level

    @property
    def feedback(self) -> str:
        """The feedback text shown now, in the current language ("" before any press)."""
        return "" if self._feedback is None else self._feedback.text()

    def feedback_snapshot(self) -> Text:
        """The feedback shown now, kept as a text that follows later language switches."""
        shown = self._feedback
        return (lambda: "") if shown is None else shown.text

    @property
    def feedback_tone(self) -> Tone | None:
        """``"good"`` after a correct move, ``"bad"`` after a refused one, ``"info"`` otherwise."""
        return None if self._feedback is None else self._feedback.tone

    @property
    def selection(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The selected hand cards and table cards, each in the order of the position."""
        hand = tuple(c for c in self._state.hands[self._state.to_move] if c in self._hand_pick)
        table = tuple(c for item in self._front.table_items(self._state) for c in item)
        return hand, tuple(c for c in table if c in self._table_pick)

    @property
    def choices(self) -> tuple[object, ...]:
        """The moves offered as buttons after a pick that names several (none otherwise)."""
        return () if self._choice is None else self._choice.moves

    @property
    def sums(self) -> tuple[int, int]:
        """The running sums of the selected hand cards and table cards."""
        hand, table = self.selection
        worth = self._family.capture_value
        return sum(map(worth, hand)), sum(map(worth, table))

    # --- what the learner does ------------------------------------------------------------
    def select(self, card: Card | str) -> None:
        """Toggle the selection of a card of the mover's hand or of the table (``"10♦"`` works too);
        a card of a Casino build toggles the whole build."""
        chosen = Card.parse(card) if isinstance(card, str) else check_type("card", card, Card)
        item = next((item for item in self._front.table_items(self._state) if chosen in item), None)
        if chosen in self._state.hands[self._state.to_move]:
            self._hand_pick ^= {chosen}
        elif item is not None:
            self._table_pick ^= set(item)
        else:
            raise IllegalMoveError(f"{chosen} is neither in the hand of the player to move nor on the table")
        self._choice = None
        self._moved = ()  # a new pick: the last move has been seen
        self.refresh()

    def clear(self) -> None:
        """"Törlés": drop both selections, the moves offered and the feedback."""
        self._hand_pick = self._table_pick = frozenset()
        self._choice = None
        self._feedback = None
        self._moved = ()
        self.refresh()

    def press_capture(self) -> None:
        """"Ütés!": capture the selected table cards with the selected hand cards, if that is correct."""
        self._press(self._front.capture(self._state, *self.selection))

    def press_lay(self) -> None:
        """"Lerak": lay the one selected hand card on the table."""
        self._press(self._front.lay(self._state, *self.selection))

    def press_build(self) -> None:
        """"Építés" (Casino): make, raise or add to a build with the selected cards."""
        front = self._front
        if not isinstance(front, Builder):
            raise KaszinoError("these rules have no builds")
        self._press(front.build(self._state, *self.selection))

    def choose_move(self, index: int) -> None:
        """Play the ``index``-th of the moves offered after a pick that named several."""
        moves = self.choices
        self._decide(moves[check_whole("choice", index, 0, len(moves) - 1)], None)

    def _press(self, made: object) -> None:
        """Judge the move the picked cards made, offer the moves they name to choose from (a
        ``Choice``), or say why they make none (a ``Text``)."""
        self._choice = None
        if isinstance(made, Choice):
            self._choice = made
            self._say("info", text("ui.choose_move"))
        elif callable(made):
            self._say("bad", made)
        else:
            self._decide(made, self._front.problem(self._state, made))

    def press_claim(self) -> None:
        """"Ausz!" (rules with manual claims): claim the win for the viewer; a wrong claim costs nothing."""
        self._call("claim")

    def press_pass(self) -> None:
        """"Passz" (V3): skip the second move after an opponent's tábla."""
        self._call("pass")

    def press_challenge(self) -> None:
        """"Fals!" (V6): the viewer challenges the capture just made."""
        self._call("challenge")

    def _call(self, action: str) -> None:
        """Play the family's call ``action`` (Kaszinó's: pass, challenge, claim), judged by the engine."""
        move = self._front.call(action, self._viewer())
        if move is None:
            raise KaszinoError(f"these rules have no {quote(action)}")
        self._try(move)

    def show_answers(self) -> None:
        """"Összes helyes": list every correct capture of the position and what may be laid."""
        self._say("info", *self._front.answers(self._state))

    def next_deal(self) -> None:
        """"Új osztás" (play mode, after the last round): deal the next deal of the game."""
        self._play(self._family.next_deal(), text("ui.new_deal"))

    # --- deciding --------------------------------------------------------------------------
    def _try(self, move: object) -> None:
        self._decide(move, self._state.problem(move))

    def _decide(self, move: Any, problem: Refusal | None) -> None:
        """Refuse ``move`` if it has a ``problem``, else accept it."""
        if problem is not None:
            self._refuse(move)
        else:
            self._accept(move)

    def _refuse(self, move: Any) -> None:
        """Say that ``move`` is not allowed, and why; the selection stays for the learner to mend."""
        self._say("bad", self._about(move, "ui.illegal"), self._explain(move))

    def _explain(self, move: object) -> Text:
        """Why ``move`` is correct or not here, in the family's words."""
        return self._front.explain(self._state, move, self._level)

    def _move_text(self, move: object) -> str:
        return self._front.move_text(move)

    def _about(self, move: object, key: str) -> Text:
        """The text ``key`` about ``move``, the move in words of the language it is drawn in."""
        return lambda: tr(key, move=self._move_text(move))

    def _accept(self, move: Any, said: str | None = None) -> None:
        """A correct move: praise and explain it (``said``: the key of another first line); in play
        mode also play it."""
        lines = (self._about(move, said or self._front.good(move)), self._explain(move))
        self._choice = None
        if self._mode == "play":
            self._play(move, *lines)
        else:
            self._hand_pick = self._table_pick = frozenset()
            self._show_moved(self._state.step(move).events)  # shown, though the position stays
            self._say("good", *lines)

    def _play(self, move: Any, *lines: Text) -> None:
        self._moved = ()
        lines += self._advance(move)
        self._hand_pick = self._table_pick = frozenset()
        answers = self._let_opponents_move()
        if answers:
            moved = [move for move, _ in answers]
            lines += (text("ui.opponent_moved", moves=lambda: " · ".join(map(self._move_text, moved))),)
            lines += tuple(line for _, events in answers for line in events)
        self._say("good", *lines)

    def _advance(self, move: Any) -> tuple[Text, ...]:
        """Play ``move``; return what it set going (the step's events) as lines, and add the
        cards it moved to those the next redraw shows moving."""
        step = self._state.step(move)
        self._state = step.state
        self._show_moved(step.events, after=self._moved)
        return self._said(step.events)

    def _show_moved(self, events: Sequence[Event], after: Sequence[Stage] = ()) -> None:
        """Let the next redraw show the cards ``events`` moved flying (after the stages ``after``),
        as the widget's next move (:mod:`kaszino.jupyter.motion`)."""
        self._moved = (*after, *stages(events))
        self._moves += 1

    def _said(self, events: Sequence[Event], *, with_end: bool = True) -> tuple[Text, ...]:
        """``events`` in the family's words (the move's own sentence left out: the praise says it;
        without ``with_end``, the game's end too)."""
        told = narrate(events, self._front.family, with_end=with_end)
        return tuple(message_text(message) for message in told)

    def _let_opponents_move(self) -> list[tuple[object, tuple[Text, ...]]]:
        """Play the ``opponent``'s moves until it is the learner's turn (or the deal or game ends)."""
        played: list[tuple[object, tuple[Text, ...]]] = []
        while (self._opponent is not None and not self._state.finished and not self._state.deal_over
               and self._state.to_move != self._learner):
            move = self._opponent(self._state)
            problem = self._state.problem(move)
            if problem is not None:
                raise problem.error(f"the opponent chose {quote(move)}, which cannot be played")
            played.append((move, self._advance(move)))
        return played

    def _say(self, tone: Tone, *lines: Text) -> None:
        self._feedback = Feedback(tone, lines)
        self.refresh()

    # --- drawing (subclasses add a header, buttons and extra lines) ----------------------
    def _can_move(self) -> bool:
        return not self._state.finished and not self._state.deal_over

    def _buttons(self) -> Sequence[Button]:
        movable = self._can_move()
        buttons = [*self._move_buttons(movable), Button("answers", enabled=movable), Button("clear")]
        if self._mode == "play" and self._state.deal_over and not self._state.finished:
            buttons.append(Button("next_deal", main=True))
        calls = self._front.calls(self._state, self._viewer(), movable)
        return buttons + [Button(call.action, enabled=call.enabled, why=call.why) for call in calls]

    def _move_buttons(self, movable: bool) -> list[Button]:
        """"Ütés!", for a family with builds "Építés", and "Lerak"."""
        build = [Button("build", enabled=movable)] if isinstance(self._front, Builder) else []
        return [Button("capture", main=True, enabled=movable), *build, Button("lay", enabled=movable)]

    def _choices_html(self) -> str:
        """The moves a pick named, a button each (``choose_move``, its index as ``data-value``)."""
        if self._choice is None:
            return ""
        buttons = "".join(Button("choose_move", label=label(), value=str(index)).html()
                          for index, label in enumerate(self._choice.labels))
        return f'<div class="kaszino-bar kaszino-choices">{buttons}</div>'

    def _header_html(self) -> str:
        return ""

    def _input_html(self) -> str:
        """Answer fields drawn above the buttons (a subclass's choices or number field)."""
        return ""

    def _extra_html(self) -> str:
        return ""

    def _viewer(self) -> int:
        return self._learner if self._opponent is not None else self._state.to_move

    def _markup(self) -> str:
        hand_sum, table_sum = self.sums
        viewer = self._viewer()
        sums = (f'<div class="kaszino-sums" data-hand-sum="{hand_sum}" data-table-sum="{table_sum}">'
                f'{escape(tr("ui.sums", hand=hand_sum, table=table_sum))}</div>')
        return (
            f'<div class="kaszino-widget" data-language="{language()}"{self._widget_attributes()}>'
            f'<div class="kaszino-bar">{self._header_html()}{language_buttons()}</div>'
            + self._front.position_html(self._state, viewer,
                                        interactive=viewer == self._state.to_move and self._cards_clickable(),
                                        selected=self._hand_pick | self._table_pick, view=self._view,
                                        counting=self._counting(), open_hands=self._open_hands())
            + (sums if self._cards_clickable() else "")
            + self._input_html()
            + f'<div class="kaszino-bar kaszino-buttons">{"".join(b.html() for b in self._buttons())}</div>'
            + feedback_html(self._feedback) + self._choices_html() + self._extra_html()
            + motion_html(self._moved, self._moves) + '</div>')

    def _handlers(self) -> Mapping[str, Callable[[], None]]:
        return {"capture": self.press_capture, "build": self.press_build, "lay": self.press_lay,
                "answers": self.show_answers,
                "clear": self.clear, "next_deal": self.next_deal, "pass": self.press_pass,
                "challenge": self.press_challenge, "claim": self.press_claim}

    def _value_handlers(self) -> Mapping[str, Callable[[str], object]]:
        return {"choose_move": lambda value: self.choose_move(whole_number("choice", value))}

    def _widget_attributes(self) -> str:
        """Extra attributes of the widget's outer element (a subclass may mark its redraws)."""
        return ""

    def _cards_clickable(self) -> bool:
        """Whether the learner picks cards on this table (a subclass may ask for other answers)."""
        return True

    def _counting(self) -> bool:
        """Whether to hide the point totals (a subclass asking the learner to count them)."""
        return False

    def _open_hands(self) -> bool:
        """Whether every hand is drawn face up (a subclass whose task shows every card)."""
        return False

    def _other_action(self, click: Click) -> None:
        if click.action == "toggle":
            self.select(click.card)
        else:
            super()._other_action(click)

    def _complain(self, message: Text) -> None:
        self._say("bad", message)

    def __repr__(self) -> str:
        name, to_move = type(self).__name__, self._state.to_move
        return f"{name}(mode={self._mode!r}, to_move={to_move}, feedback={self.feedback!r})"


def language_buttons() -> str:
    """The HU | EN buttons of a widget's top bar (``data-action="lang"``)."""
    buttons = "".join(
        f'<button type="button" class="kaszino-btn kaszino-lang-btn" data-action="lang" '
        f'data-lang="{lang}" aria-pressed="{str(lang == language()).lower()}">{lang.upper()}</button>'
        for lang in LANGUAGES)
    return f'<span class="kaszino-bar kaszino-lang">{buttons}</span>'
