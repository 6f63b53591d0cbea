"""The moving rules: the seating for the next hand from this hand's seating and results
(docs/drive.md#the-moving-rules).

Every table sends one lady's-part player up (table t to t+1, the last table to table 1) and one
gentleman's-part player down (t to t-1, table 1 to the last); under the partner rule one whole
pair goes up. Whoever arrives takes the seats the leavers emptied, keeping their part, so the
moves are a permutation of the seats and nobody can end at two tables.
"""

from __future__ import annotations

from collections.abc import Mapping

from schedules.progressive.seating import (
    DriveError,
    Place,
    Player,
    Seat,
    Seating,
    Side,
    Table,
    TableResult,
    results_by_table,
)
from schedules.progressive.settings import DriveSettings, Layout, Mover, MovingRule


def next_seating(
    settings: DriveSettings,
    seating: Seating,
    results: Mapping[int, TableResult] | tuple[TableResult, ...],
) -> Seating:
    """Who sits where for the next hand, by the drive's moving rule."""
    count = len(seating.tables)
    if count != settings.tables:
        raise DriveError(f"The seating has {count} tables but the drive has {settings.tables}.")
    by_table = results_by_table(seating, results, settings.dummy)
    leaving = {t: _leaving_side(settings, seating, t, by_table.get(t)) for t in range(1, count + 1)}
    pair_moves = settings.rule is MovingRule.PARTNER
    ladies_in: dict[int, Player | None] = {}
    gentlemen_in: dict[int, Player | None] = {}
    for t, side in leaving.items():
        table = seating.tables[t - 1]
        ladies_in[_up(t, count)] = table[side.lady]
        gentlemen_in[_up(t, count) if pair_moves else _down(t, count)] = table[side.gentleman]
    return Seating(
        tuple(
            _refill(
                seating.tables[t - 1],
                leaving[t],
                (ladies_in[t], gentlemen_in[t]),
                settings.rule is MovingRule.PROGRESSIVE and t in by_table,
            )
            for t in range(1, count + 1)
        )
    )


def _leaving_side(
    settings: DriveSettings, seating: Seating, table: int, result: TableResult | None
) -> Side:
    """The side whose players leave `table`: the losers, or under the partner rule the pair the
    drive moves. A table that sat out keeps a wholly empty side where it is (so the same pair
    of empty seats stays at one table and two new players sit out each hand); otherwise its
    emptier side leaves, so a lone empty seat moves on rather than keeping its partner out."""
    if result is None:
        return _sit_out_leavers(seating.tables[table - 1])
    losers = result.winners.other
    if settings.rule is MovingRule.PARTNER and settings.partner_mover is Mover.WINNERS:
        return losers.other
    return losers


def _sit_out_leavers(table: Table) -> Side:
    empty = {side: sum(table[seat] is None for seat in side.value) for side in Side}
    if empty[Side.EW] == 2 and empty[Side.NS] < 2:
        return Side.NS
    if empty[Side.NS] == 2 and empty[Side.EW] < 2:
        return Side.EW
    return Side.EW if empty[Side.EW] > empty[Side.NS] else Side.NS


def _refill(
    table: Table, leaving: Side, arrivals: tuple[Player | None, Player | None], cross: bool
) -> Table:
    """`table` after its leavers go and the arrivals (lady's part, gentleman's part) sit in
    their seats. With `cross` (the progressive rule, at a table that played) the staying
    gentleman crosses to the other side, so both pairs are new."""
    seats = list(table)
    seats[leaving.lady], seats[leaving.gentleman] = arrivals
    if cross:
        stays = leaving.other.gentleman
        seats[stays], seats[leaving.gentleman] = seats[leaving.gentleman], seats[stays]
    return (seats[0], seats[1], seats[2], seats[3])


def _up(table: int, count: int) -> int:
    return table % count + 1


def _down(table: int, count: int) -> int:
    return (table - 2) % count + 1


def move_words(settings: DriveSettings, before: Place, after: Place) -> str:
    """What a player is told to do after a hand, in plain words."""
    seat = _SEAT_WORDS[after.seat]
    if before.table == after.table:
        if before.seat == after.seat:
            return "Stay where you are."
        return f"Stay at table {after.table} and move to the {seat} seat."
    count = settings.tables
    wraps = count > 2 and {before.table, after.table} == {1, count}
    where = f"table {after.table}"
    if wraps and settings.layout is not Layout.CIRCLE:
        end = "start" if after.table == 1 else "end"
        where += f", at the {end} of the {settings.layout.value}"
    return f"Go to {where}, {seat} seat."


_SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
