"""The rules of a game as one frozen value (docs/rules.md §5–§7).

``Rules()`` is the standard two-player game of the main Hungarian description;
every variant is one field, and the named presets are ``Rules`` values too.
No other module hard-codes a rule: they all read it from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Literal, get_args

from kaszino.errors import KaszinoError, quote

ClaimMode = Literal["auto", "manual"]
TargetCheck = Literal["continuous", "after_deal"]

MAX_NAME = 40
"""The longest rules name."""

_FLAGS = frozenset({"may_pass_after_tabla", "fals", "opponent_starts_after_draw"})
_CHOICES: dict[str, tuple[str, ...]] = {"target_check": get_args(TargetCheck), "claim": get_args(ClaimMode)}
_OPTIONAL = frozenset({"capture_limit", "max_hand_cards", "target", "fixed_deals"})
_BOUNDS: dict[str, tuple[int, int]] = {
    "players": (2, 4), "capture_limit": (1, 1000), "max_hand_cards": (1, 4), "target": (1, 1000),
    "fixed_deals": (1, 1000),
}
_POINTS = (0, 100)
"""The bounds of every points field (most cards, spades, aces, casinos, táblák, Fals! fines)."""
_UNWRITABLE = re.compile(r"[,;=|#]")


def field_problem(name: str, value: object) -> str | None:
    """Why ``value`` cannot be the rules field ``name`` (its type or range), or None if it can."""
    if name == "name":
        return name_problem(value)
    if name in _FLAGS:
        return None if type(value) is bool else f"{name} must be true or false, not {quote(value)}"
    if name in _CHOICES:
        choices = _CHOICES[name]
        return None if value in choices and type(value) is str else \
            f"{name} must be {' or '.join(choices)}, not {quote(value)}"
    if value is None and name in _OPTIONAL:
        return None
    low, high = _BOUNDS.get(name, _POINTS)
    if type(value) is not int or not low <= value <= high:
        none = " or none" if name in _OPTIONAL else ""
        return f"{name} must be a whole number {low}..{high}{none}, not {quote(value)}"
    return None


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot name rules (it must be written back in a position's notation), or None."""
    if (not isinstance(name, str) or not name or len(name) > MAX_NAME or name != name.strip()
            or not name.isprintable() or _UNWRITABLE.search(name)):
        return (f"name must be 1..{MAX_NAME} printable characters without , ; = | # "
                f"or outer spaces, not {quote(name)}")
    return None


