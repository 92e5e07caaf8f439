"""The classroom chapter's page parts: texts, side-by-side counts, exact figures, charts, exercises.

Every part follows the HU | EN switch of :mod:`kaszino.jupyter.tutorial`: texts come from
``kaszino/locales/classroom.json``, and each view redraws itself in place after a switch. The
numbers come from :mod:`kaszino.classroom`; nothing here computes a figure of its own.
"""

from __future__ import annotations

import base64
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets
from IPython.core.formatters import format_display_data

from kaszino.classroom.exact import (
    CountDistribution,
    chance_of_sweep,
    first_move_captures,
    table_sum_distribution,
)
from kaszino.classroom.exercises import Exercise
from kaszino.classroom.exercises import exercise as find_exercise
from kaszino.classroom.montecarlo import Estimate, FirstMoveSample, MeanInterval
from kaszino.classroom.recorded import (
    DEALS,
    DEALS_SEED,
    TRIALS,
    TRIALS_SEED,
    first_move_sample,
    opening_deals,
)
from kaszino.classroom.simulation import PLAYERS, Progress, simulate, summarize
from kaszino.classroom.subsets import dp_rows, limit_effect, polynomial_coefficients, sum_ways
from kaszino.engine.cards import format_cards, parse_cards
from kaszino.games.kaszino.captures import captures, hand_groups
from kaszino.games.kaszino.rules import PRESETS, STANDARD
from kaszino.games.kaszino.solver.counting import subset_sum_counts
from kaszino.i18n import decimals, grouped, tr
from kaszino.jupyter.charts import plot
from kaszino.jupyter.render import cards_html
from kaszino.jupyter.tutorial import LessonText, follow_language
from kaszino.jupyter.widgets.exercise import NumberWidget

SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


class ChapterText(LessonText):
    """One Markdown text of the classroom catalogue, shown in the current language."""

    def __init__(self, key: str) -> None:
        super().__init__(f"classroom.{key}")

    def __repr__(self) -> str:
        return f"text({self.key.removeprefix('classroom.')!r})"


def text(key: str) -> ChapterText:
    """Show the chapter text ``classroom.<key>``; it follows the language switch."""
    return ChapterText(key)


def solution(key: str) -> ChapterText:
    """The worked solution of exercise ``key`` (the teacher's version shows these cells)."""
    find_exercise(key)
    return ChapterText(f"exercise.{key}.solution")


class LiveView(ipywidgets.Output):  # type: ignore[misc]
    """Whatever ``render()`` returns (HTML text or a chart), redrawn after every language switch."""

    def __init__(self, render: Callable[[], Any], label: str) -> None:
        super().__init__()
        self._render = render
        self.label = label
        self.refresh()
        follow_language(self)

    def refresh(self) -> None:
        shown = self._render()
        data = _chart_output(shown)["data"] if not isinstance(shown, str) else {"text/html": shown}
        self.outputs = ({"output_type": "display_data", "metadata": {},
                         "data": {**data, "text/plain": self.label}},)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # The figure itself too, so it shows wherever widgets are not drawn (e.g. a static page).
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        shown: Any = self.outputs[0]
        return {**bundle, **shown["data"]}

    def __repr__(self) -> str:
        return self.label


def polynomial_text(coefficients: dict[int, int]) -> str:
    """``1 + x² + 2x⁵ …`` from ``{power: coefficient}`` (powers increasing)."""
    terms = []
    for power, count in sorted(coefficients.items()):
        number = "" if count == 1 and power else str(count)
        variable = "" if power == 0 else "x" if power == 1 else "x" + str(power).translate(SUPERSCRIPTS)
        terms.append(number + variable)
    return " + ".join(terms)


def _cards(cards: Sequence[Any]) -> str:
    return f'<span class="kaszino-inline-cards">{cards_html(tuple(cards))}</span>'


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], highlight: int | None = None) -> str:
    head = "".join(f"<th>{h}</th>" for h in header)
    rows = [[decimals(c) for c in row] for row in rows]
    body = "".join(
        "<tr>" + "".join(
            f'<td class="kaszino-highlight">{c}</td>' if j == highlight else f"<td>{c}</td>"
            for j, c in enumerate(row)) + "</tr>"
        for row in rows)
    return f'<table class="kaszino-figure-table">{"<tr>" + head + "</tr>"}{body}</table>'


