"""The rows of a drive's screens: one hand's tables (who sits where, the result typed in
its cell, any revoke), the moves after a hand, and the standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QObject, Qt

from director.evening.drive_progress import hand_words, read_hand
from director.gui.errors import EXPECTED
from director.gui.tablemodel import Column, Index, RowsModel
from director.gui.widgets.entry_table import REFUSAL_ROLE
from director.scoring.drive import Standing, tricks_words
from director.store.drive_play import DriveEntry, DriveRecord
from director.store.operations.drive import Move
from director.store.values import joined_names
from schedules.progressive import Place, Player, Role, Seat, Seating, Side

COL_RESULT = 3
"""The column the director types each table's hand in."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table in one hand."""

    table: int
    seats: tuple[Player | None, ...]
    plays: bool
    entry: DriveEntry | None
    penalties: tuple[str, ...]

    def pair(self, side: Side) -> str:
        """The side's players ("Mrs Hale & Mr Dunn", "Mrs Hale, no partner", "seats empty")."""
        names = [name for seat in side.value if (name := self.seats[seat])]
        if not names:
            return "seats empty"
        if len(names) == 1:
            return f"{names[0]}, no partner"
        return joined_names(names)

    @property
    def result(self) -> str:
        """What the result cell shows."""
        if not self.plays:
            return "sits out"
        return "" if self.entry is None else hand_words(self.entry.winners, self.entry.tricks)


def table_rows(record: DriveRecord, seating: Seating, hand: int) -> list[TableRow]:
    """Every table's row for `hand` at `seating`."""
    entries = {e.table: e for e in record.entries_of(hand)}
    said: dict[int, list[str]] = {}
    for at, penalty in record.penalties:
        if at == hand:
            said.setdefault(penalty.table, []).append(
                f"{penalty.offenders.words} revoked ({penalty.reason})"
            )
    return [
        TableRow(
            number,
            seats,
            seating.plays(number, record.settings.dummy),
            entries.get(number),
            tuple(said.get(number, ())),
        )
        for number, seats in enumerate(seating.tables, 1)
    ]


Enter = Callable[[int, Side, int], object]
"""Enter a table's hand: (table, winners, tricks); raises the store's refusal."""


class HandModel(RowsModel[TableRow]):
    """One hand's tables; the result cell takes "N 8" or "E 9" and enters it at once."""

    def __init__(self, enter: Enter, parent: QObject | None = None) -> None:
        super().__init__(
            [
                Column("Table", lambda r: r.table, align_right=True),
                Column("North-South", lambda r: r.pair(Side.NS)),
                Column("East-West", lambda r: r.pair(Side.EW)),
                Column(
                    "Won by, tricks",
                    lambda r: r.result,
                    lambda _r: "Type the winners and their tricks: N 8 or E 9, then Enter",
                ),
                Column("Revoke", lambda r: "; ".join(r.penalties)),
            ],
            parent,
        )
        self._enter = enter
        self.refusals: dict[int, str] = {}
        """Why the value last typed at a table was refused, by table."""

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.column() == COL_RESULT and self.row(index.row()).plays:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if role == REFUSAL_ROLE and index.column() == COL_RESULT:
            return self.refusals.get(self.row(index.row()).table)
        if role == Qt.ItemDataRole.EditRole and index.column() == COL_RESULT:
            return self.row(index.row()).result
        return super().data(index, role)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != COL_RESULT:
            return False
        text = str(value)
        row = self.row(index.row())
        if not text.strip():
            return False  # nothing typed: nothing to enter
        try:
            typed = read_hand(text)
            # the hand as it stands, typed again ("N-S 8", or "n 8"): accepted, and no step
            # to store, none to undo
            if row.entry is None or typed != (row.entry.winners, row.entry.tricks):
                self._enter(row.table, *typed)
        except EXPECTED as exc:
            self.refusals[row.table] = str(exc)
            self.dataChanged.emit(index, index)
            return False
        if self.refusals.pop(row.table, None) is not None:
            self.dataChanged.emit(index, index)
        return True


def moves_model(moves: Sequence[Move], parent: QObject | None = None) -> RowsModel[Move]:
    """Where everyone goes after a hand, table by table."""
    model = RowsModel[Move](
        [
            Column("Player", lambda m: m.player),
            Column("Was at", lambda m: place_words(m.before)),
            Column("Goes", lambda m: m.words),
        ],
        parent,
    )
    model.set_rows(list(moves))
    return model


_SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def place_words(place: Place | None) -> str:
    """ "table 3, North" (nothing for no place)."""
    return "" if place is None else f"table {place.table}, {_SEAT_NAMES[place.seat]}"


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A player's place (shared places "3="), part and card so far."""

    place: str
    standing: Standing
    part: str


def standing_rows(table: Sequence[Standing], roles: dict[Player, Role]) -> list[StandingRow]:
    """The standings with their places, equal totals sharing one ("1=")."""
    totals = [Fraction(s.total) for s in table]
    rows = []
    for standing, total in zip(table, totals, strict=True):
        above = sum(t > total for t in totals)
        shared = totals.count(total) > 1
        role = roles.get(standing.player)
        rows.append(
            StandingRow(
                f"{above + 1}{'=' if shared else ''}",
                standing,
                "" if role is None else role.value,
            )
        )
    return rows


def standings_model(parent: QObject | None = None) -> RowsModel[StandingRow]:
    """Place, player, part, total, hands won, sat out."""
    return RowsModel[StandingRow](
        [
            Column("Place", lambda r: r.place, align_right=True),
            Column("Player", lambda r: r.standing.player),
            Column("Part", lambda r: r.part),
            Column("Total", lambda r: tricks_words(r.standing.total), align_right=True),
            Column("Hands won", lambda r: r.standing.hands_won, align_right=True),
            Column("Sat out", lambda r: len(r.standing.sat_out) or "", align_right=True),
        ],
        parent,
    )
