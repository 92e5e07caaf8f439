"""Fuzzing the error contract: every parser, ``play()``, the puzzle loader, the command line (its
arguments and the paths its writing commands are given), the progress file and the widgets'
browser messages.

Each test feeds generated input — mostly small changes to real positions, moves, records and
puzzle files, so that the input gets deep into the readers — and asserts the contract: the
call either accepts the input or raises ``KaszinoError`` whose message names what is wrong,
stays short and comes within a second; no other exception escapes. What is accepted must read
back exactly from its own written form.

The example counts are kept small for the test suite; set ``KASZINO_FUZZ_EXAMPLES`` (say to
20000) for a long run.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import re
import shutil
import string
import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_helpers import random_walk
from progress_reading import read_everything
from shipped import SHIPPED
from user_files import entries, stand_in_build, user_folder
from work import at_most

from kaszino import (
    PRESETS,
    Capture,
    Card,
    Challenge,
    Claim,
    GameRecord,
    GameState,
    KaszinoError,
    Lay,
    Move,
    NextDeal,
    Pass,
    Rules,
    captures,
    count_captures,
    count_sweeps,
    new_game,
    parse_cards,
    parse_move,
)
from kaszino.cli import main
from kaszino.cli.site import SITE_MARK
from kaszino.errors import MESSAGE_LIMIT
from kaszino.games.kaszino.notation import FIELDS, parse_rules
from kaszino.puzzles.puzzle import Puzzle, dumps_puzzles, load_puzzles, parse_puzzles

EXAMPLES = int(os.environ.get("KASZINO_FUZZ_EXAMPLES", "40"))
LINES = 500_000
"""The contract's bound on the work to take or refuse one input, in lines of Python run (counted,
not timed: the same on a busy machine). The most any input ran when this was set: about 44,000."""

FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def judged(call: Callable[[], object], *names: str) -> object:
    """The result of ``call``, or the ``KaszinoError`` it raised, whose message names one of ``names``.

    Any other exception fails the test; so does an empty or overlong message, or a call that runs
    more than :data:`LINES` lines.
    """
    try:
        with at_most(LINES):
            result = call()
    except KaszinoError as error:
        message = str(error)
        assert message and len(message) <= MESSAGE_LIMIT
        assert not names or any(name in message for name in names), message
        result = error
    return result


# --- material: real games, from which the inputs are made ---------------------------------------
STATES: list[GameState] = [state for name in ("standard", "v6", "p3", "v4", "trainer", "v3")
                           for state in random_walk(PRESETS[name], 11, 400)[::4]]
RECORD = GameRecord(PRESETS["v6"], 5, None, 1, tuple(
    next(m for m in ((before.legal_moves()) or [NextDeal()]) if before.play(m) == after)
    for before, after in zip(random_walk(PRESETS["v6"], 5, 40), random_walk(PRESETS["v6"], 5, 40)[1:],
                             strict=False)))
PUZZLE = SHIPPED[0]
GOOD = PUZZLE.to_record()

JUNK = st.text(max_size=12)
DIGITS = st.text(alphabet="0123456789-²¹٣７", min_size=1, max_size=25)
CARD_CHARS = "0123456789AÁTJBQDKSHDCPRáajbqdkshcpr♠♥♦♣♤♡♢♧/ſｓＫ\u212a\u200b "
MOVE_CHARS = CARD_CHARS + "+=| auszfalnextpss²¹٣"
NOTATION_CHARS = MOVE_CHARS + ";,-|=01234draw"


def _swap_field(text: str, name: str, value: str) -> str:
    return re.sub(rf"(^|; ){name}=[^;]*", lambda m: f"{m.group(1)}{name}={value}", text)


@st.composite
def edited(draw: st.DrawFn, base: str, alphabet: str) -> str:
    """``base`` with a few characters inserted, deleted or replaced."""
    text = list(base)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(("insert", "delete", "replace")))
        char = draw(st.sampled_from(alphabet))
        if action == "insert" or not text or at == len(text):
            text.insert(at, char)
        elif action == "delete":
            del text[at]
        else:
            text[at] = char
    return "".join(text)


# --- cards and moves -------------------------------------------------------------------------------
@FUZZ
@given(st.one_of(st.text(alphabet=CARD_CHARS, max_size=5), JUNK))
def test_card_tokens(token: str) -> None:
    card = judged(lambda: Card.parse(token), repr(token)[:8], "card")
    if isinstance(card, Card):
        assert set(token.strip().upper()) <= set(string.ascii_uppercase + string.digits + "Á♠♥♦♣♤♡♢♧/")
        assert Card.parse(str(card)) == card == Card.parse(card.ascii())
    cards = judged(lambda: parse_cards(token), "card")
    if isinstance(cards, tuple):
        assert parse_cards(" ".join(map(str, cards))) == cards


@FUZZ
@given(st.one_of(st.text(alphabet=MOVE_CHARS, max_size=16), JUNK,
                 st.sampled_from([str(m) for s in STATES[:20] for m in s.legal_moves()]).flatmap(
                     lambda text: edited(text, MOVE_CHARS))))
def test_move_texts(text: str) -> None:
    move = judged(lambda: parse_move(text), "move", "card", "player", "capture", "'")
    if not isinstance(move, KaszinoError):
        assert parse_move(str(move)) == move


SOME_CARDS = st.lists(st.sampled_from(list(parse_cards("5♠ A♥ K♣ 10♦ 2♠ 7♥ 9♣ 3♦ Q♠ 4♣ 6♥"))), max_size=6)


@FUZZ
@given(SOME_CARDS, SOME_CARDS)
def test_hand_and_table_functions_agree(hand: list[Card], table: list[Card]) -> None:
    found = judged(lambda: captures(hand, table), "hand", "table")
    counted = judged(lambda: count_captures(hand, table), "hand", "table")
    swept = judged(lambda: count_sweeps(hand, table), "hand", "table")
    if isinstance(found, list):
        assert counted == len(found) and swept == sum(not set(table) - set(c.table) for c in found)
    else:
        assert isinstance(counted, KaszinoError) and isinstance(swept, KaszinoError)

# --- positions ---------------------------------------------------------------------------------------
@st.composite
def notations(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(STATES)).notation()
    how = draw(st.sampled_from(("field", "other", "edit", "digits")))
    name = draw(st.sampled_from(FIELDS))
    if how == "field":
        return _swap_field(text, name, draw(st.text(alphabet=NOTATION_CHARS, max_size=20)))
    if how == "other":  # a field's value taken from another real position
        other = draw(st.sampled_from(STATES)).notation()
        found = re.search(rf"(?:^|; ){name}=([^;]*)", other)
        return _swap_field(text, name, found.group(1) if found else "")
    if how == "digits":
        return _swap_field(text, name, draw(DIGITS))
    return draw(edited(text, NOTATION_CHARS))


@FUZZ
@given(notations())
def test_position_notation(text: str) -> None:
    state = judged(lambda: GameState.from_notation(text), *FIELDS, "cards", "field", "notation")
    if isinstance(state, GameState):
        assert GameState.from_notation(state.notation()) == state


RULE_CHARS = "=,vtargetnoneclaimfls0123²- "


@FUZZ
@given(st.one_of(st.tuples(st.sampled_from(sorted(PRESETS)), st.text(alphabet=RULE_CHARS, max_size=16))
                 .map(",".join), JUNK))
def test_rules_text(text: str) -> None:
    rules = judged(lambda: parse_rules(text), "rules", "preset", "field", "=", *(f for f in Rules.__slots__))
    if isinstance(rules, Rules):
        from kaszino.games.kaszino.notation import format_rules

        assert parse_rules(format_rules(rules)) == rules


@FUZZ
@given(st.dictionaries(st.sampled_from(Rules.__slots__ + ("colour",)),
                       st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.text(max_size=8),
                                 st.floats(allow_nan=True)), max_size=3))
def test_rules_fields(changes: dict[str, object]) -> None:
    judged(lambda: Rules().with_changes(**changes), *changes)


# --- play() --------------------------------------------------------------------------------------------
ANYTHING = st.one_of(st.none(), st.integers(-3, 6), st.text(max_size=3), st.booleans(),
                     st.sampled_from(list(parse_cards("5♠ A♥ K♣ 10♦ 2♠"))))


@st.composite
def moves(draw: st.DrawFn, state: GameState) -> object:
    legal = state.legal_moves()
    cards = st.lists(st.sampled_from(list(parse_cards("5♠ A♥ K♣ 10♦ 2♠ 7♥ 9♣ 3♦ Q♠"))), max_size=3)
    return draw(st.one_of(
        st.sampled_from(legal) if legal else st.just(NextDeal()),
        ANYTHING,
        st.builds(Claim, ANYTHING), st.builds(Challenge, ANYTHING), st.builds(Lay, ANYTHING),
        st.builds(Capture, cards.map(tuple), cards.map(tuple)),
        st.builds(Capture, st.one_of(cards, ANYTHING), st.one_of(cards, ANYTHING)),
        st.just(Pass()), st.just(NextDeal()),
    ))


@FUZZ
@given(st.sampled_from(STATES).flatmap(lambda state: st.tuples(st.just(state), moves(state))))
def test_play(pair: tuple[GameState, object]) -> None:
    state, move = pair
    after = judged(lambda: state.play(move), "illegal move")  # type: ignore[arg-type]
    if isinstance(after, GameState):
        assert state.is_legal(move)  # type: ignore[arg-type]
        assert GameState.from_notation(after.notation()) == after
    else:
        assert not state.is_legal(move)  # type: ignore[arg-type]


@FUZZ
@given(st.fixed_dictionaries({}, optional={
    "rules": st.one_of(st.sampled_from(list(PRESETS.values())), ANYTHING),
    "seed": st.one_of(st.integers(-2, 2**65), ANYTHING),
    "dealer": ANYTHING,
    "deck": st.one_of(ANYTHING, st.lists(ANYTHING, max_size=3)),
}))
def test_new_game_arguments(arguments: dict[str, object]) -> None:
    judged(lambda: new_game(**arguments), "rules", "seed", "dealer", "deck")  # type: ignore[arg-type]


# --- records -------------------------------------------------------------------------------------------
@st.composite
def records(draw: st.DrawFn) -> str:
    lines = RECORD.to_text().splitlines()
    at = draw(st.integers(0, len(lines) - 1))
    how = draw(st.sampled_from(("replace", "edit", "delete", "repeat")))
    if how == "replace":
        lines[at] = draw(st.text(alphabet=MOVE_CHARS + ":.#RulesSeedDealerDeckResult", max_size=20))
    elif how == "edit":
        lines[at] = draw(edited(lines[at], MOVE_CHARS + ":.0123456789²"))
    elif how == "delete":
        del lines[at]
    else:
        lines.insert(at, lines[at])
    return "\n".join(lines)


@FUZZ
@given(records())
def test_record_text(text: str) -> None:
    record = judged(lambda: GameRecord.from_text(text), "line", "record", "game")
    if isinstance(record, GameRecord):
        assert GameRecord.from_text(record.to_text()) == record


# --- puzzle files ---------------------------------------------------------------------------------------
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(), st.text(max_size=10)),
    lambda children: st.one_of(st.lists(children, max_size=3), st.dictionaries(st.text(max_size=5), children,
                                                                             max_size=3)),
    max_leaves=6)


@st.composite
def puzzle_files(draw: st.DrawFn) -> str:
    record = dict(GOOD)
    how = draw(st.sampled_from(("value", "delete", "add", "text", "top")))
    key = draw(st.sampled_from(sorted(record)))
    if how == "value":
        record[key] = draw(JSON)
    elif how == "delete":
        del record[key]
    elif how == "add":
        record[draw(st.text(max_size=6))] = draw(JSON)
    document: object = {"format": 1, "puzzles": [record]}
    if how == "top":
        document = draw(JSON)
    text = json.dumps(document, ensure_ascii=False)
    if how == "text":
        text = draw(edited(text, '{}[]",:0123456789.eE-+ \\ntruefalsnulINfy'))
    return text


@FUZZ
@given(puzzle_files())
def test_puzzle_file_text(text: str) -> None:
    puzzles = judged(lambda: parse_puzzles(text, "fuzz.json"), "fuzz.json")
    if isinstance(puzzles, tuple):
        assert parse_puzzles(dumps_puzzles(puzzles), "again.json") == puzzles


PUZZLES = list({puzzle.kind: puzzle for puzzle in SHIPPED}.values())
"""One shipped puzzle of every kind."""
SIDE = st.one_of(SOME_CARDS.map(tuple), ANYTHING)
JUNK_CAPTURES = st.builds(Capture, SIDE, SIDE)
ATTEMPTS = st.one_of(ANYTHING, st.integers(), st.floats(), JUNK_CAPTURES, st.builds(Lay, ANYTHING),
                     st.lists(st.one_of(JUNK_CAPTURES, ANYTHING), max_size=3),
                     st.sampled_from(["yes", "no", "correct", "sums_differ", "over_limit", "fals", "ausz"]))


@FUZZ
@given(st.sampled_from(PUZZLES), st.one_of(ATTEMPTS, st.sampled_from(PUZZLES).map(lambda p: p.answers[0])))
def test_puzzle_attempts(puzzle: Puzzle, attempt: object) -> None:
    puzzle.check(puzzle.answers[0])  # the solver's work, the same for every attempt (it is remembered)
    judged(lambda: puzzle.check(attempt), puzzle.kind, "answer", "whole number")  # type: ignore[arg-type]

FOLDER = Path(tempfile.mkdtemp(prefix="kaszino-fuzz-"))
"""Files the fuzz tests write (Hypothesis runs a test many times within one function-scoped
fixture, so the folder is the module's), removed when the test process ends."""
atexit.register(shutil.rmtree, FOLDER, ignore_errors=True)


@FUZZ
@given(st.binary(max_size=64), st.one_of(st.just("file"), ANYTHING))
def test_puzzle_loader(content: bytes, path: object) -> None:
    target = FOLDER / "loaded.json"
    target.write_bytes(content)
    judged(lambda: load_puzzles(target if path == "file" else path), "loaded.json", "path", "cannot read",  # type: ignore
           repr(path)[:10])


# --- the command line -----------------------------------------------------------------------------------
WORDS = ["puzzles", "generate", "check", "list", "--seed", "--count", "--kind", "--theme", "--out", "sweep",
         "ace", "all_captures", "0", "1", "-1", "²", "9" * 30, "", "-", "--", "x.json", "-x"]
GARBAGE = FOLDER / "garbage.json"
GARBAGE.write_text('{"format": 1, "puzzles": [', encoding="utf-8")


@FUZZ
@given(st.sampled_from(["generate", "check", "list"]),
       st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=6))
