"""The teacher's position editor as a widget: cards clicked into zones, the builder's problems in
words, the answers of every puzzle kind that fits, a puzzle saved to the teacher's collection.

Everything it decides comes from :mod:`kaszino.puzzles.editor` (and through it from the engine's
one position builder and the kinds' own solvers); the widget only draws the draft and turns clicks
into its functions. Each click has a Python method doing the same (``choose_zone``, ``place``,
``take``, ``fill``, ``clear``, ``set_game``, ``set_field``, ``set_points``, ``show_kind``,
``set_file_name``, ``save``, ``load``, ``edit``, ``read_notation``; on a Casino table ``add_build``,
``new_group``, ``set_build``, ``remove_build``), which notebooks and tests call directly.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from html import escape
from pathlib import Path
from typing import Any, get_args

from kaszino.engine.cards import Card
from kaszino.errors import KaszinoError, quote
from kaszino.games.kaszino.moves import Forced
from kaszino.games.kaszino.position import PositionDraft
from kaszino.i18n import language, player_number, tr
from kaszino.inputs import check_choice, check_type, whole_number
from kaszino.jupyter.render import card_svg
from kaszino.jupyter.widgets.base import Click, HtmlWidget, Text, text
from kaszino.jupyter.widgets.table import Button, Feedback, Tone, feedback_html, language_buttons
from kaszino.puzzles import editor
from kaszino.puzzles.kinds import Kind
from kaszino.puzzles.puzzle import KIND_RULES, Position, Puzzle

NONE = "-"
"""The menu value of "nobody" (last capturer) and "no forced move", as the notation writes them."""
POINT_FIELDS = ("scores", "tabla_points", "scopas")
"""The per-player numbers the editor sets (those of the draft's family), each a field per player:
``scores_0``, ``tabla_points_1``, ``scopas_0``."""


def player_text(player: int) -> str:
    return tr("ui.player_name", n=player_number(player))


def zone_text(zone: str) -> str:
    """A zone's name in words: "1. játékos keze", "Asztal", "1. építmény", …"""
    name, _, rest = zone.partition("[")
    if not rest:
        return tr(f"editor.zone_{name}")
    if name == "builds":
        return tr("editor.zone_build", n=int(rest[:-1]) + 1)
    key = "editor.zone_hand" if name == "hands" else "editor.zone_pile"
    return tr(key, name=player_text(int(rest[:-1])))


class PositionEditor(HtmlWidget):
    """The editor: a draft (by default an empty Kaszinó table; a Scopa one with ``game="scopa"``),
    the zone a clicked card goes to, what was said last, and the file name of the teacher's
    collection."""

    def __init__(self, draft: editor.Draft | None = None, *, game: str = "kaszino", file_name: str = "",
                 folder: Path | str | None = None) -> None:
        super().__init__()
        if folder is not None and not isinstance(folder, str | os.PathLike):
            raise KaszinoError(f"folder must be a path, not {quote(folder)}")
        self._folder = editor.collections_folder() if folder is None else Path(folder)
        self._draft = editor.empty(game) if draft is None else draft
        editor.family_of(self._draft)  # a draft of some family, else an error naming the value
        self._zone = "hands[0]"
        self._shown: Kind | None = None
        self._said: Feedback | None = None
        self._file_name = check_type("file_name", file_name, str)
        self._loaded: tuple[Puzzle, ...] = ()
        self._judgement: editor.Judged | None = None
        self.refresh()

    # --- what the notebook and the tests read --------------------------------------------------
    @property
    def draft(self) -> editor.Draft:
        """The position as composed so far (unchecked)."""
        return self._draft

    @property
    def zone(self) -> str:
        """The zone the next clicked card goes to (``hands[0]``, ``table``, ``talon``, ``piles[1]``)."""
        return self._zone

    @property
    def problems(self) -> tuple[str, ...]:
        """What is wrong with the position, in the current language (none for a valid one)."""
        return tuple(problem.text() for problem in self._judged().problems)

    @property
    def state(self) -> Position | None:
        """The position built by the engine, or None while it has problems."""
        return self._judged().state

    @property
    def kinds(self) -> tuple[editor.KindAnswers, ...]:
        """Every puzzle kind that fits the position, with its answers (none while it has problems)."""
        return self._judged().kinds

    def _judged(self) -> editor.Judged:
        """What the builder and the kinds say of the draft shown, worked out once per draft."""
        if self._judgement is None or self._judgement.draft is not self._draft:
            self._judgement = editor.judge(self._draft)
        return self._judgement

    @property
    def notation(self) -> str:
        """The position as one line of notation, as the copyable field shows it."""
        return editor.notation(self._draft)

    @property
    def message(self) -> str:
        """What the editor said after the last save, load or pasted line ("" if nothing)."""
        return "" if self._said is None else self._said.text()

    @property
    def file_name(self) -> str:
        return self._file_name

    @property
    def folder(self) -> Path:
        """The folder collection files are saved to and loaded from (:func:`editor.collections_folder`)."""
        return self._folder

    @property
    def loaded(self) -> tuple[Puzzle, ...]:
        """The puzzles of the collection file loaded last, to choose one to edit."""
        return self._loaded

    # --- what the teacher does -----------------------------------------------------------------
    def choose_zone(self, zone: str) -> None:
        """Make ``zone`` the one the next clicked card goes to."""
        editor.zone_cards(self._draft, zone)  # an unknown zone is named
        self._zone = zone
        self.refresh()

    def place(self, card: Card | str) -> None:
        """Put ``card`` at the end of the chosen zone."""
        self._edit(editor.place(self._draft, self._zone, card))

    def take(self, zone: str, card: Card | str) -> None:
        """Take ``card`` out of ``zone``."""
        self._edit(editor.take(self._draft, zone, card))

    def fill(self, zone: str) -> None:
        """Put every card not placed yet into ``zone``."""
        self._edit(editor.fill(self._draft, zone))

    def clear(self) -> None:
        """"Üres asztal": no card anywhere, the rules kept."""
        self._edit(editor.family_of(self._draft).empty(self._draft.rules))

    def set_game(self, game: str) -> None:
        """Switch to an empty table of ``game`` (``kaszino``, ``scopa`` or ``casino``), its standard
        rules."""
        self._edit(editor.empty(game))

    def add_build(self) -> None:
        """"Új építmény" (Casino): a new build with no card, owned by the player to move, chosen as
        the zone the next clicked card goes to."""
        draft = editor.add_build(self._draft)
        self._edit(draft)
        self.choose_zone([zone for zone in editor.zone_names(draft) if zone.startswith("builds")][-1])

    def new_group(self, zone: str) -> None:
        """"Új csoport": the next card placed into the build ``zone`` starts a new group of it."""
        self._edit(editor.new_group(self._draft, zone))
        self.choose_zone(zone)

    def set_build(self, zone: str, *, value: str | int | None = None, owner: str | int | None = None) -> None:
        """Set the value (a number field) or the owner (a menu of the players) of the build ``zone``."""
        self._edit(editor.set_build(self._draft, zone,
                                    value=None if value is None else whole_number("value", value),
                                    owner=None if owner is None else whole_number("owner", owner)))

    def remove_build(self, zone: str) -> None:
        """Remove the build ``zone``; its cards become unplaced."""
        self._edit(editor.remove_build(self._draft, zone))

    def set_field(self, name: str, value: str) -> None:
        """Set one menu's field from the text the menu sends: ``rules`` (a preset), ``to_move``,
        ``dealer``, ``last_capturer`` (a player, or ``-``: nobody), ``round``, ``forced``; or the
        ``deal`` number field."""
        menus = self._menus()
        options, read, _ = menus[check_choice("field", name, tuple(menus))]
        if options is not None:
            check_choice(name, value, tuple(option for option, _ in options))
        if name == "game":
            self.set_game(value)
        else:
            self._edit(editor.change(self._draft, **{name: read(value)}))

    def set_points(self, name: str, player: int, value: str | int) -> None:
        """Set ``scores`` (earlier deals), ``tabla_points`` (Kaszinó) or ``scopas`` (Scopa; both of
        this deal) of ``player``."""
        check_choice("name", name, self._point_fields())
        players = len(getattr(self._draft, name))  # Casino's scores: one a side
        player = whole_number("player", player, 0, players - 1)
        points = list(getattr(self._draft, name))
        points[player] = whole_number(name, value)
        self._edit(editor.change(self._draft, **{name: tuple(points)}))

    def show_kind(self, kind: str) -> None:
        """Show the solution of one fitting kind (its answers, explained)."""
        self._shown = _kind(kind, (fit.kind for fit in self.kinds))
        self.refresh()

    def set_file_name(self, name: str) -> None:
        """The collection file's name (``.json`` is added to a name without it)."""
        self._file_name = check_type("name", name, str).strip()
        self.refresh()

    def save(self, kind: str) -> Puzzle | None:
        """"Mentés a gyűjteményembe": append the ``kind`` puzzle of the position to the collection
        file; the editor says where it went, or why nothing was written."""
        chosen = _kind(kind, editor.EDITOR_KINDS)
        path = self._path()
        if path is None:
            return None
        try:
            puzzle = editor.save_to_collection(path, self._draft, chosen)
        except KaszinoError as error:
            self._say("bad", text("editor.save_failed", problem=str(error)))
            return None
        self._say("good", lambda: tr("editor.saved", file=os.fspath(path), id=puzzle.id,
                                     kind=tr(f"trainer.kind_{puzzle.kind}")))
        return puzzle

    def load(self) -> None:
        """"Betöltés": read the collection file and offer its puzzles to edit."""
        path = self._path()
        if path is None:
            return
        try:
            self._loaded = editor.collection(path)
        except KaszinoError as error:
            self._loaded = ()
            self._say("bad", text("editor.load_failed", problem=str(error)))
            return
        self._say("info", text("editor.loaded", file=os.fspath(path), count=len(self._loaded)))

    def edit(self, puzzle_id: str) -> None:
        """Edit the position of the loaded puzzle ``puzzle_id``."""
        puzzle = next((p for p in self._loaded if p.id == puzzle_id), None)
        if puzzle is None:
            raise KaszinoError(f"no puzzle {quote(puzzle_id)} is loaded")
        self._edit(editor.draft_of(puzzle))
        self._say("info", lambda: tr("editor.editing", id=puzzle.id, kind=tr(f"trainer.kind_{puzzle.kind}")))

    def read_notation(self, line: str) -> None:
        """A pasted line of notation becomes the draft (read as a position of the game shown, else of
        the other game); a line that cannot be read is named (as the game shown reads it)."""
        problems: dict[str, str] = {}
        for game in (self._game, *(game for game in editor.FAMILIES if game != self._game)):
            try:
                draft = editor.from_notation(line.strip(), game)
            except KaszinoError as error:
                problems[game] = str(error)
                continue
            self._edit(draft)
            self._say("info", text("editor.notation_read"))
            return
        self._say("bad", text("editor.notation_failed", problem=problems[self._game]))

    def _edit(self, draft: editor.Draft) -> None:
        self._draft = draft
        if self._zone not in editor.zone_names(draft):
            self._zone = "hands[0]"
        self._shown = None
        self._said = None
        self.refresh()

    def _say(self, tone: Tone, *lines: Text) -> None:
        self._said = Feedback(tone, lines)
        self.refresh()

    def _path(self) -> Path | None:
        """The collection file named in the field, in the editor's folder (None: no name yet); a
        name that is no plain file name is refused in words."""
        if not self._file_name:
            self._say("bad", text("editor.no_file_name"))
            return None
        try:
            return editor.collection_path(self._file_name, self._folder)
        except KaszinoError:
            self._say("bad", text("editor.bad_file_name"))
            return None

    # --- the menus ---------------------------------------------------------------------------------
    def _menus(self) -> dict[str, tuple[list[tuple[str, str]] | None, Callable[[str], Any], str]]:
        """Each field set by a menu: its options (value, words; None for a number field), how its
        value is read, the value chosen now."""
        d, family = self._draft, editor.family_of(self._draft)
        players = [(str(p), player_text(p)) for p in range(len(d.hands))]
        rounds = [(str(n), str(n)) for n in range(1, family.rounds(d.rules) + 1)]
        forced: list[Forced | None] = [None, *get_args(Forced)]
        menus: dict[str, tuple[list[tuple[str, str]] | None, Callable[[str], Any], str]] = {
            "game": ([(game, tr(f"trainer.game_{game}")) for game in editor.FAMILIES], str, family.game),
            "rules": ([(name, name) for name in family.presets], str, d.rules.name),
            "to_move": (players, int, str(d.to_move)),
            "dealer": (players, int, str(d.dealer)),
            "round": (rounds, int, str(d.round)),
            "deal": (None, lambda value: whole_number("deal", value, 1), str(d.deal)),
            "last_capturer": ([(NONE, tr("editor.nobody")), *players], _player_or_none,
                              _token(d.last_capturer)),
        }
        if isinstance(d, PositionDraft):
            menus["forced"] = ([(_token(f), tr(f"editor.forced_{f or 'none'}")) for f in forced], _forced,
                               _token(d.forced))
        return menus

    @property
    def _game(self) -> str:
        return editor.family_of(self._draft).game

    def _point_fields(self) -> tuple[str, ...]:
        return tuple(name for name in POINT_FIELDS if name in editor.family_of(self._draft).editable)

    # --- drawing -----------------------------------------------------------------------------------
    def _markup(self) -> str:
        return (f'<div class="kaszino-widget kaszino-editor" data-language="{language()}">'
                f'<div class="kaszino-bar"><strong class="kaszino-trainer-head">{escape(tr("editor.title"))}'
                f'</strong>{language_buttons()}</div>'
                + self._settings_html() + self._verdict_html() + self._palette_html() + self._zones_html()
                + self._kinds_html() + self._notation_html() + self._file_html() + feedback_html(self._said)
                + "</div>")

    def _settings_html(self) -> str:
        menus = []
        for name, (options, _, chosen) in self._menus().items():
            label = escape(tr(f"editor.{name}"))
            if options is None:
                menus.append(_number_field(label, name, chosen))
                continue
            items = "".join(f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>'
                            f"{escape(words)}</option>" for value, words in options)
            menus.append(f'<label class="kaszino-menu">{label} '
                         f'<select class="kaszino-{name.replace("_", "-")}-menu" data-action="{name}">'
                         f"{items}</select></label>")
        for name in self._point_fields():
            for player, points in enumerate(getattr(self._draft, name)):
                label = escape(tr(f"editor.{name}", name=player_text(player)))
                menus.append(_number_field(label, f"{name}_{player}", str(points)))
        return f'<div class="kaszino-bar kaszino-menus">{"".join(menus)}</div>'

    def _zones_html(self) -> str:
        parts = []
        for zone in editor.zone_names(self._draft):
            cards = editor.zone_cards(self._draft, zone)
            chosen = str(zone == self._zone).lower()
            count = tr("editor.zone_count", count=len(cards))
            head = (f'<button type="button" class="kaszino-btn kaszino-option kaszino-zone-btn" '
                    f'data-action="zone" data-value="{escape(zone)}" aria-pressed="{chosen}">'
                    f'{escape(zone_text(zone))}</button> '
                    f'<span class="kaszino-zone-count">{escape(count)}</span>')
            if zone == "talon" or zone.startswith("piles"):
                head += Button("fill", label=tr("editor.fill"), value=zone).html()
            if zone.startswith("builds"):
                head += self._build_fields(zone)
            if zone == self._zone:
                head += f' <em class="kaszino-note">{escape(tr("editor.chosen_zone"))}</em>'
            slots = self._build_cards(zone) if zone.startswith("builds") else "".join(
                _card_button("take", card, zone) for card in cards)
            parts.append(f'<div class="kaszino-zone" data-zone="{escape(zone)}" data-chosen="{chosen}">'
                         f'<div class="kaszino-bar">{head}</div>'
                         f'<div class="kaszino-cards">{slots}</div></div>')
            if zone == "table" and editor.family_of(self._draft).game == "casino":
                add = Button("add_build", label=tr("editor.button_add_build")).html()
                parts.append(f'<div class="kaszino-bar kaszino-builds">{add} '
                             f'<span class="kaszino-note">{escape(tr("editor.builds_help"))}</span></div>')
        return f'<div class="kaszino-zones">{"".join(parts)}</div>'

    def _build_fields(self, zone: str) -> str:
        """A build's value field, owner menu, new-group and remove buttons."""
        index = int(zone.partition("[")[2][:-1])
        chosen = editor.zone_build(self._draft, zone)
        owners = "".join(f'<option value="{p}"{" selected" if p == chosen.owner else ""}>'
                         f"{escape(player_text(p))}</option>" for p in range(len(self._draft.hands)))
        value = _number_field(escape(tr("editor.build_value")), f"build_value_{index}", str(chosen.value))
        return (f' {value} <label class="kaszino-menu">{escape(tr("editor.build_owner"))} <select '
                f'class="kaszino-build-owner-menu" data-action="build_owner_{index}">{owners}</select>'
                "</label> "
                + Button("new_group", label=tr("editor.button_new_group"), value=zone).html()
                + Button("remove_build", label=tr("editor.button_remove_build"), value=zone).html())

    def _build_cards(self, zone: str) -> str:
        """A build's cards, group by group."""
        groups = ("".join(_card_button("take", card, zone) for card in group)
                  for group in editor.zone_build(self._draft, zone).groups)
        return '<span class="kaszino-note"> | </span>'.join(
            f'<span class="kaszino-build-group">{cards}</span>' for cards in groups)

    def _palette_html(self) -> str:
        placed = editor.placed(self._draft)
        slots = "".join(_card_button("place", card, None, placed=card in placed)
                        for card in editor.family_of(self._draft).deck)
        words = tr("editor.palette", zone=zone_text(self._zone))
        empty = Button("empty", label=tr("editor.button_empty")).html()
        return (f'<div class="kaszino-palette"><div class="kaszino-bar">{escape(words)} {empty}</div>'
                f'<div class="kaszino-cards">{slots}</div></div>')

    def _verdict_html(self) -> str:
        problems = self.problems
        if not problems:
            return _feedback("good", escape(tr("editor.valid")))
        items = "".join(f"<li>{escape(problem)}</li>" for problem in problems)
        return _feedback("bad", f'{escape(tr("editor.problems", count=len(problems)))}'
                                f'<ul class="kaszino-list">{items}</ul>')

    def _kinds_html(self) -> str:
        fits, state = self.kinds, self.state
        if state is None:
            return ""
        if not fits:
            return f'<div class="kaszino-kinds">{escape(tr("editor.no_kind"))}</div>'
        rows = []
        for fit in fits:
            line = tr("editor.kind_line", kind=tr(f"trainer.kind_{fit.kind}"), count=len(fit.answers))
            show = Button("show", label=tr("editor.button_show"), value=fit.kind).html()
            save = Button("save", main=True, enabled=fit.savable and bool(self._file_name),
                          label=tr("editor.button_save"), value=fit.kind).html()
            note = ("" if fit.savable
                    else f'<div class="kaszino-note">{escape(tr("editor.not_savable"))}</div>')
            if fit.kind == self._shown:
                note += (f'<div class="kaszino-solution">'
                         f'{escape(KIND_RULES[fit.kind].solution_text(state, fit.answers))}</div>')
            savable = str(fit.savable).lower()
            rows.append(f'<li class="kaszino-kind" data-kind="{fit.kind}" data-savable="{savable}">'
                        f'<div class="kaszino-bar">{escape(line)} {show} {save}</div>{note}</li>')
        return (f'<div class="kaszino-kinds">{escape(tr("editor.kinds"))}'
                f'<ul class="kaszino-list">{"".join(rows)}</ul></div>')

    def _notation_html(self) -> str:
        return (f'<label class="kaszino-editor-notation">{escape(tr("editor.notation"))}'
                f'<input type="text" class="kaszino-notation" data-action="notation" spellcheck="false" '
                f'value="{escape(self.notation)}"></label>')

    def _file_html(self) -> str:
        load = Button("load", label=tr("editor.button_load")).html()
        picks = "".join(Button("edit", label=f'{p.id} · {tr(f"trainer.kind_{p.kind}")}', value=p.id).html()
                        for p in self._loaded)
        label = tr("editor.file_name", folder=str(self._folder))
        return (f'<div class="kaszino-bar kaszino-file"><label>{escape(label)} '
                f'<input type="text" class="kaszino-file-name" data-action="file_name" spellcheck="false" '
                f'value="{escape(self._file_name)}"></label>{load}</div>'
                + (f'<div class="kaszino-bar kaszino-loaded">{picks}</div>' if picks else ""))

    def __repr__(self) -> str:
        return f"PositionEditor(zone={self._zone!r}, problems={len(self._judged().problems)})"

    # --- clicks --------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[str, Callable[[], None]]:
        return {"load": self.load, "empty": self.clear, "add_build": self.add_build}

    def _value_handlers(self) -> Mapping[str, Callable[[str], object]]:
        handlers: dict[str, Callable[[str], object]] = {
            "zone": self.choose_zone, "fill": self.fill, "show": self.show_kind, "save": self.save,
            "edit": self.edit, "notation": self.read_notation, "file_name": self.set_file_name,
            "new_group": self.new_group, "remove_build": self.remove_build,
        }
        for zone in editor.zone_names(self._draft):
            if zone.startswith("builds"):
                index = zone.partition("[")[2][:-1]
                handlers[f"build_value_{index}"] = partial(self._set_build_value, zone)
                handlers[f"build_owner_{index}"] = partial(self._set_build_owner, zone)
        for name in self._menus():
            handlers[name] = partial(self.set_field, name)
        for name in self._point_fields():
            for player in range(len(getattr(self._draft, name))):
                handlers[f"{name}_{player}"] = partial(self.set_points, name, player)
        return handlers

    def _set_build_value(self, zone: str, value: str) -> None:
        self.set_build(zone, value=value)

    def _set_build_owner(self, zone: str, owner: str) -> None:
        self.set_build(zone, owner=owner)

    def _other_action(self, click: Click) -> None:
        if click.action == "place":
            self.place(click.card)
        elif click.action == "take":
            self.take(click.value, click.card)
        else:
            super()._other_action(click)


def _card_button(action: str, card: Card, zone: str | None, placed: bool = False) -> str:
    """A card as a button: ``place`` (the palette; a card placed already is drawn pale) or ``take``
    (a card of ``zone``)."""
    value = "" if zone is None else f' data-value="{escape(zone)}"'
    pale = " kaszino-placed" if placed else ""
    return (f'<button type="button" class="kaszino-card kaszino-{action}-card{pale}" data-action="{action}" '
            f'data-card="{escape(str(card))}"{value}>{card_svg(card)}</button>')


def _kind(value: object, kinds: Iterable[Kind]) -> Kind:
    """``value`` if it names one of ``kinds``; else a ``KaszinoError`` naming them."""
    options = tuple(kinds)
    chosen = check_choice("kind", value, options)
    return next(kind for kind in options if kind == chosen)


def _feedback(tone: Tone, inner: str) -> str:
    """The verdict on the position, coloured as the feedback bar of every widget."""
    return f'<div class="kaszino-feedback kaszino-problems" data-tone="{tone}" role="status">{inner}</div>'


def _number_field(label: str, action: str, value: str) -> str:
    """A labelled whole-number field sending its value as ``action`` when it changes."""
    return (f'<label class="kaszino-menu">{label} <input type="number" min="0" step="1" '
            f'class="kaszino-number-input" data-action="{action}" value="{escape(value)}"></label>')


def _token(value: object) -> str:
    return NONE if value is None else str(value)


def _player_or_none(value: str) -> int | None:
    return None if value == NONE else int(value)


def _forced(value: str) -> Forced | None:
    return next((f for f in get_args(Forced) if f == value), None)
