"""The rest of the one place a field leaves empty follows the roster as it is entered, in
the step that entered it: one undo takes both back, a place that rested plays again when its
partnership comes in, a late pair takes the place that rests, and nothing rests once results
are in."""

from __future__ import annotations

from pathlib import Path

from director.store.services import EventStore, ResultEntry
from schedules.catalog import Request, build
from schedules.repair import LatePair

HOWELL = Request("howell", tables=7, variant="interwoven")


def _thirteen_pairs(store: EventStore) -> None:
    """Thirteen pairs entered one partnership at a time, as the Players screen's grid does."""
    for label in store.movement().field[:13]:
        store.name_partnership(label, (f"Mx {label}a", f"Mx {label}b"))


def test_the_player_who_makes_the_field_one_short_rests_the_place_in_that_step(
    tmp_path: Path,
) -> None:
    with EventStore.create(tmp_path / "club.whist", "Club night") as store:
        store.choose_movement(build(HOWELL))
        for n in range(26):
            store.add_player(f"Mx {n:02}")
        assert "17" not in store.movement().field
        assert len(store.movement().field) == 13
        undone = store.undo()
        assert undone is not None
        assert "place 17 rests" in undone.summary
        assert len(store.movement().field) == 14
        assert len(store.players()) == 25


def test_pairs_entered_one_at_a_time_rest_the_last_place_then_play_it_again(
    tmp_path: Path,
) -> None:
    """Pair by pair on the Players screen: with 13 of 14 pairs the 14th place rests, so the
    papers print; the 14th pair entered plays it again, as the movement was chosen."""
    with EventStore.create(tmp_path / "club.whist", "Club night") as store:
        whole = store.choose_movement(build(HOWELL))
        _thirteen_pairs(store)
        assert store.movement().field == whole.field[:13]
        assert store.empty_places() == 0  # printing is not refused
        assert store.movement().sitouts[1] == ("12",)  # who would have met place 17
        formed, _ = store.name_partnership("17", ("Late A", "Late B"))
        assert formed.label == "17"
        assert store.movement() == whole
        undone = store.undo()
        assert undone is not None
        assert "place 17 is played again" in undone.summary
        assert "17" not in store.movement().field


def test_a_late_pair_takes_the_place_that_rests_from_the_next_round(tmp_path: Path) -> None:
    """13 pairs in the 14-pair Howell, round 1 and 2 played: the 14th pair plays the seats
    of the place that rested from round 3, against the pairs who would have sat out."""
    with EventStore.create(tmp_path / "club.whist", "Club night") as store:
        whole = store.choose_movement(build(HOWELL))
        _thirteen_pairs(store)
        rested = store.movement()
        for seating in rested.seatings:
            if seating.round <= 2:
                store.record_round(
                    [ResultEntry(1, seating.round, seating.table, seating.trays[0], 7)]
                )
        repaired = store.repair(LatePair(3, names=("Mrs Late", "Mr Late")))
        after = store.movement()
        assert after.field == whole.field
        mine = {s for s in after.seatings if "17" in s.places}
        assert mine == {s for s in whole.seatings if "17" in s.places and s.round >= 3}
        assert {s for s in after.seatings if s.round <= 2} == {
            s for s in rested.seatings if s.round <= 2
        }
        assert after.sitouts[1] == ("12", "17")
        assert after.sitouts[2] == ("16", "17")
        assert not any(r >= 3 for r in after.sitouts)  # nobody waits for an absent pair
        relays = {sh for sh in after.shared if sh.round >= 3}
        assert relays == {sh for sh in whole.shared if sh.round >= 3}
        assert "in the place that rested" in repaired.summary
        assert "round 3 table 6 against 11" in repaired.summary
        names = {p.label: p for p in store.partnerships()}
        assert len(names["17"].players) == 2


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
