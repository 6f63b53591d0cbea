"""Crash harness: a child process enters results and is killed with SIGKILL at random moments.

The child reports each entry on a pipe only after `record_result` has returned, so every
reported entry must survive the kill. Shared by the crash test (`tests/store/test_crash.py`)
and the store benchmark.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import select
import signal
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from director.store.services import EventStore, ResultEntry
from schedules.types import Movement

Play = tuple[int, int, int]
"""(round, table, tray)."""


@dataclass(frozen=True)
class CrashReport:
    """What a crash run found."""

    kills: int
    """Children killed with SIGKILL while entering results."""
    confirmed: int
    """Entries the children reported as returned (over the whole run)."""
    stored: int
    """Results in the file at the end (all are cleared whenever every play is entered)."""
    lost: tuple[Play, ...]
    """Confirmed entries missing from the file (must be empty)."""
    integrity: str
    """`PRAGMA integrity_check` at the end ("ok")."""


def plays(movement: Movement) -> list[Play]:
    """Every (round, table, tray) the movement plays, in order."""
    return [(s.round, s.table, t) for s in movement.seatings for t in s.trays]


def _play(line: str) -> Play:
    round_no, table, tray = (int(x) for x in line.split())
    return (round_no, table, tray)


def _tricks(play: Play) -> int:
    return sum(play) % 14


def _child(path: Path, fd: int, todo: list[Play]) -> None:
    store = EventStore.open(path)
    done = {(r.round, r.table, r.tray) for r in store.results()}
    os.write(fd, b"ready\n")
    for play in todo:
        if play in done:
            continue
        store.record_result(ResultEntry(1, *play, _tricks(play), entered_by="crash"))
        os.write(fd, "{} {} {}\n".format(*play).encode())
    os.write(fd, b"done\n")
    os._exit(0)


def _read_until_ready(fd: int, timeout: float = 60.0) -> bytes:
    """Bytes read from the child until its "ready" line (or the child ends, or time out)."""
    data = b""
    while b"ready\n" not in data:
        readable, _, _ = select.select([fd], [], [], timeout)
        chunk = os.read(fd, 4096) if readable else b""
        if not chunk:
            break
        data += chunk
    return data


def crash_run(path: Path, kills: int, seed: int = 0, max_delay: float = 0.25) -> CrashReport:
    """Kill `kills` children at random moments while they enter results into `path` (an
    event whose session 1 section A has a movement), then check the file."""
    rng = random.Random(seed)
    with EventStore.open(path) as store:
        todo = plays(store.movement())
    confirmed: set[Play] = set()
    lost: set[Play] = set()
    cleared = 0
    killed = 0
    context = multiprocessing.get_context("fork")
    while killed < kills:
        read_fd, write_fd = os.pipe()
        child = context.Process(target=_child, args=(path, write_fd, todo))
        child.start()
        os.close(write_fd)
        # Once it is entering (opening the file may take a while on a busy machine), let it
        # run for a random moment and kill it.
        head = _read_until_ready(read_fd)
        select.select([], [], [], rng.uniform(0.0, max_delay))
        if child.pid is not None and child.is_alive():
            os.kill(child.pid, signal.SIGKILL)
            killed += 1
        child.join()
        with os.fdopen(read_fd, "rb") as pipe:
            lines = (head + pipe.read()).decode().splitlines()
        confirmed.update(_play(line) for line in lines if line not in ("ready", "done"))
        with EventStore.open(path) as check:  # refuses a damaged file
            present = {(r.round, r.table, r.tray) for r in check.results()}
            lost.update(confirmed - present)
            if present == set(todo):  # every entry made: clear them and go on killing
                for r in check.results():
                    check.delete_result(r.id, r.version)
                cleared += len(confirmed)
                confirmed.clear()
    with closing(sqlite3.connect(path)) as raw:
        integrity = raw.execute("PRAGMA integrity_check").fetchone()[0]
    with EventStore.open(path) as store:
        present = {(r.round, r.table, r.tray) for r in store.results()}
    return CrashReport(
        kills=killed,
        confirmed=cleared + len(confirmed),
        stored=len(present),
        lost=tuple(sorted(lost | (confirmed - present))),
        integrity=integrity,
    )
