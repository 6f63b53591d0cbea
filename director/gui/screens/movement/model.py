"""Qt models of the movement chooser: the proposals (`director.evening.proposals` makes and
orders them), the round-by-table grid."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QColor

from director.evening.proposals import Proposal, best_first
from director.gui.tablemodel import Index, RowRole, SortRole
from schedules.timing import duration_minutes
from schedules.types import Movement

COLUMNS = ("Movement", "Variant", "Tables", "Rounds", "Trays a round", "Minutes", "In short")
COL_TITLE, COL_VARIANT, COL_TABLES, COL_ROUNDS, COL_TRAYS, COL_MINUTES, COL_NOTES = range(7)


class ProposalModel(QAbstractTableModel):
    """The usable movements for the field and time, best first, then the others greyed with
    the reason in plain words."""

    def __init__(self, minutes_per_tray: Fraction, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Proposal] = []
        self._minutes_per_tray = minutes_per_tray

    def set_rows(self, rows: list[Proposal], minutes_per_tray: Fraction) -> None:
        """Replace the proposals: the usable ones first, best first (`best_first`)."""
        self.beginResetModel()
        self._rows = best_first(rows)
        self._minutes_per_tray = minutes_per_tray
        self.endResetModel()

    def proposal(self, row: int) -> Proposal:
        """The proposal shown in `row`."""
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        p = self._rows[index.row()]
        col = index.column()
        if role == RowRole:
            return p
        if role == Qt.ItemDataRole.ToolTipRole:
            return p.why_not or "\n".join(p.warnings()) or None
        if role == Qt.ItemDataRole.ForegroundRole and not p.usable:
            return QColor(Qt.GlobalColor.gray)
        if role not in (Qt.ItemDataRole.DisplayRole, SortRole):
            return None
        m = p.movement
        if col == COL_TITLE:
            return p.title
        if col == COL_VARIANT:
            return p.variant or ""
        if col == COL_NOTES:
            return p.summary() if p.usable else p.why_not
        if m is None:
            return ""
        if col == COL_TABLES:
            return m.tables
        if col == COL_ROUNDS:
            return m.rounds
        if col == COL_TRAYS:
            return p.trays_per_round
        minutes = duration_minutes(m.rounds, p.trays_per_round, self._minutes_per_tray, m.mnemonic)
        return minutes if role == SortRole else f"{float(minutes):g}"


class GridModel(QAbstractTableModel):
    """The round-by-table grid: who sits N-S and E-W (or N, E, S, W) and which trays."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._movement: Movement | None = None
        self._cells: dict[tuple[int, int], str] = {}
        self._tables: tuple[int, ...] = ()

    def set_movement(self, movement: Movement | None) -> None:
        """Show `movement` (None: empty grid)."""
        self.beginResetModel()
        self._movement = movement
        self._tables = movement.table_numbers if movement else ()
        self._cells = {}
        if movement is not None:
            for s in movement.seatings:
                who = " ".join(s.places) if s.is_individual else f"{s.ns} v {s.ew}"
                word = "trays" if len(s.trays) > 1 else "tray"
                trays = ",".join(map(str, s.trays))
                switch = " (switched)" if s.switched else ""
                text, key = f"{who}\n{word} {trays}{switch}", (s.round, s.table)
                # A round split at one table (half-round arrow switch) shows both parts.
                self._cells[key] = f"{self._cells[key]}\n{text}" if key in self._cells else text
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() or self._movement is None:
            return 0
        return self._movement.rounds

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._tables)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return f"Table {self._tables[section]}"
        sitting_out = self._movement.sitouts.get(section + 1) if self._movement else None
        label = f"Round {section + 1}"
        return f"{label}\nout: {', '.join(sitting_out)}" if sitting_out else label

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        key = (index.row() + 1, self._tables[index.column()])
        return self._cells.get(key, "(empty)")
