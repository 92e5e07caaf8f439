"""The teacher's position editor, without the pictures: cards put into zones, every problem named,
the answers of every puzzle kind that fits, a puzzle saved into the teacher's own collection file.

A position being composed is a draft of its family's fields, unchecked: Kaszinó's
:class:`~kaszino.games.kaszino.position.PositionDraft`, Scopa's
:class:`~kaszino.games.scopa.notation.Position` or Casino's
:class:`~kaszino.games.casino.notation.Position` (:data:`FAMILIES`); the functions here change one
thing of it at a time and return the new draft. The zones are named as the notation names its
fields: ``hands[0]``, ``table``, ``talon``, ``piles[1]``, and Casino's builds ``builds[0]`` (made by
:func:`add_build`, a card placed joins its last group, :func:`new_group` starts another, and
:func:`set_build` sets its value and owner). Whether the draft is a position, and what is wrong
with it, is the family's one builder's to say (``state.problems`` / ``state.build`` of Kaszinó, of
Scopa and of Casino); which puzzles it holds is the kinds' own to say: each kind's
``position_problem`` and ``solve``, and :func:`kaszino.puzzles.puzzle.recheck`, the check every
stored puzzle passes (``kaszino puzzles check``, a class set), decides whether a puzzle of that
kind could be saved. Nothing is decided here that the engine or a kind decides.

A saved puzzle is appended to a puzzle file of the teacher's (a new one is made; an existing one
must read as a puzzle file and not be a shipped collection); the whole file is read back before it
replaces the old one (:func:`kaszino.puzzles.puzzle.save_puzzles`). ``deal_saving`` is left out:
its puzzles store the move played in a real game, which a composed position has not. The kinds
offered are those of the draft's game (``Family.kinds``). docs/editor.md tells a teacher how to use
it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kaszino.engine.cards import DECK as KASZINO_DECK
from kaszino.engine.cards import Card
from kaszino.engine.positions import Problem
from kaszino.errors import KaszinoError, PuzzleFormatError, StoreError, quote
from kaszino.games.casino import notation as casino_notation
from kaszino.games.casino import state as casino_state
from kaszino.games.casino.builds import Build
from kaszino.games.casino.notation import Position as CasinoPosition
from kaszino.games.casino.rules import PRESETS as CASINO_PRESETS
from kaszino.games.casino.rules import CasinoRules
from kaszino.games.casino.state import CasinoState
from kaszino.games.kaszino import notation as kaszino_notation
from kaszino.games.kaszino import state as kaszino_state
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import PRESETS as KASZINO_PRESETS
from kaszino.games.kaszino.rules import Rules
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa import notation as scopa_notation
from kaszino.games.scopa import state as scopa_state
from kaszino.games.scopa.deck import DECK as SCOPA_DECK
from kaszino.games.scopa.notation import Position as ScopaPosition
from kaszino.games.scopa.rules import PRESETS as SCOPA_PRESETS
from kaszino.games.scopa.rules import ROUNDS as SCOPA_ROUNDS
from kaszino.games.scopa.rules import ScopaRules
from kaszino.inputs import check_choice, check_type, check_whole
from kaszino.puzzles.kinds import KINDS, Answer, Kind
from kaszino.puzzles.puzzle import (
    KIND_RULES,
    PUZZLE_DIR,
    Position,
    Puzzle,
    load_puzzles,
    recheck,
    save_puzzles,
)
from kaszino.puzzles.themes import themes as themes_of
from kaszino.store import default_path

Draft = PositionDraft | ScopaPosition | CasinoPosition
"""A position being composed: its family's fields, unchecked."""


