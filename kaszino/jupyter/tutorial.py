"""Lesson helpers for the tutorial notebooks: texts, tables and quizzes that follow the language.

A notebook cell stays one line: ``lesson("capture.what")`` shows a text of
``kaszino/locales/tutorial.json`` (Markdown, through :func:`kaszino.i18n.tr`);
``live_table("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠")`` a clickable :class:`TableWidget` on a teaching
position; ``LegalityQuiz("8♦ 5♣", "6♥ 7♠")`` a legal-or-not question decided by the engine.

Everything shown through these helpers is *live*: :func:`switch_language` (called by the
:func:`language_switch` buttons and by the HU|EN buttons of every table shown here) switches
the language and redraws all of it in place, so one click turns the whole page.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Protocol, TypeVar, runtime_checkable

import ipywidgets
from IPython.display import display

from kaszino.engine.captures import Capture, capture_problem
from kaszino.engine.cards import Card, card_sum, parse_cards
from kaszino.engine.dealing import check_deck, shuffled_deck
from kaszino.engine.rules import STANDARD
from kaszino.engine.state import GameState
from kaszino.errors import KaszinoError
from kaszino.i18n import LANGUAGES, language, set_language, tr
from kaszino.jupyter.render import cards_html
from kaszino.jupyter.widgets.puzzle import PuzzleWidget
from kaszino.jupyter.widgets.table import Mode, TableWidget
from kaszino.puzzles.puzzle import Kind, load_all


class Live(Protocol):
    """Anything that can redraw itself in the current language."""

    def refresh(self) -> None: ...


LiveT = TypeVar("LiveT", bound=Live)

_LIVE: weakref.WeakSet[Live] = weakref.WeakSet()


def follow_language(widget: LiveT) -> LiveT:
    """Redraw ``widget`` after every language switch, and return it.

    If the widget has HU|EN buttons of its own (messages ``{"action": "lang"}``, as
    :class:`TableWidget` sends), a click on them switches the whole page too.
    """
    _LIVE.add(widget)
    on_msg = getattr(widget, "on_msg", None)
    if on_msg is not None:
        on_msg(_on_widget_message)
    return widget


def _on_widget_message(_widget: object, content: object, _buffers: object) -> None:
    # The widget has already switched the language and redrawn itself; now redraw the rest.
    if isinstance(content, dict) and content.get("action") == "lang":
        redraw()


def redraw() -> None:
    """Redraw every live text and widget in the current language."""
    for widget in list(_LIVE):
        widget.refresh()


def switch_language(lang: str) -> None:
    """Switch to ``"hu"`` or ``"en"`` and redraw everything live on the page."""
    set_language(lang)
    redraw()


class LessonText(ipywidgets.Output):  # type: ignore[misc]
    """One Markdown text of the tutorial catalogue, shown in the current language."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key
        self.refresh()
        follow_language(self)

    @property
    def text(self) -> str:
        """The Markdown source in the current language."""
        return tr(f"tutorial.{self.key}")

    def refresh(self) -> None:
        text = self.text
        self.outputs = ({"output_type": "display_data", "metadata": {},
                         "data": {"text/markdown": text, "text/plain": text}},)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # The Markdown too, so the text reads well wherever widgets are not drawn (e.g. on GitHub).
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        bundle["text/markdown"] = self.text
        return bundle

    def __repr__(self) -> str:
        return f"lesson({self.key!r})"


def lesson(key: str) -> LessonText:
    """Show the lesson text ``tutorial.<key>``; it follows the language switch."""
    return LessonText(key)


class Said(ipywidgets.Output):  # type: ignore[misc]
    """A printed line of a demonstration cell that follows the language switch.

    Its plain-text form is the line in the kernel's language, so a notebook's stored output
    (and nbval) reads it like a ``print``.
    """

    def __init__(self, text: Callable[[], str]) -> None:
        super().__init__()
        self._text = text
        self.refresh()
        follow_language(self)

    def refresh(self) -> None:
        self.outputs = ({"output_type": "stream", "name": "stdout", "text": self._text() + "\n"},)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = self._text()  # whole, where ipywidgets would cut a long repr
        return bundle

    def __repr__(self) -> str:
        return self._text()


