"""A played game annotated: where a move lost points, and what was better.

Every move of the chosen seats is judged from what its player could see, as a hint judges it
(:mod:`kaszino.teach.odds`): by the exact solver in the open last round, by the expert's sampled
deals before it. A move is marked when it stays behind the move a hint would call best by at least
the threshold (exact: one point; sampled: ``threshold`` points on average). The result is plain
data, to show beside a replay.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players.base import table_moves
from kaszino.games.kaszino.players.expert import ExpertPlayer
from kaszino.games.kaszino.record import GameRecord
from kaszino.i18n import decimals, language, tr
from kaszino.inputs import MAX_COUNT, check_real, check_type, check_whole
from kaszino.teach.explain import move_message
from kaszino.teach.message import render_field
from kaszino.teach.odds import HINT_EXPERT, hint_best, learner_assessment

THRESHOLD = 0.75
"""Sampled margins are estimates: a move is marked only when it loses this much on average."""


@dataclass(frozen=True, slots=True)
class Annotation:
    """Move ``number`` (1-based, as in the record) by ``player`` lost ``loss`` points against ``better``."""

    number: int
    player: int
    move: Move
    better: Move
    loss: float
    exact: bool

    def text_in(self, lang: str, who: str) -> str:
        """The remark in words; ``who`` names the player ("Te", "Gép")."""
        key = "odds.annotation_exact" if self.exact else "odds.annotation"
        loss = f"{self.loss:.0f}" if self.exact else decimals(f"{self.loss:.1f}", lang)
        return tr(key, lang, number=self.number, who=who, move=render_field(move_message(self.move), lang),
                  better=render_field(move_message(self.better), lang), loss=loss, count=round(self.loss))

    def text(self, who: str) -> str:
        return self.text_in(language(), who)


def annotate(record: GameRecord, seats: Iterable[int] | None = None, *,
             expert: ExpertPlayer = HINT_EXPERT, threshold: float = THRESHOLD) -> list[Annotation]:
    """The moves of ``seats`` (default: everybody) that lost points, in the order they were played."""
    players = check_type("record", record, GameRecord).rules.players
    check_type("expert", expert, ExpertPlayer)
    check_real("threshold", threshold, 0.0, MAX_COUNT)
    chosen = set(range(players)) if seats is None else _seats(seats, players)
    found = []
    states = record.replay()
    before = next(states)
    for number, (move, after) in enumerate(zip(record.moves, states, strict=True), 1):
        mover = before.to_move
        options = table_moves(before) if not before.deal_over and not before.finished else []
        if mover in chosen and move in options and len(options) > 1:
            assessment = learner_assessment(before, expert)
            best = hint_best(assessment)
            loss = assessment.move_values[best] - assessment.move_values[move]
            if loss >= (1 if assessment.exact else threshold):
                found.append(Annotation(number, mover, move, best, loss, assessment.exact))
        before = after
    return found


def _seats(seats: object, players: int) -> set[int]:
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise KaszinoError(f"seats must be a list of seats, not {quote(seats)}")
    return {check_whole("seats[]", seat, 0, players - 1) for seat in seats}
