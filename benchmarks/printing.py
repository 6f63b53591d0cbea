"""Printing figures through the command line, as a director runs it: open the event file, read
(and for the results, score) the section, render, write the PDF. Every document of a 30-table
Howell with names and every result in, and the results of a 60-table Mitchell.

    python -m benchmarks printing

Targets (issue 28): each document <= 1.5 s, the 60-table results <= 5 s of CPU.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from director.printing.event import EVENT_DOCUMENTS
from director.store.services import EventStore
from director.store.values import ResultEntry
from schedules.catalog import Request, build

DIRECTOR = Path(sys.executable).with_name("director")
"""The installed command, beside the interpreter."""
HOWELL_TABLES = 30
EVENT_TABLES = 60


def event_file(folder: Path, request: Request, name: str) -> Path:
    """An event file with the movement of `request`, every pair named, every result in."""
    path = folder / f"{name}.whist"
    movement = build(request)
    with EventStore.create(path, "Benchmark", venue="The Assembly Rooms") as store:
        store.choose_movement(movement)
        for label in movement.field:
            a = store.add_player(f"Mrs Ames {label}").id
            b = store.add_player(f"Mr Bell {label}").id
            store.form_partnership(label, (a, b))
        store.record_round(
            [
                ResultEntry(1, s.round, s.table, t, (3 * s.round + s.table + t) % 14)
                for s in movement.seatings
                for t in s.trays
            ]
        )
    return path


def print_through_cli(label: str, event: Path, document: str, out: Path) -> None:
    """Run `director print DOCUMENT --event FILE` in a fresh process; print wall and CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    argv = [str(DIRECTOR), "print", document, "--event", str(event)]
    subprocess.run([*argv, "--out", str(out), "--force"], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    print(f"{label:<64} {wall * 1000:10.1f} ms  ({cpu * 1000:.0f} ms CPU)", flush=True)


def run() -> None:
    """Print the figures."""
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        howell = event_file(here, Request("howell", tables=HOWELL_TABLES), "howell")
        mitchell = event_file(
            here, Request("mitchell", tables=EVENT_TABLES, trays_per_round=1), "mitchell"
        )
        for document in EVENT_DOCUMENTS:
            label = f"director print {document}, {HOWELL_TABLES}-table Howell"
            print_through_cli(label, howell, document, here / f"{document}.pdf")
        label = f"director print results, {EVENT_TABLES}-table Mitchell (all parts)"
        print_through_cli(label, mitchell, "results", here / "results60.pdf")
