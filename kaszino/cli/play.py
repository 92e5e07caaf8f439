"""``kaszino play``: a whole game against the computer in a terminal (for people without Jupyter).

The learner types moves in the notation of the rules (``7♥``, ``5S+AH=2D+4C``, ``pass``), or
``help``, ``hint``, ``ausz`` (claim the win, manual claims only), ``fals`` (challenge the last
capture, V6), ``quit``. A move the engine refuses is explained and asked for again; the computer's
moves are shown one at a time, each with its explanation.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from kaszino.cli.arguments import decimal, whole
from kaszino.engine.cards import format_cards
from kaszino.errors import IllegalMoveError, KaszinoError, StoreError
from kaszino.games.kaszino.moves import Challenge, Claim, Move, NextDeal, parse_move
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.state import GameState
from kaszino.i18n import language, tr, using_language
from kaszino.inputs import MAX_SEED
from kaszino.players.saved import save_session
from kaszino.players.session import LEVELS, DealSheet, Session, make_session, seat_name
from kaszino.store import Store, current_store
from kaszino.teach.explain import explain_move
from kaszino.teach.narrate import narrate
from kaszino.teach.odds import odds_hint


def who(seat: int, learner: int) -> str:
    """The name of a seat as the learner sees it."""
    return seat_name(seat, learner)


def describe(state: GameState, learner: int) -> str:
    """The position as the learner sees it: totals, the table, the hands (others hidden unless open)."""
    totals = " | ".join(f"{who(p, learner)}: {t}" for p, t in enumerate(state.totals()))
    lines = [tr("play.position", deal=state.deal, round=state.round, rounds=state.rules.rounds,
                talon=len(state.talon)),
             tr("play.totals", totals=totals)]
    lines.append(f"{tr('common.table')}: {format_cards(state.table) or '—'}")
    for seat, hand in enumerate(state.hands):
        if seat != learner:
            shown = format_cards(hand) if state.open_round else tr("play.hidden", count=len(hand))
            lines.append(f"{who(seat, learner)}: {shown}")
    lines.append(f"{tr('common.hand')}: {format_cards(state.hands[learner])}")
    return "\n".join(lines)


def sheet_text(sheet: DealSheet, learner: int) -> str:
    """One deal's points per player, item by item."""
    lines = [tr("play.sheet", deal=sheet.deal)]
    for seat, score in enumerate(sheet.scores):
        casinos = score.card_points - score.aces * score.rules.ace_points
        lines.append("  " + tr("play.sheet_line", who=who(seat, learner), cards=score.cards,
                                spades=score.spades, aces=score.aces, casinos=casinos, tabla=score.tabla,
                                bonus=score.bonus, majorities=score.most_cards + score.most_spades,
                                total=score.total))
    return "\n".join(lines)


def read_move(text: str, learner: int) -> Move:
    """The learner's typed move or call ("ausz", "fals"); text that is no move raises ``NotationError``."""
    word = text.strip().lower()
    if word == "ausz":
        return Claim(learner)
    if word == "fals":
        return Challenge(learner)
    return parse_move(text)


def play(session: Session, lines: TextIO, out: TextIO, *, level: str = "expert",
         store: Callable[[], Store] | None = None) -> int:
    """Play ``session`` reading the learner's lines from ``lines``; return the exit status.

    A finished game is saved in ``store()`` (the learner's progress file) as played against ``level``.
    """
    learner = session.learner
    shown_sheets = 0
    shown: GameState | None = None

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    def say_events() -> None:
        """What the move just played set going, in the engine's account."""
        for message in narrate(session.events):
            say(message.render(language()))

    say(tr("play.welcome"))
    while not session.state.finished:
        while session.computer_due():
            before = session.state
            seat, move = session.computer_step()
            say(f"{who(seat, learner)}: {move} — {explain_move(before, move).text}")
            say_events()
        for sheet in session.sheets[shown_sheets:]:
            say(sheet_text(sheet, learner))
        shown_sheets = len(session.sheets)
        state = session.state
        if state.finished:
            break
        if state.deal_over:
            session.play(NextDeal())
            say_events()
            continue
        if state != shown:
            say(describe(state, learner))
            shown = state
        say(tr("play.prompt"))
        line = lines.readline()
        if not line:
            say(tr("play.stopped"))
            return 0
        word = line.strip().lower()
        if word in ("quit", "kilép"):
            say(tr("play.stopped"))
            return 0
        if word in ("help", "súgó", ""):
            say(tr("play.help"))
            continue
        if word in ("hint", "tipp"):
            say(odds_hint(state).text)
            continue
        try:
            move = read_move(line, learner)
        except KaszinoError as error:
            say(tr("play.unknown_move", text=line.strip(), error=str(error)))
            continue
        try:
            session.play(move)
            say_events()
        except IllegalMoveError:
            say(tr("play.refused", reason=explain_move(state, move).text))
        except KaszinoError as error:
            say(tr("play.refused", reason=str(error)))
    for sheet in session.sheets[shown_sheets:]:
        say(sheet_text(sheet, learner))
    final = session.state
    winner = final.winner
    say(tr("play.draw") if winner is None else tr("play.winner", who=who(winner, learner)))
    if store is not None:
        try:
            game_id = save_session(store(), session, level)
            say(tr("play.saved", id=game_id))
        except StoreError as error:
            say(tr("play.not_saved", problem=str(error)))
    return 0


def run(args: argparse.Namespace) -> int:
    session = make_session(args.level, args.rules, args.seed, args.fals_rate)
    store = None if args.no_save else current_store
    with using_language(args.lang):  # for this game only: main() may be called again in the process
        return play(session, sys.stdin, sys.stdout, level=args.level, store=store)


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino play`` to the top-level command."""
    game = commands.add_parser("play", help="play a whole game against the computer in the terminal")
    game.add_argument("--level", choices=sorted(LEVELS), default="expert", help="the computer's strength")
    game.add_argument("--lang", choices=("hu", "en"), default="hu", help="language of the texts")
    game.add_argument("--rules", choices=sorted(PRESETS), default="standard", help="rules preset")
    game.add_argument("--seed", type=whole(0, MAX_SEED), default=0,
                      help="seed of the deals (the same seed, the same game)")
    game.add_argument("--fals-rate", type=decimal(0.0, 1.0), default=0.0,
                      help="V6: how often the computer tries a false capture (0 to 1)")
    game.add_argument("--no-save", action="store_true", help="do not save the game in the progress file")
    game.set_defaults(run=run)
