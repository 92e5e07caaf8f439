"""Kaszinó's part of the table and game widgets (:mod:`.fronts`): any number of hand cards
against table cards of the same sum (up to 13), laying always allowed, the calls of the variants
(Passz, Fals!, Ausz!), the expert's odds as a hint, the score sheet item by item."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import Any

from kaszino.engine.cards import Card, card_sum
from kaszino.engine.refusals import Refusal
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.captures import Capture, capture_problem
from kaszino.games.kaszino.moves import Challenge, Claim, Lay, NextDeal, Pass
from kaszino.games.kaszino.rules import PRESETS, Rules
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import language, seat_name, tr
from kaszino.jupyter import render
from kaszino.jupyter.odds_chart import odds_svg
from kaszino.jupyter.render import FULL, View
from kaszino.jupyter.widgets.base import Attempt, Call, HintStep, Text, loose_items, text
from kaszino.teach.explain import Level, explain_move, move_message, sweeper_fields
from kaszino.teach.odds import odds_hint

GAME_PRESETS = ("standard", "s003", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "p3", "p4")
"""The rules a game may be played under, in the order the setup offers them."""


def game_rules(name: str) -> Rules:
    """The preset ``name`` with manual claims where the rules allow claims: the learner says "Ausz!"."""
    if name not in GAME_PRESETS:
        raise KaszinoError(f"unknown rules for a game {quote(name)}; choose one of {', '.join(GAME_PRESETS)}")
    rules = PRESETS[name]
    if rules.target is not None and rules.target_check == "continuous":
        return rules.with_changes(claim="manual")
    return rules


def _claim_call(state: GameState, player: int) -> Call:
    """The "Ausz!" button of ``player``: pressable until the game ends, except with no secured point.

    A claim is the learner's own judgement, so a claim short of the target may be pressed (the
    engine turns it down with its reason, at no cost); but at 0 secured points no claim can ever
    be right, so the button is disabled then and says why (docs/rules.md, "Ausz!" by hand).
    """
    if state.finished:
        return Call("claim", False)
    refusal = state.problem(Claim(player))
    if refusal is not None and refusal.code == "claim_short" and refusal.field("secured") == 0:
        return Call("claim", False, text("ui.claim_nothing_secured", count=refusal.field("target")))
    return Call("claim", True)


def kaszino_move_text(move: object) -> str:
    """A Kaszinó move for the feedback line, in words: a capture by its cards with its sum ("5♠ A♥
    taking 2♦ 4♣ (6)"; a false one, whose sides differ, without), a lay its card, a call its name
    ("Ausz!"); never a written form ("5♠+A♥ = 2♦+4♣", "ausz 0")."""
    if isinstance(move, Capture):
        said = move_message(move).render(language())
        return f"{said} ({move.total})" if move.total == card_sum(move.table) else said
    if isinstance(move, Lay):
        return str(move.card)
    if isinstance(move, (Pass, Claim, Challenge, NextDeal)):
        return move_message(move).render(language())
    raise KaszinoError(f"not a Kaszinó move: {quote(move)}")


def explanation(state: GameState, move: Any, level: Level = "scoring") -> Text:
    """Why ``move`` is allowed or not in ``state``, and (at ``level="scoring"``) what it is worth."""
    explained = explain_move(state, move, level)
    return lambda: explained.text


def sheet_html(sheets: Sequence[Any], learner: int) -> str:
    """The score sheet: one row per deal and player, each deal's points item by item."""
    if not sheets:
        return ""
    items = ("cards", "spades", "aces", "big_casino", "little_casino", "tabla", "bonus", "most_cards",
             "most_spades", "deal_total")
    rows = []
    for sheet in sheets:
        deal = tr("ui.deal", n=sheet.deal) + ("" if sheet.finished else " *")
        for seat, score in enumerate(sheet.scores):
            values = (score.cards, score.spades, score.aces * score.rules.ace_points,
                      score.big_casino * score.rules.big_casino_points,
                      score.little_casino * score.rules.little_casino_points, score.tabla, score.bonus,
                      score.most_cards, score.most_spades, score.total)
            rows.append((sheet.deal, seat, deal, seat_name(seat, learner), values))
    table = render.sheet_table_html([tr("ui.score_" + item) for item in items], rows)
    if all(sheet.finished for sheet in sheets):
        return table
    return table + f'<div class="kaszino-note">{escape(tr("ui.sheet_unfinished"))}</div>'


@dataclass(frozen=True, slots=True)
class KaszinoFront:
    """Kaszinó's table and game (see the module docstring)."""

    family: str = "kaszino"
    presets: Sequence[str] = GAME_PRESETS
    analyses: bool = True

    # --- the table ------------------------------------------------------------------------
    def table_items(self, state: Any) -> tuple[tuple[Card, ...], ...]:
        return loose_items(state)

    def capture(self, state: GameState, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        refusal = state.problem(Capture(hand, table))
        if refusal is not None and refusal.code == "must_lay":  # with advice on what to press
            return text("ui.lay_required", **sweeper_fields(state))
        if not hand or not table:
            return text("ui.capture_needs_both")
        return Capture(hand, table)

    def lay(self, state: GameState, hand: tuple[Card, ...], table: tuple[Card, ...]) -> object | Text:
        return Lay(hand[0]) if len(hand) == 1 and not table else text("ui.lay_needs_single")

    def problem(self, state: GameState, move: Any) -> Refusal | None:
        refusal = state.problem(move)
        if refusal is None and isinstance(move, Capture):  # a false capture (Fals!) the engine lets stand
            return capture_problem(move.hand, move.table, state.rules)
        return refusal

    def explain(self, state: GameState, move: object, level: Level) -> Text:
        return explanation(state, move, level)

    def good(self, move: object) -> str:
        return {Capture: "ui.good_capture", Lay: "ui.good_lay"}.get(type(move), "ui.good_call")

    def move_text(self, move: object) -> str:
        return kaszino_move_text(move)

    def answers(self, state: GameState) -> tuple[Text, ...]:
        found = [move for move in state.legal_moves() if isinstance(move, Capture)]
        lines = [text("ui.answers", count=len(found)) if found else text("ui.no_answers")]
        lines += [text("ui.answer_line", move=partial(kaszino_move_text, move)) for move in found]
        return (*lines, text("ui.answers_lay"))

    def calls(self, state: GameState, viewer: int, movable: bool) -> tuple[Call, ...]:
        rules, found = state.rules, list[Call]()
        if rules.may_pass_after_tabla:
            found.append(Call("pass", movable and state.forced == "again"))
        if rules.fals:
            found.append(Call("challenge", state.pending is not None))
        if rules.claim == "manual":
            found.append(_claim_call(state, viewer))
        return tuple(found)

    def call(self, action: str, viewer: int) -> object | None:
        calls: dict[str, object] = {"pass": Pass(), "challenge": Challenge(viewer), "claim": Claim(viewer)}
        return calls.get(action)

    def position_html(self, state: GameState, viewer: int, *, interactive: bool = False,
                      selected: Collection[Card] = (), view: View = FULL, counting: bool = False,
                      open_hands: bool = False) -> str:
        return render.position_html(state, viewer=viewer, open_hands=open_hands, interactive=interactive,
                                    selected=selected, view=view, counting=counting)

    # --- a whole game against the computer -----------------------------------------------------
    def rules_label(self, name: str) -> str:
        return tr(f"game.preset_{name}")

    def game_rules(self, name: str) -> Rules:
        return game_rules(name)

    def offers_fals(self, name: str) -> bool:
        return PRESETS[name].fals

    def false_capture(self, state: GameState, hand: tuple[Card, ...],
                      table: tuple[Card, ...]) -> Attempt | None:
        if not (state.rules.fals and hand and table):
            return None
        capture = Capture(hand, table)
        if state.problem(capture) is not None:
            return None
        fair = capture_problem(hand, table, state.rules) is None
        return Attempt(capture, "ui.good_capture" if fair else "ui.false_capture_made")

    def side(self, state: GameState, player: int) -> int:
        return player

    def judged_alone(self, state: GameState, move: object) -> bool:
        # Fals! training: the learner judges the capture alone, so neither its sum nor a verdict is shown
        return state.rules.fals and isinstance(move, Capture)

    def game_calls(self, state: GameState, learner: int, movable: bool) -> tuple[Call, ...]:
        rules, found = state.rules, list[Call]()
        if movable and rules.may_pass_after_tabla:
            found.append(Call("pass", state.forced == "again"))
        if rules.fals:
            pending = state.pending
            found.append(Call("challenge", pending is not None and pending.capturer != learner))
        if rules.claim == "manual":
            found.append(_claim_call(state, learner))
        return tuple(found)

    def hint(self, state: GameState) -> tuple[HintStep, ...]:
        """The best move, why, and every move's expected margin as a bar chart."""
        found = odds_hint(state)

        def chart() -> str:
            return f'<div class="kaszino-hint-chart">{odds_svg(found)}</div>'

        return (HintStep(lambda: found.text, chart),)

    def sheet_html(self, sheets: Sequence[Any], learner: int, players: int) -> str:
        return sheet_html(sheets, learner)
