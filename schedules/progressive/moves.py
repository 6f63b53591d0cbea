"""The moving rules: the seating for the next hand from this hand's seating and results
(docs/drive.md#the-moving-rules).

Every table sends one lady's-part player up (table t to t+1, the last table to table 1) and one
gentleman's-part player down (t to t-1, table 1 to the last); under the partner rule one whole
pair goes up. Whoever arrives takes the seats the leavers emptied, keeping their part, so the
moves are a permutation of the seats and nobody can end at two tables. An empty seat never
moves: a mover passes over a table that sends nobody of their part, so every table keeps its
number of players and the empty seats stay gathered where the first seating put them.
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
    leaving = {t: _leaving_side(settings, seating, t, by_table) for t in range(1, count + 1)}
    units = {t: _unit(seating.tables[t - 1], side) for t, side in leaving.items()}
    if settings.rule is MovingRule.PARTNER:
        arrivals = _pass_on(units, up=True)
    else:
        ladies = _pass_on({t: unit[:1] for t, unit in units.items()}, up=True)
        gentlemen = _pass_on({t: unit[1:] for t, unit in units.items()}, up=False)
        arrivals = {t: ladies[t] + gentlemen[t] for t in units}
    return Seating(
        tuple(
            _refill(
                seating.tables[t - 1],
                leaving[t],
                (arrivals[t][0], arrivals[t][1]),
                settings.rule is MovingRule.PROGRESSIVE and t in by_table,
            )
            for t in range(1, count + 1)
        )
    )


Unit = tuple[Player | None, ...]
"""Who leaves one table together: a lady's-part and a gentleman's-part seat, or one of them."""


def _unit(table: Table, side: Side) -> Unit:
    return (table[side.lady], table[side.gentleman])


def _pass_on(movers: Mapping[int, Unit], up: bool) -> dict[int, Unit]:
    """Who arrives at each table, given who leaves it (`movers`): each mover goes to the next
    table up (or down) that sends a mover with the same seats empty, so no table gains or loses
    a player and the empty seats stay where they are. Were empty seats passed on like players,
    a wholly empty table would send one up and one down, and two tables would be short every
    hand; under the partner rule a player without a partner moves only among the like."""
    arrivals = dict(movers)
    for shape in {_shape(unit) for unit in movers.values()}:
        senders = sorted((t for t, u in movers.items() if _shape(u) == shape), reverse=not up)
        for here, there in zip(senders, senders[1:] + senders[:1], strict=True):
            arrivals[there] = movers[here]
    return arrivals


def _shape(unit: Unit) -> tuple[bool, ...]:
    return tuple(player is None for player in unit)


def _leaving_side(
    settings: DriveSettings,
    seating: Seating,
    table: int,
    by_table: Mapping[int, TableResult],
) -> Side:
    """The side whose players leave `table`: the losers, or under the partner rule the pair the
    drive moves. A table that sat out has no losers: if one side there is wholly empty the
    other side leaves (so the same pair of empty seats stays and two new players sit out each
    hand); otherwise its players change as the nearest table below that played did, so which
    side of a table of three leaves follows the results instead of being the same every hand."""
    result = by_table.get(table)
    if result is None:
        empty = {
            side: all(seating.tables[table - 1][seat] is None for seat in side.value)
            for side in Side
        }
        if empty[Side.NS] != empty[Side.EW]:
            return Side.EW if empty[Side.NS] else Side.NS
        below = [t for t in _tables_below(table, len(seating.tables)) if t in by_table]
        if not below:
            return Side.NS
        return _leaving_side(settings, seating, below[0], by_table)
    losers = result.winners.other
    if settings.rule is MovingRule.PARTNER and settings.partner_mover is Mover.WINNERS:
        return losers.other
    return losers


def _tables_below(table: int, count: int) -> list[int]:
    """The other tables going down from `table`, round past table 1 to the last."""
    return [(table - 1 - step) % count + 1 for step in range(1, count)]


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