@dataclass(frozen=True, slots=True)
class Family:
    """What the editor asks of a family: its draft, state and rules types, deck, presets, the fields
    besides the cards a teacher sets, its one builder (problems and state) and its notation."""

    game: str
    draft: type[Any]
    state: type[Any]
    rules: type[Any]
    deck: tuple[Card, ...]
    presets: Mapping[str, Any]
    editable: tuple[str, ...]
    empty: Callable[[Any], Any]
    problems: Callable[[Any], tuple[Problem, ...]]
    build: Callable[[Any], Position]
    write: Callable[[Any], str]
    read: Callable[[str], Any]
    rounds: Callable[[Any], int]
    """The number of rounds a deal has under given rules."""

    def read_back(self, draft: Any) -> Any:
        """``draft`` read back from its notation: each field checked as the notation reads it (a
        ``NotationError`` naming the field), every card kept in its place."""
        try:
            text = self.write(draft)
        except (TypeError, ValueError, AttributeError):
            raise KaszinoError(f"a {self.game} position holds the fields its notation reads, not "
                               f"{quote(draft)}") from None
        return self.read(text)

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The family's kinds the editor offers: all but those storing a move played in a game
        (``deal_saving``)."""
        return tuple(kind for kind in KINDS
                     if KIND_RULES[kind].game == self.game and not KIND_RULES[kind].stores_played)


FAMILIES: dict[str, Family] = {
    "kaszino": Family("kaszino", PositionDraft, GameState, Rules, KASZINO_DECK, KASZINO_PRESETS,
                      ("rules", "to_move", "dealer", "round", "deal", "last_capturer", "forced", "scores",
                       "tabla_points", "bonus", "seed", "finished", "winner"),
                      PositionDraft.empty, kaszino_state.problems, kaszino_state.build,
                      kaszino_notation.write_position, kaszino_notation.read_position,
                      lambda rules: rules.rounds),
    "scopa": Family("scopa", ScopaPosition, scopa_state.ScopaState, ScopaRules, SCOPA_DECK, SCOPA_PRESETS,
                    ("rules", "to_move", "dealer", "round", "deal", "last_capturer", "scores", "scopas",
                     "seed", "finished", "winner"),
                    ScopaPosition.empty, scopa_state.problems, scopa_state.build,
                    scopa_notation.write_position, scopa_notation.read_position, lambda rules: SCOPA_ROUNDS),
    "casino": Family("casino", CasinoPosition, CasinoState, CasinoRules, KASZINO_DECK, CASINO_PRESETS,
                     ("rules", "to_move", "dealer", "round", "deal", "last_capturer", "scores", "seed",
                      "finished", "winner"),
                     CasinoPosition.empty, casino_state.problems, casino_state.build,
                     casino_notation.write_position, casino_notation.read_position,
                     lambda rules: rules.rounds),
}
"""The families the editor composes positions of, by game."""

EDITOR_KINDS: tuple[Kind, ...] = tuple(kind for family in FAMILIES.values() for kind in family.kinds)
"""Every kind the editor offers, Kaszinó's first."""


def family_of(draft: object) -> Family:
    """The family of a draft; a ``KaszinoError`` for anything that is no draft."""
    found = next((family for family in FAMILIES.values() if isinstance(draft, family.draft)), None)
    if found is None:
        raise KaszinoError(f"a draft is a Kaszinó PositionDraft, a Scopa Position or a Casino Position, not "
                           f"{quote(draft)}")
    return found


def empty(game: str = "kaszino", rules: Any = None) -> Draft:
    """No card anywhere on a table of ``game`` (``kaszino``, ``scopa`` or ``casino``), with its
    standard rules or ``rules`` (rules of the game, or a preset's name)."""
    family = FAMILIES[check_choice("game", game, tuple(FAMILIES))]
    draft: Draft = family.empty(family.presets["standard"])
    return draft if rules is None else change(draft, rules=rules)


# --- the zones ----------------------------------------------------------------------------------
def zone_names(draft: Draft) -> tuple[str, ...]:
    """Every zone of the draft's table, as the notation names its field: each hand, the table,
    Casino's builds, the talon (in drawing order), each pile."""
    family_of(draft)
    players = range(len(draft.hands))
    builds = range(len(draft.builds)) if isinstance(draft, CasinoPosition) else range(0)
    return (*(f"hands[{p}]" for p in players), "table", *(f"builds[{b}]" for b in builds), "talon",
            *(f"piles[{p}]" for p in players))


def zone_cards(draft: Draft, zone: str) -> tuple[Card, ...]:
    """The cards of one zone, in their order (a build's group after group)."""
    name, player = _zone(draft, zone)
    found = getattr(draft, name) if player is None else getattr(draft, name)[player]
    cards: tuple[Card, ...] = found.cards if isinstance(found, Build) else found
    return cards


