"""The rest of the one place a field leaves empty is part of the step that entered the field:
one undo takes both back, and nothing rests once results are in."""

from __future__ import annotations

from pathlib import Path

from director.store.services import EventStore, ResultEntry
from schedules.catalog import Request, build

HOWELL = Request("howell", tables=7, variant="interwoven")


def test_pairing_rests_the_empty_place_in_its_own_step(tmp_path: Path) -> None:
    with EventStore.create(tmp_path / "club.whist", "Club night") as store:
        store.choose_movement(build(HOWELL))
        for n in range(26):
            store.add_player(f"Mx {n:02}")
        store.pair_in_order()
        assert "17" not in store.movement().field
        assert len(store.movement().field) == 13
        undone = store.undo()
        assert undone is not None
        assert "place 17 rests" in undone.summary
        assert len(store.movement().field) == 14
        assert store.partnerships() == ()


def test_a_pair_formed_after_results_leaves_the_movement_as_played(tmp_path: Path) -> None:
    """After results an empty place is a withdrawal, which the director repairs."""
    with EventStore.create(tmp_path / "club.whist", "Club night") as store:
        movement = store.choose_movement(build(HOWELL))
        first = movement.seatings[0]
        store.record_round([ResultEntry(1, first.round, first.table, first.trays[0], 7)])
        for n in range(26):
            store.add_player(f"Mx {n:02}")
        store.pair_in_order()
        assert store.movement().field == movement.field
