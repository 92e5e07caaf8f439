"""A progress file is untrusted input: hostile schemas are refused before anything runs, untouched.

A teacher exports files from students' machines, and a learner's own file may have been replaced:
views, triggers, extra or changed objects and other programs' files (even empty ones that look
like an old schema) are refused by both the normal open and the read-only one, quickly, and the
file is left byte for byte. The guards behind the schema check are tested on their own.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from kaszino.errors import KaszinoError
from kaszino.store import Store, StoreError, open_store, training
from kaszino.store.guard import Guard
from kaszino.store.schema import APPLICATION_ID

ENDLESS = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n"
COLUMNS = ("id, '2026-01-01T00:00:00+00:00', 'p', 'sweep', 'sequence', 'solved', 0, 0, 0, "
           "NULL, NULL, NULL, NULL")


def _kaszino_file(path: Path) -> Path:
    with open_store(path) as store:
        store.save_game("record", opponent="greedy", result="1:0")
        store.set_setting("language", "en")
    return path


def _raw(path: Path, *statements: str) -> bytes:
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        for statement in statements:
            connection.execute(statement)
    return path.read_bytes()


HARMLESS = re.compile(r"PRAGMA [\w ]+(= ?[\w-]+)?|BEGIN|COMMIT|ROLLBACK|ATTACH x AS 'main'"
                      r"|SELECT type, name, tbl_name, sql FROM sqlite_master")
"""What may run on a file not yet known to be kaszino's: pragmas, transactions, the read-only
snapshot's image opened in memory (SQLite traces it as an ATTACH) and the read of the schema's
list; nothing that reads a table or a view, or computes a column."""


def statements_run(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every SQL statement the store's connections run from now on (SQLite's own trace)."""
    run: list[str] = []
    connect = sqlite3.connect

    def traced(*args: object, **kwargs: object) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)  # type: ignore[arg-type]
        connection.set_trace_callback(run.append)
        return connection

    monkeypatch.setattr(sqlite3, "connect", traced)
    return run


