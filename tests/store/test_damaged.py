"""Damage that `PRAGMA integrity_check` does not see: a table gone, or a flipped bit in a
stored value. Each is refused with one line naming the file and the backups, never a
traceback, and the file is left exactly as it was."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from director.cli import main
from director.store import repository
from director.store.paths import DATA_ENV, crash_log
from director.store.services import EventStore, Gender, ResultEntry
from director.store.values import DamagedEventError
from schedules.types import Movement
from tests.store.test_files import fingerprint


@pytest.fixture
def event(tmp_path: Path, movement: Movement) -> Path:
    """A closed event file with a movement, a player and a result, all in the file itself."""
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club") as store:
        store.choose_movement(movement)
        store.add_player("Mrs Ames", gender=Gender.LADY)
        store.record_result(ResultEntry(1, 1, 1, 1, 8))
    with closing(sqlite3.connect(path)) as raw:
        raw.execute("PRAGMA journal_mode=DELETE")
    return path


def flip_bit(path: Path, table: str, needle: bytes, at: int, bit: int) -> None:
    """Flip one bit of the byte `at` in `needle`, found in the first page of `table`."""
    with closing(sqlite3.connect(path)) as raw:
        size = raw.execute("PRAGMA page_size").fetchone()[0]
        root = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,))
        page = root.fetchone()[0]
    data = bytearray(path.read_bytes())
    start = (page - 1) * size
    found = data.index(needle, start, start + size)
    data[found + at] ^= 1 << bit
    path.write_bytes(bytes(data))
    with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def director(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().err


FLIPS = {
    "a name no longer UTF-8, listing players": ("players", "players", b"Mrs Ames", 4, 7),
    "a name no longer UTF-8, standings": ("standings", "players", b"Mrs Ames", 4, 7),
    "a gender no program writes": ("players", "players", b"lady", 3, 0),
    "a movement's JSON broken": ("standings", "movements", b'["1"', 0, 5),
    "the audit trail's JSON broken": ("log", "audit", b'[{"', 0, 5),
}


@pytest.mark.parametrize(
    ("command", "table", "needle", "at", "bit"), FLIPS.values(), ids=FLIPS.keys()
)
def test_a_flipped_bit_is_one_line_and_the_file_untouched(
    event: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    table: str,
    needle: bytes,
    at: int,
    bit: int,
) -> None:
    flip_bit(event, table, needle, at, bit)
    before = fingerprint(event.parent)
    code, err = director(capsys, "event", command, event)
    assert code == 2
    assert err.startswith(f"director event: {event} ")
    assert "damaged" in err
    assert "backup" in err
    assert err.count("\n") == 1
    assert "SELECT" not in err
    assert fingerprint(event.parent) == before


def test_a_flipped_bit_is_a_damaged_event_error_in_the_store(event: Path) -> None:
    flip_bit(event, "players", b"Mrs Ames", 4, 7)
    with EventStore.open(event) as store:
        assert store.info().name == "Club"
        with pytest.raises(DamagedEventError, match="open the latest backup copy"):
            store.players()


def test_a_missing_table_is_refused_untouched(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with closing(sqlite3.connect(event)) as raw, raw:
        raw.execute("DROP TABLE players")
    before = fingerprint(event.parent)
    with pytest.raises(DamagedEventError, match="its players table is missing"):
        EventStore.open(event)
    code, err = director(capsys, "event", "standings", event)
    assert code == 2
    assert "players table is missing" in err
    assert err.count("\n") == 1
    assert fingerprint(event.parent) == before


def test_a_file_called_damaged_is_refused_for_writing_as_for_reading(
    event: Path, movement: Movement
) -> None:
    flip_bit(event, "players", b"Mrs Ames", 4, 7)
    other = next((s.round, s.table, t) for s in movement.seatings for t in s.trays if t != 1)
    with EventStore.open(event) as store:
        store.record_result(ResultEntry(1, *other, 7))  # nothing has called it damaged yet
        with pytest.raises(DamagedEventError):
            store.players()
        with pytest.raises(DamagedEventError, match="damaged"):
            store.add_player("Mr Bell")
        with pytest.raises(DamagedEventError, match="damaged"):
            store.undo()
        with EventStore.open(event) as again:  # another open in the same process knows it too
            with pytest.raises(DamagedEventError, match="open the latest backup copy"):
                again.record_slip(1, "QH")
            assert len(again.results()) == 2  # what can still be read is read
    with closing(sqlite3.connect(f"{event.as_uri()}?mode=ro", uri=True)) as raw:
        audit = raw.execute("SELECT action FROM audit ORDER BY id DESC LIMIT 1").fetchone()
    assert audit == ("record result",)


def test_a_callers_value_of_the_wrong_type_is_not_called_damage(event: Path) -> None:
    with EventStore.open(event) as store:
        with pytest.raises(TypeError):
            store.add_player("Mr Bell", club=5)  # type: ignore[arg-type]
        assert store.add_player("Mr Bell").name == "Mr Bell"  # the file is not called damaged
        assert "Mr Bell" in {p.name for p in store.players()}


def test_a_stored_value_of_the_wrong_type_is_damage(event: Path) -> None:
    with closing(sqlite3.connect(event)) as raw, raw:
        raw.execute("UPDATE results SET entered_at = 5")
    with EventStore.open(event) as store:
        with pytest.raises(DamagedEventError, match="may be damaged") as refused:
            store.results()
        assert isinstance(refused.value.__cause__, TypeError)
        with pytest.raises(DamagedEventError):
            store.add_player("Mr Bell")


MISTAKES = {"a value refused": ValueError("bad value"), "a key not found": KeyError("seat")}


@pytest.mark.parametrize("mistake", MISTAKES.values(), ids=MISTAKES.keys())
def test_a_mistake_in_the_program_is_not_called_damage(
    event: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    mistake: Exception,
) -> None:
    def broken(db: object) -> None:
        raise mistake

    monkeypatch.setattr(repository.players, "players", broken)
    monkeypatch.setenv(DATA_ENV, str(event.parent / "data"))
    with EventStore.open(event) as store:
        with pytest.raises(type(mistake)):
            store.players()
        assert store.add_player("Mr Bell").name == "Mr Bell"  # the file is not called damaged
    code, err = director(capsys, "event", "players", event)
    assert code == 2
    assert "unexpected error" in err
    assert "damaged" not in err
    assert err.count("\n") == 1
    assert f"{type(mistake).__name__}: {mistake}" in crash_log().read_text()  # for a bug report