def test_command_line(action: str, words: list[str]) -> None:
    argv = ["puzzles", action, *words]
    # Never mine for real: generate always meets an existing --out (there is no --force), and
    # check and list always read one broken file.
    argv += ["--out", str(GARBAGE)] if action == "generate" else [str(GARBAGE)]
    out, err = io.StringIO(), io.StringIO()
    try:
        with at_most(LINES), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    except SystemExit as leaving:  # only --help (or an abbreviation of it) leaves, with status 0
        assert leaving.code == 0
        return
    assert status in (1, 2)
    if status == 2:
        message = err.getvalue()
        assert message.startswith("kaszino: error: ") and len(message) <= MESSAGE_LIMIT + 100


# --- the command line's output paths ---------------------------------------------------------------------
SANDBOX = FOLDER / "paths"
WORK = SANDBOX / "1" / "2" / "3" / "work"
"""The user's working folder, four levels down, so that four ``..`` stay inside :data:`SANDBOX`."""
PARTS = ["..", ".", "nope", "DIR", "link", "keep.txt", "keep-link", "anna.sqlite3", "hard.sqlite3", "s.ipynb",
         "hard.ipynb", "sym.ipynb", "pipe", "site", "empty", "new", ""]
WRITERS = {
    "export": ["progress", "export", "anna.sqlite3", "--out"],
    "teacher": ["classroom", "teacher", "--student", "s.ipynb", "--no-execute", "--out"],
    "site": ["site", "build", "--cache", "cache", "--out"],
}
"""Each command that writes, with its inputs; the output path comes last."""
INPUTS = {"export": ("anna.sqlite3", "hard.sqlite3"), "teacher": ("s.ipynb", "hard.ipynb"), "site": ()}
"""The names of each command's input (and its hard link) in the working folder."""


