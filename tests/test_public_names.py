"""Every public name, called with junk: only the package's own errors come out (docs/design.md, "Errors").

The walk covers each ``__all__`` of the package and its subpackages: every class and function is
called with each junk value in every argument it requires (and, when it requires none, in its first
optional one), and must return or raise ``KaszinoError``, never a raw ``TypeError``,
``AttributeError``, ``ValueError`` or ``KeyError``.
"""

from __future__ import annotations

import importlib
import inspect
import math
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kaszino.errors import KaszinoError

MODULES = ("kaszino", "kaszino.games.kaszino.players", "kaszino.classroom", "kaszino.games.kaszino.solver",
           "kaszino.store", "kaszino.puzzles.puzzle", "kaszino.jupyter.widgets")
"""The modules whose ``__all__`` is the public API."""

JUNK: tuple[object, ...] = (None, 10**5000, -1, 2**70, math.nan, math.inf, True, 1.5, "", "x" * 100, b"x",
                            [], {}, (None,), object())
"""Values no public argument takes as they are."""

def _public() -> Iterator[tuple[str, Callable[..., object]]]:
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if getattr(value, "_is_protocol", False):  # a Protocol cannot be made at all
                continue
            if inspect.isclass(value) or inspect.isfunction(value):
                yield f"{module_name}.{name}", value


Call = tuple[tuple[object, ...], dict[str, object]]


def _calls(function: Callable[..., object], junk: object) -> Call | None:
    """The arguments that give ``junk`` to every parameter ``function`` requires (or to its first
    one); None when no parameter would get it."""
    parameters = list(inspect.signature(function).parameters.values())
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p for p in positional if p.default is p.empty]
    named = {p.name: junk for p in parameters if p.kind == p.KEYWORD_ONLY and p.default is p.empty}
    if required:
        return (junk,) * len(required), named
    if named:
        return (), named
    if positional and junk is not None:  # None is the default of most optional arguments
        return (junk,), named
    return None


PUBLIC = sorted(_public())


@pytest.fixture(autouse=True)
def _away_from_the_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A junk text may name a file a function creates (a progress file): it lands in ``tmp_path``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KASZINO_PROGRESS", str(tmp_path / "progress.sqlite3"))


@pytest.mark.parametrize(("name", "function"), [pytest.param(*item, id=item[0]) for item in PUBLIC])
def test_junk_arguments_raise_only_the_packages_errors(name: str, function: Callable[..., object]) -> None:
    for junk in JUNK:
        call = _calls(function, junk)
        if call is None:
            continue
        args, named = call
        try:
            function(*args, **named)
        except KaszinoError:
            pass
        except Exception as error:
            pytest.fail(f"{name}(junk {type(junk).__name__}) raised {type(error).__name__}, "
                        f"not a KaszinoError")


def test_the_walk_covers_the_names_the_issue_found() -> None:
    names = {name for name, _ in PUBLIC}
    for expected in ("kaszino.Suit", "kaszino.puzzles.puzzle.band_of", "kaszino.puzzles.puzzle.dumps_puzzles",
                     "kaszino.puzzles.puzzle.recheck", "kaszino.store.StoreError",
                     "kaszino.games.kaszino.players.play_game", "kaszino.store.Store",
                     "kaszino.store.current_store", "kaszino.store.default_path"):
        assert expected in names
