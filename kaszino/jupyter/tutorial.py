"""Lesson helpers for the tutorial notebooks: texts, tables, exercises and viewers that follow the language.

A notebook cell stays one line: ``lesson("capture.what")`` shows the lesson file
``lessons/tutorial/capture.what.<lang>.md`` (:mod:`kaszino.lessons`), and
``lesson("chapter01.deck")`` one of a chapter's own folder, ``lessons/chapter01/``; ``live_table("5♠ A♥ K♣",
"2♦ 4♣ 7♥ 9♠")`` a clickable :class:`TableWidget` on a teaching position, showing only the hand
and the table unless a ``view`` says more; ``exercises(...)`` questions with a running score,
``chapter_check("01", ...)`` the closing check whose result is saved; ``deal_viewer(record)``
a recorded deal to step through.

Everything shown through these helpers is *live*: :func:`switch_language` (called by the
:func:`language_switch` buttons and by the HU|EN buttons of every table shown here) switches
the language and redraws all of it in place, so one click turns the whole page. The choice is
kept in the learner's progress file, so the next chapter (and the next session) opens in it.
"""

from __future__ import annotations

import itertools
import os
import weakref
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar

import ipywidgets

from kaszino.engine.cards import parse_cards
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.dealing import check_deck, shuffled_deck
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.record import GameRecord, record_game
from kaszino.games.kaszino.rules import STANDARD
from kaszino.games.kaszino.state import GameState, build, new_game
from kaszino.i18n import LANGUAGES, language, set_language, tr
from kaszino.jupyter.checks import ChapterCheck, ExerciseSet
from kaszino.jupyter.progress import chapter_results, remember_language, restore_language, reviews_due_now
from kaszino.jupyter.render import FULL, LESSON, NO_POINTS, View, cards_html, markdown_html
from kaszino.jupyter.widgets.base import HtmlWidget, one_message
from kaszino.jupyter.widgets.puzzle import PuzzleWidget
from kaszino.jupyter.widgets.table import Mode, TableWidget
from kaszino.jupyter.widgets.viewer import DealViewer
from kaszino.lessons import lesson_source, shipped_folder
from kaszino.puzzles.puzzle import Kind, first_puzzles
from kaszino.puzzles.syllabus import points_taught
from kaszino.store import StoreError
from kaszino.teach.chapter_checks import fresh_check
from kaszino.teach.chapters import PUPIL_VARIABLE, index_markdown, next_steps_markdown
from kaszino.teach.exercises import Goal, MoveTask
from kaszino.teach.explain import Level
from kaszino.teach.fresh import FreshCheck, whole_check
from kaszino.teach.questions import Question

Fresh = Callable[[int], Sequence[Question]]
"""The questions of an attempt at a check, by its number (0, 1 …)."""


class Live(Protocol):
    """Anything that can redraw itself in the current language."""

    def refresh(self) -> None: ...


LiveT = TypeVar("LiveT", bound=Live)

_LIVE: weakref.WeakValueDictionary[int, Live] = weakref.WeakValueDictionary()
"""Everything that follows the language, in the order it was shown (top of the page first)."""
_shown = itertools.count()


def follow_language(widget: LiveT) -> LiveT:
    """Redraw ``widget`` after every language switch, and return it.

    If the widget has HU|EN buttons of its own (messages ``{"action": "lang"}``, as
    :class:`TableWidget` sends), a click on them switches the whole page too.
    """
    if widget not in _LIVE.values():
        _LIVE[next(_shown)] = widget
    on_msg = getattr(widget, "on_msg", None)
    if on_msg is not None:
        on_msg(_on_widget_message)
    return widget


def _on_widget_message(_widget: object, content: object, _buffers: object) -> None:
    # The widget has already switched the language and redrawn itself; now redraw the rest.
    if isinstance(content, dict) and content.get("action") == "lang":
        redraw()
        remember_language(language())


def forget_live() -> None:
    """Stop following the language with everything shown so far (a new page begins)."""
    _LIVE.clear()


