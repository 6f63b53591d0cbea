"""Many tables entering at once through a real server on loopback: nothing lost, nothing twice.

The issue's size: 30 tables entering a whole round at once, with and without a director's
station reading the grid all the while. The latency of the same runs is a benchmark
(`python -m benchmarks server`), not a pass mark here."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.load import enter_round, race
from director.server.running import TableServer
from director.store.services import EventStore, StoreError
from schedules.catalog import Request, build

pytestmark = pytest.mark.slow

TABLES = 30


@pytest.mark.parametrize("with_grid", [False, True], ids=["tables only", "grid open"])
def test_every_table_enters_its_round_at_once(tmp_path: Path, with_grid: bool) -> None:
    path = tmp_path / "load.whist"
    with EventStore.create(path, name="Load") as store:
        movement = store.choose_movement(
            build(Request("mitchell", tables=TABLES, trays_per_round=2))
        )
        tokens = {link.table: link.token for link in store.issue_table_links()}
        server = TableServer(store, port=0)
        base = server.start()
        try:
            report = enter_round(
                base, tokens, movement, lambda: EventStore.open(path), with_grid=with_grid
            )
        finally:
            server.stop()
    assert dict(report.statuses) == {200: len(report.expected)}
    assert report.stored == report.expected
    assert report.stored_count == len(report.expected)
    assert report.grid_reads > 0 or not with_grid


def test_two_phones_at_one_table_store_a_tray_once(tmp_path: Path) -> None:
    """Both phones of every table post the same tray at the same moment: one is stored, the
    other is told it is already entered (409), at every table."""
    path = tmp_path / "race.whist"
    with EventStore.create(path, name="Race") as store:
        movement = store.choose_movement(build(Request("mitchell", tables=10, trays_per_round=2)))
        tokens = {link.table: link.token for link in store.issue_table_links()}
        first = {s.table: s.trays[0] for s in movement.seatings if s.round == 1}
        server = TableServer(store, port=0)
        base = server.start()
        try:
            statuses = race(base, tokens, first)
        finally:
            server.stop()
        stored = [(r.table, r.tray) for r in store.results()]
    assert sorted(statuses) == sorted([200] * len(tokens) + [409] * len(tokens))
    assert sorted(stored) == sorted(first.items())


def test_the_server_thread_starts_and_stops(tmp_path: Path) -> None:
    with EventStore.create(tmp_path / "e.whist", name="E") as store:
        first = TableServer(store, port=0)
        base = first.start()
        assert first.running
        port = int(base.rsplit(":", 1)[1])
        taken = TableServer(store, port=port)
        with pytest.raises(StoreError, match="another program"):
            taken.start()
        first.stop()
        assert not first.running
