"""A whole game against the computer: the table widget with computer players, hints, a score
sheet, Fals! training, saved games and their annotated replay.

The game logic is :class:`kaszino.players.session.Session`; this widget only draws it and turns
clicks into its calls. First the learner chooses the game (Kaszinó, Scopa or Casino), its rules (for
Kaszinó standard, S003, V1–V8, three or four players: one to three computers; for Casino two,
three, or four in two teams with the partner a computer too), the computer's
level and, under V6, how often the computer tries a false capture. Then the computer's hands stay
hidden (until the last round shows or gives them away), each of its moves is shown and explained
one at a time ("Gép lép"), claims are manual ("Ausz!", checked by the engine), and every finished
game is saved in the learner's store, to be replayed (for Kaszinó with the computer's remarks on
the learner's moves). After a finished two-player Kaszinó deal, "Elemzés" opens the deal viewer
(:class:`~kaszino.jupyter.widgets.viewer.EmbeddedViewer`) inside the widget and analyses the deal,
every card known: each move marked by what it cost, the best moves on request. What differs by
game comes from the game's front (:mod:`kaszino.jupyter.widgets.fronts`): the rule sets, the
hints, the score sheet.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import Any

from kaszino.errors import KaszinoError, StoreError, quote
from kaszino.games.kaszino.players import ExpertPlayer
from kaszino.i18n import hu_article, player_number, seat_name, tr
from kaszino.inputs import MAX_SEED, check_choice, check_type, check_whole, whole_number
from kaszino.jupyter.render import GAME
from kaszino.jupyter.widgets.base import HintStep, Text, message_text, text
from kaszino.jupyter.widgets.fronts import FRONTS, Front, front_of
from kaszino.jupyter.widgets.kaszino_front import GAME_PRESETS as GAME_PRESETS
from kaszino.jupyter.widgets.kaszino_front import game_rules as game_rules
from kaszino.jupyter.widgets.table import Button, TableWidget, feedback_html, language_buttons
from kaszino.jupyter.widgets.viewer import BUDGET, EmbeddedViewer
from kaszino.players.saved import load_record, save_session
from kaszino.players.session import DEFAULT_LEVEL, OPPONENTS, Session, make_session
from kaszino.store import Store
from kaszino.teach.annotate import Annotation, annotate
from kaszino.teach.marks import analysable
from kaszino.teach.narrate import game_end, move_told

GAMES = ("kaszino", "scopa", "casino")
"""The games the setup offers, in its order (each a family with a front and opponents)."""
FALS_RATES = (0.0, 0.1, 0.25, 0.5)
"""The rates of the computer's false captures (V6) the setup offers."""
REVIEWER = ExpertPlayer(samples=4)
"""The expert that annotates a replay (fewer deals than a hint: it judges every move)."""
SHOWN_GAMES = 5
"""Saved games listed on the setup page, the latest first."""


@dataclass(frozen=True, slots=True)
class GameButton(Button):
    """A button of the game widget: label ``game.button_<action>``, an optional ``data-value``."""

    value: str | None = None
    label: str | None = None
    pressed: bool | None = None

    def html(self) -> str:
        css = f"kaszino-btn kaszino-{self.action.replace('_', '-')}-btn{' kaszino-main' if self.main else ''}"
        extra = "" if self.value is None else f' data-value="{escape(self.value)}"'
        if self.pressed is not None:
            extra += f' aria-pressed="{str(self.pressed).lower()}"'
        disabled = "" if self.enabled else " disabled"
        label = self.label if self.label is not None else tr("game.button_" + self.action)
        return (f'<button type="button" class="{css}" data-action="{self.action}"{extra}{disabled}>'
                f'{escape(label)}</button>')


ANALYSIS_BUDGET = BUDGET
"""What the analysis of a deal may take (the deal viewer's budget)."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A saved game being replayed: its states, the position shown and the remarks once analysed."""

    record: Any
    states: tuple[Any, ...]
    index: int = 0
    notes: tuple[Annotation, ...] | None = None


