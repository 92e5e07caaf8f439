"""The chapter's page parts: charts, exercise widgets, language switching, and the teacher's version."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaszino.cli import main
from kaszino.cli.classroom import STUDENT, TEACHER, teacher_version
from kaszino.errors import KaszinoError
from kaszino.i18n import catalogue, tr, using_language
from kaszino.jupyter import charts, classroom
from kaszino.jupyter.classroom import (
    ExerciseWidget,
    FirstMoveFigures,
    SimulationView,
    captures_view,
    dp_view,
    limit_view,
    polynomial_text,
    rules_view,
    solution,
    sum_ways_view,
    table_sum_chart,
    text,
)
from kaszino.jupyter.tutorial import switch_language

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def hungarian() -> Iterator[None]:
    switch_language("hu")
    yield
    switch_language("hu")


def test_svg_chart_follows_the_theme() -> None:
    chart = charts.plot("bar", [0, 1, 2], {"exact": [0.2, 0.5, 0.3], "sim": [0.25, 0.45, 0.3]},
                        intervals={"sim": [(0.2, 0.3), (0.4, 0.5), (0.25, 0.35)]}, title="T", backend="svg")
    assert isinstance(chart, charts.SvgChart)
    svg = chart.svg
    assert svg.count("<rect") >= 6 and svg.count("<path") == 3  # bars, legend, whiskers
    assert "currentColor" in svg and "var(--jp-brand-color1" in svg
    assert not re.search(r'fill="#(?!fff)', svg)  # no fixed text colours: they would vanish in one theme
    assert repr(chart) == "<bar chart: T (exact, sim)>"
    line = charts.plot("line", [1, 2, 3], {"": [1, 4, 9]}, backend="svg")
    assert "<polyline" in line.svg


def test_matplotlib_chart_is_a_png() -> None:
    chart = charts.plot("bar", ["a", "b"], {"x": [1, 2]}, backend="matplotlib")
    assert isinstance(chart, charts.MatplotlibChart)
    assert chart._repr_png_().startswith(b"\x89PNG")
    assert isinstance(charts.plot("bar", ["a"], {"x": [1]}), charts.MatplotlibChart)  # auto: installed here


def test_charts_refuse_bad_data() -> None:
    with pytest.raises(KaszinoError, match="values for"):
        charts.plot("bar", [1, 2], {"x": [1]})
    with pytest.raises(KaszinoError, match="kind"):
        charts.plot("pie", [1], {"x": [1]})  # type: ignore[arg-type]
    with pytest.raises(KaszinoError, match="backend"):
        charts.plot("bar", [1], {"x": [1]}, backend="ascii")  # type: ignore[arg-type]
    with pytest.raises(KaszinoError, match="at least one series"):
        charts.plot("bar", [1], {})
    with pytest.raises(KaszinoError, match="bins"):
        charts.histogram_data([1.0], [2, 1])


def test_histogram_data() -> None:
    data = charts.histogram_data([0, 0.5, 1, 2, 3], [0, 1, 2, 3])
    assert data.series == (("", (2.0, 1.0, 2.0)),)
    assert "<rect" in charts.SvgChart(data).svg


def test_exercise_widget(hungarian: None) -> None:
    widget = ExerciseWidget("captures")
    assert widget.feedback == "" and "kaszino-feedback" not in widget.html
    assert "<strong>3.</strong>" in widget.html  # the question is its lesson file, drawn as Markdown
    assert widget.submit("3") is False
    assert widget.feedback.startswith("Nem ennyi (3).") and 'data-tone="bad"' in widget.html
    assert widget.submit("4") is True
    assert widget.feedback == f'Helyes! {tr("classroom.exercise.captures.explain")}'
    assert 'data-tone="good"' in widget.html and "style=" not in widget.html  # colours from the stylesheet
    switch_language("en")
    assert widget.feedback.startswith("Right!") and ">Check</button>" in widget.html
    assert widget.submit("three") is None
    assert widget.feedback.startswith("I cannot read this as a number")
    assert repr(widget) == "exercise('captures')"


def test_views_follow_the_language(hungarian: None) -> None:
    view = sum_ways_view("2♦ 4♣ 7♥ 9♠ 3♣", 13)
    assert "Felsorolás: 2" in view.outputs[0]["data"]["text/html"]
    switch_language("en")
    assert "Listing: 2" in view.outputs[0]["data"]["text/html"]
    assert repr(view) == "sum_ways_view('2♦ 4♣ 7♥ 9♠ 3♣', 13)"
    listing = captures_view("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠").outputs[0]["data"]["text/html"]
    assert "Sum by sum: 3 captures" in listing and "The program's list: 3 captures" in listing
    assert text("intro").text.startswith("## 30.")
    with pytest.raises(KaszinoError):
        solution("nope")


def test_the_figures_write_thousands_as_the_language_does_and_every_estimate_has_its_interval(
        hungarian: None) -> None:
    figures = FirstMoveFigures(trials=200, seed=1)
    table, limits = figures.table(), limit_view()
    assert "589 881 889/234 122 980" in table.outputs[0]["data"]["text/html"]  # the mean, exactly
    assert "4 095" in limits.outputs[0]["data"]["text/html"]
    switch_language("en")
    shown = table.outputs[0]["data"]["text/html"]
    assert "589,881,889/234,122,980" in shown and "4,095" in limits.outputs[0]["data"]["text/html"]
    mean_row = next(row for row in shown.split("<tr>") if "mean" in row.lower())
    assert re.search(r"\d\.\d{3} \[\d\.\d{3}; \d\.\d{3}\]", mean_row), mean_row


def test_the_figures_take_their_looks_from_the_stylesheet(
    monkeypatch: pytest.MonkeyPatch, hungarian: None
) -> None:
    """No panel, table or note of the chapter carries an inline style: every class it uses is a rule
    of the shared stylesheet (board.css, light and dark), and the panels and tables are marked."""
    # the cards are drawn by the shared renderer, with looks of their own
    monkeypatch.setattr(classroom, "cards_html", lambda cards: " ".join(map(str, cards)))
    figures = FirstMoveFigures(trials=50, seed=1)
    shown = [view.outputs[0]["data"]["text/html"] for view in (
        sum_ways_view("2♦ 4♣ 7♥ 9♠ 3♣", 13), dp_view("2♦ 4♣ 7♥"), captures_view("5♠ A♥ K♣", "2♦ 4♣ 7♥ 9♠"),
        limit_view(), rules_view(), figures.table())]
    shown.append(SimulationView(deals=2, seed=3, more=1).table())
    stylesheet = (ROOT / "kaszino/jupyter/widgets/board.css").read_text(encoding="utf-8")
    for html in shown:
        assert "style=" not in html, html[:200]
        for name in set(re.findall(r"kaszino-[\w-]+", " ".join(re.findall(r'class="([^"]*)"', html)))):
            assert f".{name}" in stylesheet, name
    assert all('class="kaszino-figure-table"' in html for html in shown[1:])
    assert len(re.findall(r'class="kaszino-panel( kaszino-panel-wide)?"', shown[0])) == 4
    assert 'class="kaszino-highlight"' in shown[0] and 'class="kaszino-note"' in shown[0]


def test_polynomial_text() -> None:
    assert polynomial_text({0: 1, 2: 1, 9: 3, 13: 2}) == "1 + x² + 3x⁹ + 2x¹³"


def test_every_text_of_the_catalogue_formats() -> None:
    fields = {"count": 1, "total": 2, "given": "3", "typed": "x", "trials": "10", "deals": 5}
    for key in catalogue("classroom"):
        for lang in ("hu", "en"):
            with using_language(lang):
                assert tr(f"classroom.{key}", **fields)
        assert "a(z)" not in catalogue("classroom")[key]["hu"]


def _sources(notebook: dict[str, object]) -> list[tuple[str, str]]:
    cells = notebook["cells"]
    assert isinstance(cells, list)
    return [(c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list) else c["source"])
            for c in cells]


def test_the_teacher_version_is_the_student_notebook_with_solutions() -> None:
    student = json.loads(STUDENT.read_text(encoding="utf-8"))
    generated = teacher_version(student)
    committed = json.loads((ROOT / "notebooks" / TEACHER).read_text(encoding="utf-8"))
    assert _sources(generated) == _sources(committed)  # regenerate: make teacher
    exercises = [s for _t, s in _sources(student) if s.startswith("exercise(")]
    solutions = [s for _t, s in _sources(generated) if s.startswith("solution(")]
    assert len(exercises) == len(solutions) == 6
    assert not any("solution(" in s for _t, s in _sources(student))  # the students' version hides them


def test_teacher_command_writes_without_running(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "teacher.ipynb"
    student = str(STUDENT)
    assert main(["classroom", "teacher", "--student", student, "--out", str(out), "--no-execute"]) == 0
    assert "6 worked solutions" in capsys.readouterr().out
    assert _sources(json.loads(out.read_text(encoding="utf-8"))) == _sources(
        teacher_version(json.loads(STUDENT.read_text(encoding="utf-8"))))
    missing = ["--student", str(tmp_path / "none.ipynb"), "--out", str(out), "--force", "--no-execute"]
    assert main(["classroom", "teacher", *missing]) == 2
    assert "no such students' notebook" in capsys.readouterr().err
    with pytest.raises(KaszinoError, match="language_switch"):
        teacher_version({"cells": []})


def test_simulation_view_plays_more_deals(hungarian: None) -> None:
    view = SimulationView(deals=4, seed=3, more=2)
    assert {name: len(d) for name, d in view.deals.items()} == {"random": 4, "greedy": 4}
    assert "osztások" in view.table() and view.more_button.description == "Még 2 osztás mindkét játékossal"
    view.more_button.click()
    assert {name: [d.seed for d in deals] for name, deals in view.deals.items()} == {
        "random": [3, 4, 5, 6, 7, 8], "greedy": [3, 4, 5, 6, 7, 8]}
    assert not view.more_button.disabled
    assert "6" in view._figures.outputs[0]["data"]["text/html"]  # the table counts the new deals


def test_charts_without_matplotlib(monkeypatch: pytest.MonkeyPatch, hungarian: None) -> None:
    """Where matplotlib is missing (e.g. in the browser under Pyodide) the chapter draws SVG charts."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # importing it now raises ImportError
    assert not charts.matplotlib_available()
    html = table_sum_chart().outputs[0]["data"]["text/html"]
    assert html.startswith('<div class="kaszino-chart"') and "A négy asztali lap összege" in html
    figures = FirstMoveFigures(trials=200, seed=1)
    assert "<svg" in figures.chart().outputs[0]["data"]["text/html"]
    assert "76 367 237/83 615 350" in figures.table().outputs[0]["data"]["text/html"]