@runtime_checkable
class Speaks(Protocol):
    """A widget whose current feedback can be kept as a text (``TableWidget``, ``LegalityQuiz``)."""

    def feedback_snapshot(self) -> Callable[[], str]: ...


def say(source: Speaks | Callable[[], str]) -> None:
    """Print what ``source`` says now, as a line that later language switches translate."""
    text = source.feedback_snapshot() if isinstance(source, Speaks) else source
    display(Said(text))  # type: ignore[no-untyped-call]


class LanguageSwitch(ipywidgets.ToggleButtons):  # type: ignore[misc]
    """HU | EN buttons: a click switches the language of the whole page."""

    def __init__(self) -> None:
        super().__init__(options=[(lang.upper(), lang) for lang in LANGUAGES], value=language(),
                         style={"button_width": "48px"})
        self.observe(self._chosen, names="value")
        self.refresh()
        follow_language(self)

    def choose(self, lang: str) -> None:
        """What a click on the button of ``lang`` does."""
        self.value = lang

    def _chosen(self, change: dict[str, Any]) -> None:
        if change["new"] != language():
            switch_language(change["new"])

    def refresh(self) -> None:
        self.description = tr("tutorial.switch")
        self.tooltips = [tr(f"tutorial.switch.{lang}") for lang in LANGUAGES]
        self.value = language()

    def __repr__(self) -> str:
        return f"language_switch(value={self.value!r})"


def language_switch() -> LanguageSwitch:
    """The HU | EN buttons for the top of a notebook."""
    return LanguageSwitch()


def position(hand: str, table: str, *, opponent: str | None = None, first_move: bool = False) -> GameState:
    """A teaching position of the standard game: player 1 to move with ``hand`` against ``table``.

    Player 2 holds ``opponent`` (by default three cards taken, like the talon, from a fixed
    shuffle of the cards not named). The position is in round 1 with ``first_move`` (so a
    tábla now is worth 2), otherwise in round 2; the talon holds what the later rounds need, and
    in round 2 the cards of round 1 lie in the players' piles, so all 52 cards are in play.
    """
    mine, on_table = parse_cards(hand), parse_cards(table)
    theirs = None if opponent is None else parse_cards(opponent)
    named = mine + on_table + (theirs or ())
    rest = [card for card in shuffled_deck(0, 1) if card not in named]
    check_deck(named + tuple(rest))  # refuses a card named twice
    if theirs is None:
        theirs, rest = tuple(rest[:3]), rest[3:]
    rules = STANDARD
    round_number = 1 if first_move else 2
    talon, played = tuple(rest[:rules.talon_after(round_number)]), rest[rules.talon_after(round_number):]
    half = len(played) // 2
    zeros = (0,) * rules.players
    return GameState(rules=rules, hands=(mine, theirs), table=on_table, talon=talon,
                     piles=(tuple(played[:half]), tuple(played[half:])), tabla_points=zeros, bonus=zeros,
                     scores=zeros, dealer=1, to_move=0, round=round_number,
                     last_capturer=0 if played else None)  # cards in a pile: somebody captured them


def live_table(hand: str, table: str, *, opponent: str | None = None, first_move: bool = False,
               mode: Mode = "practice") -> TableWidget:
    """A clickable table on :func:`position`; in ``"practice"`` mode a correct move does not advance it."""
    state = position(hand, table, opponent=opponent, first_move=first_move)
    return follow_language(TableWidget(state, mode=mode))


def pick(widget: TableWidget, cards: str) -> None:
    """Click each of ``cards`` (e.g. ``"5♠ A♥ 2♦ 4♣"``) on ``widget``, as a learner would."""
    for card in parse_cards(cards):
        widget.select(card)


