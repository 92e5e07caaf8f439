"""A Scopa deal's scoring in words, point by point (docs/scopa.md, "Scoring a deal").

Each point of :func:`kaszino.games.scopa.scoring.deal_report` — most cards, most diamonds, the
settebello, the primiera — becomes a sentence with both players' counts and who takes it (or why
nobody does); the primiera also says each player's best card of every suit and its points; then
the scopas and the deal's points. The widget's score sheet and ``kaszino play`` show these.
"""

from __future__ import annotations

from kaszino.games.scopa.scoring import Comparison, DealReport, Primiera
from kaszino.inputs import check_type
from kaszino.teach.message import Joined, Message
from kaszino.teach.narrate import message_fields

DOMAIN = "scopa_score"
MISSING = "—"
"""A primiera sum a player does not have (he lacks a suit)."""


def _counts(comparison: Comparison) -> str:
    return " | ".join(MISSING if count is None else str(count) for count in comparison.counts)


def point_message(comparison: Comparison) -> Message:
    """One compared point: the counts and who takes it, or why nobody does."""
    counts = _counts(comparison)
    if comparison.winner is not None:
        return Message.in_domain(DOMAIN, comparison.point, counts=counts,
                                 **message_fields({"winner": comparison.winner}))
    unable = all(count is None for count in comparison.counts) or not any(comparison.counts)
    name = f"{comparison.point}_{'nobody' if unable else 'tied'}"
    return Message.in_domain(DOMAIN, name, counts=counts)


def primiera_message(player: int, primiera: Primiera) -> Message:
    """A player's best primiera card of every suit with its points, and their sum."""
    who = message_fields({"player": player})
    missing = tuple(best.suit for best in primiera.suits if best.card is None)
    if missing:
        suits = Joined(tuple(Message.in_domain("common", f"suit_{suit.name.lower()}") for suit in missing))
        return Message.in_domain(DOMAIN, "primiera_missing", suits=suits, **who)
    cards = " + ".join(f"{best.card} ({best.points})" for best in primiera.suits)
    return Message.in_domain(DOMAIN, "primiera_cards", cards=cards, total=primiera.total or 0, **who)


def deal_messages(report: DealReport) -> tuple[Message, ...]:
    """The deal's scoring in sentences: every point, each player's primiera, the scopas, the points."""
    check_type("report", report, DealReport)
    lines: list[Message] = []
    for comparison in report.comparisons:
        lines.append(point_message(comparison))
        if comparison.point == "primiera":
            lines += [primiera_message(player, counted) for player, counted in enumerate(report.primiera)]
    scopas = " | ".join(map(str, report.scopas))
    lines.append(Message.in_domain(DOMAIN, "scopas", counts=scopas))
    lines.append(Message.in_domain(DOMAIN, "points", points=" | ".join(map(str, report.points))))
    return tuple(lines)