def redraw() -> None:
    """Redraw every live text and widget in the current language (the kaszino widgets' new
    pictures reach the browser as one message: :func:`~kaszino.jupyter.widgets.base.one_message`)."""
    with one_message():
        for widget in list(_LIVE.values()):
            widget.refresh()


def switch_language(lang: str) -> None:
    """Switch to ``"hu"`` or ``"en"``, remember the choice, and redraw everything live on the page."""
    set_language(lang)
    redraw()
    remember_language(lang)  # after the page is redrawn: the learner need not wait for the file


class MarkdownText(HtmlWidget):
    """A Markdown text made by ``source`` in the current language, redrawn on every switch.

    The Markdown is turned into HTML here, once per text and language, so that a language switch
    only replaces finished HTML in the browser (no Markdown rendering there), together with the
    page's widgets in one message. Relative links (``01_pakli.ipynb``) open the other notebook,
    in JupyterLab and in the app.
    """

    def __init__(self, source: Callable[[], str]) -> None:
        super().__init__()
        self._source = source
        self._drawn = ""
        self.refresh()
        follow_language(self)

    @property
    def text(self) -> str:
        """The Markdown source in the current language."""
        return self._source()

    def _markup(self) -> str:
        self._drawn = self.text
        return markdown_html(self._drawn)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[Any, Any], dict[Any, Any]] | None:
        # The Markdown too, so the text reads well wherever widgets are not drawn (e.g. on GitHub):
        # the text just drawn, not read again.
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle[0]["text/markdown"] = self._drawn
        return bundle


class LessonText(MarkdownText):
    """One lesson file (see :func:`text_key`, :mod:`kaszino.lessons`) in the current language, read
    afresh whenever the page draws it: an edited file shows on the next reload."""

    def __init__(self, key: str) -> None:
        self.key = key
        full_key = text_key(key)
        super().__init__(lambda: lesson_source(full_key))  # drawn at once: a missing lesson is refused

    def __repr__(self) -> str:
        return f"lesson({self.key!r})"


class ChapterIndex(MarkdownText):
    """The table of contents with a link to every chapter and the learner's saved results."""

    def __init__(self) -> None:
        super().__init__(self._markdown)

    @staticmethod
    def _markdown() -> str:
        pupil = os.environ.get(PUPIL_VARIABLE) == "1"
        try:
            return index_markdown(chapter_results(), language(), pupil=pupil, reviews=reviews_due_now())
        except StoreError as error:
            return index_markdown(None, language(), str(error), pupil=pupil)

    def __repr__(self) -> str:
        return "chapter_index()"


def chapter_index() -> ChapterIndex:
    """The start page's table of contents: what each chapter teaches, a link, and the learner's progress."""
    return ChapterIndex()


def text_key(key: str) -> str:
    """The full key of a lesson: ``key`` itself if it starts with a lessons folder's name
    (``"chapter01.deck"``), else ``tutorial.<key>`` (``"capture.what"``)."""
    if not isinstance(key, str):
        raise KaszinoError(f"a lesson is named by a text like 'chapter01.deck', not {quote(key)}")
    domain = key.partition(".")[0]
    return key if (shipped_folder() / domain).is_dir() else f"tutorial.{key}"


def lesson(key: str) -> LessonText:
    """Show the lesson text ``key`` (see :func:`text_key`); it follows the language switch."""
    return LessonText(key)


class LanguageSwitch(ipywidgets.ToggleButtons):  # type: ignore[misc]
    """HU | EN buttons: a click switches the language of the whole page.

    Made at the top of a chapter, it first restores the language the learner chose last.
    """

    def __init__(self) -> None:
        restore_language()
        super().__init__(options=[(lang.upper(), lang) for lang in LANGUAGES], value=language(),
                         style={"button_width": "48px"})
        self.observe(self._chosen, names="value")
        self.refresh()
        follow_language(self)

    def choose(self, lang: str) -> None:
        """What a click on the button of ``lang`` does."""
        self.value = lang

    def _chosen(self, change: dict[str, Any]) -> None:
        if change["new"] != language():
            switch_language(change["new"])

    def refresh(self) -> None:
        with self.hold_sync():  # one message
            self.description = tr("tutorial.switch")
            self.tooltips = [tr(f"tutorial.switch.{lang}") for lang in LANGUAGES]
            self.value = language()

    def __repr__(self) -> str:
        return f"language_switch(value={self.value!r})"


