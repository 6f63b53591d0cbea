"""Every output is written whole or not at all, and never over an event file.

A print or an export that fails half way (here: a file-size limit the system enforces, as a
full disk would) leaves the older file as it was, even with --force, and nothing beside it.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from director.errors import DirectorError
from director.store.outputs import write_whole
from director.store.services import EventStore, ResultEntry
from schedules.types import Movement

OLDER = b"the results printed an hour ago"


@pytest.fixture
def event(tmp_path: Path, movement: Movement) -> Path:
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club") as store:
        store.choose_movement(movement)
        store.record_result(ResultEntry(1, 1, 1, 1, 7))
    return path


def _limited(limit: int) -> None:
    """In the child: files may not grow beyond `limit` bytes (EFBIG, as a full disk fails)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


COMMANDS = {
    "print": ["print", "results", "--event", "{event}", "--out", "{out}", "--force"],
    "export": ["export", "{event}", "--format", "json", "--out", "{out}", "--force"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_failed_force_keeps_the_older_file(event: Path, command: str) -> None:
    out = event.parent / "results.out"
    out.write_bytes(OLDER)
    argv = [a.format(event=event, out=out) for a in COMMANDS[command]]
    done = subprocess.run(
        [sys.executable, "-m", "director", *argv],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=lambda: _limited(len(OLDER) + 100),
    )
    assert done.returncode == 2
    assert f"cannot write {out}" in done.stderr
    assert out.read_bytes() == OLDER
    assert not [p.name for p in event.parent.iterdir() if p.name.endswith(".partial")]


def test_written_whole_in_place_of_the_older_file(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    out.write_bytes(OLDER)
    os.chmod(out, 0o640)
    assert write_whole(out, "new\n", replace=True) == out
    assert out.read_text(encoding="utf-8") == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.csv"]


def test_an_existing_file_is_replaced_only_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    out.write_bytes(OLDER)
    with pytest.raises(FileExistsError):
        write_whole(out, "new", replace=False)
    assert out.read_bytes() == OLDER
    assert write_whole(tmp_path / "fresh.csv", "new", replace=False).read_text() == "new"


def test_through_a_symbolic_link_the_file_it_names_is_written(tmp_path: Path) -> None:
    real = tmp_path / "real.pdf"
    real.write_bytes(OLDER)
    link = tmp_path / "latest.pdf"
    link.symlink_to(real)
    write_whole(link, b"new", replace=True)
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


@pytest.mark.parametrize("name", ["event.whist", "event.whist-wal", "event.whist-shm"])
def test_an_event_file_is_never_written_over(event: Path, name: str) -> None:
    with EventStore.open(event) as store:
        assert len(store.results()) == 1  # connected: its -wal and -shm exist
        target = event.parent / name
        assert target.exists()
        before = target.stat()  # not read: reading a held file would unlock it
        with pytest.raises(DirectorError, match="never overwritten"):
            write_whole(target, b"not an event", replace=True)
        assert target.stat().st_ino == before.st_ino
        assert len(store.results()) == 1
    assert not [p.name for p in event.parent.iterdir() if p.name.endswith(".partial")]