def _zone(draft: Draft, zone: object) -> tuple[str, int | None]:
    """The draft's field and player index of ``zone``; a ``KaszinoError`` naming the zones for another."""
    if not isinstance(zone, str) or zone not in zone_names(draft):
        raise KaszinoError(f"no zone {quote(zone)}; the zones: {', '.join(zone_names(draft))}")
    name, _, rest = zone.partition("[")
    return name, int(rest[:-1]) if rest else None


def _with_zone(draft: Draft, zone: str, cards: tuple[Card, ...]) -> Draft:
    """``draft`` with ``cards`` in ``zone``; a build keeps its groups as far as its cards stay (a
    card added joins its last group, a group left empty goes unless it is the only one)."""
    name, player = _zone(draft, zone)
    value: object = cards
    if player is not None:
        zones = list(getattr(draft, name))
        zones[player] = _regrouped(zones[player], cards) if isinstance(zones[player], Build) else cards
        value = tuple(zones)
    changed: dict[str, Any] = {name: value}
    return replace(draft, **changed)


def _card(card: Card | str) -> Card:
    return Card.parse(card) if isinstance(card, str) else check_type("card", card, Card)


def place(draft: Draft, zone: str, card: Card | str) -> Draft:
    """``card`` put at the end of ``zone`` (a card already there stays where it is). A card placed
    in a second zone lies in both, and the builder names it, until the teacher takes one away."""
    chosen, cards = _card(card), zone_cards(draft, zone)
    return draft if chosen in cards else _with_zone(draft, zone, (*cards, chosen))


def take(draft: Draft, zone: str, card: Card | str) -> Draft:
    """``card`` taken out of ``zone``; a ``KaszinoError`` if it is not there."""
    chosen, cards = _card(card), zone_cards(draft, zone)
    if chosen not in cards:
        raise KaszinoError(f"{chosen} is not in {zone}")
    return _with_zone(draft, zone, tuple(c for c in cards if c != chosen))


def placed(draft: Draft) -> frozenset[Card]:
    """Every card in some zone of the draft."""
    return frozenset(card for zone in zone_names(draft) for card in zone_cards(draft, zone))


def unplaced(draft: Draft) -> tuple[Card, ...]:
    """The cards of the family's deck in no zone yet, in the deck's order."""
    there = placed(draft)
    return tuple(card for card in family_of(draft).deck if card not in there)


def fill(draft: Draft, zone: str) -> Draft:
    """Every card not placed yet put at the end of ``zone``, in the deck's order (the talon or a
    pile takes the rest once the hands and the table are set)."""
    return _with_zone(draft, zone, (*zone_cards(draft, zone), *unplaced(draft)))


def _regrouped(build: Build, cards: tuple[Card, ...]) -> Build:
    """``build`` holding ``cards``: the cards it keeps stay in their groups, a new card joins the last
    group; a group left empty goes, but the last one stays (a group just started)."""
    kept = tuple(tuple(card for card in group if card in cards) for group in build.groups)
    added = tuple(card for card in cards if card not in build.cards)
    return replace(build, groups=(*(group for group in kept[:-1] if group), kept[-1] + added))


# --- Casino's builds ----------------------------------------------------------------------------
def _casino(draft: Draft) -> CasinoPosition:
    if not isinstance(draft, CasinoPosition):
        raise KaszinoError(f"only a Casino table has builds, not a {family_of(draft).game} table")
    return draft


def zone_build(draft: Draft, zone: str) -> Build:
    """The build of the zone ``builds[i]`` of a Casino draft (its groups, value and owner)."""
    casino = _casino(draft)
    return casino.builds[_build_index(casino, zone)]


def _build_index(draft: CasinoPosition, zone: str) -> int:
    name, index = _zone(draft, zone)
    if name != "builds" or index is None:
        raise KaszinoError(f"{quote(zone)} is no build; the builds: "
                           f"{', '.join(z for z in zone_names(draft) if z.startswith('builds')) or 'none'}")
    return index


def add_build(draft: Draft, value: int = 0, owner: int | None = None) -> Draft:
    """A new build on a Casino table, with no card yet (its zone is the last ``builds[i]``), worth
    ``value`` (0: not set yet) and owned by ``owner`` (the player to move when not given)."""
    casino = _casino(draft)
    made = Build(((),), value, casino.to_move if owner is None else owner)
    return replace(casino, builds=(*casino.builds, made))


