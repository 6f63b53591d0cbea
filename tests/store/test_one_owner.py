"""One owner of the event file per process (issue #42's reproduction, in every variant).

The window's process, or `director serve`'s, holds the event open and enters a result; then
something in the same process opens the event a second time and closes it (printing,
publishing, exporting, the standings, a backup copy, the read-only view); another program
enters a trump slip and exits; the holder enters two more results, acknowledged, and is killed
with SIGKILL. Every acknowledged result must be in the file. Before the fix, closing the second
open dropped the holder's locks, the other program deleted the -wal file the holder still wrote
into, and only the first result was left.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from director.cli import main
from director.store.services import EventStore, ResultEntry
from director.store.values import ReadOnlyEventError
from schedules.types import Movement
from tests.store.owners import (
    HOLDERS,
    SECOND_OPENS,
    SERVE,
    WINDOW,
    director,
    holding,
    logged_results,
    plays_in_table_order,
)


@pytest.fixture
def event(tmp_path: Path, movement: Movement) -> Path:
    """A closed event file with the small Mitchell chosen."""
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club") as store:
        store.choose_movement(movement)
    return path


EVERYDAY = {(WINDOW, "read-only view"), (WINDOW, "print"), (SERVE, "publish")}
"""The variants in the everyday suite (the issue's own two, and one in the server's process);
the rest run with the slow tests, a few seconds each."""


@pytest.mark.parametrize(
    ("kind", "how"),
    [
        pytest.param(kind, how, marks=() if (kind, how) in EVERYDAY else pytest.mark.slow)
        for kind in HOLDERS
        for how in SECOND_OPENS
    ],
)
def test_a_second_open_in_the_holders_process_loses_nothing(
    event: Path, movement: Movement, kind: str, how: str
) -> None:
    plays = plays_in_table_order(movement)[:3]
    with holding(kind, event, event.parent) as holder:
        holder.enter(plays[0])
        assert holder.open_again(how) == 0
        director("event", "slip", event, "--tray", "1", "--trump", "QH")
        holder.enter(plays[1])
        holder.enter(plays[2])
        holder.kill()
    assert logged_results(event) == set(plays)


PROBE = """
import fcntl, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
# SQLite's SHARED lock range (510 bytes after PENDING_BYTE + 2): is any lock in the way of a
# write lock there? F_GETLK only asks; it takes no lock.
asked = struct.pack("hhqqi", fcntl.F_WRLCK, 0, 0x40000002, 510, 0)
kind = struct.unpack("hhqqi", fcntl.fcntl(fd, fcntl.F_GETLK, asked))[0]
print("free" if kind == fcntl.F_UNLCK else "held")
"""


def sqlite_lock_held(path: Path) -> bool:
    """Whether some process holds SQLite's shared lock on the file, as seen from another one
    (a process never sees its own locks)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, check=True
    )
    return done.stdout.strip() == "held"


def _open_again_for_writing(path: Path, _folder: Path) -> int:
    with EventStore.open(path) as again:
        again.info()
    return 0


def _output_named_beside(path: Path, folder: Path) -> int:
    out = f"{path}-wal"
    return main(["print", "indicators", "--movement", "mitchell", "--tables", "3", "--out", out])


def _roster_is_the_event(path: Path, _folder: Path) -> int:
    return main(["event", "players", str(path), "--import", str(path)])


def _movement_from_the_event(path: Path, _folder: Path) -> int:
    return main(["event", "movement", str(path), "--from-json", str(path)])


def _movement_file_is_the_event(path: Path, folder: Path) -> int:
    out = str(folder / "cards.pdf")
    return main(["print", "table-cards", "--movement-file", str(path), "--out", out])


def _publish_into_the_event(path: Path, _folder: Path) -> int:
    return main(["publish", str(path), "--out", str(path)])


