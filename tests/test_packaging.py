"""The package's metadata tells the truth: every import is a declared dependency (once), the release
in ``pyproject.toml`` is the newest in the changelog, and every citation of the rules names a
section that ``docs/rules.md`` has."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
CITED = ("kaszino", "tests", "docs", "benchmarks", "scripts", "notebooks", "README.md")


def _declared() -> list[str]:
    """Every distribution named by the dependencies and the extras (but kaszino's own extras)."""
    requirements = [*PROJECT["dependencies"], *(r for extra in PROJECT["optional-dependencies"].values()
                                                 for r in extra)]
    return [str(canonicalize_name(Requirement(r).name)) for r in requirements if not r.startswith("kaszino[")]


def _imported() -> dict[str, str]:
    """The top-level modules outside the standard library that ``kaszino/`` imports, each with a file."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "kaszino").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and not node.level and node.module
                     else [])
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "kaszino":
                    found.setdefault(top, str(path.relative_to(ROOT)))
    return found


def test_every_import_is_declared_once() -> None:
    declared = _declared()
    twice = sorted({name for name in declared if declared.count(name) > 1})
    assert not twice, f"declared twice: {twice}"
    owners = metadata.packages_distributions()
    missing = {module: where for module, where in _imported().items()
               if not any(str(canonicalize_name(d)) in declared for d in owners.get(module, [module]))}
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"


def test_the_release_is_the_newest_in_the_changelog() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## (\d+\.\d+\.\d+)\b", changelog, re.MULTILINE)
    assert releases and releases[0] == PROJECT["version"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"kaszino-{PROJECT['version']}-py3-none-any.whl" in readme, "the README installs this release"


def _rules_sections() -> set[str]:
    """The sections of docs/rules.md: ``2`` for a heading, ``3.5`` for a numbered point under it."""
    sections, current = set(), ""
    for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        if heading := re.match(r"## (\d+)\. ", line):
            current = heading.group(1)
            sections.add(current)
        elif point := re.match(r"(\d+)\. ", line):
            sections.add(f"{current}.{point.group(1)}")
    return sections


def _texts() -> list[tuple[Path, str]]:
    paths = [path for name in CITED
             for path in ((ROOT / name).rglob("*") if (ROOT / name).is_dir() else [ROOT / name])]
    return [(p, p.read_text(encoding="utf-8")) for p in paths
            if p.is_file() and p.suffix in (".py", ".md", ".ipynb") and "__pycache__" not in p.parts]


def test_every_rules_citation_names_a_section_of_the_projects_reference() -> None:
    sections = _rules_sections()
    assert {"1", "2", "3.1", "3.7", "4", "5", "6", "7", "8"} <= sections
    cited = 0
    for path, text in _texts():
        assert not re.search(r"(?<![\w/])RULES(\.md| §)", text), f"{path} cites a file users do not have"
        for citation in re.finditer(r"rules\.md (§[\d.–, §]+)", text):
            for number in re.findall(r"§(\d+(?:\.\d+)?)", citation.group(1)):
                assert number in sections, f"{path}: rules.md §{number} does not exist"
                cited += 1
    assert cited > 50