def puzzle_trainer(
    kinds: Sequence[Kind] = ("all_captures", "best_capture", "sweep"), per_kind: int = 2
) -> PuzzleWidget:
    """A :class:`PuzzleWidget` with the ``per_kind`` lowest-rated shipped puzzles of each of ``kinds``."""
    shipped = load_all()
    chosen = []
    for kind in kinds:
        ranked = sorted((p for p in shipped if p.kind == kind), key=lambda p: (p.rating.value, p.id))
        chosen += ranked[:per_kind]
    return follow_language(PuzzleWidget(chosen))


class LegalityQuiz(ipywidgets.VBox):  # type: ignore[misc]
    """"Is this a legal capture?": a proposed capture, two buttons, and the engine's verdict."""

    def __init__(self, hand: str, table: str) -> None:
        self.capture = Capture(parse_cards(hand), parse_cards(table))
        if not self.capture.hand or not self.capture.table:
            raise KaszinoError(f"a quiz capture needs cards on both sides, got {hand!r} and {table!r}")
        self._answer: bool | None = None
        self._question = ipywidgets.HTML()
        self._feedback = ipywidgets.HTML()
        self.yes_button = ipywidgets.Button()
        self.no_button = ipywidgets.Button()
        self.yes_button.on_click(lambda _button: self.answer(True))
        self.no_button.on_click(lambda _button: self.answer(False))
        super().__init__([self._question, ipywidgets.HBox([self.yes_button, self.no_button]), self._feedback])
        self.add_class("kaszino-quiz")
        self.refresh()
        follow_language(self)

    @property
    def legal(self) -> bool:
        """The engine's verdict on the proposed capture."""
        return capture_problem(self.capture.hand, self.capture.table, STANDARD) is None

    def answer(self, legal: bool) -> bool:
        """Answer "legal" (``True``) or "not legal"; returns whether the answer is right."""
        self._answer = legal
        self.refresh()
        return legal == self.legal

    def reset(self) -> None:
        """Forget the answer, so the question can be tried afresh."""
        self._answer = None
        self.refresh()

    @property
    def feedback(self) -> str:
        """The verdict shown now ("" before an answer), in the current language."""
        return self.feedback_snapshot()()

    def feedback_snapshot(self) -> Callable[[], str]:
        """The verdict on the answer given now, kept as a text that follows later language switches."""
        answer = self._answer
        if answer is None:
            return lambda: ""
        verdict = "tutorial.quiz.right" if answer == self.legal else "tutorial.quiz.wrong"
        return lambda: f"{tr(verdict)} {self._reason()}"

    def _reason(self) -> str:
        hand, table, limit = card_sum(self.capture.hand), card_sum(self.capture.table), STANDARD.capture_limit
        if self.legal:
            return tr("tutorial.quiz.legal", total=hand, limit=limit)
        if hand != table:
            return tr("tutorial.quiz.unequal", hand=hand, table=table)
        return tr("tutorial.quiz.over", total=hand, limit=limit)

    def refresh(self) -> None:
        self._question.value = (
            f'<div style="font-weight:600; margin:4px 0;">'
            f'{escape(tr("tutorial.quiz.question", capture=str(self.capture)))}</div>'
            f'<div style="display:flex; gap:12px; align-items:center;">'
            f'{_cards(self.capture.hand)}<span style="font-size:24px;">=</span>'
            f'{_cards(self.capture.table)}</div>')
        self.yes_button.description = tr("tutorial.quiz.yes")
        self.no_button.description = tr("tutorial.quiz.no")
        right = self._answer == self.legal
        colour = "#9e9e9e" if self._answer is None else "#2e7d32" if right else "#c62828"
        tone = "" if self._answer is None else "good" if right else "bad"
        self._feedback.value = (
            f'<div class="kaszino-quiz-feedback" data-tone="{tone}" role="status" '
            f'style="border-left:4px solid {colour}; padding:4px 10px; min-height:1.4em;">'
            f'{escape(self.feedback)}</div>')

    def __repr__(self) -> str:
        return f"LegalityQuiz({str(self.capture)!r}, answer={self._answer!r})"


def _cards(cards: tuple[Card, ...]) -> str:
    return f'<div style="display:inline-block;">{cards_html(cards)}</div>'
