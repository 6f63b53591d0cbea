"""The round overview above the score grid: per round, the state of each table.

A row per round, a column per table: a tick when every tray the table plays that round has its
result (complete), "1/2" when some have (partly), nothing when none has (coloured as missing
once another table of that round is in), and "⚠" on a disputed table: its records disagree or
it has called the director and the call is not settled. Clicking a round shows it; the keyboard
stays in the grid.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableView, QWidget

from director.gui.tablemodel import Index
from schedules.types import Movement

Play = tuple[int, int, int]
"""(round, table, tray)."""

DONE = QColor("#bfe6bf")
PARTIAL = QColor("#ffe3a3")
MISSING = QColor("#f6cccc")
DISPUTED = QColor("#e0a0ff")
FIXED_COLUMNS = ("Round", "Tables in")


class TableState(enum.Enum):
    """A table's state in one round, as the director's overview shows it."""

    NOTHING = "nothing yet"
    PARTLY = "partly"
    COMPLETE = "complete"
    DISPUTED = "disputed"


class Progress:
    """What the movement expects per round and table, and which plays have a result."""

    def __init__(self, movement: Movement | None = None) -> None:
        self.rounds = movement.rounds if movement else 0
        self.tables = movement.tables if movement else 0
        self.expected: dict[tuple[int, int], frozenset[int]] = {}
        if movement is not None:
            for s in movement.seatings:  # a round split at a table counts both halves
                where = (s.round, s.table)
                self.expected[where] = self.expected.get(where, frozenset()) | frozenset(s.trays)
        self.entered: set[Play] = set()
        self._in: Counter[tuple[int, int]] = Counter()
        self._rounds: dict[int, tuple[int, int]] = {}
        """`tables_in` per round, worked out once per change: the overview asks it per cell."""
        self.disputes: Mapping[tuple[int, int], tuple[str, ...]] = {}
        """What the director must rule on, by (round, table): calls and disagreeing records."""

    def set_entered(self, plays: Iterable[Play]) -> None:
        """Replace the plays that have a result."""
        self.entered = set(plays)
        self._in = Counter(
            (r, t) for r, t, tray in self.entered if tray in self.expected.get((r, t), ())
        )
        self._rounds = {}

    def add(self, play: Play) -> None:
        """One more play with a result (counted in, not the whole evening counted again)."""
        if play in self.entered:
            return
        self.entered.add(play)
        round_no, table, tray = play
        if tray in self.expected.get((round_no, table), ()):
            self._in[(round_no, table)] += 1
            self._rounds.pop(round_no, None)

    def set_disputes(self, disputes: Mapping[tuple[int, int], tuple[str, ...]]) -> set[int]:
        """Replace what waits for the director's ruling, by (round, table); the rounds where
        that changed."""
        before, self.disputes = self.disputes, disputes
        return {
            key[0]
            for key in before.keys() | disputes.keys()
            if before.get(key) != disputes.get(key)
        }

    def state(self, round_no: int, table: int) -> TableState:
        """The table's state in the round (a dispute outranks the count of results)."""
        if self.disputes.get((round_no, table)):
            return TableState.DISPUTED
        if self.complete(round_no, table):
            return TableState.COMPLETE
        return TableState.PARTLY if self.in_at(round_no, table) else TableState.NOTHING

    def in_at(self, round_no: int, table: int) -> int:
        """Results in at one table in one round."""
        return self._in[(round_no, table)]

    def complete(self, round_no: int, table: int) -> bool:
        """Whether the table has every result of the round (False where it does not play)."""
        trays = self.expected.get((round_no, table), frozenset())
        return bool(trays) and self.in_at(round_no, table) == len(trays)

    def tables_in(self, round_no: int) -> tuple[int, int]:
        """(tables with all their results, tables playing) in one round."""
        if round_no not in self._rounds:
            playing = [t for t in range(1, self.tables + 1) if (round_no, t) in self.expected]
            done = sum(self.complete(round_no, t) for t in playing)
            self._rounds[round_no] = (done, len(playing))
        return self._rounds[round_no]

    def missing(self, round_no: int) -> list[int]:
        """The tables still short of a result in one round."""
        return [
            t
            for t in range(1, self.tables + 1)
            if (round_no, t) in self.expected and not self.complete(round_no, t)
        ]


