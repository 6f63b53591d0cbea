"""One read-only table model for rows of frozen values, as vorta's `ArchiveTableModel`.

A screen describes its columns (`Column(title, value)`) and hands the model its rows; the model
only presents them. `RowRole` returns the row's value, `SortRole` a raw comparable value for a
`QSortFilterProxyModel`. Exact figures (`Fraction`) are shown as the scoring engine's text
module rounds them, and only there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from director.scoring.text import figure

T = TypeVar("T")
Index = QModelIndex | QPersistentModelIndex

RowRole = Qt.ItemDataRole.UserRole
"""The row's value."""
SortRole = Qt.ItemDataRole.UserRole + 1
"""A raw, comparable value for sorting."""


@dataclass(frozen=True)
class Column(Generic[T]):
    """A column: its title, how to read a row's value, and optionally its tooltip."""

    title: str
    value: Callable[[T], object]
    tooltip: Callable[[T], str | None] | None = None
    align_right: bool = False


class RowsModel(QAbstractTableModel, Generic[T]):
    """Rows of values under fixed columns."""

    def __init__(self, columns: Sequence[Column[T]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns = tuple(columns)
        self._rows: list[T] = []

    def set_rows(self, rows: Sequence[T]) -> None:
        """Replace every row."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def update_rows(
        self, rows: Sequence[T], key: Callable[[T], object] | None = None
    ) -> list[int] | None:
        """Put `rows` in place when they are the rows shown with new values (as many, and the
        same `key`s in the same order when a key is given): only the rows whose value changed
        are repainted, and views keep their open editor, selection and scroll. Returns those
        rows' numbers; None, changing nothing, when they are other rows (then `set_rows`)."""
        if len(rows) != len(self._rows):
            return None
        if key is not None and any(key(a) != key(b) for a, b in zip(rows, self._rows, strict=True)):
            return None
        changed = [n for n, (a, b) in enumerate(zip(rows, self._rows, strict=True)) if a != b]
        self._rows = list(rows)
        last = len(self.columns) - 1
        for first, end in _runs(changed):
            self.dataChanged.emit(self.index(first, 0), self.index(end, last))
        return changed

    def replace_row(self, number: int, value: T) -> None:
        """Put `value` in row `number`; the view repaints that row only."""
        self._rows[number] = value
        self.dataChanged.emit(self.index(number, 0), self.index(number, len(self.columns) - 1))

    def rows(self) -> list[T]:
        """The rows, in model order."""
        return list(self._rows)

    def row(self, number: int) -> T:
        """The value in row `number`."""
        return self._rows[number]

    def text(self, row: T, column: int) -> str:
        """What a cell of `row` shows in `column` (a `Fraction` rounded as the engine does)."""
        value = self.columns[column].value(row)
        if isinstance(value, Fraction):
            return figure(value)
        return "" if value is None else str(value)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section].title
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = self.columns[index.column()]
        if role == RowRole:
            return row
        if role == SortRole:
            value = column.value(row)
            return float(value) if isinstance(value, Fraction) else value
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(row, index.column())
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip is not None:
            return column.tooltip(row)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.align_right:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _runs(numbers: Sequence[int]) -> list[tuple[int, int]]:
    """Ascending numbers as (first, last) runs of consecutive ones: [1, 2, 5] -> (1, 2), (5, 5)."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs
