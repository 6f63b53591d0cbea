"""Two tables that deal their own trays and then exchange them (Foster's team-of-four match).

In one round each of the two tables deals and plays a group of trays, then the groups are
exchanged and overplayed, so both tables play both groups. The trays' original play is at the
table that dealt them (law (e)); the round declares the two tables' share of the trays.
"""

from __future__ import annotations

from dataclasses import dataclass

from schedules.types import (
    Label,
    RoundNo,
    Seating,
    Share,
    TableNo,
    Tray,
    default_dealer,
    tray_block,
)


@dataclass(frozen=True)
class Exchange:
    """One round at two tables: their seatings, the share they declare and the trays dealt."""

    seatings: tuple[Seating, Seating]
    share: Share
    trays: tuple[Tray, ...]


def exchange(
    round: RoundNo,
    tables: tuple[TableNo, TableNo],
    places: tuple[tuple[Label, ...], tuple[Label, ...]],
    groups: tuple[int, int],
    per: int,
) -> Exchange:
    """Tables `tables` seat `places`; each deals its tray group (`groups`, `per` trays each:
    group k is trays (k-1)*per+1 .. k*per), plays it, then plays the other table's."""
    own = [tray_block(g, per) for g in groups]
    seatings = (
        Seating(round, tables[0], own[0] + own[1], places[0]),
        Seating(round, tables[1], own[1] + own[0], places[1]),
    )
    trays = tuple(
        Tray(no, default_dealer(no), round, table)
        for table, block in zip(tables, own, strict=True)
        for no in block
    )
    return Exchange(seatings, Share(round, tuple(sorted(own[0] + own[1])), tables), trays)


def dealt(exchanges: list[Exchange]) -> tuple[Tray, ...]:
    """Every tray the exchanges deal, by number."""
    return tuple(sorted((t for e in exchanges for t in e.trays), key=lambda t: t.number))