class GameWidget(TableWidget):
    """A whole game against the computer; see the module docstring."""

    def __init__(self, *, rules: str = "standard", level: str | None = None, fals_rate: float = 0.0,
                 seed: int | None = None, store: Store | Callable[[], Store] | None = None,
                 setup: bool = True, game: str = "kaszino") -> None:
        check_choice("game", game, GAMES)
        level = DEFAULT_LEVEL[game] if level is None else level
        check_choice("level", level, OPPONENTS[game].levels)
        if isinstance(fals_rate, bool) or fals_rate not in FALS_RATES:
            raise KaszinoError(f"fals_rate must be one of {', '.join(map(str, FALS_RATES))}, "
                               f"not {quote(fals_rate)}")
        if seed is not None:
            check_whole("seed", seed, 0, MAX_SEED)
        if store is not None and not isinstance(store, Store) and not callable(store):
            raise KaszinoError(f"store must be a progress store or a function opening one, "
                               f"not {quote(store)}")
        check_type("setup", setup, bool)
        FRONTS[game].game_rules(rules)
        self._game = game
        self._rules_name, self._opponent_level, self._fals_rate = rules, level, fals_rate
        self._seeds = random.Random(seed)
        self._store_source = store
        self._opened: Store | None = None
        self._list_saved = False
        self._setup = setup
        self._hint: tuple[HintStep, ...] = ()
        self._hints_shown = 0
        self._replay: Replay | None = None
        self._deal_panel: EmbeddedViewer | None = None
        self._session = self._new_session()
        self._revision = 0
        super().__init__(self._session.state, mode="play", learner=0, view=GAME)

    # --- what the notebook and the tests read ------------------------------------------
    @property
    def session(self) -> Session:
        return self._session

    @property
    def in_setup(self) -> bool:
        return self._setup

    @property
    def replay(self) -> Replay | None:
        return self._replay

    # --- setting up ---------------------------------------------------------------------------
    @property
    def game(self) -> str:
        """The game chosen on the setup page (``kaszino`` or ``scopa``)."""
        return self._game

    def _game_front(self) -> Front:
        return FRONTS[self._game]

    def _new_session(self) -> Session:
        rate = self._fals_rate if self._game_front().offers_fals(self._rules_name) else 0.0
        seed = self._seeds.randrange(2**31)
        rules = self._game_front().game_rules(self._rules_name)
        return make_session(self._opponent_level, rules, seed, rate, game=self._game)

    def choose(self, setting: str, value: str) -> None:
        """On the setup page: ``setting`` is ``"game"``, ``"rules"``, ``"level"`` or ``"fals"``.

        Another game starts from its standard rules and its default computer."""
        if setting == "game":
            self._game = check_choice("game", value, GAMES)
            self._rules_name, self._opponent_level = "standard", DEFAULT_LEVEL[value]
        elif setting == "rules":
            self._game_front().game_rules(value)
            self._rules_name = value
        elif setting == "level":
            self._opponent_level = check_choice("level", value, OPPONENTS[self._game].levels)
        elif setting == "fals":
            rates = {str(rate): rate for rate in FALS_RATES}  # as the setup page's buttons send them
            self._fals_rate = rates[check_choice("fals", value, rates)]
        else:
            raise KaszinoError(f"unknown setting {quote(setting)}")
        self.refresh()

    def start(self) -> None:
        """"Kezdés": a new game with the chosen settings."""
        self._session = self._new_session()
        self._state = self._session.state
        self._setup, self._replay = False, None
        self._forget_hint()
        self._hand_pick = self._table_pick = frozenset()
        self._say("info", text("game.started", rules=partial(self._rules_label, self._rules_name)))

    def new_game(self) -> None:
        """"Új játszma": back to the setup page (the game so far is dropped)."""
        self._setup, self._replay, self._feedback = True, None, None
        self._forget_hint()
        self.refresh()

    # --- playing --------------------------------------------------------------------------------
    def computer_move(self) -> None:
        """"Gép lép": the computer's next move or call, shown and explained."""
        if not self._session.computer_due():
            self._say("info", text("game.not_computer"))
            return
        before = self._session.state
        front = self._front
        _, move = self._session.computer_step()
        moved = tuple(message_text(message) for message in move_told(self._session.events, front.family))
        judge = (text("game.judge_it"),) if front.judged_alone(before, move) else ()
        self._say("info", *moved, *judge, *self._after_step())

    def press_capture(self) -> None:
        """"Ütés!": under V6 a false capture may be attempted (the computer may call "Fals!")."""
        attempt = self._front.false_capture(self._state, *self.selection)
        if attempt is not None:
            self._accept(attempt.move, attempt.said)
            return
        super().press_capture()

    def show_hint(self) -> None:
        """"Tipp": one more step of the game's hint (Kaszinó: the best move, why, and every move's
        expected margin as a bar chart; Scopa: the legal captures, the best move, every move's value)."""
        state = self._state
        if self._session.computer_due() or state.deal_over or state.finished:
            self._say("info", text("game.no_hint"))
            return
        if not self._hint:
            self._hint = self._front.hint(state)
        if self._hints_shown == len(self._hint):
            self._say("info", *(step.text for step in self._hint), text("game.no_more_hints"))
            return
        self._hints_shown += 1
        self._say("info", *(step.text for step in self._hint[:self._hints_shown]))

    def _forget_hint(self) -> None:
        self._hint, self._hints_shown = (), 0

    def _play(self, move: Any, *lines: Text) -> None:
        self._session.play(move)
        self._say("good", *lines, *self._after_step())

    def _after_step(self) -> tuple[Text, ...]:
        """Show the session's new state and what the move set going; at the game's end save it and
        say who won, from the learner's seat (in place of the engine's sentence of the end)."""
        self._state = self._session.state
        self._hand_pick = self._table_pick = frozenset()
        self._show_moved(self._session.events)
        self._forget_hint()
        events = self._said(self._session.events, with_end=False)
        end = game_end(self._session.events)
        if end is None:
            return events
        winner, totals = end
        result = text("game.draw", totals=totals) if winner is None else self._result(winner, totals)
        lines = [*events, result]
        if self._store_source is not None:
            try:
                save_session(self._store(), self._session, self._opponent_level)
                lines.append(text("game.saved"))
            except StoreError as error:
                lines.append(text("game.not_saved", problem=str(error)))
        return tuple(lines)

    def _store(self) -> Store:
        """The learner's store, opened on first use (``StoreError`` if it cannot be)."""
        if self._opened is None:
            source = self._store_source
            if source is None:
                raise KaszinoError("no progress store: games are not saved")
            self._opened = source if isinstance(source, Store) else source()
        return self._opened

    def show_saved(self) -> None:
        """"Korábbi játszmák" (setup page): list the latest saved games to replay."""
        self._list_saved = True
        self.refresh()

    # --- replaying ------------------------------------------------------------------------------
    def open_saved(self, game_id: int) -> None:
        """Replay the saved game ``game_id`` from the store."""
        record = load_record(self._store().game(game_id))
        self._replay = Replay(record, tuple(record.replay()))
        self._setup = False
        self._feedback = None
        self.refresh()

    def replay_last(self) -> None:
        """"Visszajátszás": replay the game just played."""
        record = self._session.record()
        self._replay = Replay(record, tuple(record.replay()))
        self._feedback = None
        self.refresh()

    def step_replay(self, by: int) -> None:
        """Move the replay ``by`` moves forward (negative: back)."""
        replay = self._require_replay()
        index = min(max(replay.index + by, 0), len(replay.states) - 1)
        self._replay = Replay(replay.record, replay.states, index, replay.notes)
        self.refresh()

    def analyse(self) -> None:
        """"Elemzés": the computer's remarks on the learner's moves (exact in the open last round)."""
        replay = self._require_replay()
        notes = tuple(annotate(replay.record, seats=[self._learner], expert=REVIEWER))
        self._replay = Replay(replay.record, replay.states, replay.index, notes)
        self.refresh()

    def analyse_deal(self) -> None:
        """"Elemzés" after a finished deal: the deal in the deal viewer, analysed every card known."""
        if not self._deal_analysable():
            raise KaszinoError("only a finished two-player Kaszinó deal without Fals! is analysed")
        self._deal_panel = EmbeddedViewer(self._session.record(), self.refresh, deal=self._state.deal,
                                          budget=ANALYSIS_BUDGET)
        self._deal_panel.last()
        self._deal_panel.analyse()

    def close_analysis(self) -> None:
        """Back from the deal's analysis to the game."""
        self._deal_panel = None
        self.refresh()

    @property
    def deal_panel(self) -> EmbeddedViewer | None:
        """The analysed deal shown in the widget (None: the game is shown)."""
        return self._deal_panel

    def _deal_analysable(self) -> bool:
        state = self._state
        return (self._game == "kaszino" and (state.deal_over or state.finished)
                and analysable(self._session.record(), state.deal))

    def close_replay(self) -> None:
        """Leave the replay."""
        self._replay = None
        self.refresh()

    def _require_replay(self) -> Replay:
        if self._replay is None:
            raise KaszinoError("no game is being replayed")
        return self._replay

    # --- drawing ----------------------------------------------------------------------------------
    def _viewer(self) -> int:
        return self._learner

    def _rules_label(self, name: str) -> str:
        return self._game_front().rules_label(name)

    def _buttons(self) -> Sequence[Button]:
        state, session = self._state, self._session
        if session.computer_due():
            buttons: list[Button] = [GameButton("computer_move", main=True)]
        elif state.finished or state.deal_over:
            buttons = [GameButton("replay_last", main=True) if state.finished
                       else Button("next_deal", main=True)]
            if self._deal_analysable():
                buttons.append(GameButton("analyse_deal", label=tr("analysis.analyse_button")))
        else:
            buttons = [*self._move_buttons(True), Button("clear"), GameButton("hint")]
        movable = not (session.computer_due() or state.finished or state.deal_over)
        buttons += [Button(call.action, enabled=call.enabled, why=call.why)
                    for call in self._front.game_calls(state, self._learner, movable)]
        buttons.append(GameButton("new_game"))
        return buttons

    def _team(self, player: int) -> tuple[int, ...]:
        """The players of ``player``'s side: himself alone, or he and his partner."""
        state, front = self._state, self._front
        return tuple(p for p in range(state.players) if front.side(state, p) == front.side(state, player))

    def _result(self, winner: int, totals: str) -> Text:
        """The game's end for the learner: he (or his team) won, or who did."""
        winners, learners = self._team(winner), self._team(self._learner)
        if winners == learners:
            return text("game.your_team_won" if len(learners) > 1 else "game.you_won", totals=totals)
        if len(winners) > 1:
            first, second = (player_number(p) for p in winners)
            return text("game.team_won", first=first, second=second, first_a=hu_article(first),
                        second_a=hu_article(second), totals=totals)
        return text("game.computer_won", who=partial(seat_name, winner, self._learner), totals=totals)

    def _header_html(self) -> str:
        opponents = self._state.players - len(self._team(self._learner))
        title = tr("game.title", rules=self._rules_label(self._rules_name), opponents=opponents,
                   level=tr("game.level_" + self._opponent_level))
        return f'<span class="kaszino-game-title">{escape(title)}</span>'

    def _extra_html(self) -> str:
        pictures = "".join(step.picture() for step in self._hint[:self._hints_shown])
        return pictures + self._front.sheet_html(self._session.sheets, self._learner, self._state.players)

    def refresh(self) -> None:
        """Redraw; every redraw gets a new ``data-revision``, so a page (or test) can wait for it."""
        self._revision += 1
        super().refresh()

    def _widget_attributes(self) -> str:
        return f' data-revision="{self._revision}"'

    def _markup(self) -> str:
        if self._setup:
            return self._setup_html()
        if self._replay is not None:
            return self._replay_html(self._replay)
        if self._deal_panel is not None:
            return (f'<div class="kaszino-game-analysis" data-revision="{self._revision}">'
                    f'{self._deal_panel.panel_html()}<div class="kaszino-bar kaszino-buttons">'
                    f'{GameButton("close_analysis").html()}</div></div>')
        return super()._markup()

    def _setup_html(self) -> str:
        def chips(setting: str, values: Sequence[str], label: Callable[[str], str], chosen: str) -> str:
            return "".join(GameButton("choose", value=f"{setting}:{value}", label=label(value),
                                      pressed=value == chosen).html() for value in values)

        presets = self._game_front().presets
        rows = [(tr("game.choose_game"), chips("game", GAMES, game_label, self._game)),
                (tr("game.choose_rules"), chips("rules", presets, self._rules_label, self._rules_name)),
                (tr("game.choose_level"), chips("level", list(OPPONENTS[self._game].levels), level_label,
                                                self._opponent_level))]
        if self._game_front().offers_fals(self._rules_name):
            rates = [str(rate) for rate in FALS_RATES]
            rows.append((tr("game.choose_fals"),
                         chips("fals", rates, lambda v: f"{float(v):.0%}", str(self._fals_rate))))
        body = "".join(f'<div class="kaszino-setup-row"><div>{escape(label)}</div>'
                       f'<div class="kaszino-bar">{buttons}</div></div>' for label, buttons in rows)
        saved = self._saved_html()
        return (f'<div class="kaszino-widget kaszino-game-setup" data-revision="{self._revision}">'
                f'<div class="kaszino-bar"><strong>{escape(tr("game.setup_title"))}</strong>'
                f'{language_buttons()}</div>{body}'
                f'<div class="kaszino-bar kaszino-buttons">{GameButton("start", main=True).html()}</div>'
                f'{feedback_html(self._feedback)}{saved}</div>')

    def _saved_html(self) -> str:
        if self._store_source is None:
            return ""
        if not self._list_saved:
            return f'<div class="kaszino-bar">{GameButton("show_saved").html()}</div>'
        try:
            games = self._store().games()[-SHOWN_GAMES:][::-1]
        except StoreError as error:
            return f'<div class="kaszino-feedback" data-tone="bad">{escape(str(error))}</div>'
        if not games:
            return f'<div class="kaszino-saved">{escape(tr("game.no_saved"))}</div>'
        buttons = "".join(
            GameButton("open_saved", value=str(game.id),
                       label=tr("game.saved_line", date=game.played_at.strftime("%Y-%m-%d %H:%M"),
                                opponent=level_label(game.opponent), result=game.result)).html()
            for game in games)
        return (f'<div class="kaszino-saved"><div>{escape(tr("game.saved_title"))}</div>'
                f'<div class="kaszino-bar">{buttons}</div></div>')

    def _replay_html(self, replay: Replay) -> str:
        state = replay.states[replay.index]
        number = replay.index
        lines = [tr("game.replay_position", number=number, count=number, total=len(replay.record.moves))]
        if number:
            lines.append(tr("game.replay_move", move=front_of(state).move_text(
                replay.record.moves[number - 1])))
        if replay.notes is not None:
            here = [note for note in replay.notes if note.number == number]
            lines.append(tr("game.analysis_count", count=len(replay.notes)))
            lines += [note.text(tr("common.you")) for note in here]  # the remarks are all the learner's
        marks = "" if not replay.notes else "".join(
            GameButton("replay_to", value=str(note.number), label=str(note.number)).html()
            for note in replay.notes)
        controls = "".join(GameButton(action).html() for action in ("replay_back", "replay_forward"))
        if front_of(state).analyses:
            controls += GameButton("analyse", enabled=replay.notes is None).html()
        controls += GameButton("close_replay").html()
        marks_html = f'<div class="kaszino-bar kaszino-marks">{escape(tr("game.marks"))} {marks}</div>'
        return (f'<div class="kaszino-widget kaszino-replay" data-revision="{self._revision}" '
                f'data-index="{number}"><div class="kaszino-bar">'
                f'<strong>{escape(tr("game.replay_title"))}</strong>{language_buttons()}</div>'
                + front_of(state).position_html(state, self._learner, open_hands=True, view=GAME)
                + f'<div class="kaszino-bar kaszino-buttons">{controls}</div>'
                + (marks_html if marks else "")
                + f'<div class="kaszino-feedback" data-tone="info" role="status">'
                f'{"<br>".join(escape(line) for line in lines)}</div>{feedback_html(self._feedback)}</div>')

    def _handlers(self) -> dict[str, Callable[[], None]]:
        if self._deal_panel is not None:  # the viewer's buttons, and the way back
            return {**self._deal_panel.actions(), "close_analysis": self.close_analysis}
        return {**super()._handlers(), "analyse_deal": self.analyse_deal,
                "computer_move": self.computer_move, "hint": self.show_hint, "new_game": self.new_game,
                "start": self.start, "replay_last": self.replay_last,
                "replay_back": lambda: self.step_replay(-1), "replay_forward": lambda: self.step_replay(1),
                "analyse": self.analyse, "close_replay": self.close_replay, "show_saved": self.show_saved}

    def _value_handlers(self) -> dict[str, Callable[[str], object]]:
        if self._deal_panel is not None:
            return dict(self._deal_panel.value_actions())
        return {**super()._value_handlers(), "choose": self._choose_setting, "replay_to": self._replay_to,
                "open_saved": lambda value: self.open_saved(whole_number("saved game", value))}

    def _choose_setting(self, value: str) -> None:
        """A setup page button: ``setting:value``."""
        setting, _, chosen = value.partition(":")
        self.choose(setting, chosen)

    def _replay_to(self, value: str) -> None:
        """A move number of the replay's remarks: show the position before that move."""
        replay = self._require_replay()
        self.step_replay(whole_number("move", value, 0, len(replay.states) - 1) - replay.index)


def level_label(level: str) -> str:
    """A computer level in words ("szakértő"); an unknown name as it is."""
    known = {name for opponents in OPPONENTS.values() for name in opponents.levels}
    return tr("game.level_" + level) if level in known else level


def game_label(game: str) -> str:
    """A game's name on the setup page ("Kaszinó", "Scopa")."""
    return tr("game.game_" + game)