class OverviewModel(QAbstractTableModel):
    """Rounds down, tables across."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.progress = Progress()
        self.current = 0

    def set_progress(self, progress: Progress) -> None:
        """Show another movement's progress."""
        self.beginResetModel()
        self.progress = progress
        self.endResetModel()

    def changed(self, rounds: Iterable[int] | None = None) -> None:
        """Repaint the rows of `rounds` (every round by default) after a result came in or
        went: one result repaints its round's row, not the evening's."""
        last = self.columnCount() - 1
        if rounds is None:
            rows = [(0, self.rowCount() - 1)]
        else:
            rows = [(r - 1, r - 1) for r in sorted(set(rounds)) if 1 <= r <= self.rowCount()]
        for first, end in rows:
            self.dataChanged.emit(self.index(first, 0), self.index(end, last))

    def changed_at(self, round_no: int, table: int, done_before: int) -> None:
        """Repaint what a result at one table in one round changed: the table's cell and the
        round's count, or the whole round when its first table came in or its last went (the
        colour of the tables still missing); `done_before`: its tables complete before."""
        if not 1 <= round_no <= self.rowCount():
            return
        if bool(self.progress.tables_in(round_no)[0]) != bool(done_before):
            self.changed((round_no,))
            return
        for column in (len(FIXED_COLUMNS) - 1, len(FIXED_COLUMNS) + table - 1):
            cell = self.index(round_no - 1, column)
            self.dataChanged.emit(cell, cell)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.progress.rounds

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(FIXED_COLUMNS) + self.progress.tables

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        table = section - len(FIXED_COLUMNS) + 1
        if role == Qt.ItemDataRole.DisplayRole:
            return FIXED_COLUMNS[section] if table < 1 else f"T{table}"
        if role == Qt.ItemDataRole.ToolTipRole and table >= 1:
            return f"Table {table}"
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        round_no = index.row() + 1
        table = index.column() - len(FIXED_COLUMNS) + 1
        if role == Qt.ItemDataRole.FontRole and round_no == self.current:
            font = QFont()
            font.setBold(True)
            return font
        if table < 1:
            return self._round_data(round_no, index.column(), role)
        return self._cell_data(round_no, table, role)

    def _round_data(self, round_no: int, column: int, role: int) -> object:
        done, playing = self.progress.tables_in(round_no)
        if role == Qt.ItemDataRole.DisplayRole:
            return f"Round {round_no}" if column == 0 else f"{done} of {playing}"
        if role == Qt.ItemDataRole.ToolTipRole:
            missing = self.progress.missing(round_no)
            if not missing:
                return f"Round {round_no}: every table's results are in"
            return f"Round {round_no}: still to come from table(s) " + ", ".join(map(str, missing))
        if role == Qt.ItemDataRole.BackgroundRole and column == 1:
            return DONE if done == playing else None
        return None

    def _cell_data(self, round_no: int, table: int, role: int) -> object:
        trays = self.progress.expected.get((round_no, table))
        if trays is None:
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"Table {table} does not play in round {round_no}"
            return None
        got = self.progress.in_at(round_no, table)
        state = self.progress.state(round_no, table)
        if role == Qt.ItemDataRole.DisplayRole:
            if state is TableState.DISPUTED:
                return "⚠" if got in (0, len(trays)) else f"⚠ {got}/{len(trays)}"
            if state is TableState.COMPLETE:
                return "✓"
            return f"{got}/{len(trays)}" if got else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            said = f"Table {table}, round {round_no}: {got} of {len(trays)} results in"
            waiting = self.progress.disputes.get((round_no, table), ())
            return "\n".join((f"{said}; disputed", *waiting)) if waiting else said
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"Table {table}, round {round_no}: {state.value}"
        if role == Qt.ItemDataRole.BackgroundRole:
            if state is TableState.DISPUTED:
                return DISPUTED
            if state is TableState.COMPLETE:
                return DONE
            if state is TableState.PARTLY:
                return PARTIAL
            return MISSING if self.progress.tables_in(round_no)[0] else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


class RoundOverview(QTableView):
    """The overview's view: compact, never takes the keyboard, a click picks a round."""

    chosen = Signal(int)
    """A round clicked."""

    VISIBLE_ROUNDS = 6

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.overview = OverviewModel(self)
        self.setModel(self.overview)
        self.setAccessibleName("Results in, by round and table")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        # Widths set once per movement (`_fit_columns`): fitted to the contents, every result
        # would read all the evening's cells again (tens of milliseconds at 30 tables).
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.clicked.connect(lambda index: self.chosen.emit(index.row() + 1))

    def show_progress(self, progress: Progress) -> None:
        """Show a movement's progress; the height fits a few rounds (the rest scroll)."""
        self.overview.set_progress(progress)
        self._fit_columns()
        rows = min(progress.rounds, self.VISIBLE_ROUNDS)
        row = self.verticalHeader().defaultSectionSize()
        header = self.horizontalHeader().sizeHint().height()
        self.setFixedHeight(header + rows * row + 2 * self.frameWidth())

    def _fit_columns(self) -> None:
        """Each column as wide as the widest text it can show (in bold, as the current
        round's), or its title."""
        progress = self.overview.progress
        most = max((len(trays) for trays in progress.expected.values()), default=1)
        widest = {
            0: (f"Round {progress.rounds}",),
            1: (f"{progress.tables} of {progress.tables}",),
        }
        cells = ("✓", f"{most}/{most}", f"⚠ {most}/{most}")
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        margin = self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self)
        header = self.horizontalHeader()
        for column in range(self.overview.columnCount()):
            text = max(metrics.horizontalAdvance(t) for t in widest.get(column, cells))
            header.resizeSection(column, max(text + 2 * margin + 6, header.sectionSizeHint(column)))

    def mark_current(self, round_no: int) -> None:
        """Set the round the grid shows in bold, and bring it into view."""
        before, self.overview.current = self.overview.current, round_no
        self.overview.changed((before, round_no))
        if round_no >= 1:
            self.scrollTo(self.overview.index(round_no - 1, 0))