def _sandbox() -> None:
    """A user's folder (``user_files.user_folder``) with a progress file and a hard link to it, an
    earlier site build and an empty folder."""
    shutil.rmtree(SANDBOX, ignore_errors=True)
    WORK.mkdir(parents=True)
    user_folder(WORK)
    shutil.copyfile(PROGRESS, WORK / "anna.sqlite3")
    os.link(WORK / "anna.sqlite3", WORK / "hard.sqlite3")
    stand_in_build(WORK / "site", WORK / "cache")
    (WORK / "empty").mkdir()


@FUZZ
@given(st.sampled_from(sorted(WRITERS)), st.lists(st.sampled_from(PARTS), min_size=1, max_size=4),
       st.booleans())
def test_output_paths(command: str, parts: list[str], force: bool) -> None:
    """Whatever path a command is given to write to, it changes nothing but the file (or folder)
    that path resolves to — never its own input, never an existing file without ``--force``, never
    a folder it did not make without ``--force`` — and leaves no temporary file behind."""
    from unittest import mock

    _sandbox()
    out = "/".join(parts).lstrip("/") or "."  # relative: it stays inside the sandbox
    argv = WRITERS[command] + [out] + (["--force"] if force else [])
    before = entries(SANDBOX)
    here = os.getcwd()
    os.chdir(WORK)
    try:
        target = Path(os.path.realpath(out))  # before the command: it may replace a link
        with mock.patch("kaszino.cli.site.build_site", stand_in_build), \
                contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
            status = main(argv)
    finally:
        os.chdir(here)
    assert status in (0, 2), err.getvalue()
    after = entries(SANDBOX)
    assert not [name for name in after if re.fullmatch(r"\..*\.(tmp|new|old)", Path(name).name)]
    changed = {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}
    if status == 2:
        assert not changed, (argv, changed)
        return
    written = str(target.relative_to(SANDBOX))
    assert all(name == written or name.startswith(f"{written}/") for name in changed), (argv, changed)
    assert written not in {f"1/2/3/work/{name}" for name in INPUTS[command]}
    if not force:
        previous = before.get(written)
        earlier_site = f"{written}/{SITE_MARK}" in before or not any(
            name.startswith(f"{written}/") for name in before)
        assert previous is None or (command == "site" and previous == "folder" and earlier_site), argv