def new_group(draft: Draft, zone: str) -> Draft:
    """The build ``zone`` with a new group started: the next card placed there begins it (a build
    of several groups each making its value)."""
    casino = _casino(draft)
    index = _build_index(casino, zone)
    chosen = casino.builds[index]
    if not chosen.groups[-1]:
        return casino
    return _with_build(casino, index, replace(chosen, groups=(*chosen.groups, ())))


def set_build(draft: Draft, zone: str, *, value: int | None = None, owner: int | None = None) -> Draft:
    """The build ``zone`` with its announced ``value`` or ``owner`` changed (a number the notation
    holds; whether a game reaches it is the builder's to say)."""
    casino = _casino(draft)
    index = _build_index(casino, zone)
    chosen = casino.builds[index]
    return _with_build(casino, index, replace(
        chosen, value=chosen.value if value is None else check_whole("value", value, 0, 99),
        owner=chosen.owner if owner is None else check_whole("owner", owner, 0, casino.rules.players - 1)))


def remove_build(draft: Draft, zone: str) -> Draft:
    """The draft without the build ``zone``: its cards are unplaced."""
    casino = _casino(draft)
    index = _build_index(casino, zone)
    return replace(casino, builds=casino.builds[:index] + casino.builds[index + 1:])


def _with_build(draft: CasinoPosition, index: int, build: Build) -> CasinoPosition:
    return replace(draft, builds=(*draft.builds[:index], build, *draft.builds[index + 1:]))


# --- the other fields ---------------------------------------------------------------------------
def change(draft: Draft, **fields: Any) -> Draft:
    """The draft with some of its family's editable fields changed (``Family.editable``: the rules
    also by a preset's name); a value the notation could not hold (a player who is not at the
    table, a round the rules do not have, a word for a number) is named at once, by the field; what
    no game reaches is the builder's to name. New rules with fewer rounds move the draft to their
    last round at most; new Kaszinó rules for another number of players keep the cards of the
    players that stay, the other players' cards become unplaced."""
    family = family_of(draft)
    unknown = sorted(set(fields) - set(family.editable))
    if unknown:
        raise KaszinoError(f"no field {', '.join(map(quote, unknown))} to change; the fields: "
                           f"{', '.join(family.editable)}")
    rules = fields.get("rules", draft.rules)
    if isinstance(rules, str):
        rules = family.presets[check_choice("rules", rules, tuple(family.presets))]
    fields["rules"] = check_type("rules", rules, family.rules)
    if "round" not in fields and isinstance(draft.round, int):  # rules with fewer rounds: their last one
        fields["round"] = min(draft.round, family.rounds(rules))
    changed = replace(draft, **fields)
    if not isinstance(changed, ScopaPosition) and rules.players != len(changed.hands):
        changed = _reseated(changed, rules)
    if isinstance(changed, CasinoPosition):  # builds being composed need not read back yet
        casino: Draft = replace(family.read_back(replace(changed, builds=())), builds=changed.builds)
        return casino
    checked: Draft = family.read_back(changed)
    return checked


def _reseated(draft: PositionDraft | CasinoPosition, rules: Any) -> Draft:
    """The draft for the players of ``rules``: per-player (per-side) fields cut or padded, to move,
    dealer and builds' owners kept among them."""
    players = rules.players

    def fit(values: Sequence[Any], empty: Any, size: int = players) -> tuple[Any, ...]:
        return (*values[:size], *(empty,) * (size - len(values)))

    def seat(player: int | None, size: int = players) -> int | None:
        return None if player is None else min(player, size - 1)

    moved = replace(draft, hands=fit(draft.hands, ()), piles=fit(draft.piles, ()),
                    to_move=seat(draft.to_move) or 0, dealer=seat(draft.dealer) or 0,
                    last_capturer=seat(draft.last_capturer))
    if isinstance(moved, PositionDraft):
        return replace(moved, tabla_points=fit(moved.tabla_points, 0), bonus=fit(moved.bonus, 0),
                       scores=fit(moved.scores, 0), winner=seat(moved.winner))
    return replace(moved, scores=fit(moved.scores, 0, rules.sides), winner=seat(moved.winner, rules.sides),
                   builds=tuple(replace(each, owner=min(each.owner, players - 1)) for each in moved.builds))


# --- the builder's verdict and the kinds' answers -----------------------------------------------
def position_problems(draft: Draft) -> tuple[Problem, ...]:
    """Everything that keeps ``draft`` from being a position a game reaches (its family's builder:
    each a code and its fields, put into words by ``Problem.text``); () for a position."""
    return family_of(draft).problems(draft)