HOSTILE = {
    "trigger": ["CREATE TRIGGER wipe AFTER INSERT ON puzzle_attempts BEGIN DELETE FROM games; END"],
    "trigger on reading a setting": ["CREATE TRIGGER grow AFTER UPDATE ON settings BEGIN "
                                     "INSERT INTO games SELECT * FROM games; END"],
    "endless view in place of a table": [
        "DROP TABLE puzzle_attempts",
        f"CREATE VIEW puzzle_attempts(id, at, puzzle_id, kind, mode, outcome, hints, wrong, rated, "
        f"learner_before, learner_after, puzzle_before, puzzle_after) AS {ENDLESS.replace('n', 'id')}, "
        f"{COLUMNS.removeprefix('id, ')} FROM c"],
    "extra view": [f"CREATE VIEW forever AS {ENDLESS} FROM c"],
    "extra table": ["CREATE TABLE notes (text TEXT)"],
    "extra index": ["CREATE INDEX games_by_result ON games (result)"],
    "generated column": ["DROP TABLE review_cards",
                         "CREATE TABLE review_cards (puzzle_id TEXT PRIMARY KEY, card TEXT NOT NULL, "
                         "due TEXT NOT NULL, updated TEXT NOT NULL, big AS (zeroblob(1000000000)))"],
    "changed check": ["DROP TABLE ratings",
                      "CREATE TABLE ratings (subject TEXT PRIMARY KEY, value REAL NOT NULL, deviation REAL "
                      "NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL, updated TEXT NOT NULL)"],
    "missing table": ["DROP TABLE review_cards"],
    "negative schema version": ["PRAGMA user_version = -1"],
}


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("read_only", [False, True])
def test_a_hostile_schema_is_refused_before_anything_runs_and_left_untouched(
        tmp_path: Path, kind: str, read_only: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _kaszino_file(tmp_path / "p.sqlite3")
    before = _raw(path, *HOSTILE[kind])
    run = statements_run(monkeypatch)
    with (pytest.raises(StoreError, match="not a kaszino progress file") as caught,
          open_store(path, read_only=read_only) as store):
        training.record_attempt(store, "p", lambda _context: None)  # type: ignore[arg-type, return-value]
    assert run and [statement for statement in run if not HARMLESS.fullmatch(statement)] == []
    assert str(path) in str(caught.value) and "left untouched" in str(caught.value)
    assert path.read_bytes() == before
    assert sorted(item.name for item in tmp_path.iterdir()) == ["p.sqlite3"]


@pytest.mark.parametrize("read_only", [False, True])
def test_a_schema_of_very_many_objects_is_refused_before_sqlite_reads_it(
        tmp_path: Path, read_only: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's time to read a schema grows with the square of its objects (50,000 views: over 10 s),
    so the objects are counted off the file's pages: no statement that needs the schema runs (the
    read of the user version takes the lock and reads none)."""
    path = _kaszino_file(tmp_path / "p.sqlite3")
    with closing(sqlite3.connect(path, isolation_level=None)) as raw:
        raw.execute("PRAGMA writable_schema = ON")
        raw.execute("BEGIN")
        views = [(f"v{n}", f"v{n}", f"CREATE VIEW v{n} AS SELECT {n} FROM games") for n in range(50_000)]
        raw.executemany("INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) "
                        "VALUES ('view', ?, ?, 0, ?)", views)
        raw.execute("COMMIT")
    before = path.read_bytes()
    run = statements_run(monkeypatch)
    with pytest.raises(StoreError, match="over 100 objects"):
        open_store(path, read_only=read_only)
    assert [statement for statement in run if statement.startswith(("SELECT", "PRAGMA"))
            and statement != "PRAGMA user_version" and "= " not in statement] == []
    assert path.read_bytes() == before


@pytest.mark.parametrize(("pragmas", "says"), [
    (["PRAGMA user_version = 1"], "schema version 1"),  # empty, but looks like an old schema
    (["PRAGMA user_version = 2"], "schema version 2"),
    ([f"PRAGMA application_id = {APPLICATION_ID}", "PRAGMA user_version = 1"], "lacks the table"),
    (["PRAGMA application_id = 1234"], "application id 1234"),
    (["CREATE TABLE recipes (name TEXT)"], "1 object"),
    (["CREATE TABLE recipes (name TEXT)", "DROP TABLE recipes"], "0 object"),  # an empty database
])
@pytest.mark.parametrize("read_only", [False, True])
def test_another_programs_file_even_an_empty_one_is_refused_and_never_stamped(
        tmp_path: Path, pragmas: list[str], says: str, read_only: bool) -> None:
    path = tmp_path / "other.sqlite3"
    before = _raw(path, *pragmas)
    with pytest.raises(StoreError, match=f"another program's database.*{says}"):
        open_store(path, read_only=read_only)
    assert path.read_bytes() == before


# --- the guards, on their own ----------------------------------------------------------------------
@pytest.fixture
def store(tmp_path: Path) -> Store:
    return open_store(_kaszino_file(tmp_path / "p.sqlite3"))


@pytest.mark.parametrize("sql", [
    "ATTACH DATABASE ':memory:' AS other",
    "CREATE TABLE notes (text TEXT)",
    "CREATE TEMP TRIGGER t AFTER INSERT ON games BEGIN SELECT 1; END",
    "DROP TABLE games",
    "SELECT load_extension('x')",
    "SELECT randomblob(10)",
    "PRAGMA writable_schema = ON",
    f"{ENDLESS} FROM c",
])
def test_what_a_progress_file_never_needs_is_refused(store: Store, sql: str) -> None:
    with pytest.raises(StoreError, match="never needs that"):
        store.execute(sql)
    assert [game.result for game in store.games()] == ["1:0"]


def test_no_code_of_a_view_or_trigger_runs_even_past_the_schema_check() -> None:
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as connection:
        connection.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        connection.execute("CREATE VIEW every_game AS SELECT id FROM games")
        connection.execute("CREATE TRIGGER copy AFTER INSERT ON games BEGIN "
                           "INSERT INTO games VALUES (NULL); END")
        Guard(connection)
        connection.execute("SELECT id FROM games").fetchall()  # the store's own tables: allowed
        with pytest.raises(sqlite3.DatabaseError, match="prohibited"):
            connection.execute("SELECT id FROM every_game")
        with pytest.raises(sqlite3.DatabaseError, match="not authorized"):
            connection.execute("INSERT INTO games VALUES (NULL)")
        assert connection.execute("SELECT count(*) FROM games").fetchone() == (0,)


def test_a_statement_that_works_too_long_is_stopped(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kaszino.store.guard.MAX_STEPS", 100_000)
    with store.transaction():
        for number in range(100):
            store.save_game("r", opponent="o", result=str(number))
    with pytest.raises(StoreError, match=r"takes more than .* steps"):
        store.execute("SELECT count(*) FROM games AS a, games AS b, games AS c")
    assert len(store.games()) == 101  # the next statement has its whole budget again


def test_a_read_returns_at_most_max_rows(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kaszino.store.store.MAX_ROWS", 3)
    with store.transaction():
        for number in range(2):
            store.save_game("r", opponent="o", result=str(number))
    assert len(store.games()) == 3
    store.save_game("r", opponent="o", result="one too many")
    with pytest.raises(StoreError, match="more than 3 rows"):
        store.games()


def test_a_value_longer_than_any_progress_file_holds_is_damage(tmp_path: Path) -> None:
    path = _kaszino_file(tmp_path / "p.sqlite3")
    before = _raw(path, f"UPDATE games SET record = '{'x' * 5_000_000}'")
    with open_store(path, read_only=True) as store, pytest.raises(StoreError, match=r"damaged.*too big"):
        store.games()
    assert path.read_bytes() == before


def test_a_closed_store_says_so(store: Store) -> None:
    store.close()
    with pytest.raises(StoreError, match="was closed"):
        store.games()
    assert isinstance(StoreError(), KaszinoError)
