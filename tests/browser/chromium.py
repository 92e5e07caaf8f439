"""The Chromium the browser tests drive: Debian's, its flags and window, and the proxies that refuse
every request beyond this computer (shared by the harness, ``conftest.py``, the tests that make
browsers of their own and the site's benchmark).

Chromium sends requests to the loopback address directly and every other request to a proxy of
the test's (:class:`RefusingProxy`) that refuses it at once: a test never waits on the closed
network. Not Playwright's request interception (``route``): it turns the browser's cache off, so
every page fetched and compiled Voilà's scripts again, and a new release of the offline site was
never tried against the copies a browser keeps of the last one."""

from __future__ import annotations

import socketserver
import threading
from pathlib import Path

from playwright.sync_api import ProxySettings, ViewportSize

CHROMIUM = Path("/usr/bin/chromium")
LOOPBACK = "127.0.0.1"
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]
BROWSERS_OWN = ("content-autofill.googleapis.com:443",)
"""What Chromium asks for itself through a context's proxy (a page with a form sets it asking for
autofill hints): refused, not noted as the page's. Chromium's switch for it would have to replace
Playwright's own ``--disable-features`` list (the last such switch wins)."""
REFUSAL = b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class _Refuse(socketserver.StreamRequestHandler):
    server: _Server

    def handle(self) -> None:
        line = self.rfile.readline(4096).decode("latin-1").split()
        # "GET http://host/path HTTP/1.1", or "CONNECT host:443 HTTP/1.1" for https
        if len(line) >= 2 and line[1] not in BROWSERS_OWN:
            self.server.asked.append(line[1])
        self.wfile.write(REFUSAL)


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__((LOOPBACK, 0), _Refuse)
        self.asked: list[str] = []


class RefusingProxy:
    """A proxy on the loopback address that refuses every request at once and notes what was asked,
    whichever part of the browser asked (a page, its workers, its service worker)."""

    def __init__(self) -> None:
        self._server = _Server()
        self.asked = self._server.asked
        """Every address asked, in order: a URL, or ``host:port`` for an encrypted connection."""
        self.address = f"http://{LOOPBACK}:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def settings(self) -> ProxySettings:
        """A browser context's proxy settings: every request but the loopback address's to this proxy."""
        return {"server": self.address, "bypass": LOOPBACK}

    def __enter__(self) -> RefusingProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def chromium_args(proxy: RefusingProxy) -> list[str]:
    """Chromium's flags for the tests: every request beyond the loopback address to ``proxy`` (the
    browser's own requests too, for updates and accounts, in contexts without a proxy of their own)."""
    return [*FLAGS, f"--proxy-server={proxy.address}"]
