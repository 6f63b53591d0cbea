"""Many tables entering at once through a real server on loopback: nothing lost, nothing twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.server.running import TableServer
from director.store.services import EventStore, StoreError
from schedules.catalog import Request, build
from tests.server.load import enter_round

TABLES = 10


@pytest.mark.parametrize("with_grid", [False, True], ids=["tables only", "grid open"])
def test_every_table_enters_its_round_at_once(tmp_path: Path, with_grid: bool) -> None:
    path = tmp_path / "load.whist"
    with EventStore.create(path, name="Load") as store:
        movement = store.choose_movement(
            build(Request("mitchell", tables=TABLES, trays_per_round=3))
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


def test_the_server_thread_starts_and_stops(tmp_path: Path) -> None:
    with EventStore.create(tmp_path / "e.whist", name="E") as store:
        first = TableServer(store, port=0)
        base = first.start()
        assert first.running
        port = int(base.rsplit(":", 1)[1])
        taken = TableServer(store, port=port)
        with pytest.raises(StoreError, match="port may be in use"):
            taken.start()
        first.stop()
        assert not first.running
