"""The base of every kaszino widget: markup built in Python, clicks reported by the browser.

An :class:`HtmlWidget` is an ``anywidget.AnyWidget`` with two synced traits: ``html``, the whole
picture, which Python builds (``_markup``), and ``faces``, the card faces it shows, drawn once
and sent apart (``kaszino.jupyter.render.shared_faces``: the picture only refers to them, so a
redraw sends little). The browser (``board.js``) draws the picture and reports
every click on an element carrying ``data-action`` as ``{"action", "card", "lang", "value"}``:
``value`` is the element's own value (a slider) or that of the widget's ``[data-field]`` input
(a typed answer). Each action has a Python method doing the same, so notebooks and tests drive
a widget exactly as a click would.

A message from the browser is read by :func:`read_click`; one the page could not have sent (not
a dict, a field that is no text, an unknown action, a card not shown, a value out of range, a
button that is disabled now) is answered in the page with the learner-facing ``ui.not_now``, a
progress file that cannot be used with ``ui.store_problem`` — never with a Python message, and
nothing is raised in the kernel (the reason goes to the widget's log).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from kaszino.engine.cards import Card
from kaszino.errors import KaszinoError, StoreError, quote
from kaszino.i18n import language, set_language, tr
from kaszino.jupyter.render import shared_faces
from kaszino.teach.message import Joined, Message

_ASSETS = Path(__file__).parent

Text = Callable[[], str]
"""A text produced on demand, so that it follows the language switch."""



def text(key: str, **fields: object) -> Text:
    """The translation ``key`` with ``fields``, in whatever language is current when shown. A field
    that is itself a :data:`Text` (a move in words, say) is drawn then too, so that no part of the
    sentence keeps the language it was first shown in."""
    return lambda: tr(key, None, **{name: value() if callable(value) else value
                                    for name, value in fields.items()})


def message_text(message: Message | Joined) -> Text:
    """A teaching sentence (``kaszino.teach``) as a text that follows the language."""
    return lambda: message.render(language())


@dataclass(frozen=True, slots=True)
class HintStep:
    """One step of a hint in a game: its words and a picture drawn under the feedback."""

    text: Text
    picture: Text


@dataclass(frozen=True, slots=True)
class Choice:
    """Several moves one pick of cards names: the learner chooses one by its button (its label)."""

    moves: tuple[object, ...]
    labels: tuple[Text, ...]


@dataclass(frozen=True, slots=True)
class Call:
    """A button of the family's own calls ("Passz", "Fals!", "Ausz!"): its action, whether it may be
    pressed, and when not, why (shown on hover and read by a screen reader; None: no reason worth saying)."""

    action: str
    enabled: bool
    why: Text | None = None


@dataclass(frozen=True, slots=True)
class Attempt:
    """A capture the game lets the learner make without checking it (Kaszinó's V6, where another
    player may call "Fals!"), and the key of the line said about it: a correct capture's praise, or
    that it is false (its field: ``move``)."""

    move: object
    said: str


def loose_items(state: Any) -> tuple[tuple[Card, ...], ...]:
    """What a click on the table picks in a family without builds: each table card alone."""
    return tuple((card,) for card in state.table)


MAX_CLICK_FIELD = 10_000
"""The longest text a field of a browser message may hold (a typed answer is a few characters)."""


@dataclass(frozen=True, slots=True)
class Click:
    """One message from the browser (``board.js``), every field as text ("" when not sent)."""

    action: str
    card: str = ""
    lang: str = ""
    value: str = ""


def read_click(content: object) -> Click:
    """The :class:`Click` a browser message holds; a ``KaszinoError`` for anything else."""
    if not isinstance(content, dict):
        raise KaszinoError(f"a widget message is a dict, not {quote(content)}")
    fields = {name: content.get(name, "") for name in Click.__slots__}
    for name, value in fields.items():
        if value is None:
            fields[name] = ""
        elif not isinstance(value, str) or len(value) > MAX_CLICK_FIELD:
            raise KaszinoError(f"widget message field {quote(name)} must be text, not {quote(value)}")
    return Click(**fields)


_PENDING: ContextVar[dict[str, dict[str, object]] | None] = ContextVar("kaszino_pending", default=None)
"""Inside :func:`one_message`: the changed traits of each widget redrawn so far, by model id."""
_CARRIER: ContextVar[HtmlWidget | None] = ContextVar("kaszino_redraw_carrier", default=None)
"""Inside :func:`one_message`: a widget redrawn in the block, which sends the message at its end."""


@contextmanager
def one_message() -> Iterator[None]:
    """Let the redraws of every :class:`HtmlWidget` in the block reach the browser as one message.

    A whole page redrawn at once (a language switch) would otherwise send a message per widget;
    each costs the kernel, the server and the browser a round of work. Inside the block each
    widget keeps its new picture in Python only; at the end one of them sends what changed
    (``html``, and ``faces`` if other cards are shown) of all of them as one custom message, and
    its ``board.js`` sets them on each widget in the browser (so both sides hold the same state,
    as if each had been sent).
    """
    pending: dict[str, dict[str, object]] = {}
    token, carrier = _PENDING.set(pending), _CARRIER.set(None)
    try:
        yield
    finally:
        sender = _CARRIER.get()
        _PENDING.reset(token)
        _CARRIER.reset(carrier)
        if sender is not None:
            sender.send({"redraw": pending})


class BoardCode(ipywidgets.Widget):  # type: ignore[misc]
    """The browser's half of every kaszino widget, sent once per kernel: the script (``board.js``)
    and the stylesheet (``board.css``). Each :class:`HtmlWidget` names it (``_board``) and carries
    only a loader (``board_loader.js``), which loads the script and the stylesheet from it once
    per page. (Carried by every widget, they were 19 KB a widget: two thirds of a chapter's widget
    state, sent through the server twice and the script evaluated once per widget.)

    A page restores its widgets side by side, each as its state arrives from the kernel, so a
    widget may be made before the page knows this model, and the widget manager refuses to look up
    a model it does not know yet: the loader waits for it (up to a minute). When it did not, the
    first widgets of a page were now and then not drawn on a loaded machine."""

    esm = traitlets.Unicode((_ASSETS / "board.js").read_text(encoding="utf-8")).tag(sync=True)
    css = traitlets.Unicode((_ASSETS / "board.css").read_text(encoding="utf-8")).tag(sync=True)


_BOARD: list[BoardCode] = []
"""This kernel's :class:`BoardCode`, once made."""


