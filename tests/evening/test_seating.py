"""How the competitors take their places, without Qt: the field's rows and the seat plan."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from director.errors import DirectorError
from director.evening.seating import field_labels, field_rows, seat_partnerships, seat_plan
from director.store.services import EventStore
from director.store.values import Partnership, Player


def test_seat_plan_gives_each_partnership_one_starting_place() -> None:
    pairs = [Partnership(str(n), (2 * n, 2 * n + 1)) for n in (10, 2, 1)]
    plan = seat_plan(pairs, ("NS1", "NS2", "EW1"))
    assert [(p.label, label) for p, label in plan] == [("1", "NS1"), ("2", "NS2"), ("10", "EW1")]
    with pytest.raises(DirectorError, match="seats 2 competitors but 3"):
        seat_plan(pairs, ("NS1", "EW1"))


def test_seating_by_lot_gives_every_place_once_and_keeps_each_pair_together(
    tmp_path: Path,
) -> None:
    with EventStore.create(tmp_path / "club.whist", name="Club") as store:
        ids = [store.add_player(f"Player {n}").id for n in range(6)]
        store.form_partnerships(
            [Partnership(str(n + 1), (ids[2 * n], ids[2 * n + 1])) for n in range(3)]
        )
        before = {p.players: p.label for p in store.partnerships()}
        seat_partnerships(store, ("NS1", "NS2", "EW1"), random.Random(3))
        after = {p.players: p.label for p in store.partnerships()}
        assert set(after) == set(before)
        assert sorted(after.values()) == ["EW1", "NS1", "NS2"]
        with pytest.raises(DirectorError, match="form or dissolve partnerships first"):
            seat_partnerships(store, ("NS1", "EW1"))
        assert {p.players: p.label for p in store.partnerships()} == after


def test_the_field_grid_has_a_row_per_place_of_the_movement_or_per_pair_number() -> None:
    formed = [Partnership("NS2", (1, 2)), Partnership("X", (3, 4))]
    assert field_labels(("NS1", "NS2", "EW1"), formed, 9) == ["NS1", "NS2", "EW1", "X"]
    # before a movement: a number for each pair the players make, and one to type a new one
    assert field_labels(None, [Partnership("3", (1, 2))], 7) == ["1", "2", "3", "4", "5"]
    players = [Player(1, "Mrs Ames"), Player(2, "Mr Bell")]
    rows = field_rows(["NS1", "NS2"], 2, players, formed[:1])
    assert [(r.label, r.names, r.formed) for r in rows] == [
        ("NS1", ("", ""), False),
        ("NS2", ("Mrs Ames", "Mr Bell"), True),
    ]
