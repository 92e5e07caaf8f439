"""``kaszino play``: a whole game against the computer in a terminal (for people without Jupyter).

``--game kaszino`` (the default), ``--game scopa`` or ``--game casino`` (2–4 players: ``--rules
standard``, ``three``, ``teams``; the learner's partner in a team is a computer too). The learner
types moves in the game's notation (Kaszinó: ``7♥``, ``5S+AH=2D+4C``, ``pass``; Scopa: ``7♥``,
``JS=AS+7D``; Casino: ``5C``, ``8S=8H,2C+6D,[3C+5H]``, ``3S:8=5H``), or ``help``,
``hint``, ``ausz`` (claim the win, Kaszinó's manual claims only), ``fals`` (challenge the last
capture, Kaszinó V6), ``quit``. A move the engine refuses is explained and asked for again; the
computer's moves are shown one at a time, each with its explanation, and what each move set going
is told from the engine's events. What differs by game — the position's description, reading a
move, the hints, a deal's score sheet — is the game's :class:`Terminal`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from kaszino.cli.analyse import deal_report
from kaszino.cli.arguments import decimal, whole
from kaszino.cli.play_casino import (
    casino_explain,
    casino_hints,
    casino_sheet_text,
    describe_casino,
    side_name,
)
from kaszino.engine.cards import Card, format_cards
from kaszino.errors import IllegalMoveError, KaszinoError, NotationError, StoreError, quote
from kaszino.games import family
from kaszino.games.casino import rules as casino_rules
from kaszino.games.kaszino.moves import Challenge, Claim, Move, parse_move
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.solver.analysis import Budget
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa import rules as scopa_rules
from kaszino.games.scopa.state import ScopaState
from kaszino.i18n import counted, language, seat_name, tr, using_language
from kaszino.inputs import MAX_SEED
from kaszino.players.saved import save_session
from kaszino.players.session import (
    DEFAULT_LEVEL,
    OPPONENTS,
    DealSheet,
    Session,
    honest,
    make_session,
)
from kaszino.store import Store, current_store
from kaszino.teach import scopa_moves
from kaszino.teach.explain import explain_move
from kaszino.teach.marks import covered
from kaszino.teach.narrate import game_end, move_told, narrate
from kaszino.teach.odds import odds_hint
from kaszino.teach.scopa_hints import hint_ladder
from kaszino.teach.scopa_score import deal_messages


def who(seat: int, learner: int) -> str:
    """The name of a seat as the learner sees it."""
    return seat_name(seat, learner)


def _position(state: Any, learner: int, rounds: int, others: Sequence[str], table: str, hand: str) -> str:
    """The position as the learner sees it: deal and round, totals, the table, the other hands, his own."""
    totals = " | ".join(f"{who(p, learner)}: {t}" for p, t in enumerate(state.totals()))
    lines = [tr("play.position", deal=state.deal, round=state.round, rounds=rounds, talon=len(state.talon)),
             tr("play.totals", totals=totals), f"{tr('common.table')}: {table or '—'}"]
    lines += [f"{who(seat, learner)}: {shown}" for seat, shown in zip(
        (seat for seat in range(state.players) if seat != learner), others, strict=True)]
    lines.append(f"{tr('common.hand')}: {hand}")
    return "\n".join(lines)


def describe(state: GameState, learner: int) -> str:
    """A Kaszinó position as the learner sees it (other hands hidden unless the round is open)."""
    others = [format_cards(hand) if state.open_round else tr("play.hidden", count=len(hand))
              for seat, hand in enumerate(state.hands) if seat != learner]
    return _position(state, learner, state.rules.rounds, others, format_cards(state.table),
                     format_cards(state.hands[learner]))


def scopa_cards(cards: Sequence[Card]) -> str:
    """Scopa cards with a court card's capture value: ``J♠(8) 7♦``."""
    worth = family("scopa").capture_value
    return " ".join(f"{card}({worth(card)})" if worth(card) != card.value else str(card) for card in cards)


def describe_scopa(state: ScopaState, learner: int) -> str:
    """A Scopa position as the learner sees it (the other hand once he knows it: the last round)."""
    known = state.view(learner).other_hand
    hand = state.hands[1 - learner]
    other = scopa_cards(known) if known is not None else tr("play.hidden", count=len(hand))
    return _position(state, learner, scopa_rules.ROUNDS, [other], scopa_cards(state.table),
                     scopa_cards(state.hands[learner]))


