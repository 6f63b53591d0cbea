"""Who sits where for one hand of a drive, and what each table made of it.

A seating is every table's four seats in the order North, East, South, West; an empty seat is
None. A table with an empty seat is incomplete: its players sit out the hand (or, with a dummy,
three players play the fourth hand open). Empty seats move like players, so sitting out passes
round the room rather than falling on the same people all evening (docs/drive.md#sitting-out).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from schedules.findings import ScheduleError

Player = str
"""A player's name as the drive knows them."""

Table = tuple[Player | None, Player | None, Player | None, Player | None]
"""One table's seats: North, East, South, West."""


class DriveError(ScheduleError):
    """A drive's settings, seating or results that cannot be used, said in plain English."""


class Seat(enum.IntEnum):
    """A seat at a table; the value is its place in a table's tuple."""

    N = 0
    E = 1
    S = 2
    W = 3


SEATS = tuple(Seat)
"""The seats in a table's order; iterating an enum is slow in the moves' inner loops."""


class Role(enum.Enum):
    """The part a player takes in the moves: the ladies move up, the gentlemen down."""

    LADY = "lady"
    GENTLEMAN = "gentleman"


class Side(enum.Enum):
    """A partnership's seats at a table: (the lady's seat, the gentleman's seat)."""

    NS = (Seat.N, Seat.S)
    EW = (Seat.E, Seat.W)

    @property
    def lady(self) -> Seat:
        """The seat of the side's lady (North or East)."""
        return self.value[0]

    @property
    def gentleman(self) -> Seat:
        """The seat of the side's gentleman (South or West)."""
        return self.value[1]

    @property
    def other(self) -> Side:
        """The opponents."""
        return Side.EW if self is Side.NS else Side.NS

    @property
    def words(self) -> str:
        """How a player reads the side: "North-South"."""
        return "North-South" if self is Side.NS else "East-West"


def role_of(seat: Seat) -> Role:
    """The ladies' seats are North and East; the gentlemen's South and West."""
    return Role.LADY if seat in (Seat.N, Seat.E) else Role.GENTLEMAN


def side_of(seat: Seat) -> Side:
    """The partnership a seat belongs to."""
    return Side.NS if seat in (Seat.N, Seat.S) else Side.EW


@dataclass(frozen=True, slots=True)
class Place:
    """A table (numbered from 1) and a seat at it."""

    table: int
    seat: Seat


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's hand: which side won it and with how many tricks (7 to 13; the losers took
    the rest)."""

    table: int
    winners: Side
    tricks: int

    def __post_init__(self) -> None:
        if not 7 <= self.tricks <= 13:
            raise DriveError(
                f"Table {self.table}: the winners take 7 to 13 tricks, not {self.tricks}."
            )

    def tricks_of(self, side: Side) -> int:
        """The tricks `side` took."""
        return self.tricks if side is self.winners else 13 - self.tricks


@dataclass(frozen=True, slots=True)
class Seating:
    """Every table's seats for one hand, table 1 first."""

    tables: tuple[Table, ...]

    def __post_init__(self) -> None:
        seen: set[Player] = set()
        for number, table in enumerate(self.tables, 1):
            if len(table) != 4:
                raise DriveError(f"Table {number} has {len(table)} seats, not four.")
            for player in table:
                if player is None:
                    continue
                if player in seen:
                    raise DriveError(f"{player} is seated twice.")
                seen.add(player)

    def at(self, place: Place) -> Player | None:
        """Who sits at `place` (None for an empty seat)."""
        return self.tables[place.table - 1][place.seat]

    def places(self) -> Iterator[tuple[Place, Player]]:
        """Every seated player with their place, table by table."""
        for number, table in enumerate(self.tables, 1):
            for seat, player in zip(SEATS, table, strict=True):
                if player is not None:
                    yield Place(number, seat), player

    def place_of(self, player: Player) -> Place | None:
        """Where `player` sits, or None if they are not seated."""
        return next((place for place, who in self.places() if who == player), None)

    def players(self) -> frozenset[Player]:
        """Everyone seated."""
        return frozenset(player for _, player in self.places())

    def empty_seats(self, table: int) -> tuple[Seat, ...]:
        """The empty seats at `table`."""
        seats = self.tables[table - 1]
        return tuple(seat for seat, player in zip(SEATS, seats, strict=True) if player is None)

    def plays(self, table: int, dummy: bool) -> bool:
        """Whether `table` plays this hand: four players, or three with a dummy."""
        return self.tables[table - 1].count(None) <= (1 if dummy else 0)

    def playing_tables(self, dummy: bool) -> tuple[int, ...]:
        """The tables that play this hand."""
        return tuple(t for t in range(1, len(self.tables) + 1) if self.plays(t, dummy))

    def sitting_out(self, dummy: bool) -> frozenset[Player]:
        """The players at tables that do not play this hand."""
        return frozenset(
            player
            for number, table in enumerate(self.tables, 1)
            if not self.plays(number, dummy)
            for player in table
            if player is not None
        )


def results_by_table(
    seating: Seating, results: Mapping[int, TableResult] | tuple[TableResult, ...], dummy: bool
) -> dict[int, TableResult]:
    """The hand's results keyed by table, checked: one for every playing table and none for a
    table that sat out."""
    listed = tuple(results.values()) if isinstance(results, Mapping) else results
    by_table: dict[int, TableResult] = {}
    for result in listed:
        if result.table in by_table:
            raise DriveError(f"Table {result.table} has two results for one hand.")
        by_table[result.table] = result
    playing = set(seating.playing_tables(dummy))
    missing = sorted(playing - by_table.keys())
    if missing:
        raise DriveError(f"No result yet from table {', '.join(map(str, missing))}.")
    extra = sorted(by_table.keys() - playing)
    if extra:
        raise DriveError(
            f"Table {', '.join(map(str, extra))} sat out this hand and cannot have a result."
        )
    return by_table
