"""Two tables that deal their own trays and then exchange them (Foster's team-of-four match).

In one round each of the two tables deals and plays a group of trays, then the groups are
exchanged and overplayed, so both tables play both groups. The trays' original play is at the
table that dealt them (law (e)); the round declares the two tables' share of the trays.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import attrgetter

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
    # no generators here: they cost more than the few values they make, and a round robin of
    # 58 teams in Foster's sets plays 10,000 exchanges
    first, second = tray_block(groups[0], per), tray_block(groups[1], per)
    both = first + second
    seatings = (
        Seating(round, tables[0], both, places[0]),
        Seating(round, tables[1], second + first, places[1]),
    )
    trays = [Tray(no, default_dealer(no), round, tables[0]) for no in first]
    trays += [Tray(no, default_dealer(no), round, tables[1]) for no in second]
    return Exchange(seatings, Share(round, tuple(sorted(both)), tables), tuple(trays))


_NUMBER = attrgetter("number")
"""A tray's number, the order trays are listed in."""


def dealt(exchanges: list[Exchange]) -> tuple[Tray, ...]:
    """Every tray the exchanges deal, by number."""
    return tuple(sorted(chain.from_iterable(e.trays for e in exchanges), key=_NUMBER))
