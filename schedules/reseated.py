"""Reseated Howells: shortened Howells whose pairs a balance search moved between tables,
stored where they compare the field more evenly than any other movement we build for the size
(docs/movements.md#reseated-howells).

The search (tools/howell_reseat_search.py) starts from our shortened or interwoven Howell, or
for fewer rounds than tables from a field where every pair plays each of the R tray sets once
(some relayed between two tables), or from a double Howell at the balance bound
(tools/howell_double_search.py), and moves pairs only in ways that keep every rule: nobody
meets anyone twice or plays a set twice. `director movement howell --tables T --rounds R
--balance best` weighs the stored one against the others.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import TypedDict

from schedules.package_data import data_file
from schedules.types import Competitors, Movement, Seating, find_shares, infer_trays, tray_block

STORED = data_file("schedules", "howell", "reseated.json")
"""Per size ("tables rounds"), the seats and tray sets the search found, where it beat ours."""

ORIGINS = {
    "shortened": "the shortened Howell",
    "interwoven": "the interwoven Howell",
    "random": "a random seating in which every pair plays each tray set once",
    "double": "a double Howell (every pair plays each tray set once and every two sets are "
    "held the same way by half the field), which it could not better",
}
"""Where the search started, in words."""

MADE = {
    "solver": "a constraint solver seated the pairs of a double Howell (every pair plays each "
    "tray set once and every two sets are held the same way by half the field)",
}
"""How an entry that no balance search started from was made, in words."""


def _made(origin: str) -> str:
    """How the stored seating was made, in words."""
    if origin in MADE:
        return MADE[origin]
    return f"a balance search moved pairs between tables, starting from {ORIGINS[origin]}"


class Entry(TypedDict, total=False):
    """One size searched: the index of our best movement before, how it was searched, and
    where the search did better, where it started, its seats, sets, spread and index."""

    before_index: float
    seed: int
    moves: int
    seconds: float
    origin: str
    seats: list[list[int]]
    """Per round, the pair (from 1) at each seat: table t's North-South, then East-West."""
    sets: list[list[int]]
    """Per round, each table's tray set (from 1)."""
    ss: str
    index: float
    found_index: float
    """The index of the best reseating the search found, better than ours or not."""
    command: str
    """The command that made this entry, where not the file's own: one that no balance search
    made (see `MADE`), or a later search of a size where ours was level with a published one
    (tools/howell_level_search.py)."""


@cache
def stored_sizes() -> dict[str, Entry]:
    """Every size searched, by "tables rounds"."""
    sizes: dict[str, Entry] = json.loads(STORED.read_text(encoding="utf-8"))["sizes"]
    return sizes


def stored(tables: int, rounds: int, per_round: int) -> Movement | None:
    """The stored reseated Howell of this size with `per_round` trays a round, if the search
    beat our others there."""
    entry = stored_sizes().get(f"{tables} {rounds}")
    if entry is None or "seats" not in entry:
        return None
    return movement_of(
        tables,
        [[p - 1 for p in row] for row in entry["seats"]],
        [[s - 1 for s in row] for row in entry["sets"]],
        per_round,
        entry["origin"],
    )


def movement_of(
    tables: int,
    seats: Sequence[Sequence[int]],
    sets: Sequence[Sequence[int]],
    per_round: int,
    origin: str,
) -> Movement:
    """The movement of `seats` (per round, the pair 0..2T-1 at each seat: table t's North-South
    at 2t, East-West at 2t + 1) playing `sets` (per round, each table's tray set 0..)."""
    seatings = tuple(
        Seating.pair(
            r,
            t + 1,
            tray_block(row_sets[t] + 1, per_round),
            str(row[2 * t] + 1),
            str(row[2 * t + 1] + 1),
        )
        for r, (row, row_sets) in enumerate(zip(seats, sets, strict=True), start=1)
        for t in range(tables)
    )
    count = 1 + max(s for row in sets for s in row)
    shared = find_shares(seatings)
    return Movement(
        family="howell",
        competitors=Competitors.PAIRS,
        tables=tables,
        rounds=len(seats),
        trays=infer_trays(seatings, range(1, count * per_round + 1)),
        seatings=seatings,
        field=tuple(str(p) for p in range(1, 2 * tables + 1)),
        shared=shared,
        variant="reseated",
        promise="howell",
        notes=(
            f"Reseated Howell: {_made(origin)}; nobody meets anyone twice or plays a tray set"
            " twice.",
            *(
                ["Where there are more tables than tray sets in play, two tables share a set "
                 "in a round and pass its trays between them (a relay)."]
                if shared
                else []
            ),
        ),
    )  # fmt: skip