IN_PROCESS = {
    **SECOND_OPENS,
    "opening it for writing again": _open_again_for_writing,
    "an output named as its -wal file": _output_named_beside,
    "importing it as a roster": _roster_is_the_event,
    "choosing a movement from it": _movement_from_the_event,
    "printing it as a movement file": _movement_file_is_the_event,
    "publishing into it as a folder": _publish_into_the_event,
}
"""Everything that could open the held file again in the holder's process, the mistakes of a
director who names the event file where another file belongs included."""


@pytest.mark.parametrize("how", IN_PROCESS)
def test_nothing_in_the_process_drops_the_holders_lock(
    event: Path, movement: Movement, how: str
) -> None:
    with EventStore.open(event) as store:
        store.record_result(ResultEntry(1, *plays_in_table_order(movement)[0], 7))
        assert sqlite_lock_held(event)
        IN_PROCESS[how](event, event.parent)
        assert sqlite_lock_held(event), f"{how} dropped the window's lock on the event file"
        store.record_result(ResultEntry(1, *plays_in_table_order(movement)[1], 7))


def test_a_read_only_open_beside_a_writable_one_reads_and_refuses_changes(event: Path) -> None:
    with EventStore.open(event) as writer:
        with EventStore.open(event, read_only=True) as reader:
            assert reader.read_only
            assert not writer.read_only
            with pytest.raises(ReadOnlyEventError):
                reader.add_player("Mrs Ames")
            writer.add_player("Mr Brown")
            assert [p.name for p in reader.players()] == ["Mr Brown"]
            with pytest.raises(ReadOnlyEventError):
                reader.undo()
        writer.add_player("Mrs Clark")  # the writer's engine outlives the reader's close
        assert sqlite_lock_held(event)
    with EventStore.open(event, read_only=True) as after:
        assert [p.name for p in after.players()] == ["Mr Brown", "Mrs Clark"]


def test_a_file_opened_read_only_first_then_for_writing(event: Path) -> None:
    reader = EventStore.open(event, read_only=True)
    with EventStore.open(event) as writer:
        writer.add_player("Mr Brown")
        assert [p.name for p in reader.players()] == ["Mr Brown"]
        with pytest.raises(ReadOnlyEventError):
            reader.add_player("Mrs Ames")
        writer.add_player("Mrs Clark")
    # the writer gone, the reader goes on reading, and still cannot write
    assert len(reader.players()) == 2
    with pytest.raises(ReadOnlyEventError):
        reader.add_player("Mrs Ames")
    reader.close()
    reader.close()  # a second close does nothing


def test_threads_share_the_file_and_lose_nothing(event: Path, movement: Movement) -> None:
    """The table server's threads enter while others print and read, as in the window."""
    plays = plays_in_table_order(movement)
    failures: list[BaseException] = []

    with EventStore.open(event) as store:

        def enter(mine: list[tuple[int, int, int]]) -> None:
            try:
                for play in mine:
                    store.record_result(ResultEntry(1, *play, 7, entered_by=f"table {play[1]}"))
            except BaseException as exc:
                failures.append(exc)

        def read() -> None:
            try:
                for _ in range(5):
                    with EventStore.open(event, read_only=True) as view:
                        view.standings()
            except BaseException as exc:
                failures.append(exc)

        tables = sorted({p[1] for p in plays})
        workers = [
            threading.Thread(target=enter, args=([p for p in plays if p[1] == t],)) for t in tables
        ] + [threading.Thread(target=read) for _ in range(3)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert failures == []
        assert sqlite_lock_held(event)
    assert logged_results(event) == set(plays)


def test_a_forked_process_opens_the_file_afresh(event: Path, movement: Movement) -> None:
    """A child forked while the parent holds the event never uses the parent's connections."""
    first, second = plays_in_table_order(movement)[:2]
    with EventStore.open(event) as store:
        store.record_result(ResultEntry(1, *first, 7))
        child = os.fork()
        if child == 0:
            code = 1
            try:
                with EventStore.open(event) as own:
                    own.record_result(ResultEntry(1, *second, 7))
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(child, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        assert {(r.round, r.table, r.tray) for r in store.results()} == {first, second}
