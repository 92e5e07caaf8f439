"""Run a command that serves pages on 127.0.0.1 and prints its address, fetch pages, then stop it."""

from __future__ import annotations

import subprocess
import time
import urllib.request
from collections.abc import Callable, Sequence


def fetch_while_served(command: Sequence[str], env: dict[str, str], more: Callable[[str], list[str]],
                       wait: float = 240) -> list[str]:
    """Start ``command``, read the first address it prints, fetch it (once the server answers) and the
    addresses ``more(address)`` names, then stop the command with SIGTERM, which must end it with
    status 0; the pages' texts, the printed address's first."""
    server = subprocess.Popen(list(command), env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        said = ""
        while "http://" not in said:
            line = server.stdout.readline()
            assert line, f"{command[:3]} ended without serving: {said}"
            said += line
        address = next(word for word in said.split() if word.startswith("http://127.0.0.1:"))
        deadline, pages = time.monotonic() + wait, []
        for url in [address, *more(address)]:
            while True:
                try:
                    with urllib.request.urlopen(url, timeout=wait) as answer:
                        pages.append(answer.read().decode())
                    break
                except OSError:  # not listening yet
                    assert server.poll() is None and time.monotonic() < deadline, f"{url} was not served"
                    time.sleep(0.5)
        server.terminate()
        assert server.wait(timeout=60) == 0
        return pages
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
