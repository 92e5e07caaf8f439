"""The puzzle trainer on a clickable table: answers in every form, hints, solution, back and forth.

Built on :class:`TableWidget` in practice mode: the position never advances. A
:class:`~kaszino.puzzles.trainer.Trainer` decides everything else — which puzzle comes next, how a
visit ends, what is rated and stored; the widget only turns clicks into the trainer's calls and
draws what it says. The answer input follows the puzzle's ``answer_form``:

- ``"captures"`` (find every capture): pick cards, "Hozzáad" for each capture, then "Kész" (in
  ``casino_builds`` "Hozzáad" reads the picked cards as a build move);
- ``"move"``: pick cards and press "Ütés!" (or "Lerak" where a lay may be the answer, "Építés"
  where a Casino build move may be);
- ``"choice"``: one button per ``puzzle.choices()``;
- ``"number"``: a number field and "Beküld".

A selection that is no legal capture is refused as the table always refuses it, without
counting as an answer. A Casino pick that names several moves (two groupings, two build values)
offers them as buttons, as the game page does; the one chosen is the answer (or is added to it).
With ``controls=True`` the widget also shows the trainer's menus (mode, kind, difficulty, theme),
the learner's rating and streak, and a session summary.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from itertools import count

from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.captures import Capture, capture_problem
from kaszino.games.scopa.moves import ScopaMove
from kaszino.i18n import tr
from kaszino.inputs import check_whole, whole_number
from kaszino.jupyter.render import FULL, View
from kaszino.jupyter.widgets.answers import options_html, typed_html
from kaszino.jupyter.widgets.base import Choice, Text, text
from kaszino.jupyter.widgets.fronts import Builder
from kaszino.jupyter.widgets.kaszino_front import kaszino_move_text
from kaszino.jupyter.widgets.table import Button, TableWidget
from kaszino.jupyter.widgets.trainer_view import (
    LEARNT,
    controls_html,
    date_text,
    mode_html,
    rating_chart_html,
    status_html,
    summary_html,
    timed_start_text,
)
from kaszino.puzzles.puzzle import KIND_RULES, Puzzle, band_of
from kaszino.puzzles.trainer import Filters, Trainer, Visit
from kaszino.teach.exercises import read_number
from kaszino.teach.scopa_moves import move_words

LAY_KINDS = frozenset({"last_round", "defend", "deal_saving", "scopa_last_round", "casino_last_hand"})
"""Kinds whose answer may be a lay (a Casino trail) rather than a capture."""

BUILD_KINDS = frozenset({"casino_last_hand"})
"""Kinds whose one-move answer may be a Casino build move ("Építés")."""

BUILD_LISTS = frozenset({"casino_builds"})
"""Kinds whose answer is a list of Casino build moves: "Hozzáad" reads the pick as a build."""

OPEN_KINDS = frozenset({"deal_saving"})
"""Kinds whose position shows every card: both hands face up (the task text lists the talon)."""

COUNTING_KINDS = frozenset({"ausz", "score_deal", "scopa_primiera"})
"""Kinds that ask the learner to count points: no totals are shown until the visit is decided."""

_NUMBER_FIELDS = count()


class PuzzleWidget(TableWidget):
    """Puzzles one after another; see the module docstring.

    ``source`` is a trainer, or a list of puzzles served in order without storing anything (a
    chapter's short set); ``start`` skips to that puzzle of such a list. ``view``: what the table
    shows besides the hand and the table cards (a chapter's set may leave out what it has not taught).
    """

    def __init__(self, source: Sequence[Puzzle] | Trainer, *, start: int = 0, controls: bool = False,
                 view: View = FULL) -> None:
        if isinstance(source, Trainer):
            trainer = source
        else:
            trainer = Trainer(source, mode="sequence")  # it checks the puzzles
            check_whole("start", start, 0, len(source) - 1)
        self._trainer = trainer
        for _ in range(start + 1):
            if trainer.next() is None:
                raise KaszinoError("no puzzle to show with these settings")
        self._controls = controls
        self._answer: tuple[object, ...] = ()
        self._summary_shown = False
        self._number_field = f"kaszino-number-{next(_NUMBER_FIELDS)}"
        self._chosen: Callable[[object], None] = self._answer_move
        super().__init__(self._visit.puzzle.state, mode="practice", view=view)

    # --- what the notebook and the tests read ------------------------------------------
    @property
    def trainer(self) -> Trainer:
        """The trainer behind the widget."""
        return self._trainer

    @property
    def _visit(self) -> Visit:
        visit = self._trainer.visit
        assert visit is not None  # the constructor served a first puzzle
        return visit

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown now."""
        return self._visit.puzzle

    @property
    def index(self) -> int:
        """The number of the visit shown, from 0."""
        return self._trainer.position

    @property
    def solved(self) -> frozenset[int]:
        """The numbers of the visits whose first answer was right (with or without a hint)."""
        return frozenset(number for number, visit in enumerate(self._trainer.visits)
                         if visit.outcome in ("solved", "partial"))

    @property
    def answer(self) -> tuple[object, ...]:
        """The captures collected with "Hozzáad" (``captures`` answers)."""
        return self._answer

    @property
    def hints_shown(self) -> list[str]:
        """The hints revealed so far, in the current language."""
        return self._trainer.hints_shown()

    @property
    def solution_shown(self) -> bool:
        """Whether the solution of the puzzle shown has been revealed."""
        return self._visit.solution_shown

    @property
    def summary_shown(self) -> bool:
        """Whether the session summary is open."""
        return self._summary_shown

    # --- answering --------------------------------------------------------------------------
    def press_capture(self) -> None:
        """"Ütés!": answer with the selected capture (``move`` answers)."""
        self._picked(self._front.capture(self._state, *self.selection), self._answer_move)

    def press_lay(self) -> None:
        """"Lerak": answer with laying the one selected hand card (kinds where a lay may be right)."""
        self._picked(self._front.lay(self._state, *self.selection), self._submit)

    def press_build(self) -> None:
        """"Építés" (Casino): answer with the build move the selected cards make (``move`` answers)."""
        front = self._front
        if not isinstance(front, Builder) or self.puzzle.kind not in BUILD_KINDS:
            self._say("bad", text("ui.not_now"))
            return
        self._picked(front.build(self._state, *self.selection), self._submit)

    def choose_move(self, index: int) -> None:
        """One of the moves a pick named: it answers (or joins the answer) as the press meant."""
        moves = self.choices
        move = moves[check_whole("choice", index, 0, len(moves) - 1)]
        self._choice = None
        self._chosen(move)

    def add_capture(self) -> None:
        """"Hozzáad": put the selected capture (in ``casino_builds`` the build move) into the answer
        (``captures`` answers)."""
        if self.puzzle.answer_form != "captures":
            self._say("bad", text("ui.not_now"))
            return
        front = self._front
        made = (front.build(self._state, *self.selection)
                if self.puzzle.kind in BUILD_LISTS and isinstance(front, Builder)
                else front.capture(self._state, *self.selection))
        self._picked(made, self._add)

    def _add(self, capture: object) -> None:
        if not self._legal(capture):
            return
        self._hand_pick = self._table_pick = frozenset()
        if capture in self._answer:
            self._say("info", text("ui.already_added", move=lambda: self._answer_text(capture)))
            return
        self._answer += (capture,)
        self._say("info", text("ui.added", move=lambda: self._answer_text(capture), count=len(self._answer)))

    def press_done(self) -> None:
        """"Kész": answer with the collected captures (``captures`` answers)."""
        if self.puzzle.answer_form != "captures":
            self._say("bad", text("ui.not_now"))
            return
        self._submit(self._answer)

    def start_over(self) -> None:
        """"Újra": forget the collected captures, the selection and the feedback."""
        self._answer = ()
        self.clear()

    def choose(self, value: str) -> None:
        """A choice button: answer with the choice numbered ``value`` (from 0) of ``puzzle.choices()``."""
        choices = tuple(self.puzzle.choices())
        if self._form() != "choice":
            raise KaszinoError(f"this puzzle is not answered by a choice, so not by {quote(value)}")
        self._submit(choices[whole_number("choice", value, 0, len(choices) - 1)])

    def submit_number(self, value: str) -> None:
        """"Beküld": answer with the whole number typed (``number`` answers)."""
        if self._form() != "number":
            raise KaszinoError(f"this puzzle is not answered by a number, so not by {quote(value)}")
        try:
            number = read_number(value)
        except KaszinoError:
            self._say("bad", text("trainer.number_needed"))
            return
        self._submit(number)

    def show_hint(self) -> None:
        """"Tipp": reveal the next step of the hint ladder."""
        if self._trainer.hint() is None:
            self._say("info", text("ui.no_more_hints"))
            return
        self.refresh()

    def show_solution(self) -> None:
        """"Megoldás": show every correct answer with its explanation (an open visit is failed)."""
        decided = self._visit.decided
        self._trainer.show_solution()
        if not decided:
            self._say("bad", *self._outcome_lines(self._visit, text("trainer.solution_failed")))
        else:
            self.refresh()

    # --- moving between puzzles ---------------------------------------------------------------
    def next_puzzle(self) -> None:
        """"Következő": the next puzzle of the session, or a new one chosen by the mode.

        When the day's review is done, the trainer goes on in rated mode and says so.
        """
        trainer = self._trainer
        at_end = trainer.position + 1 >= len(trainer.visits)
        if trainer.mode == "review" and at_end and not trainer.candidates():
            trainer.mode = "rated"
            self._go(trainer.serve_new, text("trainer.review_done"))
            return
        self._go(trainer.next)

    def _go(self, move: Callable[[], Puzzle | None], news: Text | None = None) -> None:
        if move() is None:
            self._say("info", self._nothing_more())
            return
        self._show_visit()
        if news is not None:
            self._say("info", news)

    def previous_puzzle(self) -> None:
        """"Előző": back to the puzzle before, as it was left."""
        if self._trainer.previous() is None:
            self._say("info", text("trainer.first_puzzle"))
            return
        self._show_visit()

    def show_summary(self) -> None:
        """"Összegzés": show (or hide) the session summary."""
        self._summary_shown = not self._summary_shown
        self.refresh()

    def set_mode(self, mode: str) -> None:
        """Switch the trainer's mode (``rated``, ``streak``, ``review``) and serve a puzzle of it.

        With no review due the mode stays as it was and says so: the puzzle on the table is still
        one of that mode, never a live puzzle under a "nothing due" message.
        """
        trainer = self._trainer
        before = trainer.mode
        trainer.mode = mode  # type: ignore[assignment]  # the trainer checks the name
        if trainer.mode in ("review", "daily") and not trainer.candidates():
            news = self._nothing_due() if trainer.mode == "review" else text("trainer.daily_done")
            trainer.mode = before
            self._say("info", news, text("trainer.mode_kept"))
            return
        self._go(trainer.serve_new, timed_start_text if trainer.mode == "timed" else None)

    def set_filter(self, name: str, value: str) -> None:
        """Narrow ``game``, ``kind``, ``band`` or ``theme`` to ``value`` ("" for a mix; for ``kind``,
        :data:`LEARNT` for every kind of the game chosen the learner has been taught) and serve a
        matching puzzle. Choosing a game forgets a chosen kind of another game."""
        fields = {"game": "games", "kind": "kinds", "band": "bands", "theme": "themes"}
        if name not in fields:
            raise KaszinoError(f"unknown filter {quote(name)}; choose one of {', '.join(fields)}")
        current = self._trainer.filters
        all_learnt = name == "kind" and value == LEARNT
        chosen = self._trainer.learnt_here() if all_learnt else (value,) if value else ()
        kept = {field: getattr(current, field) for field in fields.values()}
        if name == "game" and value:
            kept["kinds"] = tuple(kind for kind in current.kinds if KIND_RULES[kind].game == value)  # type: ignore[index]
        self._trainer.filters = Filters(**{**kept, fields[name]: chosen})
        self._go(self._trainer.serve_new)

    # --- judging ---------------------------------------------------------------------------
    def _show_visit(self) -> None:
        self._state = self.puzzle.state
        self._answer = ()
        self._summary_shown = False
        self.clear()

    def _picked(self, made: object, then: Callable[[object], None]) -> None:
        """What a press made of the picked cards: a move goes to ``then``; several are offered to
        choose from (the one chosen goes to ``then``); none is answered with the family's words why."""
        self._choice = None
        if isinstance(made, Choice):
            self._choice, self._chosen = made, then
            self._say("info", text("ui.choose_move"))
        elif callable(made):  # the picked cards make no move at all
            self._say("bad", made)
        else:
            then(made)

    def _answer_move(self, capture: object) -> None:
        if self._legal(capture):
            self._submit(capture)

    def _legal(self, capture: object) -> bool:
        """Refuse (without judging it as an answer) a selection that is no legal Kaszinó capture.
        A Scopa capture is always judged: whether the single-card priority allows it is what
        Scopa's kinds ask."""
        if not isinstance(capture, Capture) or capture_problem(capture.hand, capture.table,
                                                                self._state.rules) is None:
            return True
        self._refuse(capture)
        return False

    def _submit(self, answer: object) -> None:
        visit = self._visit
        decided = visit.decided
        shown = visit.solution_shown
        verdict = self._trainer.answer(answer)
        self._hand_pick = self._table_pick = frozenset()
        if verdict.correct and self._form() == "move":  # the right move, shown played
            self._show_moved(self._state.step(answer).events)

        def words() -> str:  # in the language of the moment the bar is drawn
            return verdict.text

        if shown:
            note = text("trainer.after_solution")
        elif decided:
            note = text("trainer.right_late") if verdict.correct else text("trainer.try_again")
        else:
            self._say("good" if verdict.correct else "bad", words, *self._outcome_lines(visit, None))
            return
        self._say("good" if verdict.correct else "bad", words, note)

    def _outcome_lines(self, visit: Visit, lead: Text | None) -> tuple[Text, ...]:
        """What the first decision of a visit means: partial, try again, rating change, review date."""
        lines: list[Text] = [] if lead is None else [lead]
        if visit.outcome == "partial":
            lines.append(text("trainer.partial_note"))
        elif visit.outcome == "failed" and not visit.solution_shown:
            lines.append(text("trainer.try_again"))
        record = visit.record
        if record is not None and record.rated and record.learner_before is not None:
            before, after = round(record.learner_before), round(record.learner_after or 0)
            change = f"{after - before:+d}"
            lines.append(text("trainer.rated_change", before=before, after=after, change=change))
        elif record is not None:  # a class set rates nothing; elsewhere only a first attempt ever is rated
            unrated = "trainer.not_rated_set" if self._trainer.puzzle_set else "trainer.not_rated_again"
            lines.append(text(unrated))
        cards = {card.puzzle_id: card for card in self._trainer.review_cards()}
        if record is not None and visit.puzzle.id in cards:
            due = cards[visit.puzzle.id].due
            lines.append(lambda: tr("trainer.review_due", date=date_text(due)))
        if visit.ended_run is not None:
            lines.append(text("trainer.run_over", run=visit.ended_run, count=visit.ended_run))
        return tuple(lines)

    def _nothing_more(self) -> Text:
        trainer = self._trainer
        if trainer.mode == "sequence":
            return text("ui.last_puzzle")
        if trainer.mode == "daily":
            return text("trainer.daily_done")
        run = trainer.timed_run
        if run is not None:
            return lambda: tr("trainer.timed_over", count=run.solved, best=trainer.timed_best())
        if trainer.mode != "review":
            return text("trainer.nothing_left")
        return self._nothing_due()

    def _nothing_due(self) -> Text:
        """That no review is due, and when the next one is."""
        first = self._trainer.summary().next_review
        if first is None:
            return text("trainer.nothing_due")
        return lambda: tr("trainer.nothing_due") + " " + tr("trainer.next_review", date=date_text(first))

    # --- drawing -----------------------------------------------------------------------------
    def _answer_text(self, move: object) -> str:
        """A move of the answer being collected: Kaszinó's with its sum, Scopa's and Casino's in words."""
        if isinstance(move, ScopaMove):
            return move_words(move)
        return self._front.move_text(move) if self.puzzle.game == "casino" else kaszino_move_text(move)

    def _cards_clickable(self) -> bool:
        return self._form() in ("captures", "move")

    def _counting(self) -> bool:
        """While a counting puzzle is open, the point totals would give the answer away."""
        return self.puzzle.kind in COUNTING_KINDS and not self._visit.decided

    def _open_hands(self) -> bool:
        return self.puzzle.kind in OPEN_KINDS

    def _form(self) -> str:
        return str(self.puzzle.answer_form)

    def _buttons(self) -> Sequence[Button]:
        form = self._form()
        first: list[Button]
        if form == "captures":
            first = [Button("add", main=True), Button("done", enabled=bool(self._answer)), Button("clear"),
                     Button("start_over")]
        elif form == "move":
            first = [Button("capture", main=True)]
            if self.puzzle.kind in BUILD_KINDS:
                first.append(Button("build"))
            if self.puzzle.kind in LAY_KINDS:
                first.append(Button("lay"))
            first.append(Button("clear"))
        else:
            first = []  # the choices or the number field are drawn above the buttons
        trainer = self._trainer
        moves = [Button("hint"), Button("solution")]
        if trainer.mode == "sequence":
            last = trainer.position + 1 >= len(trainer.puzzles)
            return [*first, *moves, Button("next", enabled=not last)]
        return [*first, *moves,
                Button("previous", enabled=trainer.can_go_back, label=tr("trainer.button_previous")),
                Button("next", label=tr("trainer.button_next")),
                Button("summary", label=tr("trainer.button_summary"))]

    def _header_html(self) -> str:
        trainer, visit = self._trainer, self._visit
        task = escape(self.puzzle.task_text())
        if trainer.mode == "sequence":
            progress = tr("ui.puzzle_progress", n=trainer.position + 1, total=len(trainer.puzzles),
                          solved=len(self.solved))
            return (f'<div class="kaszino-task" data-puzzle="{trainer.position}">'
                    f'<strong>{escape(progress)}</strong><br>{task}</div>')
        menus = controls_html(trainer) if self._controls else ""
        return (f'<div class="kaszino-trainer-head">{menus}{status_html(trainer)}{mode_html(trainer)}'
                f'<div class="kaszino-task" data-puzzle="{trainer.position}"'
                f' data-puzzle-id="{escape(visit.puzzle.id)}" data-outcome="{visit.outcome or ""}">'
                f'{_visit_header(trainer, visit)}<br>{task}</div></div>')

    def _extra_html(self) -> str:
        parts = []
        if self._form() == "captures":
            items = "".join(f"<li>{escape(self._answer_text(capture))}</li>" for capture in self._answer)
            title = tr("trainer.your_builds" if self.puzzle.kind in BUILD_LISTS else "ui.your_answer",
                       count=len(self._answer))
            parts.append(f'<div class="kaszino-answer-list">{escape(title)}'
                         f'<ul class="kaszino-list">{items}</ul></div>')
        hints = self.hints_shown
        if hints:
            items = "".join(f"<li>{escape(hint)}</li>" for hint in hints)
            parts.append(f'<div class="kaszino-hints">{escape(tr("ui.hints"))}'
                         f'<ol class="kaszino-list">{items}</ol></div>')
        if self.solution_shown:
            parts.append(f'<div class="kaszino-solution">{escape(self.puzzle.solution_text())}</div>')
        if self._summary_shown:
            parts.append(summary_html(self._trainer.summary()))
            parts.append(rating_chart_html(self._trainer.rating_history()))
        return "".join(parts)

    def _input_html(self) -> str:
        form = self._form()
        if form == "choice":
            return options_html("choose", [(str(number), self.puzzle.choice_text(choice))
                                           for number, choice in enumerate(self.puzzle.choices())],
                                lead=tr("trainer.choose"))
        if form == "number":
            return typed_html(Button("number", main=True, label=tr("trainer.button_number")),
                              label=(tr("trainer.number_label"), self._number_field))
        return ""

    def _handlers(self) -> dict[str, Callable[[], None]]:
        return {"capture": self.press_capture, "lay": self.press_lay, "build": self.press_build,
                "add": self.add_capture,
                "done": self.press_done, "clear": self.clear, "start_over": self.start_over,
                "hint": self.show_hint, "solution": self.show_solution, "next": self.next_puzzle,
                "previous": self.previous_puzzle, "summary": self.show_summary}

    def _value_handlers(self) -> dict[str, Callable[[str], None]]:
        return {"choose": self.choose, "number": self.submit_number, "mode": self.set_mode,
                "choose_move": lambda value: self.choose_move(whole_number("choice", value)),
                "game": lambda value: self.set_filter("game", value),
                "kind": lambda value: self.set_filter("kind", value),
                "band": lambda value: self.set_filter("band", value),
                "theme": lambda value: self.set_filter("theme", value)}


def _visit_header(trainer: Trainer, visit: Visit) -> str:
    """The puzzle's number, kind and band; once answered, the outcome and the puzzle's rating (the
    band is the one of that rating, so the two never disagree)."""
    puzzle = visit.puzzle
    value = trainer.puzzle_rating(puzzle).value
    head = tr("trainer.visit_header", n=trainer.position + 1, kind=tr(f"trainer.kind_{puzzle.kind}"),
              band=tr(f"trainer.band_{band_of(value)}"))
    parts = [f"<strong>{escape(head)}</strong>"]
    if visit.outcome is not None:
        rating = round(value)
        parts.append(f'<span class="kaszino-outcome" data-outcome="{visit.outcome}">'
                     f'{escape(tr(f"trainer.outcome_{visit.outcome}"))}</span>')
        rated = tr("trainer.puzzle_rating", rating=rating)
        parts.append(f'<span class="kaszino-puzzle-rating">{escape(rated)}</span>')
    return " · ".join(parts)

