"""The package's layers import one way only: a lower layer never imports a higher one.

Every module of ``kaszino`` belongs to the layer named by its first part below ``kaszino``
(``kaszino.games.kaszino.state`` → ``engine``). A module may import its own layer and the layers below
it, never one above, not even lazily inside a function or for type checking only. Below the
Jupyter layer nothing imports the notebook stack, so the engine, solver and puzzles work from a
plain ``pip install kaszino``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "kaszino"

LAYERS: tuple[tuple[str, ...], ...] = (
    # foundation: errors, input checks, translation, the lessons' prose files, reading and writing
    # users' files, worker processes, the files shipped
    ("errors", "inputs", "i18n", "locales", "lessons", "files", "workers", "shipped"),
    ("store",),  # the per-user progress store (SQLite)
    ("engine",),  # what every family shares: cards, events, refusals, the game seam
    ("games",),  # the families of rules, each with its solver and computer players (see FAMILY_LAYERS)
    ("players",),  # games against the computer of any family: sessions, saved games
    ("teach",),  # explanations, hints, lesson content in words
    ("puzzles",),  # puzzle format, checking answers, mining, the trainer's logic
    ("classroom",),  # the combinatorics of subset sums, exact probabilities, simulation
    ("jupyter",),  # pictures, widgets, notebook helpers (needs the notebook extra)
    ("cli", "__init__", "__main__", "app"),  # entry points
)
"""Layers from the bottom up; a name is a module or subpackage directly below ``kaszino``."""

NOTEBOOK_STACK = ("ipywidgets", "anywidget", "traitlets", "IPython", "voila", "jupyterlab")
"""Third-party packages only the Jupyter layer and the entry points may import."""

LAYER_OF = {name: level for level, names in enumerate(LAYERS) for name in names}
JUPYTER = LAYER_OF["jupyter"]


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)


def _layer_name(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _package(path: Path) -> str:
    """The package that relative imports in ``path`` start from."""
    return _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]


def _imports(path: Path, package: str | None = None) -> list[tuple[int, str]]:
    """Every module ``path`` imports, with its line: top-level, lazy and type-checking-only alike."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = _package(path) if package is None else package
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                found.append((node.lineno, ".".join([*base, node.module] if node.module else base)))
            elif node.module is not None:
                found.append((node.lineno, node.module))
    return found


FAMILY_LAYERS: tuple[tuple[str, ...], ...] = (("rules",), ("solver",), ("players", "expert"))
"""Inside a family (``kaszino.games.<family>``), bottom up: its rules as code (every module but
these), its solver, its computer players (``solver``, ``players``/``expert``: a module or a subpackage)."""


def _family_layer(module: str) -> tuple[str, int] | None:
    """The family of a module of ``kaszino.games.<family>`` and its layer inside it (None: no family's)."""
    parts = module.split(".")
    if len(parts) < 3 or parts[:2] != ["kaszino", "games"] or parts[2] in ("registry", "__init__"):
        return None
    if len(parts) == 3 and not (PACKAGE / "games" / parts[2]).is_dir():
        return None
    inner = parts[3] if len(parts) > 3 else "rules"
    levels = {name: level for level, names in enumerate(FAMILY_LAYERS) for name in names}
    return parts[2], levels.get(inner, 0)


def test_every_module_has_a_layer() -> None:
    unplaced = sorted({_layer_name(_module_name(path)) for path in _modules()} - LAYER_OF.keys())
    assert not unplaced, f"place these in LAYERS (tests/test_layers.py): {unplaced}"


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(PACKAGE.parent)))
def test_imports_go_down_only(path: Path) -> None:
    own = LAYER_OF[_layer_name(_module_name(path))]
    upward = [
        f"line {line}: {target}"
        for line, target in _imports(path)
        if target.split(".")[0] == "kaszino" and LAYER_OF.get(_layer_name(target), -1) > own
    ]
    assert not upward, f"{path.name} (layer {LAYERS[own]}) imports a higher layer: {upward}"


def _family_modules() -> list[Path]:
    """The modules of every family but each family's own ``__init__``."""
    return [path for path in _modules() if _family_layer(_module_name(path))
            and not (path.name == "__init__.py" and path.parent.parent == PACKAGE / "games")]


@pytest.mark.parametrize("path", _family_modules(), ids=lambda path: str(path.relative_to(PACKAGE.parent)))
def test_a_family_stands_alone(path: Path) -> None:
    """A family imports no other family, and inside it the rules never import its solver, nor the
    solver its players (the shared layers below, ``engine`` among them, are open to all; a family's
    own ``__init__``, which re-exports its public names, is left out)."""
    family, level = _family_layer(_module_name(path)) or ("", 0)
    wrong = []
    for line, target in _imports(path):
        found = _family_layer(target)
        if found and (found[0] != family or found[1] > level):
            wrong.append(f"line {line}: {target}")
    assert not wrong, f"{path.name} ({family}, {FAMILY_LAYERS[level]}) imports across or up: {wrong}"


def test_the_family_check_places_modules() -> None:
    assert _family_layer("kaszino.games.kaszino.state") == ("kaszino", 0)
    assert _family_layer("kaszino.games.kaszino.solver.search") == ("kaszino", 1)
    assert _family_layer("kaszino.games.scopa.players") == ("scopa", 2)
    assert _family_layer("kaszino.games.registry") is None


@pytest.mark.parametrize(
    "path",
    [path for path in _modules() if LAYER_OF[_layer_name(_module_name(path))] < JUPYTER],
    ids=lambda path: str(path.relative_to(PACKAGE.parent)),
)
def test_no_notebook_stack_below_jupyter(path: Path) -> None:
    stack = [f"line {line}: {target}" for line, target in _imports(path)
             if target.split(".")[0] in NOTEBOOK_STACK]
    assert not stack, f"{path.name} imports the notebook stack: {stack}"


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    """The checker itself: a lazy import of the Jupyter layer from the engine is found."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from kaszino.jupyter.render import card_svg\n    return card_svg\n")
    assert (2, "kaszino.jupyter.render") in _imports(sample, package="kaszino.engine")
    assert LAYER_OF[_layer_name("kaszino.jupyter.render")] > LAYER_OF[_layer_name("kaszino.engine.cards")]


def _import_graph() -> dict[str, set[str]]:
    """Module → the package's modules it imports (lazily too).

    ``from a import b`` counts ``a.b`` too when that is a module.
    """
    names = {_module_name(path) for path in _modules()}
    graph: dict[str, set[str]] = {}
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets = {target for _, target in _imports(path)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module is not None and not node.level:
                targets.update(f"{node.module}.{alias.name}" for alias in node.names)
        module = _module_name(path)
        graph[module] = {target for target in targets if target in names and target != module}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            part = []
            while True:
                member = stack.pop()
                part.append(member)
                if member == module:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_import_circles() -> None:
    """No two modules import each other, even through others or lazily inside a function.

    A package ``__init__`` that re-exports its modules is left out: importing a module of a
    package runs its ``__init__`` first anyway, so that arrow is no circle of the code's own.
    """
    graph = {module: {target for target in targets if not module.startswith(f"{target}.")}
             for module, targets in _import_graph().items()}
    assert _circles(graph) == []


def test_the_check_sees_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
