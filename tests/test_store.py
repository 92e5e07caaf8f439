"""The per-user progress store: round trips, where the file is, bad files, locks, concurrent writers."""

from __future__ import annotations

import multiprocessing
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from kaszino.store import ENVIRONMENT_VARIABLE, Store, StoreError, current_store, default_path, open_store
from kaszino.store.schema import APPLICATION_ID, VERSION
from kaszino.store.store import BROWSER_FILE


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "student" / "progress.sqlite3"


def test_settings_chapters_and_games_survive_reopening(path: Path) -> None:
    with open_store(path) as store:
        store.set_setting("language", "en")
        store.record_chapter("03", score=3, total=5)
        store.record_chapter("03", score=5, total=5)
        store.record_chapter("03", score=4, total=5)
        first = store.save_game("rules=standard\n1. 7♣", opponent="greedy", result="11:4")
        second = store.save_game("rules=v1\n", opponent="expert", result="-")
    with open_store(path) as store:
        assert store.get_setting("language") == "en"
        assert store.get_setting("nothing") is None
        result = store.chapter_results()["03"]
        assert (result.best, result.last, result.total, result.attempts) == (5, 4, 5, 3)
        assert [game.id for game in store.games()] == [first, second]
        game = store.game(first)
        assert (game.opponent, game.result, game.record) == ("greedy", "11:4", "rules=standard\n1. 7♣")


def test_the_environment_variable_names_the_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(path))
    assert default_path() == path
    current_store().set_setting("language", "hu")
    assert current_store() is current_store()
    assert open_store(path).get_setting("language") == "hu"
    other = path.with_name("other.sqlite3")
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(other))
    assert current_store().path == other


def test_without_the_variable_the_file_is_in_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENVIRONMENT_VARIABLE, raising=False)
    assert default_path().name == "progress.sqlite3"
    assert "kaszino" in default_path().parts


def test_a_new_file_is_marked_as_ours(path: Path) -> None:
    open_store(path).close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert raw.execute("PRAGMA user_version").fetchone()[0] == VERSION


def _bad_file(path: Path, kind: str) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "text":
        path.write_text("my shopping list\n")
    elif kind == "foreign":
        with sqlite3.connect(path) as raw:
            raw.execute("CREATE TABLE recipes (name TEXT)")
            raw.execute("INSERT INTO recipes VALUES ('lecsó')")
        raw.close()
    elif kind == "newer":
        open_store(path).close()
        with sqlite3.connect(path) as raw:
            raw.execute(f"PRAGMA user_version = {VERSION + 1}")
        raw.close()
    elif kind == "damaged":
        with open_store(path) as store:
            for number in range(300):
                store.save_game("x" * 500, opponent="greedy", result=str(number))
        data = bytearray(path.read_bytes())
        data[4096:12288] = b"\xff" * 8192  # scribble over pages past the header
        path.write_bytes(bytes(data))
    return path.read_bytes()


@pytest.mark.parametrize(("kind", "says"), [
    ("text", "not an SQLite database"),
    ("foreign", "another program's database"),
    ("newer", "newer kaszino"),
    ("damaged", "damaged"),
])
def test_a_file_we_cannot_use_is_refused_and_left_untouched(path: Path, kind: str, says: str) -> None:
    before = _bad_file(path, kind)
    with pytest.raises(StoreError, match=says) as caught:
        open_store(path)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize(("arguments", "says"), [
    ({"timeout": None}, "timeout must be a number"),
    ({"timeout": -1}, "timeout must be a number"),
    ({"timeout": float("nan")}, "timeout must be a number"),
    ({"timeout": True}, "timeout must be a number"),
    ({"snapshots": "yes"}, "snapshots must be True, False or None"),
])
def test_bad_options_are_refused_before_the_file_is_touched(path: Path, arguments: dict[str, object],
                                                             says: str) -> None:
    with pytest.raises(StoreError, match=says):
        open_store(path, **arguments)  # type: ignore[arg-type]
    assert not path.exists()


def test_a_folder_is_not_a_progress_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        open_store(tmp_path)


def test_a_locked_file_gives_a_clear_error_and_keeps_what_was_there(path: Path) -> None:
    with open_store(path) as store:
        store.set_setting("language", "en")
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        store = open_store(path, timeout=0.2)
    except StoreError as error:  # even reading needs the lock while another program holds it exclusively
        assert "in use by another program" in str(error)
    else:
        with pytest.raises(StoreError, match="in use by another program"):
            store.set_setting("language", "hu")
        store.close()
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert open_store(path).get_setting("language") == "en"


@pytest.mark.parametrize(("call", "says"), [
    (lambda store: store.set_setting(7, "x"), "setting key: expected text"),
    (lambda store: store.set_setting("language", None), "setting language: expected text"),
    (lambda store: store.record_chapter("01", score=6, total=5), "6 of 5"),
    (lambda store: store.record_chapter("01", score=True, total=5), "score must be a whole number"),
    (lambda store: store.record_chapter("", score=1, total=5), "chapter: must not be empty"),
    (lambda store: store.game(99), "no saved game with id 99"),
    (lambda store: store.save_game("x", opponent="", result="-"), "opponent: must not be empty"),
])
def test_bad_arguments_name_the_problem_and_write_nothing(path: Path, call: Callable[[Store], object],
                                                         says: str) -> None:
    with open_store(path) as store:
        store.record_chapter("01", score=2, total=5)
        with pytest.raises(StoreError, match=says):
            call(store)
        assert store.chapter_results()["01"].attempts == 1


