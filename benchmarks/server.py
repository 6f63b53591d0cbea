"""Table server under load: 30 tables enter a whole round at once on loopback; a table's poll
early and late in a long session; and the requests a second 30 tables of 4 phones get answered.

    python -m benchmarks server

Entering a round: the server runs in a thread of this process, as the GUI runs it. Each table
posts its trays one by one (reading the page's state around each post); the run is bounded and
stops by itself. Figures: p50 and p99 of a post's latency, with the tables alone and again with
a director's station reading the results and standings all the while; and a check that every
result is stored once and none is lost.

A poll, at 3 and at 600 results of a 30-table Mitchell, in one run against `director serve` in
a process of its own, as a phone asks (HTTP on loopback, one connection kept open): the median
of many polls with nothing changed between them, and of the first poll after each new entry
(the one that reads the event again), in wall time and in the server's CPU time (steadier on a
busy machine). Side by side, with their ratio: a page's poll should cost the same at the end of
the evening as at its start.

30 tables x 4 phones: 120 phones in threads of this process, each asking its table's state
over and over on a connection of its own, against `director serve`: the requests answered a
second, and their p50 and p99.
"""

from __future__ import annotations

import http.client
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil

from benchmarks.load import LoadReport, enter_round
from director.server.running import TableServer
from director.store.services import EventStore, ResultEntry
from schedules.catalog import Request, build

TABLES = 30
TRAYS_PER_ROUND = 3
EARLY, LATE = 3, 600
"""Results in the event when the polls are timed."""
POLLS = 200
"""Polls timed with nothing changed, at each size."""
ENTRIES = 30
"""Entries, each followed by a timed poll, at each size."""
PHONES = 4
SECONDS = 10.0
"""How long the 120 phones ask."""


def _run(folder: Path, with_grid: bool) -> LoadReport:
    path = folder / f"load-{'grid' if with_grid else 'tables'}.whist"
    with EventStore.create(path, name="Load") as store:
        request = Request("mitchell", tables=TABLES, trays_per_round=TRAYS_PER_ROUND)
        movement = store.choose_movement(build(request))
        tokens = {link.table: link.token for link in store.issue_table_links()}
        server = TableServer(store, port=0)
        base = server.start()
        try:
            return enter_round(
                base, tokens, movement, lambda: EventStore.open(path), with_grid=with_grid
            )
        finally:
            server.stop()


def run() -> None:
    """Print the latency figures and the stored-once check, without and with the grid; a
    poll's cost early and late; the requests a second of 30 tables x 4 phones."""
    with tempfile.TemporaryDirectory() as folder:
        _polls(Path(folder))
        _phones(Path(folder))
        for with_grid in (False, True):
            report = _run(Path(folder), with_grid)
            lost = set(report.expected) - set(report.stored)
            wrong = {k for k, v in report.stored.items() if report.expected.get(k) != v}
            label = "with the grid open" if with_grid else "tables only"
            print(
                f"{TABLES} tables x {TRAYS_PER_ROUND} trays at once, {label}:"
                f" p50 {report.percentile(0.5) * 1000:.0f} ms,"
                f" p99 {report.percentile(0.99) * 1000:.0f} ms,"
                f" answers {dict(report.statuses)}, stored {report.stored_count}"
                f" of {len(report.expected)}, lost {len(lost)}, wrong {len(wrong)}"
                + (f", grid reads {report.grid_reads}" if with_grid else ""),
                flush=True,
            )


