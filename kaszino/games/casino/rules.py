"""The rules of a Casino game (docs/casino.md): the number of players and the target, one frozen value.

``CasinoRules()`` is the standard two-player game; the presets name the three tables of §10
(``standard``: two players, ``three``: three players each alone, ``teams``: four in two teams,
partners opposite). The rules' text form (``teams``, ``standard,target=11``) is written and read
here, for the position notation and the game records.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from kaszino.errors import KaszinoError, NotationError, quote
from kaszino.inputs import MAX_COUNT, check_whole, read_whole

HAND_SIZE = 4
"""Cards each player gets at every hand of a deal."""
TABLE_START = 4
"""Cards dealt face up to the table at the start of a deal (none later)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_BUILD = 2
"""The smallest value a build may be announced as (the largest is the highest number card, 10)."""


@dataclass(frozen=True, slots=True)
class CasinoRules:
    """The settings of a Casino game; the defaults are the standard game for two."""

    players: int = 2
    """2 or 3 players each alone, or 4 in two teams (players 0 and 2 against 1 and 3)."""
    target: int = 21
    """The total that ends the game after a deal (the highest total wins; a tie at the top plays on)."""

    def __post_init__(self) -> None:
        check_whole("rules: players", self.players, MIN_PLAYERS, MAX_PLAYERS)
        check_whole("rules: target", self.target, 1, MAX_COUNT)

    @property
    def name(self) -> str:
        """The preset these rules are, or ``custom``."""
        return next((name for name, rules in PRESETS.items() if rules == self), "custom")

    @property
    def teams(self) -> bool:
        """Four players play in two teams, partners opposite."""
        return self.players == MAX_PLAYERS

    @property
    def sides(self) -> int:
        """How many sides score: a team counts together."""
        return 2 if self.teams else self.players

    def side(self, player: int) -> int:
        """The side ``player`` scores for: himself, or with four players his team (0: players 0
        and 2, 1: players 1 and 3), so a side is named by its first seat."""
        return player % 2 if self.teams else player

    @property
    def rounds(self) -> int:
        """Hands in a deal: the 48 cards after the table's four, 4 to each player a hand (6, 4, 3)."""
        return (52 - TABLE_START) // (HAND_SIZE * self.players)

    def talon_after(self, round_number: int) -> int:
        """Cards still to deal once the hands of round ``round_number`` are given."""
        return HAND_SIZE * self.players * (self.rounds - round_number)


PRESETS: dict[str, CasinoRules] = {
    "standard": CasinoRules(),
    "three": CasinoRules(players=3),
    "teams": CasinoRules(players=4),
}
"""The named rule sets."""


def preset(name: str) -> CasinoRules:
    """The rules of a preset, or an error naming the known presets."""
    if not isinstance(name, str) or name not in PRESETS:
        raise KaszinoError(f"no Casino preset {quote(name)}; known: {', '.join(PRESETS)}")
    return PRESETS[name]


def format_rules(rules: CasinoRules) -> str:
    """``standard``, ``teams`` or ``standard,target=11``: the preset with these players, then the target
    if it differs."""
    name = next(name for name, base in PRESETS.items() if base.players == rules.players)
    return name if rules.target == PRESETS[name].target else f"{name},target={rules.target}"


def parse_rules(text: str) -> CasinoRules:
    """Read rules written by :func:`format_rules`; ``NotationError`` names the bad part."""
    if not isinstance(text, str):
        raise NotationError(f"rules are written as text, e.g. 'standard', not {quote(text)}")
    name, *changes = (part.strip() for part in text.strip().split(","))
    if name not in PRESETS:
        raise NotationError(f"rules: no preset {quote(name)}; known: {', '.join(PRESETS)}")
    rules = PRESETS[name]
    known = tuple(field.name for field in fields(CasinoRules) if field.name != "players")
    if len(changes) > len(known):
        raise NotationError(f"rules: at most {', '.join(known)} after the preset, not {quote(text)}")
    for change in changes:
        key, equals, value = (part.strip() for part in change.partition("="))
        if not equals or key not in known:
            raise NotationError(f"rules: {quote(change)} is not 'field=value' with a field of "
                                f"{', '.join(known)}")
        rules = replace(rules, target=read_whole("rules: target", value, 1, MAX_COUNT, NotationError))
    return rules
