"""Table server test set-up: a small named event, its table links, and a client of its app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from director.server.app import create_app
from director.server.clock import RoundClock
from director.server.links import table_url
from director.store.services import EventStore
from schedules.catalog import Request, build

NAMES = ("Mrs Ames", "Mr Brown", "Miss Cole", "Dr Dean", "Mr Eden", "Mrs Ford")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    """A 3-table Mitchell (2 trays a round), pairs named, links issued."""
    with EventStore.create(tmp_path / "club.whist", name="Club night") as opened:
        movement = opened.choose_movement(build(Request("mitchell", tables=3, trays_per_round=2)))
        players = [opened.add_player(name).id for name in NAMES]
        labels = [s.places for s in movement.seatings if s.round == 1]
        ns, ew = labels[0]
        opened.form_partnership(ns, players[:2])
        opened.form_partnership(ew, players[2:4])
        opened.issue_table_links()
        yield opened


@pytest.fixture
def clock() -> RoundClock:
    """The round timer the app shows."""
    return RoundClock()


@pytest.fixture
def client(store: EventStore, clock: RoundClock) -> Iterator[TestClient]:
    """An HTTP client of the table server's app (no network)."""
    with TestClient(create_app(store, clock), base_url="http://testserver") as opened:
        yield opened


@pytest.fixture
def links(store: EventStore) -> dict[int, str]:
    """Each table's link path (table -> "/table/T/TOKEN")."""
    return {link.table: table_url("", link.table, link.token) for link in store.table_links()}
