"""Small charts for the notebooks: bars, lines and histograms, as SVG drawn here or with matplotlib.

The SVG charts need no plotting library (the notebooks also run where matplotlib is missing, e.g.
in the browser under Pyodide) and follow the page's theme: text and axes are ``currentColor``,
bars and lines use JupyterLab's colour variables with fallbacks. :func:`plot` draws with
matplotlib when it can be imported and with the SVG charts otherwise; its matplotlib charts
have a transparent background and mid-grey text, readable on light and dark pages alike.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from itertools import pairwise
from typing import Any, Literal

from kaszino.errors import KaszinoError, quote

Kind = Literal["bar", "line", "histogram"]
Backend = Literal["auto", "svg", "matplotlib"]
Interval = tuple[float, float]

PALETTE = (("--jp-brand-color1", "#1976d2"), ("--jp-warn-color1", "#f57c00"),
           ("--jp-success-color1", "#388e3c"), ("--jp-error-color1", "#d32f2f"))
"""Series colours: a JupyterLab CSS variable each, with the colour used where it is not defined."""

MATPLOTLIB_COLOURS = ("#3b82f6", "#f59e0b", "#22a06b", "#e5484d")
"""The same roles for matplotlib, chosen to read on white and on near-black backgrounds."""

NEUTRAL = "#808080"
"""Text and axes of matplotlib charts: mid-grey reads on light and dark pages."""

WIDTH, HEIGHT = 560, 300
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 36, 56


@dataclass(frozen=True, slots=True)
class ChartData:
    """What a chart shows: categories or x values, one or more named series, optional intervals."""

    kind: Kind
    xs: tuple[str | float, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]
    title: str = ""
    x_label: str = ""
    y_label: str = ""
    intervals: tuple[tuple[str, tuple[Interval, ...]], ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.series:
            raise KaszinoError("a chart needs at least one series")
        for name, values in self.series:
            if len(values) != len(self.xs):
                raise KaszinoError(f"series {quote(name)} has {len(values)} values for {len(self.xs)} points")
        for name, bounds in self.intervals:
            if len(bounds) != len(self.xs):
                raise KaszinoError(f"intervals of {quote(name)}: {len(bounds)} for {len(self.xs)} points")

    @property
    def top(self) -> float:
        """The largest value shown (bars, lines and interval ends), at least a small positive number."""
        values = [v for _n, vs in self.series for v in vs]
        values += [hi for _n, bounds in self.intervals for _lo, hi in bounds]
        return max([*values, 1e-12])


def chart_data(kind: Kind, xs: Sequence[str | float], series: Mapping[str, Sequence[float]], *,
               title: str = "", x_label: str = "", y_label: str = "",
               intervals: Mapping[str, Sequence[Interval]] | None = None) -> ChartData:
    """Check and freeze the data of a chart (see :func:`plot`)."""
    if kind not in ("bar", "line", "histogram"):
        raise KaszinoError(f"unknown chart kind {quote(kind)}; choose bar, line or histogram")
    return ChartData(kind, tuple(xs), tuple((name, tuple(map(float, vs))) for name, vs in series.items()),
                     title, x_label, y_label,
                     tuple((name, tuple((float(lo), float(hi)) for lo, hi in bs))
                           for name, bs in (intervals or {}).items()))


def histogram_data(values: Sequence[float], bins: Sequence[float], *, title: str = "", x_label: str = "",
                   y_label: str = "", name: str = "") -> ChartData:
    """Count ``values`` into the bins ``[b0, b1), [b1, b2), …`` (the last bin includes its right end)."""
    if len(bins) < 2 or any(b >= c for b, c in pairwise(bins)):
        raise KaszinoError("histogram bins must be at least two increasing edges")
    counts = [0] * (len(bins) - 1)
    for value in values:
        for i in range(len(counts)):
            if bins[i] <= value < bins[i + 1] or (i == len(counts) - 1 and value == bins[-1]):
                counts[i] += 1
                break
    labels = [_number(b) for b in bins[:-1]]
    return chart_data("histogram", labels, {name: counts}, title=title, x_label=x_label, y_label=y_label)


class SvgChart:
    """A chart drawn as inline SVG in the page's colours; a bare expression in a notebook shows it."""

    def __init__(self, data: ChartData) -> None:
        self.data = data
        self.svg = _svg(data)

    def _repr_html_(self) -> str:
        return f'<div class="kaszino-chart" style="max-width:{WIDTH}px">{self.svg}</div>'

    def __repr__(self) -> str:
        return _text(self.data)


