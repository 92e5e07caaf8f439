"""The analysis of a finished deal in words: each move marked by what it cost, every card known.

One renderer for every place that shows an analysis (:func:`kaszino.games.kaszino.solver.analysis.analyse`):
the deal viewer, the game widget and the command line. A move either kept the best result,
or lost N points (only when the analysis is exact there), or lost "at least a, at most b"
points (a bound is never said as exact). On request the best moves of the position and a
perfect line from it; per player the points left on the table over the deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.errors import KaszinoError
from kaszino.games.kaszino.record import GameRecord
from kaszino.games.kaszino.solver.analysis import DealAnalysis, Interval, MoveAnalysis
from kaszino.games.kaszino.solver.deal import check_deal_rules
from kaszino.games.kaszino.state import GameState
from kaszino.teach.explain import line_message, move_message
from kaszino.teach.message import Joined, Message, player_fields

DOMAIN = "analysis"


def _amount(name: str, amount: Interval, **fields: str | int) -> Message:
    """``analysis.<name>_<exact|upto|between>`` for the points in ``amount`` (counted by the highest)."""
    if amount.exact:
        kind, count = "exact", amount.low
    elif amount.low == 0:
        kind, count = "upto", amount.high
    else:
        kind, count = "between", amount.high
    return Message.in_domain(DOMAIN, f"{name}_{kind}", low=amount.low, high=amount.high, count=count,
                             **fields)


def mark(analysed: MoveAnalysis) -> Message:
    """What the move cost: kept the best, lost N points (exact) or at least a, at most b."""
    cost = analysed.cost
    if cost.exact and cost.low == 0:
        return Message.in_domain(DOMAIN, "kept_best")
    return _amount("lost", cost)


@dataclass(frozen=True, slots=True)
class MarkedMove:
    """One analysed move with the position it was played in (for the best moves and the line)."""

    before: GameState
    analysed: MoveAnalysis

    @property
    def mark(self) -> Message:
        return mark(self.analysed)

    def best(self) -> Message | None:
        """The best moves of the position and a perfect line from it; None where not exact."""
        analysed = self.analysed
        if analysed.best_moves is None or analysed.line is None:
            return None
        moves = Joined(tuple(move_message(move) for move in analysed.best_moves))
        return Message.in_domain(DOMAIN, "best_line", moves=moves,
                                 line=line_message(self.before, analysed.line))


def covered(start: GameState) -> bool:
    """Whether the analysis covers the game started at ``start``: two players, no Fals!."""
    try:
        check_deal_rules(start)
    except KaszinoError:
        return False
    return True


def analysable(record: GameRecord, deal: int = 1) -> bool:
    """Whether deal ``deal`` of ``record`` can be analysed: two players, no Fals!, the deal over."""
    if not covered(record.start()):
        return False
    state = record.start()
    for move in record.moves:
        played = state.deal == deal
        state = state.play(move)
        if played and (state.deal_over or state.finished):
            return True
    return False


def marked_moves(record: GameRecord, analysis: DealAnalysis) -> dict[int, MarkedMove]:
    """Each analysed move of ``record`` by its number in the record (1-based)."""
    wanted = {analysed.number: analysed for analysed in analysis.moves}
    found: dict[int, MarkedMove] = {}
    states = record.replay()
    before = next(states)
    for number, after in enumerate(states, 1):
        if number in wanted:
            found[number] = MarkedMove(before, wanted[number])
        before = after
    return found


def left_on_table(analysis: DealAnalysis, player: int) -> Interval:
    """The points ``player`` gave away over the deal: the sum of his moves' costs."""
    costs = [analysed.cost for analysed in analysis.moves if analysed.player == player]
    return Interval(sum(cost.low for cost in costs), sum(cost.high for cost in costs))


def summary(analysis: DealAnalysis, players: int = 2) -> tuple[Message, ...]:
    """Per player, the points left on the table in the deal."""
    return tuple(_amount("left", left_on_table(analysis, player), **player_fields("p", player))
                 for player in range(players))


def move_line(number: int, marked: MarkedMove) -> Message:
    """A move's mark with its number and player, for a list of marks."""
    return Message.in_domain(DOMAIN, "marked_move", n=number, mark=marked.mark,
                             **player_fields("p", marked.analysed.player))


def report(record: GameRecord, analysis: DealAnalysis, lang: str) -> str:
    """The analysis as text: each move's mark (the best line where it cost), then the summary."""
    lines = []
    for number, marked in marked_moves(record, analysis).items():
        lines.append(move_line(number, marked).render(lang))
        best = marked.best()
        if best is not None and marked.analysed.cost.low > 0:
            lines.append("  " + best.render(lang))
    lines += [message.render(lang) for message in summary(analysis)]
    return "\n".join(lines)