def sheet_text(sheet: DealSheet, learner: int) -> str:
    """One Kaszinó deal's points per player, item by item."""
    lines = [tr("play.sheet", deal=sheet.deal)]
    for seat, score in enumerate(sheet.scores):
        casinos = score.card_points - score.aces * score.rules.ace_points
        lines.append("  " + tr("play.sheet_line", who=who(seat, learner),
                                **counted(cards=score.cards, spades=score.spades, aces=score.aces),
                                casinos=casinos, tabla=score.tabla,
                                bonus=score.bonus, majorities=score.most_cards + score.most_spades,
                                total=score.total))
    return "\n".join(lines)


def scopa_sheet_text(sheet: DealSheet, learner: int) -> str:
    """One Scopa deal's points, point by point (each with its counts and who takes it)."""
    lines = [tr("play.sheet", deal=sheet.deal)]
    lines += ["  " + message.render(language()) for message in deal_messages(sheet.scores)]
    return "\n".join(lines)


def read_move(text: str, learner: int) -> Move:
    """The learner's typed move or call ("ausz", "fals"); text that is no move, or a call in another
    seat's name (``ausz 1``), raises ``NotationError``: the learner speaks only for himself."""
    word = text.strip().lower()
    if word == "ausz":
        return Claim(learner)
    if word == "fals":
        return Challenge(learner)
    move = parse_move(text)
    if isinstance(move, Claim | Challenge) and move.player != learner:
        raise NotationError(f"{quote(text.strip())} is a call of seat {move.player}, not the learner's")
    return move


def explain(state: GameState, move: Any) -> str:
    """Why a Kaszinó move is allowed (and what it is worth) or refused."""
    return explain_move(state, move).text


@dataclass(frozen=True, slots=True)
class Terminal:
    """What ``kaszino play`` does differently for one game (each function in the current language)."""

    describe: Callable[[Any, int], str]
    sheet: Callable[[DealSheet, int, Any], str]
    """A deal's score sheet, for the learner's seat under the game's rules."""
    read_move: Callable[[str, int], object]
    hints: Callable[[Any], tuple[str, ...]]
    """The hint steps for the player to move; each ``hint`` typed shows one more."""
    explain: Callable[[Any, object], str]
    """Why a move is allowed (and worth what) or refused."""
    welcome: str
    """The key of the first line (it names the game and how to type a move)."""
    help: str
    """The key of the help text."""
    side: Callable[[Any, int, int], str] = lambda rules, side, learner: who(side, learner)
    """The name of a side that wins (under the game's rules, for the learner's seat)."""


TERMINALS: dict[str, Terminal] = {
    "kaszino": Terminal(describe, lambda sheet, learner, rules: sheet_text(sheet, learner), read_move,
                        lambda state: (odds_hint(state).text,), explain, "play.welcome", "play.help"),
    "scopa": Terminal(describe_scopa, lambda sheet, learner, rules: scopa_sheet_text(sheet, learner),
                      lambda text, learner: family("scopa").parse_move(text),
                      lambda state: tuple(step.render(language()) for step in hint_ladder(state)),
                      lambda state, move: scopa_moves.explain_move(state, move).render(language()),
                      "play.welcome_scopa", "play.help_scopa"),
    "casino": Terminal(lambda state, learner: describe_casino(state, learner, _position), casino_sheet_text,
                       lambda text, learner: family("casino").parse_move(text), casino_hints, casino_explain,
                       "play.welcome_casino", "play.help_casino", side_name),
}
"""Each game's terminal parts, by the family's name."""