def build(draft: Draft) -> Position:
    """The position of ``draft``, built by its family's builder (``PositionError`` lists every
    problem)."""
    return family_of(draft).build(draft)


@dataclass(frozen=True, slots=True)
class KindAnswers:
    """A kind whose task the position holds: its correct answers (the kind's own ``solve``), and
    ``refusal``, why the check of stored puzzles would refuse it as a puzzle (English: it teaches
    nothing, say; :func:`~kaszino.puzzles.puzzle.recheck`), None when it can be saved."""

    kind: Kind
    answers: tuple[Answer, ...]
    refusal: str | None

    @property
    def savable(self) -> bool:
        return self.refusal is None


def kind_answers(state: Position) -> tuple[KindAnswers, ...]:
    """Every kind of the position's game the editor offers whose task ``state`` holds with at least
    one answer, in the order of the kinds; a kind whose answers the solver cannot find within its
    budget is left out as one that does not fit."""
    found = []
    for kind in _game_of(state).kinds:
        rules = KIND_RULES[kind]
        try:
            if rules.position_problem(state) is not None:
                continue
            answers = rules.solve(state)
            if not answers or rules.answers_problem(state, answers) is not None:
                continue
            discrepancy = recheck(_puzzle(state, kind, answers, f"{rules.prefix}-1"))
        except KaszinoError:  # past the solver's budget (TooLargeError)
            continue
        found.append(KindAnswers(kind, answers, None if discrepancy is None else str(discrepancy)))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Judged:
    """What the builder and the kinds say of one draft: its problems, else its state and the kinds
    that fit it with their answers."""

    draft: Draft
    problems: tuple[Problem, ...]
    state: Position | None
    kinds: tuple[KindAnswers, ...]


def judge(draft: Draft) -> Judged:
    """The builder's problems of ``draft``; for a position, its state and every fitting kind."""
    found = position_problems(draft)
    if found:
        return Judged(draft, found, None, ())
    state = build(draft)
    return Judged(draft, (), state, kind_answers(state))


def _game_of(state: object) -> Family:
    """The family of a built position; a ``KaszinoError`` for anything else."""
    found = next((family for family in FAMILIES.values() if isinstance(state, family.state)), None)
    if found is None:
        raise KaszinoError(f"the editor knows the positions of {', '.join(FAMILIES)}, not {quote(state)}")
    return found


def _puzzle(state: Position, kind: Kind, answers: tuple[Answer, ...], puzzle_id: str) -> Puzzle:
    return Puzzle(puzzle_id, kind, state, answers, themes=themes_of(kind, state, answers))


def make_puzzle(state: Position, kind: Kind, puzzle_id: str) -> Puzzle:
    """The ``kind`` puzzle of ``state`` with every answer and its themes; a ``KaszinoError`` saying
    why when the position holds no such puzzle, or the check of stored puzzles would refuse it."""
    fit = next((fit for fit in kind_answers(state) if fit.kind == kind), None)
    if fit is None:
        raise KaszinoError(f"the position holds no {quote(kind)} puzzle (the kinds it holds: "
                           f"{', '.join(f.kind for f in kind_answers(state)) or 'none'})")
    if fit.refusal is not None:
        raise KaszinoError(f"a {kind} puzzle of this position would be refused: {fit.refusal}")
    return _puzzle(state, kind, fit.answers, puzzle_id)


# --- one line of notation -----------------------------------------------------------------------
def notation(draft: Draft) -> str:
    """The draft as one line of notation (also a draft with problems: a teacher may keep it)."""
    return family_of(draft).write(draft)


def from_notation(text: str, game: str = "kaszino") -> Draft:
    """A draft of ``game`` read from one line of notation; ``NotationError`` names a bad field or
    token. What keeps it from being a position is left to :func:`position_problems`."""
    family: Family = FAMILIES[check_choice("game", game, tuple(FAMILIES))]
    draft: Draft = family.read(check_type("text", text, str))
    return draft


