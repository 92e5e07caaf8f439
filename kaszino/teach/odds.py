"""Hints with odds: the best move, why, and every legal move's expected deal-point margin.

The numbers are the expert's (:meth:`~kaszino.games.kaszino.players.ExpertPlayer.assess`): the
mover's deal points minus the best of the others' at the end of the deal, averaged over deals of
the unseen cards consistent with what the mover has seen — and exact in the open last round, where
every card is known (there the exact solver decides even where the expert, to move quickly, would
search a big round of three or four players by its shortcut: the explanation of the best move
gives the solver's verdict, and the two must agree). The move a hint calls best is the one with
the largest margin it shows; the expert's own preference (the credit it gives the greedy move)
only orders moves of equal margin. The reason for the best move is
:func:`kaszino.teach.explain.explain_move`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.games.kaszino.moves import Move
from kaszino.games.kaszino.players.expert import Assessment, ExpertPlayer, every_card_known, exact_assessment
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import decimals, language, tr
from kaszino.inputs import MAX_COUNT, check_real, check_type
from kaszino.teach.explain import Explanation, explain_move, move_message

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
        head = tr(key, lang, move=move_message(self.best).render(lang),
                  margin=format_margin(self.moves[0].margin, lang), worlds=self.worlds, count=self.worlds)
        return f"{head} {self.why.text_in(lang)}"


def format_margin(margin: float, lang: str | None = None) -> str:
    """A margin with its sign and one decimal (whole numbers as they are), with the decimal mark of
    ``lang`` (default: the current language): +2, −0.4 in English, −0,4 in Hungarian."""
    margin = check_real("margin", margin, -MAX_COUNT, MAX_COUNT)
    text = f"{abs(margin):.0f}" if margin == round(margin) else f"{abs(margin):.1f}"
    return decimals(("+" if margin > 0 else "−" if margin < 0 else "±") + text, lang)


def learner_assessment(state: GameState, expert: ExpertPlayer = HINT_EXPERT) -> Assessment:
    """What hints and annotations tell the learner about the moves in ``state``: the exact solver's
    values wherever every card is known, the expert's sampled values before."""
    check_type("state", state, GameState)
    check_type("expert", expert, ExpertPlayer)
    return exact_assessment(state) if every_card_known(state) else expert.assess(state)


def hint_best(assessment: Assessment) -> Move:
    """The move a hint calls best: the expert's own choice, unless another move shows a larger
    margin (the credit the expert gives the greedy move is its preference, not a margin). The
    solver's choice needs no comparison: no move is worth more."""
    if assessment.exact:
        return assessment.best
    top, margin = assessment.ranked()[0]
    return top if margin > assessment.move_values[assessment.best] else assessment.best


def ranked_odds(assessment: Assessment) -> tuple[MoveOdds, ...]:
    """Every move with its margin, :func:`hint_best` first, then the largest margin first (equal
    margins in ``legal_moves()`` order)."""
    best = hint_best(assessment)
    ranked = (MoveOdds(move, margin) for move, margin in assessment.ranked() if move != best)
    return (MoveOdds(best, assessment.move_values[best]), *ranked)


def odds_hint(state: GameState, expert: ExpertPlayer = HINT_EXPERT) -> OddsHint:
    """The odds hint for the player to move in ``state`` (``KaszinoError`` when nobody is to move)."""
    assessment = learner_assessment(state, expert)
    ranked = ranked_odds(assessment)
    why = explain_move(state, ranked[0].move, solution=assessment.solution)
    return OddsHint(ranked, assessment.exact, assessment.worlds, why)
