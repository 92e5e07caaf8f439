"""The app's page templates compiled once per server (``kaszino.cli.page_templates``): a template's
code is found again by every new environment, compiled anew when its source or the way of
compiling changes, and Voilà's page renderer uses the exporter that shares it."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

pytest.importorskip("voila")

import voila.notebook_renderer

from kaszino.cli.page_templates import COMPILED, CachingExporter, CompiledTemplates, use_compiled_templates


def environment(folder: Path, cache: CompiledTemplates, *, is_async: bool = False) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder), bytecode_cache=cache, enable_async=is_async, autoescape=True
    )


def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from now on."""
    names: list[str] = []
    original = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: str, name: str | None = None, *args: object) -> object:
        names.append(str(name))
        return original(self, source, name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return names


def test_a_template_is_compiled_once_for_every_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "page.j2").write_text("{% include 'part.j2' %} {{ name }}")
    (tmp_path / "part.j2").write_text("Hello")
    cache, names = CompiledTemplates(), compiled(monkeypatch)
    for _ in range(3):
        assert environment(tmp_path, cache).get_template("page.j2").render(name="Anna") == "Hello Anna"
    assert sorted(names) == ["page.j2", "part.j2"]


def test_an_edited_template_or_another_way_of_compiling_compiles_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "page.j2").write_text("old {{ name }}")
    cache, names = CompiledTemplates(), compiled(monkeypatch)
    assert environment(tmp_path, cache).get_template("page.j2").render(name="Anna") == "old Anna"
    (tmp_path / "page.j2").write_text("new {{ name }}")
    assert environment(tmp_path, cache).get_template("page.j2").render(name="Anna") == "new Anna"
    assert environment(tmp_path, cache, is_async=True).get_template("page.j2") is not None
    assert names == ["page.j2"] * 3


def test_voilas_pages_use_the_exporter_that_shares_the_compiled_templates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(voila.notebook_renderer, "VoilaExporter", voila.notebook_renderer.VoilaExporter)
    use_compiled_templates()
    assert voila.notebook_renderer.VoilaExporter is CachingExporter  # type: ignore[attr-defined]
    assert CachingExporter(template_name="lab").environment.bytecode_cache is COMPILED
