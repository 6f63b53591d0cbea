"""Movement repair speed: the late-pair search on the largest movements, and repairs of a
stored event, as the director waits for them.

    python -m benchmarks repair

Target: each within 5 seconds on the 2-core reference machine, so that the before/after is on
the screen while the director still stands at the computer.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from benchmarks.common import verdict
from director.store.services import EventStore, ResultEntry
from schedules.catalog import Request, build
from schedules.repair import LatePair, WrongMove, late_pair

TARGET = 5.0
"""Seconds a director waits at most for a repair to be worked out."""


def _within(label: str, work: Callable[[], object]) -> None:
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    print(f"{label:<64} {seconds * 1000:10.1f} ms  {verdict(seconds, TARGET)} (<= {TARGET:.0f} s)")


def run() -> None:
    """Print the repair figures."""
    for request, start in ((Request("howell", tables=30), 5), (Request("mitchell", tables=25), 3)):
        movement = build(request)
        _within(
            f"late pair before round {start}: {request.family}, {request.tables} tables",
            partial(late_pair, movement, start),
        )
    movement = build(Request("howell", tables=15))
    with (
        tempfile.TemporaryDirectory() as tmp,
        EventStore.create(Path(tmp) / "club.whist", name="Repairs") as store,
    ):
        store.choose_movement(movement)
        store.record_round(
            ResultEntry(1, s.round, s.table, tray, (s.table + tray) % 14)
            for s in movement.seatings
            if s.round <= 3
            for tray in s.trays
        )
        third = sorted((s for s in movement.seatings if s.round == 3), key=lambda s: s.table)
        wrong = WrongMove(3, third[0].table, (third[0].ns, third[1].ew))
        _within("wrong move in round 3, 15-table Howell (stored, one step)",
                lambda: store.repair(wrong))  # fmt: skip
        _within("undo it", store.undo)
        _within("late pair before round 4, 15-table Howell (dry run)",
                lambda: store.repair(LatePair(4), dry_run=True))  # fmt: skip
