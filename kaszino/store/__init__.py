"""The per-user progress store shared by the tutorial, the puzzle trainer and the games."""

from kaszino.errors import StoreError
from kaszino.store.store import (
    ENVIRONMENT_VARIABLE,
    ChapterResult,
    MissedQuestion,
    SavedGame,
    Store,
    current_store,
    default_path,
    open_store,
)

__all__ = [
    "ENVIRONMENT_VARIABLE", "ChapterResult", "MissedQuestion", "SavedGame", "Store", "StoreError",
    "current_store",
    "default_path", "open_store",
]
