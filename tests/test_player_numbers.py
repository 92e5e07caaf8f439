"""Players are numbered from 0 in the engine and from 1 in every text, through one helper.

The tables say "1. játékos" for the engine's player 0; a text that says "0. játékos" (or calls
the second player "player 1") contradicts them. The static check below finds every text whose
Hungarian version writes "{x}. játékos" and every call that fills ``x`` for such a text, and asks
that the number come from :func:`kaszino.i18n.player_number`.
"""

from __future__ import annotations

import ast
import json
import re
from importlib import resources
from pathlib import Path

import kaszino
from kaszino.i18n import player_number

NUMBERED = re.compile(r"\{(\w+)\}\. játékos")
TEXT_CALLS = {"tr", "words", "of", "in_domain", "_p", "_say", "phrase"}
PLAYER_FIELDS = {"player", "challenger", "capturer"}  # always a player, whatever the text


def numbered_fields() -> dict[str, set[str]]:
    """Catalogue key (without its domain) -> the fields its Hungarian text reads as a player number."""
    found: dict[str, set[str]] = {}
    for path in resources.files("kaszino.locales").iterdir():
        if path.name.endswith(".json"):
            for key, versions in json.loads(path.read_text(encoding="utf-8")).items():
                if fields := set(NUMBERED.findall(versions["hu"])):
                    found.setdefault(key, set()).update(fields)
    return found


def _name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def unnumbered_player_fields() -> list[str]:
    """``file:line field=…`` for every text call that fills a player number without the helper."""
    keys = numbered_fields()
    root = Path(kaszino.__file__).parent
    problems = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).parts[0] in ("engine", "games"):  # the rules, solvers and players make
            continue  # no texts: their events and refusals are data, numbered from 0 (text_fields numbers
            # them from 1: tests/test_events.py)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and _name(node.func) in TEXT_CALLS):
                continue
            first = node.args[0] if node.args else None
            key = first.value.rsplit(".", 1)[-1] if isinstance(first, ast.Constant) and isinstance(
                first.value, str) else None
            wanted = PLAYER_FIELDS | keys.get(key or "", set())
            for keyword in node.keywords:
                value = keyword.value
                made_here = isinstance(value, ast.Call) and _name(value.func) == "player_number"
                if keyword.arg in wanted and not made_here:
                    problems.append(f"{path.relative_to(root)}:{node.lineno} {keyword.arg}=")
    return problems


def test_the_engine_counts_from_zero_the_texts_from_one() -> None:
    assert [player_number(p) for p in range(4)] == [1, 2, 3, 4]


def test_every_player_number_in_a_text_comes_from_the_helper() -> None:
    assert numbered_fields()["claim_short"] == {"player"}  # the check sees the texts it should
    assert unnumbered_player_fields() == []
