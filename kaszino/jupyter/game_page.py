"""The texts and the widget of the notebook "20_jatek" (a game against the computer)."""

from __future__ import annotations

from kaszino.i18n import tr
from kaszino.jupyter.tutorial import LessonText, follow_language
from kaszino.jupyter.widgets.game import GameWidget
from kaszino.store import current_store


class PageText(LessonText):
    """A Markdown text of the game page (catalogue ``game``), following the language switch."""

    @property
    def text(self) -> str:
        return tr(f"game.page_{self.key}")

    def __repr__(self) -> str:
        return f"page_text({self.key!r})"


def page_text(key: str) -> PageText:
    """Show the game page's text ``game.page_<key>``."""
    return PageText(key)


def game_widget(seed: int | None = None) -> GameWidget:
    """The game against the computer, saving finished games in the learner's progress file."""
    return follow_language(GameWidget(seed=seed, store=current_store))