def language_switch() -> LanguageSwitch:
    """The HU | EN buttons for the top of a notebook."""
    return LanguageSwitch()


def position(hand: str, table: str, *, opponent: str | None = None, first_move: bool = False,
             round_number: int | None = None, last_capturer: int | None = None) -> GameState:
    """A teaching position of the standard game: player 1 to move with ``hand`` against ``table``.

    Player 2 holds ``opponent`` (by default three cards taken, like the talon, from a fixed
    shuffle of the cards not named; ``""`` for an empty hand). The position is in round 1 with
    ``first_move`` (so a tábla now is worth 2), otherwise in ``round_number`` (default 2); the
    talon holds what the later rounds need, and the cards of the earlier rounds lie in the
    players' piles, so all 52 cards are in play. ``last_capturer`` (0 or 1) made the last capture
    of the deal so far (it decides who draws first; by default player 1 when his pile holds cards,
    else player 2 when hers does, else nobody).
    """
    mine, on_table = parse_cards(hand), parse_cards(table)
    theirs = None if opponent is None else parse_cards(opponent)
    named = mine + on_table + (theirs or ())
    rest = [card for card in shuffled_deck(0, 1) if card not in named]
    check_deck(named + tuple(rest))  # refuses a card named twice
    if theirs is None:
        theirs, rest = tuple(rest[:3]), rest[3:]
    rules = STANDARD
    if first_move and round_number not in (None, 1):
        raise KaszinoError(f"a first move is made in round 1, not in round {round_number}")
    number = 1 if first_move else 2 if round_number is None else round_number
    if not 1 <= number <= rules.rounds:
        raise KaszinoError(f"round_number must be 1..{rules.rounds}, not {number}")
    if last_capturer not in (None, 0, 1):
        raise KaszinoError(f"last_capturer is player 0 or 1 (or None), not {quote(last_capturer)}")
    talon, played = tuple(rest[:rules.talon_after(number)]), rest[rules.talon_after(number):]
    half = len(played) // 2
    piles = (tuple(played[:half]), tuple(played[half:]))
    # Cards in a pile were captured by somebody: a position with piles has a last capturer, one
    # whose pile holds cards (with a single card played, player 2's).
    capturer = last_capturer if last_capturer is not None else 0 if piles[0] else 1 if played else None
    return build(replace(PositionDraft.empty(rules), hands=(mine, theirs), table=on_table, talon=talon,
                         piles=piles, to_move=0, round=number, last_capturer=capturer))


def live_table(hand: str, table: str, *, opponent: str | None = None, first_move: bool = False,
               round_number: int | None = None, last_capturer: int | None = None,
               mode: Mode = "practice", view: View = LESSON, level: Level = "rules") -> TableWidget:
    """A clickable table on :func:`position`; in ``"practice"`` mode a correct move does not advance it.

    By default it shows only the hand and the table (``LESSON``) and its explanations speak
    only of the rules (``level="rules"``): give ``view`` and ``level`` for later lessons.
    """
    state = position(hand, table, opponent=opponent, first_move=first_move, round_number=round_number,
                     last_capturer=last_capturer)
    return follow_language(TableWidget(state, mode=mode, view=view, level=level))


class CardsPicture(ipywidgets.HTML):  # type: ignore[misc]
    """A row of face-up cards (a picture; cards read the same in every language)."""

    def __init__(self, cards: str) -> None:
        self.cards = parse_cards(cards)
        super().__init__(f'<div style="max-width:900px;">{cards_html(self.cards)}</div>')

    def __repr__(self) -> str:
        return f"show_cards({' '.join(map(str, self.cards))!r})"


def show_cards(cards: str) -> CardsPicture:
    """A picture of ``cards`` (e.g. ``"A♠ 2♠ 3♠"``) in a row."""
    return CardsPicture(cards)