def board_code() -> BoardCode:
    """This kernel's :class:`BoardCode`: made on first use, and again if it was closed."""
    if not _BOARD or _BOARD[0].comm is None:
        _BOARD[:] = [BoardCode()]
    return _BOARD[0]


class HtmlWidget(anywidget.AnyWidget):
    """A widget drawn from one HTML string; subclasses give ``_markup`` and their actions.

    The traits of anywidget's protocol are the class's own: anywidget's ``__init__`` adds them to
    each widget it makes, and traitlets then makes a class for that one widget (0.9 of the 1.3 ms a
    lesson's text took to make, three times that in the offline site's Python), so this class's
    ``__init__`` is ipywidgets' own. Its script is a loader of the kernel's one :class:`BoardCode`
    (``_board``), which holds the script and the stylesheet all the kinds of widget share."""

    _esm = traitlets.Unicode((_ASSETS / "board_loader.js").read_text(encoding="utf-8")).tag(sync=True)
    _anywidget_id = traitlets.Unicode("kaszino.board").tag(sync=True)
    _board = traitlets.Instance(BoardCode).tag(sync=True, **ipywidgets.widget_serialization)
    # Only Python sets these, so the browser never needs them echoed (see ``one_message``).
    html = traitlets.Unicode("").tag(sync=True, echo_update=False)
    faces = traitlets.Dict(value_trait=traitlets.Unicode(), default_value={}).tag(sync=True,
                                                                                  echo_update=False)
    """The card faces the picture refers to: id → ``<symbol>`` markup (sent only when they change)."""

    _complaint: Text | None = None
    """What the page says about the last refused browser message (cleared by the next one)."""

    @traitlets.default("_board")
    def _kernels_board(self) -> BoardCode:
        return board_code()

    def __init__(self) -> None:
        ipywidgets.DOMWidget.__init__(self)  # not anywidget's (see the class's notes)
        self.on_msg(self._on_frontend)

    def refresh(self) -> None:
        """Rebuild the picture sent to the browser: one message with what changed, if anything did
        (inside :func:`one_message`, a part of the block's one message)."""
        with shared_faces() as faces:
            html = self._markup() + complaint_html(self._complaint)
        pending = _PENDING.get()
        if pending is None or self.comm is None:
            with self.hold_sync():
                self.faces = faces
                self.html = html
        else:
            changed = {name: value for name, value in (("faces", faces), ("html", html))
                       if value != getattr(self, name)}
            if changed:
                self.set_state(changed)  # Python's copy, without a message
                pending[self.model_id] = {**pending.get(self.model_id, {}), **changed}
                _CARRIER.set(self)

    def _markup(self) -> str:
        raise NotImplementedError

    def _handlers(self) -> Mapping[str, Callable[[], None]]:
        """Actions without a value: ``data-action`` → method."""
        return {}

    def _value_handlers(self) -> Mapping[str, Callable[[str], object]]:
        """Actions that carry a value (a slider position, a typed answer): ``data-action`` → method."""
        return {}

    def _complain(self, message: Text) -> None:
        """Show the learner that a browser message was refused (a line under the picture)."""
        self._complaint = message
        self.refresh()

    def _on_frontend(self, _widget: object, content: object, _buffers: object) -> None:
        """A click in the browser; anything the page could not have sent is refused in words."""
        self._complaint = None
        try:
            self._dispatch(read_click(content))
        except StoreError as error:
            problem = str(error)
            self._complain(lambda: tr("ui.store_problem", problem=problem))
        except KaszinoError as error:
            self.log.info("kaszino widget: refused a browser message: %s", error)
            self._complain(lambda: tr("ui.not_now"))

    def _dispatch(self, click: Click) -> None:
        """Run the method of ``click``'s action."""
        if click.action in self._value_handlers():
            self._value_handlers()[click.action](click.value)
        elif click.action in self._handlers():
            self._handlers()[click.action]()
        else:
            self._other_action(click)

    def set_language(self, lang: str) -> None:
        """Switch every text (of the whole package) to ``"hu"`` or ``"en"`` and redraw.

        A click on a widget's own HU | EN buttons does this; the tutorial pages then redraw
        everything else too (``kaszino.jupyter.tutorial.follow_language``).
        """
        set_language(lang)
        self.refresh()

    def _other_action(self, click: Click) -> None:
        if click.action != "lang":
            raise KaszinoError(f"unknown widget action {quote(click.action)}")
        self.set_language(click.lang)


def complaint_html(complaint: Text | None) -> str:
    """The line saying a browser message was refused; nothing when none was."""
    if complaint is None:
        return ""
    return f'<div class="kaszino-feedback" data-tone="bad" role="status">{escape(complaint())}</div>'
