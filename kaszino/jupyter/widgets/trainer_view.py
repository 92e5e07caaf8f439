"""The trainer's page parts as HTML: menus, the status line, the session summary, dates.

Pure functions of a :class:`~kaszino.puzzles.trainer.Trainer` (or its summary) in the current
language; :class:`~kaszino.jupyter.widgets.puzzle.PuzzleWidget` puts them into its picture. A menu
is a ``<select data-action=…>``: the browser sends its new value, the widget applies it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from html import escape

from kaszino.i18n import tr
from kaszino.jupyter.charts import SvgChart, chart_data
from kaszino.puzzles.puzzle import BANDS, GAMES
from kaszino.puzzles.timed import DURATION, PENALTY
from kaszino.puzzles.trainer import Summary, Trainer

CHART_POINTS = 200
"""The rating chart shows at most the last this many ratings."""

CHOSEN_MODES = ("rated", "streak", "review", "daily", "timed")
"""The modes a learner picks from (``sequence`` is a chapter's fixed set)."""
LEARNT = "learnt"
"""The kind menu's value for every kind the learner has been taught (``Trainer.learnt``)."""


def date_text(moment: datetime) -> str:
    """A date in the local way of the current language (the local date of the machine)."""
    return day_text(moment.astimezone().date())


def day_text(day: date) -> str:
    """A calendar day in the local way of the current language."""
    return tr("trainer.date", year=day.year, month=day.month, day=day.day)


def _menu(action: str, label: str, options: Sequence[tuple[str, str]], chosen: str) -> str:
    items = "".join(f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>'
                    f'{escape(text)}</option>' for value, text in options)
    return (f'<label class="kaszino-menu">{escape(label)} '
            f'<select class="kaszino-{action}-menu" data-action="{action}">{items}</select></label>')


def _one(values: tuple[str, ...]) -> str:
    return values[0] if values else ""


def controls_html(trainer: Trainer) -> str:
    """The menus: mode, game (when the puzzles are of more than one), kind, difficulty band and theme
    ("vegyesen": no filter). The kinds offered are those of the game chosen, after "amit eddig
    tanultál" (:data:`LEARNT`: those the learner has been taught, ``Trainer.learnt_here``) when the
    game chosen has any."""
    filters = trainer.filters
    games = [game for game in GAMES if any(puzzle.game == game for puzzle in trainer.puzzles)]
    offered = [puzzle for puzzle in trainer.puzzles if not filters.games or puzzle.game in filters.games]
    kinds = sorted({puzzle.kind for puzzle in offered})
    themes = sorted({theme for puzzle in offered for theme in puzzle.themes})
    mix = [("", tr("trainer.mix"))]
    learnt = trainer.learnt_here()
    together = [(LEARNT, tr("trainer.learnt"))] if learnt else []
    menus = [
        _menu("mode", tr("trainer.mode"), [(m, tr(f"trainer.mode_{m}")) for m in CHOSEN_MODES], trainer.mode),
    ]
    if len(games) > 1:
        menus.append(_menu("game", tr("trainer.game"), mix + [(g, tr(f"trainer.game_{g}")) for g in games],
                           _one(filters.games)))
    menus += [
        _menu("kind", tr("trainer.kind"), together + mix + [(k, tr(f"trainer.kind_{k}")) for k in kinds],
              LEARNT if len(learnt) > 1 and filters.kinds == learnt else _one(filters.kinds)),
        _menu("band", tr("trainer.band"), mix + [(b, tr(f"trainer.band_{b}")) for b in BANDS],
              _one(filters.bands)),
        _menu("theme", tr("trainer.theme"), mix + [(t, tr(f"trainer.theme_{t}")) for t in themes],
              _one(filters.themes)),
    ]
    return f'<div class="kaszino-bar kaszino-menus">{"".join(menus)}</div>'


def clock_text(left: timedelta) -> str:
    """A time left as minutes and seconds (``2:05``), rounded up to the whole second."""
    seconds = -int(-left.total_seconds() // 1)
    return f"{seconds // 60}:{seconds % 60:02d}"


def mode_html(trainer: Trainer) -> str:
    """The line of the daily and the timed mode: the day's date, or the time left and the score."""
    run = trainer.timed_run
    if run is not None:
        left = run.remaining(trainer.now())
        line = tr("trainer.status_timed", time=clock_text(left), count=run.solved, best=trainer.timed_best())
        return (f'<div class="kaszino-timed" data-left="{left.total_seconds():.0f}" data-score="{run.solved}"'
                f' data-over="{str(not left).lower()}">{escape(line)}</div>')
    if trainer.mode == "daily":
        day = trainer.today
        return (f'<div class="kaszino-daily" data-date="{day.isoformat()}">'
                f'{escape(tr("trainer.status_daily", date=day_text(day)))}</div>')
    return ""


def timed_start_text() -> str:
    """What the timed mode asks, said when it starts."""
    return tr("trainer.timed_start", time=clock_text(DURATION), count=int(PENALTY.total_seconds()))


def rating_chart_html(history: Sequence[float]) -> str:
    """The learner's rating over the rated puzzles as a line chart (SVG), or a note before the first."""
    if len(history) < 2:
        return (f'<div class="kaszino-rating-chart" data-points="0">'
                f'{escape(tr("trainer.chart_empty"))}</div>')
    shown = list(history)[-CHART_POINTS:]
    first = len(history) - len(shown)
    data = chart_data("line", [first + i for i in range(len(shown))], {"": [round(v) for v in shown]},
                      title=tr("trainer.chart_title"), x_label=tr("trainer.chart_x"),
                      y_label=tr("trainer.chart_y"))
    return (f'<div class="kaszino-rating-chart" data-points="{len(shown)}">'
            f'{SvgChart(data)._repr_html_()}</div>')


def status_html(trainer: Trainer) -> str:
    """The learner's rating, streak and reviews due (only when progress is stored)."""
    if not trainer.keeps_progress:
        return ""
    rating = trainer.learner_rating
    streak, best = trainer.streaks()
    summary = trainer.summary()
    line = tr("trainer.status", rating=round(rating.value), deviation=round(rating.deviation), streak=streak,
              best=best, due=summary.reviews_due)
    if trainer.mode == "streak":
        line += " · " + tr("trainer.status_run", run=trainer.run)
    return (f'<div class="kaszino-trainer-status" data-rating="{round(rating.value)}" data-streak="{streak}"'
            f' data-due="{summary.reviews_due}">{escape(line)}</div>')


def summary_html(summary: Summary) -> str:
    """The session summary block."""
    if not summary.visits:
        lines = [tr("trainer.summary_none")]
    else:
        before, after = round(summary.rating_before.value), round(summary.rating_now.value)
        lines = [tr("trainer.summary_counts", visits=summary.visits, solved=summary.solved,
                    partial=summary.partial, failed=summary.failed),
                 tr("trainer.summary_rating", before=before, after=after, change=f"{after - before:+d}"),
                 tr("trainer.summary_streak", streak=summary.streak, best=summary.best_streak),
                 tr("trainer.summary_reviews", due=summary.reviews_due)]
        if summary.next_review is not None:
            lines.append(tr("trainer.next_review", date=date_text(summary.next_review)))
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return (f'<div class="kaszino-summary" data-visits="{summary.visits}" data-solved="{summary.solved}"'
            f' data-partial="{summary.partial}" data-failed="{summary.failed}">'
            f'<strong>{escape(tr("trainer.summary_title"))}</strong>'
            f'<ul class="kaszino-list">{items}</ul></div>')