def play_table(state: GameState, *, view: View = FULL, level: Level = "rules") -> TableWidget:
    """A table in play mode on any ``state`` (a fresh deal: ``new_game(seed=…)``): the learner
    makes every player's moves, and each move says what it set going (a new round, the end …)."""
    return follow_language(TableWidget(state, mode="play", view=view, level=level))


def table_task(key: str, hand: str, table: str, goal: Goal, *, opponent: str | None = None,
               first_move: bool = False, round_number: int | None = None, level: Level = "rules") -> MoveTask:
    """A :class:`MoveTask` on :func:`position`: the text at ``key``, a miss explained at ``<key>.why``."""
    state = position(hand, table, opponent=opponent, first_move=first_move, round_number=round_number)
    return MoveTask(key, state, goal, level)


def exercises(*questions: Question, view: View = LESSON) -> ExerciseSet:
    """Questions after a section, with their running score (see :mod:`kaszino.jupyter.checks`)."""
    return follow_language(ExerciseSet(questions, view=view))


def chapter_check(chapter: str, *questions: Question, view: View = LESSON,
                  fresh: FreshCheck | Fresh | None = None) -> ChapterCheck:
    """The closing check of ``chapter`` ("01" …): 5–10 questions, the result saved in the progress file.

    Without ``questions``, the chapter's check made afresh per attempt
    (:func:`kaszino.teach.chapter_checks.fresh_check`; or ``fresh``: a check, or attempt number →
    questions): every attempt has new questions, the numbering going on from the attempts already
    saved, so the next session does not repeat the last one, and the questions missed before come back.
    """
    footer = MarkdownText(lambda: next_steps_markdown(chapter, language()))  # where to go from here
    if questions and fresh is None:
        return follow_language(ChapterCheck(chapter, questions, view=view, footer=footer))
    if fresh is None:
        fresh = fresh_check(chapter)
    elif not isinstance(fresh, FreshCheck):
        fresh = whole_check(chapter, fresh, len(fresh(0)))
    try:
        saved = chapter_results().get(chapter)
    except StoreError:
        saved = None
    attempt = 0 if saved is None else saved.attempts
    return follow_language(ChapterCheck(chapter, view=view, fresh=fresh, attempt=attempt, footer=footer))


def deal_viewer(record: GameRecord, *, level: Level = "scoring", view: View | None = None,
                score: bool = True) -> DealViewer:
    """A :class:`DealViewer` on the first deal of ``record``, following the language switch."""
    return follow_language(DealViewer(record, level=level, view=view or View(), score=score))


def sample_deal(seed: int) -> GameRecord:
    """A whole deal of the standard game from ``seed`` in which every player makes the first
    legal move the engine lists (its first capture if there is one, else laying its first card)."""
    state = start = new_game(STANDARD, seed=seed)
    moves = []
    while not state.deal_over and not state.finished:
        move = state.legal_moves()[0]
        moves.append(move)
        state = state.play(move)
    return record_game(start, moves)


def pick(widget: TableWidget, cards: str) -> None:
    """Click each of ``cards`` (e.g. ``"5♠ A♥ 2♦ 4♣"``) on ``widget``, as a learner would."""
    for card in parse_cards(cards):
        widget.select(card)


def taught_view(kinds: Sequence[str]) -> View:
    """What a puzzle's table shows to a learner served ``kinds`` (empty: every kind): the secured
    points only once they are taught (:func:`~kaszino.puzzles.syllabus.points_taught`)."""
    return FULL if points_taught(kinds) else NO_POINTS


def puzzle_trainer(kinds: Sequence[Kind] = ("all_captures", "sweep"), per_kind: int = 3) -> PuzzleWidget:
    """A :class:`PuzzleWidget` with the ``per_kind`` easiest shipped puzzles of each of ``kinds``
    (each kind's first: only they are read), showing what the kinds' chapters have taught
    (:func:`taught_view`)."""
    chosen = [puzzle for kind in kinds for puzzle in first_puzzles(kind, per_kind)]
    return follow_language(PuzzleWidget(chosen, view=taught_view(kinds)))
