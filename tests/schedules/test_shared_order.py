"""Shared trays: tables that share trays take turns with them, and the copies dealt alike are
counted wherever two tables hold a tray at once."""

from __future__ import annotations

from collections import Counter

import pytest

from schedules.catalog import Request, build
from schedules.routes import Hop, tray_ways
from schedules.shared_order import copies
from schedules.types import Movement

SHARING = {
    "8-table relay Mitchell": Request("mitchell", tables=8, variant="relay"),
    "7-table interwoven Howell": Request("howell", tables=7, variant="interwoven"),
    "8-table interwoven Howell": Request("howell", tables=8, variant="interwoven"),
    "4 teams": Request("team", teams=4),
}


def held_at_once(movement: Movement) -> Counter[tuple[int, int, int]]:
    """(tray, round, place in the order) -> tables holding it then, from the seatings."""
    return Counter(
        (tray, s.round, order) for s in movement.seatings for order, tray in enumerate(s.trays)
    )


@pytest.mark.parametrize("name", SHARING)
def test_tables_sharing_trays_never_hold_one_at_the_same_time(name: str) -> None:
    movement = build(SHARING[name])
    assert movement.shared  # the movement under test shares trays
    assert max(held_at_once(movement).values()) == 1
    assert set(copies(movement).values()) == {1}


def test_each_sharing_table_starts_with_its_own_tray_and_passes_it_on() -> None:
    movement = build(SHARING["8-table relay Mitchell"])
    round_one = {s.table: s.trays for s in movement.seatings if s.round == 1}
    assert round_one[1] == (1, 2)
    assert round_one[8] == (2, 1)
    ways = {w.table: w for ws in tray_ways(movement).values() for w in ws if w.round == 1}
    first_out = dict(ways[1].goes)[1]
    assert first_out.hop is Hop.PASS
    assert first_out.tables == (8,)
    assert dict(ways[8].came)[1].hop is Hop.PASS


def test_more_tables_than_trays_each_play_their_own_copy() -> None:
    """Four tables of a 16-player individual play the same two trays: each its own copy, in
    the same order (passing one tray among several tables would leave a player guessing)."""
    movement = build(Request("individual", players=16))
    tables_per_round = len(movement.table_numbers)
    assert set(copies(movement).values()) == {tables_per_round}
    assert max(held_at_once(movement).values()) == tables_per_round


@pytest.mark.parametrize("name", SHARING)
def test_the_table_that_starts_with_a_tray_deals_it(name: str) -> None:
    """Law (e): the first play is the original play; taking turns, the table that starts with
    a tray plays it first, so its slip names that table."""
    movement = build(SHARING[name])
    for tray in movement.trays:
        here = next(
            s for s in movement.seatings
            if (s.round, s.table) == (tray.original_round, tray.original_table)
        )  # fmt: skip
        order = here.trays.index(tray.number)
        others = [
            s.trays.index(tray.number) for s in movement.seatings
            if s.round == tray.original_round and tray.number in s.trays
        ]  # fmt: skip
        assert order == min(others), (tray, here)
