"""The proxy that keeps the browser tests off the network notes what a page asked beyond this
computer, its workers' requests included, and lets the loopback address through untouched (the
site's test and the classroom app's rely on it to find a request for a CDN)."""

from __future__ import annotations

import time
from pathlib import Path

from chromium import RefusingProxy
from playwright.sync_api import Browser
from site_steps import serve

WORKER = "fetch('https://cdn.example.org/from-a-worker.js').catch(() => 0)"


def test_a_page_and_its_worker_are_refused_beyond_this_computer_and_noted(
    browser: Browser, outside: RefusingProxy, tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text("<!DOCTYPE html><title>here</title>", encoding="utf-8")
    asked_before = len(outside.asked)
    context = browser.new_context(proxy=outside.settings())
    try:
        with serve(tmp_path) as site:
            page = context.new_page()
            page.goto(f"{site}/index.html")  # the loopback address: served
            assert page.title() == "here"
            failed = page.evaluate("() => fetch('http://cdn.example.org/page.js').then(() => '', String)")
            assert "Failed to fetch" in failed
            page.evaluate(f"() => {{ new Worker(URL.createObjectURL(new Blob([{WORKER!r}]))); }}")
            deadline = time.monotonic() + 30
            while len(outside.asked) < asked_before + 2 and time.monotonic() < deadline:
                page.wait_for_timeout(100)
    finally:
        context.close()
    assert outside.asked[asked_before:] == ["http://cdn.example.org/page.js", "cdn.example.org:443"]
