"""One read-only table model for rows of frozen values, as vorta's `ArchiveTableModel`.

A screen describes its columns (`Column(title, value)`) and hands the model its rows; the model
only presents them. `RowRole` returns the row's value, `SortRole` a raw comparable value for a
`QSortFilterProxyModel`. Exact figures (`Fraction`) are shown as the scoring engine's text
module rounds them, and only there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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

_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_ALIGN = int(Qt.ItemDataRole.TextAlignmentRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ROW, _SORT = int(RowRole), int(SortRole)
_ANSWERED = frozenset((_DISPLAY, _ALIGN, _TOOLTIP, _ROW, _SORT))
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


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
        self._texts: list[tuple[str, ...] | None] = []
        """Each row's cells as shown, worked out when first asked for and kept until the row
        changes: a view asks again at every repaint, and a figure's rounding is not free."""

    def set_rows(self, rows: Sequence[T]) -> None:
        """Replace every row."""
        self.beginResetModel()
        self._rows = list(rows)
        self._texts = [None] * len(self._rows)
        self.endResetModel()

    def update_rows(
        self, rows: Sequence[T], key: Callable[[T], object] | None = None
    ) -> list[int] | None:
        """Put `rows` in place when they are the rows shown with new values (as many, and the
        same `key`s in the same order when a key is given): only the cells that show otherwise
        are repainted, and views keep their open editor, selection and scroll. Returns the
        numbers of the rows whose value changed; None, changing nothing, when they are other
        rows (then `set_rows`)."""
        if len(rows) != len(self._rows):
            return None
        if key is not None and any(key(a) != key(b) for a, b in zip(rows, self._rows, strict=True)):
            return None
        changed = [n for n, (a, b) in enumerate(zip(rows, self._rows, strict=True)) if a != b]
        whole: list[int] = []  # the rows to repaint whole
        cells: list[list[int]] = [[] for _ in self.columns]  # each column's other rows
        for n in changed:
            columns = self._put(n, rows[n])
            if columns is None:
                whole.append(n)
            for column in columns or ():
                cells[column].append(n)
        last = len(self.columns) - 1
        for first, end in _runs(whole):
            self.dataChanged.emit(self.index(first, 0), self.index(end, last))
        for column, numbers in enumerate(cells):
            for first, end in _runs(numbers):
                self.dataChanged.emit(self.index(first, column), self.index(end, column))
        return changed

    def _put(self, number: int, value: T) -> list[int] | None:
        """Put `value` in row `number`: the columns whose cells look otherwise now (None: the
        whole row). A cell keeps its text while its value stays, so only the new figures are
        rounded again."""
        before, shown = self._rows[number], self._texts[number]
        self._rows[number] = value
        if shown is None:  # never shown: worked out when first asked for
            return None
        texts = self._texts[number] = tuple(
            text if c.value(value) == c.value(before) else _text(c.value(value))
            for c, text in zip(self.columns, shown, strict=True)
        )
        moved = [c for c, (a, b) in enumerate(zip(texts, shown, strict=True)) if a != b]
        columns = list(self.repainted(before, value, moved))
        return None if len(columns) == len(self.columns) else columns

    def repainted(self, before: T, after: T, columns: list[int]) -> Iterable[int]:
        """The columns to repaint in a row whose value went from `before` to `after`, given
        the `columns` whose text changed (a model that shows more than text adds the cells
        whose look changed with the row)."""
        return columns

    def replace_row(self, number: int, value: T) -> None:
        """Put `value` in row `number`; the view repaints the cells of that row that changed."""
        columns = self._put(number, value)
        if columns is None:
            self.dataChanged.emit(self.index(number, 0), self.index(number, len(self.columns) - 1))
        for column in columns or ():
            self.dataChanged.emit(self.index(number, column), self.index(number, column))

    def rows(self) -> list[T]:
        """The rows, in model order."""
        return list(self._rows)

    def row(self, number: int) -> T:
        """The value in row `number`."""
        return self._rows[number]

    def texts(self, number: int) -> tuple[str, ...]:
        """What each cell of row `number` shows (a `Fraction` rounded as the engine does)."""
        texts = self._texts[number]
        if texts is None:
            row = self._rows[number]
            texts = self._texts[number] = tuple(_text(c.value(row)) for c in self.columns)
        return texts

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
        # A view asks for every role of every cell it paints: the roles answered here are
        # told apart as plain numbers, the others answered at once (Qt's names are slow to
        # look up from Python, the most of a repaint).
        if role not in _ANSWERED or not index.isValid():
            return None
        if role == _DISPLAY:
            return self.texts(index.row())[index.column()]
        column = self.columns[index.column()]
        if role == _ALIGN:
            return _RIGHT if column.align_right else None
        row = self._rows[index.row()]
        if role == _TOOLTIP:
            return None if column.tooltip is None else column.tooltip(row)
        if role == _ROW:
            return row
        value = column.value(row)  # SortRole
        return float(value) if isinstance(value, Fraction) else value


def _text(value: object) -> str:
    if isinstance(value, Fraction):
        return figure(value)
    return "" if value is None else str(value)


def _runs(numbers: Sequence[int]) -> list[tuple[int, int]]:
    """Ascending numbers as (first, last) runs of consecutive ones: [1, 2, 5] -> (1, 2), (5, 5)."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs
