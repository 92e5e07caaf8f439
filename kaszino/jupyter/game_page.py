"""The texts and the widget of the notebook "20_jatek" (a game against the computer)."""

from __future__ import annotations

from kaszino.jupyter.tutorial import LessonText, follow_language
from kaszino.jupyter.widgets.game import GameWidget
from kaszino.store import current_store


def page_text(key: str) -> LessonText:
    """Show the game page's text ``game.page_<key>``."""
    return LessonText(f"game.page_{key}")


def game_widget(seed: int | None = None) -> GameWidget:
    """The game against the computer, saving finished games in the learner's progress file."""
    return follow_language(GameWidget(seed=seed, store=current_store))
