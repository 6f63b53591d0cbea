"""A full disk while saving: one clear message, nothing acknowledged lost, and the same entry
goes in once there is room again.

The disk is filled with SQLite's `max_page_count`, which fails a write exactly as a full disk
does (SQLITE_FULL, "database or disk is full"), without needing a small file system.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event

from director.cli import main
from director.store.services import EventStore, ResultEntry
from director.store.values import DiskFullError
from schedules.types import Movement
from tests.store.test_files import fingerprint


def _cap(connection: sqlite3.Connection, _record: Any) -> None:
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")


@contextmanager
def disk_full() -> Iterator[None]:
    """Inside the block, a database connection opened cannot grow its file past its size then."""
    event.listen(Engine, "connect", _cap)
    try:
        yield
    finally:
        event.remove(Engine, "connect", _cap)


def plays(movement: Movement) -> list[ResultEntry]:
    """One result for every table, round and tray of the movement."""
    return [
        ResultEntry(1, seating.round, seating.table, tray, 7)
        for seating in movement.seatings
        for tray in seating.trays
    ]


def test_a_full_disk_loses_nothing_acknowledged(tmp_path: Path, movement: Movement) -> None:
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club") as store:
        store.choose_movement(movement)
    acknowledged: list[ResultEntry] = []
    with disk_full(), EventStore.open(path) as store:
        for entry in plays(movement):
            try:
                store.record_result(entry)
            except DiskFullError as exc:
                refused, message = entry, str(exc)
                break
            acknowledged.append(entry)
        else:
            pytest.fail("every result fitted: the disk never filled")
        # The window stays usable: the store still reads what was saved.
        assert len(store.results()) == len(acknowledged) > 0
    assert message.startswith(f"the disk holding {path} is full; the last entry was not saved")
    assert "free some space and enter it again" in message
    assert "\n" not in message
    assert "INSERT" not in message
    with EventStore.open(path) as store:
        saved = {(r.round, r.table, r.tray) for r in store.results()}
        assert saved == {(e.round, e.table, e.tray) for e in acknowledged}
        store.record_result(refused)  # space freed: the same entry goes in
        assert len(store.results()) == len(acknowledged) + 1


def test_the_command_line_says_so_in_one_line_and_leaves_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "event.whist"
    EventStore.create(path, "Club").close()
    before = fingerprint(tmp_path)
    with disk_full():
        code = main(["event", "players", str(path), "--add", "Mrs " + "Ames" * 4096])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"director event: the disk holding {path} is full")
    assert err.count("\n") == 1
    assert fingerprint(tmp_path) == before
