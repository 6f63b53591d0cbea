"""Odd fields reseated by a longer search than a director can wait for, stored
(docs/movements.md#odd-fields).

For the small fields with few rounds that the engine's own search (schedules.odd_search)
leaves furthest below the even field, tools/odd_field_search.py runs the same search from the
same starts for many more steps (with relays of up to three tables), or switches the second
half of the trays at a few tables of such a movement, and stores the movement where it
balances better than what the engine builds. `director movement howell --pairs P --rounds R
--balance best` builds the stored one instead of searching; without the file every size still
builds, from the engine's shorter search.
"""

from __future__ import annotations

import json
from functools import cache
from typing import NotRequired, TypedDict

from schedules.arrow_switch import SwitchPlan, apply_switches
from schedules.odd_search import notes
from schedules.package_data import data_file
from schedules.types import (
    Competitors,
    Movement,
    Seating,
    find_shares,
    infer_trays,
    tray_block,
)

STORED = data_file("schedules", "howell", "odd_fields.json")
"""Per size ("pairs rounds"), the seats and tray sets the longer search found."""


class Entry(TypedDict):
    """One size the longer search bettered: its field, tables, who sits where on which tray
    set, the index before and after, and the command that found it."""

    field: list[str]
    tables: int
    interwoven: bool
    """Whether the search started from an interwoven Howell (the notes say so)."""
    rounds: list[list[list[int]]]
    """Per round, each table's [table, North-South pair, East-West pair, tray set (from 1)];
    the pairs as labelled in `field`."""
    halves: NotRequired[list[list[int]]]
    """[round, table] where the second half of the table's trays is arrow-switched (its pairs
    play the other side's hands), so that those halves compare pairs the whole set did not."""
    before_index: float
    index: float
    command: str


@cache
def stored_sizes() -> dict[str, Entry]:
    """Every size stored, by "pairs rounds"."""
    if not STORED.is_file():
        return {}
    sizes: dict[str, Entry] = json.loads(STORED.read_text(encoding="utf-8"))["sizes"]
    return sizes


def stored(pairs: int, rounds: int, per_round: int) -> Movement | None:
    """The stored reseated movement for `pairs` pairs in `rounds` rounds with `per_round`
    trays a round, if the longer search bettered the engine's there."""
    entry = stored_sizes().get(f"{pairs} {rounds}")
    if entry is None or (entry.get("halves") and per_round < 2):
        return None  # one tray a round has no halves to switch: the engine searches instead
    return movement_of(entry, per_round)


def movement_of(entry: Entry, per_round: int) -> Movement:
    """The movement an entry seats, each tray set `per_round` trays, its halves switched."""
    seatings = tuple(
        Seating.pair(r, table, tray_block(tray_set, per_round), str(ns), str(ew))
        for r, row in enumerate(entry["rounds"], start=1)
        for table, ns, ew, tray_set in row
    )
    sets = max(tray_set for row in entry["rounds"] for *_, tray_set in row)
    shared = find_shares(seatings)
    whole = Movement(
        family="howell",
        competitors=Competitors.PAIRS,
        tables=entry["tables"],
        rounds=len(entry["rounds"]),
        trays=infer_trays(seatings, range(1, sets * per_round + 1)),
        seatings=seatings,
        field=tuple(entry["field"]),
        shared=shared,
        variant="reseated",
        promise="howell",
        notes=notes(entry["interwoven"], shared),
    )
    halves = frozenset((r, t) for r, t in entry.get("halves", []))
    return apply_switches(whole, SwitchPlan(halves=halves))