def _panel(title: str, body: str, wide: bool = False) -> str:
    return (f'<div class="kaszino-panel{" kaszino-panel-wide" if wide else ""}">'
            f'<div class="kaszino-panel-title">{title}</div>{body}</div>')


def _panels(panels: Sequence[str]) -> str:
    return f'<div class="kaszino-panels">{"".join(panels)}</div>'


def sum_ways_view(table: str, total: int) -> LiveView:
    """The subsets of ``table`` with sum ``total``: listed, by DP, by the polynomial, and the engine."""
    cards = parse_cards(table)
    ways = sum_ways(cards, total)
    rows = dp_rows(cards)
    coefficients = polynomial_coefficients(cards)
    power = str(total).translate(SUPERSCRIPTS)

    def render() -> str:
        listed = "".join(f'<div>{_cards(subset)} = {total}</div>' for subset in ways.listed) or "—"
        dp_header = [tr("classroom.view.cards"), *map(str, range(len(rows[0])))]
        dp_body = [[format_cards(cards[:i]) or "∅", *map(str, row)] for i, row in enumerate(rows)]
        panels = [
            _panel(tr("classroom.view.listed", count=len(ways.listed)), listed),
            _panel(tr("classroom.view.engine", count=ways.by_engine, total=total),
                   tr("classroom.view.engine_note", total=total)),
            _panel(tr("classroom.view.dp", count=ways.by_dp),
                   _table(dp_header, dp_body[-2:], total + 1)
                   + f'<div class="kaszino-note">{tr("classroom.view.dp_note")}</div>',
                   wide=True),
            _panel(tr("classroom.view.polynomial", count=ways.by_polynomial, total=power),
                   f'<div class="kaszino-formula">{escape(polynomial_text(coefficients))}</div>',
                   wide=True),
        ]
        return f'<div>{_cards(cards)}</div>{_panels(panels)}'

    return LiveView(render, f"sum_ways_view({table!r}, {total})")


def dp_view(table: str) -> LiveView:
    """The whole dynamic programming table of ``table``, one row per card added."""
    cards = parse_cards(table)
    rows = dp_rows(cards)

    def render() -> str:
        header = [tr("classroom.view.cards"), *map(str, range(len(rows[0])))]
        body = [[format_cards(cards[:i]) or "∅", *map(str, row)] for i, row in enumerate(rows)]
        return _table(header, body)

    return LiveView(render, f"dp_view({table!r})")


def captures_view(hand: str, table: str) -> LiveView:
    """Captures counted sum by sum (hand groups × table subsets) beside the engine's list."""
    hand_cards, table_cards = parse_cards(hand), parse_cards(table)
    groups = hand_groups(hand_cards)
    subsets = subset_sum_counts(table_cards, STANDARD.capture_limit)
    found = captures(hand_cards, table_cards)

    def render() -> str:
        rows = [[str(s), str(len(groups[s])), str(subsets.get(s, 0)), str(len(groups[s]) * subsets.get(s, 0))]
                for s in sorted(groups)]
        total = sum(len(groups[s]) * subsets.get(s, 0) for s in groups)
        header = [tr("classroom.view.sum"), tr("classroom.view.groups"), tr("classroom.view.subsets"),
                  tr("classroom.view.product")]
        listing = "".join(f"<div>{escape(str(capture))}</div>" for capture in found)
        return (f'<div>{tr("classroom.view.hand")} {_cards(hand_cards)} &nbsp; '
                f'{tr("classroom.view.table")} {_cards(table_cards)}</div>'
                + _panels([_panel(tr("classroom.view.by_sum", count=total), _table(header, rows)),
                           _panel(tr("classroom.view.engine_list", count=len(found)), listing)]))

    return LiveView(render, f"captures_view({hand!r}, {table!r})")


def limit_view() -> LiveView:
    """Why 13 matters: all subsets of an n-card table against those a capture may take."""
    rows = limit_effect()

    def render() -> str:
        header = [tr("classroom.view.table_size"), tr("classroom.view.all_subsets"),
                  tr("classroom.view.within"), tr("classroom.view.share")]
        body = [[str(r.size), grouped(r.subsets), f"{float(r.within_limit):.1f}",
                 f"{float(r.share):.1%}"] for r in rows]
        return _table(header, body)

    return LiveView(render, "limit_view()")


def _fraction(value: Fraction) -> str:
    return f"{grouped(value.numerator)}/{grouped(value.denominator)}"


