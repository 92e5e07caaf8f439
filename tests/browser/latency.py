"""What the learner waits for, timed inside the page: from a click to the frame that shows its answer.

A capture-phase ``click`` listener on the document notes ``performance.now()`` when the click
happens (so the driver's own work before the click — finding, scrolling, actionability checks —
is not counted), and a ``MutationObserver`` on the part of the page that will answer notes the
first DOM change after which the answer is there; the figure ends at the next animation frame
after that change (the frame that paints it). Benchmarks only: the tests print these figures,
they never assert them.

- :func:`click_to_feedback`: a click on a widget until its answer shows a feedback bar with a tone.
- :func:`click_to_text`: a click until an element's text reads a given string (the plain-button baseline).
- :func:`click_to_language`: a click on a language button until every lesson text has changed
  and every kaszino widget is drawn in the new language.
- :func:`choice_clicks`: a choice answered rightly and wrongly in turn, each answer timed.
- :func:`language_switches`: the page switched back and forth, each switch timed.
- :func:`summary` and :func:`bench_line`: the printed figures.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Sequence

from playwright.sync_api import ElementHandle, Locator, Page

BENCHMARK = bool(os.environ.get("KASZINO_BENCH"))
"""Whether the run is ``benchmarks/bench_clicks.py``'s, which prints the figures beside the
plain-button baseline (a test run measures no baseline)."""

TIMING_SCRIPT = """() => {
    if (window.kzLatency) { return; }
    const checks = {
        // the widget's first change after the click (its answer) shows a feedback bar in the tone
        feedback: (root, tone) => {
            const bar = root.querySelector('.kaszino-feedback');
            return bar !== null && bar.dataset.tone === tone;
        },
        text: (root, wanted) => root.textContent === wanted,
        // every lesson text differs from before and every kaszino widget reads the new language
        language: (root, [before, lang]) => {
            const texts = [...root.querySelectorAll('.kaszino-lesson')];
            return texts.length === before.length && texts.every((e, i) => e.textContent !== before[i])
                && [...root.querySelectorAll('.kaszino-widget[data-language]')]
                    .every(w => w.dataset.language === lang);
        },
    };
    window.kzLatency = {
        clickAt: null,
        shown: null,
        watch(root, kind, arg) {
            this.clickAt = null;
            this.shown = null;
            const check = checks[kind];
            const observer = new MutationObserver(() => {
                if (this.clickAt === null || !check(root, arg)) { return; }
                observer.disconnect();
                const changed = performance.now();
                requestAnimationFrame(() => {
                    this.shown = {click: this.clickAt, changed, frame: performance.now()};
                });
            });
            observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
        },
    };
    document.addEventListener('click', () => {
        if (window.kzLatency.clickAt === null) { window.kzLatency.clickAt = performance.now(); }
    }, {capture: true});
}"""


def _timed(page: Page, root: ElementHandle | None, kind: str, arg: object,
           click: Callable[[], None]) -> float:
    page.evaluate(TIMING_SCRIPT)
    page.evaluate("([root, kind, arg]) => window.kzLatency.watch(root || document.body, kind, arg)",
                  [root, kind, arg])
    click()
    page.wait_for_function("() => window.kzLatency.shown !== null")
    shown = page.evaluate("() => window.kzLatency.shown")
    return float(shown["frame"] - shown["click"])


def click_to_feedback(widget: Locator, button: Locator, tone: str) -> float:
    """Milliseconds from the click on ``button`` until ``widget`` paints its answer, a feedback bar with
    ``tone``: the first change of the widget after the click (the page changes nothing of it by
    itself). The widget's parent is watched, so that a widget drawn anew is seen too."""
    root = widget.locator("xpath=..").element_handle()
    return _timed(widget.page, root, "feedback", tone, button.click)


def click_to_text(element: Locator, button: Locator, wanted: str) -> float:
    """Milliseconds from the click on ``button`` until ``element`` paints the text ``wanted``."""
    return _timed(element.page, element.element_handle(), "text", wanted, button.click)


def click_to_language(page: Page, button: Locator, lang: str) -> float:
    """Milliseconds from the click on ``button`` until every lesson text on the page has changed
    and every kaszino widget is drawn in ``lang`` (the last text of the page has turned)."""
    before = page.evaluate("() => [...document.querySelectorAll('.kaszino-lesson')].map(e => e.textContent)")
    return _timed(page, None, "language", [before, lang], button.click)


def summary(times: Sequence[float]) -> str:
    """``n=… median=… p95=… max=…`` of ``times`` (milliseconds)."""
    p95 = statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) > 1 else times[0]
    return (f"n={len(times)} median={statistics.median(times):.0f} ms p95={p95:.0f} ms "
            f"max={max(times):.0f} ms")


def choice_clicks(widget: Locator, right: str, wrong: str, rounds: int = 4, *,
                  wrong_first: bool = False) -> list[float]:
    """Answer a choice rightly and wrongly in turn (wrongly first with ``wrong_first``: after a
    wrong answer the same answer again would change nothing on the page), ``rounds`` times; the
    time of each click until its verdict shows."""
    answers = [(right, "good"), (wrong, "bad")]
    if wrong_first:
        answers.reverse()
    return [click_to_feedback(widget, widget.locator(f'[data-action="choose"][data-value="{option}"]'), tone)
            for _ in range(rounds) for option, tone in answers]


def language_switches(page: Page, rounds: int = 3) -> list[float]:
    """Switch the whole page to English and back with the HU | EN buttons at its top, ``rounds``
    times, ending in English; the time of each switch (ms)."""
    times = []
    for lang in ["en", "hu"] * (rounds - 1) + ["en"]:
        button = page.locator(".widget-toggle-button", has_text=lang.upper()).first
        times.append(click_to_language(page, button, lang))
    return times


def bench_line(name: str, clicks: Sequence[float], switches: Sequence[float],
               baseline: Sequence[float]) -> str:
    """The printed benchmark line of one page: its clicks, its language switches, the plain-button
    baseline measured the same way in the same session (when there is one), and the machine's load
    average."""
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    language = f"; whole-page language switch {summary(switches)}" if switches else ""
    plain = f"; plain-button baseline {summary(baseline)}" if baseline else ""
    return f"BENCH {name}: click→feedback {summary(clicks)}{language}{plain}; load average {load}"
