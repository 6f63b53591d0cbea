"""Rotating backup copies during play: by count and by time, kept in the event and its copies
(not in one process), the oldest deleted, half copies of killed processes cleaned up, and a
copy that cannot be written never failing the entry."""

from __future__ import annotations

import itertools
import logging
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from director.store.backup import STAMP, BackupPolicy, Backups
from director.store.services import EventStore, ResultEntry
from schedules.types import Movement


def plays(movement: Movement) -> list[ResultEntry]:
    """One result for every table, round and tray of the movement."""
    return [
        ResultEntry(1, seating.round, seating.table, tray, 7)
        for seating in movement.seatings
        for tray in seating.trays
    ]


def steps_in(path: Path) -> int:
    """The steps in an event's (or a copy's) audit trail."""
    with EventStore.open(path, read_only=True) as store:
        return len(store.audit_log())


def test_copies_follow_the_count_and_keep_the_newest(tmp_path: Path, movement: Movement) -> None:
    policy = BackupPolicy(every_entries=2, every_seconds=3600, keep=3)
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club", backups=policy) as store:
        store.choose_movement(movement)
        for entry in plays(movement)[:8]:
            store.record_result(entry)
    held = [steps_in(copy) for copy in Backups(path, policy).copies()]
    assert len(held) == 3
    assert [later - earlier for earlier, later in itertools.pairwise(held)] == [2, 2]
    assert 0 <= steps_in(path) - held[-1] < 2


def age(copy: Path, by: timedelta) -> Path:
    """Rename a copy as if it had been written `by` earlier."""
    stamp = datetime.strptime(copy.name.split(".")[1], STAMP).replace(tzinfo=UTC)
    older = copy.with_name(copy.name.replace(copy.name.split(".")[1], f"{stamp - by:{STAMP}}"))
    return copy.rename(older)


@pytest.mark.parametrize(
    ("waited", "copies"), [(timedelta(minutes=4), 1), (timedelta(minutes=6), 2)]
)
def test_a_copy_follows_once_enough_time_has_passed(
    tmp_path: Path, movement: Movement, waited: timedelta, copies: int
) -> None:
    policy = BackupPolicy(every_entries=1000, every_seconds=300)
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club", backups=policy) as store:
        store.choose_movement(movement)
        first = Backups(path, policy).write()
        assert first is not None
        age(first, waited)
        store.record_result(plays(movement)[0])
    assert len(Backups(path, policy).copies()) == copies


def test_half_copies_left_by_a_killed_process_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club"):
        folder = Backups(path).folder
        folder.mkdir()
        abandoned = folder / "event.20261123T200000000000.whist.partial"
        abandoned.write_bytes(b"SQLite format 3\x00 half")
        # SQLite's rollback journal of the half copy, and one of a copy named as now
        journal = folder / "event.20261123T200000000000.whist.partial-journal"
        journal.write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7 journal")
        hidden = folder / ".event.20261123T201000000000.whist.0a1b2c3d.partial-journal"
        hidden.write_bytes(b"journal")
        an_hour_ago = time.time() - 3600
        for left in (abandoned, journal, hidden):
            os.utime(left, (an_hour_ago, an_hour_ago))
        in_progress = folder / "event.20261123T210000000000.whist.partial"
        in_progress.write_bytes(b"SQLite format 3\x00 being written by another process")
        copy = Backups(path).write()
    assert copy is not None
    assert sorted(p.name for p in folder.iterdir()) == sorted([copy.name, in_progress.name])


def test_a_copy_that_cannot_be_written_never_fails_the_entry(
    tmp_path: Path, movement: Movement, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "event.whist"
    policy = BackupPolicy(every_entries=1)
    Backups(path, policy).folder.write_text("a file where the backups folder should be")
    with EventStore.create(path, "Club", backups=policy) as store:
        store.choose_movement(movement)
        with caplog.at_level(logging.WARNING):
            stored = store.record_result(plays(movement)[0])
        assert store.results() == (stored,)
    assert f"could not write a backup copy of {path}" in caplog.text
    assert "the entry itself was saved" in caplog.text


def test_a_copy_left_for_later_is_never_written_inside_the_entry(
    tmp_path: Path, movement: Movement
) -> None:
    policy = BackupPolicy(every_entries=2, every_seconds=3600)
    path = tmp_path / "event.whist"
    later: list[object] = []
    with EventStore.create(path, "Club", backups=policy) as store:
        store.backups_later(later.append)
        store.choose_movement(movement)
        for entry in plays(movement)[:3]:
            store.record_result(entry)
        copies = Backups(path, policy).copies
        assert copies() == [], "a copy was written inside an entry's call"
        assert later == [store.write_due_backup], "asked for once, however many entries"
        assert store.write_due_backup() is not None
        assert steps_in(copies()[-1]) == 4
        for entry in plays(movement)[3:5]:
            store.record_result(entry)
    # a copy due and not yet written when the event is closed is written then
    assert [steps_in(copy) for copy in copies()] == [4, 6]


def test_an_entry_is_one_transaction(tmp_path: Path, movement: Movement) -> None:
    from sqlalchemy import event

    with EventStore.create(tmp_path / "event.whist", "Club") as store:
        store.choose_movement(movement)
        entries = plays(movement)
        store.record_result(entries[0])
        begun: list[object] = []
        event.listen(store._db.engine, "begin", begun.append)
        store.record_result(entries[1])
    assert len(begun) == 1
