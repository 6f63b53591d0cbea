"""The interwoven Howell: two lines of pairs, each playing a Howell among itself on the same
trays, so that every tray set is compared across the whole field
(docs/movements.md#interwoven-howells).

For T tables the field of 2T pairs is split into two lines of T pairs, numbered like a
Mitchell's two lines: line 1 is pairs 1..T, line 2 starts at the next ten (16 tables: 21..36).
Each line plays the same Howell layout of ceil(T/2) tables among itself; in every round a tray
set is played at one table of each line, a relay the movement declares. With an odd T each line
has an odd number of pairs: the pair of each line that the layout's phantom would have met (its
spare) plays the other line's spare at the last table.

Which pair of each table sits North-South changes no meeting and no tray, only who is compared
with whom; per size it is as the stored balance search found best
(schedules/data/howell/interwoven.json, tools/howell_balance_search.py --interwoven). Where
nothing is stored for the layout, line 2 sits as line 1 or with every table turned, whichever
compares the whole field more evenly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from schedules.balance import balance
from schedules.howell_layouts import Layout, points_in_order, turn, unpack
from schedules.package_data import data_file
from schedules.types import (
    Competitors,
    Label,
    Movement,
    Seating,
    find_shares,
    infer_trays,
    tray_block,
)

MIN_TABLES = 4
"""Each line needs a Howell of two tables at least."""

TURNED = data_file("schedules", "howell", "interwoven.json")
"""Per size, the tables the balance search turned (tools/howell_balance_search.py)."""


def line_tables(tables: int) -> int:
    """The tables of one line's Howell layout: T/2, or (T+1)/2 with a spare pair per line."""
    return (tables + 1) // 2


def line_labels(tables: int) -> tuple[list[Label], list[Label]]:
    """The pairs of line 1 (1..T) and of line 2 (from the next ten up: 21..36 for 16)."""
    start = -(-tables // 10) * 10
    first = [str(i) for i in range(1, tables + 1)]
    second = [str(start + i) for i in range(1, tables + 1)]
    return first, second


def lines_note(field: Sequence[Label], tables: int) -> str:
    """The note naming each line's pairs (`field`: line 1's labels, then line 2's, which start
    at the next ten up as `line_labels` numbers them)."""
    second_from = int(line_labels(tables)[1][0])
    first = [p for p in field if int(p) < second_from]
    second = [p for p in field if int(p) >= second_from]
    return (
        f"Interwoven Howell: line 1 is pairs {first[0]}-{first[-1]}, line 2 pairs "
        f"{second[0]}-{second[-1]}; each line plays a Howell among itself and every tray set "
        "is played at one table of each line in the same round."
    )


def whole_field(layout: Layout, odd: bool) -> Layout:
    """Both lines as one layout: line 1 is `layout`'s points, line 2 the same points plus
    `layout.points`, each round line 1's cells and then line 2's. With an odd number of tables
    (`odd`) line 1's phantom is replaced by line 2's spare of that round, so that cell is the
    table where the spares meet, each sitting where it sits in its line; line 2's phantom is
    the phantom of the whole."""
    shift = layout.points

    def across(point: int, spare: int) -> int:
        return spare + shift if odd and point == layout.phantom else point

    rounds = tuple(
        (
            *((across(ns, ew), across(ew, ns), s) for ns, ew, s in row),
            *((ns + shift, ew + shift, s) for ns, ew, s in row),
        )
        for row in layout.rounds
    )
    return replace(layout, points=2 * shift, rounds=rounds, phantom=layout.phantom + shift)


def whole_cells(layout: Layout) -> int:
    """The cells of `whole_field(layout, ...)`: the stored bits per size."""
    return 2 * sum(len(row) for row in layout.rounds)


@cache
def turned_sizes() -> dict[str, dict[str, object]]:
    """The stored search results by "tables rounds": the layout searched ("origin", "cells"),
    the bits of the whole field ("turned"), the spread ("ss") and index reached, and the index
    of the better of line 2 as line 1 or turned ("before_index")."""
    sizes: dict[str, dict[str, object]] = json.loads(TURNED.read_text(encoding="utf-8"))["sizes"]
    return sizes


def stored_index(key: str, field: str = "index") -> float:
    """A stored size's index ("tables rounds"): as the search left it, or `before_index`."""
    value = turned_sizes()[key][field]
    assert isinstance(value, int | float)  # JSON numbers
    return float(value)


def interwoven(layout: Layout, tables: int, per_round: int, promise: str) -> Movement:
    """The interwoven Howell of `tables` tables whose two lines each play `layout` (a Howell
    layout of `line_tables(tables)` tables): turned as stored for this size and layout, or
    else of the two ways to seat line 2 (as line 1, or every table turned) the better
    balanced."""
    whole = whole_field(layout, tables % 2 == 1)
    cells = whole_cells(layout)
    entry = turned_sizes().get(f"{tables} {len(layout.rounds)}")
    if entry is not None and entry["cells"] == cells and entry["origin"] == layout.origin:
        options = [turn(whole, unpack(str(entry["turned"]), cells))]
    else:
        options = [turn(whole, bits) for bits in plain_turns(layout)]
    built = [seat(option, layout, tables, per_round, promise) for option in options]
    return min(built, key=lambda m: balance(m).ss)


def plain_turns(layout: Layout) -> list[list[int]]:
    """The bits of the whole field (round by round, line 1's cells and then line 2's) with
    line 2 sitting as line 1, and with every table of line 2 turned."""
    turned = [bit for row in layout.rounds for bit in [0] * len(row) + [1] * len(row)]
    return [[0] * len(turned), turned]


def seat(whole: Layout, line: Layout, tables: int, per_round: int, promise: str) -> Movement:
    """The movement of `whole` (`whole_field` of `line`): each line's tables in the order of
    its cells, line 1's first, the spares' table last."""
    odd = tables % 2 == 1
    order = points_in_order(line, odd)
    first_line, second_line = line_labels(tables)
    names = dict(zip(order, first_line, strict=True))
    names |= {point + line.points: name for point, name in zip(order, second_line, strict=True)}
    seatings: list[Seating] = []
    for r, row in enumerate(whole.rounds, start=1):
        played = [cell for cell in row if not (odd and whole.phantom in cell[:2])]
        # the spares' table: the only cell with a pair of each line
        played.sort(key=lambda cell: (cell[0] < line.points) != (cell[1] < line.points))
        for table, (ns, ew, tray_set) in enumerate(played, start=1):
            trays = tray_block(tray_set + 1, per_round)
            seatings.append(Seating.pair(r, table, trays, names[ns], names[ew]))
    numbers = range(1, line.sets * per_round + 1)
    return Movement(
        family="howell",
        competitors=Competitors.PAIRS,
        tables=tables,
        rounds=len(line.rounds),
        trays=infer_trays(seatings, numbers),
        seatings=tuple(seatings),
        field=(*first_line, *second_line),
        shared=find_shares(seatings),
        variant="interwoven",
        promise=promise,
        notes=(
            lines_note((*first_line, *second_line), tables),
            *(
                ["The pair of each line that has no opponent in its own line that round plays "
                 f"the other line's at table {tables}."]
                if odd
                else []
            ),
            f"Each line: {line.origin}",
        ),
    )  # fmt: skip
