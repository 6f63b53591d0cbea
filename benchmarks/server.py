"""Table server under load: 30 tables enter a whole round at once on loopback.

    python -m benchmarks server

The server runs in a thread of this process, as the GUI runs it. Each table posts its trays
one by one (reading the page's state around each post); the run is bounded and stops by
itself. Figures: p50 and p99 of a post's latency, with the tables alone and again with a
director's station reading the results and standings all the while; and a check that every
result is stored once and none is lost.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from director.server.running import TableServer
from director.store.services import EventStore
from schedules.catalog import Request, build
from tests.server.load import LoadReport, enter_round

TABLES = 30
TRAYS_PER_ROUND = 3


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
    """Print the latency figures and the stored-once check, without and with the grid."""
    with tempfile.TemporaryDirectory() as folder:
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