def play(session: Session, lines: TextIO, out: TextIO, *, level: str = "expert",
         store: Callable[[], Store] | None = None, analysis: Budget | None = None) -> int:
    """Play ``session`` reading the learner's lines from ``lines``; return the exit status.

    A finished game is saved in ``store()`` (the learner's progress file) as played against ``level``.
    With an ``analysis`` budget each finished two-player Kaszinó deal is analysed every card known
    and each of its moves marked by what it cost (:mod:`kaszino.teach.marks`).
    """
    learner, game = session.learner, session.game
    terminal = TERMINALS[game]
    shown_sheets = 0
    shown: object = None
    ladder: tuple[str, ...] = ()
    given = 0

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    def say_sheets() -> None:
        nonlocal shown_sheets
        for deal, sheet in enumerate(session.sheets[shown_sheets:], shown_sheets + 1):
            say(terminal.sheet(sheet, learner, session.rules))
            if analysis is not None and game == "kaszino" and covered(session.start):
                say(deal_report(session.record(), deal, analysis, sys.stderr))
        shown_sheets = len(session.sheets)

    def say_events() -> None:
        """What the move just played set going, in the engine's account (the game's end is told
        after the score sheets, from the learner's seat)."""
        for message in narrate(session.events, game, with_end=False):
            say(message.render(language()))

    say(tr(terminal.welcome))
    while not session.state.finished:
        while session.computer_due():
            session.computer_step()
            for message in move_told(session.events, game):
                say(message.render(language()))
            say_events()
        say_sheets()
        state = session.state
        if state.finished:
            break
        if state.deal_over:
            session.play(family(game).next_deal())
            say_events()
            continue
        if state != shown:
            say(terminal.describe(state, learner))
            shown, ladder, given = state, (), 0
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
            say(tr(terminal.help))
            continue
        if word in ("hint", "tipp"):
            ladder = ladder or terminal.hints(state)
            given = min(given + 1, len(ladder))  # one more step each time, the last one again at the end
            say(ladder[given - 1])
            continue
        try:
            move = terminal.read_move(line, learner)
        except KaszinoError:
            say(tr("play.unknown_move", text=line.strip()))
            continue
        try:
            session.play(move)
            say_events()
        except IllegalMoveError:
            say(tr("play.refused", reason=terminal.explain(state, move)))
        except KaszinoError as error:
            say(tr("play.refused", reason=str(error)))
    say_sheets()
    end = game_end(session.events)
    assert end is not None, "the step that finishes a game ends it"
    winner, totals = end
    say(tr("game.draw", totals=totals) if winner is None  # the game page's words for a draw
        else tr("play.winner", who=terminal.side(session.rules, winner, learner), totals=totals))
    if store is not None:
        try:
            game_id = save_session(store(), session, level)
            say(tr("play.saved", id=game_id))
        except StoreError as error:
            say(tr("play.not_saved", problem=str(error)))
    return 0


def _choose(args: argparse.Namespace) -> tuple[str, object, str]:
    """The game's level, rules and the seed's check from the arguments, or an error naming the bad one."""
    game = args.game
    levels = OPPONENTS[game].levels
    level = DEFAULT_LEVEL[game] if args.level is None else args.level
    if level not in levels:
        raise KaszinoError(f"--level: {game} has no computer {quote(level)}; "
                           f"choose one of {', '.join(levels)}")
    presets = family(game).presets
    if args.rules not in presets:
        raise KaszinoError(f"--rules: {game} has no preset {quote(args.rules)}; "
                           f"choose one of {', '.join(presets)}")
    if args.fals_rate and OPPONENTS[game].fibbing is honest:
        raise KaszinoError(f"--fals-rate: {game} has no false captures (only Kaszinó's V6 rules do)")
    return level, presets[args.rules], game


def run(args: argparse.Namespace) -> int:
    level, rules, game = _choose(args)
    session = make_session(level, rules, args.seed, args.fals_rate, game=game)
    store = None if args.no_save else current_store
    with using_language(args.lang):  # for this game only: main() may be called again in the process
        return play(session, sys.stdin, sys.stdout, level=level, store=store,
                    analysis=Budget(seconds=args.analyse) if args.analyse else None)


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``kaszino play`` to the top-level command."""
    game = commands.add_parser("play", help="play a whole game against the computer in the terminal")
    game.add_argument("--game", choices=sorted(TERMINALS), default="kaszino",
                      help="the game: kaszino (the default), scopa or casino")
    levels = sorted({name for opponents in OPPONENTS.values() for name in opponents.levels})
    game.add_argument("--level", choices=levels, default=None,
                      help="the computer's strength (default: expert)")
    game.add_argument("--lang", choices=("hu", "en"), default="hu", help="language of the texts")
    names = sorted({*PRESETS, *scopa_rules.PRESETS, *casino_rules.PRESETS})
    game.add_argument("--rules", choices=names, default="standard", help="rules preset of the game")
    game.add_argument("--seed", type=whole(0, MAX_SEED), default=0,
                      help="seed of the deals (the same seed, the same game)")
    game.add_argument("--fals-rate", type=decimal(0.0, 1.0), default=0.0,
                      help="V6: how often the computer tries a false capture (0 to 1)")
    game.add_argument("--analyse", type=decimal(1.0, 3600.0), nargs="?", const=20.0, default=None,
                      metavar="SECONDS", help="after each two-player Kaszinó deal, mark what each move "
                      "cost, every card known (the analysis may take SECONDS, default 20)")
    game.add_argument("--no-save", action="store_true", help="do not save the game in the progress file")
    game.set_defaults(run=run)
