"""What waits for the director's ruling: the tables' calls, and results whose records disagree.

A table calls the director from its page (a revoke, an irregularity, something else), and a
table whose E/W pair disputes N/S's figure stores its result with both records. Both reach the
director here, above the grid, and mark the table disputed in the round overview. Enter (or a
double-click) on a line shows its round in the grid, on that table's row; "Settle call" marks a
call ruled on (Undo brings it back). Records that disagree are settled in the grid itself, by
typing the figure ruled in the E/W column, so they leave the list as soon as the figures agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from director.gui.screens.scores.model import records_disagree
from director.store.table_values import CallKind, TableCall
from director.store.values import Result

CALLED = {
    CallKind.REVOKE: "a revoke",
    CallKind.IRREGULARITY: "an irregularity",
    CallKind.OTHER: "the director is called",
}
VISIBLE_LINES = 4
"""Lines the list shows before it scrolls: the grid keeps the room."""


@dataclass(frozen=True, slots=True)
class Waiting:
    """One thing the director must rule on, at one table's play of one tray."""

    round: int
    table: int
    tray: int
    text: str
    call: int | None
    """The call's id; None for records that disagree (settled in the grid)."""


def waiting(calls: Iterable[TableCall], results: Iterable[Result]) -> list[Waiting]:
    """The unsettled calls and the results whose records disagree, by round, table and tray."""
    found = [
        Waiting(
            c.round,
            c.table,
            c.tray,
            f"Table {c.table}, round {c.round}, tray {c.tray}: {CALLED[c.kind]}"
            + (f" ({c.note})" if c.note.strip() else ""),
            c.id,
        )
        for c in calls
        if not c.settled
    ]
    found += (
        Waiting(
            r.round,
            r.table,
            r.tray,
            f"Table {r.table}, round {r.round}, tray {r.tray}: the records disagree"
            f" (N/S took {r.ns_tricks}, E/W say they took {r.ew_record})",
            None,
        )
        for r in results
        if records_disagree(r)
    )
    return sorted(found, key=lambda w: (w.round, w.table, w.tray, w.call is None))


def disputes(items: Iterable[Waiting]) -> Mapping[tuple[int, int], tuple[str, ...]]:
    """What waits at each (round, table): the overview marks those tables disputed."""
    found: dict[tuple[int, int], tuple[str, ...]] = {}
    for w in items:
        found[(w.round, w.table)] = (*found.get((w.round, w.table), ()), w.text)
    return found


class CallsPanel(QWidget):
    """The list of what waits, shown only while something does, and its Settle button."""

    chosen = Signal(int, int, int)
    """(round, table, tray) of the line activated: show it in the grid."""
    settled = Signal(int)
    """The id of the call the director settles."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setAccessibleName("Calls waiting for the director")
        self.list.setToolTip("Enter shows the table in the grid")
        label = QLabel("Calls &waiting for the director:")
        label.setBuddy(self.list)
        self.settle = QPushButton("&Settle call")
        self.settle.setToolTip("Mark the selected call ruled on (Undo brings it back)")
        self.settle.clicked.connect(self._settle)
        self.list.itemActivated.connect(self._activated)
        self.list.currentItemChanged.connect(self._selected)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(label)
        top.addStretch()
        top.addWidget(self.settle)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.list)
        self.items: list[Waiting] = []
        self.read_only = False
        """Set for an event opened read-only: a call is shown, never settled."""
        # as tall as its lines, never more: the grid below takes the room left
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.hide()

    def show_items(self, items: list[Waiting]) -> None:
        """Show what waits now (the same line stays selected); hidden when nothing does."""
        if items == self.items:
            return
        kept = self.current()
        self.items = items
        self.list.clear()
        self.list.addItems(
            [w.text if w.call is not None else f"{w.text}: rule in the grid" for w in items]
        )
        lines = min(len(items), VISIBLE_LINES)
        self.list.setFixedHeight(lines * self.list.sizeHintForRow(0) + 2 * self.list.frameWidth())
        again = next((n for n, w in enumerate(items) if w == kept), 0)
        self.list.setCurrentRow(again if items else -1)
        self._selected()
        self.setVisible(bool(items))

    def current(self) -> Waiting | None:
        """The line selected."""
        row = self.list.currentRow()
        return self.items[row] if 0 <= row < len(self.items) else None

    def _selected(self, *_items: object) -> None:
        chosen = self.current()
        settles = chosen is not None and chosen.call is not None
        self.settle.setEnabled(settles and not self.read_only)

    def _activated(self, item: QListWidgetItem) -> None:
        w = self.items[self.list.row(item)]
        self.chosen.emit(w.round, w.table, w.tray)

    def _settle(self) -> None:
        chosen = self.current()
        if chosen is not None and chosen.call is not None:
            self.settled.emit(chosen.call)
