"""The base of every kaszino widget: markup built in Python, clicks reported by the browser.

An :class:`HtmlWidget` is an ``anywidget.AnyWidget`` with two synced traits: ``html``, the whole
picture, which Python builds (``_markup``), and ``faces``, the card faces it shows, drawn once
and sent apart (``kaszino.jupyter.render.shared_faces``: the picture only refers to them, so a
redraw sends little). The browser (``board.js``) draws the picture and reports
every click on an element carrying ``data-action`` as ``{"action", "card", "lang", "value"}``:
``value`` is the element's own value (a slider) or that of the widget's ``[data-field]`` input
(a typed answer). Each action has a Python method doing the same, so notebooks and tests drive
a widget exactly as a click would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from kaszino.errors import KaszinoError
from kaszino.i18n import set_language
from kaszino.jupyter.render import shared_faces

_ASSETS = Path(__file__).parent

Text = Callable[[], str]
"""A text produced on demand, so that it follows the language switch."""


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


class HtmlWidget(anywidget.AnyWidget):
    """A widget drawn from one HTML string; subclasses give ``_markup`` and their actions."""

    _esm = (_ASSETS / "board.js").read_text(encoding="utf-8")
    _css = (_ASSETS / "board.css").read_text(encoding="utf-8")
    # Only Python sets these, so the browser never needs them echoed (see ``one_message``).
    html = traitlets.Unicode("").tag(sync=True, echo_update=False)
    faces = traitlets.Dict(value_trait=traitlets.Unicode(), default_value={}).tag(sync=True,
                                                                                  echo_update=False)
    """The card faces the picture refers to: id → ``<symbol>`` markup (sent only when they change)."""

    def __init__(self) -> None:
        super().__init__()
        self.on_msg(self._on_frontend)

    def refresh(self) -> None:
        """Rebuild the picture sent to the browser: one message with what changed, if anything did
        (inside :func:`one_message`, a part of the block's one message)."""
        with shared_faces() as faces:
            html = self._markup()
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

    def _complain(self, message: str) -> None:
        """Show a refused frontend action (bad card, bad value) to the learner."""
        raise KaszinoError(message)

    def _on_frontend(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        """A click in the browser (anything else, e.g. a malformed message, is refused by name)."""
        action = str(content.get("action")) if isinstance(content, dict) else repr(content)
        try:
            if action in self._value_handlers():
                self._value_handlers()[action](str(content.get("value") or ""))
            elif action in self._handlers():
                self._handlers()[action]()
            else:
                self._other_action(action, content)
        except KaszinoError as error:
            self._complain(str(error))

    def set_language(self, lang: str) -> None:
        """Switch every text (of the whole package) to ``"hu"`` or ``"en"`` and redraw.

        A click on a widget's own HU | EN buttons does this; the tutorial pages then redraw
        everything else too (``kaszino.jupyter.tutorial.follow_language``).
        """
        set_language(lang)
        self.refresh()

    def _other_action(self, action: str, content: dict[str, Any]) -> None:
        if action != "lang":
            raise KaszinoError(f"unknown widget action {action!r}")
        self.set_language(str(content.get("lang")))
