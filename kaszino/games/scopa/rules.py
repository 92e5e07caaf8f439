"""The rules of a Scopa game (docs/scopa.md): the variants as switches of one frozen value.

``ScopaRules()`` is the standard game; a preset names a common set of switches. The rules' text
form (``standard``, ``standard,scopa=false``) is written and read here, for the position notation
and the game records.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.inputs import MAX_COUNT, check_whole, read_whole

ROUNDS = 6
"""Rounds in a deal: 3 cards to each player six times (4 table cards + 36)."""

HAND_SIZE = 3
TABLE_START = 4
KINGS_FOR_REDEAL = 3
"""With the redeal switch on, this many kings (or more) among the first table cards call a redeal."""


@dataclass(frozen=True, slots=True)
class ScopaRules:
    """The switches of a Scopa game; the defaults are the standard game of Scopa."""

    scopa: bool = True
    """A scopa (clearing the table, not on the deal's last move) scores 1 point; off: 0."""
    primiera: bool = True
    """The primiera point is played; off: a deal has three card points (for beginners)."""
    kings_redeal: bool = False
    """Three or four kings among the first four table cards: the dealer deals again."""
    target: int = 11
    """The total that ends the game after a deal (the higher total wins; a tie plays on)."""

    def __post_init__(self) -> None:
        for name in ("scopa", "primiera", "kings_redeal"):
            if type(getattr(self, name)) is not bool:
                raise KaszinoError(f"rules: {name} must be True or False, not {quote(getattr(self, name))}")
        check_whole("rules: target", self.target, 1, MAX_COUNT)

    @property
    def name(self) -> str:
        """The preset these rules are, or ``custom``."""
        return next((name for name, rules in PRESETS.items() if rules == self), "custom")


PRESETS: dict[str, ScopaRules] = {
    "standard": ScopaRules(),
    "beginner": ScopaRules(primiera=False),
    "no_scopa": ScopaRules(scopa=False),
    "kings_redeal": ScopaRules(kings_redeal=True),
}
"""The named sets of switches."""


def preset(name: str) -> ScopaRules:
    """The rules of a preset, or an error naming the known presets."""
    if not isinstance(name, str) or name not in PRESETS:
        raise KaszinoError(f"no Scopa preset {quote(name)}; known: {', '.join(PRESETS)}")
    return PRESETS[name]


def format_rules(rules: ScopaRules) -> str:
    """``standard``, ``beginner`` or ``standard,target=21``: a preset, then the fields that differ."""
    name = rules.name if rules.name in PRESETS else "standard"
    base = PRESETS[name]
    parts = [name]
    for field in fields(ScopaRules):
        value = getattr(rules, field.name)
        if value != getattr(base, field.name):
            parts.append(f"{field.name}={_token(value)}")
    return ",".join(parts)


def _token(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_BOOLEANS = {"true": True, "false": False}


def parse_rules(text: str) -> ScopaRules:
    """Read rules written by :func:`format_rules`; ``NotationError`` names the bad part."""
    if not isinstance(text, str):
        raise NotationError(f"rules are written as text, e.g. 'standard', not {quote(text)}")
    name, *changes = text.strip().split(",")
    if name not in PRESETS:
        raise NotationError(f"rules: no preset {quote(name)}; known: {', '.join(PRESETS)}")
    rules = PRESETS[name]
    known = {field.name for field in fields(ScopaRules)}
    seen: set[str] = set()
    for change in changes:
        key, equals, value = change.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or key not in known:
            raise NotationError(f"rules: {quote(change)} is not 'field=value' with a field of "
                                f"{', '.join(sorted(known))}")
        if key in seen:
            raise NotationError(f"rules: {quote(key)} given twice")
        seen.add(key)
        if key == "target":
            rules = replace(rules, target=read_whole("rules: target", value, 1, MAX_COUNT, NotationError))
        elif value in _BOOLEANS:
            rules = replace(rules, **{key: _BOOLEANS[value]})
        else:
            raise NotationError(f"rules: {key} is 'true' or 'false', not {quote(value)}")
    return rules
