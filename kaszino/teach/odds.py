"""Hints with odds: the best move, why, and every legal move's expected deal-point margin.

The numbers are the expert's (:meth:`~kaszino.games.kaszino.players.ExpertPlayer.assess`): the
mover's deal points minus the best of the others' at the end of the deal, averaged over deals of
the unseen cards consistent with what the mover has seen — and exact in the open last round, where
every card is known. The reason for the best move is :func:`kaszino.teach.explain.explain_move`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players.expert import ExpertPlayer
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import language, tr
from kaszino.inputs import MAX_COUNT, check_real, check_type
from kaszino.teach.explain import Explanation, explain_move

HINT_EXPERT = ExpertPlayer(samples=12)
"""The expert whose numbers hints show (more deals sampled than in play: a hint may take longer)."""


@dataclass(frozen=True, slots=True)
class MoveOdds:
    """One move and its expected deal-point margin (exact when ``OddsHint.exact``)."""

    move: Move
    margin: float


@dataclass(frozen=True, slots=True)
class OddsHint:
    """The moves of the player to move, the best first, and why the best is best."""

    moves: tuple[MoveOdds, ...]
    exact: bool
    worlds: int
    why: Explanation

    @property
    def best(self) -> Move:
        return self.moves[0].move

    @property
    def text(self) -> str:
        return self.text_in(language())

    def text_in(self, lang: str) -> str:
        """The hint in words: the best move, its margin, how it was found, and why."""
        key = "odds.best_exact" if self.exact else "odds.best_sampled"
        head = tr(key, lang, move=str(self.best), margin=format_margin(self.moves[0].margin),
                  worlds=self.worlds)
        return f"{head} {self.why.text_in(lang)}"


def format_margin(margin: float) -> str:
    """A margin with its sign and one decimal (whole numbers as they are): +2, −0.4."""
    margin = check_real("margin", margin, -MAX_COUNT, MAX_COUNT)
    text = f"{abs(margin):.0f}" if margin == round(margin) else f"{abs(margin):.1f}"
    return ("+" if margin > 0 else "−" if margin < 0 else "±") + text


def odds_hint(state: GameState, expert: ExpertPlayer = HINT_EXPERT) -> OddsHint:
    """The odds hint for the player to move in ``state`` (``KaszinoError`` when nobody is to move)."""
    check_type("state", state, GameState)
    check_type("expert", expert, ExpertPlayer)
    assessment = expert.assess(state)
    ranked = tuple(MoveOdds(move, margin) for move, margin in assessment.ranked())
    if ranked[0].move != assessment.best:  # equal margins: the expert's own choice comes first
        ranked = (MoveOdds(assessment.best, assessment.move_values[assessment.best]),
                  *(odds for odds in ranked if odds.move != assessment.best))
    return OddsHint(ranked, assessment.exact, assessment.worlds, explain_move(state, assessment.best))
