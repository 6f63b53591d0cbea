"""An evening to publish: a 4-table Mitchell entered through the store's services, with a
revoke, a deal not played, a player named like markup, and (optionally) results missing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from director.gui.demo import demo_event
from director.scoring.model import Award, Revoke
from director.store.services import EventStore
from director.store.values import ResultEntry
from schedules.types import Direction, Movement, Seating

EVIL = '<script>alert("x")</script> & Co'
"""A player's name that would run if the site did not escape it."""


def enter(store: EventStore, leave_out: int = 0, seed: int = 3) -> None:
    """Enter every result but the last `leave_out`: tray 1 at its first table has an E-W
    revoke, tray 2 at its first table was not played (the average)."""
    rng = random.Random(seed)
    movement = store.movement()
    plays = [(s, tray) for s in movement.seatings for tray in s.trays]
    for s, tray in plays[: len(plays) - leave_out]:
        entry = ResultEntry(1, s.round, s.table, tray, rng.randint(3, 10))
        if (tray, s) == (1, _first(movement, 1)):
            entry = replace(entry, ns_tricks=8, revokes=(Revoke(Direction.EW, 1, 3),))
        if (tray, s) == (2, _first(movement, 2)):
            entry = replace(entry, ns_tricks=None, awards=(Award.AVERAGE, Award.AVERAGE))
        store.record_result(entry)


def _first(movement: Movement, tray: int) -> Seating:
    return next(s for s in movement.seatings if tray in s.trays)


def make_event(path: Path, leave_out: int = 0) -> EventStore:
    """The evening in a new file."""
    store = demo_event(path, tables=4, trays_per_round=2, played=False)
    first = min(store.players(), key=lambda p: p.id)
    store.edit_player(replace(first, name=EVIL))
    enter(store, leave_out)
    return store


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventStore]:
    """Every result entered (one file for a module's tests: they only read it)."""
    store = make_event(tmp_path_factory.mktemp("evening") / "evening.sqlite")
    yield store
    store.close()


@pytest.fixture
def unfinished(tmp_path: Path) -> Iterator[EventStore]:
    """Three results still to come."""
    store = make_event(tmp_path / "unfinished.sqlite", leave_out=3)
    yield store
    store.close()
