"""Printing through the command line, as a director runs it: `director print DOCUMENT --event
FILE` in a fresh process opens the event file, reads (and for the results, scores) the section,
renders and writes the PDF. Every document of a club evening (a 7-table Mitchell) and of a
30-table Howell (59 rounds: 3,540 results), each with names and every result in, and the results
of a 60-table Mitchell (60 rounds of one tray: 3,600 results).

    python -m benchmarks printing

The bytecode is compiled by a first run that is not counted (as it is after installing). Each
line gives the best wall and CPU time of `REPEAT` runs against issue 28's targets: each
document within 1.5 s, the 60-table results within 5 s of CPU.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.common import compiled_environment, director_command, run_command, verdict
from director.printing.event import EVENT_DOCUMENTS
from director.store.services import EventStore
from director.store.values import ResultEntry
from schedules.catalog import Request, build

EVENTS = (
    ("7-table Mitchell", Request("mitchell", tables=7)),
    ("30-table Howell", Request("howell", tables=30)),
)
"""Each event whose every document is printed: a club evening, and the largest Howell."""
EVENT_TABLES = 60
DOCUMENT_TARGET = 1.5
"""Seconds, wall clock, for each document."""
RESULTS_CPU_TARGET = 5.0
"""Seconds of CPU for the 60-table results."""
REPEAT = 2


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


def print_through_cli(
    event: Path, document: str, out: Path, env: dict[str, str]
) -> tuple[float, float]:
    """The best wall and CPU seconds of `REPEAT` runs of `director print DOCUMENT --event`."""
    argv = [*director_command(), "print", document, "--event", str(event)]
    runs = [run_command([*argv, "--out", str(out), "--force"], env) for _ in range(REPEAT)]
    return min(wall for wall, _ in runs), min(cpu for _, cpu in runs)


def run() -> None:
    """Print the figures, each against its target."""
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        env = compiled_environment(here / "bytecode")
        mitchell = event_file(
            here, Request("mitchell", tables=EVENT_TABLES, trays_per_round=1), "mitchell"
        )
        events = [
            (name, event_file(here, request, f"event{i}"))
            for i, (name, request) in enumerate(EVENTS)
        ]
        print_through_cli(events[0][1], "slips", here / "warm-up.pdf", env)  # compiles bytecode
        for name, event in events:
            for document in EVENT_DOCUMENTS:
                wall, cpu = print_through_cli(event, document, here / f"{document}.pdf", env)
                label = f"director print {document}, {name}"
                print(
                    f"{label:<64} {wall * 1000:10.1f} ms  ({cpu * 1000:.0f} ms CPU; best of "
                    f"{REPEAT})  target {DOCUMENT_TARGET:.1f} s: {verdict(wall, DOCUMENT_TARGET)}",
                    flush=True,
                )
        wall, cpu = print_through_cli(mitchell, "results", here / "results60.pdf", env)
        label = f"director print results, {EVENT_TABLES}-table Mitchell (all parts)"
        print(
            f"{label:<64} {wall * 1000:10.1f} ms  ({cpu * 1000:.0f} ms CPU; best of {REPEAT})"
            f"  target {RESULTS_CPU_TARGET:.1f} s CPU: {verdict(cpu, RESULTS_CPU_TARGET)}",
            flush=True,
        )