def test_a_failed_transaction_saves_none_of_its_writes(path: Path) -> None:
    with open_store(path) as store:
        with pytest.raises(RuntimeError), store.transaction():
            store.set_setting("language", "en")
            store.record_chapter("01", score=1, total=5)
            raise RuntimeError("the kernel was interrupted")
        assert store.get_setting("language") is None
        assert store.chapter_results() == {}


def _writer(path: str, name: str, count: int) -> None:
    with open_store(path, timeout=30) as store:
        for number in range(count):
            store.record_chapter(name, score=number % 6, total=5)
            store.save_game(f"{name} {number}", opponent=name, result=str(number))


def test_two_processes_writing_the_same_file_lose_nothing(path: Path) -> None:
    open_store(path).close()
    count = 60
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(str(path), name, count)) for name in ("anna", "bela")]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    with open_store(path) as store:
        games = store.games()
        assert sorted(game.record for game in games) == sorted(
            f"{name} {number}" for name in ("anna", "bela") for number in range(count))
        assert {name: result.attempts for name, result in store.chapter_results().items()} == {
            "anna": count, "bela": count}


def test_snapshots_keep_the_database_in_memory_and_write_the_whole_file_after_each_change(path: Path) -> None:
    """How the store works in the browser, where SQLite cannot write to the kept folder directly."""
    with open_store(path, snapshots=True) as store:
        assert path.read_bytes().startswith(b"SQLite format 3")  # the new, migrated file is saved at once
        store.set_setting("language", "en")
        store.execute("UPDATE settings SET value = 'hu' WHERE key = 'language'")  # outside transaction()
        with open_store(path) as reader:  # an ordinary (file) store sees every change already
            assert reader.get_setting("language") == "hu"
        store.record_chapter("05", score=2, total=6)
    with open_store(path, snapshots=True) as store:
        assert store.chapter_results()["05"].best == 2


def test_an_empty_file_is_a_new_store_in_snapshot_mode_too(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(b"")  # SQLite's own reading takes it as an empty database; deserialize cannot
    with open_store(path, snapshots=True) as store:
        store.set_setting("language", "en")
    with open_store(path) as reader:
        assert reader.get_setting("language") == "en"


def test_a_read_only_store_brings_an_old_file_up_to_date_in_memory_only(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(b"")
    with open_store(path, read_only=True) as store:
        assert store.get_setting("language") is None  # the schema is there, in memory
        store.set_setting("language", "en")  # kept in memory, never written
    assert path.read_bytes() == b""
    with pytest.raises(StoreError, match="no such progress file"):
        open_store(path.with_name("nobody.sqlite3"), read_only=True)
    assert not path.with_name("nobody.sqlite3").exists()


def test_a_damaged_file_is_refused_in_snapshot_mode_too(path: Path) -> None:
    before = _bad_file(path, "damaged")
    with pytest.raises(StoreError, match=r"damaged|cannot open"):
        open_store(path, snapshots=True)
    assert path.read_bytes() == before


def test_in_the_browser_the_file_is_in_the_sites_kept_folder(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    assert Path("/drive/kaszino-progress.sqlite3") == BROWSER_FILE
    kept = tmp_path / "drive" / BROWSER_FILE.name
    kept.parent.mkdir()
    monkeypatch.setattr("kaszino.store.store.BROWSER_FILE", kept)
    monkeypatch.delenv(ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.setattr("sys.platform", "emscripten")
    assert default_path() == kept


def test_a_browser_without_the_kept_folder_is_told_progress_cannot_be_saved(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("kaszino.store.store.BROWSER_FILE", tmp_path / "drive" / BROWSER_FILE.name)
    monkeypatch.delenv(ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.setattr("sys.platform", "emscripten")
    with pytest.raises(StoreError, match=r"keeps no files for this site.*HTTPS or from this computer"):
        default_path()
    assert not (tmp_path / "drive").exists()


@pytest.mark.parametrize("arguments", [
    (None, None, 10.0, False),
    ("p.sqlite3", None, 10.0, False),
    (Path("p.sqlite3"), "connection", 10.0, False),
    (Path("p.sqlite3"), None, -1, False),
])
def test_a_store_is_made_of_a_path_and_a_connection_or_refused_by_name(arguments: tuple[object, ...]) -> None:
    with pytest.raises(StoreError, match=r"Store: \w+ must be|timeout must be"):
        Store(*arguments)  # type: ignore[arg-type]


def test_a_store_made_by_hand_is_guarded_like_an_opened_one(path: Path) -> None:
    path.parent.mkdir()
    store = Store(path, sqlite3.connect(path, isolation_level=None), 1.0, False)
    with pytest.raises(StoreError, match="never needs that"):
        store.execute("ATTACH DATABASE ':memory:' AS other")
    store.close()


@pytest.mark.parametrize("call", [
    lambda store: store.execute(7),
    lambda store: store.execute("SELECT 1", [1]),
    lambda store: store.get_setting("language", "hu"),
    lambda store: store.rows("games", {"id": int}),
])
def test_the_stores_own_calls_refuse_junk_by_name(path: Path, call: Callable[[Store], object]) -> None:
    with open_store(path) as store, pytest.raises(StoreError):
        call(store)