def _moves_are_values(moves: list[Move]) -> bool:
    return all(isinstance(move, (Capture, Lay, Pass, Claim, Challenge, NextDeal)) for move in moves)


def test_the_material_is_real() -> None:
    """The inputs start from real positions and a real record (else the fuzzing is shallow)."""
    assert len(STATES) > 100 and len(RECORD.moves) >= 30
    assert all(_moves_are_values(state.legal_moves()) for state in STATES)
    assert any(state.pending is not None for state in STATES)
    assert any(state.players == 3 for state in STATES)
    assert GameRecord.from_text(RECORD.to_text()) == RECORD


# --- the progress file ------------------------------------------------------------------------------------
def _progress_file() -> Path:
    """A progress file with a row in every table: setting, chapter, game, attempt, ratings, card."""
    from datetime import UTC, datetime

    from kaszino.puzzles.trainer import Trainer
    from kaszino.store import open_store

    path = FOLDER / "progress.sqlite3"
    with open_store(path) as store:
        store.set_setting("language", "en")
        store.record_chapter("chapter01", score=3, total=5)
        store.save_game(RECORD.to_text(), opponent="greedy", result="1:0")
        trainer = Trainer(SHIPPED[:2], store, clock=lambda: datetime(2024, 1, 1, tzinfo=UTC))
        trainer.next()
        trainer.show_solution()
    return path