class FirstMoveFigures:
    """The exact first-move figures and their Monte Carlo check, computed once for the page (the
    chapter's check read from :mod:`kaszino.classroom.recorded`)."""

    def __init__(self, trials: int = TRIALS, seed: int = TRIALS_SEED) -> None:
        self.captures: CountDistribution = first_move_captures()
        self.sweep = chance_of_sweep()
        self.sample: FirstMoveSample = first_move_sample(trials, seed)

    def table(self) -> LiveView:
        """(a), (b) and the mean: exact fraction, decimal, and the simulated 95 % interval."""
        capture, sweep = self.sample.capture_chance(), self.sample.sweep_chance()
        mean = self.captures.mean()
        simulated_mean = self.sample.capture_mean()

        def render() -> str:
            header = ["", tr("classroom.view.exact"), tr("classroom.view.decimal"),
                      tr("classroom.view.simulated", count=self.sample.trials,
                         trials=grouped(self.sample.trials))]
            rows = [
                [tr("classroom.view.sweep"), _fraction(self.sweep), f"{float(self.sweep):.4%}",
                 f"{sweep.value:.2%} [{sweep.low:.2%}; {sweep.high:.2%}]"],
                [tr("classroom.view.capture"), _fraction(self.captures.at_least(1)),
                 f"{float(self.captures.at_least(1)):.4%}",
                 f"{capture.value:.2%} [{capture.low:.2%}; {capture.high:.2%}]"],
                [tr("classroom.view.mean"), _fraction(mean), f"{float(mean):.4f}",
                 f"{simulated_mean.mean:.3f} [{simulated_mean.low:.3f}; {simulated_mean.high:.3f}]"],
            ]
            return _table(header, rows)

        return LiveView(render, "first_move_table()")

    def chart(self, up_to: int = 10) -> LiveView:
        """(c) The distribution of the number of captures: exact bars, simulated bars with intervals."""
        exact = self.captures.fractions()
        simulated = self.sample.capture_counts(up_to)
        xs = list(range(up_to + 1))

        def render() -> Any:
            return plot("bar", xs, {tr("classroom.view.exact"): [float(exact.get(k, 0)) for k in xs],
                                    tr("classroom.view.simulation"): [simulated[k].value for k in xs]},
                        intervals={tr("classroom.view.simulation"): [(simulated[k].low, simulated[k].high)
                                                                      for k in xs]},
                        title=tr("classroom.view.distribution_title"),
                        x_label=tr("classroom.view.captures_axis"),
                        y_label=tr("classroom.view.share_axis"))

        return LiveView(render, "first_move_chart()")


def rules_view(names: Sequence[str] = ("standard", "v2", "v8")) -> LiveView:
    """The first move under several rule sets: chance of a capture and the mean number of captures."""
    figures = {name: first_move_captures(PRESETS[name]) for name in names}

    def render() -> str:
        header = [tr("classroom.view.rules"), tr("classroom.view.capture"), tr("classroom.view.mean")]
        rows = [[tr(f"classroom.rules.{name}"), f"{float(d.at_least(1)):.2%}", f"{float(d.mean()):.3f}"]
                for name, d in figures.items()]
        return _table(header, rows)

    return LiveView(render, f"rules_view({tuple(names)!r})")


def table_sum_chart() -> LiveView:
    """The exact distribution of the sum of the four table cards."""
    distribution = table_sum_distribution()
    sums = [s for s, _n in distribution.counts]

    def render() -> Any:
        return plot("bar", sums, {"": [float(distribution.probability(s)) for s in sums]},
                    title=tr("classroom.view.table_sum_title"), x_label=tr("classroom.view.table_sum_axis"),
                    y_label=tr("classroom.view.share_axis"))

    return LiveView(render, "table_sum_chart()")


class ExerciseWidget(NumberWidget):
    """A classroom exercise asked by the exercise widgets' typed answer: the question (a lesson
    file), a box for a number or a fraction, the Check button, and the verdict with a reason."""

    question: Exercise

    def __init__(self, key: str) -> None:
        super().__init__(find_exercise(key))
        follow_language(self)

    def __repr__(self) -> str:
        return f"exercise({self.key!r})"


def exercise(key: str) -> ExerciseWidget:
    """The checked exercise ``key`` (see :mod:`kaszino.classroom.exercises`)."""
    return ExerciseWidget(key)


