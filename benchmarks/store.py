"""Event store speed: results entered one at a time, and a large event loaded and scored.

    python -m benchmarks store

Figures: 5,000 results entered one call (one committed transaction) each; opening a 60-table,
3-session event (about 21,000 results) and computing each session's standings; and a longer
crash run (SIGKILL while entering) reporting the kills survived.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from benchmarks.common import timed
from director.store.services import EventStore, ResultEntry
from schedules.catalog import Request, build
from schedules.types import Movement

ENTRIES = 5_000
TABLES = 60
SESSIONS = 3
CRASH_KILLS = 100


def _movement() -> Movement:
    return build(Request("mitchell", tables=TABLES, trays_per_round=2))


def _plays(movement: Movement, session: int) -> list[ResultEntry]:
    return [
        ResultEntry(session, s.round, s.table, tray, (s.round + s.table + tray) % 14)
        for s in movement.seatings
        for tray in s.trays
    ]


def _enter_one_at_a_time(folder: Path, movement: Movement) -> None:
    path = folder / f"entry-{time.monotonic_ns()}.whist"
    with EventStore.create(path, "Benchmark") as store:
        store.choose_movement(movement)
        for entry in _plays(movement, 1)[:ENTRIES]:
            store.record_result(entry)


def _large_event(folder: Path, movement: Movement) -> Path:
    path = folder / "large.whist"
    with EventStore.create(path, "Benchmark") as store:
        for session in range(1, SESSIONS + 1):
            if session > 1:
                store.add_session()
            store.choose_movement(movement, session=session)
            store.record_round(_plays(movement, session))
    return path


def _load_with_standings(path: Path) -> int:
    with EventStore.open(path) as store:
        return sum(
            len(store.standings(session=s.number).standings["overall"]) for s in store.sessions()
        )


def run() -> None:
    """Print the store's figures."""
    from benchmarks.crash import crash_run

    movement = _movement()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        timed(
            f"enter {ENTRIES:,} results one at a time (one commit each)",
            lambda: _enter_one_at_a_time(folder, movement),
            repeat=1,
        )
        path = timed(
            f"build a {TABLES}-table {SESSIONS}-session event",
            lambda: _large_event(folder, movement),
            repeat=1,
        )
        timed(
            f"open the {TABLES}-table {SESSIONS}-session event and compute standings",
            lambda: _load_with_standings(path),
        )
        crash = folder / "crash.whist"
        with EventStore.create(crash, "Crash") as store:
            store.choose_movement(build(Request("mitchell", tables=10, trays_per_round=2)))
        report = timed(
            f"crash run: {CRASH_KILLS} SIGKILLs while entering",
            lambda: crash_run(crash, kills=CRASH_KILLS, seed=1),
            repeat=1,
        )
        print(
            f"crash run: {report.kills} kills survived, {report.confirmed} confirmed entries,"
            f" {len(report.lost)} lost, integrity {report.integrity}"
        )