class MatplotlibChart:
    """The same chart drawn by matplotlib, shown as a PNG image."""

    def __init__(self, data: ChartData) -> None:
        self.data = data
        self.figure = _figure(data)

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", transparent=True, dpi=100, bbox_inches="tight",
                            metadata={"Software": None})
        return buffer.getvalue()

    def __repr__(self) -> str:
        return _text(self.data)


def matplotlib_available() -> bool:
    """Whether matplotlib can be imported here."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def plot(kind: Kind, xs: Sequence[str | float], series: Mapping[str, Sequence[float]], *,
         title: str = "", x_label: str = "", y_label: str = "",
         intervals: Mapping[str, Sequence[Interval]] | None = None,
         backend: Backend = "auto") -> SvgChart | MatplotlibChart:
    """Draw a chart: matplotlib when it is available (``backend="auto"``), otherwise SVG.

    ``xs`` are the categories (bars) or x values (lines); ``series`` maps a legend name to one
    value per x; ``intervals`` maps a series name to a (low, high) whisker per x.
    """
    data = chart_data(kind, xs, series, title=title, x_label=x_label, y_label=y_label, intervals=intervals)
    return draw(data, backend)


def draw(data: ChartData, backend: Backend = "auto") -> SvgChart | MatplotlibChart:
    """Draw prepared chart data with the chosen backend."""
    if backend not in ("auto", "svg", "matplotlib"):
        raise KaszinoError(f"unknown backend {quote(backend)}; choose auto, svg or matplotlib")
    if backend == "matplotlib" or (backend == "auto" and matplotlib_available()):
        return MatplotlibChart(data)
    return SvgChart(data)


def _number(value: float) -> str:
    return f"{value:g}"


def _text(data: ChartData) -> str:
    names = ", ".join(name for name, _values in data.series if name)
    return f"<{data.kind} chart: {data.title or 'untitled'}{f' ({names})' if names else ''}>"


def _colour(i: int) -> str:
    variable, fallback = PALETTE[i % len(PALETTE)]
    return f"var({variable}, {fallback})"


def _ticks(top: float) -> list[float]:
    """About five round steps (1, 2, 2.5 or 5 times a power of ten) from 0 to at least ``top``."""
    raw = top / 5
    magnitude = 10.0 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw * (1 - 1e-9))
    return [step * i for i in range(math.ceil(top / step - 1e-9) + 1)]


def _svg(data: ChartData) -> str:
    ticks = _ticks(data.top)
    top = ticks[-1] or 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + plot_h * (1 - value / top)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
             f'role="img" aria-label="{escape(data.title)}" style="color:inherit;font:12px sans-serif">']
    parts.append(f'<text x="{WIDTH / 2}" y="20" text-anchor="middle" fill="currentColor" '
                 f'font-weight="600">{escape(data.title)}</text>')
    for tick in ticks:
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                     f'stroke="currentColor" stroke-opacity="0.15"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" fill="currentColor">'
                     f'{_number(round(tick, 10))}</text>')
    parts.append(f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + plot_h}" stroke="currentColor"/>')
    parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + plot_h}" y2="{TOP + plot_h}" '
                 f'stroke="currentColor"/>')
    slot = plot_w / len(data.xs)
    label_every = max(1, int(len(data.xs) * 28 / plot_w + 0.999))
    for i, x_value in enumerate(data.xs):
        if i % label_every == 0:
            parts.append(f'<text x="{LEFT + slot * (i + 0.5):.1f}" y="{TOP + plot_h + 16}" '
                         f'text-anchor="middle" '
                         f'fill="currentColor">{escape(str(x_value))}</text>')
    parts += _marks(data, slot, y)
    parts.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 8}" text-anchor="middle" fill="currentColor">'
                 f'{escape(data.x_label)}</text>')
    parts.append(f'<text transform="translate(14 {TOP + plot_h / 2}) rotate(-90)" text-anchor="middle" '
                 f'fill="currentColor">{escape(data.y_label)}</text>')
    parts += _legend(data)
    parts.append("</svg>")
    return "".join(parts)


def _marks(data: ChartData, slot: float, y: Any) -> list[str]:
    parts: list[str] = []
    bounds = dict(data.intervals)
    count = len(data.series)
    for s, (name, values) in enumerate(data.series):
        colour = _colour(s)
        if data.kind == "line":
            points = " ".join(f"{LEFT + slot * (i + 0.5):.1f},{y(v):.1f}" for i, v in enumerate(values))
            parts.append(f'<polyline points="{points}" fill="none" style="stroke:{colour}" '
                         f'stroke-width="2"/>')
            parts += [f'<circle cx="{LEFT + slot * (i + 0.5):.1f}" cy="{y(v):.1f}" r="3" '
                      f'style="fill:{colour}">'
                      f'<title>{escape(name)} {escape(str(data.xs[i]))}: {_number(v)}</title></circle>'
                      for i, v in enumerate(values)]
            continue
        gap = 0.0 if data.kind == "histogram" else slot * 0.15
        width = (slot - 2 * gap) / count
        for i, value in enumerate(values):
            x0 = LEFT + slot * i + gap + width * s
            parts.append(f'<rect x="{x0:.1f}" y="{y(value):.1f}" width="{max(width - 1, 1):.1f}" '
                         f'height="{max(y(0) - y(value), 0):.1f}" style="fill:{colour}" fill-opacity="0.85">'
                         f'<title>{escape(name)} {escape(str(data.xs[i]))}: {_number(value)}</title></rect>')
        for i, (low, high) in enumerate(bounds.get(name, ())):
            centre = LEFT + slot * i + gap + width * (s + 0.5)
            parts.append(f'<path d="M{centre:.1f} {y(low):.1f}V{y(high):.1f}M{centre - 4:.1f} {y(low):.1f}'
                         f'h8M{centre - 4:.1f} {y(high):.1f}h8" stroke="currentColor" stroke-width="1.5"/>')
    return parts


def _legend(data: ChartData) -> list[str]:
    named = [(s, name) for s, (name, _values) in enumerate(data.series) if name]
    parts = []
    for row, (s, name) in enumerate(named):
        y0 = TOP + 4 + row * 16
        parts.append(f'<rect x="{WIDTH - RIGHT - 150}" y="{y0}" width="10" height="10" '
                     f'style="fill:{_colour(s)}"/><text x="{WIDTH - RIGHT - 134}" y="{y0 + 9}" '
                     f'fill="currentColor">{escape(name)}</text>')
    return parts


def _figure(data: ChartData) -> Any:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(WIDTH / 100, HEIGHT / 100))
    axes = figure.add_subplot()
    positions = list(range(len(data.xs)))
    bounds = dict(data.intervals)
    count = len(data.series)
    for s, (name, values) in enumerate(data.series):
        colour = MATPLOTLIB_COLOURS[s % len(MATPLOTLIB_COLOURS)]
        if data.kind == "line":
            axes.plot(positions, values, marker="o", color=colour, label=name or None)
            continue
        width = (1.0 if data.kind == "histogram" else 0.7) / count
        offsets = [p - (1.0 if data.kind == "histogram" else 0.7) / 2 + width * (s + 0.5) for p in positions]
        axes.bar(offsets, values, width=width * 0.95, color=colour, label=name or None)
        if name in bounds:
            lows, highs = zip(*bounds[name], strict=True)
            errors = [[v - lo for v, lo in zip(values, lows, strict=True)],
                      [hi - v for v, hi in zip(values, highs, strict=True)]]
            axes.errorbar(offsets, values, yerr=errors, fmt="none", ecolor=NEUTRAL, capsize=3)
    every = max(1, -(-len(data.xs) // 16))  # at most about 16 labels on the x axis
    axes.set_xticks(positions[::every], [str(x) for x in data.xs[::every]])
    axes.set_title(data.title, color=NEUTRAL)
    axes.set_xlabel(data.x_label, color=NEUTRAL)
    axes.set_ylabel(data.y_label, color=NEUTRAL)
    axes.set_facecolor("none")
    axes.tick_params(colors=NEUTRAL)
    axes.grid(axis="y", color=NEUTRAL, alpha=0.25)
    for spine in axes.spines.values():
        spine.set_color(NEUTRAL)
    if any(name for name, _values in data.series):
        legend = axes.legend(frameon=False)
        for text in legend.get_texts():
            text.set_color(NEUTRAL)
    figure.patch.set_alpha(0)
    figure.tight_layout()
    return figure
