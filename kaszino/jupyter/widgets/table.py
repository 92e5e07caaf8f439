"""The clickable table: pick hand and table cards, press "Ütés!" or "Lerak", read why.

The widget is an :class:`~kaszino.jupyter.widgets.base.HtmlWidget`: its whole picture is built
in Python (by :mod:`kaszino.jupyter.render`) and the browser only reports clicks. So everything
a learner can click has a Python method doing the same (``select``, ``press_capture`` …), which
notebooks and tests call directly.

The engine decides every press: ``capture_problem`` and ``GameState.problem`` say whether the
move is allowed, ``kaszino.teach.explain.explain_move`` says why in words (at the widget's
``level``: a lesson given before scoring speaks of no points), and the engine's events of the
step, in the words of ``kaszino.teach.narrate``, say what the move set going (a forced lay, a
new round, where the cards left on the table went).
A ``view`` (:class:`~kaszino.jupyter.render.View`) hides what a lesson is not about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Literal

from kaszino.engine.cards import Card, card_sum
from kaszino.engine.refusals import Refusal
from kaszino.errors import IllegalMoveError, KaszinoError, quote
from kaszino.games.kaszino.captures import Capture, capture_problem
from kaszino.games.kaszino.moves import Challenge, Claim, Lay, Move, NextDeal, Pass
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import LANGUAGES, language, tr
from kaszino.inputs import check_type, check_whole
from kaszino.jupyter.render import FULL, View, position_html
from kaszino.jupyter.widgets.base import Click, HtmlWidget, Text
from kaszino.teach.explain import LEVELS, Level, Message, explain_move
from kaszino.teach.narrate import narrate

Mode = Literal["play", "practice"]
Tone = Literal["info", "good", "bad"]


def text(key: str, **fields: object) -> Text:
    """The translation ``key`` with ``fields``, in whatever language is current when shown."""
    return lambda: tr(key, None, **fields)


def message_text(message: Message) -> Text:
    """A teaching sentence (``kaszino.teach``) as a text that follows the language."""
    return lambda: message.render(language())


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

    def html(self) -> str:
        css = f"kaszino-btn kaszino-{self.action.replace('_', '-')}-btn{' kaszino-main' if self.main else ''}"
        disabled = "" if self.enabled else " disabled"
        value = "" if self.value is None else f' data-value="{escape(self.value)}"'
        label = tr("ui.button_" + self.action) if self.label is None else self.label
        return (f'<button type="button" class="{css}" data-action="{self.action}"{value}{disabled}>'
                f'{escape(label)}</button>')


def feedback_html(feedback: Feedback | None) -> str:
    """The feedback bar; before the first answer it is not drawn at all."""
    if feedback is None:
        return ""
    return (f'<div class="kaszino-feedback" data-tone="{feedback.tone}" role="status">'
            f'{escape(feedback.text())}</div>')


def explanation(state: GameState, move: Move, level: Level = "scoring") -> Text:
    """Why ``move`` is allowed or not in ``state``, and (at ``level="scoring"``) what it is worth."""
    explained = explain_move(state, move, level)
    return lambda: explained.text


def move_text(move: Move) -> str:
    """A move for the feedback line; captures show their sum: ``5♠+A♥ = 2♦+4♣ (6)``."""
    return f"{move} ({move.total})" if isinstance(move, Capture) else str(move)


class TableWidget(HtmlWidget):
    """A position to play by clicking; see the module docstring.

    ``mode="play"``: a correct move is played and the position advances (if ``opponent`` is
    given, it answers for every player but ``learner``, who defaults to the player to move).
    ``mode="practice"``: a correct move is praised and explained, the position stays.
    ``view``: what is drawn besides the hand and the table (default: everything).
    ``level``: what the explanations may speak of (``"rules"`` before scoring is taught).
    """

    def __init__(self, state: GameState, *, mode: Mode = "play",
                 opponent: Callable[[GameState], Move] | None = None, learner: int | None = None,
                 view: View = FULL, level: Level = "scoring") -> None:
        super().__init__()
        check_type("state", state, GameState)
        if mode not in ("play", "practice"):
            raise KaszinoError(f"mode must be 'play' or 'practice', not {quote(mode)}")
        if level not in LEVELS:
            raise KaszinoError(f"level must be one of {', '.join(LEVELS)}, not {quote(level)}")
        if not isinstance(view, View):
            raise KaszinoError(f"view must be a kaszino.jupyter.render.View, not {quote(view)}")
        if opponent is not None and not callable(opponent):
            raise KaszinoError(f"opponent must be a function from a state to a move, not {quote(opponent)}")
        self._state = state
        self._mode: Mode = mode
        self._opponent = opponent
        players = state.players
        self._learner = state.to_move if learner is None else check_whole("learner", learner, 0, players - 1)
        self._view = view
        self._level: Level = level
        self._hand_pick: frozenset[Card] = frozenset()
        self._table_pick: frozenset[Card] = frozenset()
        self._feedback: Feedback | None = None
        self._let_opponents_move()
        self.refresh()

    # --- what the notebook and the tests read ------------------------------------------
    @property
    def state(self) -> GameState:
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
        return hand, tuple(c for c in self._state.table if c in self._table_pick)

    @property
    def sums(self) -> tuple[int, int]:
        """The running sums of the selected hand cards and table cards."""
        hand, table = self.selection
        return card_sum(hand), card_sum(table)

    # --- what the learner does ------------------------------------------------------------
    def select(self, card: Card | str) -> None:
        """Toggle the selection of a card of the mover's hand or of the table (``"10♦"`` works too)."""
        chosen = Card.parse(card) if isinstance(card, str) else check_type("card", card, Card)
        if chosen in self._state.hands[self._state.to_move]:
            self._hand_pick ^= {chosen}
        elif chosen in self._state.table:
            self._table_pick ^= {chosen}
        else:
            raise IllegalMoveError(f"{chosen} is neither in the hand of the player to move nor on the table")
        self.refresh()

    def clear(self) -> None:
        """"Törlés": drop both selections and the feedback."""
        self._hand_pick = self._table_pick = frozenset()
        self._feedback = None
        self.refresh()

    def press_capture(self) -> None:
        """"Ütés!": capture the selected table cards with the selected hand cards, if that is correct."""
        hand, table = self.selection
        move = Capture(hand, table)
        refusal = self._state.problem(move)
        if refusal is not None and refusal.code == "must_lay":  # with advice on what to press
            self._say("bad", text("ui.lay_required"))
            return
        if not hand or not table:
            self._say("bad", text("ui.capture_needs_both"))
            return
        self._decide(move, refusal or capture_problem(hand, table, self._state.rules))

    def press_lay(self) -> None:
        """"Lerak": lay the one selected hand card on the table."""
        hand, table = self.selection
        if len(hand) != 1 or table:
            self._say("bad", text("ui.lay_needs_one"))
            return
        self._try(Lay(hand[0]))

    def press_claim(self) -> None:
        """"Ausz!" (rules with manual claims): claim the win for the viewer; a wrong claim costs nothing."""
        self._try(Claim(self._viewer()))

    def press_pass(self) -> None:
        """"Passz" (V3): skip the second move after an opponent's tábla."""
        self._try(Pass())

    def press_challenge(self) -> None:
        """"Fals!" (V6): the viewer challenges the capture just made."""
        self._try(Challenge(self._viewer()))

    def show_answers(self) -> None:
        """"Összes helyes": list every correct capture of the position (laying is always allowed)."""
        found = [move for move in self._state.legal_moves() if isinstance(move, Capture)]
        lines = [text("ui.answers", count=len(found)) if found else text("ui.no_answers")]
        lines += [text("ui.answer_line", move=move_text(move)) for move in found]
        self._say("info", *lines, text("ui.answers_lay"))

    def next_deal(self) -> None:
        """"Új osztás" (play mode, after the last round): deal the next deal of the game."""
        self._play(NextDeal(), text("ui.new_deal"))

    # --- deciding --------------------------------------------------------------------------
    def _try(self, move: Move) -> None:
        self._decide(move, self._state.problem(move))

    def _decide(self, move: Move, problem: Refusal | None) -> None:
        """Refuse ``move`` if it has a ``problem``, else accept it."""
        if problem is not None:
            self._refuse(move)
        else:
            self._accept(move)

    def _refuse(self, move: Move) -> None:
        """Say that ``move`` is not allowed, and why; the selection stays for the learner to mend."""
        self._say("bad", text("ui.illegal", move=str(move)), explanation(self._state, move, self._level))

    def _accept(self, move: Move) -> None:
        """A correct move: praise and explain it; in play mode also play it."""
        key = {Capture: "ui.good_capture", Lay: "ui.good_lay"}.get(type(move), "ui.good_call")
        lines = (text(key, move=move_text(move)), explanation(self._state, move, self._level))
        if self._mode == "play":
            self._play(move, *lines)
        else:
            self._hand_pick = self._table_pick = frozenset()
            self._say("good", *lines)

    def _play(self, move: Move, *lines: Text) -> None:
        lines += self._advance(move)
        self._hand_pick = self._table_pick = frozenset()
        answers = self._let_opponents_move()
        if answers:
            lines += (text("ui.opponent_moved", moves=" · ".join(move_text(m) for m, _ in answers)),)
            lines += tuple(line for _, events in answers for line in events)
        self._say("good", *lines)

    def _advance(self, move: Move) -> tuple[Text, ...]:
        """Play ``move``; return what it set going (the step's events) as lines."""
        step = self._state.step(move)
        self._state = step.state
        return tuple(message_text(message) for message in narrate(step.events))

    def _let_opponents_move(self) -> list[tuple[Move, tuple[Text, ...]]]:
        """Play the ``opponent``'s moves until it is the learner's turn (or the deal or game ends)."""
        played: list[tuple[Move, tuple[Text, ...]]] = []
        while (self._opponent is not None and not self._state.finished and not self._state.deal_over
               and self._state.to_move != self._learner):
            move = self._opponent(self._state)
            problem = self._state.problem(move)
            if problem is not None:
                raise KaszinoError(f"the opponent chose {quote(move)}, which cannot be played: {problem}")
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
        buttons = [Button("capture", main=True, enabled=movable), Button("lay", enabled=movable),
                   Button("answers", enabled=movable), Button("clear")]
        if self._mode == "play" and self._state.deal_over and not self._state.finished:
            buttons.append(Button("next_deal", main=True))
        rules, state = self._state.rules, self._state
        if rules.may_pass_after_tabla:
            buttons.append(Button("pass", enabled=movable and state.forced == "again"))
        if rules.fals:
            buttons.append(Button("challenge", enabled=state.pending is not None))
        if rules.claim == "manual":
            buttons.append(Button("claim", enabled=not state.finished))
        return buttons

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
            + position_html(self._state, viewer=viewer,
                            interactive=viewer == self._state.to_move and self._cards_clickable(),
                            selected=self._hand_pick | self._table_pick, view=self._view,
                            counting=self._counting())
            + (sums if self._cards_clickable() else "")
            + self._input_html()
            + f'<div class="kaszino-bar kaszino-buttons">{"".join(b.html() for b in self._buttons())}</div>'
            + feedback_html(self._feedback) + self._extra_html() + '</div>')

    def _handlers(self) -> Mapping[str, Callable[[], None]]:
        return {"capture": self.press_capture, "lay": self.press_lay, "answers": self.show_answers,
                "clear": self.clear, "next_deal": self.next_deal, "pass": self.press_pass,
                "challenge": self.press_challenge, "claim": self.press_claim}

    def _widget_attributes(self) -> str:
        """Extra attributes of the widget's outer element (a subclass may mark its redraws)."""
        return ""

    def _cards_clickable(self) -> bool:
        """Whether the learner picks cards on this table (a subclass may ask for other answers)."""
        return True

    def _counting(self) -> bool:
        """Whether to hide the point totals (a subclass asking the learner to count them)."""
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
