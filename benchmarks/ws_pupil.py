"""A pupil without a browser: HTTP and the kernel's WebSocket, as a Voilà page's front end speaks them.

Used by ``bench_classroom_app.py --clients ws``, which then measures the server alone (no
Chromium on the same cores). :class:`Visitor` is one browser's HTTP: its cookies (the learner's
name, the XSRF token), redirects followed by hand. :class:`VoilaPage` is one rendered page: its
HTML fetched, the kernel id read from it (``jupyter-config-data``), the kernel's channels opened
at ``/api/kernels/<id>/channels`` in JupyterLab's protocol (:data:`PROTOCOL`) and the widgets'
states asked for as ipywidgets' manager does
(a ``jupyter.widget.control`` comm, ``request_states``, the ``update_states`` answer). A click is
the comm message ``board.js`` sends (``{"method": "custom", "content": {action, card, lang,
value}}`` to the widget's model id); the kernel answers with ``update`` messages (a widget's new
``html``) or one ``custom`` message holding a page's redraw (``kaszino.jupyter.widgets.base``).
Leaving a page posts its release, as the page's ``pagehide`` beacon does.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from collections.abc import Callable
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urljoin

from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient, HTTPRequest, HTTPResponse
from tornado.websocket import WebSocketClientConnection, websocket_connect

CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
XSRF = re.compile(r'name="_xsrf" value="([^"]+)"')
ASSET = re.compile(r'(?:src|href)="(/voila/[^"]+)"')
MAX_MESSAGE = 2**28
PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The kernel's WebSocket protocol JupyterLab's front end (so a Voilà page) asks for: each message
the parts of the kernel's own message behind their offsets, which the server passes on as they
are (the older JSON protocol has the server read and write every message again)."""
WIDGET = "jupyter.widget"
CONTROL = "jupyter.widget.control"


class PageError(Exception):
    """A page that did not come, a kernel that did not answer in time, an error in a kernel."""


class Visitor:
    """One browser's HTTP against the app at ``base``: it keeps the cookies the server sets."""

    def __init__(self, base: str, timeout_s: float) -> None:
        self.base = base
        self.timeout_s = timeout_s
        self.cookies: dict[str, str] = {}
        self.assets_fetched = False

    def cookie_header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items())}

    async def fetch(self, path: str, form: dict[str, str] | None = None) -> HTTPResponse:
        """GET ``path`` (POST ``form``); a redirect is followed, unless it answers the form."""
        url = urljoin(self.base, path)
        body = None if form is None else urlencode(form)
        for _ in range(5):
            response = await AsyncHTTPClient().fetch(HTTPRequest(
                url, method="GET" if body is None else "POST", body=body, headers=self.cookie_header(),
                follow_redirects=False, request_timeout=self.timeout_s), raise_error=False)
            for header in response.headers.get_list("Set-Cookie"):
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            if response.code in (301, 302, 303) and body is None:
                url = urljoin(url, response.headers["Location"])
                continue
            if response.code not in (200, 302):
                raise PageError(f"{path}: HTTP {response.code}")
            return response
        raise PageError(f"{path}: too many redirects")

    async def sign_in(self, name: str, **fields: str) -> str:
        """Give ``name`` (and ``fields``) on the start page; the page the app sends this browser to."""
        form = await self.fetch("/")
        found = XSRF.search(form.body.decode())
        if found is None:
            raise PageError("the start page has no name form")
        answer = await self.fetch("/", {"_xsrf": found.group(1), "name": name, "next": "", **fields})
        if answer.code != 302:
            raise PageError(f"the name {name!r} was refused: HTTP {answer.code}")
        return urljoin(self.base, answer.headers["Location"])

    async def release(self, kernel_id: str) -> None:
        await AsyncHTTPClient().fetch(HTTPRequest(
            urljoin(self.base, f"/kaszino/release/{kernel_id}"), method="POST", body=b"",
            request_timeout=self.timeout_s), raise_error=False)


def _message(channel: str, msg_type: str, content: dict[str, Any], session: str,
             metadata: dict[str, Any] | None = None) -> bytes:
    header = {"msg_id": uuid.uuid4().hex, "username": "", "session": session, "msg_type": msg_type,
              "version": "5.3", "date": ""}
    parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
    message: bytes = serialize_msg_to_ws_v1(parts, channel)  # type: ignore[no-untyped-call]
    return message


def _decoded(raw: str | bytes) -> dict[str, Any]:
    """A kernel message of the WebSocket (:data:`PROTOCOL`): its header and content (the widgets of
    these pages send no buffers)."""
    if isinstance(raw, str):
        raise PageError("a kernel message in the older JSON protocol")
    _, parts = deserialize_msg_from_ws_v1(raw)  # type: ignore[no-untyped-call]
    return {"header": json.loads(parts[0]), "content": json.loads(parts[3])}


