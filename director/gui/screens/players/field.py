"""The field grid: one row per label of the movement (or pair number before a movement is
chosen), with a cell for each player's name. A row whose names are all typed forms its pair at
once (new names join the roster); clearing a name of a formed pair dissolves it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from director.errors import DirectorError
from director.evening.seating import FieldRow
from director.gui.widgets.entry_table import REFUSAL_ROLE

Index = QModelIndex | QPersistentModelIndex
Commit = Callable[[str, tuple[str, ...]], tuple[str, ...]]
"""Form the partnership `label` of these names; returns the names as stored."""
Dissolve = Callable[[str], None]


class FieldModel(QAbstractTableModel):
    """The field grid's rows; names typed are kept until their row is complete."""

    def __init__(self, commit: Commit, dissolve: Dissolve, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._commit = commit
        self._dissolve = dissolve
        self._rows: list[FieldRow] = []
        self._per_row = 2
        self._refusals: dict[tuple[int, int], str] = {}

    def set_rows(self, rows: Sequence[FieldRow], per_row: int) -> None:
        """Show `rows`; names typed in rows not formed yet stay where they were typed."""
        typed = {r.label: r.names for r in self._rows if not r.formed and any(r.names)}
        self.beginResetModel()
        self._per_row = per_row
        self._rows = [
            replace(r, names=typed[r.label]) if not r.formed and r.label in typed else r
            for r in rows
        ]
        self._refusals.clear()
        self.endResetModel()

    def row(self, number: int) -> FieldRow:
        """The row at `number`."""
        return self._rows[number]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 1 + self._per_row

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section == 0:
            return "Place"
        return "Player" if self._per_row == 1 else ("Player", "Partner")[section - 1]

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return base | Qt.ItemFlag.ItemIsEditable if index.column() > 0 else base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return row.label if column == 0 else row.names[column - 1]
        if role == REFUSAL_ROLE:
            return self._refusals.get((index.row(), column))
        if role == Qt.ItemDataRole.ToolTipRole and column == 0:
            return "Formed" if row.formed else "Type both names to form this pair"
        if role == Qt.ItemDataRole.ForegroundRole and column > 0 and not row.formed:
            return QColor("#805000")  # typed, not yet a pair
        return None

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() == 0:
            return False
        number, column = index.row(), index.column()
        row = self._rows[number]
        text = " ".join(str(value).split())
        names = tuple(text if i == column - 1 else n for i, n in enumerate(row.names))
        if names == row.names:
            return True
        try:
            if row.formed and not all(names):
                self._dissolve(row.label)
                stored = FieldRow(row.label, names)
            elif all(names):
                stored = FieldRow(row.label, self._commit(row.label, names), True)
            else:
                stored = FieldRow(row.label, names)
        except DirectorError as exc:
            self._refusals[(number, column)] = str(exc)
            return False
        self._refusals.pop((number, column), None)
        self._rows[number] = stored
        self.dataChanged.emit(self.index(number, 0), self.index(number, self._per_row))
        return True