PROGRESS = _progress_file()
COLUMNS = [(table, column) for table, columns in (
    ("settings", "value"), ("chapters", "best last total attempts updated"), ("review_cards", "card due"),
    ("games", "played_at opponent record"), ("ratings", "value deviation volatility games"),
    ("puzzle_attempts", "at outcome hints rated learner_before")) for column in columns.split()]
STORED = st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=False),
                   st.text(max_size=12), st.binary(max_size=4),
                   st.sampled_from(["2024-01-01", "hu", "fr", "solved", "{}", "[1]"]))


@FUZZ
@given(st.sampled_from(COLUMNS), STORED)
def test_progress_file_values(column: tuple[str, str], value: object) -> None:
    """Junk in any stored column is taken or refused by name, and a refused file is left as it was."""
    import shutil
    import sqlite3

    path = FOLDER / "damaged.sqlite3"
    shutil.copyfile(PROGRESS, path)
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("PRAGMA ignore_check_constraints = 1")
        with contextlib.suppress(sqlite3.IntegrityError):  # NOT NULL columns keep their value
            connection.execute(f"UPDATE {column[0]} SET {column[1]} = ?", (value,))
    before = path.read_bytes()
    if isinstance(judged(lambda: read_everything(path, SHIPPED[:2]), str(path), "review card"), KaszinoError):
        assert path.read_bytes() == before