# --- the teacher's collection file --------------------------------------------------------------
def save_to_collection(path: Path | str, draft: Draft, kind: Kind) -> Puzzle:
    """Append the ``kind`` puzzle of ``draft`` to the collection file ``path`` (a new file is made)
    and return it. Refused, with a ``KaszinoError`` naming why, and nothing written: a draft with
    problems, a kind the position does not hold, a file that is no puzzle file, a shipped
    collection, the same puzzle (kind and position) already in the file."""
    state = build(draft)  # PositionError lists every problem
    existing = _own_collection(path)
    position = state.notation()
    same = next((p for p in existing if p.kind == kind and p.state.notation() == position), None)
    if same is not None:
        raise KaszinoError(f"{quote(os.fspath(path))}: this {kind} puzzle is in the file already "
                           f"(id {same.id}); nothing written")
    puzzle = make_puzzle(state, kind, _free_id(KIND_RULES[kind].prefix, existing))
    save_puzzles((*existing, puzzle), path, replace=bool(existing) or _exists(path))
    return puzzle


def _exists(path: str | os.PathLike[str]) -> bool:
    return os.path.lexists(os.fspath(path))


def _own_collection(path: Path | str) -> tuple[Puzzle, ...]:
    """The puzzles of the teacher's collection at ``path`` (none for a new file); refused: a name
    that is no path, a shipped collection, a file that does not read as a puzzle file."""
    if not isinstance(path, str | os.PathLike) or not os.fspath(path) or "\0" in os.fspath(path):
        raise KaszinoError(f"a collection file is named by a path, not {quote(path)}")
    resolved = Path(os.path.realpath(path))
    if resolved.is_relative_to(Path(os.path.realpath(PUZZLE_DIR))):
        raise KaszinoError(f"{quote(os.fspath(path))}: a shipped puzzle collection; save into a file of "
                           "your own")
    if not _exists(path):
        return ()
    try:
        return load_puzzles(path)
    except PuzzleFormatError as error:
        raise KaszinoError(f"not a puzzle collection, so it is not changed: {error}") from None


def _free_id(prefix: str, puzzles: Sequence[Puzzle]) -> str:
    """``<prefix>-<n>`` with the smallest ``n`` from 1 no puzzle of ``puzzles`` has as its id."""
    taken = {puzzle.id for puzzle in puzzles}
    return next(f"{prefix}-{n}" for n in range(1, len(taken) + 2) if f"{prefix}-{n}" not in taken)


COLLECTIONS_VARIABLE = "KASZINO_COLLECTIONS"
"""The environment variable naming the folder the editor's page keeps collection files in."""
_FILE_NAME = re.compile(r"\w[\w .-]{0,99}")


def collections_folder() -> Path:
    """The folder the editor's page saves collections to and loads them from: ``$KASZINO_COLLECTIONS``,
    else the folder of the progress file (the class folder of ``kaszino app --class``, else the
    user's data folder, made if missing), else (a browser keeping no files) the working folder."""
    named = os.environ.get(COLLECTIONS_VARIABLE, "").strip()
    if named:
        return Path(named).expanduser()
    try:
        folder = default_path().parent
        folder.mkdir(parents=True, exist_ok=True)
    except (StoreError, OSError):
        return Path.cwd()
    return folder


def collection_path(name: str, folder: Path | str) -> Path:
    """The collection file ``name`` in ``folder`` (``.json`` added to a name without it); a
    ``KaszinoError`` for a name that is no plain file name (a folder in it, a leading dot, …)."""
    if not isinstance(name, str) or not _FILE_NAME.fullmatch(name) or ".." in name:
        raise KaszinoError(f"a collection is named by a plain file name (letters, digits, spaces, '.', '-', "
                           f"'_'; no folder), not {quote(name)}")
    return Path(folder) / (name if name.lower().endswith(".json") else name + ".json")


def collection(path: Path | str) -> tuple[Puzzle, ...]:
    """The puzzles of a collection file, to choose one to edit (:func:`load_puzzles`)."""
    return load_puzzles(path)


def draft_of(puzzle: Puzzle) -> Draft:
    """The position of a puzzle as a draft to edit again."""
    state = check_type("puzzle", puzzle, Puzzle).state
    if isinstance(state, GameState):
        return state.draft()
    if isinstance(state, scopa_state.ScopaState | CasinoState):
        return state.position()
    raise KaszinoError(f"puzzle {quote(puzzle.id)} is a {puzzle.game} puzzle; the editor edits "
                       f"{' and '.join(FAMILIES)} positions")
