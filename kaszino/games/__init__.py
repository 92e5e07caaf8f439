"""The families of rules behind one game seam (:mod:`.seam`): Kaszinó, Scopa and Casino, found by name."""

from kaszino.engine.seam import Family, GameState
from kaszino.games.registry import FAMILIES, family, family_of, read_record, record_family

__all__ = ["FAMILIES", "Family", "GameState", "family", "family_of", "read_record", "record_family"]