# --- messages from the browser ------------------------------------------------------------------------------
FIELD_VALUES = st.one_of(
    st.none(), st.integers(-5, 10**30), st.floats(), st.text(max_size=8), st.lists(st.none()),
    st.sampled_from(["5♠", "A♥", "2♦", "hu", "en", "0", "1", "-1", "²", "rules:v6", "level:x"]))
ACTIONS = ["toggle", "capture", "lay", "answers", "clear", "next_deal", "pass", "challenge", "claim", "lang",
           "add", "done", "start_over", "hint", "solution", "next", "previous", "summary", "choose", "number",
           "mode", "kind", "band", "theme", "goto", "submit", "open_saved", "replay_to", "nope"]
MESSAGES = st.one_of(FIELD_VALUES, st.fixed_dictionaries(
    {"action": st.one_of(st.sampled_from(ACTIONS), FIELD_VALUES)},
    optional={"card": FIELD_VALUES, "lang": FIELD_VALUES, "value": FIELD_VALUES}))


@FUZZ
@given(st.sampled_from(["table", "puzzle"]), st.lists(MESSAGES, max_size=6))
def test_browser_messages(name: str, messages: list[object]) -> None:
    """A widget answers any message in words, never with an exception or Python's own text."""
    from kaszino.jupyter.widgets.puzzle import PuzzleWidget
    from kaszino.jupyter.widgets.table import TableWidget

    widget = TableWidget(STATES[5]) if name == "table" else PuzzleWidget([PUZZLE])
    for message in messages:
        with at_most(LINES):
            widget._on_frontend(widget, message, None)
        assert "Error" not in widget.feedback and "'" not in widget.feedback, (message, widget.feedback)
