"""The counting kinds: "Ausz?" (may this player claim now: the secured points) and scoring a finished deal."""

from __future__ import annotations

from kaszino.engine.cards import format_cards
from kaszino.games.kaszino.moves import Claim
from kaszino.games.kaszino.scoring import DECK_SIZE, SPADES_IN_DECK, majority_holder
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import counted, tr
from kaszino.puzzles.kinds import (
    Answer,
    Attempt,
    KaszinoKind,
    PuzzleVerdict,
    bullet_lines,
    judged,
    number_verdict,
    said,
)
from kaszino.teach.message import Message


def point_items(state: GameState, player: int, *, earlier: bool) -> list[str]:
    """``player``'s points in ``state`` item by item, as far as they are secured (all once the deal is over).

    A majority is the player's once the engine gives it to him (``majority_holder``); before the
    deal is over one that is not is lost to an opponent who holds it for good, out of reach when
    not even every card still out could make it his, else still open. ``earlier`` adds the
    points of finished deals first.
    """
    rules, scores = state.rules, state.deal_scores()
    score = scores[player]
    pile = state.piles[player]
    aces = [card for card in pile if card.value == 1]
    items = [tr("puzzles.item_earlier", points=state.scores[player])] if earlier else []
    if aces:
        items.append(tr("puzzles.item_aces", cards=format_cards(aces), points=len(aces) * rules.ace_points))
    if score.big_casino:
        items.append(tr("puzzles.item_big_casino", points=rules.big_casino_points))
    if score.little_casino:
        items.append(tr("puzzles.item_little_casino", points=rules.little_casino_points))
    if score.tabla:
        items.append(tr("puzzles.item_tabla", points=score.tabla))
    if score.bonus:
        items.append(tr("puzzles.item_bonus", points=score.bonus))
    items.append(_majority("cards", [s.cards for s in scores], DECK_SIZE, player, score.most_cards,
                           state.deal_over))
    items.append(_majority("spades", [s.spades for s in scores], SPADES_IN_DECK, player, score.most_spades,
                           state.deal_over))
    return items


def _majority_status(counts: list[int], total: int, player: int, over: bool) -> str:
    """Where the majority of ``counts`` (of ``total`` such cards) stands for ``player``, by the engine's
    ``majority_holder``: "yes" (his for good), "no" (the deal is over and it is not his), "lost" (an
    opponent holds it for good), "beyond" (out of his reach: not his even with every card not yet
    taken) or "open"."""
    holder = majority_holder(counts, total)
    if holder == player:
        return "yes"
    if over:
        return "no"
    if holder is not None:
        return "lost"
    best = [count + (total - sum(counts)) * (p == player) for p, count in enumerate(counts)]
    return "open" if majority_holder(best, total) == player else "beyond"


def _majority(what: str, counts: list[int], total: int, player: int, points: int, over: bool) -> str:
    status = _majority_status(counts, total, player, over)
    return tr(f"puzzles.item_{what}_{status}", count=counts[player], points=points)


class Ausz(KaszinoKind):
    """May the player to move claim the win ("Ausz!") now? Count only the secured points."""

    kind, form, prefix = "ausz", "choice", "au"

    def position_problem(self, state: GameState) -> str | None:
        rules = state.rules
        if rules.target is None or rules.target_check != "continuous" or rules.claim != "manual":
            return "an Ausz? puzzle needs a race checked continuously with manual claims"
        if state.finished or state.deal_over or state.pending is not None:
            return "an Ausz? puzzle needs a deal in progress with no capture waiting for Fals!"
        return None

    def choices(self, state: GameState) -> tuple[str, ...]:
        return ("yes", "no")

    def task(self, state: GameState) -> Message:
        return said("puzzles", "task_ausz", target=state.rules.target or 0)

    def solve(self, state: GameState) -> tuple[Answer, ...]:
        return ("yes",) if state.problem(Claim(state.to_move)) is None else ("no",)

    def _secured(self, state: GameState) -> int:
        return state.totals()[state.to_move]

    def check(self, state: GameState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        choice = self.one_choice(state, attempt)
        if choice in answers:
            return judged(True, said("puzzles", f"ausz_right_{choice}", secured=self._secured(state),
                                     target=state.rules.target or 0))
        return judged(False, said("puzzles", f"ausz_not_{choice}"), extra=(choice,))

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        score, p = state.deal_scores()[state.to_move], state.to_move
        return [
            tr("puzzles.hint_ausz_goal", target=state.rules.target or 0),
            tr("puzzles.hint_ausz_earlier", points=state.scores[p], count=state.scores[p]),
            tr("puzzles.hint_counts", **counted(cards=score.cards, spades=score.spades)),
            self.solution_text(state, answers),
        ]

    def solution_text(self, state: GameState, answers: tuple[Answer, ...]) -> str:
        secured, target = self._secured(state), state.rules.target or 0
        head = tr("puzzles.solution_ausz", secured=secured, target=target)
        verdict = tr(f"puzzles.ausz_answer_{answers[0]}", secured=secured, target=target)
        return bullet_lines(head, point_items(state, state.to_move, earlier=True)) + "\n" + verdict


class ScoreDeal(KaszinoKind):
    """A deal is over: how many points did the player to move make in it?"""

    kind, form, prefix = "score_deal", "number", "sd"

    def position_problem(self, state: GameState) -> str | None:
        return None if state.deal_over else "a score_deal puzzle needs a finished deal"

    def solve(self, state: GameState) -> tuple[Answer, ...]:
        return (state.deal_scores()[state.to_move].total,)

    def check(self, state: GameState, answers: tuple[Answer, ...], attempt: Attempt) -> PuzzleVerdict:
        return number_verdict(attempt, answers[0], "puzzles.score")

    def hints(self, state: GameState, answers: tuple[Answer, ...]) -> list[str]:
        score, rules = state.deal_scores()[state.to_move], state.rules
        small = "hint_score_small_fals" if rules.fals else "hint_score_small"
        return [
            tr("puzzles.hint_score_goal", cards=rules.most_cards_points, spades=rules.most_spades_points,
               count=rules.most_cards_points),
            tr("puzzles.hint_counts", **counted(cards=score.cards, spades=score.spades)),
            tr(f"puzzles.{small}", points=(points := score.card_points + score.tabla + score.bonus),
               count=points),
            self.solution_text(state, answers),
        ]

    def solution_text(self, state: GameState, answers: tuple[Answer, ...]) -> str:
        scores = state.deal_scores()
        me = state.to_move
        others = [score.total for p, score in enumerate(scores) if p != me]
        head = tr("puzzles.solution_score_deal", points=scores[me].total, count=scores[me].total,
                  others=", ".join(map(str, others)))
        return bullet_lines(head, point_items(state, me, earlier=False))