@dataclass(frozen=True, slots=True)
class Rules:
    """One field per rule that varies. Field comments name the variant of docs/rules.md §7."""

    players: int = 2  # P3, P4
    capture_limit: int | None = 13  # None: V8, no limit on a capture's sum
    max_hand_cards: int | None = None  # 2: V2
    most_cards_points: int = 3  # 2: V1; 1: S003
    most_spades_points: int = 2  # 1: V1 and S003
    ace_points: int = 1
    big_casino_points: int = 2  # 10♦, nagykaszinó
    little_casino_points: int = 1  # 2♠, kiskaszinó
    tabla_points: int = 1
    first_move_tabla_points: int = 2  # 1: S003 (no double on the first move)
    may_pass_after_tabla: bool = False  # V3
    target: int | None = 11  # V5: another target; None with fixed_deals: V4
    target_check: TargetCheck = "continuous"  # V5: "after_deal"
    fixed_deals: int | None = None  # V4: play this many deals, highest total wins
    claim: ClaimMode = "auto"  # §6: automatic claims, or the trainer's manual "Ausz!"
    fals: bool = False  # V6: false captures may be attempted and challenged
    fals_penalty: int = 2  # V6: what a right challenge gives the challenger
    fals_reward: int = 1  # V6: what a wrong challenge gives the capturer
    opponent_starts_after_draw: bool = False  # V7
    name: str = "standard"

    def __new__(cls, *values: object, **named: object) -> Rules:
        """Name what the generated ``__init__`` would refuse with a bare ``TypeError``."""
        known = [field.name for field in fields(cls)]
        unknown = sorted(set(named) - set(known))
        if unknown:
            raise KaszinoError(f"invalid rules: no field named {', '.join(map(quote, unknown))}")
        if len(values) > len(known):
            raise KaszinoError(f"invalid rules: {len(values)} values given in order, but the rules have "
                               f"{len(known)} fields: {', '.join(known)}")
        twice = [name for name in known[:len(values)] if name in named]
        if twice:
            raise KaszinoError(f"invalid rules: {', '.join(map(quote, twice))} given twice, "
                               f"in order and by name")
        return object.__new__(cls)  # not super(): slots=True makes a new class

    def __post_init__(self) -> None:
        problems = [problem for field in fields(self)
                    if (problem := field_problem(field.name, getattr(self, field.name))) is not None]
        if (self.target is None) == (self.fixed_deals is None):
            problems.append("exactly one of target (race) and fixed_deals (V4) must be set")
        if problems:
            raise KaszinoError("invalid rules: " + "; ".join(problems))

    # --- derived facts of the deal structure (docs/rules.md §3, P3, P4) -----------------
    @property
    def rounds(self) -> int:
        """Rounds (menetek) in a deal: 8 for two players, 5 for three, 4 for four."""
        return {2: 8, 3: 5, 4: 4}[self.players]

    def hand_size(self, round_number: int) -> int:
        """Cards each player gets in round ``round_number`` (1-based)."""
        if self.players == 3 and round_number == self.rounds:
            return 4
        return 3

    def talon_after(self, round_number: int) -> int:
        """Cards the talon still holds once round ``round_number`` has been dealt."""
        return sum(self.players * self.hand_size(r) for r in range(round_number + 1, self.rounds + 1))

    def tabla_worth(self, first_move: bool) -> int:
        """The points of a tábla: more, under S003, when it is the player's first move of the deal."""
        return self.first_move_tabla_points if first_move else self.tabla_points

    @property
    def best_tabla_worth(self) -> int:
        """The most one tábla can be worth, on a first move or not."""
        return max(self.tabla_points, self.first_move_tabla_points)

    @property
    def table_start(self) -> int:
        """Cards laid face up on the table at the start of a deal."""
        return 4

    @staticmethod
    def preset(name: str) -> Rules:
        """The named preset, e.g. ``Rules.preset("s003")``; see :data:`PRESETS`."""
        return preset(name)

    def with_changes(self, **changes: object) -> Rules:
        """A copy with some fields changed, validated like a new value."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def changed_fields(self) -> dict[str, object]:
        """The fields that differ from ``Rules()``, for notation and display."""
        default = Rules()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }


STANDARD = Rules()
S003 = Rules(
    most_cards_points=1,
    most_spades_points=1,
    first_move_tabla_points=1,
    name="s003",
)

PRESETS: dict[str, Rules] = {
    "standard": STANDARD,
    "s003": S003,
    "v1": Rules(most_cards_points=2, most_spades_points=1, name="v1"),
    "v2": Rules(max_hand_cards=2, name="v2"),
    "v3": Rules(may_pass_after_tabla=True, name="v3"),
    "v4": Rules(target=None, fixed_deals=2, name="v4"),
    "v5": Rules(target=21, target_check="after_deal", name="v5"),
    "v6": Rules(fals=True, name="v6"),
    "v7": Rules(opponent_starts_after_draw=True, name="v7"),
    "v8": Rules(capture_limit=None, name="v8"),
    "p3": Rules(players=3, name="p3"),
    "p4": Rules(players=4, name="p4"),
    "trainer": Rules(claim="manual", name="trainer"),
}
"""Named rule sets. ``Rules.preset(name)`` looks one up."""


def preset(name: str) -> Rules:
    """The named preset (case-insensitive), or a ``KaszinoError`` listing the names."""
    found = PRESETS.get(name.lower()) if isinstance(name, str) else None
    if found is None:
        raise KaszinoError(f"unknown rules preset {quote(name)}; known: {', '.join(PRESETS)}")
    return found
