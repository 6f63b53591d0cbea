"""The whist drive in the event file: started, entered hand by hand, each entry undoable, the
seating for every hand replayed from what was entered (docs/drive.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.store.services import EventStore, Gender, StoreError
from schedules.progressive import (
    DriveError,
    DriveSettings,
    Field,
    Place,
    Role,
    Seat,
    Side,
    next_seating,
)

LADIES = [f"Mrs {n}" for n in ("Ames", "Bell", "Cole", "Dunn", "Eyre", "Fox")]
GENTLEMEN = [f"Mr {n}" for n in ("Gray", "Hale", "Ince", "Judd", "Kerr", "Lamb")]


def _event(target: str | Path, late: tuple[str, ...] = ()) -> EventStore:
    store = EventStore.create(target, name="Spring drive")
    for name in LADIES:
        store.add_player(name, gender=Gender.LADY)
    for name in GENTLEMEN:
        store.add_player(name, gender=Gender.GENTLEMAN)
    for name in late:
        store.add_player(name, gender=Gender.LADY)
    return store


def _play(store: EventStore, hand: int, winners: Side = Side.NS, tricks: int = 8) -> None:
    for table in store.drive_seating(hand).playing_tables(False):
        store.enter_drive_hand(hand, table, winners, tricks)


def test_a_drawn_seating_keeps_its_number_and_the_same_number_draws_it_again(
    target: str | Path, tmp_path: Path
) -> None:
    with _event(target) as store:
        record = store.start_drive(DriveSettings(tables=3, hands=4), seed=42)
        assert record.draw_seed == 42
    with EventStore.open(target) as store:
        assert store.drive().first == record.first
    with _event(tmp_path / "again.whist") as other:
        assert other.start_drive(DriveSettings(tables=3, hands=4), seed=42).first == record.first
    ladies = {record.first.at(Place(t, s)) for t in (1, 2, 3) for s in (Seat.N, Seat.E)}
    assert ladies == set(LADIES)


def test_a_drive_without_a_number_draws_one_and_keeps_it(target: str | Path) -> None:
    with _event(target) as store:
        record = store.start_drive(DriveSettings(tables=3, hands=4))
        assert record.draw_seed is not None
        assert store.drive().draw_seed == record.draw_seed


def test_the_seating_from_cards_is_kept_and_two_players_on_one_card_are_refused(
    target: str | Path,
) -> None:
    settings = DriveSettings(tables=3, hands=4, field=Field.BY_SEAT)
    players = LADIES + GENTLEMEN
    cards = {p: Place(i // 4 + 1, Seat(i % 4)) for i, p in enumerate(players)}
    with _event(target) as store:
        clash = dict(cards) | {"Mr Lamb": cards["Mrs Ames"]}
        with pytest.raises(DriveError, match="Mrs Ames and Mr Lamb hold the same card"):
            store.start_drive(settings, cards=clash)
        record = store.start_drive(settings, cards=cards)
        assert record.draw_seed is None
        assert record.first.at(Place(1, Seat.E)) == "Mrs Bell"
        with pytest.raises(StoreError, match="already holds a whist drive"):
            store.start_drive(settings, cards=cards)


def test_each_hand_seating_is_the_rule_replayed_over_the_entries(target: str | Path) -> None:
    settings = DriveSettings(tables=3, hands=4)
    with _event(target) as store:
        first = store.start_drive(settings, seed=7).first
        store.enter_drive_hand(1, 1, Side.NS, 9)
        store.enter_drive_hand(1, 2, Side.EW, 7)
        with pytest.raises(StoreError, match="hand 2 is not seated yet: hand 1 waits for table 3"):
            store.drive_seating(2)
        store.enter_drive_hand(1, 3, Side.NS, 13, method="card")
    with EventStore.open(target) as store:
        results = tuple(e.result for e in store.drive().entries_of(1))
        assert store.drive_seating(2) == next_seating(settings, first, results)
        assert {e.method for e in store.drive().entries} == {"keyboard", "card"}


def test_undoing_an_entry_takes_the_next_hands_seating_back(target: str | Path) -> None:
    with _event(target) as store:
        store.start_drive(DriveSettings(tables=3, hands=4), seed=1)
        _play(store, 1)
        store.drive_seating(2)
        undone = store.undo()
        assert undone is not None
        assert undone.summary == "hand 1, table 3: North-South 8 tricks"
        with pytest.raises(StoreError, match="waits for table 3"):
            store.drive_seating(2)
        store.redo()
        assert store.drive_seating(2).players() == frozenset(LADIES + GENTLEMEN)


def test_a_correction_may_change_the_tricks_but_not_who_won_once_players_moved(
    target: str | Path,
) -> None:
    with _event(target) as store:
        store.start_drive(DriveSettings(tables=3, hands=4), seed=1)
        _play(store, 1)
        store.enter_drive_hand(1, 2, Side.EW, 10)
        _play(store, 2)
        store.enter_drive_hand(1, 2, Side.EW, 11)
        with pytest.raises(StoreError, match="already moved by who won it"):
            store.enter_drive_hand(1, 2, Side.NS, 11)
        assert [e.tricks for e in store.drive().entries_of(1)] == [8, 11, 8]


def test_a_revoke_moves_tricks_with_its_reason_and_a_table_that_sat_out_has_no_entry(
    target: str | Path,
) -> None:
    with _event(target) as store:
        store.add_player("Mrs Vane", gender=Gender.LADY)
        store.start_drive(DriveSettings(tables=4, hands=4), seed=3)
        seating = store.drive_seating(1)
        short = next(t for t in (1, 2, 3, 4) if not seating.plays(t, False))
        with pytest.raises(StoreError, match=f"table {short} sits out"):
            store.enter_drive_hand(1, short, Side.NS, 7)
        _play(store, 1, Side.NS, 9)
        with pytest.raises(StoreError, match="say why"):
            store.record_drive_penalty(1, 1, Side.NS, " ")
        store.record_drive_penalty(1, 1, Side.NS, "revoke in spades")
        step = store.audit_log(1)[0]
        assert step.summary == "hand 1, table 1: North-South gave 3 tricks (revoke in spades)"
        scores = {s.player: s.total for s in store.drive_standings()}
        north, east = seating.tables[0][Seat.N], seating.tables[0][Seat.E]
        assert north is not None
        assert east is not None
        assert (scores[north], scores[east]) == (6, 7)


def test_a_late_arrival_and_a_leaver_change_the_seating_from_their_hand(
    target: str | Path,
) -> None:
    with _event(target, late=("Mrs Wren",)) as store:
        store.start_drive(DriveSettings(tables=4, hands=6), seed=5, absent=("Mrs Wren",))
        _play(store, 1)
        with pytest.raises(StoreError, match="from hand 2 to hand 6"):
            store.drive_leaver("Mr Gray", 1)
        store.drive_arrival("Mrs Wren", 3)
        store.drive_leaver("Mr Gray", 3)
        _play(store, 2)
        with pytest.raises(StoreError, match="hand 2 is already under way"):
            store.drive_leaver("Mr Hale", 2)
        assert "Mrs Wren" not in store.drive_seating(2).players()
        third = store.drive_seating(3)
        assert "Mrs Wren" in third.players()
        assert "Mr Gray" not in third.players()
        _play(store, 3)
        assert "Mrs Wren" in store.drive_seating(4).players()
        assert "Mr Gray" not in store.drive_seating(4).players()
        words = {m.player: m.words for m in store.drive_moves(2)}
        assert words["Mr Gray"] == "Leave the drive."
        assert words["Mrs Wren"].startswith("Join at table ")
        with pytest.raises(StoreError, match="already in the drive"):
            store.drive_arrival("Mrs Wren", 4)


def test_by_seat_a_late_arrival_must_say_their_part(target: str | Path) -> None:
    with _event(target, late=("Mrs Wren",)) as store:
        store.start_drive(
            DriveSettings(tables=4, hands=4, field=Field.BY_SEAT), seed=5, absent=("Mrs Wren",)
        )
        with pytest.raises(StoreError, match="lady's or a gentleman's part"):
            store.drive_arrival("Mrs Wren", 2)
        store.drive_arrival("Mrs Wren", 2, Role.GENTLEMAN)
        assert store.drive().roles["Mrs Wren"] is Role.GENTLEMAN


def test_a_field_without_genders_is_asked_for_them(target: str | Path) -> None:
    with EventStore.create(target, name="Drive") as store:
        store.add_player("Pat Quinn")
        with pytest.raises(StoreError, match="whether Pat Quinn is a lady or a gentleman"):
            store.start_drive(DriveSettings(tables=1, hands=2))


def test_a_late_arrival_not_marked_lady_or_gentleman_is_asked_for_only_that(
    target: str | Path,
) -> None:
    """Once the drive has begun its field is set: the refusal asks for the roster's mark
    alone, not for the drive to be run by seat."""
    with _event(target) as store:
        store.start_drive(DriveSettings(tables=3, hands=4), seed=5)
        store.add_player("Pat Quinn")
        with pytest.raises(StoreError) as refused:
            store.drive_arrival("Pat Quinn", 2)
        assert "whether Pat Quinn is a lady or a gentleman" in str(refused.value)
        assert "by seat" not in str(refused.value)


def test_an_event_without_a_drive_says_how_to_start_one(target: str | Path) -> None:
    with (
        EventStore.create(target, name="Drive") as store,
        pytest.raises(StoreError, match="director drive new"),
    ):
        store.drive_standings()
