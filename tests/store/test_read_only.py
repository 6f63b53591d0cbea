"""Read-only events: a read-only file, folder or disk is refused for writing with a plain
message, and opened read-only it reads everything, refuses every change and leaves nothing
beside the file."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing, nullcontext
from pathlib import Path

import pytest

from director.store.engine import create_database
from director.store.services import EventStore, Gender, ResultEntry
from director.store.values import Card, EventSettings, ReadOnlyEventError
from schedules.types import Movement
from tests.store.readonly import read_only
from tests.store.test_files import fingerprint


@pytest.fixture
def event(tmp_path: Path, movement: Movement) -> Path:
    """A closed event file, alone in its own folder, with players and two results."""
    path = tmp_path / "club" / "event.whist"
    path.parent.mkdir()
    with EventStore.create(path, "Club") as store:
        store.choose_movement(movement)
        store.add_player("Mrs Ames", gender=Gender.LADY)
        store.record_result(ResultEntry(1, 1, 1, 1, 8))
        store.record_result(ResultEntry(1, 1, 1, 2, 5))
    return path


def contents(store: EventStore) -> tuple[object, ...]:
    """What a reader sees of the event."""
    return (store.info(), store.players(), store.results(), store.audit_log())


@pytest.mark.parametrize("what", ["file", "folder"])
def test_opening_a_read_only_event_to_change_it_is_refused_untouched(
    event: Path, what: str
) -> None:
    before = fingerprint(event.parent)
    with (
        read_only(event if what == "file" else event.parent),
        pytest.raises(ReadOnlyEventError) as refused,
    ):
        EventStore.open(event)
    message = str(refused.value)
    assert str(event) in message
    assert "read-only" in message
    assert "copy it" in message
    assert "\n" not in message
    assert fingerprint(event.parent) == before


@pytest.mark.parametrize("folder_read_only", [False, True])
def test_read_only_reads_everything_and_leaves_nothing_beside_the_file(
    event: Path, folder_read_only: bool
) -> None:
    with EventStore.open(event) as writer:
        expected = contents(writer)
        standings = writer.standings()
    before = fingerprint(event.parent)
    medium = read_only(event.parent) if folder_read_only else nullcontext()
    with medium, EventStore.open(event, read_only=True) as reader:
        assert reader.read_only
        assert contents(reader) == expected
        assert reader.standings() == standings
        assert fingerprint(event.parent) == before
    assert fingerprint(event.parent) == before


WRITES: dict[str, Callable[[EventStore], object]] = {
    "add player": lambda s: s.add_player("Mr Bell"),
    "record result": lambda s: s.record_result(ResultEntry(1, 1, 1, 3, 7)),
    "record slip": lambda s: s.record_slip(1, Card.parse("QH")),
    "correct result": lambda s: s.correct_result(
        s.results()[0].id, s.results()[0].version, ns_tricks=9
    ),
    "undo": lambda s: s.undo(),
    "update event": lambda s: s.update_event(settings=EventSettings(declared_trump="S")),
    "add session": lambda s: s.add_session(),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_every_change_is_refused_with_one_plain_line(
    event: Path, write: Callable[[EventStore], object]
) -> None:
    with EventStore.open(event, read_only=True) as reader:
        before = contents(reader)
        with pytest.raises(ReadOnlyEventError) as refused:
            write(reader)
        assert contents(reader) == before
    message = str(refused.value)
    assert "read-only" in message
    assert "\n" not in message
    assert "INSERT" not in message
    assert "UPDATE" not in message


def test_a_roster_import_is_refused_read_only(event: Path) -> None:
    roster = event.parent.parent / "roster.csv"
    roster.write_text("name\nMr Bell\n")
    with EventStore.open(event, read_only=True) as reader:
        with pytest.raises(ReadOnlyEventError):
            reader.import_roster(roster)
        assert [p.name for p in reader.players()] == ["Mrs Ames"]


def test_a_reader_sees_what_a_writer_enters_while_both_are_open(event: Path) -> None:
    """The reader reads through the -wal file while a writer has the event open."""
    with EventStore.open(event) as writer, EventStore.open(event, read_only=True) as reader:
        writer.record_result(ResultEntry(1, 1, 1, 3, 7))
        assert reader.results() == writer.results()
        writer.record_result(ResultEntry(1, 1, 1, 4, 6))
        assert len(reader.results()) == 4


def test_an_older_file_is_not_upgraded_read_only(tmp_path: Path) -> None:
    path = tmp_path / "old.whist"
    create_database(path, revision="0001").close()
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute("PRAGMA journal_mode=DELETE")
    before = fingerprint(tmp_path)
    with pytest.raises(ReadOnlyEventError, match="older version"):
        EventStore.open(path, read_only=True)
    assert fingerprint(tmp_path) == before


def test_creating_an_event_in_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "cd"
    folder.mkdir()
    with read_only(folder), pytest.raises(ReadOnlyEventError, match="cannot create"):
        EventStore.create(folder / "event.whist", "Club")


def test_changes_left_in_the_wal_on_a_read_only_disk_say_how_to_read_them(
    event: Path, tmp_path: Path
) -> None:
    """A copy taken from a machine that crashed: the -wal holds changes, there is no -shm, and
    SQLite cannot make one on a read-only disk."""
    medium = tmp_path / "stick"
    medium.mkdir()
    with closing(sqlite3.connect(event)) as writer:
        writer.execute("PRAGMA wal_autocheckpoint=0")
        with writer:
            writer.execute("UPDATE event SET name = 'Club (late)'")
        for part in (event, event.with_name(event.name + "-wal")):
            shutil.copy(part, medium / part.name)
    copy = medium / event.name
    with read_only(medium):
        for read in (True, False):
            with pytest.raises(ReadOnlyEventError, match=r"copy event\.whist and event\.whist-wal"):
                EventStore.open(copy, read_only=read)
    with EventStore.open(copy, read_only=True) as reader:  # once copied somewhere writable
        assert reader.info().name == "Club (late)"


def test_a_server_database_opened_read_only_refuses_changes_too(target: str | Path) -> None:
    EventStore.create(target, "Club").close()
    with EventStore.open(target, read_only=True) as reader:
        assert reader.read_only
        with pytest.raises(ReadOnlyEventError, match="is open read-only"):
            reader.add_player("Mr Bell")
        assert reader.players() == ()
        assert reader.info().name == "Club"