class VoilaPage:
    """One page of the app, open: its kernel's channel and the states of its widgets."""

    def __init__(self, visitor: Visitor, kernel_id: str, socket: WebSocketClientConnection) -> None:
        self.visitor = visitor
        self.kernel_id = kernel_id
        self.socket = socket
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}
        self.versions: dict[str, int] = {}
        self.errors: list[str] = []
        self._changed = asyncio.Condition()
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, visitor: Visitor, path: str) -> VoilaPage:
        """The page at ``path`` (its HTML), its kernel's channels and its widgets' states; the
        first page of a browser also fetches the page's scripts and styles (an empty cache)."""
        html = (await visitor.fetch(path)).body.decode()
        config = CONFIG.search(html)
        if config is None:
            raise PageError(f"{path}: no kernel in the page")
        if not visitor.assets_fetched:
            await asyncio.gather(*(visitor.fetch(asset) for asset in set(ASSET.findall(html))))
            visitor.assets_fetched = True
        kernel_id = json.loads(config.group(1))["kernelId"]
        socket = await websocket_connect(HTTPRequest(
            urljoin(visitor.base.replace("http", "ws", 1), f"/api/kernels/{kernel_id}/channels"),
            headers=visitor.cookie_header(), request_timeout=visitor.timeout_s), max_message_size=MAX_MESSAGE,
            subprotocols=[PROTOCOL])
        if socket.selected_subprotocol != PROTOCOL:
            raise PageError(f"the server speaks no {PROTOCOL} on {path}'s kernel")
        page = cls(visitor, kernel_id, socket)
        await page._load_states()
        return page

    async def _load_states(self) -> None:
        control = uuid.uuid4().hex
        await self.socket.write_message(binary=True, message=_message("shell", "comm_open", {
            "comm_id": control, "target_name": CONTROL, "data": {}}, self.session, {"version": "1.0.0"}))
        await self.socket.write_message(binary=True, message=_message("shell", "comm_msg", {
            "comm_id": control, "data": {"method": "request_states"}}, self.session))
        await self._until(lambda: bool(self.states))
        await self.socket.write_message(binary=True, message=_message("shell", "comm_close", {
            "comm_id": control, "data": {}}, self.session))

    async def _read(self) -> None:
        while True:
            raw = await self.socket.read_message()
            if raw is None:
                return
            message = _decoded(raw)
            kind, content = message["header"]["msg_type"], message["content"]
            if kind == "error":
                self.errors.append(f"kernel error: {content.get('ename')}: {content.get('evalue')}")
            if kind != "comm_msg":
                continue
            data = content.get("data", {})
            method = data.get("method")
            if method == "update_states":
                changed = {model: found["state"] for model, found in data["states"].items()}
            elif method == "update":
                changed = {content["comm_id"]: data["state"]}
            elif method == "custom" and isinstance(data.get("content", {}).get("redraw"), dict):
                changed = data["content"]["redraw"]
            else:
                continue
            async with self._changed:
                for model, state in changed.items():
                    self.states.setdefault(model, {}).update(state)
                    self.versions[model] = self.versions.get(model, 0) + 1
                self._changed.notify_all()

    async def _until(self, condition: Callable[[], bool]) -> None:
        async def wait() -> None:
            async with self._changed:
                await self._changed.wait_for(lambda: condition() or self._reader.done())
        try:
            await asyncio.wait_for(wait(), self.visitor.timeout_s)
        except TimeoutError:
            raise PageError(f"kernel {self.kernel_id}: no answer in {self.visitor.timeout_s:.0f} s") from None
        if not condition():
            raise PageError(f"kernel {self.kernel_id}: the channel closed")

    def html(self, model: str) -> str:
        return str(self.states[model].get("html", ""))

    def widget(self, *parts: str) -> str:
        """The model id of the kaszino widget whose picture holds every one of ``parts``."""
        for model, state in self.states.items():
            if all(part in str(state.get("html", "")) for part in parts):
                return model
        raise PageError(f"no widget showing {parts}")

    async def click(self, model: str, action: str, card: str = "", value: str = "",
                    shows: Callable[[str], bool] = lambda html: True) -> float:
        """Send what ``board.js`` sends for a click; wait until the widget's next picture
        ``shows``: the milliseconds from the click to that picture."""
        since = self.versions.get(model, 0)
        started = time.monotonic()
        click = {"method": "custom", "content": {"action": action, "card": card, "lang": "", "value": value}}
        await self.socket.write_message(binary=True, message=_message(
            "shell", "comm_msg", {"comm_id": model, "data": click}, self.session))
        await self._until(lambda: self.versions.get(model, 0) > since and shows(self.html(model)))
        return (time.monotonic() - started) * 1000

    async def pick(self, model: str, cards: tuple[object, ...]) -> None:
        """Select ``cards``, each click answered by the card drawn pressed (a click on a card of a
        Casino build picks the whole build: its other cards, drawn pressed already, are not clicked)."""
        for card in cards:
            pressed = f'data-card="{card}" aria-pressed="true"'
            if pressed not in self.html(model):
                await self.click(model, "toggle", card=str(card), shows=showing(pressed))

    async def leave(self) -> None:
        """Release the page's kernel (the page's beacon) and close its channel."""
        await self.visitor.release(self.kernel_id)
        self.socket.close()
        self._reader.cancel()


def feedback(tone: str) -> Callable[[str], bool]:
    """A widget's picture holds a feedback bar of ``tone``."""
    return showing(f'class="kaszino-feedback" data-tone="{tone}"')


def showing(text: str) -> Callable[[str], bool]:
    """A widget's picture holds ``text``."""
    return lambda html: text in html