class SimulationView(ipywidgets.VBox):  # type: ignore[misc]
    """Self-play statistics of the random and the greedy player, with a button for more deals.

    The first ``deals`` deals of each player are there when the page is built (the chapter's are
    read from :mod:`kaszino.classroom.recorded`, others played quietly); the button plays ``more``
    further deals of each, with a progress bar, and redraws the figures.
    """

    def __init__(self, deals: int = DEALS, seed: int = DEALS_SEED, more: int = 1000) -> None:
        self.seed, self.more = seed, more
        self.deals = {name: opening_deals(name, deals, seed) for name in PLAYERS}
        self._figures = ipywidgets.Output()
        self._progress = ipywidgets.Output()
        self.more_button = ipywidgets.Button(layout=ipywidgets.Layout(width="auto"))
        self.more_button.on_click(lambda _button: self.play_more())
        super().__init__([self._figures, self.more_button, self._progress])
        self.refresh()
        follow_language(self)

    def play_more(self) -> None:
        """Play ``more`` further deals of each player (a progress bar shows how far it is)."""
        self.more_button.disabled = True
        with self._progress:
            for name, played in self.deals.items():
                bar = _progress_bar(tr(f"classroom.sim.player.{name}"))
                played += simulate(name, self.more, self.seed + len(played), progress=bar)
        self._progress.clear_output()
        self.more_button.disabled = False
        self.refresh()

    def table(self) -> str:
        """The figures of both players as an HTML table, in the current language."""
        summaries = {name: summarize(played) for name, played in self.deals.items()}
        header = ["", *(tr(f"classroom.sim.player.{name}") for name in summaries)]

        def share(estimate: Estimate) -> str:
            return f"{estimate.value:.1%} [{estimate.low:.1%}; {estimate.high:.1%}]"

        def mean(interval: MeanInterval) -> str:
            return f"{interval.mean:+.2f} [{interval.low:+.2f}; {interval.high:+.2f}]"

        rows = [
            [tr("classroom.sim.deals"), *(grouped(s.deals) for s in summaries.values())],
            [tr("classroom.sim.tablas"), *(f"{s.tablas_per_deal.mean:.2f}" for s in summaries.values())],
            [tr("classroom.sim.any_tabla"), *(share(s.any_tabla) for s in summaries.values())],
            [tr("classroom.sim.margin"), *(mean(s.first_mover_margin) for s in summaries.values())],
            [tr("classroom.sim.first_wins"), *(share(s.first_mover_wins) for s in summaries.values())],
            [tr("classroom.sim.first_loses"), *(share(s.first_mover_loses) for s in summaries.values())],
            [tr("classroom.sim.majority_wins"), *(share(s.majority_wins) for s in summaries.values())],
            [tr("classroom.sim.majority_decides"), *(share(s.majority_decides) for s in summaries.values())],
        ]
        return _table(header, rows)

    def chart(self) -> Any:
        """The number of táblák per deal: the share of deals with 0, 1, 2, … táblák, per player."""
        counts = {name: Counter(d.tablas for d in played) for name, played in self.deals.items()}
        xs = list(range(max(max(c) for c in counts.values()) + 1))
        return plot("bar", xs, {tr(f"classroom.sim.player.{name}"): [c[k] / sum(c.values()) for k in xs]
                                for name, c in counts.items()},
                    title=tr("classroom.sim.chart_title"), x_label=tr("classroom.sim.chart_axis"),
                    y_label=tr("classroom.view.share_axis"))

    def refresh(self) -> None:
        self.more_button.description = tr("classroom.sim.more", deals=self.more, count=self.more)
        self._figures.outputs = ()
        self._figures.outputs = (
            {"output_type": "display_data", "metadata": {}, "data": {"text/html": self.table(),
                                                                      "text/plain": "simulation table"}},
            _chart_output(self.chart()),
        )

    def __repr__(self) -> str:
        return f"SimulationView(deals={ {name: len(d) for name, d in self.deals.items()} })"


def _progress_bar(description: str) -> Progress:
    from tqdm.auto import tqdm

    def wrap(seeds: Iterable[int]) -> Iterable[int]:
        return tqdm(seeds, desc=description, leave=False)

    return wrap


def _chart_output(chart: Any) -> dict[str, Any]:
    data, _metadata = format_display_data(chart)  # type: ignore[no-untyped-call]
    data = {kind: base64.b64encode(value).decode() if isinstance(value, bytes) else value
            for kind, value in data.items()}
    return {"output_type": "display_data", "metadata": {}, "data": data}
