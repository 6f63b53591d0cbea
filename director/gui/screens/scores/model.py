"""The score-entry grid: a row per table and tray, the N/S tricks editable, E/W shown as stored.

Rows come from the movement (per round, or per tray across the rounds), so every expected
result has its row and missing ones show at a glance. An entry the store refuses (tricks out of
range, a play the movement does not have) stays in its cell, marked, with the store's reason as
its tooltip. There is no trump column (decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor

from director.errors import DirectorError
from director.gui.tablemodel import Column, Index, RowsModel
from director.store.values import Result
from schedules.types import Direction, Label, Movement, RoundNo, TableNo, TrayNo

_SIDES = (Direction.NS, Direction.EW)
ENTERED = QColor("#d8f0d8")
REFUSED = QColor("#fff2a8")


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One table's play of one tray in one round, and its stored result (if any)."""

    round: RoundNo
    table: TableNo
    tray: TrayNo
    ns: Label
    ew: Label
    result: Result | None

    @property
    def status(self) -> str:
        """Entered, missing, average, revoke, ..."""
        if self.result is None:
            return "missing"
        if self.result.awards is not None:
            ns, ew = self.result.awards
            return f"not played ({ns.value}/{ew.value})"
        if self.result.revokes:
            marks = ", ".join(
                f"{r.side.label} {'failed call' if r.failed_calls else 'revoke'} x{r.count}"
                for r in self.result.revokes
            )
            return f"entered ({marks})"
        return "entered"


@dataclass(frozen=True, slots=True)
class View:
    """Which rows the grid shows: one round, or one tray through every round."""

    round: RoundNo | None = None
    tray: TrayNo | None = None

    def shows(self, round: RoundNo, tray: TrayNo) -> bool:
        """Whether a play belongs in this view."""
        if self.round is not None:
            return round == self.round
        return self.tray is None or tray == self.tray


def score_rows(movement: Movement, results: Sequence[Result], view: View) -> list[ScoreRow]:
    """The rows of one view: every play the movement schedules, with its result."""
    by_key = {(r.round, r.table, r.tray): r for r in results}
    rows: list[ScoreRow] = []
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        for tray in s.trays:
            if view.shows(s.round, tray):
                ns, ew = (" ".join(s.side(d)) for d in _SIDES)
                rows.append(
                    ScoreRow(
                        s.round, s.table, tray, ns, ew, by_key.pop((s.round, s.table, tray), None)
                    )
                )
    if view.tray is not None:
        rows.sort(key=lambda r: (r.round, r.table))
    return rows


def parse_tricks(text: str) -> int:
    """The N/S tricks typed in a cell; anything but a whole number is refused with the reason."""
    try:
        return int(text.strip())
    except ValueError:
        raise DirectorError(
            f"{text.strip()!r} is not a number of tricks: type the tricks N/S took (0 to 13)"
        ) from None


COL_NS_TRICKS = 5
COLUMNS: tuple[Column[ScoreRow], ...] = (
    Column("Round", lambda r: r.round, align_right=True),
    Column("Table", lambda r: r.table, align_right=True),
    Column("Tray", lambda r: r.tray, align_right=True),
    Column("N/S", lambda r: r.ns),
    Column("E/W", lambda r: r.ew),
    Column(
        "N/S tricks",
        lambda r: r.result.ns_tricks if r.result else None,
        lambda r: "Type the tricks N/S took; Enter moves to the next table",
        align_right=True,
    ),
    Column("E/W tricks", lambda r: r.result.ew_tricks if r.result else None, align_right=True),
    Column("Status", lambda r: r.status),
)


class ScoreModel(RowsModel[ScoreRow]):
    """Scores of one view; the N/S tricks are entered through `enter(row, tricks)`."""

    def __init__(
        self, enter: Callable[[ScoreRow, int], ScoreRow], parent: QObject | None = None
    ) -> None:
        super().__init__(COLUMNS, parent)
        self._enter = enter
        self.refusals: dict[tuple[int, int, int], str] = {}
        """(round, table, tray) -> why the last entry was refused, shown in its cell."""

    @staticmethod
    def key(row: ScoreRow) -> tuple[int, int, int]:
        """(round, table, tray)."""
        return (row.round, row.table, row.tray)

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.column() == COL_NS_TRICKS:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self.row(index.row())
        refusal = self.refusals.get(self.key(row)) if index.column() == COL_NS_TRICKS else None
        if role == Qt.ItemDataRole.BackgroundRole:
            if refusal:
                return REFUSED
            return ENTERED if row.result is not None else None
        if role == Qt.ItemDataRole.ToolTipRole and refusal:
            return refusal
        if role == Qt.ItemDataRole.EditRole:
            role = Qt.ItemDataRole.DisplayRole
        return super().data(index, role)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != COL_NS_TRICKS:
            return False
        row = self.row(index.row())
        if not str(value).strip():
            return False
        try:
            updated = self._enter(row, parse_tricks(str(value)))
        except DirectorError as exc:
            self.refusals[self.key(row)] = str(exc)
            self.dataChanged.emit(index, index)
            return False
        self.refusals.pop(self.key(row), None)
        self.replace_row(index.row(), updated)
        return True

    def counts(self) -> tuple[int, int]:
        """(entered, expected) among the rows shown."""
        rows = self.rows()
        return sum(r.result is not None for r in rows), len(rows)
