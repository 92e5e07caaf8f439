"""The families of rules behind one game seam (:mod:`.seam`): Kaszinó and Scopa, found by name."""

from kaszino.games.registry import FAMILIES, family, family_of, read_record, record_family
from kaszino.games.seam import Family, GameState

__all__ = ["FAMILIES", "Family", "GameState", "family", "family_of", "read_record", "record_family"]