@contextmanager
def _served(path: Path) -> Iterator[tuple[int, psutil.Process]]:
    """`director serve` on `path` in a process of its own, on a free loopback port: the port
    and the process (to read the CPU time it spends)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "director", "serve", str(path), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline().split("127.0.0.1:", 1)[1].split(";")[0])
        yield port, psutil.Process(child.pid)
    finally:
        child.send_signal(signal.SIGINT)
        child.wait(30)


def _cpu(process: psutil.Process) -> float:
    """The CPU seconds `process` has spent."""
    times = process.cpu_times()
    return float(times.user + times.system)


def _ask(connection: http.client.HTTPConnection, path: str) -> float:
    """One poll; its seconds."""
    began = time.perf_counter()
    connection.request("GET", path)
    answer = connection.getresponse()
    answer.read()
    took = time.perf_counter() - began
    assert answer.status == 200, answer.status
    return took


def _polls(folder: Path) -> None:
    """A poll's cost at 3 and at 600 results, in one run."""
    path = folder / "polls.whist"
    with EventStore.create(path, name="Polls") as store:
        movement = store.choose_movement(
            build(Request("mitchell", tables=TABLES, trays_per_round=2))
        )
        link = store.issue_table_links()[-1]
        plays = sorted((s.round, s.table, t) for s in movement.seatings for t in s.trays)
        entries = iter(ResultEntry(1, r, table, t, 7) for r, table, t in plays)
        wall: dict[int, tuple[float, float]] = {}
        cpu: dict[int, tuple[float, float]] = {}
        with _served(path) as (port, server):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            state = f"/table/{link.table}/{link.token}/state"
            entered = 0
            for size in (EARLY, LATE):
                while entered < size - ENTRIES:
                    store.record_result(next(entries))
                    entered += 1
                connection.close()  # idle while the event filled: the server closed it
                after_entry, spent = [], 0.0
                for _ in range(ENTRIES):
                    store.record_result(next(entries))
                    entered += 1
                    before = _cpu(server)
                    after_entry.append(_ask(connection, state))
                    spent += _cpu(server) - before
                before = _cpu(server)
                unchanged = [_ask(connection, state) for _ in range(POLLS)]
                cpu[size] = ((_cpu(server) - before) / POLLS, spent / ENTRIES)
                wall[size] = (statistics.median(unchanged), statistics.median(after_entry))
            connection.close()
    for index, what in enumerate(
        (
            f"a table's /state poll, {TABLES}-table Mitchell, nothing changed between polls",
            "the first poll after an entry (it reads the entry's tray again for every table)",
        )
    ):
        early, late = wall[EARLY][index], wall[LATE][index]
        early_cpu, late_cpu = cpu[EARLY][index], cpu[LATE][index]
        print(
            f"{what}: at {EARLY} results {early * 1000:.2f} ms ({early_cpu * 1000:.2f} ms of"
            f" the server's CPU), at {LATE} results {late * 1000:.2f} ms"
            f" ({late_cpu * 1000:.2f} ms CPU); ratio {late / early:.2f} (CPU"
            f" {late_cpu / early_cpu:.2f})",
            flush=True,
        )


def _phones(folder: Path) -> None:
    """Requests a second for 30 tables x 4 phones asking their state over and over."""
    path = folder / "phones.whist"
    with EventStore.create(path, name="Phones") as store:
        store.choose_movement(build(Request("mitchell", tables=TABLES, trays_per_round=2)))
        links = store.issue_table_links()
    latencies: list[float] = []
    lock = threading.Lock()
    with _served(path) as (port, _server):
        start = threading.Barrier(len(links) * PHONES + 1)
        stop = threading.Event()

        def phone(state: str) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            mine = []
            start.wait()
            while not stop.is_set():
                mine.append(_ask(connection, state))
            connection.close()
            with lock:
                latencies.extend(mine)

        threads = [
            threading.Thread(target=phone, args=(f"/table/{k.table}/{k.token}/state",))
            for k in links
            for _ in range(PHONES)
        ]
        for thread in threads:
            thread.start()
        start.wait()
        began = time.perf_counter()
        time.sleep(SECONDS)
        stop.set()
        for thread in threads:
            thread.join(60)
        took = time.perf_counter() - began
    ordered = sorted(latencies)
    print(
        f"{TABLES} tables x {PHONES} phones asking their state without pause, against"
        f" director serve: {len(ordered) / took:.0f} requests a second answered,"
        f" p50 {ordered[len(ordered) // 2] * 1000:.0f} ms,"
        f" p99 {ordered[int(len(ordered) * 0.99)] * 1000:.0f} ms",
        flush=True,
    )
