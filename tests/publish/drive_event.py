"""A whist drive to publish and to export: three tables of a lady and a gentleman each side,
four hands in two halves, a revoke and a player named like markup."""

from __future__ import annotations

from pathlib import Path

from director.store.services import EventStore, Gender
from schedules.progressive import DriveSettings, Side
from tests.publish.conftest import EVIL

LADIES = ("Mrs Ames", "Mrs Bell", "Mrs Cole", "Mrs Dunn", "Mrs Eyre", EVIL)
GENTLEMEN = ("Mr Gray", "Mr Hale", "Mr Ince", "Mr Judd", "Mr Kerr", "Mr Lamb")
DRIVE = DriveSettings(tables=3, hands=4, halves=2)


def make_drive(path: Path, hands: int = 4) -> EventStore:
    """The drive in a new file, its first `hands` hands entered (table t of hand h: North-South
    win with 7 + (h + t) % 7 tricks when h + t is even, else East-West with 7 + h)."""
    store = EventStore.create(path, name="Harvest drive")
    for name in LADIES:
        store.add_player(name, gender=Gender.LADY)
    for name in GENTLEMEN:
        store.add_player(name, gender=Gender.GENTLEMAN)
    store.start_drive(DRIVE, seed=11)
    for hand in range(1, hands + 1):
        for table in store.drive_seating(hand).playing_tables(False):
            winners, tricks = (
                (Side.NS, 7 + (hand + table) % 7)
                if (hand + table) % 2 == 0
                else (Side.EW, 7 + hand)
            )
            store.enter_drive_hand(hand, table, winners, tricks)
        if hand == 2:
            store.record_drive_penalty(2, 1, Side.EW, "revoke in clubs")
    return store
